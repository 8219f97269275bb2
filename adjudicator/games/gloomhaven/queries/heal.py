"""The ``heal`` query: what Heal X does to one figure (an optional extension of the contract).

Three decisions, each cited as deciding: which of Poison and Wound the heal
takes off (``heal.removes``: GH.HEAL.WOUND, GH.HEAL.POISON, GH.HEAL.BOTH), the
hit points it gives back (``heal.hp_restored``: none on a poisoned figure) and,
when the figure's hit points are given, where they end (``heal.hp_after``:
GH.HEAL.MAX, never above the figure's maximum). :func:`heal_steps` is shared
with the ``long_rest`` query, whose Heal 2 Self follows the same rules.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import HealQuery, Situation
from adjudicator.situation.answer import Answer

REMOVED = {"none": [], "wound": ["wound"], "poison": ["poison"], "both": ["poison", "wound"]}
"""The tokens each value of ``heal.removes`` takes off."""


def heal_steps(
    ruling: Ruling,
    answer: Answer,
    amount: int,
    conditions: tuple[bool, bool],
    hit_points: tuple[int, int] | None,
) -> dict[str, Any]:
    """The outcome of Heal ``amount`` on a figure, citing each decision as deciding.

    ``conditions`` is (poisoned, wounded); ``hit_points`` is (before, maximum) when known.
    """
    poisoned, wounded = conditions
    facts: dict[str, Value] = {"poisoned": poisoned, "wounded": wounded}
    where = f"Heal {amount} on a figure {_state(poisoned, wounded)}"
    removes = answer.cite(ruling.decide("heal.removes", facts), where, decides=True).value
    result = answer.cite(ruling.decide("heal.hp_restored", {**facts, "heal": amount}), where, decides=True)
    restored = int(result.value) if isinstance(result.value, int) else 0
    out: dict[str, Any] = {"restored": restored, "removes": REMOVED[str(removes)]}
    if hit_points is not None:
        before, top = hit_points
        after_facts: dict[str, Value] = {"hp": before, "restored": restored, "max_hp": top}
        said = f"{before} of {top} hit points, {restored} given back"
        after = answer.cite(ruling.decide("heal.hp_after", after_facts), said, decides=True).value
        out["hit_points"] = int(after) if isinstance(after, int) else before
    return out


def _state(poisoned: bool, wounded: bool) -> str:
    words = [word for word, has in (("poisoned", poisoned), ("wounded", wounded)) if has]
    return " and ".join(words) if words else "neither poisoned nor wounded"


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a situation's ``heal`` query: ``restored``, ``removes`` and, with its HP given, ``hit_points``."""
    query = situation.query
    if not isinstance(query, HealQuery):
        msg = f"not a heal query: {query.kind}"
        raise TypeError(msg)
    target = situation.piece(query.target) if query.target is not None else None
    poisoned = query.poisoned if query.poisoned is not None else bool(target and target.has("poison"))
    wounded = query.wounded if query.wounded is not None else bool(target and target.has("wound"))
    hp = None if query.hit_points is None or query.max_hit_points is None else (query.hit_points, query.max_hit_points)
    result = Answer(situation.ruleset, "heal", "answered")
    ruling = Ruling(spec, situation.ruleset, situation.readings)
    result.outcome = heal_steps(ruling, result, query.amount, (poisoned, wounded), hp)
    if target is not None:
        result.marks["targets"] = [target.at]
    return result
