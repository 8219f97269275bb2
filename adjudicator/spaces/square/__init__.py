"""The square grid's interface: boards of squares with terrain, elevation, indoor marks, walls and stairs.

A game on squares imports this package only, never its modules: :class:`SquareSpace` (what a square map
offers beyond :class:`~adjudicator.spaces.base.Space`), the builder :data:`KIND` (a
:class:`SquareSpaceKind`), the value types, the pure helpers of naming and grid geometry, and the drawing
primitives (:func:`text_grid`, :class:`SvgGrid`) a game's pictures draw its situation on.
"""

from adjudicator.spaces.square.board import DEFAULT_ELEVATION, Terrain
from adjudicator.spaces.square.drawing import TEXT_CELL, EdgeMark, SvgGrid, TextCell, text_grid
from adjudicator.spaces.square.grid import (
    KIND_NAME,
    SIDE_STEP,
    Square,
    SquareLike,
    Wall,
    column_name,
    corner_squares,
    diagonal_edges,
    distance,
    is_adjacent,
    is_diagonal,
    is_orthogonal,
    king_neighbours,
    parse_column,
    parse_square,
    square_name,
)
from adjudicator.spaces.square.interface import SquareSpace, SquareSpaceKind, square_space
from adjudicator.spaces.square.space import KIND

__all__ = [
    "DEFAULT_ELEVATION",
    "KIND",
    "KIND_NAME",
    "SIDE_STEP",
    "TEXT_CELL",
    "EdgeMark",
    "Square",
    "SquareLike",
    "SquareSpace",
    "SquareSpaceKind",
    "SvgGrid",
    "Terrain",
    "TextCell",
    "Wall",
    "column_name",
    "corner_squares",
    "diagonal_edges",
    "distance",
    "is_adjacent",
    "is_diagonal",
    "is_orthogonal",
    "king_neighbours",
    "parse_column",
    "parse_square",
    "square_name",
    "square_space",
    "text_grid",
]
