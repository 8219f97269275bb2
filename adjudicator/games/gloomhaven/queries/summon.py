"""The ``summon`` query: the hexes where a character may place its summon (GH.SUMMON.PLACE, L960-965).

Each hex adjacent to the summoner is asked of ``scenario.hex_empty``
(GH.GLOSS.EMPTY, L1768-1769: a token or an overlay tile other than an open
door or a pressure plate makes it not empty) and then of
``summon.place_allowed``, which decides. With no such hex the summon cannot
be made (outcome ``hexes`` is ``[]``). With ``at`` the verdict is ``legal``
when ``at`` is one of them, else ``illegal``.
"""

from __future__ import annotations

from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.hexes import empty_facts, holds
from adjudicator.games.gloomhaven.model import Situation, SummonQuery
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId
from adjudicator.spaces.hex import Hex


def _what(situation: Situation, h: Hex, empty: bool) -> str:
    """The ``hex`` fact of ``summon.place_allowed``: empty, pressure_plate, occupied, token or other_overlay."""
    facts = empty_facts(situation, h)
    if facts["figure"]:
        return "occupied"
    if empty:
        return "pressure_plate" if facts["overlay"] == "pressure_plate" else "empty"
    return (
        "token" if facts["token"] and facts["overlay"] in {"none", "open_door", "pressure_plate"} else "other_overlay"
    )


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a ``summon`` query."""
    query = situation.query
    assert isinstance(query, SummonQuery)  # noqa: S101 - dispatch guarantees the kind
    board = situation.board
    result = Answer(ruleset=situation.ruleset, query="summon", verdict="answered")
    ruling = Ruling(spec, situation.ruleset, situation.readings)
    summoner = situation.piece(query.summoner)
    adjacent = board.adjacent(summoner.at)
    asked = sorted({*adjacent, *([query.at] if query.at is not None else [])}, key=board.sort_key)
    allowed: list[Hex] = []
    for h in asked:
        things = holds(situation, h)
        said = f"{board.name(h)} holds {', '.join(things)}" if things else f"{board.name(h)} holds nothing"
        empty = result.cite(ruling.decide("scenario.hex_empty", empty_facts(situation, h)), said, decides=True).value
        facts: dict[str, bool | int | str] = {
            "summoner": "character",
            "adjacent": h in adjacent,
            "hex": _what(situation, h, empty is True),
            "standee_free": True,
            "closer_hex_exists": False,
        }
        where = f"{summoner.id} summons onto {board.name(h)}"
        if result.cite(ruling.decide("summon.place_allowed", facts), where, decides=True).value is True:
            allowed.append(h)
    result.outcome = {"hexes": [board.name(h) for h in allowed]}
    result.marks = {"path": [summoner.at], "targets": list[SpaceId](allowed)}
    if query.at is not None:
        result.verdict = "legal" if query.at in allowed else "illegal"
    return result
