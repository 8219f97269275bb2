"""Exact centre-to-centre lines across the square grid, in integers only.

``trace_line(a, b)`` reports everything the straight segment from the centre
of square ``a`` to the centre of square ``b`` passes through.  It computes
geometric facts only; what a square, a corner or a wall on the way means is
for the caller to decide.

Arithmetic
    Doubled coordinates keep everything integral: square ``(c, r)`` spans
    ``[2c, 2c + 2] x [2r, 2r + 2]`` and its centre is ``(2c + 1, 2r + 1)``;
    grid lines sit at even coordinates.  Crossing times along the segment
    are compared by cross-multiplication, never by division.

What the segment can meet (``a != b``)
    It starts and ends inside ``a`` and ``b`` and, in between, alternates
    between the open interior of a square and a *transition* point, which
    is either

    * an **edge crossing**: a point inside the shared edge of two
      orthogonally adjacent squares (``LineTrace.edges``), or
    * a **corner crossing**: a lattice point where four squares meet
      (``LineTrace.corners``).  The line goes from one square at that
      corner to the diagonally opposite one (``Corner.along``) and passes
      between the other two, one on each side (``Corner.sides``); it
      touches those two only at the point itself.

    So ``LineTrace.path()`` = ``(a, *interior, b)`` and each consecutive
    pair of it is an edge (orthogonal pair) or a corner (diagonal pair),
    in order.  A segment never runs *along* a grid line: centres have odd
    coordinates and grid lines even ones, so a horizontal or vertical
    segment lies strictly inside a row or column of squares and a slanted
    one meets each grid line in a single point.

Hard cases
    * ``a == b``: nothing is crossed; every tuple is empty.
    * Adjacent squares: interior is empty; one edge (orthogonal step) or
      one corner (diagonal step).
    * Horizontal / vertical: interior is the squares strictly between,
      edges are the ``distance`` shared edges, no corners.
    * Exact diagonal (``|dx| == |dy|``): the segment runs corner to corner
      through the centres of the squares on the diagonal, so interior is
      those ``distance - 1`` squares, corners are ``distance`` and there are
      no edges.
    * Other slopes: with ``g = gcd(dx, dy)``, the segment passes through
      lattice points exactly when ``dx / g`` and ``dy / g`` are both odd,
      and then through ``g`` of them (e.g. ``dx = 3, dy = 1`` crosses one
      corner at its midpoint); otherwise it crosses only edges.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from adjudicator.spaces.base import Crossing, Line
from adjudicator.spaces.square.grid import Square, diagonal_edges

Point = tuple[int, int]
"""A lattice point ``(x, y)``: the top-left corner of square ``(x, y)``."""

Edge = tuple[Square, Square]
"""An edge crossing ``(left_square, entered_square)``, orthogonal neighbours."""


@dataclass(frozen=True)
class Corner:
    """A lattice point the segment passes exactly through.

    ``point`` is the lattice point (top-left corner of square ``point``).
    ``along`` is ``(left, entered)``: the square the line leaves and the
    diagonally opposite square it enters there.  ``sides`` is
    ``(left_side, right_side)``: the other two squares at the point, which
    the line passes between, on its left and its right as seen travelling
    from ``a`` to ``b`` on a map drawn with ``A1`` top-left.
    """

    point: Point
    along: tuple[Square, Square]
    sides: tuple[Square, Square]

    @property
    def around(self) -> tuple[Square, Square, Square, Square]:
        """The four squares meeting at ``point``, row-major order."""
        x, y = self.point
        return (x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)

    def reversed(self) -> Corner:
        """The same corner seen by the line travelling the other way."""
        return Corner(
            point=self.point,
            along=(self.along[1], self.along[0]),
            sides=(self.sides[1], self.sides[0]),
        )


@dataclass(frozen=True)
class LineTrace:
    """What the segment between the centres of ``start`` and ``end`` meets.

    ``interior``: squares (other than ``start`` and ``end``) whose open
    interior the segment passes through, in order from ``start``.
    ``corners``: lattice points passed exactly through, in order.
    ``edges``: shared edges crossed through their interior (not at a
    corner), each as ``(left, entered)``, in order.
    """

    start: Square
    end: Square
    interior: tuple[Square, ...]
    corners: tuple[Corner, ...]
    edges: tuple[Edge, ...]

    def path(self) -> tuple[Square, ...]:
        """``(start, *interior, end)``, or ``(start,)`` when they coincide.

        Consecutive squares are orthogonal (joined by the next of ``edges``)
        or diagonal (joined by the next of ``corners``).
        """
        if self.start == self.end:
            return (self.start,)
        return (self.start, *self.interior, self.end)

    def reversed(self) -> LineTrace:
        """The trace of the same segment drawn from ``end`` to ``start``."""
        return LineTrace(
            start=self.end,
            end=self.start,
            interior=self.interior[::-1],
            corners=tuple(c.reversed() for c in self.corners[::-1]),
            edges=tuple((e[1], e[0]) for e in self.edges[::-1]),
        )


def centre(square: Square) -> Point:
    """Centre of a square in doubled coordinates."""
    return 2 * square[0] + 1, 2 * square[1] + 1


def _sign(n: int) -> int:
    """-1, 0 or 1 according to the sign of ``n``."""
    return (n > 0) - (n < 0)


StepOut = tuple[Square, Square, tuple[Square, Square] | None]
"""One step of a segment: the square it leaves, the square it enters and, at a corner, its sides (left, right)."""


def _steps(a: Square, b: Square) -> list[StepOut]:
    """Every step of the segment from the centre of ``a`` to the centre of ``b``, in order.

    The segment reaches the ``k``-th vertical grid line after ``a`` at the
    time ``(2k - 1) / (2 |dx|)`` and the ``m``-th horizontal one at
    ``(2m - 1) / (2 |dy|)``; both times multiplied by ``2 |dx| |dy|`` are the
    integers compared here. Equal times are a corner crossing. A corner's
    side square is on the left when its centre lies left of the segment
    (cross product of the direction with the centre's offset, in screen
    orientation: rows grow downwards).
    """
    col, row = a
    dx, dy = b[0] - col, b[1] - row
    sx, sy = _sign(dx), _sign(dy)
    adx, ady = abs(dx), abs(dy)
    # The times of the next vertical and horizontal grid line: (2k - 1) |dy| and (2m - 1) |dx|. Past the last
    # vertical line the x time exceeds every horizontal time left, and the other way round; on a row (dy = 0)
    # the x time stays 0, below the y time.
    x_time, y_time = ady, adx
    steps: list[StepOut] = []
    c, r = col, row
    while c != b[0] or r != b[1]:
        left = (c, r)
        if x_time == y_time:
            x_time, y_time = x_time + 2 * ady, y_time + 2 * adx
            first, second = (c + sx, r), (c, r + sy)
            c, r = c + sx, r + sy
            left_first = dx * (r - sy - row) - dy * (c - col) < 0
            steps.append((left, (c, r), (first, second) if left_first else (second, first)))
        elif x_time < y_time:
            x_time += 2 * ady
            c += sx
            steps.append((left, (c, r), None))
        else:
            y_time += 2 * adx
            r += sy
            steps.append((left, (c, r), None))
    return steps


def trace_line(a: Square, b: Square) -> LineTrace:
    """Trace the segment from the centre of ``a`` to the centre of ``b``.

    Walks square by square, always taking whichever grid line the segment
    reaches first: a vertical one (edge crossing sideways), a horizontal one
    (edge crossing up/down) or both at once (corner crossing).  Runs in
    ``O(|dx| + |dy|)`` integer operations.
    """
    interior: list[Square] = []
    corners: list[Corner] = []
    edges: list[Edge] = []
    for left, entered, sides in _steps(a, b):
        if sides is None:
            edges.append((left, entered))
        else:
            point = (max(left[0], entered[0]), max(left[1], entered[1]))
            corners.append(Corner(point=point, along=(left, entered), sides=sides))
        if entered != b:
            interior.append(entered)
    return LineTrace(
        start=a,
        end=b,
        interior=tuple(interior),
        corners=tuple(corners),
        edges=tuple(edges),
    )


LINE_MEMO = 1 << 16
"""Lines kept by :func:`line` (a line depends on its two squares only, so every board and query shares them)."""


@lru_cache(maxsize=LINE_MEMO)
def line(a: Square, b: Square) -> Line:
    """The trace of ``a -> b`` in the space interface's terms (``adjudicator.spaces.base.Line``).

    Each consecutive pair of the path becomes a ``Crossing``: an orthogonal
    pair through their shared edge, a diagonal pair through the corner, with
    the four edges meeting there (``diagonal_edges`` order) and the corner's
    sides (left, right). Pure in ``a`` and ``b``: memoised, and the crossings
    themselves are shared between lines (:func:`_crossing`).
    """
    interior: list[Square] = []
    crossings: list[Crossing] = []
    known = _CROSSINGS
    for step in _steps(a, b):
        crossing = known.get(step)
        crossings.append(_crossing(step) if crossing is None else crossing)
        if step[1] != b:
            interior.append(step[1])
    return Line(start=a, end=b, interior=tuple(interior), crossings=tuple(crossings))


_CROSSINGS: dict[StepOut, Crossing] = {}


def _crossing(step: StepOut) -> Crossing:
    """The (immutable, shared) crossing of one step: through the shared edge, or the corner with its sides."""
    x, y, sides = step
    if sides is None:
        made = Crossing(x, y, edges=(frozenset((x, y)),))
    else:
        made = Crossing(x, y, edges=diagonal_edges(x, y), sides=sides)
    if len(_CROSSINGS) >= LINE_MEMO:
        _CROSSINGS.clear()
    _CROSSINGS[step] = made
    return made
