"""Square-grid board: a map of squares with terrain, levels, indoor marks, walls and stairs.

The board knows which squares are on the map, where walls sit and what a
step or a line between two squares meets; naming squares and which squares
touch are in :mod:`.grid`, lines in :mod:`.geometry`.  It gives facts only:
what a wall, a terrain word or a level means is for the code that reads them.

Coordinates
    A square is ``(col, row)``, both 0-based (see :mod:`.grid`): ``A1`` is
    ``(0, 0)`` and ``C3`` is ``(2, 2)``.

Map text
    ``Board.from_rows`` reads one string per row, one character per square:
    ``.`` clear, ``h`` hindering, ``~`` water, ``#`` blocking and ``x`` for a
    grid position that is not part of the map (an *absent* square).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from adjudicator.spaces.base import Away, Direction, Edge, Line, MapText, SpaceId, Step, step_graph
from adjudicator.spaces.square.geometry import line
from adjudicator.spaces.square.grid import (
    KIND_NAME,
    SIDE_STEP,
    Square,
    SquareLike,
    Wall,
    as_square,
    column_name,
    corner_squares,
    diagonal_edges,
    distance,
    is_diagonal,
    is_orthogonal,
    king_neighbours,
    parse_square,
    shown_name,
    square_name,
)

if TYPE_CHECKING:
    import networkx as nx

DEFAULT_ELEVATION = 1
"""Elevation of a square whose elevation is not given."""

ABSENT_CHAR = "x"
"""Map character for a grid position that is not part of the map."""

_SQUARES_PER_WALL = 2


class Terrain(StrEnum):
    """Terrain type of a square on the map."""

    CLEAR = "clear"
    HINDERING = "hindering"
    WATER = "water"
    BLOCKING = "blocking"

    @property
    def char(self) -> str:
        """The map character for this terrain."""
        return _TERRAIN_TO_CHAR[self]

    @classmethod
    def from_char(cls, char: str) -> Terrain:
        """Terrain for a map character; ``ValueError`` if there is none."""
        try:
            return _CHAR_TO_TERRAIN[char]
        except KeyError:
            known = " ".join([*_CHAR_TO_TERRAIN, ABSENT_CHAR])
            raise ValueError(f"unknown terrain character {char!r} (expected one of {known})") from None


_CHAR_TO_TERRAIN: dict[str, Terrain] = {
    ".": Terrain.CLEAR,
    "h": Terrain.HINDERING,
    "~": Terrain.WATER,
    "#": Terrain.BLOCKING,
}
_TERRAIN_TO_CHAR: dict[Terrain, str] = {t: c for c, t in _CHAR_TO_TERRAIN.items()}


def _open_step(a: Square, b: Square) -> Step:
    """The step from ``a`` to its neighbour ``b`` when no wall lies on its edges.

    It depends on the two squares only, but is made afresh at each call rather than kept: kept, the steps of
    the largest map asked about (some 18,000 on 48x48, five objects each) stayed in memory for good, and every
    full pass of the garbage collector went through them (a third of the time of a turn's legal moves on such a
    map). The movement engine keeps what it needs of them by the map's content
    (:class:`adjudicator.games.clix.movement_facts.BoardSteps`).
    """
    if is_orthogonal(a, b):
        return Step(a, b, vertex=False, sides=(), edges=(frozenset((a, b)),), wall=False, separated=False)
    if is_diagonal(a, b):
        edges = diagonal_edges(a, b)
        return Step(a, b, vertex=True, sides=corner_squares(a, b), edges=edges, wall=False, separated=False)
    raise ValueError(f"{shown_name(a)} and {shown_name(b)} are not adjacent")


def _sq(space: SpaceId) -> Square:
    """A space id of the square grid as its coordinates (ids are ``(col, row)`` tuples)."""
    return cast("Square", space)


# --------------------------------------------------------------------------
# Board
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """A rectangular grid of ``width x height`` positions, some on the map.

    ``terrain`` has a key for exactly the squares on the map; grid positions
    without a key are absent (``x`` in map text).  ``elevation`` gives every
    map square an integer level (``DEFAULT_ELEVATION`` when not given).
    ``indoor`` and ``stairs`` are sets of map squares.  ``walls`` holds wall
    segments, each the pair of orthogonally adjacent map squares it separates.

    Instances are immutable; ``__post_init__`` copies and validates the
    mappings and fills in default elevations.
    """

    width: int
    height: int
    terrain: Mapping[Square, Terrain] = field(hash=False)
    elevation: Mapping[Square, int] = field(default_factory=dict, hash=False)
    indoor: frozenset[Square] = frozenset()
    walls: frozenset[Wall] = frozenset()
    stairs: frozenset[Square] = frozenset()

    def __post_init__(self) -> None:
        """Validate the layout and normalise mappings to plain dicts."""
        if self.width < 1 or self.height < 1:
            raise ValueError(f"board must be at least 1x1, got {self.width}x{self.height}")
        terrain = {self._in_grid(sq, "terrain"): Terrain(t) for sq, t in self.terrain.items()}
        if not terrain:
            raise ValueError("board has no squares on the map")
        elevation = dict.fromkeys(terrain, DEFAULT_ELEVATION)
        for sq, level in self.elevation.items():
            self._on_map(sq, terrain, "elevation")
            elevation[sq] = int(level)
        object.__setattr__(self, "terrain", terrain)
        object.__setattr__(self, "elevation", elevation)
        for sq in self.indoor:
            self._on_map(sq, terrain, "indoor")
        for sq in self.stairs:
            self._on_map(sq, terrain, "stairs")
        for wall in self.walls:
            self._check_wall(wall, terrain)

    def _in_grid(self, square: Square, what: str) -> Square:
        """Return ``square`` if inside the rectangle, else ``ValueError``."""
        col, row = square
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise ValueError(f"{what}: square {square!r} is outside the {self.width}x{self.height} grid")
        return square

    def _on_map(self, square: Square, terrain: Mapping[Square, Terrain], what: str) -> None:
        """Raise ``ValueError`` unless ``square`` is a map square."""
        if square not in terrain:
            raise ValueError(f"{what}: square {shown_name(square)} is not on the map")

    def _check_wall(self, wall: Wall, terrain: Mapping[Square, Terrain]) -> None:
        """Raise ``ValueError`` unless ``wall`` is a valid wall segment."""
        squares = sorted(wall)
        if len(squares) != _SQUARES_PER_WALL or not is_orthogonal(squares[0], squares[1]):
            names = ", ".join(shown_name(sq) for sq in squares)
            raise ValueError(f"wall {{{names}}} must join two orthogonally adjacent squares")
        for sq in squares:
            self._on_map(sq, terrain, "wall")

    # -- construction from text -------------------------------------------

    @classmethod
    def from_rows(
        cls,
        terrain_rows: Sequence[str],
        elevation_rows: Sequence[str] | None = None,
        indoor_rows: Sequence[str] | None = None,
        walls: Iterable[tuple[SquareLike, SquareLike]] = (),
        stairs: Iterable[SquareLike] = (),
    ) -> Board:
        """Build a board from map text, one string per row.

        ``terrain_rows`` uses ``. h ~ # x`` (see module docstring).
        ``elevation_rows`` uses one digit per map square (``x`` or ``.`` at
        absent squares).  ``indoor_rows`` uses ``i`` for indoor and ``.`` for
        outdoor (``x`` allowed at absent squares).  Walls are pairs of
        orthogonally adjacent squares and stairs are squares, by coordinates
        or name.  Shape and character problems raise ``ValueError`` naming
        the row and column.
        """
        width, height = _shape(terrain_rows, "terrain", None)
        terrain = _read_terrain(terrain_rows)
        elevation: dict[Square, int] = {}
        if elevation_rows is not None:
            _shape(elevation_rows, "elevation", (width, height))
            elevation = _read_elevation(elevation_rows, terrain)
        indoor: frozenset[Square] = frozenset()
        if indoor_rows is not None:
            _shape(indoor_rows, "indoor", (width, height))
            indoor = _read_indoor(indoor_rows, terrain)
        return cls(
            width=width,
            height=height,
            terrain=terrain,
            elevation=elevation,
            indoor=indoor,
            walls=frozenset(frozenset(map(as_square, pair)) for pair in walls),
            stairs=frozenset(map(as_square, stairs)),
        )

    def terrain_rows(self) -> tuple[str, ...]:
        """The terrain as map text, the inverse of ``from_rows``."""
        return tuple(
            "".join(self.terrain[(c, r)].char if (c, r) in self.terrain else ABSENT_CHAR for c in range(self.width))
            for r in range(self.height)
        )

    # -- geometry queries (the Space interface, adjudicator.spaces.base) ---

    @property
    def kind(self) -> str:
        """The registry name of the square grid."""
        return KIND_NAME

    def squares(self) -> tuple[Square, ...]:
        """All map squares in row-major order (A1, B1, ..., A2, ...)."""
        return tuple(sorted(self.terrain, key=lambda sq: (sq[1], sq[0])))

    def spaces(self) -> tuple[Square, ...]:
        """All map squares in row-major order (see ``squares``)."""
        return self.squares()

    def contains(self, square: SpaceId) -> bool:
        """Whether ``square`` is on the map (not absent, not off the grid)."""
        return square in self.terrain

    def name(self, space: SpaceId) -> str:
        """The square's name (``"C3"``)."""
        return square_name(_sq(space))

    def parse(self, name: str) -> Square:
        """The square of a name (``ValueError`` for a malformed one); it may be off the map."""
        return parse_square(name)

    def not_on_map(self, space: SpaceId) -> str:
        """Why ``space`` is not on the map, for messages."""
        col, row = _sq(space)
        name = shown_name((col, row))
        if col < self.width and row < self.height:
            return f"square {name} is not part of the map ('x' in terrain)"
        return f"square {name} is not on the {self.width}x{self.height} map"

    def extent(self) -> str:
        """``width by height squares``."""
        return f"{self.width} by {self.height} squares"

    def sort_key(self, space: SpaceId) -> tuple[int, ...]:
        """Column, then row: the order of the coordinates."""
        return _sq(space)

    def terrain_at(self, space: SpaceId) -> str | None:
        """The terrain word of a map square, ``None`` elsewhere."""
        terrain = self.terrain.get(_sq(space))
        return None if terrain is None else str(terrain)

    def level(self, space: SpaceId) -> int:
        """The square's elevation level."""
        return self.elevation.get(_sq(space), DEFAULT_ELEVATION)

    def marked_indoor(self, space: SpaceId) -> bool:
        """Whether the indoor rows mark the square."""
        return space in self.indoor

    def has_stairs(self, space: SpaceId) -> bool:
        """Whether a stair end is on the square."""
        return space in self.stairs

    def neighbours(self, square: SpaceId) -> tuple[Square, ...]:
        """The up-to-8 king-move neighbours of ``square`` that are on the map.

        Works for any ``square``, on the map or not; row-major order.
        """
        return tuple(sq for sq in king_neighbours(_sq(square)) if sq in self.terrain)

    def step(self, frm: SpaceId, to: SpaceId) -> Step:
        """The facts of a king-move step (a diagonal one passes a corner).

        A step no wall touches is the same on every board (:func:`_open_step`, kept by its two squares).
        """
        a, b = _sq(frm), _sq(to)
        walls = self.walls
        if not walls:
            return _open_step(a, b)
        if is_orthogonal(a, b):
            edge: Edge = frozenset((a, b))
            if edge not in walls:
                return _open_step(a, b)
            return Step(a, b, vertex=False, sides=(), edges=(edge,), wall=True, separated=True)
        if is_diagonal(a, b):
            edges = diagonal_edges(a, b)
            if not any(e in walls for e in edges):
                return _open_step(a, b)
            # walls that separate a and b lie on these edges
            separated = self.separated(a, b)
            return Step(a, b, vertex=True, sides=corner_squares(a, b), edges=edges, wall=True, separated=separated)
        raise ValueError(f"{shown_name(a)} and {shown_name(b)} are not adjacent")

    def steps(self, frm: SpaceId) -> tuple[Step, ...]:
        """The facts of every step from ``frm`` to a map square."""
        return tuple(self.step(frm, to) for to in self.neighbours(frm))

    @staticmethod
    def distance(a: SpaceId, b: SpaceId) -> int:
        """King-move (Chebyshev) distance; see module-level ``distance``."""
        return distance(_sq(a), _sq(b))

    def length2(self, a: SpaceId, b: SpaceId) -> int:
        """Squared distance between the centres, in squares."""
        (ac, ar), (bc, br) = _sq(a), _sq(b)
        return (ac - bc) ** 2 + (ar - br) ** 2

    @staticmethod
    def is_diagonal(a: Square, b: Square) -> bool:
        """Whether ``a`` and ``b`` touch only at a corner."""
        return is_diagonal(a, b)

    @staticmethod
    def corner_squares(a: Square, b: Square) -> tuple[Square, Square]:
        """For a diagonal step, the other two squares at the crossed corner."""
        return corner_squares(a, b)

    def diagonal_walls(self, a: Square, b: Square) -> frozenset[Wall]:
        """Walls touching the corner crossed by the diagonal step ``a -> b``.

        Four edges meet at that corner (see ``diagonal_edges``); the result
        is those of them that carry a wall, 0 to 4.  Which of them cut ``a``
        off from ``b`` is ``separated``'s question: e.g. ``a|c1`` with
        ``c2|b`` does, while a single wall only ends at the corner.
        """
        return frozenset(e for e in diagonal_edges(a, b) if e in self.walls)

    def wall_between(self, a: Square, b: Square) -> bool:
        """Whether the step ``a -> b`` meets a wall.

        For orthogonal neighbours: whether their shared edge is a wall.  For
        diagonal neighbours: whether any wall touches the crossed corner, i.e.
        whether the centre-to-centre segment meets a wall (walls are closed
        segments, so their end points count).  ``ValueError`` otherwise.
        """
        if is_orthogonal(a, b):
            return frozenset((a, b)) in self.walls
        if is_diagonal(a, b):
            return bool(self.diagonal_walls(a, b))
        raise ValueError(f"{shown_name(a)} and {shown_name(b)} are not adjacent")

    def separated(self, a: SpaceId, b: SpaceId) -> bool:
        """Whether walls cut neighbours ``a`` and ``b`` off from each other.

        Orthogonal neighbours are separated by a wall on their shared edge.
        Diagonal neighbours are separated only when walls run *through* the
        corner between them: a straight wall line across the corner
        (``a|c1`` with ``c2|b``, or ``a|c2`` with ``c1|b``) or two walls that
        close one of the two squares' corner (``a|c1`` with ``a|c2``, or
        ``b|c1`` with ``b|c2``). A single wall that merely ends at the corner
        does not separate them: walls end exactly at square edges, so a
        diagonal step past the end of a wall is not cut off.
        """
        return self.separates(self.walls, a, b)

    def separates(self, edges: Collection[Edge], a: SpaceId, b: SpaceId) -> bool:
        """Whether ``edges`` cut neighbours ``a`` and ``b`` apart (``separated`` for any set of edges)."""
        sa, sb = _sq(a), _sq(b)
        if is_orthogonal(sa, sb):
            return frozenset((sa, sb)) in edges
        if not is_diagonal(sa, sb):
            raise ValueError(f"{shown_name(sa)} and {shown_name(sb)} are not adjacent")
        c1, c2 = corner_squares(sa, sb)

        def on(x: Square, y: Square) -> bool:
            return frozenset((x, y)) in edges

        return (
            (on(sa, c1) and on(c2, sb))
            or (on(sa, c2) and on(c1, sb))
            or (on(sa, c1) and on(sa, c2))
            or (on(sb, c1) and on(sb, c2))
        )

    def away(self, origin: SpaceId, space: SpaceId) -> Away:
        """Straight away from ``origin``, one king step at a time.

        Along the line when it runs along a row, a column or a diagonal; else
        along its major axis, with the diagonal as the other choice.
        """
        (oc, orow), (c, r) = _sq(origin), _sq(space)
        dx, dy = c - oc, r - orow
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        if dx == 0 or dy == 0 or abs(dx) == abs(dy):
            return Away((sx, sy), (), straight=True)
        axis = (sx, 0) if abs(dx) > abs(dy) else (0, sy)
        return Away(axis, ((sx, sy),), straight=False)

    def beyond(self, space: SpaceId, direction: Direction) -> Square:
        """The square one step from ``space`` in ``direction`` (a ``(dc, dr)`` step)."""
        (c, r), (dc, dr) = _sq(space), cast("Square", direction)
        return (c + dc, r + dr)

    def across(self, space: SpaceId, side: str) -> Square:
        """The square across the named side of ``space``."""
        return self.beyond(space, SIDE_STEP[side])

    def line(self, a: SpaceId, b: SpaceId) -> Line:
        """The exact centre-to-centre line (see ``geometry.trace_line``)."""
        return line(_sq(a), _sq(b))

    def map_fields(self, map_kind: str) -> dict[str, Any]:
        """The ``map`` fields of a situation file for this board (``kind`` excluded)."""
        out: dict[str, Any] = {"terrain": [MapText(row) for row in self.terrain_rows()]}
        if any(level != DEFAULT_ELEVATION for level in self.elevation.values()):
            out["elevation"] = self._rows(lambda sq: str(self.elevation[sq]))
        if map_kind == "indoor/outdoor" and self.indoor:
            out["indoor"] = self._rows(lambda sq: "i" if sq in self.indoor else ".")
        if self.walls:
            walls = sorted(sorted(wall, key=lambda sq: (sq[1], sq[0])) for wall in self.walls)
            out["walls"] = [[square_name(a), square_name(b)] for a, b in walls]
        if self.stairs:
            out["stairs"] = [square_name(sq) for sq in sorted(self.stairs)]
        return out

    def _rows(self, char: Any) -> list[MapText]:
        """Map text with ``char(square)`` for map squares and ``x`` elsewhere."""
        return [
            MapText("".join(char((c, r)) if self.contains((c, r)) else ABSENT_CHAR for c in range(self.width)))
            for r in range(self.height)
        ]

    def graph(self) -> nx.DiGraph[SpaceId]:
        """King-move steps between the map squares, each edge carrying its :class:`Step`, cached and frozen.

        Walls and terrain remove no edge: the step's facts say what lies on it, for the caller to weigh.
        """
        return self._graph

    @cached_property
    def _graph(self) -> nx.DiGraph[SpaceId]:
        return step_graph(self)


