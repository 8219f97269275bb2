"""The square grid as a space kind: building boards from map text (see ``adjudicator.spaces``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.spaces.square.board import Board
from adjudicator.spaces.square.grid import KIND_NAME, Square, square_name
from adjudicator.spaces.square.interface import SquareSpace, SquareSpaceKind


class SquareKind:
    """Builds :class:`Board` spaces (registered as ``square``)."""

    @property
    def name(self) -> str:
        """The registry name."""
        return KIND_NAME

    def build(
        self,
        terrain: Sequence[str],
        elevation: Sequence[str] | None = None,
        indoor: Sequence[str] | None = None,
        walls: Iterable[tuple[Square, Square]] = (),
        stairs: Iterable[Square] = (),
    ) -> SquareSpace:
        """A board from map text (``Board.from_rows``); ids are ``(col, row)`` squares."""
        return Board.from_rows(terrain, elevation, indoor, walls, stairs)

    def position_name(self, column: int, row: int) -> str:
        """The square's name (``"C3"``)."""
        return square_name((column, row))

    def blank(self, width: int, height: int) -> SquareSpace:
        """A clear ``width x height`` board."""
        return Board.from_rows(["." * width] * height)


KIND: SquareSpaceKind = SquareKind()
"""The square grid's space kind."""
