"""Game profiles: what differs between games that share the engine.

HorrorClix and HeroClix ask many of the same decisions (the same ids), but a
game names its pieces differently (``monster``/``victim`` against
``character``/``bystander``) and a decision may declare facts the other game
does not have. The engine computes one superset of facts; a profile adapts
them to the decision actually declared by the situation's game:

* facts the decision does not declare are dropped (HorrorClix-only facts such
  as ``state`` or ``close_combat`` are never passed to a HeroClix rule);
* enum words are translated (``monster`` -> ``character``, ``victim`` ->
  ``bystander``) when the declared enum has the game's word and not the
  engine's;
* a declared fact the engine did not pass is *derived* from the other facts
  when the situation decides it (``gives_token`` from ``action``), or else
  takes a documented default, reported under ``assumed`` in the outcome.

HorrorClix's profile only drops undeclared facts (its decisions are the engine's own).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final

from adjudicator.core.expr.compile import Value
from adjudicator.core.expr.types import BoolT, EnumT
from adjudicator.core.model import Decision

Derive = Callable[[Mapping[str, Value]], Value]


@dataclass(frozen=True)
class Profile:
    """The words and fact defaults of one game."""

    game: str
    figure: str
    token: str
    words: Mapping[str, str] = field(default_factory=dict)
    derived: Mapping[str, Derive] = field(default_factory=dict)
    """Facts computed from the other facts of the same decision."""
    assumed: Mapping[str, tuple[Value, str]] = field(default_factory=dict)
    """Facts no situation field gives: their default and why it is taken."""

    def adapt(self, decision: Decision, facts: Mapping[str, Value]) -> tuple[dict[str, Value], dict[str, str]]:
        """The facts ``decision`` declares, translated and completed; and the assumptions made."""
        out: dict[str, Value] = {}
        assumed: dict[str, str] = {}
        for name, fact in decision.facts.items():
            if name in facts:
                value = facts[name]
                if isinstance(fact.type, EnumT) and isinstance(value, str) and value not in fact.type.values:
                    value = self.words.get(value, value)
                elif isinstance(fact.type, BoolT) and isinstance(value, str):
                    value = value != "none"  # e.g. adjacent_opposing: none / same_level / other_level_only
                out[name] = value
            elif name in self.derived:
                out[name] = self.derived[name](facts)
            elif name in self.assumed:
                value, why = self.assumed[name]
                out[name] = value
                assumed[name] = f"{str(value).lower()}: {why}"
        return out, assumed


HORRORCLIX: Final = Profile("horrorclix", "monster", "victim")

HEROCLIX: Final = Profile(
    "heroclix",
    "character",
    "bystander",
    words={"monster": "character", "victim": "bystander"},
    derived={
        "basics": lambda _: False,  # heroclix/core is the core game of Part 2, not the Basics of Part 1
        "gives_token": lambda f: f.get("action", "move") != "free",
        "placed": lambda _: False,  # a move action moves the character; nothing places it
        "hit": lambda _: True,  # damage.dealt is asked only for targets the roll hit
        "same_piece": lambda f: f.get("distance") == 0,
        "across_multibase": lambda f: bool(f.get("across_doublebase_diagonal", False)),
        "blocking_between": lambda f: bool(f.get("wall_between", False)) and not f.get("wall_end_only", False),
        "multibase_any_hindering": lambda _: False,  # the engine moves single-base characters only
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

PROFILES: Final = {p.game: p for p in (HORRORCLIX, HEROCLIX)}


def profile(ruleset: str) -> Profile:
    """The profile of a ruleset's game (HorrorClix's, unchanged, for an unknown game)."""
    return PROFILES.get(ruleset.split("/", maxsplit=1)[0], HORRORCLIX)
