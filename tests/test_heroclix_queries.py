"""Every query kind answers HeroClix situations (heroclix/core) through the shared engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.spec import load_spec
from adjudicator.games import UnknownGame, game_named, game_of
from adjudicator.games.heroclix.model import HEROCLIX
from adjudicator.games.horrorclix.model import HORRORCLIX
from adjudicator.judge import answer, load_situation

ROW = ["........", "........", "........", "........"]


def character(pid: str, player: int, at: str, **fields: Any) -> dict[str, Any]:
    """A character with ordinary values unless ``fields`` say otherwise."""
    base = {"speed": 6, "attack": 9, "defense": 16, "damage": 2, "range": 5, "points": 50}
    return {"id": pid, "type": "character", "player": player, "at": at, **base, **fields}


def ask(
    tmp_path: Path,
    pieces: list[dict[str, Any]],
    query: dict[str, Any],
    *,
    terrain: list[str] | None = None,
    walls: list[list[str]] | None = None,
) -> dict[str, Any]:
    """The JSON answer for a heroclix/core situation (an 8 x 4 clear map unless ``terrain`` says otherwise)."""
    doc: dict[str, Any] = {
        "ruleset": "heroclix/core",
        "map": {"kind": "outdoor", "terrain": terrain or ROW},
        "pieces": pieces,
        "query": query,
    }
    if walls:
        doc["map"]["walls"] = walls
    path = tmp_path / "situation.yaml"
    path.write_text(json.dumps(doc), encoding="utf-8")
    spec = load_spec()
    result: dict[str, Any] = answer(spec, load_situation(path, set(spec.rulesets()))).to_json(spec)
    return result


def rules(result: dict[str, Any]) -> set[str]:
    """The rule ids the answer cites."""
    return {step["rule"] for step in result["trace"]}


def test_profiles_by_game() -> None:
    """Each game has its own words and profile; an unknown game is a clear error."""
    assert (game_named("heroclix").words.figure, game_named("heroclix").words.token) == ("character", "bystander")
    assert HEROCLIX.words is game_of("heroclix/core").words
    assert HORRORCLIX.words is game_of("horrorclix/2008").words
    assert (HEROCLIX.profile.figure, HORRORCLIX.profile.figure) == ("character", "monster")
    with pytest.raises(UnknownGame, match="nosuch/1"):
        game_of("nosuch/1")


def test_adapt_drops_translates_and_assumes() -> None:
    """Undeclared facts are dropped, facts in the game's words pass, missing facts are derived or assumed."""
    spec = load_spec()
    decision = spec.decision("heroclix/core", "move.distance_legal")
    facts, assumed = HEROCLIX.profile.adapt(
        decision, {"mover": "character", "speed": 3, "spaces": 2, "stopped_early": False}
    )
    assert facts["mover"] == "character"
    assert assumed == {}
    breakaway = spec.decision("heroclix/core", "breakaway.succeeds")
    facts, assumed = HEROCLIX.profile.adapt(breakaway, {"die": 4, "state": "normal"})
    assert facts == {"die": 4, "modifier": 0}
    assert "modifier" in assumed


def test_action(tmp_path: Path) -> None:
    """A fresh character may be given a move action (HE.ACT.GIVE)."""
    result = ask(
        tmp_path, [character("a", 1, "B2"), character("z", 2, "G4")], {"kind": "action", "piece": "a", "action": "move"}
    )
    assert result["verdict"] == "legal"
    assert "HE.ACT.GIVE" in rules(result)


@pytest.mark.parametrize(("tokens", "verdict"), [(1, "legal"), (2, "illegal")])
def test_action_token_limit(tmp_path: Path, tokens: int, verdict: str) -> None:
    """One token still allows an action; two forbid a third (golden rule 4)."""
    pieces = [character("a", 1, "B2", tokens=tokens), character("z", 2, "G4")]
    assert ask(tmp_path, pieces, {"kind": "action", "piece": "a", "action": "move"})["verdict"] == verdict


