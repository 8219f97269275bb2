"""The monster's turn on hand-worked hex maps: the exact set of choices, the focus and the cited rules.

Every expectation is worked by hand from the contract's neighbour table (odd
rows flush left, even rows shifted right) and seed 004's rules: focus
L1259-1283, movement L1313-1348, attacks L1368-1398, conditions L1132-1183.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation
from tests.gloomhaven.support import monster_turn_json, with_hexes

OPEN = [". . . . . . .", " . . . . . . .", ". . . . . . .", " . . . . . . .", ". . . . . . ."]
"""A 7x5 open map (rows 1-5, columns A-G)."""


def turn(
    tmp_path: Path,
    pieces: list[dict[str, Any]],
    query: dict[str, Any],
    rows: list[str] | None = None,
    walls: list[list[str]] | None = None,
) -> dict[str, Any]:
    """The JSON answer of a monster_turn situation (on OPEN unless ``rows`` is given)."""
    return monster_turn_json(tmp_path, pieces, query, rows or OPEN, walls)


def plays(result: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(c["end"], c["targets"]) for c in result["outcome"]["choices"]]


def cited(result: dict[str, Any]) -> set[str]:
    return {step["rule"] for step in result["trace"]}


def char(id_: str, at: str, **more: Any) -> dict[str, Any]:
    return {"id": id_, "type": "character", "at": at, **more}


def mon(id_: str, at: str, **more: Any) -> dict[str, Any]:
    return {"id": id_, "type": "monster", "at": at, **more}


MELEE = {"range": 0}


def test_adjacent_enemy_is_attacked_without_moving(tmp_path: Path) -> None:
    result = turn(tmp_path, [char("brute", "D3"), mon("m", "C3")], {"monster": "m", "move": 2, "attack": MELEE})
    assert result["outcome"]["focus"] == ["brute"]
    assert plays(result) == [("C3", ["brute"])]


def test_melee_moves_the_fewest_hexes(tmp_path: Path) -> None:
    # B3 -> C3 -> D3 (2 hexes) is the only attack hex on E3 within 2; D2 and D4 are 3 away.
    result = turn(tmp_path, [char("brute", "E3"), mon("m", "B3")], {"monster": "m", "move": 2, "attack": MELEE})
    assert plays(result) == [("D3", ["brute"])]
    assert "GH.MMOVE.TARGET_HEX" in cited(result)


def test_out_of_reach_it_heads_for_the_attack_hex(tmp_path: Path) -> None:
    # F3 is 5 hexes from A3; with Move 2 it ends on C3, 3 short, and attacks nobody (L1326-1329).
    result = turn(tmp_path, [char("brute", "G3"), mon("m", "A3")], {"monster": "m", "move": 2, "attack": MELEE})
    assert plays(result) == [("C3", [])]


def test_ranged_in_range_stays(tmp_path: Path) -> None:
    result = turn(tmp_path, [char("brute", "F3"), mon("m", "C3")], {"monster": "m", "move": 2, "attack": {"range": 3}})
    assert plays(result) == [("C3", ["brute"])]


def test_ranged_adjacent_steps_away_from_disadvantage(tmp_path: Path) -> None:
    # From C3 one step reaches B2, B3, B4: two hexes from D3 and not adjacent to it (L652, L1337-1338).
    result = turn(tmp_path, [char("brute", "D3"), mon("m", "C3")], {"monster": "m", "move": 2, "attack": {"range": 2}})
    assert plays(result) == [("B2", ["brute"]), ("B3", ["brute"]), ("B4", ["brute"])]
    assert {"GH.ATK.RANGED_ADJ", "GH.MMOVE.EFFICIENCY"} <= cited(result)


def test_ranged_adjacent_play_that_stays_is_illegal(tmp_path: Path) -> None:
    query = {"monster": "m", "move": 2, "attack": {"range": 2}, "play": {"end": "C3", "targets": ["brute"]}}
    result = turn(tmp_path, [char("brute", "D3"), mon("m", "C3")], query)
    assert result["verdict"] == "illegal"


def test_ranged_adjacent_play_that_steps_away_is_legal(tmp_path: Path) -> None:
    query = {"monster": "m", "move": 2, "attack": {"range": 2}, "play": {"end": "B4", "targets": ["brute"]}}
    result = turn(tmp_path, [char("brute", "D3"), mon("m", "C3")], query)
    assert result["verdict"] == "legal"


def test_muddled_ranged_monster_has_disadvantage_everywhere_so_stays(tmp_path: Path) -> None:
    pieces = [char("brute", "D3"), mon("m", "C3", conditions=["muddle"])]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": {"range": 2}})
    assert plays(result) == [("C3", ["brute"])]
    assert "GH.COND.MUDDLE" in cited(result)


def test_trap_is_avoided_when_a_way_round_exists(tmp_path: Path) -> None:
    # Without the trap on B3 it would go A3-B3-C3; round it, C2, C3, C4 are all 3 hexes away.
    rows = with_hexes(OPEN, B3="t")
    result = turn(tmp_path, [char("brute", "D3"), mon("m", "A3")], {"monster": "m", "move": 3, "attack": MELEE}, rows)
    assert plays(result) == [("C2", ["brute"]), ("C3", ["brute"]), ("C4", ["brute"])]
    assert "GH.MMOVE.AVOID_NEGATIVE" in cited(result)


def test_without_the_trap_the_straight_way_is_shortest(tmp_path: Path) -> None:
    result = turn(tmp_path, [char("brute", "D3"), mon("m", "A3")], {"monster": "m", "move": 3, "attack": MELEE})
    assert plays(result) == [("C3", ["brute"])]


def test_hazardous_terrain_is_avoided_like_a_trap(tmp_path: Path) -> None:
    rows = with_hexes(OPEN, B3="h")
    result = turn(tmp_path, [char("brute", "D3"), mon("m", "A3")], {"monster": "m", "move": 3, "attack": MELEE}, rows)
    assert plays(result) == [("C2", ["brute"]), ("C3", ["brute"]), ("C4", ["brute"])]


CORRIDOR = ["o o o o o o o", " . t . . . . .", "o o o o o o o"]
"""A corridor between rows of obstacles (wall hexes would touch every corner and block sight, L496-498)."""


def test_trap_on_the_only_way_is_crossed(tmp_path: Path) -> None:
    result = turn(
        tmp_path, [char("brute", "E2"), mon("m", "A2")], {"monster": "m", "move": 4, "attack": MELEE}, CORRIDOR
    )
    assert plays(result) == [("D2", ["brute"])]
    assert "GH.FOCUS.NEGATIVE_HEXES" in cited(result)


def test_invisible_enemy_blocks_the_corridor_so_no_focus(tmp_path: Path) -> None:
    rows = ["x x x x x x x", " . . . . . . .", "x x x x x x x"]
    pieces = [char("spy", "C2", conditions=["invisible"]), char("brute", "F2"), mon("m", "A2")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 4, "attack": MELEE}, rows)
    assert result["outcome"]["focus"] == []
    assert plays(result) == [("A2", [])]
    assert "GH.FOCUS.NONE" in cited(result)


def test_difficult_terrain_costs_two(tmp_path: Path) -> None:
    # D3 through the difficult C3 costs 1 + 2; round it, D2, D3 and D4 also cost 3.
    rows = with_hexes(OPEN, C3="d")
    result = turn(tmp_path, [char("brute", "E3"), mon("m", "B3")], {"monster": "m", "move": 3, "attack": MELEE}, rows)
    assert plays(result) == [("D2", ["brute"]), ("D3", ["brute"]), ("D4", ["brute"])]


def test_obstacle_out_of_reach_heads_to_the_nearest_hexes(tmp_path: Path) -> None:
    # The obstacle on C3 makes D2, D3, D4 three hexes away; with Move 2 it stops one short: C2 or C4.
    rows = with_hexes(OPEN, C3="o")
    result = turn(tmp_path, [char("brute", "E3"), mon("m", "B3")], {"monster": "m", "move": 2, "attack": MELEE}, rows)
    assert plays(result) == [("C2", []), ("C4", [])]


def test_jump_passes_the_obstacle(tmp_path: Path) -> None:
    rows = with_hexes(OPEN, C2="o", C3="o", C4="o")
    query = {"monster": "m", "move": 2, "jump": True, "attack": MELEE}
    result = turn(tmp_path, [char("brute", "E3"), mon("m", "B3")], query, rows)
    assert plays(result) == [("D3", ["brute"])]


def test_flier_may_end_on_an_obstacle(tmp_path: Path) -> None:
    rows = with_hexes(OPEN, C3="o")
    pieces = [char("brute", "D3"), mon("m", "B3", flying=True)]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 1, "attack": MELEE}, rows)
    assert plays(result) == [("C3", ["brute"])]


def test_ally_is_passed_but_not_ended_on(tmp_path: Path) -> None:
    pieces = [char("brute", "D3"), mon("m", "A3"), mon("friend", "B3")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": MELEE})
    assert plays(result) == [("C3", ["brute"])]


def test_thin_wall_ranged_target_is_not_adjacent(tmp_path: Path) -> None:
    # D3|E3 walled: range 2 round the wall, line of sight past it, and no disadvantage (not adjacent).
    result = turn(
        tmp_path,
        [char("brute", "E3"), mon("m", "D3")],
        {"monster": "m", "move": 2, "attack": {"range": 2}},
        walls=[["D3", "E3"]],
    )
    assert plays(result) == [("D3", ["brute"])]


def test_thin_wall_melee_goes_round(tmp_path: Path) -> None:
    result = turn(
        tmp_path,
        [char("brute", "E3"), mon("m", "D3")],
        {"monster": "m", "move": 1, "attack": MELEE},
        walls=[["D3", "E3"]],
    )
    assert plays(result) == [("D2", ["brute"]), ("D4", ["brute"])]


def test_target_two_hits_both_adjacent(tmp_path: Path) -> None:
    pieces = [char("c1", "D3", initiative=10), char("c2", "B3", initiative=20), mon("m", "C3")]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 0, "targets": 2}})
    assert result["outcome"]["focus"] == ["c1"]
    assert plays(result) == [("C3", ["c1", "c2"])]


def test_extra_target_is_the_closer_one(tmp_path: Path) -> None:
    # c1 and c3 are 2 away (c1 earlier: focus), c2 3 away: the second target is c3 (L1394-1398).
    pieces = [
        char("c1", "F3", initiative=10),
        char("c2", "A3", initiative=5),
        char("c3", "D1", initiative=30),
        mon("m", "D3"),
    ]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3, "targets": 2}})
    assert result["outcome"]["focus"] == ["c1"]
    assert plays(result) == [("D3", ["c1", "c3"])]


AREA = [". .", " @ *", "* *"]
"""A melee area: three hexes next to the attacker, one after the other round it."""


def test_melee_area_hits_two_enemies_with_either_focus(tmp_path: Path) -> None:
    pieces = [char("c1", "D3"), char("c2", "B4"), mon("m", "C3")]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 0, "area": AREA}})
    assert result["outcome"]["focus"] == ["c1", "c2"]
    assert plays(result) == [("C3", ["c1", "c2"])]


def test_single_target_tie_is_the_players_choice(tmp_path: Path) -> None:
    pieces = [char("c1", "D3"), char("c2", "B4"), mon("m", "C3")]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": MELEE})
    assert plays(result) == [("C3", ["c1"]), ("C3", ["c2"])]
    assert "GH.MMOVE.TIES" in cited(result)


def test_summon_acts_before_its_owner_so_is_focused(tmp_path: Path) -> None:
    pieces = [
        char("c1", "B3", initiative=30),
        {"id": "s1", "type": "summon", "owner": "c1", "at": "F3"},
        mon("m", "D3"),
    ]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 1, "attack": MELEE})
    assert result["outcome"]["focus"] == ["s1"]
    assert plays(result) == [("E3", ["s1"])]


def test_stunned_does_nothing(tmp_path: Path) -> None:
    pieces = [char("brute", "D3"), mon("m", "C3", conditions=["stun"])]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": MELEE})
    assert plays(result) == [("C3", [])]
    assert "GH.MON.STUNNED" in cited(result)


def test_immobilized_melee_out_of_reach_stays_and_cannot_attack(tmp_path: Path) -> None:
    pieces = [char("brute", "F3"), mon("m", "C3", conditions=["immobilize"])]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 3, "attack": MELEE})
    assert result["outcome"]["focus"] == ["brute"]
    assert plays(result) == [("C3", [])]


def test_no_attack_moves_as_if_melee(tmp_path: Path) -> None:
    result = turn(tmp_path, [char("brute", "E3"), mon("m", "B3")], {"monster": "m", "move": 2})
    assert plays(result) == [("D3", [])]
    assert "GH.MMOVE.MELEE_IF_NO_ATTACK" in cited(result)


def test_no_enemy_no_focus(tmp_path: Path) -> None:
    result = turn(tmp_path, [mon("m", "C3"), mon("n", "E3")], {"monster": "m", "move": 2, "attack": MELEE})
    assert result["outcome"] == {"focus": [], "choices": [{"end": "C3", "targets": []}]}


def test_wall_hex_blocks_sight_of_an_unmoving_archer(tmp_path: Path) -> None:
    rows = with_hexes(OPEN, C3="x")
    result = turn(tmp_path, [char("brute", "E3"), mon("m", "A3")], {"monster": "m", "attack": {"range": 4}}, rows)
    assert result["outcome"]["focus"] == ["brute"]
    assert plays(result) == [("A3", [])]


@pytest.mark.parametrize("move", [0, 1, 2, 3, 4])
def test_choices_end_within_move_on_free_hexes(tmp_path: Path, move: int) -> None:
    rows = with_hexes(OPEN, C3="o", D2="t", B4="d")
    pieces = [char("c1", "F2"), char("c2", "E5"), mon("m", "A3"), mon("n", "B2")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": move, "attack": {"range": 2}}, rows)
    ends = {end for end, _ in plays(result)}
    assert ends
    assert not ends & {"C3", "F2", "E5", "B2"}


def test_proximity_reading_movement_counts_the_way_round_obstacles(tmp_path: Path) -> None:
    # Both enemies are attackable from where the archer stands (0 movement). By range count
    # c1 (D1) and c2 (F3) are both 2 away, so initiative picks c1 (10). Read as movement, the
    # obstacles all round D1 leave no way into it, so c2 is nearer and becomes the focus.
    rows = with_hexes(OPEN, C1="o", D2="o", E1="o", C2="o")
    pieces = [char("c1", "D1", initiative=10), char("c2", "F3", initiative=20), mon("m", "D3")]
    query = {"monster": "m", "attack": {"range": 3}}
    assert turn(tmp_path, pieces, query, rows)["outcome"]["focus"] == ["c1"]
    doc_reading = turn_with_reading(tmp_path, pieces, query, rows)
    assert doc_reading["outcome"]["focus"] == ["c2"]


def turn_with_reading(
    tmp_path: Path, pieces: list[dict[str, Any]], query: dict[str, Any], rows: list[str]
) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "ruleset": "gloomhaven/1e",
        "map": {"terrain": rows},
        "pieces": pieces,
        "query": {"kind": "monster_turn", **query},
        "readings": {"GH.FOCUS.TIE_PROXIMITY": "movement"},
    }
    path = tmp_path / "reading.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    spec = load_spec()
    result: dict[str, Any] = answer(spec, load_situation(path, set(spec.rulesets()))).to_json(spec)
    return result


TRIANGLE = ["* *", " * ."]
"""A ranged area: three hexes touching each other."""


def test_ranged_area_reaches_past_its_range(tmp_path: Path) -> None:
    # D3 is 3 from A3, but the triangle C2-C3-D3 has C3 within Range 2 (L665-668).
    query = {"monster": "m", "attack": {"range": 2, "area": TRIANGLE}}
    result = turn(tmp_path, [char("brute", "D3"), mon("m", "A3")], query)
    assert plays(result) == [("A3", ["brute"])]


def test_ranged_area_too_short_does_not_attack(tmp_path: Path) -> None:
    query = {"monster": "m", "attack": {"range": 1, "area": TRIANGLE}}
    result = turn(tmp_path, [char("brute", "D3"), mon("m", "A3")], query)
    assert result["outcome"]["focus"] == ["brute"]
    assert plays(result) == [("A3", [])]


def test_add_target_hits_a_second_enemy(tmp_path: Path) -> None:
    pieces = [char("c1", "D3", initiative=10), char("c2", "B3", initiative=20), mon("m", "C3")]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 0, "add_targets": 1}})
    assert plays(result) == [("C3", ["c1", "c2"])]


def test_heading_through_an_unavoidable_trap_goes_as_far_as_it_can(tmp_path: Path) -> None:
    # Every way to F2 crosses the trap on C2; ending on B2 or C2 sets off one trap in all,
    # and C2 leaves less to go (L1342-1346, L1326-1329).
    rows = ["o o o o o o o", " . . t . . . .", "o o o o o o o"]
    result = turn(tmp_path, [char("brute", "G2"), mon("m", "A2")], {"monster": "m", "move": 2, "attack": MELEE}, rows)
    assert plays(result) == [("C2", [])]


def test_closed_door_is_never_entered_but_an_open_door_is(tmp_path: Path) -> None:
    # Wall column D with a door on D3: closed, no way through (no focus); open, it walks through.
    closed = with_hexes(OPEN, D1="x", D2="x", D3="D", D4="x", D5="x")
    opened = with_hexes(OPEN, D1="x", D2="x", D3="/", D4="x", D5="x")
    pieces = [char("brute", "F3"), mon("m", "B3")]
    query = {"monster": "m", "move": 3, "attack": MELEE}
    assert turn(tmp_path, pieces, query, closed)["outcome"]["focus"] == []
    assert plays(turn(tmp_path, pieces, query, opened)) == [("E3", ["brute"])]


def test_illegal_plays_name_the_rule_they_break(tmp_path: Path) -> None:
    pieces = [char("c1", "D3", initiative=10), char("c2", "B3", initiative=20), mon("m", "C3")]

    def judged(play: dict[str, Any], attack: dict[str, Any]) -> dict[str, Any]:
        return turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": attack, "play": play})

    too_few = judged({"end": "C3", "targets": ["c1"]}, {"range": 0, "targets": 2})
    assert too_few["verdict"] == "illegal"
    assert "GH.MATK.MULTI" in cited(too_few)
    wrong_focus = judged({"end": "C3", "targets": ["c2"]}, MELEE)
    assert wrong_focus["verdict"] == "illegal"
    assert "GH.FOCUS.CLOSEST" in cited(wrong_focus)
    too_far = judged({"end": "G3", "targets": []}, MELEE)
    assert too_far["verdict"] == "illegal"
    assert "GH.MMOVE.AS_PLAYER" in cited(too_far)
    needless = judged({"end": "C2", "targets": ["c1"]}, MELEE)
    assert needless["verdict"] == "illegal"
    assert "GH.MMOVE.PROXIMITY_DEF" in cited(needless)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_every_choice_is_a_legal_end_with_a_focus_among_its_targets(seed: int) -> None:
    """Invariants on random 9x5 maps: ends are free and within Move, targets hold a focus, plays judge legal."""
    import random  # noqa: PLC0415 - only this test draws random maps

    from adjudicator.games.gloomhaven.model import (  # noqa: PLC0415
        MonsterAttack,
        MonsterTurnQuery,
        Piece,
        Play,
        Situation,
    )
    from adjudicator.games.gloomhaven.monster_search import Mover, TurnMap  # noqa: PLC0415
    from adjudicator.games.gloomhaven.queries import monster_turn  # noqa: PLC0415
    from adjudicator.games.gloomhaven.terrain import build_board, feature  # noqa: PLC0415

    rng = random.Random(seed)  # noqa: S311 - random maps, not secrets
    rows = ["".join(rng.choices(".xotdh", weights=(70, 6, 8, 6, 5, 5), k=9)) for _ in range(5)]
    board = build_board(rows)
    free = [h for h in board.spaces() if feature(board, h) in {"none", "difficult"}]
    if len(free) < 4:
        return
    spots = rng.sample(free, 4)
    pieces = (
        Piece("m", "monster", spots[0]),
        Piece("n", "monster", spots[1]),
        Piece("c1", "character", spots[2]),
        Piece("c2", "character", spots[3]),
    )
    move = rng.randint(0, 4)
    attack = MonsterAttack(range=rng.choice([0, 0, 2, 3]), targets=rng.choice([1, 1, 2]))
    query = MonsterTurnQuery("m", move=move, attack=attack)
    spec = load_spec()
    situation = Situation("gloomhaven/1e", board, pieces, query)
    outcome = monster_turn.answer(spec, situation).outcome
    tmap = TurnMap(board, Mover(spots[0], move), frozenset({spots[1]}), {"c1": spots[2], "c2": spots[3]}, frozenset())
    for choice in outcome["choices"]:
        end = board.parse(choice["end"])
        assert end in tmap.within, choice
        assert end == spots[0] or end not in spots
        if choice["targets"]:
            assert set(choice["targets"]) & set(outcome["focus"])
            assert len(choice["targets"]) <= attack.targets
        judged = Situation("gloomhaven/1e", board, pieces, replace(query, play=Play(end, tuple(choice["targets"]))))
        assert monster_turn.answer(spec, judged).verdict == "legal"
