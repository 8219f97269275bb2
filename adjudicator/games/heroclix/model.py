"""HeroClix's situation files: the fields of the shared Clix model it has, and its rule concepts.

Characters (and bystanders, dialed like them), knockback, terrain judged at a
line's corner points. HeroClix asks many of HorrorClix's decisions under the
same ids; :data:`PROFILE` derives the facts its decisions declare that the
shared engine does not pass, and names the documented default of those no
situation field gives (a situation may give them under ``query.facts``).

What the engine knows only of HorrorClix is not a HeroClix field: victims,
the hourglass, portals, tombstones and Trees, insanity and possession,
minions, frenzies, scenarios and the phases of a turn.
"""

from __future__ import annotations

from typing import Final

from adjudicator.games.clix.profiles import Profile
from adjudicator.games.clix.variant import Capabilities, ClixFields, ClixGame
from adjudicator.games.heroclix.words import WORDS

FIELDS: Final = ClixFields(
    top=("ruleset", "build_total", "map", "pieces", "query", "readings", "expect"),
    figure=(
        *("id", "type", "player", "owner", "at", "speed", "attack", "defense", "damage", "range", "targets"),
        *("points", "move", "flight", "size", "tokens"),
    ),
    token=(),
    queries={
        "action": ("piece", "action", "acted_this_turn", "actions_left", "free_action_granted", "facts"),
        "move": ("piece", "to", "die", "facts"),
        "reach": ("piece", "die", "facts"),
        "line_of_fire": ("from", "to", "facts"),
        "attack": ("piece", "type", "targets", "roll", "divide", "facts"),
        "value": ("piece", "stat", "effects", "facts"),
        "end_turn": ("player", "acted", "facts"),
        "score": ("events", "facts"),
        "ruling": ("decision", "facts"),
    },
    score_event=("kill", "by_player"),
)
"""A bystander is dialed like a character (the figure's fields); no dial shows the hourglass."""

PROFILE: Final = Profile(
    "heroclix",
    WORDS.figure,
    WORDS.token,
    derived={
        "basics": lambda _: False,  # heroclix/core is the core game of Part 2, not the Basics of Part 1
        "gives_token": lambda f: f.get("action", "move") != "free",
        "placed": lambda _: False,  # a move action moves the character; nothing places it
        "hit": lambda _: True,  # damage.dealt is asked only for targets the roll hit
        "same_piece": lambda f: f.get("distance") == 0,
        "across_multibase": lambda f: bool(f.get("across_doublebase_diagonal", False)),
        "blocking_between": lambda f: bool(f.get("wall_between", False)) and not f.get("wall_end_only", False),
        # movement passes it for every mover (a multi-base base with a hindering square); a decision asked
        # without it (not a movement decision) concerns no multi-base base
        "multibase_any_hindering": lambda _: False,
        "support": lambda _: False,  # the query's roll is an attack roll, not a Support roll
        "to_self": lambda _: False,  # a line of fire query names two different ends
    },
    assumed={
        "modifier": (0, "no game effect modifies the break-away die"),
        "evaded": (False, "no game effect lets the target evade the hit"),
        "locked": (False, "no locked value applies (the contract's effects cannot lock a value)"),
        "locked_to": (0, "no locked value applies (the contract's effects cannot lock a value)"),
        "minimum": (0, "no game effect states a minimum for the value"),
        "ignores_hindering": (False, "no power lets the mover ignore hindering terrain"),
        "ignores_elevated": (False, "no power (Leap/Climb, Flight) lets the mover change elevation without stairs"),
        "knocked_out": (0, "no character of the player's team has been knocked out yet"),
        "effect_knockback": (False, "no game effect causes a knockback without a double"),
        "target_ignores": (False, "the target has no effect letting it ignore knockback (Charge, Colossal, Giant)"),
        "roll_a": (7, "no tie-break roll: the victory points do not tie"),
        "roll_b": (7, "no tie-break roll: the victory points do not tie"),
        "own_turn": (False, "the character was not KO'd during its own controller's turn"),
        "effects_requiring": (0, "no game effect requires extra break-away rolls"),
    },
)

HEROCLIX: Final = ClixGame(
    id="heroclix",
    title="HeroClix",
    words=WORDS,
    profile=PROFILE,
    capabilities=Capabilities(
        square_movement=True, knockback=True, corner_point_terrain=True, pushing=True, stairway_crossing=True
    ),
    fields=FIELDS,
)