def test_move(tmp_path: Path) -> None:
    """A plain move reaches its square and gets one token."""
    result = ask(
        tmp_path, [character("a", 1, "B1"), character("z", 2, "H4")], {"kind": "move", "piece": "a", "to": "F1"}
    )
    assert result["verdict"] == "legal"
    assert result["outcome"]["end"] == "F1"
    assert result["outcome"]["tokens"] == 1


@pytest.mark.parametrize(("speed", "verdict"), [(3, "illegal"), (4, "legal"), (5, "legal")])
def test_move_speed_threshold(tmp_path: Path, speed: int, verdict: str) -> None:
    """Four squares need speed 4: speed 3 falls short, 4 and 5 reach."""
    pieces = [character("a", 1, "B1", speed=speed), character("z", 2, "H4")]
    assert ask(tmp_path, pieces, {"kind": "move", "piece": "a", "to": "F1"})["verdict"] == verdict


@pytest.mark.parametrize(
    ("die", "verdict"), [(1, "illegal"), (2, "illegal"), (3, "illegal"), (4, "legal"), (5, "legal"), (6, "legal")]
)
def test_breakaway_die(tmp_path: Path, die: int, verdict: str) -> None:
    """Break away: 3 or less fails (1 automatically), 4 or more succeeds (6 automatically)."""
    pieces = [character("a", 1, "B2"), character("z", 2, "C2")]
    result = ask(tmp_path, pieces, {"kind": "move", "piece": "a", "to": "A4", "die": die})
    assert result["verdict"] == verdict
    assert result["outcome"]["breakaway"]["p_success"] == "1/2"


def test_reach(tmp_path: Path) -> None:
    """Hindering terrain ends a move: the corridor is reached up to the hindering square."""
    result = ask(tmp_path, [character("a", 1, "A1", speed=4)], {"kind": "reach", "piece": "a"}, terrain=["..h.."])
    assert result["outcome"]["squares"] == ["B1", "C1"]


def test_line_of_fire(tmp_path: Path) -> None:
    """A character between the ends blocks the line (HE.LOF.BLOCK_CHAR)."""
    pieces = [character("a", 1, "A1"), character("c", 1, "C1"), character("b", 2, "E1")]
    result = ask(tmp_path, pieces, {"kind": "line_of_fire", "from": "a", "to": "b"})
    assert result["outcome"]["clear"] is False
    assert "HE.LOF.BLOCK_CHAR" in rules(result)


@pytest.mark.parametrize(("others", "clear"), [(["B1"], True), (["B1", "A2"], False)])
def test_line_of_fire_corner_point(tmp_path: Path, others: list[str], clear: bool) -> None:
    """A corner point counts as the less restrictive of its two side squares."""
    pieces = [character("a", 1, "A1"), character("b", 2, "C3")]
    pieces += [character(f"x{i}", 1, sq) for i, sq in enumerate(others)]
    result = ask(tmp_path, pieces, {"kind": "line_of_fire", "from": "a", "to": "b"}, terrain=["....", "....", "...."])
    assert result["outcome"]["clear"] is clear


@pytest.mark.parametrize(("roll", "hit"), [((3, 3), False), ((3, 4), True), ((4, 4), True)])
def test_attack_hit_threshold(tmp_path: Path, roll: tuple[int, int], hit: bool) -> None:
    """Attack 9 against defense 16 needs 7 on the dice: 6 misses, 7 and 8 hit."""
    pieces = [character("a", 1, "B2"), character("b", 2, "C2")]
    result = ask(
        tmp_path, pieces, {"kind": "attack", "piece": "a", "type": "close", "targets": ["b"], "roll": list(roll)}
    )
    assert result["outcome"]["hit"] == {"b": hit}


def test_attack_without_roll(tmp_path: Path) -> None:
    """Without a roll the chance to hit is counted over the 36 rolls (21 of them)."""
    pieces = [character("a", 1, "B2"), character("b", 2, "C2")]
    result = ask(tmp_path, pieces, {"kind": "attack", "piece": "a", "type": "close", "targets": ["b"]})
    assert result["outcome"]["p_hit"] == {"b": "7/12"}


