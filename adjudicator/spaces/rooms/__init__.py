"""The room-graph space: a house of room tiles on three floors (see :mod:`adjudicator.spaces.rooms.house`)."""

from adjudicator.spaces.rooms.house import FLOORS, SIDES, House, Link, Obstacle, Passage, Room
from adjudicator.spaces.rooms.space import KIND

__all__ = ["FLOORS", "KIND", "SIDES", "House", "Link", "Obstacle", "Passage", "Room"]
