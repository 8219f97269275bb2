"""The step that settles a Gloomhaven answer is marked deciding and cites the line that says its rule.

Each case is a situation where a specific rule decides (an exception, a
condition, a terrain rule, a monster-only rule); the test asks that a step of
that rule is marked ``deciding`` and that the lines it cites hold the line of
seed 004 that says it (not the section heading above). The last tests check
the other way: a rule that did not apply is not cited.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation

OPEN = [". . . . . . .", " . . . . . . .", ". . . . . . .", " . . . . . . .", ". . . . . . ."]
"""A 7x5 open map (rows 1-5, columns A-G)."""


def ask(tmp_path: Path, pieces: list[dict[str, Any]], query: dict[str, Any], **more: Any) -> dict[str, Any]:
    """The JSON answer of a situation on ``rows`` (default OPEN), written as a file and read like one."""
    doc: dict[str, Any] = {
        "ruleset": "gloomhaven/1e",
        "map": {"terrain": more.pop("rows", OPEN)},
        "pieces": pieces,
        "query": query,
        **more,
    }
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    spec = load_spec()
    result: dict[str, Any] = answer(spec, load_situation(path, set(spec.rulesets()))).to_json(spec)
    return result


def deciding(result: dict[str, Any], rule: str) -> list[tuple[int, int]]:
    """The line ranges cited by the deciding steps of ``rule``."""
    return [tuple(step["lines"]) for step in result["trace"] if step["rule"] == rule and step.get("deciding")]


def says(result: dict[str, Any], rule: str, line: int) -> bool:
    """Whether a deciding step of ``rule`` cites a range holding ``line``."""
    return any(first <= line <= last for first, last in deciding(result, rule))


def cited(result: dict[str, Any]) -> set[str]:
    """Every rule the trace cites."""
    return {step["rule"] for step in result["trace"]}


def char(id_: str, at: str, **more: Any) -> dict[str, Any]:
    """A character."""
    return {"id": id_, "type": "character", "at": at, **more}


def mon(id_: str, at: str, **more: Any) -> dict[str, Any]:
    """A monster."""
    return {"id": id_, "type": "monster", "at": at, **more}


def turn(**query: Any) -> dict[str, Any]:
    """A monster_turn query for the monster ``m``."""
    return {"kind": "monster_turn", "monster": "m", **query}


MELEE = {"range": 0}


def test_disarm_cites_its_own_line_not_the_heading(tmp_path: Path) -> None:
    """A disarmed monster: GH.MATK.DISARMED decides, citing L1368 (not the heading L1366)."""
    result = ask(tmp_path, [char("c", "E3"), mon("m", "C3", conditions=["disarm"])], turn(move=2, attack=MELEE))
    assert says(result, "GH.MATK.DISARMED", 1368)
    assert not says(result, "GH.MATK.DISARMED", 1366)


def test_hazard_entered_deals_damage_staying_none(tmp_path: Path) -> None:
    """Entering hazardous terrain (L550) and staying on it (L555) both rest on GH.MOVE.HAZARD."""
    rows = [". . . . .", " . h . . .", ". . . . ."]
    entering = ask(tmp_path, [char("b", "A2")], {"kind": "move", "piece": "b", "path": ["B2"], "points": 2}, rows=rows)
    assert entering["outcome"]["triggered"] == [{"at": "B2", "kind": "hazardous", "damage": 1}]
    assert says(entering, "GH.MOVE.HAZARD", 550)
    staying = ask(tmp_path, [char("b", "B2")], {"kind": "move", "piece": "b", "path": [], "points": 2}, rows=rows)
    assert staying["verdict"] == "legal"
    assert staying["outcome"] == {"end": "B2", "cost": 0, "triggered": [], "opens": []}
    assert says(staying, "GH.MOVE.HAZARD", 555)
    assert says(staying, "GH.MOVE.BUDGET", 1771)


def test_trap_damage_and_a_trap_laid_by_an_ability(tmp_path: Path) -> None:
    """A printed trap deals 2+N (L544); one with stated damage, as an ability's, deals that (L545)."""
    rows = [". . . . .", " . t . . .", ". . . . ."]
    move = {"kind": "move", "piece": "b", "path": ["B2"], "points": 2}
    printed = ask(tmp_path, [char("b", "A2")], move, rows=rows, scenario_level=2)
    assert printed["outcome"]["triggered"] == [{"at": "B2", "kind": "trap", "damage": 4}]
    assert says(printed, "GH.MOVE.TRAP", 544)
    laid = ask(tmp_path, [char("b", "A2")], move, rows=rows, objects=[{"type": "trap", "at": "B2", "damage": 6}])
    assert laid["outcome"]["triggered"] == [{"at": "B2", "kind": "trap", "damage": 6}]
    assert says(laid, "GH.MOVE.TRAP", 545)


