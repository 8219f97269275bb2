"""The ``hex`` space kind: builds :class:`~adjudicator.spaces.hex.board.HexMap` from rows, a legend and walls."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.spaces.base import SpaceId
from adjudicator.spaces.hex.board import HexMap, build_map, hex_name
from adjudicator.spaces.hex.geometry import Hex
from adjudicator.spaces.hex.interface import HexSpace, Legend


class HexKind:
    """How to build hex maps (see :class:`adjudicator.spaces.SpaceKind`)."""

    @property
    def name(self) -> str:
        """``hex``."""
        return "hex"

    def build(self, terrain: Sequence[str], legend: Legend, walls: Iterable[tuple[SpaceId, SpaceId]] = ()) -> HexSpace:
        """A hex map from terrain rows (spaces ignored), the legend of their characters and thin-wall pairs.

        ``ValueError`` names the first bad row (uneven, or a character the legend lacks) or wall (off the map, or
        between hexes that share no side).
        """
        return build_map(terrain, legend, walls)

    def position_name(self, column: int, row: int) -> str:
        """The hex at a 0-based column and row (``C3``)."""
        return hex_name(Hex(column, row))

    def blank(self, width: int, height: int) -> HexSpace:
        """A clear map without walls (every hex ``.``, the word ``clear``; nothing solid or opaque)."""
        return HexMap(tuple("." * width for _ in range(height)))


KIND = HexKind()
