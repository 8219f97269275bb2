"""The ``hex`` space kind: builds :class:`~adjudicator.spaces.hex.board.HexMap` from map fields."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.spaces.base import Space, SpaceId
from adjudicator.spaces.hex.board import HexMap, build_map, hex_name
from adjudicator.spaces.hex.geometry import Hex


class HexKind:
    """How to build hex maps (see :class:`adjudicator.spaces.SpaceKind`)."""

    @property
    def name(self) -> str:
        """``hex``."""
        return "hex"

    def build(
        self,
        terrain: Sequence[str],
        elevation: Sequence[str] | None = None,
        indoor: Sequence[str] | None = None,
        walls: Iterable[tuple[SpaceId, SpaceId]] = (),
        stairs: Iterable[SpaceId] = (),
    ) -> Space:
        """A hex map; elevation, indoor marks and stairs do not exist on it (``ValueError`` if given)."""
        if elevation or indoor or any(True for _ in stairs):
            msg = "a hex map has no elevation, indoor marks or stairs"
            raise ValueError(msg)
        return build_map(terrain, walls)

    def position_name(self, column: int, row: int) -> str:
        """The hex at a 0-based column and row (``C3``)."""
        return hex_name(Hex(column, row))

    def blank(self, width: int, height: int) -> Space:
        """A clear map without walls."""
        return HexMap(tuple("." * width for _ in range(height)))


KIND = HexKind()
