"""After an attack's damage: the target's Retaliate on the attacker, and the conditions the attack gives.

Part of the ``attack`` query (its optional fields ``attacker``, ``retaliate``,
``retaliate_range``, ``distance``, ``hit_points`` and ``effects``). Retaliate X
hurts the attacker by X when it stands within the Retaliate's range (1, or its
Range Y) of the target and the target lives through the attack
(``shield.retaliate_damage``: GH.DEF.RETALIATE, GH.DEF.RETALIATE.DEAD). It is
not an attack: no modifier card, and the attacker's Shield does not reduce it
(``shield.reduces``: GH.DEF.RETALIATE.NOT_ATTACK); nor does it target, so an
invisible attacker still suffers it (``condition.blocks``: GH.COND.INVISIBLE).
The attack's effects resolve after its damage, even at 0 (``attack.effects_apply``:
GH.ATK.EFFECTS_AT_ZERO): a Poison it gives does not add 1 to that same attack.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction

from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import AttackQuery, Piece, Situation
from adjudicator.situation.answer import Answer

NO_RANGE = 20
"""The largest distance the decision declares; a target with no range count to the attacker is at least this far."""
MAX_FACT = 10
"""The largest Retaliate and Range Y the decision declares."""


def _pieces(situation: Situation, query: AttackQuery) -> tuple[Piece | None, Piece | None]:
    by_id = {p.id: p for p in situation.pieces}
    return by_id.get(query.attacker or ""), by_id.get(query.target or "")


def distance(situation: Situation, query: AttackQuery) -> tuple[int, str]:
    """Range from the target to the attacker, and where it comes from (the query, the pieces, or adjacent)."""
    if query.distance is not None:
        return query.distance, "given"
    attacker, target = _pieces(situation, query)
    if attacker is None or target is None:
        return 1, "adjacent by default"
    counted = situation.board.clear_distance(target.at, attacker.at)
    return (NO_RANGE if counted is None else min(counted, NO_RANGE)), "counted from the pieces around walls"


def after_damage(
    spec: Spec, situation: Situation, answer: Answer, damage: Mapping[int, Fraction], *, poisoned: bool
) -> None:
    """Add ``retaliate_damage`` and ``effects`` to an attack's answer, citing what decides them.

    ``poisoned``: the target was poisoned before the attack (its +1 is already in ``damage``).
    """
    query = situation.query
    if not isinstance(query, AttackQuery):
        return
    ruling = Ruling(spec, situation.ruleset, situation.readings)
    survives = _survival(query, damage)
    if query.retaliate:
        answer.outcome["retaliate_damage"] = _retaliate(ruling, situation, query, answer, survives)
    if query.effects:
        answer.outcome["effects"] = _effects(ruling, query, answer, damage, survives, poisoned=poisoned)


def _survival(query: AttackQuery, damage: Mapping[int, Fraction]) -> dict[bool, Fraction]:
    """The probability that the target lives through the attack (``True``) or not, from its hit points."""
    out: dict[bool, Fraction] = defaultdict(Fraction)
    for amount, p in damage.items():
        if p:
            out[query.hit_points is None or amount < query.hit_points] += p
    return dict(out)


def _retaliate(
    ruling: Ruling, situation: Situation, query: AttackQuery, answer: Answer, survives: Mapping[bool, Fraction]
) -> dict[str, str]:
    """Retaliate's damage to the attacker, by probability (cited: range, survival, not an attack)."""
    far, source = distance(situation, query)
    reach = query.retaliate_range or 1
    out: dict[int, Fraction] = defaultdict(Fraction)
    for lives, p in sorted(survives.items(), reverse=True):
        facts: dict[str, Value] = {
            "retaliate": min(query.retaliate, MAX_FACT),
            "stated_range": min(query.retaliate_range, MAX_FACT),
            "distance": max(1, far),
            "defender_survived": lives,
        }
        what = "lives through the attack" if lives else "is killed or exhausted by it"
        where = f"Retaliate {query.retaliate} (range {reach}), attacker at range {far} ({source}); the target {what}"
        result = answer.cite(ruling.decide("shield.retaliate_damage", facts), where, decides=True)
        hurt = result.value if isinstance(result.value, int) and not isinstance(result.value, bool) else 0
        out[hurt] += p
    attacker, _ = _pieces(situation, query)
    if attacker is not None and attacker.shield and any(out.get(d) for d in out if d):
        where = f"{attacker.id}'s Shield {attacker.shield} against Retaliate"
        answer.cite(ruling.decide("shield.reduces", {"source": "retaliate"}), where, decides=True)
    if attacker is not None and attacker.has("invisible"):
        facts = {"condition": "invisible", "activity": "be_affected_untargeted"}
        where = f"{attacker.id} is invisible, but Retaliate does not target it"
        answer.cite(ruling.decide("condition.blocks", facts), where, decides=True)
    return {str(d): str(p) for d, p in sorted(out.items()) if p}


def _effects(
    ruling: Ruling,
    query: AttackQuery,
    answer: Answer,
    damage: Mapping[int, Fraction],
    survives: Mapping[bool, Fraction],
    *,
    poisoned: bool,
) -> dict[str, str]:
    """Each condition the attack gives and the probability it lands (unless the attack kills the target)."""
    least = min((d for d, p in damage.items() if p), default=0)
    facts: dict[str, Value] = {"damage": min(least, 40), "target_killed": False}
    where = f"{', '.join(query.effects)} after the damage ({least} at least)"
    answer.cite(ruling.decide("attack.effects_apply", facts), where, decides=True)
    if survives.get(False):
        killed: dict[str, Value] = {"damage": min(max(damage), 40), "target_killed": True}
        answer.cite(ruling.decide("attack.effects_apply", killed), "when the attack kills the target", decides=True)
    if "poison" in query.effects and not poisoned:
        text = "the Poison this attack gives comes after its damage: it does not add 1 to this same attack"
        answer.note(ruling.rule_step("GH.ATK.PIPELINE", text), decides=True)
    lands = str(survives.get(True, Fraction(0)))
    return dict.fromkeys(query.effects, lands)
