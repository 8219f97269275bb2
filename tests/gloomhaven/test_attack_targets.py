"""The attack_targets query: a character's Target Z, Add Target and areas (gh1e L658-674, L1052-1059)."""

from __future__ import annotations

from typing import Any

import yaml

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation_text

SPEC = load_spec()
ROWS = [". . . . . . .", " . . . . . . .", ". . . . . . ."]
BRUTE: dict[str, Any] = {"id": "brute", "type": "character", "at": "A2"}


def ask(pieces: list[dict[str, Any]], attack: dict[str, Any], chosen: list[str] | None = None) -> Any:
    """The JSON answer of the brute's attack."""
    query: dict[str, Any] = {"kind": "attack_targets", "attacker": "brute", "attack": attack}
    if chosen is not None:
        query["targets"] = chosen
    doc = {"ruleset": "gloomhaven/1e", "map": {"terrain": ROWS}, "pieces": pieces, "query": query}
    situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "a.yaml", set(SPEC.rulesets()))
    return answer(SPEC, situation).to_json(SPEC)


def monsters(*places: str) -> list[dict[str, Any]]:
    return [BRUTE, *({"id": f"m{i}", "type": "monster", "at": at} for i, at in enumerate(places))]


def test_gh_atk_multi_target_z_two_three_four_on_three_enemies() -> None:
    """Three enemies in range: Target 2 takes two, Target 3 all three, Target 4 still three."""
    pieces = monsters("B2", "B1", "A3")
    sizes = {z: {len(s) for s in ask(pieces, {"targets": z})["outcome"]["sets"]} for z in (2, 3, 4)}
    assert sizes == {2: {2}, 3: {3}, 4: {3}}


def test_gh_atk_ranged_range_two_three_four_on_an_enemy_at_three() -> None:
    """An enemy at range 3 is out of Range 2 and within Ranges 3 and 4."""
    pieces = monsters("D2")
    assert [ask(pieces, {"range": r})["outcome"]["sets"] for r in (2, 3, 4)] == [[], [["m0"]], [["m0"]]]


def test_gh_atk_add_target_adds_one_single_target() -> None:
    """A melee attack with Add Target takes two adjacent enemies; a third is one too many."""
    pieces = monsters("B2", "B1", "A3")
    result = ask(pieces, {"add_targets": 1}, ["m0", "m1", "m2"])
    assert {len(s) for s in result["outcome"]["sets"]} == {2}
    assert result["verdict"] == "illegal"
    assert ask(pieces, {"add_targets": 1}, ["m0", "m2"])["verdict"] == "legal"


def test_invisible_and_disarmed() -> None:
    """An invisible enemy is no target; a disarmed attacker has none at all."""
    pieces = [BRUTE, {"id": "imp", "type": "monster", "at": "B2", "conditions": ["invisible"]}]
    assert ask(pieces, {})["outcome"]["sets"] == []
    disarmed = [{**BRUTE, "conditions": ["disarm"]}, {"id": "guard", "type": "monster", "at": "B2"}]
    assert ask(disarmed, {})["outcome"]["sets"] == []


def test_area_takes_every_enemy_in_it() -> None:
    """A line of two red hexes east of the brute takes both monsters on it; one of them alone is illegal."""
    pieces = monsters("B2", "C2")
    area = {"area": ["@ * *"]}
    assert ask(pieces, area)["outcome"]["sets"] == [["m0", "m1"]]
    assert ask(pieces, area, ["m0"])["verdict"] == "illegal"
    assert ask(pieces, area, ["m0", "m1"])["verdict"] == "legal"
