"""Tests for adjudicator.spaces.square.geometry: exact centre-to-centre line tracing."""

from __future__ import annotations

import ast
import inspect
from fractions import Fraction
from itertools import pairwise
from math import gcd

import pytest
from hypothesis import given

from adjudicator.spaces.square import geometry
from adjudicator.spaces.square.board import Board
from adjudicator.spaces.square.geometry import Corner, LineTrace, centre, trace_line
from adjudicator.spaces.square.grid import Square, distance, is_diagonal, is_orthogonal
from tests.strategies import board_and_pair, coord_pairs

# ---------------------------------------------------------------------------
# Explicit cases
# ---------------------------------------------------------------------------


def test_same_square() -> None:
    """A square to itself crosses nothing."""
    trace = trace_line((4, 2), (4, 2))
    assert trace == LineTrace((4, 2), (4, 2), (), (), ())
    assert trace.path() == ((4, 2),)


@pytest.mark.parametrize("b", [(3, 2), (5, 2), (4, 1), (4, 3)])
def test_orthogonal_neighbours(b: Square) -> None:
    """Orthogonal neighbours share one edge and nothing else."""
    trace = trace_line((4, 2), b)
    assert trace.interior == ()
    assert trace.corners == ()
    assert trace.edges == (((4, 2), b),)


def test_diagonal_neighbours() -> None:
    """Diagonal neighbours meet at one corner; the line passes between the others."""
    trace = trace_line((0, 0), (1, 1))
    assert trace.interior == ()
    assert trace.edges == ()
    assert trace.corners == (Corner(point=(1, 1), along=((0, 0), (1, 1)), sides=((1, 0), (0, 1))),)


def test_horizontal_line() -> None:
    """A horizontal line passes through the squares between, crossing edges."""
    trace = trace_line((1, 3), (5, 3))
    assert trace.interior == ((2, 3), (3, 3), (4, 3))
    assert trace.corners == ()
    assert trace.edges == (
        ((1, 3), (2, 3)),
        ((2, 3), (3, 3)),
        ((3, 3), (4, 3)),
        ((4, 3), (5, 3)),
    )


def test_vertical_line_upwards() -> None:
    """A vertical line drawn upwards lists squares from the start."""
    trace = trace_line((2, 4), (2, 1))
    assert trace.interior == ((2, 3), (2, 2))
    assert trace.corners == ()
    assert len(trace.edges) == 3


def test_exact_diagonal() -> None:
    """An exact diagonal runs corner to corner through the diagonal squares."""
    trace = trace_line((0, 0), (3, 3))
    assert trace.interior == ((1, 1), (2, 2))
    assert trace.edges == ()
    assert [c.point for c in trace.corners] == [(1, 1), (2, 2), (3, 3)]
    assert [c.sides for c in trace.corners] == [
        ((1, 0), (0, 1)),
        ((2, 1), (1, 2)),
        ((3, 2), (2, 3)),
    ]


def test_anti_diagonal_sides() -> None:
    """Travelling north-east, the north-west square is on the left."""
    trace = trace_line((0, 2), (2, 0))
    assert trace.interior == ((1, 1),)
    first = trace.corners[0]
    assert first.point == (1, 2)
    assert first.along == ((0, 2), (1, 1))
    assert first.sides == ((0, 1), (1, 2))


def test_slope_one_third_hits_corner() -> None:
    """dx=3, dy=1 passes exactly through the lattice point at its midpoint."""
    trace = trace_line((0, 0), (3, 1))
    assert trace.interior == ((1, 0), (2, 1))
    assert trace.edges == (((0, 0), (1, 0)), ((2, 1), (3, 1)))
    assert trace.corners == (Corner(point=(2, 1), along=((1, 0), (2, 1)), sides=((2, 0), (1, 1))),)
    assert trace.corners[0].around == ((1, 0), (2, 0), (1, 1), (2, 1))


def test_slope_one_half_misses_corners() -> None:
    """dx=2, dy=1 crosses only edges, passing the midpoint inside a square edge."""
    trace = trace_line((0, 0), (2, 1))
    assert trace.corners == ()
    assert trace.interior == ((1, 0), (1, 1))
    assert trace.edges == (
        ((0, 0), (1, 0)),
        ((1, 0), (1, 1)),
        ((1, 1), (2, 1)),
    )


def test_slope_one_third_twice() -> None:
    """dx=6, dy=2 (gcd 2, reduced 3/1 both odd) passes through two corners."""
    trace = trace_line((0, 0), (6, 2))
    assert [c.point for c in trace.corners] == [(2, 1), (5, 2)]


def test_steep_line_leftwards() -> None:
    """dx=-1, dy=3 mirrors the 3/1 case: one corner, at the midpoint."""
    trace = trace_line((5, 0), (4, 3))
    assert trace.interior == ((5, 1), (4, 2))
    assert trace.corners == (Corner(point=(5, 2), along=((5, 1), (4, 2)), sides=((5, 2), (4, 1))),)


