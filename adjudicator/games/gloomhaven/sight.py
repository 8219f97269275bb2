"""Line-of-sight facts shared by the queries: what a line touches, and which figures or obstacles lie between.

The space finds the corner-to-corner lines (``HexSpace.clear_segment``,
``corner_segments``); the rules decide each with ``los.line_clear``, whose facts
are read here. Figures and obstacles block nothing (L496-497), so whether one
lies between two hexes only decides which rule a trace cites: a hex counts
as between when the clear line found, or the line joining the two centres,
passes through it.
"""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction
from typing import Final

from adjudicator.core.ruling import Ruling
from adjudicator.games.gloomhaven.terrain import touches_door, touches_wall
from adjudicator.spaces.hex import Hex, HexSpace, Point, Segment, centre, corners, hex_distance


def blockers(board: HexSpace, occupied: Collection[Hex]) -> frozenset[Hex]:
    """The hexes holding a figure (``occupied``) or an obstacle: what a line may pass over without being blocked."""
    obstacles = (h for h, word in board.terrain_map().items() if word == "obstacle")
    return frozenset(occupied).union(obstacles)


def between(board: HexSpace, held: Collection[Hex], a: Hex, b: Hex, line: Segment | None = None) -> list[Hex]:
    """The hexes of ``held`` (figures and obstacles, :func:`blockers`) other than ``a`` and ``b`` on the way.

    Only those hexes are tested, each against the lines (a few integer cross products), so the map's other
    hexes cost nothing. In reading order.
    """
    segments = [(centre(a), centre(b))]
    if line is not None:
        segments.append((line.start, line.end))
    near, ends = hex_distance(a, b), {a, b}
    found = [
        h
        for h in held
        if h not in ends
        and hex_distance(a, h) + hex_distance(h, b) <= near + 1
        and any(_enters(p, q, h) for p, q in segments)
    ]
    return sorted(found, key=board.sort_key)


def _enters(p: Point, q: Point, h: Hex) -> bool:
    """Whether the segment ``p q`` passes through the inside of hex ``h`` (not only along its edge or a corner)."""
    poly = corners(h)
    sign = 1 if _area2(poly) > 0 else -1
    low, high = Fraction(0), Fraction(1)
    dx, dy = q[0] - p[0], q[1] - p[1]
    for i, v in enumerate(poly):
        w = poly[(i + 1) % len(poly)]
        ex, ey = w[0] - v[0], w[1] - v[1]
        # inside: sign * cross(edge, point - v) > 0, linear in t along the segment: a + b t > 0
        a = sign * (ex * (p[1] - v[1]) - ey * (p[0] - v[0]))
        slope = sign * (ex * dy - ey * dx)
        if slope == 0:
            if a <= 0:
                return False
        elif slope > 0:
            low = max(low, Fraction(-a, slope))
        else:
            high = min(high, Fraction(-a, slope))
    return low < high


def _area2(poly: tuple[Point, ...]) -> int:
    """Twice the signed area of a polygon (its orientation)."""
    return sum(poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1] for i in range(6))


def line_facts(line: Segment, busy: bool, adjacent: bool = False) -> dict[str, bool]:
    """The facts of ``los.line_clear`` for one corner-to-corner line (``adjacent``: its two hexes are adjacent)."""
    return {
        "touches_wall": touches_wall(line),
        "touches_wall_corner": line.thin_wall_end,
        "touches_closed_door": touches_door(line),
        "touches_partial_hex": line.outside,
        "touches_figure_or_obstacle": busy,
        "ends_adjacent": adjacent,
    }


ADJACENT_BLIND: Final = {
    "touches_wall": True,
    "touches_wall_corner": False,
    "touches_closed_door": False,
    "touches_partial_hex": True,
    "touches_figure_or_obstacle": False,
    "ends_adjacent": True,
}
"""``los.line_clear`` facts of a line between adjacent hexes touching walls and the map's edge.

Clear only when adjacency alone gives sight (the reading ``always_clear`` of GH.LOS.ADJACENT).
"""


def adjacent_always_see(ruling: Ruling) -> bool:
    """Whether, under the ruling's readings, adjacent hexes see each other whatever walls their corners touch."""
    return ruling.decide("los.line_clear", ADJACENT_BLIND).value is True


def sees(board: HexSpace, a: Hex, b: Hex, *, adjacent_sees: bool) -> bool:
    """Line of sight from ``a`` to ``b``: a clear corner-to-corner line, or adjacency when ``adjacent_sees``."""
    return board.visible(a, b) or (adjacent_sees and b in board.adjacent(a))
