"""The optional Gloomhaven query kinds ``initiative`` and ``scenario_level`` (issue 14)."""

from __future__ import annotations

import math
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import PositionedError
from adjudicator.core.spec import known_rulesets, load_spec
from adjudicator.games.gloomhaven.model import DIFFICULTIES
from adjudicator.judge import answer, load_situation_text
from adjudicator.situation.answer import Answer

KNOWN = known_rulesets()
MAP = {"terrain": [". . . . .", " . . . . ."]}
SPOTS = [f"{c}{r}" for r in (1, 2) for c in "ABCDE"]


def ask(pieces: list[dict[str, Any]], query: dict[str, Any]) -> Answer:
    """Answer a situation on a 5x2 open map."""
    doc = {"ruleset": "gloomhaven/1e", "map": MAP, "pieces": pieces, "query": query}
    situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "t.yaml", KNOWN)
    return answer(load_spec(), situation)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 9), min_size=1, max_size=4),
    st.sampled_from(DIFFICULTIES),
    st.booleans(),
)
def test_scenario_level_numbers(levels: list[int], difficulty: str, solo: bool) -> None:
    """The level is half the average rounded up, moved by the difficulty; the other numbers follow from it."""
    result = ask([], {"kind": "scenario_level", "levels": levels, "difficulty": difficulty, "solo_or_open": solo})
    shift = {"normal": 0, "easy": -1, "hard": 1, "very_hard": 2}[difficulty]
    level = max(0, math.ceil(sum(levels) / (2 * len(levels))) + shift)
    assert result.outcome == {
        "level": level,
        "monster_level": level + solo,
        "trap_damage": 2 + level + solo,
        "hazard_damage": (2 + level) // 2,
        "bonus_xp": 4 + 2 * level,
    }
    assert {"GH.MOVE.TRAP", "GH.MOVE.HAZARD", "GH.END.SUCCESS.XP_BONUS"} <= {s.rule for s in result.trace}


@st.composite
def rounds(draw: st.DrawFn) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Characters (some with summons) and monsters with whole initiatives, every character's second card given."""
    count = draw(st.integers(1, 8))
    pieces: list[dict[str, Any]] = []
    characters: list[str] = []
    for index in range(count):
        kind = draw(st.sampled_from(["character", "monster", "summon"])) if characters else "character"
        piece: dict[str, Any] = {"id": f"p{index}", "type": kind, "at": SPOTS[index]}
        if kind == "summon":
            piece["owner"] = draw(st.sampled_from(characters))
        else:
            piece["initiative"] = draw(st.integers(1, 99))
        if kind == "monster":
            piece["rank"] = draw(st.sampled_from(["normal", "elite"]))
        if kind == "character":
            characters.append(piece["id"])
        pieces.append(piece)
    query = {"kind": "initiative", "secondary": {c: draw(st.integers(1, 99)) for c in characters}}
    return pieces, query


@settings(max_examples=80, deadline=None)
@given(rounds())
def test_initiative_order_invariants(case: tuple[list[dict[str, Any]], dict[str, Any]]) -> None:
    """Every figure acts once; lower cards first; a summon acts right before its owner or its owner's next summon."""
    pieces, query = case
    result = ask(pieces, query)
    order = result.outcome["order"]
    assert sorted(order) == sorted(p["id"] for p in pieces)
    by_id = {p["id"]: p for p in pieces}
    cards = [by_id[pid]["initiative"] for pid in order if by_id[pid]["type"] != "summon"]
    assert cards == sorted(cards)
    for at, pid in enumerate(order):
        if by_id[pid]["type"] == "summon":
            following = by_id[order[at + 1]]
            assert following["id"] == by_id[pid]["owner"] or following.get("owner") == by_id[pid]["owner"]
    assert result.verdict == "answered"


def test_long_rest_acts_on_99_after_everyone() -> None:
    """A long-resting character's card is replaced by 99 (L354), so a monster on 98 acts before it."""
    pieces = [
        {"id": "rester", "type": "character", "at": "A1", "initiative": 5},
        {"id": "ooze", "type": "monster", "at": "E1", "initiative": 98},
    ]
    result = ask(pieces, {"kind": "initiative", "long_rest": ["rester"]})
    assert result.outcome["order"] == ["ooze", "rester"]
    assert "GH.INIT.LONG_REST" in {s.rule for s in result.trace}


def test_tied_characters_need_second_cards() -> None:
    """Two characters on one card without their other cards is an error naming them (L355-357)."""
    pieces = [
        {"id": "a", "type": "character", "at": "A1", "initiative": 20},
        {"id": "b", "type": "character", "at": "B1", "initiative": 20},
    ]
    with pytest.raises(PositionedError, match="a and b tie on initiative"):
        ask(pieces, {"kind": "initiative"})


def test_one_type_one_initiative() -> None:
    """Monsters grouped in one type with different cards are an error (one ability card a type)."""
    pieces = [
        {"id": "a", "type": "character", "at": "A1", "initiative": 20},
        {"id": "m1", "type": "monster", "at": "D1", "initiative": 30},
        {"id": "m2", "type": "monster", "at": "E1", "initiative": 31},
    ]
    with pytest.raises(PositionedError, match="one initiative"):
        ask(pieces, {"kind": "initiative", "types": {"guard": ["m1", "m2"]}})


def test_half_initiative_refused_by_the_initiative_query() -> None:
    """The order query reads whole card numbers only."""
    pieces = [{"id": "a", "type": "character", "at": "A1", "initiative": 35.5}]
    with pytest.raises(PositionedError, match="1 to 99"):
        ask(pieces, {"kind": "initiative"})
