"""HorrorClix (the 1e and 2008 rulesets): monsters and victims, slaying, the hourglass, giants.

Its decisions are the engine's own: the profile only drops facts a decision
does not declare.
"""

from __future__ import annotations

from typing import Final

from adjudicator.games.clix import QUERIES
from adjudicator.games.profiles import Profile
from adjudicator.games.registry import Capabilities, Game

HORRORCLIX: Final = Profile("horrorclix", "monster", "victim")

GAME: Final = Game(
    "horrorclix",
    "HorrorClix",
    HORRORCLIX,
    Capabilities(
        square_movement=True,
        slaying=True,
        base_damage_rule=True,
        knocked_down_damage=True,
        fliers_knocked_down=True,
        dial_value_rule=True,
        hourglass=True,
        phases=True,
        victim_points=True,
        soaring_bonus=True,
        giant_size_class=True,
    ),
    QUERIES,
    scenarios={"horrorclix/1e": ("brume_spectrale", "parquet_qui_grince")},
)
