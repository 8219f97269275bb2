"""The ``elements`` query: one figure's turn on the elemental infusion table (an optional extension).

Each element the figure consumes is put to ``element.consumable`` (Strong or
Waning only, GH.ELEM.CONSUME; not its own infusion of this turn from Inert,
GH.ELEM.INFUSE_END_OF_TURN, GH.ELEM.NO_SAME_TURN); the table at the end of the
turn comes from ``element.at_turn_end`` (a consumed element Inert, an infused
one Strong only then, GH.ELEM.CONSUME, GH.ELEM.INFUSE), and after the round's
end from ``element.after_round`` (GH.ELEM.WANE). The verdict is ``legal`` or
``illegal`` when the file lists elements to consume, ``answered`` otherwise.
"""

from __future__ import annotations

from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import ELEMENTS, ElementsQuery, Situation
from adjudicator.situation.answer import Answer


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a situation's ``elements`` query: ``consumed``, ``refused``, ``at_turn_end`` and ``after_round``."""
    query = situation.query
    if not isinstance(query, ElementsQuery):
        msg = f"not an elements query: {query.kind}"
        raise TypeError(msg)
    before = dict.fromkeys(ELEMENTS, "inert") | dict(query.state)
    result = Answer(situation.ruleset, "elements", "legal" if query.consume else "answered")
    ruling = Ruling(spec, situation.ruleset, situation.readings)
    consumed: list[str] = []
    refused: list[str] = []
    for element in query.consume:
        pending = element in query.infuse
        facts: dict[str, Value] = {"state": before[element], "own_infusion_pending": pending}
        where = f"consume {element} ({before[element]}{', infused earlier this turn' if pending else ''})"
        allowed = result.cite(ruling.decide("element.consumable", facts), where, decides=True).value
        (consumed if allowed else refused).append(element)
    if refused:
        result.verdict = "illegal"
    at_end: dict[str, str] = {}
    for element in ELEMENTS:
        infused, used = element in query.infuse, element in consumed
        facts = {"state": before[element], "infused": infused, "consumed": used}
        decided = ruling.decide("element.at_turn_end", facts)
        if infused or used:
            result.cite(decided, f"{element} at the end of the turn", decides=True)
        at_end[element] = str(decided.value)
    after: dict[str, str] = {}
    for element, state in at_end.items():
        decided = ruling.decide("element.after_round", {"state": state})
        if state != "inert":
            result.cite(decided, f"{element} at the end of the round", decides=True)
        after[element] = str(decided.value)
    result.outcome = {"consumed": consumed, "refused": refused, "at_turn_end": at_end, "after_round": after}
    if not result.deciding:
        text = "every element stays Inert: nothing infused, consumed or waning"
        result.note(ruling.rule_step("GH.ELEM.WANE", text), decides=True)
    return result
