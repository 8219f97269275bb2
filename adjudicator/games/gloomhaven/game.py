"""The Gloomhaven game entry: hex space, situation reader, answering module, query kinds."""

from __future__ import annotations

from typing import Final

from adjudicator.games.profiles import Profile
from adjudicator.games.registry import Game

PACKAGE: Final = "adjudicator.games.gloomhaven"

GAME: Final = Game(
    "gloomhaven",
    "Gloomhaven",
    Profile("gloomhaven", "figure", ""),
    queries={
        "monster_turn": f"{PACKAGE}.monster_turn",
        "line_of_sight": f"{PACKAGE}.sight",
        "range": f"{PACKAGE}.ranges",
        "move": f"{PACKAGE}.move",
        "attack": f"{PACKAGE}.attack",
        "initiative": f"{PACKAGE}.initiative",
        "scenario_level": f"{PACKAGE}.scenario_level",
    },
    space="hex",
    dice=(),
    situations=f"{PACKAGE}.reader",
    answering=f"{PACKAGE}.answering",
    dumper=f"{PACKAGE}.dump",
)
"""Registered by :mod:`adjudicator.games` (replacing the planned entry)."""
