"""The movement engine and the move/reach queries: outcomes, thresholds, traces and limits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation
from adjudicator.situation.answer import Answer

STATS = "attack: 9, defense: 16, damage: 2, range: 0"
OPEN = '{kind: outdoor, terrain: [".......", ".......", "......."]}'


def ask(
    tmp_path: Path,
    pieces: list[str],
    query: str,
    *,
    ruleset: str = "horrorclix/2008",
    board: str = OPEN,
    extra: str = "",
) -> Answer:
    """Answer a situation written from its parts."""
    lines = [f"ruleset: {ruleset}", f"map: {board}", "pieces:"]
    lines += [f"  - {{{p}}}" for p in pieces]
    lines += [f"query: {query}", extra]
    path = tmp_path / "situation.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    spec = load_spec()
    return answer(spec, load_situation(path, set(spec.rulesets())))


def monster(piece_id: str, at: str, speed: int = 4, player: int = 1, more: str = "") -> str:
    """A monster's flow mapping body."""
    return f"id: {piece_id}, type: monster, player: {player}, at: {at}, speed: {speed}, {STATS}{more}"


def rules(result: Answer) -> set[str]:
    """The rule ids a trace cites."""
    return {step.rule for step in result.trace}


@pytest.mark.parametrize(("speed", "verdict"), [(2, "illegal"), (3, "legal"), (4, "legal")])
def test_speed_threshold(tmp_path: Path, speed: int, verdict: str) -> None:
    """D2 is 3 spaces from A2: speed 2 cannot reach it, speeds 3 and 4 can (N-1/N/N+1)."""
    result = ask(tmp_path, [monster("m", "A2", speed)], "{kind: move, piece: m, to: D2}")
    assert result.verdict == verdict
    if verdict == "illegal":
        assert "HX.MOVE.DIST" in rules(result)
    else:
        assert result.outcome["path"][0] == "A2"
        assert result.outcome["end"] == "D2"
        assert len(result.outcome["path"]) == 4


def test_path_outcome_fields(tmp_path: Path) -> None:
    """A legal move reports path, end, break away, slays, tokens and revealed victims."""
    result = ask(tmp_path, [monster("m", "A2", more=", tokens: 1")], "{kind: move, piece: m, to: C2}")
    assert result.outcome == {
        "path": ["A2", "B2", "C2"],
        "end": "C2",
        "breakaway": {"required": False, "p_success": None},
        "slays": None,
        "tokens": 2,
        "revealed": [],
    }
    assert result.marks["path"] == [(0, 1), (1, 1), (2, 1)]
    assert "*" in result.picture


def test_breakaway_chance_without_die(tmp_path: Path) -> None:
    """Without a die the move depends on the roll: each branch with its exact chance (3/6 each)."""
    foes = [monster("m", "A2"), monster("f", "B2", player=2)]
    result = ask(tmp_path, foes, "{kind: move, piece: m, to: A3}")
    assert result.verdict == "depends"
    assert result.outcome["breakaway"] == {"required": True, "p_success": "1/2"}
    branches = [(b["verdict"], b["probability"], b["end"]) for b in result.outcome["branches"]]
    assert branches == [("legal", "1/2", "A3"), ("illegal", "1/2", "A2")]
    assert {"HX.BREAK.WHEN", "HX.BREAK.FAIL", "HX.BREAK.SUCCESS"} <= rules(result)


@pytest.mark.parametrize(("die", "verdict"), [(3, "illegal"), (4, "legal"), (5, "legal")])
def test_breakaway_die_threshold(tmp_path: Path, die: int, verdict: str) -> None:
    """A roll of 3 fails (no movement, one token); 4 and 5 succeed."""
    foes = [monster("m", "A2"), monster("f", "B2", player=2)]
    result = ask(tmp_path, foes, f"{{kind: move, piece: m, to: A3, die: {die}}}")
    assert result.verdict == verdict
    assert result.outcome["tokens"] == 1
    if verdict == "illegal":
        assert result.outcome["path"] == ["A2"]
        assert "HX.BREAK.FAIL" in rules(result)


def test_immovable_foe_needs_no_roll(tmp_path: Path) -> None:
    """An adjacent immovable opponent asks for no break-away roll, and leaving it is free."""
    foes = [monster("m", "A2"), f"id: f, type: monster, player: 2, at: B2, speed: hourglass, {STATS}"]
    result = ask(tmp_path, foes, "{kind: reach, piece: m}")
    assert result.outcome["breakaway_required"] is False
    assert "HX.HG.IMMOVABLE.BREAK" in rules(result)
    assert "A3" in result.outcome["squares"]


def test_immovable_mover_is_refused(tmp_path: Path) -> None:
    """A monster with the hourglass in its speed slot cannot be given a move action."""
    piece = f"id: m, type: monster, player: 1, at: A2, speed: hourglass, {STATS}"
    result = ask(tmp_path, [piece], "{kind: move, piece: m, to: B2}")
    assert result.verdict == "illegal"
    assert "HX.HG.IMMOVABLE" in rules(result)


def test_two_tokens_refused(tmp_path: Path) -> None:
    """A monster with two action tokens cannot be given a move action."""
    result = ask(tmp_path, [monster("m", "A2", more=", tokens: 2")], "{kind: move, piece: m, to: B2}")
    assert result.verdict == "illegal"
    assert "HX.TOKEN.TWO.LOCK" in rules(result)


