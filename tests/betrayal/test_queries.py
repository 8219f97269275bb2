"""Each query kind on small houses, with thresholds tested one below, at and one above."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.betrayal.model import DIE
from tests.betrayal.support import HALL, ask, cited, corridor, explorer, monster

HAUNT = {"started": True, "traitor": "vivian"}
TRACK = [1, 2, 3, 4, 5, 5, 6, 7]


def reach(rooms: list[dict[str, Any]], pieces: list[dict[str, Any]], piece: str = "ox", **top: Any) -> dict[str, Any]:
    """The outcome of a reach query."""
    outcome: dict[str, Any] = ask(rooms, pieces, {"kind": "reach", "piece": piece}, **top)["outcome"]
    return outcome


# -- move


@pytest.mark.parametrize(("steps", "verdict"), [(2, "legal"), (3, "legal"), (4, "illegal")])
def test_move_budget_is_the_speed(steps: int, verdict: str) -> None:
    """Speed 3 enters up to 3 rooms (L222): 2 and 3 rooms are legal, the 4th is one too many."""
    path = [f"r{i}" for i in range(1, steps + 1)]
    result = ask(corridor(5), [explorer("ox", "r0", speed=3)], {"kind": "move", "piece": "ox", "path": path})
    assert result["verdict"] == verdict
    out = result["outcome"]
    assert out["cost"] == min(steps, 3)  # the cost of the path taken: a refused step is not counted
    assert out["end"] == f"r{min(steps, 3)}"
    assert out["remaining"] == max(3 - steps, 0)
    if verdict == "illegal":
        assert "BT.MOVE.BUDGET" in cited(result)


@pytest.mark.parametrize(("moved", "verdict"), [(1, "legal"), (2, "illegal")])
def test_move_counts_spaces_already_used(moved: int, verdict: str) -> None:
    result = ask(
        corridor(4),
        [explorer("ox", "r0", speed=3, turn={"moved": moved})],
        {"kind": "move", "piece": "ox", "path": ["r1", "r2"]},
    )
    assert result["verdict"] == verdict


@pytest.mark.parametrize(("opponents", "verdict"), [(0, "legal"), (1, "legal"), (2, "illegal")])
def test_move_opponents_cost_a_space_each(opponents: int, verdict: str) -> None:
    """Leaving a room costs 1 more per opponent in it (L485): Speed 3, two rooms, up to one opponent."""
    zombies = [monster(f"z{i}", "r0") for i in range(opponents)]
    pieces = [explorer("ox", "r0", speed=3), explorer("vivian", "r3"), *zombies]
    result = ask(corridor(4), pieces, {"kind": "move", "piece": "ox", "path": ["r1", "r2"]}, haunt=HAUNT)
    assert result["verdict"] == verdict
    assert result["outcome"]["cost"] == (2 + opponents if verdict == "legal" else 3)  # the refused r2 not counted


def test_move_one_space_always_allowed_past_opponents() -> None:
    pieces = [explorer("ox", "r0", speed=2), explorer("vivian", "r3"), *(monster(f"z{i}", "r0") for i in range(3))]
    result = ask(corridor(4), pieces, {"kind": "move", "piece": "ox", "path": ["r1"]}, haunt=HAUNT)
    assert result["verdict"] == "legal"
    assert "BT.MOVE.MIN_ONE" in cited(result)


def test_move_through_a_false_opening_is_illegal() -> None:
    rooms = [*HALL, {"id": "kitchen", "floor": "ground", "at": "D3", "doors": "E"}]
    result = ask(rooms, [explorer("ox", "foyer")], {"kind": "move", "piece": "ox", "path": ["kitchen"]})
    assert result["verdict"] == "illegal"
    assert result["outcome"]["end"] == "foyer"


def test_move_discovering_a_symbol_room_ends_the_move() -> None:
    rooms = [*HALL, {"id": "pantry", "floor": "ground", "at": "D3", "doors": "W", "symbol": "item", "new": True}]
    result = ask(rooms, [explorer("ox", "foyer", speed=4)], {"kind": "move", "piece": "ox", "path": ["pantry"]})
    out = result["outcome"]
    assert (result["verdict"], out["discovers"], out["draws"], out["movement_ends"], out["remaining"]) == (
        "legal",
        ["pantry"],
        "item",
        True,
        0,
    )
    on = ask(rooms, [explorer("ox", "foyer", speed=4)], {"kind": "move", "piece": "ox", "path": ["pantry", "foyer"]})
    assert on["verdict"] == "illegal"


def test_move_through_the_coal_chute_slides_for_one_space() -> None:
    rooms = [*HALL, {"id": "coal_chute", "floor": "ground", "at": "D3", "doors": "W"}]
    result = ask(rooms, [explorer("ox", "foyer", speed=2)], {"kind": "move", "piece": "ox", "path": ["coal_chute"]})
    out = result["outcome"]
    assert (out["path"], out["end"], out["cost"], out["remaining"]) == (
        ["coal_chute", "basement_landing"],
        "basement_landing",
        1,
        1,
    )


CHASM: dict[str, Any] = {
    "id": "chasm",
    "floor": "ground",
    "at": "B1",
    "doors": "WE",
    "obstacle": {"trait": "speed", "target": 3, "sides": {"a": "W", "b": "E"}},
}


@pytest.mark.parametrize(("rolled", "verdict"), [(2, "illegal"), (3, "legal"), (4, "legal")])
def test_move_obstacle_roll_at_the_target(rolled: int, verdict: str) -> None:
    """Crossing the chasm needs Speed 3+ (the tile's roll, L246); the crossing itself costs no space."""
    rooms = [corridor(3)[0], CHASM, {**corridor(3)[2], "doors": "W"}]
    query = {"kind": "move", "piece": "ox", "path": ["chasm:a", "chasm:b", "r2"], "dice": {"chasm": rolled}}
    result = ask(rooms, [explorer("ox", "r0", speed=4)], query)
    assert result["verdict"] == verdict
    if verdict == "legal":
        assert result["outcome"]["cost"] == 2
    else:
        assert result["outcome"]["end"] == "chasm:a"
        assert result["outcome"]["movement_ends"] is True


def test_move_obstacle_odds_when_the_roll_is_open() -> None:
    rooms = [corridor(3)[0], CHASM, {**corridor(3)[2], "doors": "W"}]
    query = {"kind": "move", "piece": "ox", "path": ["chasm:a", "chasm:b"]}
    result = ask(rooms, [explorer("ox", "r0", speed=4)], query)
    assert Fraction(result["outcome"]["p_success"]) == DIE.at_least(4, 3)


def test_monster_ignores_the_obstacle() -> None:
    rooms = [corridor(3)[0], CHASM, {**corridor(3)[2], "doors": "W"}]
    pieces = [explorer("vivian", "r0"), monster("zombie", "r0", speed=2)]
    query = {"kind": "move", "piece": "zombie", "path": ["chasm:a", "chasm:b", "r2"], "dice": {"movement": 2}}
    assert ask(rooms, pieces, query, haunt=HAUNT)["verdict"] == "legal"


@pytest.mark.parametrize(("roll", "verdict"), [(1, "illegal"), (2, "legal"), (3, "legal")])
def test_monster_moves_its_roll(roll: int, verdict: str) -> None:
    """A monster moves up to its movement roll (L519): two rooms need a roll of 2."""
    pieces = [explorer("vivian", "r4"), monster("zombie", "r0", speed=2)]
    query = {"kind": "move", "piece": "zombie", "path": ["r1", "r2"], "dice": {"movement": roll}}
    assert ask(corridor(5), pieces, query, haunt=HAUNT)["verdict"] == verdict


def test_stunned_monster_does_not_move() -> None:
    pieces = [explorer("vivian", "r4"), monster("zombie", "r0", stunned=True)]
    query = {"kind": "move", "piece": "zombie", "path": ["r1"], "dice": {"movement": 4}}
    assert ask(corridor(5), pieces, query, haunt=HAUNT)["verdict"] == "illegal"


# -- reach


@pytest.mark.parametrize("speed", [1, 2, 3, 4])
def test_reach_along_a_corridor(speed: int) -> None:
    out = reach(corridor(6), [explorer("ox", "r0", speed=speed)])
    assert out["rooms"] == [f"r{i}" for i in range(1, speed + 1)]
    assert out["need_roll"] == []


def test_reach_lists_doors_with_no_tile_and_doors_facing_a_new_tile() -> None:
    """Both kinds of unexplored door are listed (contract: every door it may go through to discover a room)."""
    rooms = [*HALL, {"id": "pantry", "floor": "ground", "at": "D3", "doors": "W", "symbol": "item", "new": True}]
    out = reach(rooms, [explorer("ox", "foyer", speed=1)])
    assert out["unexplored_doors"] == ["foyer:E", "foyer:W"]
    assert "pantry" in out["rooms"]


def test_reach_no_door_to_explore_when_the_floor_is_out_of_tiles() -> None:
    rooms = [*HALL, {"id": "pantry", "floor": "ground", "at": "D3", "doors": "W", "new": True}]
    out = reach(rooms, [explorer("ox", "foyer", speed=1)], house={"tiles_left": {"ground": 0}})
    assert out["unexplored_doors"] == []
    assert "pantry" not in out["rooms"]


def test_reach_through_an_obstacle_needs_a_roll() -> None:
    rooms = [corridor(3)[0], CHASM, {**corridor(3)[2], "doors": "W"}]
    out = reach(rooms, [explorer("ox", "r0", speed=2)])
    assert out["rooms"] == ["chasm:a", "chasm:b", "r2"]
    assert out["need_roll"] == ["chasm:b", "r2"]


def test_reach_monster_never_explores() -> None:
    out = reach(HALL, [explorer("vivian", "upper_landing"), monster("zombie", "foyer", speed=1)], "zombie", haunt=HAUNT)
    assert out["unexplored_doors"] == []
    assert out["p_reach"]["upper_landing"] == "1/3"


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 7), st.integers(0, 3), st.booleans())
def test_reach_is_monotone_in_speed(speed: int, zombies: int, new_room: bool) -> None:
    """A higher Speed never reaches fewer rooms nor fewer unexplored doors."""
    rooms: list[dict[str, Any]] = [
        *HALL,
        {"id": "kitchen", "floor": "ground", "at": "D3", "doors": "WE"},
        {"id": "dining_room", "floor": "ground", "at": "E3", "doors": "WN"},
        {"id": "chapel", "floor": "ground", "at": "E2", "doors": "S"},
    ]
    if new_room:
        rooms.append({"id": "pantry", "floor": "ground", "at": "B3", "doors": "E", "symbol": "omen", "new": True})
    pieces = [explorer("vivian", "upper_landing"), *(monster(f"z{i}", "foyer") for i in range(zombies))]
    slow = reach(rooms, [explorer("ox", "foyer", speed=speed), *pieces], haunt=HAUNT)
    fast = reach(rooms, [explorer("ox", "foyer", speed=speed + 1), *pieces], haunt=HAUNT)
    assert set(slow["rooms"]) <= set(fast["rooms"])
    assert set(slow["unexplored_doors"]) <= set(fast["unexplored_doors"])


