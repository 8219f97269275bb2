"""GH.LOS.ADJACENT: adjacent hexes in a corridor of wall hexes, under its two readings (gh1e L496-498, L1659-1660)."""

from __future__ import annotations

from typing import Any

import yaml

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation_text

SPEC = load_spec()
CORRIDOR = ["x x x x x", " . . . . .", "x x x x x"]
ALWAYS = {"GH.LOS.ADJACENT": "always_clear"}


def ask(rows: list[str], pieces: list[dict[str, Any]], query: dict[str, Any], readings: dict[str, str]) -> Any:
    """The JSON answer of a situation on ``rows``."""
    doc: dict[str, Any] = {"ruleset": "gloomhaven/1e", "map": {"terrain": rows}, "pieces": pieces, "query": query}
    if readings:
        doc["readings"] = readings
    situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "los.yaml", set(SPEC.rulesets()))
    return answer(SPEC, situation).to_json(SPEC)


def sight(a: str, b: str, readings: dict[str, str], rows: list[str] = CORRIDOR) -> bool:
    """Whether hex ``a`` sees hex ``b``."""
    return bool(ask(rows, [], {"kind": "line_of_sight", "from": a, "to": b}, readings)["outcome"]["clear"])


def test_gh_los_adjacent_literal_corridor_is_blind() -> None:
    """By default adjacent hexes in a one-hex corridor of wall hexes do not see each other."""
    result = ask(CORRIDOR, [], {"kind": "line_of_sight", "from": "B2", "to": "C2"}, {})
    assert result["outcome"] == {"clear": False}
    assert "GH.LOS.ADJACENT" in {s["rule"] for s in result["trace"] if s.get("deciding")}


def test_gh_los_adjacent_always_clear_sees() -> None:
    """Under always_clear the same two hexes see each other."""
    assert sight("B2", "C2", ALWAYS)


def test_gh_los_adjacent_reading_leaves_other_hexes_alone() -> None:
    """Two hexes two apart in the corridor stay blind under both readings; open ground stays clear."""
    assert not sight("B2", "D2", {})
    assert not sight("B2", "D2", ALWAYS)
    open_map = [". . . .", " . . . .", ". . . ."]
    assert sight("B2", "C2", {}, open_map)
    assert sight("B2", "C2", ALWAYS, open_map)


def test_gh_los_adjacent_map_edge_single_row() -> None:
    """Along the map's edge (a map of one row), adjacent hexes are blind literally and see under always_clear."""
    assert not sight("B1", "C1", {}, [". . . ."])
    assert sight("B1", "C1", ALWAYS, [". . . ."])


def test_gh_los_adjacent_monster_attacks_only_under_always_clear() -> None:
    """A melee monster beside a character in the corridor attacks it only when adjacent hexes see each other."""
    pieces = [
        {"id": "brute", "type": "character", "at": "C2"},
        {"id": "guard", "type": "monster", "at": "B2"},
    ]
    query = {"kind": "monster_turn", "monster": "guard", "attack": {}}
    literal = ask(CORRIDOR, pieces, query, {})
    always = ask(CORRIDOR, pieces, query, ALWAYS)
    assert literal["outcome"] == {"focus": [], "choices": [{"end": "B2", "targets": []}]}
    assert {"end": "B2", "targets": ["brute"]} in always["outcome"]["choices"]
