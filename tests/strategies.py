"""Shared Hypothesis strategies: boards, squares and square pairs, decision facts."""

from __future__ import annotations

from hypothesis import strategies as st

from adjudicator.core.expr.types import domain
from adjudicator.core.model import Decision
from adjudicator.spaces.square.board import Board, Square

MAP_CHARS = ".h~#x"
"""Terrain characters, including ``x`` for absent squares."""


def coords(max_coord: int = 23, min_coord: int = 0) -> st.SearchStrategy[Square]:
    """Any square with both coordinates in ``[min_coord, max_coord]``."""
    axis = st.integers(min_coord, max_coord)
    return st.tuples(axis, axis)


def coord_pairs(max_coord: int = 23, min_coord: int = 0) -> st.SearchStrategy[tuple[Square, Square]]:
    """Two squares (possibly equal) in the given coordinate range."""
    return st.tuples(coords(max_coord, min_coord), coords(max_coord, min_coord))


@st.composite
def terrain_rows(draw: st.DrawFn, max_width: int = 12, max_height: int = 12) -> list[str]:
    """Map text of random size with at least one square on the map."""
    width = draw(st.integers(1, max_width))
    height = draw(st.integers(1, max_height))
    chars = st.sampled_from(MAP_CHARS)
    rows = ["".join(draw(st.lists(chars, min_size=width, max_size=width))) for _ in range(height)]
    if all(set(row) == {"x"} for row in rows):
        col = draw(st.integers(0, width - 1))
        row = draw(st.integers(0, height - 1))
        rows[row] = rows[row][:col] + "." + rows[row][col + 1 :]
    return rows


def _orthogonal_pairs(squares: frozenset[Square]) -> list[tuple[Square, Square]]:
    """Every pair of orthogonally adjacent squares in ``squares``."""
    return [
        ((col, row), other)
        for col, row in sorted(squares)
        for other in ((col + 1, row), (col, row + 1))
        if other in squares
    ]


def _layer(draw: st.DrawFn, rows: list[str], chars: str) -> list[str]:
    """A second map layer: one of ``chars`` at map squares, ``x`` elsewhere."""
    choice = st.sampled_from(chars)
    return ["".join("x" if ch == "x" else draw(choice) for ch in row) for row in rows]


@st.composite
def boards(draw: st.DrawFn, max_width: int = 12, max_height: int = 12) -> Board:
    """Boards of 1..12 x 1..12 with random terrain, elevation, walls, stairs."""
    rows = draw(terrain_rows(max_width, max_height))
    elevation = _layer(draw, rows, "0123456789")
    indoor = _layer(draw, rows, "i.")
    present = frozenset((c, r) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "x")
    candidates = _orthogonal_pairs(present)
    walls = draw(st.lists(st.sampled_from(candidates))) if candidates else []
    stairs = draw(st.lists(st.sampled_from(sorted(present)), max_size=4))
    return Board.from_rows(
        rows,
        elevation_rows=elevation,
        indoor_rows=indoor,
        walls=walls,
        stairs=stairs,
    )


@st.composite
def board_and_square(draw: st.DrawFn) -> tuple[Board, Square]:
    """A board and one of its map squares."""
    board = draw(boards())
    return board, draw(st.sampled_from(board.squares()))


@st.composite
def board_and_pair(draw: st.DrawFn) -> tuple[Board, Square, Square]:
    """A board and two (possibly equal) of its map squares."""
    board = draw(boards())
    squares = st.sampled_from(board.squares())
    return board, draw(squares), draw(squares)


def fact_values(decision: Decision) -> st.SearchStrategy[dict[str, bool | int | str]]:
    """A full fact assignment of ``decision``, each fact drawn from its declared domain."""
    return st.fixed_dictionaries({name: st.sampled_from(domain(fact.type)) for name, fact in decision.facts.items()})
