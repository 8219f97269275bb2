"""The room kind for the space registry: houses are built from a situation's rooms, not from map text."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from adjudicator.spaces.base import Space, SpaceId
from adjudicator.spaces.rooms.house import House, Room, column_name


@dataclass(frozen=True)
class RoomKind:
    """The ``room`` space kind."""

    name: str = "room"

    def build(
        self,
        terrain: Sequence[str],
        elevation: Sequence[str] | None = None,
        indoor: Sequence[str] | None = None,
        walls: Iterable[tuple[SpaceId, SpaceId]] = (),
        stairs: Iterable[SpaceId] = (),
    ) -> Space:
        """Houses are not drawn as map text: the situation lists its rooms (``house.rooms``)."""
        msg = "a house of rooms is built from its room list, not from map text rows"
        raise NotImplementedError(msg)

    def position_name(self, column: int, row: int) -> str:
        """The grid square of a 0-based column and row (``C3``)."""
        return f"{column_name(column)}{row + 1}"

    def blank(self, width: int, height: int) -> Space:
        """A ground floor of ``width`` by ``height`` rooms, every door open."""
        rooms = tuple(
            Room(f"room_{column_name(c).lower()}{r + 1}", "ground", c, r, frozenset("NESW"))
            for r in range(height)
            for c in range(width)
        )
        return House(rooms)


KIND = RoomKind()
