"""Two modifier cards drawn with advantage or disadvantage: which one is used (the ``attack`` field ``drawn``).

Each card's damage is worked as one attack's (``attack.value``,
``amd.card_damage``, ``shield.damage_taken``); the two are compared with their
effects (``amd.compare``: GH.AMD.AMBIGUOUS, an effect is worth something but
no set amount, L703-707, L1672-1674), and the card used is ``amd.pick``
(GH.AMD.ADV, GH.AMD.DIS): the better or the worse, and the first card drawn
when the comparison is ambiguous (L702, L731).
"""

from __future__ import annotations

from typing import Any, Protocol

from adjudicator.core.engine import FactError
from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.deck import Card, parse_card
from adjudicator.situation.answer import Answer

MAX_FACT = 40
"""The largest attack amount the decisions declare."""


class _AttackFields(Protocol):
    """The attack's fields this module reads (``queries.attack.AttackInput`` has them)."""

    @property
    def value(self) -> int: ...
    @property
    def shield(self) -> int: ...
    @property
    def pierce(self) -> int: ...
    @property
    def poisoned(self) -> bool: ...
    @property
    def advantage(self) -> bool: ...
    @property
    def disadvantage(self) -> bool: ...


def _split(text: str) -> tuple[Card, str]:
    """A drawn card's number and its effects as written (``""`` for none)."""
    words = text.split()
    return parse_card(words[0]), " ".join(words[1:])


def _ask_int(ruling: Ruling, answer: Answer, decision: str, facts: dict[str, Value], where: str) -> int:
    result = answer.cite(ruling.decide(decision, facts), where, decides=True)
    if not isinstance(result.value, int) or isinstance(result.value, bool):
        msg = f"{decision}: the rules give no number ({result.value!r})"
        raise FactError(msg)
    return result.value


def drawn_answer(
    spec: Spec, ruleset: str, readings: dict[str, str], attack: _AttackFields, drawn: tuple[str, ...]
) -> Answer:
    """The answer of an attack whose two drawn cards are known: the card used and the damage."""
    answer = Answer(ruleset, "attack", "answered")
    ruling = Ruling(spec, ruleset, readings)
    facts: dict[str, Value] = {"base": attack.value, "adjustments": 0, "poisoned": attack.poisoned}
    value = _ask_int(ruling, answer, "attack.value", facts, "the attack")
    mode = str(
        answer.cite(
            ruling.decide("amd.draw_mode", {"advantage": attack.advantage, "disadvantage": attack.disadvantage}),
            decides=True,
        ).value
    )
    answer.cite(ruling.decide("amd.applied", {"mode": mode, "rolling": 0}), decides=True)
    cards = [_split(text) for text in drawn]
    damages = [
        _damage(ruling, answer, attack, value, card=card, text=text)
        for (card, _), text in zip(cards, drawn, strict=True)
    ]
    (_, effect_a), (_, effect_b) = cards
    pair: dict[str, Value] = {
        "dmg_first": min(damages[0], MAX_FACT),
        "dmg_second": min(damages[1], MAX_FACT),
        "effect_first": bool(effect_a),
        "effect_second": bool(effect_b),
        "same_effect": bool(effect_a) and effect_a == effect_b,
    }
    where = f"{drawn[0]} (drawn first, {damages[0]} damage) against {drawn[1]} ({damages[1]} damage)"
    compared = str(answer.cite(ruling.decide("amd.compare", pair), where, decides=True).value)
    picked = str(answer.cite(ruling.decide("amd.pick", {"mode": mode, **pair}), where, decides=True).value)
    used = 0 if picked == "first" else 1
    outcome: dict[str, Any] = {
        "damage": {str(damages[used]): "1"},
        "mean": str(damages[used]),
        "compare": compared,
        "used": drawn[used],
    }
    answer.outcome = outcome
    return answer


def _damage(ruling: Ruling, answer: Answer, attack: _AttackFields, value: int, *, card: Card, text: str) -> int:
    """The damage the target takes when ``card`` applies (its effects aside)."""
    facts: dict[str, Value] = {"value": min(value, MAX_FACT), "card": card.kind, "add": card.add}
    amount = _ask_int(ruling, answer, "amd.card_damage", facts, f"with {text}")
    if attack.shield == 0:
        return amount
    shield: dict[str, Value] = {"after_card": amount, "shield": attack.shield, "pierce": attack.pierce}
    return _ask_int(ruling, answer, "shield.damage_taken", shield, f"with {text}")
