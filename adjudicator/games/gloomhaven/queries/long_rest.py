"""The ``long_rest`` query: what a character's long rest does (an optional extension of the contract).

The long rest is the turn of initiative 99 (``initiative.value``:
GH.INIT.LONG_REST) in which the character loses one discarded card if it has
one (``rest.long.cards_lost``), heals 2 on itself (``rest.long.heal``, then the
heal's own rules of :mod:`.heal`: Poison and Wound come off), and its summons
still act (GH.TURN.LONG_REST). The heal is a positive ability the character may
decline (``rest.long.heal_declinable``: GH.TURN.LONG_REST.DECLINE_HEAL, with a
``mandatory`` reading); declined, it gives nothing and takes nothing off. The
verdict is ``legal`` or ``illegal`` for a declined heal, ``answered`` otherwise.
"""

from __future__ import annotations

from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import LongRestQuery, Situation
from adjudicator.games.gloomhaven.queries.heal import heal_steps
from adjudicator.situation.answer import Answer

LONG_REST_RULE = "GH.TURN.LONG_REST"
LAST_CARD = 99
"""The highest initiative a card shows, and the long rest's."""


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a ``long_rest`` query: ``initiative``, ``cards_lost``, the heal, ``summons``."""
    query = situation.query
    if not isinstance(query, LongRestQuery):
        msg = f"not a long_rest query: {query.kind}"
        raise TypeError(msg)
    character = situation.piece(query.character)
    result = Answer(situation.ruleset, "long_rest", "answered")
    ruling = Ruling(spec, situation.ruleset, situation.readings)
    card = character.initiative
    leading = int(card) if card is not None and card.denominator == 1 and 1 <= card <= LAST_CARD else LAST_CARD
    initiative = result.cite(
        ruling.decide("initiative.value", {"option": "long_rest", "leading": leading}), character.id, decides=True
    ).value
    lost = result.cite(
        ruling.decide("rest.long.cards_lost", {"discard": query.discard}), f"{query.discard} discarded", decides=True
    ).value
    heal = result.cite(ruling.decide("rest.long.heal", {}), f"{character.id} heals itself", decides=True).value
    outcome: dict[str, object] = {"initiative": initiative, "cards_lost": lost}
    if query.decline_heal:
        declinable = ruling.decide("rest.long.heal_declinable", {})
        if declinable.value:
            result.cite(declinable, f"{character.id} declines the heal", decides=True)
            result.verdict = "legal"
            outcome |= {"declined": True, "restored": 0, "removes": []}
            if query.hit_points is not None:
                outcome["hit_points"] = query.hit_points
        else:
            result.cite(declinable, f"{character.id} may not decline the heal", decides=True)
            result.verdict = "illegal"
    if "declined" not in outcome:
        hp = (
            None
            if query.hit_points is None or query.max_hit_points is None
            else (query.hit_points, query.max_hit_points)
        )
        conditions = (character.has("poison"), character.has("wound"))
        amount = heal if isinstance(heal, int) else 0
        outcome |= {"declined": False, **heal_steps(ruling, result, amount, conditions, hp)}
    summons = [p.id for p in situation.pieces if p.type == "summon" and p.owner == character.id]
    if summons:
        text = f"{', '.join(summons)} still act, just before {character.id} at initiative 99"
        result.note(ruling.rule_step(LONG_REST_RULE, text), decides=True)
    outcome["summons"] = summons
    result.outcome = outcome
    result.marks["targets"] = [character.at]
    return result
