"""A monster card's attack abilities in turn, and the range of an attack (gh1e L1369-1373)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
import yaml

from adjudicator.core.spec import Spec, load_spec
from adjudicator.judge import answer, load_situation_text

OPEN = [". . . . . . .", " . . . . . . .", ". . . . . . .", " . . . . . . .", ". . . . . . ."]
PIECES = [
    {"id": "brute", "type": "character", "at": "F3", "initiative": 10},
    {"id": "archer", "type": "monster", "at": "C3"},
]


@cache
def spec() -> Spec:
    """Every game's rules, loaded once."""
    return load_spec()


def ask(query: dict[str, Any]) -> dict[str, Any]:
    """The JSON answer of a query on a 7x5 open map with brute (F3) and the archer (C3)."""
    doc = {"ruleset": "gloomhaven/1e", "map": {"terrain": OPEN}, "pieces": PIECES, "query": query}
    situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "s.yaml", {"gloomhaven/1e"})
    result: dict[str, Any] = answer(spec(), situation).to_json(spec())
    return result


@pytest.mark.parametrize(
    ("hit_points", "targets", "killed_by"),
    [
        (6, ["brute", "brute", "new_target"], 2),  # 3 + 3 = 6: falls exactly on the second
        (7, ["brute", "brute", "brute"], 3),  # one more: the second leaves 1, the third finishes it
        (5, ["brute", "brute", "new_target"], 2),
        (3, ["brute", "new_target", "new_target"], 1),
    ],
)
def test_gh_matk_same_target_while_it_lives(hit_points: int, targets: list[str], killed_by: int) -> None:
    """GH.MATK.SAME_TARGET: each ability at brute while it lives, a new target once it falls (L1369-1371)."""
    result = ask({"kind": "card_attacks", "target": "brute", "hit_points": hit_points, "damages": [3, 3, 3]})
    assert result["outcome"]["targets"] == targets
    assert result["outcome"]["killed_by"] == killed_by


def test_a_target_that_lives_through_every_ability() -> None:
    """No fall: every ability goes at brute, and the hit points left are counted."""
    result = ask({"kind": "card_attacks", "target": "brute", "hit_points": 10, "damages": [2, 0, 3]})
    assert result["outcome"] == {"targets": ["brute"] * 3, "hit_points_left": 5, "killed_by": None}


@pytest.mark.parametrize(
    ("attack", "end"),
    [
        ({"stat_range": 3}, "C3"),  # the card states none: the stat card's 3 reaches brute from C3
        ({"range": 2, "stat_range": 3}, "D3"),  # the card's own Range 2: one step nearer
        ({"range": 3}, "C3"),  # the contract's single field, read as before
        ({"stat_range": 0}, "E3"),  # neither states a range: melee, next to brute
    ],
)
def test_gh_matk_base_range_told_apart(attack: dict[str, Any], end: str) -> None:
    """GH.MATK.BASE_RANGE: the card's Range, else the stat card's (L1372-1373)."""
    query = {"kind": "monster_turn", "monster": "archer", "move": 2, "attack": attack}
    choices = ask(query)["outcome"]["choices"]
    assert {c["end"] for c in choices} == {end}
    assert all(c["targets"] == ["brute"] for c in choices)
