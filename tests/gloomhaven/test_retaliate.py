"""After an attack: Retaliate on the attacker and the attack's effects (gh1e L773-775, L784-797).

Retaliate X hurts an attacker within 1 (or its Range Y) of the target that
lives through the attack; it is not an attack, so the attacker's Shield does
not reduce it. The attack's conditions resolve after its damage.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator.core.errors import PositionedError
from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation

MAP = [". . . . .", " . . . . .", ". . . . ."]
PIECES: list[dict[str, Any]] = [
    {"id": "brute", "type": "character", "at": "B2", "initiative": 30},
    {"id": "guard", "type": "monster", "at": "C2"},
]


def ask(tmp_path: Path, query: dict[str, Any], pieces: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The JSON answer of an attack query on a 5x3 open map."""
    doc = {
        "ruleset": "gloomhaven/1e",
        "map": {"terrain": MAP},
        "pieces": pieces or PIECES,
        "query": {"kind": "attack", "deck": ["+0"], **query},
    }
    path = tmp_path / "attack.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    spec = load_spec()
    result: dict[str, Any] = answer(spec, load_situation(path, set(spec.rulesets()))).to_json(spec)
    return result


def deciding(result: dict[str, Any]) -> set[str]:
    """The rules of the deciding steps."""
    return {step["rule"] for step in result["trace"] if step.get("deciding")}


@pytest.mark.parametrize(("distance", "hurt"), [(1, "2"), (2, "2"), (3, "0")])
def test_gh_def_retaliate_range_2_at_its_edge(tmp_path: Path, distance: int, hurt: str) -> None:
    """GH.DEF.RETALIATE: Range 2 reaches an attacker at range 1 and 2, not 3 (L784-785)."""
    result = ask(tmp_path, {"value": 2, "retaliate": 2, "retaliate_range": 2, "distance": distance})
    assert result["outcome"]["retaliate_damage"] == {hurt: "1"}


@pytest.mark.parametrize(("distance", "hurt"), [(1, "3"), (2, "0")])
def test_gh_def_retaliate_without_range_reaches_only_adjacent(tmp_path: Path, distance: int, hurt: str) -> None:
    """GH.DEF.RETALIATE: with no Range Y stated, only range 1 (L784-785)."""
    result = ask(tmp_path, {"value": 2, "retaliate": 3, "distance": distance})
    assert result["outcome"]["retaliate_damage"] == {hurt: "1"}


@pytest.mark.parametrize(("hit_points", "hurt"), [(1, "0"), (2, "0"), (3, "2")])
def test_gh_def_retaliate_dead_at_the_damage_threshold(tmp_path: Path, hit_points: int, hurt: str) -> None:
    """GH.DEF.RETALIATE.DEAD: 2 damage kills a target of 1 or 2 hit points, so no Retaliate; at 3 it lives (L786)."""
    result = ask(tmp_path, {"value": 2, "retaliate": 2, "hit_points": hit_points})
    assert result["outcome"]["damage"] == {"2": "1"}
    assert result["outcome"]["retaliate_damage"] == {hurt: "1"}


def test_retaliate_is_split_by_the_odds_of_surviving(tmp_path: Path) -> None:
    """With a +0 and a x2 card, 2 or 4 damage: a target of 3 HP retaliates only on the +0 (half the time)."""
    result = ask(tmp_path, {"value": 2, "deck": ["+0", "x2"], "retaliate": 1, "hit_points": 3})
    assert result["outcome"]["retaliate_damage"] == {"0": "1/2", "1": "1/2"}
    assert {"GH.DEF.RETALIATE", "GH.DEF.RETALIATE.DEAD"} <= deciding(result)


def test_attackers_shield_does_not_reduce_retaliate(tmp_path: Path) -> None:
    """GH.DEF.RETALIATE.NOT_ATTACK: the monster's Shield 3 leaves brute's Retaliate 2 whole (L791, L797)."""
    pieces = [{**PIECES[0], "shield": 1}, {**PIECES[1], "shield": 3}]
    result = ask(tmp_path, {"value": 3, "attacker": "guard", "target": "brute", "retaliate": 2}, pieces)
    assert result["outcome"]["damage"] == {"2": "1"}
    assert result["outcome"]["retaliate_damage"] == {"2": "1"}
    assert "GH.DEF.RETALIATE.NOT_ATTACK" in deciding(result)