# -- roll


@pytest.mark.parametrize(("result", "success"), [(3, False), (4, True), (5, True)])
def test_roll_success_at_the_target(result: int, success: bool) -> None:
    query = {"kind": "roll", "piece": "ox", "trait": "speed", "target": 4, "result": result}
    out = ask(corridor(1), [explorer("ox", "r0", speed=4)], query)["outcome"]
    assert out["dice"] == 4
    assert out["success"] is success


def test_roll_total_above_the_dice_is_impossible() -> None:
    query = {"kind": "roll", "dice": 2, "result": 5}
    assert ask(corridor(1), [explorer("ox", "r0")], query)["verdict"] == "illegal"


def test_same_roll_once_a_turn() -> None:
    ox = explorer("ox", "r0", turn={"rolls": ["library"]})
    again = ask(corridor(1), [ox], {"kind": "roll", "piece": "ox", "trait": "knowledge", "name": "library"})
    other = ask(corridor(1), [ox], {"kind": "roll", "piece": "ox", "trait": "knowledge", "name": "vault"})
    assert (again["verdict"], other["verdict"]) == ("illegal", "legal")


# -- attack


@pytest.mark.parametrize(
    ("rolls", "winner", "damage"),
    [
        ([3, 4], "defender", {"ox": 1, "vivian": 0}),
        ([4, 4], None, {"ox": 0, "vivian": 0}),
        ([5, 4], "attacker", {"ox": 0, "vivian": 1}),
    ],
)
def test_attack_higher_total_deals_the_difference(rolls: list[int], winner: str | None, damage: dict[str, int]) -> None:
    pieces = [explorer("ox", "r0"), explorer("vivian", "r0", items=["axe"])]
    query = {"kind": "attack", "attacker": "ox", "defender": "vivian", "rolls": rolls}
    out = ask(corridor(1), pieces, query, haunt=HAUNT)["outcome"]
    assert (out["winner"], out["damage"], out["steal_possible"]) == (winner, damage, False)