def test_shield_after_the_card_is_the_defenders_own(tmp_path: Path) -> None:
    """Shield 1 (L820), applied by the defender to the carded attack (L864), both deciding."""
    result = ask(tmp_path, [char("b", "A1"), mon("g", "B1", shield=1)], {"kind": "attack", "value": 2, "target": "g"})
    assert says(result, "GH.DEF.SHIELD", 820)
    assert says(result, "GH.DEF.APPLY", 864)


def test_monster_range_from_its_stat_card(tmp_path: Path) -> None:
    """A ranged monster's range is the stat card's when the card gives none (L1372)."""
    result = ask(tmp_path, [char("c", "F3"), mon("m", "C3")], turn(move=2, attack={"range": 3}))
    assert says(result, "GH.MATK.BASE_RANGE", 1372)


def test_open_door_is_an_empty_hex(tmp_path: Path) -> None:
    """Sight through an open door and a step onto one rest on L566."""
    rows = [". . x . .", " . . / . .", ". . x . ."]
    sight = ask(tmp_path, [char("b", "A2")], {"kind": "line_of_sight", "from": "A2", "to": "E2"}, rows=rows)
    assert sight["outcome"] == {"clear": True}
    assert says(sight, "GH.MOVE.DOOR_OPENED", 566)
    move = ask(tmp_path, [char("b", "B2")], {"kind": "move", "piece": "b", "path": ["C2"], "points": 1}, rows=rows)
    assert move["verdict"] == "legal"
    assert says(move, "GH.MOVE.DOOR_OPENED", 566)


def test_area_with_add_target_cites_the_reach_and_the_sight_of_the_area(tmp_path: Path) -> None:
    """The added target's reach (L1056) and the area taking every enemy in sight (L660) decide."""
    pieces = [char("b", "C3", initiative=10), char("s", "E3", initiative=20), char("t", "F3", initiative=30)]
    result = ask(tmp_path, [*pieces, mon("m", "D3")], turn(move=2, attack={"add_targets": 1, "area": ["@ * *"]}))
    assert result["outcome"]["choices"] == [{"end": "D3", "targets": ["b", "s", "t"]}]
    assert says(result, "GH.ATK.ADD_TARGET", 1056)
    assert says(result, "GH.ATK.AOE.HEXES", 660)


def test_ally_on_the_end_hex_stops_the_monster_short(tmp_path: Path) -> None:
    """An ally on the hex it heads for: the move ends one hex before (L1347)."""
    corridor = ["o o o o o o o o o", " . . . . . . . . .", "o o o o o o o o o"]
    pieces = [mon("m", "A2"), mon("a", "C2"), char("c", "H2")]
    result = ask(tmp_path, pieces, turn(move=2, attack=MELEE), rows=corridor)
    assert result["outcome"]["choices"] == [{"end": "B2", "targets": []}]
    assert says(result, "GH.MMOVE.ALLY_END_BLOCK", 1347)


