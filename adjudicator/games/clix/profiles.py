"""Game profiles: what differs between games that share the engine.

HorrorClix and HeroClix ask many of the same decisions (the same ids), but a
game names its pieces differently (``monster``/``victim`` against
``character``/``bystander``) and a decision may declare facts the other game
does not have. The engine computes one superset of facts, naming pieces in the
game's own words (:attr:`Profile.figure`, :attr:`Profile.token`); a profile
adapts them to the decision actually declared by the situation's game:

* facts the decision does not declare are dropped (HorrorClix-only facts such
  as ``state`` or ``close_combat`` are never passed to a HeroClix rule);
* a declared fact the engine did not pass is *derived* from the other facts
  when the situation decides it (``gives_token`` from ``action``), or else
  takes a documented default, reported under ``assumed`` in the outcome.

HorrorClix's profile only drops undeclared facts (its decisions are the engine's own).
The profiles themselves live with their games (:mod:`adjudicator.games.horrorclix`,
:mod:`adjudicator.games.heroclix`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from adjudicator.core.expr.compile import Value
from adjudicator.core.expr.types import BoolT
from adjudicator.core.model import Decision

Derive = Callable[[Mapping[str, Value]], Value]


@dataclass(frozen=True)
class Profile:
    """The words and fact defaults of one game."""

    game: str
    figure: str
    """The word for a piece with a dial (``monster``, ``character``)."""
    token: str
    """The word for a token piece (``victim``, ``bystander``; empty for a game with none)."""
    derived: Mapping[str, Derive] = field(default_factory=dict)
    """Facts computed from the other facts of the same decision."""
    assumed: Mapping[str, tuple[Value, str]] = field(default_factory=dict)
    """Facts no situation field gives: their default and why it is taken."""

    def adapt(self, decision: Decision, facts: Mapping[str, Value]) -> tuple[dict[str, Value], dict[str, str]]:
        """The facts ``decision`` declares, completed; and the assumptions made."""
        out: dict[str, Value] = {}
        assumed: dict[str, str] = {}
        for name, fact in decision.facts.items():
            if name in facts:
                value = facts[name]
                if isinstance(fact.type, BoolT) and isinstance(value, str):
                    value = value != "none"  # e.g. adjacent_opposing: none / same_level / other_level_only
                out[name] = value
            elif name in self.derived:
                out[name] = self.derived[name](facts)
            elif name in self.assumed:
                value, why = self.assumed[name]
                out[name] = value
                assumed[name] = f"{str(value).lower()}: {why}"
        return out, assumed
