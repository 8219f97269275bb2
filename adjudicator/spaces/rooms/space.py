"""The room kind for the space registry: a house is built from its tiles and links, not from map text."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from adjudicator.spaces.base import Space, SpaceId
from adjudicator.spaces.rooms.house import House, Link, Room, column_name, parse_square
from adjudicator.spaces.rooms.interface import RoomSpace


@dataclass(frozen=True)
class RoomKind:
    """The ``room`` space kind."""

    name: str = "room"

    def house(self, rooms: Iterable[Room], links: Iterable[Link] = ()) -> RoomSpace:
        """The house of these tiles (ids unique, one per square of a floor) and these extra ways between places."""
        return House(tuple(rooms), tuple(links))

    def build(
        self,
        terrain: Sequence[str],
        elevation: Sequence[str] | None = None,
        indoor: Sequence[str] | None = None,
        walls: Iterable[tuple[SpaceId, SpaceId]] = (),
        stairs: Iterable[SpaceId] = (),
    ) -> Space:
        """Houses are not drawn as map text: they are built from their tiles (:meth:`house`)."""
        msg = "a house of rooms is built from its room list, not from map text rows"
        raise NotImplementedError(msg)

    def position_name(self, column: int, row: int) -> str:
        """The grid square of a 0-based column and row (``C3``)."""
        return f"{column_name(column)}{row + 1}"

    def parse_position(self, name: str) -> tuple[int, int]:
        """The 0-based column and row of a grid square's name (``C3``); ``ValueError`` when malformed."""
        return parse_square(name)

    def blank(self, width: int, height: int) -> Space:
        """A ground floor of ``width`` by ``height`` rooms, every door open."""
        rooms = (
            Room(f"room_{column_name(c).lower()}{r + 1}", "ground", c, r, frozenset("NESW"))
            for r in range(height)
            for c in range(width)
        )
        return self.house(rooms)


KIND = RoomKind()
