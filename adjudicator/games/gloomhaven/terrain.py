"""Gloomhaven's terrain: what each map character is, and which hexes stop steps, lines of sight and range.

The hex space computes geometry from the data given here (:data:`LEGEND`):
a *solid* hex is adjacent to no hex, an *opaque* one blocks a corner-to-corner
segment and is never entered by a clear count of steps. This module says
which features those are, and reads the space's facts back as the rules'
words (:func:`feature`, :func:`touches_wall`, :func:`touches_door`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from adjudicator.spaces.hex import KIND, Hex, HexSpace, Legend, Segment

FEATURES: Final = {
    ".": "none",
    "x": "wall",
    "o": "obstacle",
    "t": "trap",
    "h": "hazardous",
    "d": "difficult",
    "D": "closed_door",
    "L": "locked_door",
    "/": "open_door",
}
"""Terrain character -> feature word (the words of the movement decisions)."""
WALL: Final = "wall"
DOORS: Final = frozenset({"closed_door", "locked_door"})
"""Closed doors, locked or not."""
SOLID: Final = frozenset({WALL})
"""Features no hex is adjacent to: hexes separated by a wall are not adjacent (L1659-1660); doors stay adjacent."""
SIGHT_BLOCKERS: Final = frozenset({WALL, *DOORS})
"""Features a line of sight may not touch (L496-498) and a range count may not pass (L499-502).

A closed door is a wall but for a character entering it; a hex only partly on
the map counts as wall (L498): the space's off-map positions.
"""
LEGEND: Final = Legend(FEATURES, solid=SOLID, opaque=SIGHT_BLOCKERS)
"""The hex space's legend of a Gloomhaven map."""


def build_board(rows: Sequence[str], walls: Iterable[tuple[Hex, Hex]] = ()) -> HexSpace:
    """A Gloomhaven map from terrain rows (spaces ignored) and thin-wall pairs; ``ValueError`` naming the bad one."""
    return KIND.build(rows, LEGEND, walls)


def feature(board: HexSpace, h: Hex) -> str:
    """What ``h`` is (a word of :data:`FEATURES`); ``wall`` off the map (L498)."""
    word = board.terrain_at(h)
    return WALL if word is None else word


def touches_wall(line: Segment) -> bool:
    """A line touches a wall: a wall hex, or a thin wall beyond merely its end corner (L496-498)."""
    return WALL in line.opaque or line.thin_wall


def touches_door(line: Segment) -> bool:
    """A line touches a closed or locked door (L496-498)."""
    return bool(line.opaque & DOORS)
