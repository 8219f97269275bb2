"""Drawing primitives of the square grid: where squares and edges sit in a text grid and in an SVG picture.

They draw the grid alone: the squares with their terrain, level and stairs,
the names of the columns and rows, and the walls. What stands on a square,
what an edge means beyond a wall and every other mark are the caller's, who
fills a text cell or adds SVG elements at the places these primitives give.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple, cast

from adjudicator.spaces.base import Edge, SpaceId
from adjudicator.spaces.square.board import DEFAULT_ELEVATION
from adjudicator.spaces.square.grid import Square, column_name
from adjudicator.spaces.square.interface import SquareSpace

TEXT_CELL = 2
"""Characters per square in a text grid (besides the one of its left edge)."""

_ROW_LABEL = "{:>2} "
_MARGIN = " " * len(_ROW_LABEL.format(0))


class EdgeMark(NamedTuple):
    """The character drawn for an edge in a text grid: ``vertical`` between columns, ``horizontal`` between rows."""

    vertical: str
    horizontal: str


TextCell = Callable[[Square, str], str]
"""What a text grid shows on a square of the map, given the square and its terrain word."""


def _square(space: SpaceId) -> Square:
    """An id of the square grid as its coordinates."""
    return cast("Square", space)


def text_grid(
    space: SquareSpace,
    cell: TextCell,
    edges: Mapping[Edge, EdgeMark],
    *,
    cell_width: int = TEXT_CELL,
) -> list[str]:
    """The grid as lines of text: the column names, then one line per row and one between two rows.

    A row's line is its number, then for each grid position the mark of its left edge and ``cell(square,
    terrain)`` (``cell_width`` characters; blank where the position is not part of the map). The line between
    two rows holds the marks of the edges between them and is left out when it is blank. An edge without a
    mark in ``edges`` is a space.
    """
    rows = [_MARGIN + "".join(f" {column_name(col):<{cell_width}}" for col in range(space.width))]
    for row in range(space.height):
        if row:
            below = "".join(
                " " + _mark(edges, (col, row - 1), (col, row)).horizontal * cell_width for col in range(space.width)
            )
            if below.strip():
                rows.append(_MARGIN + below)
        squares = (
            _mark(edges, (col - 1, row), (col, row)).vertical + _text_cell(space, (col, row), cell, cell_width)
            for col in range(space.width)
        )
        rows.append(_ROW_LABEL.format(row + 1) + "".join(squares))
    return rows


_BLANK = EdgeMark(" ", " ")


def _mark(edges: Mapping[Edge, EdgeMark], a: Square, b: Square) -> EdgeMark:
    """The mark of the edge between two orthogonal neighbours (blank when it has none)."""
    return edges.get(frozenset((a, b)), _BLANK)


def _text_cell(space: SquareSpace, square: Square, cell: TextCell, width: int) -> str:
    """A grid position's text: ``cell``'s for a square of the map, blank otherwise."""
    terrain = space.terrain_at(square)
    return " " * width if terrain is None else cell(square, terrain)


@dataclass(frozen=True)
class SvgGrid:
    """Where the grid sits in an SVG picture: squares ``cell`` units a side, a margin of one cell around them."""

    cell: int = 40

    def size(self, space: SquareSpace) -> tuple[int, int]:
        """The width and height of the picture of ``space``, margins included."""
        return space.width * self.cell + 2 * self.cell, space.height * self.cell + 2 * self.cell

    def corner(self, square: SpaceId) -> tuple[int, int]:
        """The top-left corner of a square."""
        col, row = _square(square)
        return self.cell + col * self.cell, self.cell + row * self.cell

    def centre(self, square: SpaceId) -> tuple[int, int]:
        """The centre of a square (rounded down to whole units)."""
        x, y = self.corner(square)
        return x + self.cell // 2, y + self.cell // 2

    def edge(self, edge: Iterable[SpaceId]) -> tuple[int, int, int, int]:
        """The end points ``(x1, y1, x2, y2)`` of the edge between two orthogonally adjacent squares."""
        first, second = sorted(map(_square, edge))
        x, y = self.corner(second)
        if first[0] != second[0]:  # side by side: the edge is second's left side
            return x, y, x, y + self.cell
        return x, y, x + self.cell, y  # one above the other: second's top side

    def squares(self, space: SquareSpace, fill: Mapping[str, str]) -> list[str]:
        """Every square of the map, row by row, filled by its terrain word, marked with its level and stairs.

        The level shows when it is not the default; ``data-square`` and ``data-terrain`` name the square.
        """
        out = []
        for square in space.spaces():
            x, y = self.corner(square)
            terrain = space.terrain_at(square)
            out.append(
                f'<rect x="{x}" y="{y}" width="{self.cell}" height="{self.cell}" fill="{fill[str(terrain)]}" '
                f'stroke="#999" data-square="{space.name(square)}" data-terrain="{terrain}"/>'
            )
            level = space.level(square)
            if level != DEFAULT_ELEVATION:
                out.append(f'<text x="{x + 3}" y="{y + 12}" font-size="10" fill="#a33">L{level}</text>')
            if space.has_stairs(square):
                out.append(f'<text x="{x + self.cell - 12}" y="{y + 12}" font-size="10">≡</text>')
        return out

    def names(self, space: SquareSpace) -> list[str]:
        """The column names above the grid, then the row numbers left of it."""
        half = self.cell // 2
        columns = [
            f'<text x="{self.cell + col * self.cell + half}" y="{self.cell - 8}" text-anchor="middle" '
            f'font-size="13">{column_name(col)}</text>'
            for col in range(space.width)
        ]
        rows = [
            f'<text x="{self.cell - 8}" y="{self.cell + row * self.cell + half + 5}" text-anchor="end" '
            f'font-size="13">{row + 1}</text>'
            for row in range(space.height)
        ]
        return columns + rows

    def walls(self, space: SquareSpace) -> list[str]:
        """A thick line on every edge that carries a wall (``data-wall``)."""
        out = []
        for wall in space.walls:
            x1, y1, x2, y2 = self.edge(wall)
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="black" stroke-width="5" data-wall="1"/>')
        return out
