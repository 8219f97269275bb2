"""The ``hex_state`` query: is this hex empty, unoccupied, negative, and what lies on it.

``scenario.hex_empty`` (GH.GLOSS.EMPTY: no figure, no token, no overlay tile
but an open door or a pressure plate, L1768-1769) and
``scenario.hex_unoccupied`` (GH.GLOSS.UNOCCUPIED: no figure, summon or ally
token, L1760-1761) decide the first two; a negative hex is a trap or
hazardous terrain, which triggers on entering (GH.FOCUS.NEGATIVE_HEXES,
L1268-1273). Each of the three steps decides a value of the outcome.
"""

from __future__ import annotations

from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.hexes import NEGATIVE, empty_facts, holds, unoccupied_facts
from adjudicator.games.gloomhaven.model import HexStateQuery, Situation
from adjudicator.games.gloomhaven.terrain import feature
from adjudicator.situation.answer import Answer


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a ``hex_state`` query."""
    query = situation.query
    assert isinstance(query, HexStateQuery)  # noqa: S101 - dispatch guarantees the kind
    h, board = query.at, situation.board
    result = Answer(ruleset=situation.ruleset, query="hex_state", verdict="answered", marks={"targets": [h]})
    ruling = Ruling(spec, situation.ruleset, situation.readings)
    where = board.name(h)
    things = holds(situation, h)
    said = f"{where} holds {', '.join(things)}" if things else f"{where} holds nothing"
    empty = result.cite(ruling.decide("scenario.hex_empty", empty_facts(situation, h)), said, decides=True).value
    unoccupied = result.cite(
        ruling.decide("scenario.hex_unoccupied", unoccupied_facts(situation, h)), said, decides=True
    ).value
    word = feature(board, h)
    negative = word in NEGATIVE
    text = (
        f"{where} is {'a trap' if word == 'trap' else 'hazardous terrain'}, a negative hex: it triggers when entered"
        if negative
        else f"{where} is neither a trap nor hazardous terrain, so it is not a negative hex"
    )
    result.note(ruling.rule_step("GH.FOCUS.NEGATIVE_HEXES", text), decides=True)
    result.outcome = {"empty": empty is True, "unoccupied": unoccupied is True, "negative": negative, "holds": things}
    return result