def test_closed_door_is_never_a_monsters_way(tmp_path: Path) -> None:
    """Behind a closed door the enemy is no focus: the monster never moves onto a closed door (L1320)."""
    rows = [". . . o . . .", " . . . o . . .", ". . . D . . .", " . . . o . . .", ". . . o . . ."]
    result = ask(tmp_path, [char("c", "F3"), mon("m", "B3")], turn(move=3, attack=MELEE), rows=rows)
    assert result["outcome"]["focus"] == []
    assert says(result, "GH.MMOVE.AS_PLAYER", 1320)
    assert says(result, "GH.FOCUS.NONE", 1308)


def test_obstacles_and_figures_do_not_block_sight(tmp_path: Path) -> None:
    """A line over an obstacle is clear (L496), in a line_of_sight query and for a monster's ranged attack."""
    rows = [". . . . . . .", " . . . . . . .", ". . o . . . .", " . . . . . . .", ". . . . . . ."]
    sight = ask(tmp_path, [char("b", "B3")], {"kind": "line_of_sight", "from": "B3", "to": "D3"}, rows=rows)
    assert sight["outcome"] == {"clear": True}
    assert says(sight, "GH.LOS.BLOCKERS_ONLY", 496)
    shot = ask(tmp_path, [char("c", "D3"), mon("m", "B3")], turn(move=0, attack={"range": 3}), rows=rows)
    assert shot["outcome"]["choices"] == [{"end": "B3", "targets": ["c"]}]
    assert says(shot, "GH.LOS.BLOCKERS_ONLY", 496)


def test_a_flier_sets_off_no_trap(tmp_path: Path) -> None:
    """A flying monster crosses a trap: it triggers none (L533), so none is an obstacle to it (L1270)."""
    rows = [". . . . . . .", " . . . . . . .", ". . t . . . .", " . . . . . . .", ". . . . . . ."]
    result = ask(tmp_path, [char("c", "E3"), mon("m", "B3", flying=True)], turn(move=2, attack=MELEE), rows=rows)
    assert result["outcome"]["choices"] == [{"end": "D3", "targets": ["c"]}]
    assert says(result, "GH.MOVE.JUMP_FLY", 533)
    assert says(result, "GH.FOCUS.NEGATIVE_HEXES", 1270)


def test_a_jump_over_obstacles(tmp_path: Path) -> None:
    """A jumping monster passes the obstacles (L533), moving as a player's Jump does (L1318)."""
    rows = [". . . o . . .", " . . . o . . .", ". . . o . . .", " . . . o . . .", ". . . o . . ."]
    result = ask(tmp_path, [char("c", "F3"), mon("m", "B3")], turn(move=3, jump=True, attack=MELEE), rows=rows)
    assert result["outcome"]["choices"] == [{"end": "E3", "targets": ["c"]}]
    assert says(result, "GH.MOVE.JUMP_FLY", 533)
    assert says(result, "GH.MMOVE.AS_PLAYER", 1318)


@pytest.mark.parametrize("kind", ["monster_turn", "line_of_sight", "range", "move", "attack"])
def test_every_kind_marks_a_deciding_step(tmp_path: Path, kind: str) -> None:
    """Each query kind of the contract marks at least one deciding step, each citing a rule's lines."""
    queries = {
        "monster_turn": turn(move=2, attack=MELEE),
        "line_of_sight": {"kind": "line_of_sight", "from": "c", "to": "m"},
        "range": {"kind": "range", "from": "c", "to": "m", "range": 3},
        "move": {"kind": "move", "piece": "c", "path": ["D4"], "points": 1},
        "attack": {"kind": "attack", "value": 3, "target": "m"},
    }
    result = ask(tmp_path, [char("c", "E3"), mon("m", "B3")], queries[kind])
    steps = [step for step in result["trace"] if step.get("deciding")]
    assert steps
    assert all(step["rule"].startswith("GH.") and step["lines"][0] > 0 for step in steps)


