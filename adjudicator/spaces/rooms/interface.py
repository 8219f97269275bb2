"""What a game may ask of a house beyond the space interface (re-exported by the kind's package)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from adjudicator.spaces.base import Space, SpaceId
from adjudicator.spaces.rooms.house import Link, Passage, Room


@runtime_checkable
class RoomSpace(Space, Protocol):
    """A house of rooms, as a game sees it: the :class:`Space` interface and the house's own questions."""

    @property
    def rooms(self) -> tuple[Room, ...]:
        """Every tile, in the order built."""
        ...

    @property
    def links(self) -> tuple[Link, ...]:
        """The extra ways the builder passed in, in order."""
        ...

    @property
    def by_id(self) -> Mapping[str, Room]:
        """Tiles by id."""
        ...

    @property
    def by_square(self) -> Mapping[tuple[str, int, int], Room]:
        """Tiles by (floor, column, row)."""
        ...

    def room_of(self, place: SpaceId) -> Room:
        """The tile a place belongs to (``KeyError`` off the house)."""
        ...

    def passages(self, place: str) -> tuple[Passage, ...]:
        """Every way out of a place: its doors in side order, then the ways its links give, in link order."""
        ...

    def neighbour_through(self, room: Room, door: str) -> Room | None:
        """The tile across a side of a tile, if any."""
        ...

    def adjacent(self, a: str, b: str) -> bool:
        """Whether two tiles are on one floor and share a side (never diagonally)."""
        ...

    def side_towards(self, a: str, b: str) -> str | None:
        """The side of tile ``a`` that tile ``b`` lies across, when they are adjacent."""
        ...

    def doors_joined(self, a: str, b: str) -> bool:
        """Whether two adjacent tiles both have an unsealed door on their shared side."""
        ...

    def straight_chain(self, a: str, b: str) -> tuple[str, ...] | None:
        """The tiles from ``a`` to ``b`` along one row or column of one floor, or ``None`` (a gap, an undrawn tile)."""
        ...