def test_knight_move_no_corner() -> None:
    """A knight's move (2, 1) crosses two edges around one middle square pair."""
    trace = trace_line((3, 3), (1, 2))
    assert trace.corners == ()
    assert trace.interior == ((2, 3), (2, 2))


def test_reversed_helpers() -> None:
    """Corner.reversed swaps along and sides; LineTrace.reversed reverses all."""
    corner = Corner(point=(1, 1), along=((0, 0), (1, 1)), sides=((1, 0), (0, 1)))
    assert corner.reversed() == Corner((1, 1), ((1, 1), (0, 0)), ((0, 1), (1, 0)))
    assert corner.reversed().reversed() == corner
    trace = trace_line((0, 0), (3, 1))
    assert trace.reversed().reversed() == trace


def test_no_float_arithmetic() -> None:
    """geometry.py uses no float literals, true division, or float()."""
    tree = ast.parse(inspect.getsource(geometry))
    for node in ast.walk(tree):
        assert not (isinstance(node, ast.Constant) and isinstance(node.value, float))
        assert not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div))
        assert not (isinstance(node, ast.Name) and node.id in ("float", "math"))


# ---------------------------------------------------------------------------
# Independent oracle (Fractions, brute force over the bounding box)
# ---------------------------------------------------------------------------


def _interval(lo_edge: int, start: int, delta: int) -> tuple[Fraction, Fraction] | None:
    """Open t-interval in which start + t*delta lies in (lo_edge, lo_edge+2)."""
    if delta == 0:
        inside = lo_edge < start < lo_edge + 2
        return (Fraction(-1), Fraction(2)) if inside else None
    t1 = Fraction(lo_edge - start, delta)
    t2 = Fraction(lo_edge + 2 - start, delta)
    return min(t1, t2), max(t1, t2)


def _oracle_interior(a: Square, b: Square) -> tuple[Square, ...]:
    """Squares whose open interior meets the open segment, by entry time."""
    (ax, ay), (bx, by) = centre(a), centre(b)
    hits: list[tuple[Fraction, Square]] = []
    for c in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
        for r in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
            ix = _interval(2 * c, ax, bx - ax)
            iy = _interval(2 * r, ay, by - ay)
            if ix is None or iy is None or (c, r) in (a, b):
                continue
            lo, hi = max(ix[0], iy[0], Fraction(0)), min(ix[1], iy[1], Fraction(1))
            if lo < hi:
                hits.append((lo, (c, r)))
    return tuple(sq for _, sq in sorted(hits))


def _oracle_corners(a: Square, b: Square) -> tuple[tuple[int, int], ...]:
    """Lattice points on the open segment, in order from a."""
    (ax, ay), (bx, by) = centre(a), centre(b)
    dx, dy = bx - ax, by - ay
    found: list[tuple[Fraction, tuple[int, int]]] = []
    for x in range(min(a[0], b[0]), max(a[0], b[0]) + 2):
        for y in range(min(a[1], b[1]), max(a[1], b[1]) + 2):
            px, py = 2 * x - ax, 2 * y - ay
            if dx * py - dy * px != 0 or (dx, dy) == (0, 0):
                continue
            t = Fraction(px * dx + py * dy, dx * dx + dy * dy)
            if 0 < t < 1:
                found.append((t, (x, y)))
    return tuple(p for _, p in sorted(found))


