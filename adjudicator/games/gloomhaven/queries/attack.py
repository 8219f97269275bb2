"""The ``attack`` query: the exact damage distribution of one attack over the modifier deck.

Chain (GH.ATK.PIPELINE): the attack value (``attack.value``, poison +1), the
draw mode (``amd.draw_mode`` from advantage and disadvantage, both cancelling),
which drawn cards apply (``amd.applied``), each card's effect
(``amd.card_damage``) and the defender's Shield less Pierce
(``shield.damage_taken``). Every decision is asked of the spec once per distinct
question and cited, and each settles the damage, so each is marked deciding;
Shield is asked only of a target that has some, with the rule that each
defender applies its own Shield to the attack the card has made (L820, L864).
The enumeration of draws is :mod:`.deck`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
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
from adjudicator.games.gloomhaven.queries.card_pick import drawn_answer
from adjudicator.games.gloomhaven.queries.retaliate import after_damage
from adjudicator.situation.answer import Answer

if TYPE_CHECKING:
    from adjudicator.games.gloomhaven.model import Situation

DECKS_RULE = "GH.AMD.DECKS"
"""The rule that gives the base deck's size (its composition is a contract default)."""
PIPELINE_RULE = "GH.ATK.PIPELINE"
"""The order of an attack's steps."""
SHIELD_RULE = "GH.DEF.SHIELD"
"""Shield X reduces an attack's damage by X."""
CARD_RULES = {
    "plus": "GH.AMD.MODIFY",
    "times_two": "GH.AMD.MODIFY",
    "bless": "GH.AMD.BLESS",
    "curse": "GH.AMD.CURSE",
    "null_card": "GH.AMD.NULL",
}
"""The rule that says what each kind of modifier card does to the attack."""
CARD_WORDS = {
    "plus": "it adds what it shows, not below 0",
    "times_two": "it doubles the attack",
    "bless": "it doubles the attack",
    "curse": "no damage",
    "null_card": "no damage",
}
APPLY_RULE = "GH.DEF.APPLY"
"""Each defender applies its own defensive bonuses, after the modifier card (cited when the target has Shield)."""


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

    def note(self, rule: str, text: str, key: str) -> None:
        """A deciding step citing ``rule`` (once per ``key``), where a fact falls outside its decision's domain."""
        if key not in self.cited:
            self.cited.add(key)
            self.answer.note(self.ruling.rule_step(rule, text), decides=True)

    def ask(self, decision: str, facts: Mapping[str, Value], key: str | None = None) -> Value | None:
        """The decision's value; its trace is cited the first time ``key`` (default: decision) is asked."""
        result = self.ruling.decide(decision, facts)
        memo = (decision, tuple(sorted(facts.items())))
        if memo not in self.seen:
            self.seen.add(memo)
            tag = key or decision
            if tag not in self.cited:
                self.cited.add(tag)
                self.answer.cite(result, decides=True)
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
    try:
        value = _int(
            asker.ask("attack.value", {"base": attack.value, "adjustments": 0, "poisoned": attack.poisoned}),
            "attack.value",
        )
    except FactError:  # an attack beyond the decision's declared values: the same arithmetic, the same rule
        value = attack.value + (1 if attack.poisoned else 0)
        rule, why = ("GH.ATK.POISON", ", +1 on a poisoned target") if attack.poisoned else ("GH.ATK.ADJUST", "")
        asker.note(rule, f"attack {attack.value}{why}: {value}", "attack.value")
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
    for rolling in _rolling_counts(deck, mode):
        asker.ask("amd.applied", {"mode": mode, "rolling": rolling}, key=f"amd.applied/{rolling}")

    def card_value(card: Card, amount: int) -> int:
        facts: dict[str, Value] = {"value": amount, "card": card.kind, "add": card.add}
        try:
            return _int(asker.ask("amd.card_damage", facts, key=f"amd.card_damage/{card.kind}"), "amd.card_damage")
        except FactError:
            # outside the decision's declared domain (a +3 card, a value over 40): the same arithmetic, the same rule
            asker.note(CARD_RULES[card.kind], f"a {card.name} card: {CARD_WORDS[card.kind]}", f"card/{card.kind}")
            if card.kind == "plus":
                return max(0, amount + card.add)
            return 2 * amount if card.kind in {"times_two", "bless"} else 0

    def shield_value(amount: int) -> int:
        if attack.shield == 0:  # no Shield to reduce the damage: no rule of defence applies
            return amount
        facts: dict[str, Value] = {"after_card": amount, "shield": attack.shield, "pierce": attack.pierce}
        try:
            return _int(asker.ask("shield.damage_taken", facts), "shield.damage_taken")
        except FactError:
            rule = "GH.DEF.PIERCE" if attack.pierce else SHIELD_RULE
            asker.note(rule, f"Shield {attack.shield}, Pierce {attack.pierce}: the Shield left comes off", "shield")
            return max(0, amount - max(0, attack.shield - attack.pierce))

    _explain_defence(ruling, answer, attack)
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


def _rolling_counts(deck: Mapping[Card, int], mode: str) -> list[int]:
    """How many rolling cards can be among the first card (single draw) or the first two: only those are cited."""
    rollers = sum(n for card, n in deck.items() if card.rolling)
    others = sum(deck.values()) - rollers
    if mode == "single" or sum(deck.values()) == 1:
        return [r for r, possible in ((0, others > 0), (1, rollers > 0)) if possible]
    return [r for r, possible in ((0, others > 1), (1, rollers > 0 and others > 0), (2, rollers > 1)) if possible]


def _explain_defence(ruling: Ruling, answer: Answer, attack: AttackInput) -> None:
    """The target's own Shield applies after the card (L864); what Pierce leaves of it still reduces (L820)."""
    if attack.shield == 0:
        return
    answer.note(
        ruling.rule_step(
            APPLY_RULE,
            f"the target applies its own Shield {attack.shield} to the damage the card has made, not below 0"
            + (f"; Pierce {attack.pierce} ignores up to {attack.pierce} of it" if attack.pierce else ""),
        ),
        decides=True,
    )
    if attack.pierce and attack.shield > attack.pierce:  # Pierce decides the number, the Shield left still reduces
        left = attack.shield - attack.pierce
        text = f"the Shield left after Pierce, {left}, takes {left} off the damage of each attack"
        answer.note(ruling.rule_step(SHIELD_RULE, text), decides=True)


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
    """Answer a situation's ``attack`` query (with the target's Retaliate and the attack's effects, if given)."""
    attack = attack_input(situation.query, situation.pieces)
    drawn: tuple[str, ...] = getattr(situation.query, "drawn", ())
    if drawn:  # the two cards drawn are known: which one is used
        result = drawn_answer(spec, situation.ruleset, dict(situation.readings), attack, drawn)
    else:
        result = damage_answer(spec, situation.ruleset, situation.readings, attack)
    damage = {int(amount): Fraction(p) for amount, p in result.outcome["damage"].items()}
    after_damage(spec, situation, result, damage, poisoned=attack.poisoned)
    _mark(situation, result)
    return result


def _mark(situation: Situation, result: Answer) -> None:
    """What the picture marks: the target the query names, and its attacker when it names one."""
    by_id = {piece.id: piece for piece in situation.pieces}
    for key, field in (("targets", "target"), ("attacker", "attacker")):
        piece = by_id.get(getattr(situation.query, field, None) or "")
        if piece is not None:
            result.marks[key] = [piece.at]


__all__ = ["AttackInput", "answer", "attack_input", "damage_answer", "final_amount"]
