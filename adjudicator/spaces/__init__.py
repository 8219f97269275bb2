"""Geometry: the space interface and its implementations (the square grid today).

Rule code imports only this package and :mod:`adjudicator.spaces.base`; an
implementation is found by kind name with :func:`space_kind` (imported
lazily, so nothing outside its package imports it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from importlib import import_module
from typing import Protocol

from adjudicator.spaces.base import Away, Crossing, Direction, Edge, Line, MapText, Space, SpaceId, Step

__all__ = [
    "Away",
    "Crossing",
    "Direction",
    "Edge",
    "Line",
    "MapText",
    "Space",
    "SpaceId",
    "SpaceKind",
    "Step",
    "space_kind",
]


class SpaceKind(Protocol):
    """How to build the spaces of one kind from a situation file's map fields."""

    @property
    def name(self) -> str:
        """The kind's registry name."""
        ...

    def build(
        self,
        terrain: Sequence[str],
        elevation: Sequence[str] | None = None,
        indoor: Sequence[str] | None = None,
        walls: Iterable[tuple[SpaceId, SpaceId]] = (),
        stairs: Iterable[SpaceId] = (),
    ) -> Space:
        """A space from map text rows, wall pairs and stair places; ``ValueError`` naming the bad row."""
        ...

    def position_name(self, column: int, row: int) -> str:
        """The name of the place at a 0-based column and row of the map text rows (for messages)."""
        ...

    def blank(self, width: int, height: int) -> Space:
        """A clear map of the given size without walls (for names and small drawings)."""
        ...


_KINDS = {
    "square": "adjudicator.spaces.square.space",
    "room": "adjudicator.spaces.rooms.space",
    "hex": "adjudicator.spaces.hex.space",
}
"""Space kind name -> the module whose ``KIND`` implements :class:`SpaceKind`."""


def space_kind(name: str) -> SpaceKind:
    """The space kind registered under ``name`` (``KeyError`` for an unknown one)."""
    module = import_module(_KINDS[name])
    kind: SpaceKind = module.KIND
    return kind
