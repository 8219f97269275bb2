"""The line_of_sight, range and move queries on small hex maps, with the rules their traces cite."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation

MAP = """\
ruleset: gloomhaven/1e
scenario_level: {level}
map:
  terrain:
{rows}
{walls}pieces:
{pieces}
{objects}query: {query}
"""


def ask(tmp_path: Path, rows: list[str], pieces: list[str], query: str, **extra: Any) -> dict[str, Any]:
    spec = load_spec()
    text = MAP.format(
        level=extra.get("level", 1),
        rows="\n".join(f'    - "{r}"' for r in rows),
        walls=f"  walls: {extra['walls']}\n" if "walls" in extra else "",
        pieces="\n".join(f"  - {p}" for p in pieces),
        objects=f"objects:\n  - {extra['objects']}\n" if "objects" in extra else "",
        query=query,
    )
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    result: dict[str, Any] = answer(spec, load_situation(path, set(spec.rulesets()))).to_json(spec)
    return result


def rules(result: dict[str, Any]) -> set[str]:
    return {step["rule"] for step in result["trace"]}


ROW = ". . . . . ."
BRUTE = "{id: brute, type: character, at: A2}"
GUARD = "{id: guard, type: monster, at: F2}"


def move(tmp_path: Path, rows: list[str], path: str, points: int, *more: str, **extra: Any) -> dict[str, Any]:
    pieces = [BRUTE, GUARD, *more]
    jump = extra.pop("jump", False)
    mover = extra.pop("piece", "brute")
    query = f"{{kind: move, piece: {mover}, path: [{path}], points: {points}, jump: {str(jump).lower()}}}"
    return ask(tmp_path, rows, pieces, query, **extra)


def test_trap_and_hazard_damage_follow_the_level(tmp_path: Path) -> None:
    result = move(tmp_path, [ROW, " . t h . . .", ROW], "B2, C2, D2", 3, level=3)
    assert result["verdict"] == "legal"
    assert result["outcome"]["triggered"] == [
        {"at": "B2", "kind": "trap", "damage": 5},
        {"at": "C2", "kind": "hazardous", "damage": 2},
    ]
    assert {"GH.MOVE.TRAP", "GH.MOVE.HAZARD"} <= rules(result)


def test_a_scenario_trap_damage_and_conditions(tmp_path: Path) -> None:
    trap = "{type: trap, at: B2, damage: 4, conditions: [poison]}"
    result = move(tmp_path, [ROW, " . t . . . .", ROW], "B2", 1, objects=trap)
    assert result["outcome"]["triggered"] == [{"at": "B2", "kind": "trap", "damage": 4, "conditions": ["poison"]}]


def test_jump_passes_enemies_and_obstacles_and_pays_difficult_last(tmp_path: Path) -> None:
    enemy = "{id: imp, type: monster, at: B2}"
    result = move(tmp_path, [ROW, " . . o d . .", ROW], "B2, C2, D2", 4, enemy, jump=True)
    assert result["verdict"] == "legal"
    assert result["outcome"]["cost"] == 4
    assert "GH.MOVE.JUMP_FLY" in rules(result)


def test_jump_over_a_trap_does_not_spring_it(tmp_path: Path) -> None:
    result = move(tmp_path, [ROW, " . t . . . .", ROW], "B2, C2", 2, jump=True)
    assert result["outcome"]["triggered"] == []


def test_flying_ignores_terrain_and_traps(tmp_path: Path) -> None:
    flier = "{id: drake, type: summon, owner: brute, at: B1, flying: true}"
    result = move(tmp_path, [ROW, " . t d . . .", ROW], "B2, C2", 2, flier, piece="drake")
    assert result["verdict"] == "legal"
    assert result["outcome"]["cost"] == 2
    assert result["outcome"]["triggered"] == []


def test_a_character_opens_a_door_a_summon_may_not(tmp_path: Path) -> None:
    rows = [ROW, " . D . . . .", ROW]
    opened = move(tmp_path, rows, "B2, C2", 2)
    assert opened["verdict"] == "legal"
    assert opened["outcome"]["opens"] == ["B2"]
    bear = "{id: bear, type: summon, owner: brute, at: B1}"
    refused = move(tmp_path, rows, "B2", 2, bear, piece="bear")
    assert refused["verdict"] == "illegal"
    assert refused["outcome"]["blocked_at"] == "B2"
    assert "GH.MOVE.DOOR_CLOSED" in rules(refused)


def test_a_locked_door_and_a_thin_wall_stop_everyone(tmp_path: Path) -> None:
    locked = move(tmp_path, [ROW, " . L . . . .", ROW], "B2", 2)
    assert locked["outcome"]["blocked_at"] == "B2"
    assert "GH.MOVE.DOOR_LOCKED" in rules(locked)
    walled = move(tmp_path, [ROW, ROW, ROW], "B2", 2, walls="[[A2, B2]]", jump=True)
    assert walled["verdict"] == "illegal"
    assert "GH.MOVE.WALLS" in rules(walled)


def test_budget_end_on_ally_and_immobilized(tmp_path: Path) -> None:
    over = move(tmp_path, [ROW, " . d . . . .", ROW], "B2, C2", 2)
    assert (over["verdict"], over["outcome"]["blocked_at"], over["outcome"]["end"]) == ("illegal", "C2", "B2")
    assert "GH.MOVE.BUDGET" in rules(over)
    ally = move(tmp_path, [ROW, ROW, ROW], "B2", 2, "{id: tink, type: character, at: B2}")
    assert ally["outcome"]["blocked_at"] == "B2"
    held = ask(
        tmp_path,
        [ROW, ROW, ROW],
        ["{id: brute, type: character, at: A2, conditions: [immobilize]}"],
        "{kind: move, piece: brute, path: [B2], points: 2}",
    )
    assert (held["verdict"], held["outcome"]["end"], held["outcome"]["cost"]) == ("illegal", "A2", 0)
    assert "GH.MOVE.IMMOBILIZED" in rules(held)


def test_a_step_must_go_to_a_neighbour(tmp_path: Path) -> None:
    result = move(tmp_path, [ROW, ROW, ROW], "C2", 3)
    assert result["outcome"]["blocked_at"] == "C2"


def test_sight_blocked_by_wall_hex_and_door_not_by_figures(tmp_path: Path) -> None:
    query = "{kind: line_of_sight, from: brute, to: guard}"
    wall = ask(tmp_path, [ROW, " . . x . . .", ROW], [BRUTE, GUARD], query)
    assert wall["outcome"] == {"clear": False}  # a wall hex in the row: every line touches it
    aside = ask(tmp_path, [". . x . . .", ROW, ROW], [BRUTE, GUARD], query)
    assert aside["outcome"] == {"clear": True}
    column = [". . x . . .", " . . x . . .", ". . x . . ."]
    shut = ask(tmp_path, column, [BRUTE, GUARD], "{kind: line_of_sight, from: brute, to: guard}")
    assert shut["outcome"] == {"clear": False}
    assert "GH.LOS.DEF" in rules(shut) or "GH.LOS.PARTIAL_HEX" in rules(shut)
    door = ask(tmp_path, [ROW, " . . D . . .", ROW], [BRUTE, GUARD], query)
    assert door["outcome"] == {"clear": False}
    opened = ask(tmp_path, [ROW, " . . / . . .", ROW], [BRUTE, GUARD], query)
    assert opened["outcome"] == {"clear": True}
    crowd = [BRUTE, GUARD, *(f"{{id: m{c}, type: monster, at: {c}}}" for c in ("C1", "D1", "C3", "D3"))]
    seen = ask(tmp_path, [ROW, " . . o . . .", ROW], crowd, "{kind: line_of_sight, from: A2, to: F2}")
    assert seen["outcome"] == {"clear": True}
    assert "GH.LOS.BLOCKERS_ONLY" in rules(seen)


def test_range_counts_round_walls_or_is_null(tmp_path: Path) -> None:
    column = [". . x . . .", " . . x . . .", ". . x . . ."]
    none = ask(tmp_path, column, [BRUTE, GUARD], "{kind: range, from: brute, to: guard, range: 9}")
    assert none["outcome"] == {"distance": None, "within": False}
    near = ask(tmp_path, [ROW, ROW, ROW], [BRUTE, GUARD], "{kind: range, from: brute, to: E2, range: 4}")
    assert near["outcome"] == {"distance": 4, "within": True}
    assert "GH.RANGE.COUNT" in rules(near)