def test_an_advantage_attack_without_bless_cites_neither_bless_nor_the_single_draw(tmp_path: Path) -> None:
    """Advantage on the standard deck: the x2 card is GH.AMD.MODIFY's, not Bless's; no one-card draw rule."""
    result = ask(tmp_path, [char("b", "A1"), mon("g", "B1")], {"kind": "attack", "value": 3, "advantage": True})
    rules = cited(result)
    assert "GH.AMD.BLESS" not in rules
    assert "GH.AMD.NEUTRAL" not in rules
    assert {"GH.AMD.ADV", "GH.AMD.MODIFY"} <= rules


def test_no_shield_no_defence_rule(tmp_path: Path) -> None:
    """A target without Shield: no Shield, Pierce or defence rule is cited, even with Pierce on the attack."""
    result = ask(tmp_path, [char("b", "A1"), mon("g", "B1")], {"kind": "attack", "value": 3, "pierce": 2})
    assert not {r for r in cited(result) if r.startswith("GH.DEF.")}


def test_only_rolling_counts_that_can_be_drawn_are_cited(tmp_path: Path) -> None:
    """Disadvantage with one plain card and two rolling: two plain cards cannot both be drawn, so no 'worse'."""
    query = {"kind": "attack", "value": 3, "disadvantage": True, "deck": ["-1", "r+1", "r+1"]}
    result = ask(tmp_path, [char("b", "A1"), mon("g", "B1")], query)
    notes = [s["note"] for s in result["trace"] if s["rule"] == "GH.AMD.DIS"]
    assert not any("amd.applied = worse" in note for note in notes)
    assert {"GH.AMD.DIS.ROLL1", "GH.AMD.DIS.ROLL2"} <= cited(result)


def test_a_characters_move_cites_no_monster_rule(tmp_path: Path) -> None:
    """An immobilized character: the players' rule and the condition decide, not the monsters' rule."""
    result = ask(
        tmp_path,
        [char("b", "A1", conditions=["immobilize"])],
        {"kind": "move", "piece": "b", "path": ["B1"], "points": 2},
    )
    assert result["verdict"] == "illegal"
    assert says(result, "GH.MOVE.IMMOBILIZED", 508)
    assert not {r for r in cited(result) if r.startswith("GH.MMOVE.")}


def test_no_disadvantage_is_not_cited_as_the_disadvantage_rule(tmp_path: Path) -> None:
    """A ranged monster shooting from afar: the rule of disadvantage draws is not cited with the value false."""
    result = ask(tmp_path, [char("c", "F3"), mon("m", "C3")], turn(move=2, attack={"range": 3}))
    assert "GH.AMD.DIS" not in cited(result)


def test_values_beyond_a_decisions_facts_still_cite_their_rule(tmp_path: Path) -> None:
    """Attack 30, a +3 card, Shield 12: the arithmetic of the rules, each step still citing its rule."""
    query = {"kind": "attack", "value": 30, "target": "g", "deck": ["+3", "x2"]}
    result = ask(tmp_path, [char("b", "A1"), mon("g", "B1", shield=12)], query)
    assert result["outcome"]["damage"] == {"21": "1/2", "48": "1/2"}
    assert says(result, "GH.ATK.ADJUST", 678)
    assert says(result, "GH.AMD.MODIFY", 1715)
    assert says(result, "GH.DEF.SHIELD", 820)


def test_a_long_range_monster_cites_its_range(tmp_path: Path) -> None:
    """Range 12 (beyond the decisions' declared values): the stat card's range and the ranged rule decide."""
    wide = [". " * 16, " " + ". " * 16, ". " * 16]
    result = ask(tmp_path, [char("c", "O2"), mon("m", "A2")], turn(move=0, attack={"range": 14}), rows=wide)
    assert result["outcome"]["choices"] == [{"end": "A2", "targets": ["c"]}]
    assert says(result, "GH.MATK.BASE_RANGE", 1372)
    assert says(result, "GH.ATK.RANGED", 644)