@pytest.mark.parametrize(("damage", "distance"), [(1, 1), (2, 2), (3, 3)])
def test_knockback_distance(tmp_path: Path, damage: int, distance: int) -> None:
    """A double on a hit knocks the target back one square per damage taken."""
    pieces = [character("a", 1, "B2", damage=damage), character("b", 2, "C2")]
    result = ask(tmp_path, pieces, {"kind": "attack", "piece": "a", "type": "close", "targets": ["b"], "roll": [4, 4]})
    knock = result["outcome"]["knockback"]["b"]
    assert (knock["occurs"], knock["distance"], knock["damage"]) == (True, distance, 0)


def test_knockback_not_without_double(tmp_path: Path) -> None:
    """A hit that is not a double does not knock back."""
    pieces = [character("a", 1, "B2"), character("b", 2, "C2")]
    result = ask(tmp_path, pieces, {"kind": "attack", "piece": "a", "type": "close", "targets": ["b"], "roll": [4, 5]})
    assert result["outcome"]["knockback"]["b"]["occurs"] is False


@pytest.mark.parametrize(("damage", "distance", "clicks"), [(1, 1, 0), (2, 1, 1), (3, 1, 1)])
def test_knockback_wall(tmp_path: Path, damage: int, distance: int, clicks: int) -> None:
    """A wall one square behind: damage 1 just reaches it, 2 and 3 stop there with 1 knockback damage."""
    pieces = [character("a", 1, "B2", damage=damage), character("b", 2, "C2")]
    query = {"kind": "attack", "piece": "a", "type": "close", "targets": ["b"], "roll": [4, 4]}
    knock = ask(tmp_path, pieces, query, walls=[["D2", "E2"]])["outcome"]["knockback"]["b"]
    assert (knock["distance"], knock["damage"]) == (distance, clicks)


@pytest.mark.parametrize(("target", "room"), [("F1", 2), ("G1", 1), ("H1", 0), ("H2", 0), ("H4", 0)])
def test_knockback_stops_at_the_map_edge(tmp_path: Path, target: str, room: int) -> None:
    """Knocked toward the edge (straight or past a corner), the path keeps to the map: at most the room left."""
    pieces = [character("a", 1, "A2", damage=3, range=10), character("b", 2, target)]
    query = {"kind": "attack", "piece": "a", "type": "ranged", "targets": ["b"], "roll": [4, 4]}
    knock = ask(tmp_path, pieces, query)["outcome"]["knockback"]["b"]
    columns, rows = "ABCDEFGH", "1234"
    assert all(sq[0] in columns and sq[1:] in rows for sq in knock["path"]), knock
    assert knock["distance"] == len(knock["path"]) <= 3
    assert all(sq[0] in columns and sq[1:] in rows for sq in knock.get("choice", [])), knock
    if target[1:] == "2":
        assert knock["distance"] == room


def test_value(tmp_path: Path) -> None:
    """The rule of three caps +4 of modifiers at +3."""
    query = {"kind": "value", "piece": "a", "stat": "attack", "effects": [{"modify": 2}, {"modify": 2}]}
    result = ask(tmp_path, [character("a", 1, "B2")], query)
    assert result["outcome"]["value"] == 12
    assert "locked" in result["outcome"]["assumed"]


def test_end_turn(tmp_path: Path) -> None:
    """Tokens stay on characters that acted and leave the others."""
    pieces = [character("a", 1, "A1", tokens=1), character("c", 1, "C1", tokens=1), character("z", 2, "H4")]
    result = ask(tmp_path, pieces, {"kind": "end_turn", "player": 1, "acted": ["a"]})
    assert result["outcome"]["tokens"] == {"a": 1, "c": 0, "z": 0}


def test_score(tmp_path: Path) -> None:
    """A KO scores the character's points; a phase is not needed in HeroClix."""
    pieces = [character("a", 1, "A1"), character("b", 2, "G1"), character("c", 2, "G3")]
    result = ask(tmp_path, pieces, {"kind": "score", "events": [{"kill": "b", "by_player": 1}]})
    assert result["outcome"]["points"] == {"1": 50, "2": 0}
    assert result["outcome"]["winner"] == 1
