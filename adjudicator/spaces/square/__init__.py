"""The square grid: boards of squares with terrain, elevation, indoor marks, walls and stairs."""

from adjudicator.spaces.square.space import KIND

__all__ = ["KIND"]