# --------------------------------------------------------------------------
# Map-text readers
# --------------------------------------------------------------------------


def _shape(rows: Sequence[str], what: str, expected: tuple[int, int] | None) -> tuple[int, int]:
    """``(width, height)`` of ``rows``, checking every row has one length."""
    if isinstance(rows, str):
        raise TypeError(f"{what} rows must be a sequence of strings, not a str")
    if not rows:
        raise ValueError(f"{what}: no rows given")
    width = len(rows[0]) if expected is None else expected[0]
    if expected is not None and len(rows) != expected[1]:
        raise ValueError(f"{what}: {len(rows)} rows given, terrain has {expected[1]}")
    for r, row in enumerate(rows):
        if not isinstance(row, str):
            raise TypeError(f"{what} row {r + 1}: expected a string, got {row!r}")
        if len(row) != width:
            raise ValueError(f"{what} row {r + 1} has {len(row)} squares, expected {width}")
    if width == 0:
        raise ValueError(f"{what} rows are empty")
    return width, len(rows)


def _cells(rows: Sequence[str]) -> Iterable[tuple[Square, str]]:
    """Every ``(square, character)`` of map text, row-major."""
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            yield (c, r), ch


def _cell_error(what: str, square: Square, problem: str) -> ValueError:
    """A ``ValueError`` naming the row and column of a bad character."""
    col, row = square
    return ValueError(f"{what} row {row + 1}, column {column_name(col)} ({square_name(square)}): {problem}")


