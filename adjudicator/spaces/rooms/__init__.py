"""The room space: a house of room tiles on a grid per floor, doors on their sides, and extra ways between places.

This package is the kind's interface: games import it, never its modules.
:class:`RoomSpace` is what a game may ask of a house beyond
:class:`~adjudicator.spaces.base.Space`; the value types are the tiles
(:class:`Room`, split in :class:`Part` places), the extra ways the builder
passes in (:class:`Link`) and the ways out of a place (:class:`Passage`);
:data:`KIND` builds a house (``KIND.house(rooms, links)``). The house knows
no tile by its name: which tiles carry which ways is the game's to say.
"""

from __future__ import annotations

from adjudicator.spaces.rooms.house import (
    DOORS,
    FALSE_OPENING,
    FLOORS,
    OPPOSITE,
    SEALED,
    SIDES,
    UNEXPLORED,
    Link,
    Part,
    Passage,
    Room,
)
from adjudicator.spaces.rooms.interface import RoomSpace
from adjudicator.spaces.rooms.space import KIND, RoomKind

__all__ = [
    "DOORS",
    "FALSE_OPENING",
    "FLOORS",
    "KIND",
    "OPPOSITE",
    "SEALED",
    "SIDES",
    "UNEXPLORED",
    "Link",
    "Part",
    "Passage",
    "Room",
    "RoomKind",
    "RoomSpace",
]