@pytest.mark.parametrize(("margin", "steal"), [(1, False), (2, True), (3, True)])
def test_attack_steal_needs_two_physical_damage(margin: int, steal: bool) -> None:
    pieces = [explorer("ox", "r0"), explorer("vivian", "r0", items=["axe"])]
    query = {"kind": "attack", "attacker": "ox", "defender": "vivian", "rolls": [2 + margin, 2]}
    assert ask(corridor(1), pieces, query, haunt=HAUNT)["outcome"]["steal_possible"] is steal


def test_attack_before_the_haunt_or_in_another_room_is_illegal() -> None:
    query = {"kind": "attack", "attacker": "ox", "defender": "vivian"}
    before = ask(corridor(2), [explorer("ox", "r0"), explorer("vivian", "r0")], query)
    apart = ask(corridor(2), [explorer("ox", "r0"), explorer("vivian", "r1")], query, haunt=HAUNT)
    assert (before["verdict"], apart["verdict"]) == ("illegal", "illegal")


@pytest.mark.parametrize("rolls", [None, [5, 2]])
def test_a_refused_attack_answers_with_the_refusal_only(rolls: list[int] | None) -> None:
    """An attack refused before the haunt (L393) has no dice, odds or damage, with or without rolls."""
    query: dict[str, Any] = {"kind": "attack", "attacker": "ox", "defender": "vivian"}
    if rolls is not None:
        query["rolls"] = rolls
    result = ask(corridor(2), [explorer("ox", "r0"), explorer("vivian", "r0")], query)
    assert result["verdict"] == "illegal"
    assert result["outcome"] == {"trait": "might", "refused_by": "BT.ATK.PREHAUNT"}
    assert cited(result) == {"BT.ATK.PREHAUNT"}


