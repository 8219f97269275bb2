"""The push and pull queries (GH.PUSH.*, gh1e L1019-1050): every step farther (closer), blockers, the full X."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import PositionedError
from adjudicator.core.spec import load_spec
from adjudicator.games.gloomhaven.model import Situation as GloomhavenSituation
from adjudicator.judge import answer, load_situation_text
from adjudicator.spaces.hex import Hex
from tests.gloomhaven.support import hex_name, parse_hex

SPEC = load_spec()
KNOWN = set(SPEC.rulesets())


def ask(doc: dict[str, Any]) -> dict[str, Any]:
    """The JSON answer of a situation given as a document."""
    situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "push.yaml", KNOWN)
    result: dict[str, Any] = answer(SPEC, situation).to_json(SPEC)
    return result


def push(rows: list[str], pieces: list[dict[str, Any]], query: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """Ask a push or pull (``query`` without the ``kind`` defaults to a push by ``brute`` on ``guard``)."""
    full = {"kind": "push", "attacker": "brute", "target": "guard", **query}
    return ask({"ruleset": "gloomhaven/1e", "map": {"terrain": rows}, "pieces": pieces, "query": full, **extra})


ROW: list[dict[str, Any]] = [
    {"id": "brute", "type": "character", "at": "A1"},
    {"id": "guard", "type": "monster", "at": "B1"},
]


def rules(result: dict[str, Any]) -> set[str]:
    return {step["rule"] for step in result["trace"]}


def deciding(result: dict[str, Any]) -> set[str]:
    return {step["rule"] for step in result["trace"] if step.get("deciding")}


def test_gh_push_full_room_for_three_amount_two_three_four() -> None:
    """GH.PUSH.FULL at the threshold: room for 3 hexes; Push 2 and 3 use all of it, Push 4 stops at the wall."""
    rows = [". . . . . x"]
    moved = {amount: push(rows, ROW, {"amount": amount})["outcome"]["paths"] for amount in (2, 3, 4)}
    assert moved[2] == [{"path": ["C1", "D1"], "end": "D1", "triggered": []}]
    assert moved[3] == [{"path": ["C1", "D1", "E1"], "end": "E1", "triggered": []}]
    assert moved[4] == moved[3]


def test_gh_push_full_proposed_path_one_short_two_and_three() -> None:
    """A proposed path of X-1 hexes with room left is short; X hexes is legal; X+1 goes past X."""
    rows = [". . . . . ."]
    short = push(rows, ROW, {"amount": 2, "path": ["C1"]})
    exact = push(rows, ROW, {"amount": 2, "path": ["C1", "D1"]})
    over = push(rows, ROW, {"amount": 2, "path": ["C1", "D1", "E1"]})
    assert (short["verdict"], short["outcome"]["short"]) == ("illegal", True)
    assert "GH.PUSH.FULL" in deciding(short)
    assert exact["verdict"] == "legal"
    assert exact["outcome"] == {"end": "D1", "triggered": []}
    assert (over["verdict"], over["outcome"]["blocked_at"]) == ("illegal", "E1")
    assert "GH.PUSH.DIR" in deciding(over)


def test_gh_push_push_a_step_not_farther_is_refused() -> None:
    """GH.PUSH.PUSH: a step that keeps the range to the attacker (C1 -> B2, both at range 2 from A1) is refused."""
    rows = [". . . . .", " . . . . .", ". . . . ."]
    result = push(rows, ROW, {"amount": 2, "path": ["C1", "B2"]})
    assert result["verdict"] == "illegal"
    assert result["outcome"]["blocked_at"] == "B2"
    assert "GH.PUSH.PUSH" in deciding(result)


def test_gh_push_pull_comes_closer_and_stops_at_the_attacker() -> None:
    """GH.PUSH.PULL and GH.PUSH.BLOCK: a pull ends beside the attacker, whose hex it may not enter."""
    pieces = [{"id": "brute", "type": "character", "at": "A1"}, {"id": "guard", "type": "monster", "at": "D1"}]
    result = push([". . . . ."], pieces, {"kind": "pull", "amount": 3})
    assert result["outcome"]["ends"] == ["B1"]
    assert {"GH.PUSH.PULL", "GH.PUSH.BLOCK"} <= rules(result)


def test_gh_push_block_enemy_of_target_obstacle_closed_door() -> None:
    """GH.PUSH.BLOCK: a figure hostile to the target, an obstacle and a closed door each stop a push at once."""
    for rows, more in (
        ([". . . ."], [{"id": "ally", "type": "summon", "owner": "brute", "at": "C1"}]),
        ([". . o ."], []),
        ([". . D ."], []),
    ):
        result = push(rows, ROW + more, {"amount": 2})
        assert result["outcome"]["ends"] == ["B1"], rows
        assert "GH.PUSH.BLOCK" in deciding(result)


def test_gh_push_ignore_ally_passed_but_not_ended_on() -> None:
    """GH.PUSH.IGNORE: the target's ally is crossed by Push 2 but stops Push 1."""
    imp = [{"id": "imp", "type": "monster", "at": "C1"}]
    assert push([". . . . ."], ROW + imp, {"amount": 1})["outcome"]["ends"] == ["B1"]
    two = push([". . . . ."], ROW + imp, {"amount": 2})
    assert two["outcome"]["ends"] == ["D1"]
    assert "GH.PUSH.IGNORE" in deciding(two)