def test_range_is_counted_from_the_pieces(tmp_path: Path) -> None:
    """Without ``distance``, the range from target to attacker is counted on the map (A2 to D2: 3)."""
    pieces = [{**PIECES[0], "at": "D2"}, {**PIECES[1], "at": "A2"}]
    query = {"value": 2, "attacker": "brute", "target": "guard", "retaliate": 2}
    assert ask(tmp_path, {**query, "retaliate_range": 3}, pieces)["outcome"]["retaliate_damage"] == {"2": "1"}
    assert ask(tmp_path, {**query, "retaliate_range": 2}, pieces)["outcome"]["retaliate_damage"] == {"0": "1"}


def test_invisible_attacker_still_suffers_retaliate(tmp_path: Path) -> None:
    """GH.COND.INVISIBLE stops focus and targeting only; Retaliate targets nobody (L1045-1046, L791)."""
    pieces = [{**PIECES[0], "conditions": ["invisible"]}, PIECES[1]]
    result = ask(tmp_path, {"value": 2, "attacker": "brute", "target": "guard", "retaliate": 2}, pieces)
    assert result["outcome"]["retaliate_damage"] == {"2": "1"}
    assert "GH.COND.INVISIBLE" in deciding(result)


def test_without_retaliate_the_answer_is_unchanged(tmp_path: Path) -> None:
    """No ``retaliate`` and no ``effects``: the outcome has only the contract's keys."""
    result = ask(tmp_path, {"value": 2, "attacker": "brute", "target": "guard"})
    assert set(result["outcome"]) == {"damage", "mean"}


def test_poison_given_by_the_attack_does_not_add_to_it(tmp_path: Path) -> None:
    """GH.ATK.EFFECTS_AT_ZERO: Poison lands after the damage, so this attack does 2, not 3 (L773-774, L681-682)."""
    result = ask(tmp_path, {"value": 2, "target": "guard", "effects": ["poison"]})
    assert result["outcome"]["damage"] == {"2": "1"}
    assert result["outcome"]["effects"] == {"poison": "1"}
    assert {"GH.ATK.EFFECTS_AT_ZERO", "GH.ATK.PIPELINE"} <= deciding(result)


def test_poisoned_target_still_gets_the_plus_one(tmp_path: Path) -> None:
    """A target poisoned before the attack takes the +1 (L681-682), whatever the attack gives."""
    pieces = [PIECES[0], {**PIECES[1], "conditions": ["poison"]}]
    result = ask(tmp_path, {"value": 2, "target": "guard", "effects": ["poison", "wound"]}, pieces)
    assert result["outcome"]["damage"] == {"3": "1"}
    assert result["outcome"]["effects"] == {"poison": "1", "wound": "1"}


def test_effects_do_not_land_on_a_killed_target(tmp_path: Path) -> None:
    """GH.ATK.KILL: a monster the attack kills leaves the map; nothing further applies (L767-768)."""
    result = ask(tmp_path, {"value": 2, "deck": ["+0", "x2"], "hit_points": 3, "effects": ["wound"]})
    assert result["outcome"]["effects"] == {"wound": "1/2"}


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"retaliate_range": 2}, "query.retaliate_range: a Retaliate range needs the Retaliate"),
        ({"attacker": "guard", "target": "guard"}, "query.attacker: guard is the target"),
        ({"attacker": "brute", "target": "bear"}, "query.attacker: brute is not an enemy of bear"),
        ({"attacker": "nobody"}, "query.attacker: no piece has the id"),
        ({"retaliate": 11}, "query.retaliate:"),
        ({"distance": 0}, "query.distance:"),
        ({"hit_points": 0}, "query.hit_points:"),
        ({"effects": ["on_fire"]}, "query.effects[0]: unknown condition"),
        ({"effects": ["poison", "poison"]}, "query.effects[1]: poison is listed twice"),
    ],
)
def test_bad_retaliate_fields_are_refused_at_their_line(tmp_path: Path, query: dict[str, Any], message: str) -> None:
    """Each new attack field's refusal names the file, line and field (exit 2)."""
    pieces = [*PIECES, {"id": "bear", "type": "summon", "owner": "brute", "at": "A1"}]
    with pytest.raises(PositionedError, match=re.escape(message)):
        ask(tmp_path, {"value": 2, **query}, pieces)