def _oracle_edges(a: Square, b: Square) -> tuple[tuple[Square, Square], ...]:
    """Edges crossed through their interior, by crossing time."""
    (ax, ay), (bx, by) = centre(a), centre(b)
    dx, dy = bx - ax, by - ay
    found: list[tuple[Fraction, tuple[Square, Square]]] = []
    for axis, (s, d, o_s, o_d) in enumerate(((ax, dx, ay, dy), (ay, dy, ax, dx))):
        if d == 0:
            continue
        step = 1 if d > 0 else -1
        for line in range(min(s, s + d) + 1, max(s, s + d)):
            if line % 2:
                continue
            t = Fraction(line - s, d)
            other = o_s + t * o_d
            if other.denominator == 1 and other.numerator % 2 == 0:
                continue  # a corner, not an edge
            cross = int(other // 2)
            near = line // 2 - (1 if step > 0 else 0)
            pair = ((near, cross), (near + step, cross))
            if axis == 1:
                pair = ((cross, near), (cross, near + step))
            found.append((t, pair))
    return tuple(p for _, p in sorted(found))


@given(coord_pairs(max_coord=15))
def test_matches_oracle(pair: tuple[Square, Square]) -> None:
    """trace_line agrees with a brute-force exact-rational oracle."""
    a, b = pair
    trace = trace_line(a, b)
    assert trace.interior == _oracle_interior(a, b)
    assert tuple(c.point for c in trace.corners) == _oracle_corners(a, b)
    assert trace.edges == _oracle_edges(a, b)


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------


@given(coord_pairs())
def test_symmetric(pair: tuple[Square, Square]) -> None:
    """trace_line(b, a) is trace_line(a, b) reversed."""
    a, b = pair
    assert trace_line(b, a) == trace_line(a, b).reversed()


def _in_box(square: Square, a: Square, b: Square) -> bool:
    """Whether ``square`` lies in the bounding box of ``a`` and ``b``."""
    return min(a[0], b[0]) <= square[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= square[1] <= max(a[1], b[1])


@given(coord_pairs())
def test_within_bounding_box(pair: tuple[Square, Square]) -> None:
    """Interior squares, corner squares and edge squares stay in the box."""
    a, b = pair
    trace = trace_line(a, b)
    touched = list(trace.interior)
    for corner in trace.corners:
        touched += [*corner.along, *corner.sides]
    for edge in trace.edges:
        touched += list(edge)
    assert all(_in_box(sq, a, b) for sq in touched)


@given(coord_pairs())
def test_path_steps_are_edges_and_corners(pair: tuple[Square, Square]) -> None:
    """Consecutive path squares are exactly the edges and corners, in order."""
    a, b = pair
    trace = trace_line(a, b)
    path = trace.path()
    steps = list(pairwise(path))
    assert [s for s in steps if is_orthogonal(*s)] == list(trace.edges)
    assert [s for s in steps if is_diagonal(*s)] == [c.along for c in trace.corners]
    assert len(steps) == len(trace.edges) + len(trace.corners)
    assert len(set(path)) == len(path)


@given(coord_pairs())
def test_counts(pair: tuple[Square, Square]) -> None:
    """Edges + 2*corners = |dx|+|dy|; corners = gcd when the reduced slope is odd/odd."""
    a, b = pair
    dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
    trace = trace_line(a, b)
    assert len(trace.edges) + 2 * len(trace.corners) == dx + dy
    g = gcd(dx, dy)
    odd = g > 0 and (dx // g) % 2 == 1 and (dy // g) % 2 == 1
    assert len(trace.corners) == (g if odd else 0)


@given(coord_pairs())
def test_corner_geometry(pair: tuple[Square, Square]) -> None:
    """At a corner, along is a diagonal pair, sides are the other two, left then right."""
    a, b = pair
    (ax, ay), (bx, by) = centre(a), centre(b)
    for corner in trace_line(a, b).corners:
        assert is_diagonal(*corner.along)
        assert is_diagonal(*corner.sides)
        assert set(corner.along) | set(corner.sides) == set(corner.around)
        assert (2 * corner.point[0] - ax) * (by - ay) == (2 * corner.point[1] - ay) * (bx - ax)
        crosses = [(bx - ax) * (centre(s)[1] - ay) - (by - ay) * (centre(s)[0] - ax) for s in corner.sides]
        assert crosses[0] < 0 < crosses[1]


@given(coord_pairs(max_coord=12))
def test_exact_diagonal_property(pair: tuple[Square, Square]) -> None:
    """An exact diagonal has distance-1 interior squares, distance corners, no edges."""
    a, (k, sign) = pair[0], pair[1]
    step = 1 if sign % 2 else -1
    b = (a[0] + k, a[1] + step * k)
    trace = trace_line(a, b)
    n = distance(a, b)
    assert trace.edges == ()
    assert len(trace.corners) == n
    assert trace.interior == tuple((a[0] + i, a[1] + step * i) for i in range(1, n))


@given(coord_pairs())
def test_straight_lines(pair: tuple[Square, Square]) -> None:
    """Horizontal and vertical lines pass through exactly the squares between."""
    a, b = pair
    for end in ((b[0], a[1]), (a[0], b[1])):
        trace = trace_line(a, end)
        axis = 0 if end[1] == a[1] else 1
        lo, hi = sorted((a[axis], end[axis]))
        between = [(v, a[1]) if axis == 0 else (a[0], v) for v in range(lo + 1, hi)]
        if a[axis] > end[axis]:
            between.reverse()
        assert trace.interior == tuple(between)
        assert trace.corners == ()
        assert len(trace.edges) == distance(a, end)


@given(coord_pairs(), coord_pairs(max_coord=5, min_coord=-5))
def test_translation_invariant(pair: tuple[Square, Square], shift: tuple[Square, Square]) -> None:
    """Shifting both ends shifts every reported square by the same amount."""
    (a, b), (v, _) = pair, shift

    def move(sq: Square) -> Square:
        return sq[0] + v[0], sq[1] + v[1]

    base, moved = trace_line(a, b), trace_line(move(a), move(b))
    assert moved.interior == tuple(map(move, base.interior))
    assert moved.edges == tuple((move(p), move(q)) for p, q in base.edges)
    assert [c.sides for c in moved.corners] == [(move(c.sides[0]), move(c.sides[1])) for c in base.corners]


@given(board_and_pair())
def test_on_boards(case: tuple[Board, Square, Square]) -> None:
    """Between two map squares every traced square lies on the grid."""
    board, a, b = case
    trace = trace_line(a, b)
    for sq in trace.path():
        assert 0 <= sq[0] < board.width
        assert 0 <= sq[1] < board.height
    for corner in trace.corners:
        assert all(0 <= s[0] < board.width and 0 <= s[1] < board.height for s in corner.sides)
