"""Hovering over outdoor walls, HeroClix corner points (moving and knockback), stairways and pushing on a move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation

BAT = {"id": "bat", "type": "monster", "player": 1, "at": "A2", "speed": 4, "move": "flight", "flight": "hovering"}
BAT_STATS = {"attack": 9, "defense": 16, "damage": 2, "range": 0}
WALL_BC = [["B1", "C1"], ["B2", "C2"], ["B3", "C3"]]
CHARACTER = {"type": "character", "speed": 6, "attack": 9, "defense": 16, "damage": 2, "range": 5, "points": 50}


def ask(tmp_path: Path, doc: dict[str, Any]) -> dict[str, Any]:
    """The JSON answer to a situation given as a mapping."""
    path = tmp_path / "situation.yaml"
    path.write_text(json.dumps(doc), encoding="utf-8")  # JSON is YAML
    spec = load_spec()
    result: dict[str, Any] = answer(spec, load_situation(path, set(spec.rulesets()))).to_json(spec)
    return result


def deciding(result: dict[str, Any]) -> set[str]:
    """The rules of the steps the answer marks as deciding."""
    return {step["rule"] for step in result["trace"] if step.get("deciding")}


def bat_move(tmp_path: Path, ruleset: str, kind: str, **more: Any) -> dict[str, Any]:
    """The hovering bat on A2 asked to move to D2 across the wall between columns B and C."""
    doc: dict[str, Any] = {
        "ruleset": ruleset,
        "map": {"kind": kind, "terrain": [".......", ".......", "......."], "walls": WALL_BC, **more.pop("map", {})},
        "pieces": [{**BAT, **BAT_STATS}],
        "query": {"kind": "move", "piece": "bat", "to": "D2"},
        **more,
    }
    return ask(tmp_path, doc)


@pytest.mark.parametrize("ruleset", ["horrorclix/2008", "horrorclix/1e"])
def test_hovering_crosses_an_outdoor_wall_HX_FLY_HOVER_BLOCK(tmp_path: Path, ruleset: str) -> None:
    """HX.FLY.HOVER.BLOCK: a wall on an outdoor map is outdoor blocking terrain, crossed hovering (3 spaces)."""
    result = bat_move(tmp_path, ruleset, "outdoor")
    assert result["verdict"] == "legal"
    assert result["outcome"]["path"] == ["A2", "B2", "C2", "D2"]
    assert result["outcome"]["flight"] == "hovering"
    assert "HX.FLY.HOVER.BLOCK" in deciding(result)


def test_hovering_does_not_cross_an_indoor_wall_HX_FLY_HOVER_BLOCK(tmp_path: Path) -> None:
    """HX.FLY.HOVER.BLOCK: a wall touching an indoor space is indoor terrain; the hovering bat goes no further."""
    more = {"map": {"indoor": ["..iiiii", "..iiiii", "..iiiii"]}}
    result = bat_move(tmp_path, "horrorclix/2008", "indoor/outdoor", **more)
    assert result["verdict"] == "illegal"


def test_spaces_only_reading_keeps_the_wall_HX_FLY_HOVER_BLOCK(tmp_path: Path) -> None:
    """HX.FLY.HOVER.BLOCK, reading spaces_only: the bat must climb to soaring (speed 4 - 1) to pass the wall."""
    result = bat_move(tmp_path, "horrorclix/2008", "outdoor", readings={"HX.FLY.HOVER.BLOCK": "spaces_only"})
    assert result["verdict"] == "legal"
    assert result["outcome"]["flight"] == "soaring"
    assert result["outcome"]["speed"] == 3
    assert "HX.FLY.ELEVCHG" in deciding(result)


def hero(pid: str, player: int, at: str, **more: Any) -> dict[str, Any]:
    """A HeroClix character entry."""
    return {"id": pid, "player": player, "at": at, **CHARACTER, **more}


def hero_move(tmp_path: Path, rows: list[str], pieces: list[dict[str, Any]], to: str, **more: Any) -> dict[str, Any]:
    """A HeroClix move of the first piece to ``to`` on an outdoor map of ``rows``."""
    doc = {
        "ruleset": "heroclix/core",
        "map": {"kind": "outdoor", "terrain": rows, **more.pop("map", {})},
        "pieces": pieces,
        "query": {"kind": "move", "piece": pieces[0]["id"], "to": to, **more},
    }
    return ask(tmp_path, doc)


@pytest.mark.parametrize(
    ("sides", "verdict"),
    [
        ("#.", "legal"),  # blocking and clear: the point is clear
        ("#h", "illegal"),  # blocking and hindering: the point is hindering, the mover stops on C2
        ("hh", "illegal"),  # both hindering
        ("##", "illegal"),  # both blocking: the step is barred
    ],
)
def test_corner_point_least_restrictive_side_HE_POINT_MOVE(tmp_path: Path, sides: str, verdict: str) -> None:
    """HE.POINT.MOVE: the diagonal B3 -> C2 takes the less restrictive of B2 and C3 (speed 2, to D1)."""
    rows = ["....", f".{sides[0]}..", f"..{sides[1]}.", "...."]
    result = hero_move(tmp_path, rows, [hero("a", 1, "B3", speed=2)], "D1")
    assert result["verdict"] == verdict
    if verdict == "illegal":
        assert "HE.POINT.MOVE" in deciding(result)


@pytest.mark.parametrize(("player", "verdict"), [(1, "legal"), (2, "illegal")])
def test_corner_point_counts_the_character_beside_it_HE_POINT_MOVE(tmp_path: Path, player: int, verdict: str) -> None:
    """HE.POINT.MOVE: beside blocking A2, a friend on B1 leaves the point clear; a foe there makes it blocking."""
    pieces = [hero("a", 1, "A1"), hero("z", player, "B1")]
    result = hero_move(tmp_path, ["....", "#...", "....", "...."], pieces, "B2", die=5)
    assert result["verdict"] == verdict


@pytest.mark.parametrize(
    ("rows", "distance", "damage"),
    [
        (["......", "......", "...#..", "..#...", "......", "......"], 0, 1),  # C4 and D3 blocking: stops in C3
        (["......", "......", "...#..", "......", "......", "......"], 2, 0),  # only D3: the point is clear
    ],
)
def test_knockback_through_a_corner_point_HE_POINT_MOVE(
    tmp_path: Path, rows: list[str], distance: int, damage: int
) -> None:
    """HE.POINT.MOVE, HE.KB.BLOCKED: a diagonal knockback stops before a blocking point, with 1 knockback damage."""
    doc = {
        "ruleset": "heroclix/core",
        "map": {"kind": "outdoor", "terrain": rows},
        "pieces": [hero("a", 1, "B2"), hero("b", 2, "C3")],
        "query": {"kind": "attack", "piece": "a", "type": "close", "targets": ["b"], "roll": [4, 4]},
    }
    knock = ask(tmp_path, doc)["outcome"]["knockback"]["b"]
    assert (knock["distance"], knock["damage"]) == (distance, damage)


STAIRS = {"elevation": ["11122", "11122", "11122", "11122"], "stairs": ["B2", "C2", "D2"]}


@pytest.mark.parametrize(("speed", "verdict"), [(3, "illegal"), (4, "legal"), (5, "legal")])
def test_stairs_need_every_stair_square_HE_ELEV_STAIRS(tmp_path: Path, speed: int, verdict: str) -> None:
    """HE.ELEV.STAIRS: C3 -> C2 -> D2 skips B2 and cannot climb; the way through B2 takes 4 squares."""
    result = hero_move(tmp_path, ["....."] * 4, [hero("a", 1, "C3", speed=speed)], "E2", map=STAIRS)
    assert result["verdict"] == verdict
    if verdict == "legal":
        assert result["outcome"]["path"][:4] == ["C3", "B2", "C2", "D2"]
    else:
        assert "HE.ELEV.STAIRS" in deciding(result)


def test_stairs_from_the_bottom_end_climb_HE_ELEV_STAIRS(tmp_path: Path) -> None:
    """HE.ELEV.STAIRS: starting at the bottom end B2, walking B2 -> C2 -> D2 climbs (3 squares to E2)."""
    result = hero_move(tmp_path, ["....."] * 4, [hero("a", 1, "A2", speed=4)], "E2", map=STAIRS)
    assert result["verdict"] == "legal"
    assert result["outcome"]["path"] == ["A2", "B2", "C2", "D2", "E2"]


@pytest.mark.parametrize(("tokens", "pushing"), [(0, None), (1, 1)])
def test_second_token_on_a_move_pushes_HE_PUSH_DAMAGE(tmp_path: Path, tokens: int, pushing: int | None) -> None:
    """HE.PUSH.DAMAGE: a move action that gives a second action token deals 1 pushing damage, a first none."""
    result = hero_move(tmp_path, ["........"] * 3, [hero("a", 1, "A2", tokens=tokens)], "D2")
    assert result["outcome"].get("pushing_damage") == pushing
    assert ("HE.PUSH.DAMAGE" in deciding(result)) == (pushing is not None)
