"""The room-graph space: a house of room tiles on three floors (see :mod:`adjudicator.spaces.rooms.house`)."""

from adjudicator.spaces.rooms.house import FLOORS, SIDES, House, Link, Obstacle, Passage, Room

__all__ = ["FLOORS", "SIDES", "House", "Link", "Obstacle", "Passage", "Room"]
