"""HorrorClix's situation files: every field of the shared Clix model, and the rule concepts of the game.

Monsters and victims, the hourglass on the dial, portals, tombstones and the
Tree of the Damned, insanity and possession, minions, the scenarios of the
first edition: :data:`HORRORCLIX` tells the shared engine
(:mod:`adjudicator.games.clix`) that this game has them. The data types of a
situation are the engine's (:mod:`adjudicator.games.clix.model`).
"""

from __future__ import annotations

from typing import Final

from adjudicator.games.clix.model import OBJECT_TYPES
from adjudicator.games.clix.profiles import Profile
from adjudicator.games.clix.variant import Capabilities, ClixFields, ClixGame
from adjudicator.games.horrorclix.words import WORDS

FIELDS: Final = ClixFields(
    top=("ruleset", "build_total", "scenario", "map", "pieces", "objects", "query", "readings", "expect"),
    figure=(
        *("id", "type", "player", "owner", "at", "speed", "attack", "defense", "damage", "range", "targets"),
        *("points", "move", "flight", "size", "tokens", "victims", "minion", "state"),
    ),
    token=("id", "type", "at", "speed", "face"),
    queries={
        "action": ("piece", "action", "acted_this_turn", "actions_left", "free_action_granted"),
        "move": ("piece", "to", "die", "frenzy"),
        "reach": ("piece", "die"),
        "line_of_fire": ("from", "to"),
        "attack": ("piece", "type", "targets", "roll", "divide"),
        "value": ("piece", "stat", "effects"),
        "end_turn": ("player", "acted"),
        "score": ("events",),
        "ruling": ("decision", "facts"),
    },
    score_event=("kill", "by_player", "phase"),
    object_types=OBJECT_TYPES,
    token_types=("victim",),
    hourglass=True,
)
"""Every field of the contract: HorrorClix is the game the situation file was first written for."""

HORRORCLIX: Final = ClixGame(
    id="horrorclix",
    title="HorrorClix",
    words=WORDS,
    profile=Profile("horrorclix", WORDS.figure, WORDS.token),
    capabilities=Capabilities(
        square_movement=True,
        victims=True,
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
    fields=FIELDS,
    scenarios={"horrorclix/1e": ("brume_spectrale", "parquet_qui_grince")},
)
"""Its decisions are the engine's own: the profile only drops facts a decision does not declare."""