def _read_terrain(rows: Sequence[str]) -> dict[Square, Terrain]:
    """Terrain of every map square in terrain text."""
    terrain: dict[Square, Terrain] = {}
    for sq, ch in _cells(rows):
        if ch == ABSENT_CHAR:
            continue
        try:
            terrain[sq] = Terrain.from_char(ch)
        except ValueError as exc:
            raise _cell_error("terrain", sq, str(exc)) from None
    return terrain


def _read_elevation(rows: Sequence[str], terrain: Mapping[Square, Terrain]) -> dict[Square, int]:
    """Elevation of every map square in elevation text."""
    elevation: dict[Square, int] = {}
    for sq, ch in _cells(rows):
        if sq not in terrain and ch in (ABSENT_CHAR, "."):
            continue
        if not (ch.isascii() and ch.isdigit()):
            raise _cell_error("elevation", sq, f"expected a digit, got {ch!r}")
        if sq not in terrain:
            raise _cell_error("elevation", sq, "square is absent from the map")
        elevation[sq] = int(ch)
    return elevation


def _read_indoor(rows: Sequence[str], terrain: Mapping[Square, Terrain]) -> frozenset[Square]:
    """Indoor map squares in indoor text."""
    indoor: set[Square] = set()
    for sq, ch in _cells(rows):
        if ch == "." or (ch == ABSENT_CHAR and sq not in terrain):
            continue
        if ch != "i":
            raise _cell_error("indoor", sq, f"expected 'i' or '.', got {ch!r}")
        if sq not in terrain:
            raise _cell_error("indoor", sq, "square is absent from the map")
        indoor.add(sq)
    return frozenset(indoor)
