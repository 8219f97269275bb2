"""Empty, unoccupied and negative hexes, tokens on the map, and where a summon may go (gh1e L960-965, L1760-1769)."""

from __future__ import annotations

from typing import Any

import yaml

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, dump_situation, load_situation_text

SPEC = load_spec()
KNOWN = set(SPEC.rulesets())
BRUTE = {"id": "brute", "type": "character", "at": "A1"}


def ask(rows: list[str], objects: list[dict[str, Any]], query: dict[str, Any], *more: dict[str, Any]) -> Any:
    """The JSON answer of a situation on ``rows`` with the brute on A1."""
    doc: dict[str, Any] = {"ruleset": "gloomhaven/1e", "map": {"terrain": rows}, "pieces": [BRUTE, *more]}
    if objects:
        doc["objects"] = objects
    doc["query"] = query
    situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "hex.yaml", KNOWN)
    return answer(SPEC, situation).to_json(SPEC)


def state(rows: list[str], objects: list[dict[str, Any]], at: str, *more: dict[str, Any]) -> dict[str, Any]:
    """The outcome of a hex_state query."""
    result: dict[str, Any] = ask(rows, objects, {"kind": "hex_state", "at": at}, *more)["outcome"]
    return result


def test_gh_gloss_empty_overlays() -> None:
    """An open door and a pressure plate leave a hex empty; difficult terrain, a treasure tile, a token do not."""
    assert state([". . / ."], [], "C1")["empty"]
    assert state([". . . ."], [{"type": "pressure_plate", "at": "C1"}], "C1")["empty"]
    assert not state([". . d ."], [], "C1")["empty"]
    assert not state([". . . ."], [{"type": "treasure", "at": "C1"}], "C1")["empty"]
    token = state([". . . ."], [{"type": "token", "at": "C1", "name": "a"}], "C1")
    assert token == {"empty": False, "unoccupied": True, "negative": False, "holds": ["token a"]}


def test_gh_gloss_unoccupied_figures_only() -> None:
    """A figure occupies its hex; an empty map hex is empty and unoccupied."""
    assert state([". . . ."], [], "A1") == {
        "empty": False,
        "unoccupied": False,
        "negative": False,
        "holds": ["character brute"],
    }
    assert state([". . . ."], [], "B1") == {"empty": True, "unoccupied": True, "negative": False, "holds": []}


def test_negative_hexes_are_traps_and_hazards() -> None:
    """Traps and hazardous terrain are negative hexes; difficult terrain and obstacles are not."""
    assert state([". t h d o"], [], "B1")["negative"]
    assert state([". t h d o"], [], "C1")["negative"]
    assert not state([". t h d o"], [], "D1")["negative"]
    assert not state([". t h d o"], [], "E1")["negative"]


def test_gh_summon_place_no_empty_hex_left() -> None:
    """With every adjacent hex holding a token, a figure or an overlay, the summon cannot be made."""
    objects = [{"type": "money", "at": "B1"}]
    result = ask([". . . .", " d . . ."], objects, {"kind": "summon", "summoner": "brute"})
    assert result["outcome"] == {"hexes": []}
    pressure = ask(
        [". . . .", " d . . ."], [{"type": "pressure_plate", "at": "B1"}], {"kind": "summon", "summoner": "brute"}
    )
    assert pressure["outcome"] == {"hexes": ["B1"]}


def test_gh_summon_place_not_adjacent_is_illegal() -> None:
    """A proposed hex two hexes away is refused, an adjacent empty one allowed."""
    far = ask([". . . ."], [], {"kind": "summon", "summoner": "brute", "at": "C1"})
    near = ask([". . . ."], [], {"kind": "summon", "summoner": "brute", "at": "B1"})
    assert (far["verdict"], near["verdict"]) == ("illegal", "legal")


def test_objects_and_new_queries_round_trip() -> None:
    """Tokens, treasure, pressure plates and the hex_state and summon queries are written back as read."""
    for query in ({"kind": "hex_state", "at": "B1"}, {"kind": "summon", "summoner": "brute", "at": "B1"}):
        doc = {
            "ruleset": "gloomhaven/1e",
            "map": {"terrain": [". . . .", " . . . ."]},
            "pieces": [BRUTE],
            "objects": [
                {"type": "money", "at": "B1"},
                {"type": "treasure", "at": "C1"},
                {"type": "pressure_plate", "at": "D1"},
                {"type": "token", "at": "A2", "name": "numbered 1"},
            ],
            "query": query,
        }
        first = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "a.yaml", KNOWN)
        again = load_situation_text(dump_situation(first), "b.yaml", KNOWN)
        assert again == first
