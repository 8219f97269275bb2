"""Heal X, the long rest and the infusion table (gh1e L449-468, L882-909, L1143-1164, L1580-1581)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.spec import Spec, load_spec
from adjudicator.judge import answer, load_situation_text

KNOWN = {"gloomhaven/1e"}


@cache
def spec() -> Spec:
    """Every game's rules, loaded once."""
    return load_spec()


def ask(query: dict[str, Any], conditions: list[str] | None = None, **more: Any) -> dict[str, Any]:
    """The JSON answer of a query about brute (and its summon bear) on a one-row map."""
    pieces: list[dict[str, Any]] = [
        {"id": "brute", "type": "character", "at": "B1", "initiative": 30, "conditions": conditions or []},
        {"id": "bear", "type": "summon", "owner": "brute", "at": "C1"},
    ]
    doc = {"ruleset": "gloomhaven/1e", "map": {"terrain": [". . . . ."]}, "pieces": pieces, "query": query, **more}
    situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "s.yaml", KNOWN)
    result: dict[str, Any] = answer(spec(), situation).to_json(spec())
    return result


def deciding(result: dict[str, Any]) -> set[str]:
    """The rules of the deciding steps."""
    return {step["rule"] for step in result["trace"] if step.get("deciding")}


@pytest.mark.parametrize(
    ("conditions", "restored", "removes", "rule"),
    [
        ([], 3, [], "GH.HEAL.SELF"),
        (["wound"], 3, ["wound"], "GH.HEAL.WOUND"),
        (["poison"], 0, ["poison"], "GH.HEAL.POISON"),
        (["poison", "wound"], 0, ["poison", "wound"], "GH.HEAL.BOTH"),
    ],
)
def test_heal_on_each_mix_of_poison_and_wound(
    conditions: list[str], restored: int, removes: list[str], rule: str
) -> None:
    """Poison stops the hit points, Wound does not; both tokens come off a figure with both (L893-902)."""
    result = ask({"kind": "heal", "amount": 3, "target": "brute"}, conditions)
    assert (result["outcome"]["restored"], result["outcome"]["removes"]) == (restored, removes)
    assert rule in deciding(result)


def test_heal_fields_override_the_targets_conditions() -> None:
    """``poisoned: false`` on the query beats the target's Poison token."""
    result = ask({"kind": "heal", "amount": 2, "target": "brute", "poisoned": False}, ["poison"])
    assert result["outcome"]["restored"] == 2


@pytest.mark.parametrize(("before", "after"), [(6, 9), (7, 10), (8, 10)])
def test_gh_heal_max_at_the_maximum(before: int, after: int) -> None:
    """GH.HEAL.MAX: Heal 3 on 10 maximum HP; from 6 to 9, from 7 exactly 10, from 8 capped at 10."""
    result = ask({"kind": "heal", "amount": 3, "hit_points": before, "max_hit_points": 10})
    assert result["outcome"]["hit_points"] == after
    assert "GH.HEAL.MAX" in deciding(result)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 20),
    st.integers(1, 40),
    st.data(),
    st.lists(st.sampled_from(["poison", "wound"]), unique=True),
)
def test_a_heal_never_raises_hit_points_above_the_maximum(
    amount: int, top: int, data: st.DataObject, conditions: list[str]
) -> None:
    """Whatever the heal and the tokens, the HP after lies between the HP before and the maximum."""
    before = data.draw(st.integers(0, top))
    result = ask(
        {"kind": "heal", "amount": amount, "target": "brute", "hit_points": before, "max_hit_points": top}, conditions
    )
    assert before <= result["outcome"]["hit_points"] <= top


def test_long_rest_cures_poison_without_hit_points() -> None:
    """The long rest's Heal 2 follows the heal's rules: a poisoned character loses the Poison, not more (L461-466)."""
    result = ask({"kind": "long_rest", "character": "brute", "hit_points": 5, "max_hit_points": 10}, ["poison"])
    assert result["outcome"] == {
        "initiative": 99,
        "cards_lost": 0,
        "declined": False,
        "restored": 0,
        "removes": ["poison"],
        "hit_points": 5,
        "summons": ["bear"],
    }


@pytest.mark.parametrize(("discard", "lost"), [(0, 0), (1, 1), (2, 1)])
def test_long_rest_loses_one_discarded_card_if_any(discard: int, lost: int) -> None:
    """GH.TURN.LONG_REST: one card lost from a discard pile of 1 or more, none from an empty one (L455-456)."""
    result = ask({"kind": "long_rest", "character": "brute", "discard": discard})
    assert result["outcome"]["cards_lost"] == lost


def test_declining_the_heal_keeps_the_tokens() -> None:
    """Default reading: the heal is a positive ability and may be declined (L487-490); the Wound stays."""
    result = ask({"kind": "long_rest", "character": "brute", "decline_heal": True}, ["wound"])
    assert result["verdict"] == "legal"
    assert (result["outcome"]["declined"], result["outcome"]["removes"]) == (True, [])


def test_mandatory_reading_refuses_to_decline_the_heal() -> None:
    """Reading ``mandatory``: the long rest always heals, so declining is illegal and the heal happens."""
    readings = {"readings": {"GH.TURN.LONG_REST.DECLINE_HEAL": "mandatory"}}
    result = ask({"kind": "long_rest", "character": "brute", "decline_heal": True}, ["wound"], **readings)
    assert result["verdict"] == "illegal"
    assert (result["outcome"]["declined"], result["outcome"]["removes"]) == (False, ["wound"])


@pytest.mark.parametrize(("state", "allowed"), [("inert", False), ("waning", True), ("strong", True)])
def test_only_strong_or_waning_elements_are_consumed(state: str, allowed: bool) -> None:
    """GH.ELEM.CONSUME: Strong and Waning may be consumed (to Inert), Inert not (L1143-1145)."""
    result = ask({"kind": "elements", "state": {"fire": state}, "consume": ["fire"]})
    assert result["verdict"] == ("legal" if allowed else "illegal")
    assert result["outcome"]["at_turn_end"]["fire"] == ("inert" if allowed else state)


def test_own_infusion_counts_only_at_the_end_of_the_turn() -> None:
    """Air infused this turn cannot be consumed in it (L1146-1148, L1164); it is Strong once the turn ends."""
    result = ask({"kind": "elements", "infuse": ["air"], "consume": ["air"]})
    assert result["outcome"]["refused"] == ["air"]
    assert result["outcome"]["at_turn_end"]["air"] == "strong"
    assert result["outcome"]["after_round"]["air"] == "waning"


def test_nothing_done_leaves_every_element_inert() -> None:
    """An empty turn: every element Inert now and after the round, and a rule says so."""
    result = ask({"kind": "elements"})
    assert set(result["outcome"]["after_round"].values()) == {"inert"}
    assert deciding(result)
