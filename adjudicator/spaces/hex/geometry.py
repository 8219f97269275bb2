"""Exact integer geometry of a pointy-topped hex grid in odd-r offset layout.

A :class:`Hex` is a column and a row counted from 0 (``A1`` is ``Hex(0, 0)``);
odd rows in 0-based terms (rows 2, 4, ... as people count) are shifted half a
hex to the right. In the map's units (√3/2 of a side across, 1/2 down) the centre
of ``Hex(j, i)`` is ``(2j + i mod 2, 3i)`` and its six corners are integer
points, so every test here is done with integer cross products: segment
against segment and segment against a convex hexagon, boundaries included.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import NamedTuple

Point = tuple[int, int]
"""An integer point in the map's units (see the module docstring)."""
Cube = tuple[int, int, int]
"""Cube coordinates ``(x, y, z)`` of a hex, with ``x + y + z == 0``."""


class Hex(NamedTuple):
    """A hex position: 0-based column and row (it may lie off a map)."""

    col: int
    row: int


DIRECTIONS = ("west", "east", "northwest", "northeast", "southwest", "southeast")
"""The six neighbour directions, in a fixed order: the row's two, then the two above, then the two below."""

_EVEN_ROW = ((-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
"""Offsets from a hex in a flush row (0-based even: rows 1, 3, ... as people count)."""
_ODD_ROW = ((-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1))
"""Offsets from a hex in a shifted row (0-based odd: rows 2, 4, ...)."""


OFFSETS = (_EVEN_ROW, _ODD_ROW)
"""The neighbour offsets of a hex by its row's parity (``OFFSETS[row % 2]``), in :data:`DIRECTIONS` order."""


def hexagon_box(h: Hex) -> tuple[int, int, int, int]:
    """The bounding box of ``h``'s hexagon: low x, low y, high x, high y."""
    x, y = centre(h)
    return (x - 1, y - 2, x + 1, y + 2)


def neighbour(h: Hex, direction: int) -> Hex:
    """The position next to ``h`` in direction number ``direction`` (an index of :data:`DIRECTIONS`)."""
    dc, dr = (_ODD_ROW if h.row % 2 else _EVEN_ROW)[direction]
    return Hex(h.col + dc, h.row + dr)


def around(h: Hex) -> tuple[Hex, ...]:
    """The six positions next to ``h`` (on a map or not), in :data:`DIRECTIONS` order."""
    col, row = h
    return tuple(Hex(col + dc, row + dr) for dc, dr in (_ODD_ROW if row % 2 else _EVEN_ROW))


def centre(h: Hex) -> Point:
    """The centre of ``h``: ``(2j + i mod 2, 3i)``."""
    return (2 * h.col + h.row % 2, 3 * h.row)


def corners(h: Hex) -> tuple[Point, ...]:
    """The six corners of ``h``, clockwise from the top one."""
    x, y = centre(h)
    return ((x, y - 2), (x + 1, y - 1), (x + 1, y + 1), (x, y + 2), (x - 1, y + 1), (x - 1, y - 1))


def side(a: Hex, b: Hex) -> tuple[Point, Point]:
    """The side shared by two neighbouring hexes, as its two end corners in a fixed order."""
    shared = sorted(set(corners(a)) & set(corners(b)))
    if len(shared) != 2:  # noqa: PLR2004 - a side has two ends
        msg = f"{a} and {b} are not neighbours"
        raise ValueError(msg)
    return shared[0], shared[1]


def to_cube(h: Hex) -> Cube:
    """Cube coordinates ``(x, y, z)`` with ``x + y + z == 0`` (for distances, turns and mirrors)."""
    x = h.col - (h.row - (h.row & 1)) // 2
    z = h.row
    return (x, -x - z, z)


def from_cube(cube: Cube) -> Hex:
    """The hex with these cube coordinates."""
    x, _, z = cube
    return Hex(x + (z - (z & 1)) // 2, z)


def rotate(cube: Cube, turns: int) -> Cube:
    """``cube`` turned by ``turns`` sixths of a full turn clockwise about the origin."""
    x, y, z = cube
    for _ in range(turns % 6):
        x, y, z = -z, -x, -y
    return (x, y, z)


def mirror(cube: Cube) -> Cube:
    """``cube`` reflected left-right through the vertical axis of the origin hex."""
    x, y, z = cube
    return (y, x, z)


def hex_distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes, ignoring everything on the map."""
    (ac, ar), (bc, br) = a, b
    dx = ac - (ar - (ar & 1)) // 2 - bc + (br - (br & 1)) // 2  # the cube x difference (:func:`to_cube`)
    dz = ar - br
    return max(abs(dx), abs(dz), abs(dx + dz))


def orient(a: Point, b: Point, c: Point) -> int:
    """Twice the signed area of the triangle ``a b c`` (positive when ``c`` is left of ``a -> b`` in a y-up frame)."""
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _within(a: Point, b: Point, p: Point) -> bool:
    """Whether ``p`` lies in the bounding box of ``a`` and ``b``."""
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def on_segment(p: Point, a: Point, b: Point) -> bool:
    """Whether ``p`` lies on the closed segment ``a b``."""
    return orient(a, b, p) == 0 and _within(a, b, p)


def segments_touch(p: Point, q: Point, a: Point, b: Point) -> bool:
    """Whether the closed segments ``p q`` and ``a b`` share a point."""
    d1, d2 = orient(a, b, p), orient(a, b, q)
    d3, d4 = orient(p, q, a), orient(p, q, b)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (
        (d1 == 0 and _within(a, b, p))
        or (d2 == 0 and _within(a, b, q))
        or (d3 == 0 and _within(p, q, a))
        or (d4 == 0 and _within(p, q, b))
    )


def inside_or_on(p: Point, polygon: Sequence[Point]) -> bool:
    """Whether ``p`` is inside a convex polygon or on its boundary."""
    signs = {
        (orient(polygon[k - 1], polygon[k], p) > 0) - (orient(polygon[k - 1], polygon[k], p) < 0)
        for k in range(len(polygon))
    }
    return not {1, -1} <= signs


def segment_touches_polygon(p: Point, q: Point, polygon: Sequence[Point]) -> bool:
    """Whether the closed segment ``p q`` shares a point with a closed convex polygon."""
    if inside_or_on(p, polygon) or inside_or_on(q, polygon):
        return True
    return any(segments_touch(p, q, polygon[k - 1], polygon[k]) for k in range(len(polygon)))


def segment_enters_polygon(p: Point, q: Point, polygon: Sequence[Point]) -> bool:
    """Whether the segment ``p q`` passes through the open interior of a convex polygon.

    The segment's part inside the closed polygon is clipped exactly
    (Cyrus-Beck with fractions); it enters the interior when that part has a
    length and its midpoint is strictly inside.
    """
    low, high = Fraction(0), Fraction(1)
    sense = 1 if _area2(polygon) > 0 else -1
    for k in range(len(polygon)):
        a, b = polygon[k - 1], polygon[k]
        start = sense * orient(a, b, p)  # >= 0 inside
        delta = sense * orient(a, b, q) - start
        if delta == 0:
            if start < 0:
                return False
            continue
        t = Fraction(-start, delta)
        if delta > 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    if low >= high:
        return False
    mid = (low + high) / 2
    mx, my = p[0] + mid * (q[0] - p[0]), p[1] + mid * (q[1] - p[1])
    return all(
        sense * ((b[0] - a[0]) * (my - a[1]) - (b[1] - a[1]) * (mx - a[0])) > 0
        for a, b in zip((polygon[-1], *polygon[:-1]), polygon, strict=True)
    )


def _area2(polygon: Sequence[Point]) -> int:
    """Twice the signed area of a polygon."""
    return sum(polygon[k - 1][0] * polygon[k][1] - polygon[k][0] * polygon[k - 1][1] for k in range(len(polygon)))


def corner_pairs(a: Hex, b: Hex) -> Iterator[tuple[Point, Point]]:
    """Every segment from a corner of ``a`` to a corner of ``b`` (36 of them), in a fixed order."""
    for p in corners(a):
        for q in corners(b):
            yield p, q


def segment_touches_hex(p: Point, q: Point, h: Hex) -> bool:
    """Whether the closed segment ``p q`` shares a point with the closed hexagon of ``h`` (fast, exact).

    A separating-axis test on the hexagon's three side normals (the
    projections ``x``, ``x + y`` and ``x - y``, over which a hexagon spans
    ``[X-1, X+1]``, ``[X+Y-2, X+Y+2]`` and ``[X-Y-2, X-Y+2]``) and on the
    segment's normal; equal to :func:`segment_touches_polygon` on :func:`corners`.
    """
    cx, cy = centre(h)
    (x1, y1), (x2, y2) = p, q
    if max(x1, x2) < cx - 1 or min(x1, x2) > cx + 1:
        return False
    s1, s2, s = x1 + y1, x2 + y2, cx + cy
    if max(s1, s2) < s - 2 or min(s1, s2) > s + 2:
        return False
    d1, d2, d = x1 - y1, x2 - y2, cx - cy
    if max(d1, d2) < d - 2 or min(d1, d2) > d + 2:
        return False
    ox, oy = x2 - x1, y2 - y1
    above = below = False
    for kx, ky in ((cx, cy - 2), (cx + 1, cy - 1), (cx + 1, cy + 1), (cx, cy + 2), (cx - 1, cy + 1), (cx - 1, cy - 1)):
        side_of = ox * (ky - y1) - oy * (kx - x1)
        if side_of >= 0:
            above = True
        if side_of <= 0:
            below = True
    return above and below