def test_a_refused_attack_after_the_haunt_names_its_rule() -> None:
    """An attack on a piece in another room after the haunt is refused by the same-room rule (L395) alone."""
    query = {"kind": "attack", "attacker": "ox", "defender": "vivian"}
    pieces = [explorer("ox", "r0"), explorer("vivian", "r1")]
    result = ask(corridor(2), pieces, query, haunt=HAUNT)
    assert result["outcome"] == {"trait": "might", "refused_by": "BT.ATK.ONCE_SAME_ROOM"}


def test_stunned_monster_cannot_attack_and_a_damaged_one_is_stunned() -> None:
    pieces = [explorer("ox", "r0"), explorer("vivian", "r1"), monster("zombie", "r0", stunned=True)]
    stunned = ask(corridor(2), pieces, {"kind": "attack", "attacker": "zombie", "defender": "ox"}, haunt=HAUNT)
    assert stunned["verdict"] == "illegal"
    assert "BT.MON.STUN" in cited(stunned)
    pieces[2] = monster("zombie", "r0")
    hit = ask(
        corridor(2), pieces, {"kind": "attack", "attacker": "ox", "defender": "zombie", "rolls": [5, 2]}, haunt=HAUNT
    )
    assert hit["outcome"]["stunned"] == ["zombie"]


def test_attack_with_a_trait_the_defender_lacks_is_illegal() -> None:
    pieces = [explorer("ox", "r0"), explorer("vivian", "r1"), monster("zombie", "r0")]
    query = {"kind": "attack", "attacker": "ox", "defender": "zombie", "trait": "sanity"}
    assert ask(corridor(2), pieces, query, haunt=HAUNT)["verdict"] == "illegal"


# -- haunt roll


@pytest.mark.parametrize(("total", "starts"), [(3, True), (4, False), (5, False)])
def test_haunt_starts_below_the_omen_count(total: int, starts: bool) -> None:
    out = ask(corridor(1), [explorer("ox", "r0")], {"kind": "haunt_roll", "result": total}, haunt={"omens_drawn": 4})
    assert out["outcome"]["starts"] is starts


def test_no_haunt_roll_without_an_omen_or_after_the_haunt() -> None:
    quiet = ask(
        corridor(1), [explorer("ox", "r0")], {"kind": "haunt_roll", "drew_omen": False}, haunt={"omens_drawn": 4}
    )
    assert quiet["outcome"]["roll_required"] is False
    pieces = [explorer("ox", "r0"), explorer("vivian", "r0")]
    late = ask(corridor(1), pieces, {"kind": "haunt_roll"}, haunt={**HAUNT, "omens_drawn": 4})
    assert late["outcome"]["roll_required"] is False


# -- damage


