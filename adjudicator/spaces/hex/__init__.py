"""The hex space: pointy-topped hexes in odd-r offset rows, thin walls, exact integer corner segments.

This package is the kind's interface, the only part of it a game imports:
:class:`HexSpace` (the map as a game sees it) with its value types
(:class:`Hex`, :class:`Point`, :data:`Cube`, :class:`Segment`, :class:`Legend`),
the builder :data:`KIND` (``KIND.build(rows, legend, walls)``), and the pure
helpers a game's placements and pictures need: cube coordinates
(:func:`to_cube`, :func:`from_cube`, :func:`rotate`, :func:`mirror`), the
steps between two hexes (:func:`hex_distance`), the corners and centre of a
hex (:func:`corners`, :func:`centre`), the side two neighbours share
(:func:`side`) and the column letters of names
(:func:`column_letters`). The modules behind it: :mod:`.interface` (the
protocol and value types), :mod:`.board` (the map), :mod:`.geometry` (integer
geometry), :mod:`.space` (the kind).
"""

from adjudicator.spaces.hex.board import column_letters
from adjudicator.spaces.hex.geometry import (
    Cube,
    Hex,
    Point,
    centre,
    corners,
    from_cube,
    hex_distance,
    mirror,
    rotate,
    side,
    to_cube,
)
from adjudicator.spaces.hex.interface import HexSpace, Legend, Segment
from adjudicator.spaces.hex.space import KIND, HexKind

__all__ = [
    "KIND",
    "Cube",
    "Hex",
    "HexKind",
    "HexSpace",
    "Legend",
    "Point",
    "Segment",
    "centre",
    "column_letters",
    "corners",
    "from_cube",
    "hex_distance",
    "mirror",
    "rotate",
    "side",
    "to_cube",
]
