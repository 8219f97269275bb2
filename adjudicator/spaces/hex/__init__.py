"""The hex space: pointy-topped hexes in odd-r offset rows, thin walls, exact integer line of sight.

:class:`HexMap` (in :mod:`.board`) is the space; :mod:`.geometry` holds the
integer geometry and the cube helpers (:func:`to_cube`, :func:`from_cube`,
:func:`rotate`, :func:`mirror`) that area-of-effect placement uses;
:mod:`.picture` draws maps; :mod:`.space` is the registry's kind.
"""

from adjudicator.spaces.hex.board import FEATURES, HexMap, SightLine, build_map, hex_name, parse_hex
from adjudicator.spaces.hex.geometry import DIRECTIONS, Hex, Point, from_cube, hex_distance, mirror, rotate, to_cube
from adjudicator.spaces.hex.space import KIND

__all__ = [
    "DIRECTIONS",
    "FEATURES",
    "KIND",
    "Hex",
    "HexMap",
    "Point",
    "SightLine",
    "build_map",
    "from_cube",
    "hex_distance",
    "hex_name",
    "mirror",
    "parse_hex",
    "rotate",
    "to_cube",
]
