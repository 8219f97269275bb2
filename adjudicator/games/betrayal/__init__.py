"""Betrayal at House on the Hill: the house as a room graph, explorers and monsters with trait tracks.

:data:`GAME` is its registry entry; :mod:`.situation` reads its situation
files, :mod:`.answering` answers them, one module per query kind.
"""

from __future__ import annotations

from typing import Final

from adjudicator.games.betrayal.dice import DIE_FACES
from adjudicator.games.profiles import Profile
from adjudicator.games.registry import Game

_PACKAGE = __name__

GAME: Final = Game(
    id="betrayal",
    title="Betrayal at House on the Hill",
    profile=Profile("betrayal", "", ""),
    queries={
        "move": f"{_PACKAGE}.move",
        "reach": f"{_PACKAGE}.reach",
        "roll": f"{_PACKAGE}.q_roll",
        "attack": f"{_PACKAGE}.q_attack",
        "haunt_roll": f"{_PACKAGE}.q_haunt_roll",
        "damage": f"{_PACKAGE}.q_damage",
        "line_of_sight": f"{_PACKAGE}.q_line_of_sight",
    },
    space="room",
    dice=(),
    die_faces=DIE_FACES,
    situations=f"{_PACKAGE}.situation",
    answering=f"{_PACKAGE}.answering",
    dumper=f"{_PACKAGE}.dump",
)
"""The game entry: a roll uses as many dice as the trait or card says (``dice`` empty), each die showing
0, 0, 1, 1, 2 or 2 (``die_faces``, L377, L647)."""
