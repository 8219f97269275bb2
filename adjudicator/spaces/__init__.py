"""Geometry: the space interface and its kinds (square grid, hex grid, room graph).

A space is the playing area of one situation (see :mod:`adjudicator.spaces.base`).
Each kind is a package whose ``__init__`` is the kind's own interface: the
protocol of the methods its games may call beyond :class:`Space`, its value
types and its builder ``KIND``. Game code imports this package, ``base`` and
a kind's package, never a kind's modules. :mod:`adjudicator.spaces.kinds`
finds a kind by name.
"""

from __future__ import annotations

from adjudicator.spaces.base import Away, Crossing, Direction, Edge, Line, MapText, Space, SpaceId, Step

__all__ = [
    "Away",
    "Crossing",
    "Direction",
    "Edge",
    "Line",
    "MapText",
    "Space",
    "SpaceId",
    "Step",
]