def damaged(amount: int, started: bool, split: dict[str, int] | None = None) -> dict[str, Any]:
    """Mental damage to an explorer with Sanity at notch 3 and Knowledge at notch 1."""
    ox = explorer("ox", "r0", sanity={"track": TRACK, "at": 3}, knowledge={"track": TRACK, "at": 1})
    query: dict[str, Any] = {"kind": "damage", "piece": "ox", "type": "mental", "amount": amount}
    if split is not None:
        query["split"] = split
    haunt = HAUNT if started else {}
    return ask(corridor(1), [ox, explorer("vivian", "r0")], query, haunt=haunt)


@pytest.mark.parametrize(("amount", "survives"), [(1, True), (2, True), (3, False)])
def test_damage_survival_threshold_after_the_haunt(amount: int, survives: bool) -> None:
    """Two notches above the skulls in all: 2 points can be survived, 3 cannot (L198, L473)."""
    assert damaged(amount, started=True)["outcome"]["can_survive"] is survives


@pytest.mark.parametrize(("points", "at", "dead"), [(1, 2, False), (2, 1, False), (3, 0, True)])
def test_damage_split_moves_the_clip(points: int, at: int, dead: bool) -> None:
    out = damaged(points, started=True, split={"sanity": points})["outcome"]
    assert (out["at"]["sanity"], out["dead"]) == (at, dead)
    assert out["traits"]["sanity"] == (TRACK[at - 1] if at else 0)


def test_damage_before_the_haunt_stops_at_the_lowest_number() -> None:
    result = damaged(3, started=False, split={"sanity": 3})
    out = result["outcome"]
    assert (out["at"]["sanity"], out["dead"]) == (1, False)
    assert damaged(5, started=False)["outcome"]["can_survive"] is True


def test_damage_split_of_the_wrong_kind_is_illegal() -> None:
    ox = explorer("ox", "r0", might={"track": TRACK, "at": 3}, sanity={"track": TRACK, "at": 3})
    query = {"kind": "damage", "piece": "ox", "type": "mental", "amount": 1, "split": {"might": 1}}
    assert ask(corridor(1), [ox], query)["verdict"] == "illegal"


# -- line of sight


def test_line_of_sight_along_joined_doors() -> None:
    out = ask(
        corridor(4),
        [explorer("ox", "r0"), explorer("vivian", "r3")],
        {"kind": "line_of_sight", "from": "ox", "to": "vivian"},
    )
    assert out["outcome"] == {"clear": True, "rooms": ["r0", "r1", "r2", "r3"]}


def test_line_of_sight_blocked_by_a_missing_door_or_a_corner() -> None:
    rooms = corridor(4)
    rooms[2] = {**rooms[2], "doors": "W"}  # r2 has no east door: r3 is out of sight
    blocked = ask(rooms, [explorer("ox", "r0")], {"kind": "line_of_sight", "from": "ox", "to": "r3"})
    assert blocked["outcome"]["clear"] is False
    rooms = [*corridor(2), {"id": "den", "floor": "ground", "at": "B2", "doors": "N"}]
    rooms[1] = {**rooms[1], "doors": "WS"}
    corner = ask(rooms, [explorer("ox", "r0")], {"kind": "line_of_sight", "from": "ox", "to": "den"})
    assert corner["outcome"]["clear"] is False
    near = ask(rooms, [explorer("ox", "r1")], {"kind": "line_of_sight", "from": "ox", "to": "den"})
    assert near["outcome"]["clear"] is True


def test_a_coal_chute_off_the_ground_floor_is_entered_as_from_the_ground() -> None:
    """Reach and move agree on a chute placed upstairs: both slide to the Basement Landing (L258), neither fails."""
    rooms = [
        *HALL,
        {"id": "gallery_of_ours", "floor": "upper", "at": "D3", "doors": "WE"},
        {"id": "coal_chute", "floor": "upper", "at": "E3", "doors": "W"},
    ]
    rooms[3] = {**rooms[3], "doors": "E"}  # the Upper Landing opens east only
    reach = ask(rooms, [explorer("ox", "upper_landing")], {"kind": "reach", "piece": "ox"})
    assert "basement_landing" in reach["outcome"]["rooms"]
    move = ask(
        rooms,
        [explorer("ox", "upper_landing")],
        {"kind": "move", "piece": "ox", "path": ["gallery_of_ours", "coal_chute"]},
    )
    assert move["verdict"] == "legal"
    assert move["outcome"]["end"] == "basement_landing"
