"""The ``card_attacks`` query: several attack abilities of one monster card, in order (an optional extension).

Every attack ability of the card goes at the same target while it lives; once
it is dead (a character exhausted, L1238) the next ability needs a new target
(``monster.next_attack_target``: GH.MATK.SAME_TARGET, L1369-1371). The file
gives the damage each ability deals; the answer names each ability's target,
``new_target`` for those after the first target has fallen, whose target the
focus rules choose again.
"""

from __future__ import annotations

from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import CardAttacksQuery, Situation
from adjudicator.situation.answer import Answer

NEW_TARGET = "new_target"
SAME_TARGET_RULE = "GH.MATK.SAME_TARGET"
EXHAUSTED_RULE = "GH.DMG.EXHAUST_HP"


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a ``card_attacks`` query: ``targets`` (one per ability), ``hit_points_left`` and ``killed_by``."""
    query = situation.query
    if not isinstance(query, CardAttacksQuery):
        msg = f"not a card_attacks query: {query.kind}"
        raise TypeError(msg)
    result = Answer(situation.ruleset, "card_attacks", "answered")
    ruling = Ruling(spec, situation.ruleset, situation.readings)
    hp, killed_by = query.hit_points, None
    targets: list[str] = []
    for number, damage in enumerate(query.damages, 1):
        if number > 1:
            where = f"attack {number}: {query.target} {'lives' if hp > 0 else 'is dead'}"
            result.cite(ruling.decide("monster.next_attack_target", {"target_alive": hp > 0}), where, decides=True)
        if hp <= 0:
            targets.append(NEW_TARGET)
            continue
        targets.append(query.target)
        hp -= damage
        if hp <= 0:
            killed_by = number
            text = f"attack {number} deals {damage}: {query.target} falls to {hp} hit points and is out"
            result.note(ruling.rule_step(EXHAUSTED_RULE, text))
    if len(query.damages) == 1:
        text = f"one attack ability: it attacks {query.target}"
        result.note(ruling.rule_step(SAME_TARGET_RULE, text), decides=True)
    result.outcome = {"targets": targets, "hit_points_left": max(0, hp), "killed_by": killed_by}
    return result