def test_gh_push_ignore_difficult_terrain_costs_nothing() -> None:
    """GH.PUSH.IGNORE: difficult terrain on the way does not shorten a push."""
    result = push([". . d d . ."], ROW, {"amount": 3})
    assert result["outcome"]["ends"] == ["E1"]


def test_gh_push_traps_non_flying_springs_trap_and_hazard() -> None:
    """GH.PUSH.TRAPS: a walking target moved into a trap and a hazard takes 2+N and (2+N)/2 at level 2."""
    result = push([". . t h ."], ROW, {"amount": 2}, scenario_level=2)
    assert result["outcome"]["paths"][0]["triggered"] == [
        {"at": "C1", "kind": "trap", "damage": 4},
        {"at": "D1", "kind": "hazardous", "damage": 2},
    ]


def test_gh_push_traps_flying_target_springs_nothing() -> None:
    """GH.PUSH.TRAPS: a flying target moved into a trap takes nothing."""
    pieces = [ROW[0], {**ROW[1], "flying": True}]
    result = push([". . t h ."], pieces, {"amount": 2})
    assert result["outcome"]["paths"][0]["triggered"] == []
    assert "GH.PUSH.TRAPS" in deciding(result)


def test_gh_push_block_flying_over_obstacles_by_default() -> None:
    """GH.PUSH.BLOCK: a flying target crosses an obstacle by default, not under the literal reading; walkers never."""
    flying = [ROW[0], {**ROW[1], "flying": True}]
    literal = {"readings": {"GH.PUSH.BLOCK": "literal"}}
    assert push([". . o . ."], flying, {"amount": 2})["outcome"]["ends"] == ["D1"]
    assert push([". . o . ."], flying, {"amount": 2}, **literal)["outcome"]["ends"] == ["B1"]
    assert push([". . o . ."], ROW, {"amount": 2})["outcome"]["ends"] == ["B1"]


def test_every_listed_path_is_judged_legal() -> None:
    """Each path the listing gives, proposed back, is legal and ends where the listing says."""
    rows = [". . . . . .", " . . . t . .", ". . . o . ."]
    pieces = [
        *({**p, "at": at} for p, at in zip(ROW, ("A2", "B2"), strict=True)),
        {"id": "imp", "type": "monster", "at": "C3"},
    ]
    listing = push(rows, pieces, {"amount": 2})["outcome"]["paths"]
    assert listing
    for entry in listing:
        judged = push(rows, pieces, {"amount": 2, "path": entry["path"]})
        assert judged["verdict"] == "legal", entry
        assert judged["outcome"] == {"end": entry["end"], "triggered": entry["triggered"]}


# -- property: a push never ends nearer, a pull never farther, neither moves more than X

TERRAIN = st.sampled_from(list("......xotdhD"))


@st.composite
def situations(draw: st.DrawFn) -> dict[str, Any]:
    """A small random map with an attacker, a target and a few other figures."""
    height, width = draw(st.integers(1, 4)), draw(st.integers(2, 5))
    rows = ["".join(draw(st.lists(TERRAIN, min_size=width, max_size=width))) for _ in range(height)]
    free = [Hex(c, r) for r in range(height) for c in range(width) if rows[r][c] in ".tdh"]
    assume(len(free) >= 2)
    places = draw(st.lists(st.sampled_from(free), unique=True, min_size=2, max_size=min(5, len(free))))
    pieces: list[dict[str, Any]] = [{"id": "brute", "type": "character", "at": hex_name(places[0])}]
    pieces.append({"id": "guard", "type": "monster", "at": hex_name(places[1]), "flying": draw(st.booleans())})
    for index, at in enumerate(places[2:]):
        pieces.append({"id": f"f{index}", "type": draw(st.sampled_from(("character", "monster"))), "at": hex_name(at)})
    kind = draw(st.sampled_from(("push", "pull")))
    query = {"kind": kind, "attacker": "brute", "target": "guard", "amount": draw(st.integers(1, 4))}
    return {"ruleset": "gloomhaven/1e", "map": {"terrain": rows}, "pieces": pieces, "query": query}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(situations())
def test_push_never_nearer_pull_never_farther_never_more_than_x(doc: dict[str, Any]) -> None:
    """Every allowed end of a push is no nearer the attacker than the start (a pull no farther), within X hexes."""
    try:
        situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "gen.yaml", KNOWN)
    except PositionedError:
        assume(False)
        return
    assert isinstance(situation, GloomhavenSituation)
    result = answer(SPEC, situation).to_json(SPEC)
    board = situation.board
    start, attacker = situation.piece("guard").at, situation.piece("brute").at
    ranges = board.clear_distances(attacker)
    far = 10**6
    before = ranges.get(start, far)
    amount = doc["query"]["amount"]
    assert result["outcome"]["paths"]
    for entry in result["outcome"]["paths"]:
        assert len(entry["path"]) <= amount
        after = ranges.get(parse_hex(entry["end"]), far)
        if doc["query"]["kind"] == "push":
            assert after >= before
            assert not entry["path"] or after > before
        else:
            assert after <= before
            assert not entry["path"] or after < before
    for entry in result["outcome"]["paths"][:2]:  # a listed path, proposed back, is legal
        proposed = {**doc, "query": {**doc["query"], "path": entry["path"]}}
        judged = answer(SPEC, load_situation_text(yaml.safe_dump(proposed, sort_keys=False), "p.yaml", KNOWN))
        assert judged.verdict == "legal", entry
