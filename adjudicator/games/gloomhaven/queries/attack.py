"""The ``attack`` query: the exact damage distribution of one attack over the modifier deck.

Chain (GH.ATK.PIPELINE): the attack value (``attack.value``, poison +1), the
draw mode (``amd.draw_mode`` from advantage and disadvantage, both cancelling),
which drawn cards apply (``amd.applied``), each card's effect
(``amd.card_damage``) and the defender's Shield less Pierce
(``shield.damage_taken``). Every decision is asked of the spec once per distinct
question and cited; the enumeration of draws is :mod:`.deck`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from adjudicator.core.engine import FactError
from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.deck import (
    STANDARD_DECK,
    Card,
    build_deck,
    damage_distribution,
    final_amount,
    mean,
)
from adjudicator.situation.answer import Answer

if TYPE_CHECKING:
    from adjudicator.games.gloomhaven.model import Situation

DECKS_RULE = "GH.AMD.DECKS"
"""The rule that gives the base deck's size (its composition is a contract default)."""
PIPELINE_RULE = "GH.ATK.PIPELINE"
"""The order of an attack's steps."""
SHIELD_RULE = "GH.DEF.SHIELD"
"""Shield reduces an attack's damage (cited when the target has Shield)."""


@dataclass(frozen=True)
class AttackInput:
    """The attack query's fields once defaults are resolved from the target piece."""

    value: int
    shield: int = 0
    pierce: int = 0
    poisoned: bool = False
    advantage: bool = False
    disadvantage: bool = False
    deck: tuple[str, ...] | None = None
    """The listed cards, or ``None`` for the contract's standard deck."""
    bless: int = 0
    curse: int = 0


class _Asker:
    """Asks decisions through the situation's ruling, citing a decision's trace the first time it is asked."""

    def __init__(self, ruling: Ruling, answer: Answer) -> None:
        self.ruling = ruling
        self.answer = answer
        self.seen: set[tuple[str, tuple[tuple[str, Value], ...]]] = set()
        self.cited: set[str] = set()

    def ask(self, decision: str, facts: Mapping[str, Value], key: str | None = None) -> Value | None:
        """The decision's value; its trace is cited the first time ``key`` (default: decision) is asked."""
        result = self.ruling.decide(decision, facts)
        memo = (decision, tuple(sorted(facts.items())))
        if memo not in self.seen:
            self.seen.add(memo)
            tag = key or decision
            if tag not in self.cited:
                self.cited.add(tag)
                self.answer.cite(result)
        return result.value


def _int(value: Value | None, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        msg = f"{what}: the rules give no number ({value!r})"
        raise FactError(msg)
    return value


def damage_answer(
    spec: Spec, ruleset: str, readings: Mapping[str, str], attack: AttackInput, query: str = "attack"
) -> Answer:
    """The answer of an ``attack`` query: ``damage`` {str: "p/q"} and ``mean``."""
    answer = Answer(ruleset, query, "answered")
    ruling = Ruling(spec, ruleset, readings)
    asker = _Asker(ruling, answer)
    value = _int(
        asker.ask("attack.value", {"base": attack.value, "adjustments": 0, "poisoned": attack.poisoned}),
        "attack.value",
    )
    if attack.deck is None:
        answer.note(
            ruling.rule_step(
                DECKS_RULE,
                "deck: the contract's standard deck (a contract default, not a cited rule): six +0, five +1, "
                "five -1, one +2, one -2, one x2, one null; the seed gives only its 20 cards",
            )
        )
    deck = build_deck(attack.deck if attack.deck is not None else STANDARD_DECK, attack.bless, attack.curse)
    mode = str(asker.ask("amd.draw_mode", {"advantage": attack.advantage, "disadvantage": attack.disadvantage}))
    rollers = sum(n for card, n in deck.items() if card.rolling)
    for rolling in range(min(rollers, 1 if mode == "single" else 2) + 1):
        asker.ask("amd.applied", {"mode": mode, "rolling": rolling}, key=f"amd.applied/{rolling}")

    def card_value(card: Card, amount: int) -> int:
        facts: dict[str, Value] = {"value": amount, "card": card.kind, "add": card.add}
        try:
            return _int(asker.ask("amd.card_damage", facts, key=f"amd.card_damage/{card.kind}"), "amd.card_damage")
        except FactError:
            # outside the decision's declared domain (a +3 card, a value over 40): the same arithmetic
            if card.kind == "plus":
                return max(0, amount + card.add)
            return 2 * amount if card.kind in {"times_two", "bless"} else 0

    def shield_value(amount: int) -> int:
        facts: dict[str, Value] = {"after_card": amount, "shield": attack.shield, "pierce": attack.pierce}
        try:
            return _int(asker.ask("shield.damage_taken", facts), "shield.damage_taken")
        except FactError:
            return max(0, amount - max(0, attack.shield - attack.pierce))

    if attack.shield > 0:
        answer.note(
            ruling.rule_step(
                SHIELD_RULE,
                f"the target's Shield {attack.shield} reduces the damage of each attack, not below 0"
                + (f"; Pierce {attack.pierce} ignores up to {attack.pierce} of it" if attack.pierce else ""),
            )
        )
    distribution = damage_distribution(deck, value, mode, card_value, shield_value)
    answer.outcome = {
        "damage": {str(d): str(p) for d, p in sorted(distribution.items()) if p},
        "mean": str(mean(distribution)),
    }
    answer.note(
        ruling.rule_step(
            PIPELINE_RULE,
            f"attack {value} against Shield {attack.shield}, Pierce {attack.pierce}, {mode} draw from "
            f"{sum(deck.values())} cards ({_deck_text(deck)}): every draw enumerated without replacement; "
            f"mean damage {answer.outcome['mean']}",
        )
    )
    return answer


def _deck_text(deck: Mapping[Card, int]) -> str:
    return ", ".join(f"{n} {card.name}" for card, n in sorted(deck.items()))


def attack_input(query: Any, pieces: Sequence[Any]) -> AttackInput:
    """The attack fields of a situation's query, the target piece supplying Shield and poison by default."""
    target = next((p for p in pieces if p.id == getattr(query, "target", None)), None)
    shield = getattr(query, "shield", None)
    poisoned = getattr(query, "poisoned", None)
    deck = getattr(query, "deck", None)
    return AttackInput(
        value=int(query.value),
        shield=int(shield if shield is not None else (getattr(target, "shield", 0) if target else 0)),
        pierce=int(getattr(query, "pierce", 0) or 0),
        poisoned=bool(poisoned if poisoned is not None else (target is not None and "poison" in target.conditions)),
        advantage=bool(getattr(query, "advantage", False)),
        disadvantage=bool(getattr(query, "disadvantage", False)),
        deck=None if deck is None or deck == "standard" else tuple(deck),
        bless=int(getattr(query, "bless", 0) or 0),
        curse=int(getattr(query, "curse", 0) or 0),
    )


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a situation's ``attack`` query."""
    attack = attack_input(situation.query, situation.pieces)
    return damage_answer(spec, situation.ruleset, situation.readings, attack)


__all__ = ["AttackInput", "answer", "attack_input", "damage_answer", "final_amount"]
