"""The square grid as a space kind: building boards from map text (see ``adjudicator.spaces``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

from adjudicator.spaces.base import Space, SpaceId
from adjudicator.spaces.square.board import Board, SquareLike, square_name


class SquareKind:
    """Builds :class:`Board` spaces (registered as ``square``)."""

    @property
    def name(self) -> str:
        """The registry name."""
        return "square"

    def build(
        self,
        terrain: Sequence[str],
        elevation: Sequence[str] | None = None,
        indoor: Sequence[str] | None = None,
        walls: Iterable[tuple[SpaceId, SpaceId]] = (),
        stairs: Iterable[SpaceId] = (),
    ) -> Space:
        """A board from map text (``Board.from_rows``); ids are ``(col, row)`` squares."""
        pairs = cast("Iterable[tuple[SquareLike, SquareLike]]", walls)
        return Board.from_rows(terrain, elevation, indoor, pairs, cast("Iterable[SquareLike]", stairs))

    def position_name(self, column: int, row: int) -> str:
        """The square's name (``"C3"``)."""
        return square_name((column, row))

    def blank(self, width: int, height: int) -> Space:
        """A clear ``width x height`` board."""
        return Board.from_rows(["." * width] * height)


KIND = SquareKind()
"""The square grid's space kind."""