def test_zero_move_is_legal(tmp_path: Path) -> None:
    """Moving 0 spaces needs no break away and still earns a token."""
    foes = [monster("m", "A2"), monster("f", "B2", player=2)]
    result = ask(tmp_path, foes, "{kind: move, piece: m, to: A2}")
    assert result.verdict == "legal"
    assert result.outcome["path"] == ["A2"]
    assert result.outcome["breakaway"]["required"] is False
    assert result.outcome["tokens"] == 1


def test_stop_rule_is_cited_for_unreachable(tmp_path: Path) -> None:
    """A square behind a stop cites the stop rule that bars it."""
    foes = [monster("m", "A2", 6), monster("f", "G2", player=2)]
    result = ask(tmp_path, foes, "{kind: move, piece: m, to: G1}")
    assert result.verdict == "illegal"
    assert "HX.MOVE.STOPADJ" in rules(result)


def test_blocked_step_is_cited(tmp_path: Path) -> None:
    """A square of blocking terrain cites the rule that bars entering it."""
    board = '{kind: outdoor, terrain: ["..#", "..#", "..#"]}'
    result = ask(tmp_path, [monster("m", "A2")], "{kind: move, piece: m, to: C2}", board=board)
    assert result.verdict == "illegal"
    assert "HX.BLOCK.MOVE" in rules(result)


def test_flight_mode_change_reported(tmp_path: Path) -> None:
    """Under the spaces_only reading a wall needs soaring: one mode change, speed 4 - 1 = 3."""
    board = '{kind: outdoor, terrain: [".....", ".....", "....."], walls: [[B1, C1], [B2, C2], [B3, C3]]}'
    bat = monster("bat", "A2", more=", move: flight, flight: hovering")
    reading = "readings: {HX.FLY.HOVER.BLOCK: spaces_only}"
    result = ask(tmp_path, [bat], "{kind: move, piece: bat, to: D2}", board=board, extra=reading)
    assert result.verdict == "legal"
    assert result.outcome["flight"] == "soaring"
    assert result.outcome["mode_changes"] == 1
    assert result.outcome["speed"] == 3
    assert "HX.FLY.ELEVCHG" in rules(result)
    far = ask(tmp_path, [bat], "{kind: move, piece: bat, to: E2}", board=board, extra=reading)
    assert far.verdict == "illegal"


def test_victim_move_has_no_tokens(tmp_path: Path) -> None:
    """A victim moved in the suspense phase gets no action token and slays nobody."""
    result = ask(tmp_path, ["id: v, type: victim, at: A2, speed: 3, face: up"], "{kind: move, piece: v, to: D2}")
    assert result.verdict == "legal"
    assert result.outcome["tokens"] is None
    assert result.outcome["slays"] is None


def test_double_base_mover_counts_from_a_chosen_space(tmp_path: Path) -> None:
    """A double-base monster counts from a space next to its base; both ends finish within speed (hx2008 L611)."""
    piece = f"id: d, type: monster, player: 1, at: [A2, B2], size: double, speed: 2, {STATS}"
    result = ask(tmp_path, [piece], "{kind: move, piece: d, to: [C2, D2]}")
    assert result.verdict == "legal"
    assert result.outcome["far_end_count"] == 2  # C2 counted 1, D2 counted 2
    assert "HX.DB.MOVE.END" in rules(result)
    far = ask(tmp_path, [piece], "{kind: move, piece: d, to: [D2, E2]}")
    assert far.verdict == "illegal"


def test_giant_in_first_edition_is_undecided(tmp_path: Path) -> None:
    """The first edition has no giants: the answer is undecided and cites the fallback."""
    piece = monster("g", "A2", more=", size: giant")
    result = ask(tmp_path, [piece], "{kind: reach, piece: g}", ruleset="horrorclix/1e")
    assert result.verdict == "undecided"
    assert "HX.ETQ.ROLL" in rules(result)


def test_undecided_squares_reported(tmp_path: Path) -> None:
    """First edition: whether a victim stops on entering hindering terrain is undecided; so are the squares beyond."""
    board = '{kind: outdoor, terrain: ["..h..", "..h..", "..h.."]}'
    result = ask(
        tmp_path,
        ["id: v, type: victim, at: A2, speed: 4, face: up"],
        "{kind: reach, piece: v}",
        ruleset="horrorclix/1e",
        board=board,
        extra="readings: {HX.VMOVE.DIST: up_to}",
    )
    assert result.verdict == "undecided"
    outcome: dict[str, Any] = result.outcome
    assert "C2" in outcome["squares"]
    assert "D2" in outcome["undecided_squares"]


def test_giant_reading_changes_the_stop(tmp_path: Path) -> None:
    """Under the 'ignores' reading a giant passes next to a standard opponent without stopping."""
    board = '{kind: outdoor, terrain: [".......", "......."]}'
    pieces = [monster("g", "A2", 6, more=", size: giant"), monster("f", "D1", player=2)]
    default = ask(tmp_path, pieces, "{kind: move, piece: g, to: F2}", board=board)
    broad = ask(
        tmp_path,
        pieces,
        "{kind: move, piece: g, to: F2}",
        board=board,
        extra="readings: {HX.GIANT.MOVE.STOPADJ: ignores}",
    )
    assert default.verdict == "illegal"
    assert broad.verdict == "legal"
