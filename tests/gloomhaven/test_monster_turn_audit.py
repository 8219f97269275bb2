"""An audit of the monster's turn: hand-worked cases where a published suite is likely to probe.

Each expectation was worked by hand from the contract (contract-gloomhaven.md,
``monster_turn``) and seed 004 before the engine was run: the neighbour table
(odd rows flush left, even rows shifted right), hex distance in cube
coordinates, focus L1259-1283 and L1306-1309, movement L1313-1348, attacks
L630-716 and L1368-1398, conditions L1132-1183, invisibility L1045-1046 and
L1221. The comment on each test is the hand derivation. ``BIG`` keeps pieces
off the map's outer edge, which blocks line of sight by the contract (a
segment touching the outside is blocked), so that sight is clear between any
two hexes not on the edge.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.gloomhaven.support import monster_turn_json, with_hexes

BIG = [" ".join("." * 9) if i % 2 == 0 else " " + " ".join("." * 9) for i in range(7)]
"""A 9x7 open map (columns A-I, rows 1-7)."""
CORRIDOR = ["o o o o o o o o o", " . . . . . . . . .", "o o o o o o o o o"]
"""Row 2 between two rows of obstacles (obstacles do not block sight): a one-hex-wide way A2-I2."""
MELEE: dict[str, Any] = {"range": 0}


def turn(
    tmp_path: Path,
    pieces: list[dict[str, Any]],
    query: dict[str, Any],
    rows: list[str] | None = None,
    walls: list[list[str]] | None = None,
) -> dict[str, Any]:
    """The JSON answer of a monster_turn situation (on BIG unless ``rows`` is given)."""
    return monster_turn_json(tmp_path, pieces, query, rows or BIG, walls)


def plays(result: dict[str, Any]) -> set[tuple[str, tuple[str, ...]]]:
    """The choices as a set of ``(end, targets)``."""
    return {(c["end"], tuple(c["targets"])) for c in result["outcome"]["choices"]}


def focus(result: dict[str, Any]) -> list[str]:
    found: list[str] = result["outcome"]["focus"]
    return found


def cited(result: dict[str, Any]) -> set[str]:
    return {step["rule"] for step in result["trace"]}


def char(id_: str, at: str, **more: Any) -> dict[str, Any]:
    return {"id": id_, "type": "character", "at": at, **more}


def summon(id_: str, at: str, owner: str) -> dict[str, Any]:
    return {"id": id_, "type": "summon", "at": at, "owner": owner}


def mon(id_: str, at: str, **more: Any) -> dict[str, Any]:
    return {"id": id_, "type": "monster", "at": at, **more}


def verdict(tmp_path: Path, pieces: list[dict[str, Any]], query: dict[str, Any], **map_: Any) -> str:
    found: str = turn(tmp_path, pieces, query, **map_)["verdict"]
    return found


# --- focus: traps and hazards ------------------------------------------------------------------


def test_closer_enemy_only_through_a_trap_loses_the_focus(tmp_path: Path) -> None:
    # Corridor, m on D2, trap on C2. c1 (B2) is attacked from C2, the trap itself: (1 trap, 1 hex).
    # c2 (G2) from F2 by E2-F2: (0, 2). Fewest negative hexes first: c2 (L1268-1273).
    rows = with_hexes(CORRIDOR, C2="t")
    pieces = [char("c1", "B2", initiative=10), char("c2", "G2", initiative=90), mon("m", "D2")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": MELEE}, rows)
    assert focus(result) == ["c2"]
    assert plays(result) == {("F2", ("c2",))}
    assert "GH.FOCUS.NEGATIVE_HEXES" in cited(result)


def test_closer_enemy_through_a_trap_play_on_it_is_illegal(tmp_path: Path) -> None:
    rows = with_hexes(CORRIDOR, C2="t")
    pieces = [char("c1", "B2", initiative=10), char("c2", "G2", initiative=90), mon("m", "D2")]
    query = {"monster": "m", "move": 2, "attack": MELEE, "play": {"end": "C2", "targets": ["c1"]}}
    assert verdict(tmp_path, pieces, query, rows=rows) == "illegal"


def test_every_way_crosses_traps_fewest_traps_beats_fewest_moves(tmp_path: Path) -> None:
    # Corridor A2 c1, B2 t, C2 t, D2 m, E2 t, H2 c2. c1 from B2: (2 traps, 2 hexes);
    # c2 from G2 by E2, F2, G2: (1 trap, 3 hexes). One trap beats two (L1268-1273); Move 3 reaches G2.
    rows = with_hexes(CORRIDOR, B2="t", C2="t", E2="t")
    pieces = [char("c1", "A2", initiative=10), char("c2", "H2", initiative=90), mon("m", "D2")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 3, "attack": MELEE}, rows)
    assert focus(result) == ["c2"]
    assert plays(result) == {("G2", ("c2",))}


def test_hazardous_hexes_count_like_traps_for_focus(tmp_path: Path) -> None:
    # As the trap case with hazardous terrain on C2 (L548-555, L1268-1273).
    rows = with_hexes(CORRIDOR, C2="h")
    pieces = [char("c1", "B2", initiative=10), char("c2", "G2", initiative=90), mon("m", "D2")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": MELEE}, rows)
    assert focus(result) == ["c2"]


def test_attack_now_through_a_trap_loses_to_a_trap_free_way_next_turn(tmp_path: Path) -> None:
    # b on E4; its attack hexes D4, E3, E5 are all 3 hexes from B4 without a trap. D4 in 2 needs
    # the trap on C4 (the only hex next to both B4 and D4). Fewest negative hexes (a) beats
    # attacking this turn (b): it heads on. D3 is 1 from D4 and E3, D5 1 from D4 and E5.
    rows = with_hexes(BIG, C4="t")
    result = turn(tmp_path, [char("b", "E4"), mon("m", "B4")], {"monster": "m", "move": 2, "attack": MELEE}, rows)
    assert focus(result) == ["b"]
    assert plays(result) == {("D3", ()), ("D5", ())}


def test_trap_free_attack_hexes_reached_with_three(tmp_path: Path) -> None:
    rows = with_hexes(BIG, C4="t")
    result = turn(tmp_path, [char("b", "E4"), mon("m", "B4")], {"monster": "m", "move": 3, "attack": MELEE}, rows)
    assert plays(result) == {("D4", ("b",)), ("E3", ("b",)), ("E5", ("b",))}


def test_the_play_through_the_trap_is_illegal(tmp_path: Path) -> None:
    rows = with_hexes(BIG, C4="t")
    query = {"monster": "m", "move": 2, "attack": MELEE, "play": {"end": "D4", "targets": ["b"]}}
    result = turn(tmp_path, [char("b", "E4"), mon("m", "B4")], query, rows)
    assert result["verdict"] == "illegal"


# --- focus: proximity, initiative, summons ------------------------------------------------------------


def test_focus_tie_on_movement_broken_by_range_around_a_thin_wall(tmp_path: Path) -> None:
    # Range 3 from E4: c1 on C4 is 2 away; c2 on G4 is 2 away in a line, but the thin wall
    # F4|G4 makes the count 3, round by G3 or G5 (L499-502). Both attackable without moving,
    # so proximity decides (L1278-1281) although c2 acts first.
    pieces = [char("c1", "C4", initiative=50), char("c2", "G4", initiative=10), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3}}, walls=[["F4", "G4"]])
    assert focus(result) == ["c1"]
    assert plays(result) == {("E4", ("c1",))}


def test_focus_equal_proximity_goes_to_the_earlier_initiative(tmp_path: Path) -> None:
    pieces = [char("c1", "C4", initiative=50), char("c2", "G4", initiative=10), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3}})
    assert focus(result) == ["c2"]
    assert plays(result) == {("E4", ("c2",))}


def test_focus_all_tied_is_the_players_choice(tmp_path: Path) -> None:
    pieces = [char("c1", "C4", initiative=30), char("c2", "G4", initiative=30), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3}})
    assert focus(result) == ["c1", "c2"]
    assert plays(result) == {("E4", ("c1",)), ("E4", ("c2",))}


def test_fractional_initiative_orders_a_tie(tmp_path: Path) -> None:
    pieces = [char("c1", "C4", initiative=35.5), char("c2", "G4", initiative=35), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3}})
    assert focus(result) == ["c2"]


def test_without_initiatives_equal_enemies_tie(tmp_path: Path) -> None:
    pieces = [char("c1", "C4"), char("c2", "G4"), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3}})
    assert focus(result) == ["c1", "c2"]


def test_summon_uses_its_owners_initiative(tmp_path: Path) -> None:
    # s1 belongs to c1 (20): it acts on 20, before c2 (25), so it is the focus (L359-361).
    pieces = [
        char("c1", "A7", initiative=20),
        summon("s1", "C4", "c1"),
        char("c2", "G4", initiative=25),
        mon("m", "E4"),
    ]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3}})
    assert focus(result) == ["s1"]


def test_summon_of_a_later_owner_loses_to_an_earlier_character(tmp_path: Path) -> None:
    pieces = [
        char("c1", "A7", initiative=30),
        summon("s1", "C4", "c1"),
        char("c2", "G4", initiative=25),
        mon("m", "E4"),
    ]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3}})
    assert focus(result) == ["c2"]


def test_summon_acts_just_before_its_owner(tmp_path: Path) -> None:
    pieces = [char("c1", "G4", initiative=30), summon("s1", "C4", "c1"), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3}})
    assert focus(result) == ["s1"]


def test_summon_and_another_character_on_the_same_initiative_tie(tmp_path: Path) -> None:
    # c1 and c2 both 30: whether c2 acts before c1's summon is not fixed, so the players choose.
    pieces = [
        char("c1", "A7", initiative=30),
        summon("s1", "C4", "c1"),
        char("c2", "G4", initiative=30),
        mon("m", "E4"),
    ]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3}})
    assert focus(result) == ["c2", "s1"]


def test_movement_beats_proximity_and_initiative(tmp_path: Path) -> None:
    # Melee from E4: c1 on G4 needs 1 hex (F4); c2 on E1 (neighbours D1, F1, D2, E2) needs 2
    # (E3 then D2 or E2). c1 is closer on movement although c2 acts at 1 (L1274-1277).
    pieces = [char("c1", "G4", initiative=90), char("c2", "E1", initiative=1), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 1, "attack": MELEE})
    assert focus(result) == ["c1"]
    assert plays(result) == {("F4", ("c1",))}


# --- focus: invisibility, allies and enemies in the way ---------------------------------------------


def test_invisible_enemy_is_skipped_and_blocks(tmp_path: Path) -> None:
    # The spy (invisible, initiative 1) on E4 next to m (D4) cannot be focused (L1221) and blocks
    # like an obstacle (L1045-1046). c2 on G4 (neighbours F4, H4, G3, H3, G5, H5): F4 and G3 are
    # 3 hexes by D4-E3-F3, F4 and G5 3 by D4-E5-F5. Move 2 cannot attack; F3 and F5 are 1 short.
    pieces = [
        char("spy", "E4", conditions=["invisible"], initiative=1),
        char("c2", "G4", initiative=90),
        mon("m", "D4"),
    ]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": MELEE})
    assert focus(result) == ["c2"]
    assert plays(result) == {("F3", ()), ("F5", ())}


def test_allies_are_passed_on_the_way(tmp_path: Path) -> None:
    # Corridor: m A2, allies B2 and C2, c1 E2. Move 3 passes both allies and ends on D2 (L1261-1264).
    pieces = [mon("m", "A2"), mon("a1", "B2"), mon("a2", "C2"), char("c1", "E2")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 3, "attack": MELEE}, CORRIDOR)
    assert focus(result) == ["c1"]
    assert plays(result) == {("D2", ("c1",))}


def test_allies_on_every_hex_within_move_keep_it_home(tmp_path: Path) -> None:
    # Move 2 only reaches B2 and C2, both taken by allies: it cannot end there, so it stays (L1347-1348).
    pieces = [mon("m", "A2"), mon("a1", "B2"), mon("a2", "C2"), char("c1", "E2")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": MELEE}, CORRIDOR)
    assert focus(result) == ["c1"]
    assert plays(result) == {("A2", ())}


def test_ally_on_the_best_heading_hex_stops_it_one_short(tmp_path: Path) -> None:
    pieces = [mon("m", "A2"), mon("a1", "C2"), char("c1", "H2")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": MELEE}, CORRIDOR)
    assert plays(result) == {("B2", ())}


def test_enemy_in_the_corridor_blocks_the_one_behind(tmp_path: Path) -> None:
    # c2 (D2, initiative 10) can only be attacked from C2 (c1) or E2 (behind both): not a candidate.
    pieces = [mon("m", "A2"), char("c1", "C2", initiative=90), char("c2", "D2", initiative=10)]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": MELEE}, CORRIDOR)
    assert focus(result) == ["c1"]
    assert plays(result) == {("B2", ("c1",))}


def test_jump_passes_the_blocking_enemy_but_the_nearer_is_still_closer(tmp_path: Path) -> None:
    pieces = [mon("m", "A2"), char("c1", "C2", initiative=90), char("c2", "D2", initiative=10)]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 4, "jump": True, "attack": MELEE}, CORRIDOR)
    assert focus(result) == ["c1"]
    assert plays(result) == {("B2", ("c1",))}


# --- ranged ----------------------------------------------------------------------------------


def test_ranged_cornered_next_to_its_focus_attacks_with_disadvantage(tmp_path: Path) -> None:
    # Corridor: m B2, b C2, range 2, ally on A2: the only hex behind it is taken, so it stays.
    pieces = [mon("m", "B2"), mon("a", "A2"), char("b", "C2")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": {"range": 2}}, CORRIDOR)
    assert plays(result) == {("B2", ("b",))}


def test_ranged_steps_back_past_an_ally(tmp_path: Path) -> None:
    # Corridor: m C2, b D2, ally B2, range 3: B2 taken, A2 (2 hexes, range 3, not adjacent) is best.
    pieces = [mon("m", "C2"), mon("a", "B2"), char("b", "D2")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": {"range": 3}}, CORRIDOR)
    assert plays(result) == {("A2", ("b",))}


def test_ranged_steps_back_needs_the_move(tmp_path: Path) -> None:
    # As above with Move 1: A2 is out of reach this turn, so it attacks from C2 with disadvantage.
    pieces = [mon("m", "C2"), mon("a", "B2"), char("b", "D2")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 1, "attack": {"range": 3}}, CORRIDOR)
    assert plays(result) == {("C2", ("b",))}


def test_ranged_range_counted_round_a_thin_wall(tmp_path: Path) -> None:
    # E4 to G4 with the wall F4|G4 is 3 (E4-F3-G3-G4); Range 2 needs a step. G4's neighbours are
    # G3, H3, H4, G5, H5 (F4 is across the wall), so F4 (via G3), F3 (via G3) and F5 (via G5) are
    # at range 2, not adjacent, and see G4 (a line past the wall's ends): three equal plays.
    pieces = [char("b", "G4"), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": {"range": 2}}, walls=[["F4", "G4"]])
    assert plays(result) == {("F4", ("b",)), ("F3", ("b",)), ("F5", ("b",))}


def test_closed_door_cuts_range_so_no_focus(tmp_path: Path) -> None:
    # Column D walled but a closed door on D4: no range count and no way through (L1316-1321).
    rows = with_hexes(BIG, D1="x", D2="x", D3="x", D4="D", D5="x", D6="x", D7="x")
    pieces = [char("b", "F4"), mon("m", "B4")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": {"range": 5}}, rows)
    assert focus(result) == []
    assert plays(result) == {("B4", ())}


def test_open_door_lets_range_and_sight_through(tmp_path: Path) -> None:
    # The same with the door open: B4-C4-D4-E4-F4 is 4, and a corner-to-corner line passes the door.
    rows = with_hexes(BIG, D1="x", D2="x", D3="x", D4="/", D5="x", D6="x", D7="x")
    pieces = [char("b", "F4"), mon("m", "B4")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": {"range": 5}}, rows)
    assert focus(result) == ["b"]
    assert plays(result) == {("B4", ("b",))}


def test_flier_cannot_pass_a_closed_door_either(tmp_path: Path) -> None:
    rows = with_hexes(BIG, D1="x", D2="x", D3="x", D4="D", D5="x", D6="x", D7="x")
    pieces = [char("b", "F4"), mon("m", "B4", flying=True)]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 6, "attack": MELEE}, rows)
    assert focus(result) == []


def test_immobilized_ranged_next_to_its_focus_attacks_with_disadvantage(tmp_path: Path) -> None:
    pieces = [char("b", "F4"), mon("m", "E4", conditions=["immobilize"])]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 3, "attack": {"range": 3}})
    assert plays(result) == {("E4", ("b",))}


def test_muddled_ranged_out_of_range_moves_the_fewest(tmp_path: Path) -> None:
    # Range 2 on F4 from B4 (4 away): D4 is 2 from both (D3 and D5 are 3 from F4).
    pieces = [char("b", "F4"), mon("m", "B4", conditions=["muddle"])]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 3, "attack": {"range": 2}})
    assert plays(result) == {("D4", ("b",))}


# --- Target Z, Add Target, areas ------------------------------------------------------------


def test_target_two_adds_the_closest_then_earliest_other(tmp_path: Path) -> None:
    # Range 3 from E4: c1 G4 (2, init 10) is the focus; others c3 E2 (2, 40), c4 E6 (2, 60),
    # c2 H4 (3, 5). The extra target is the nearest, then the earliest: c3 (L1394-1398).
    pieces = [
        char("c1", "G4", initiative=10),
        char("c2", "H4", initiative=5),
        char("c3", "E2", initiative=40),
        char("c4", "E6", initiative=60),
        mon("m", "E4"),
    ]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3, "targets": 2}})
    assert focus(result) == ["c1"]
    assert plays(result) == {("E4", ("c1", "c3"))}


def test_target_two_extras_tied_are_the_players_choice(tmp_path: Path) -> None:
    pieces = [
        char("c1", "G4", initiative=10),
        char("c3", "E2", initiative=40),
        char("c4", "E6", initiative=40),
        mon("m", "E4"),
    ]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3, "targets": 2}})
    assert plays(result) == {("E4", ("c1", "c3")), ("E4", ("c1", "c4"))}


def test_target_three_takes_everyone_it_can(tmp_path: Path) -> None:
    pieces = [char("c1", "G4", initiative=10), char("c3", "E2", initiative=40), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3, "targets": 3}})
    assert plays(result) == {("E4", ("c1", "c3"))}


def test_more_targets_beat_fewer_moves(tmp_path: Path) -> None:
    # Melee Target 2: c1 on F4 is adjacent (focus). G4 is the only hex next to both c1 and c2 (H4):
    # E4-F3-G3-G4 or E4-F5-G5-G4, 3 hexes. With Move 3 it goes there (L1337-1338).
    pieces = [char("c1", "F4", initiative=10), char("c2", "H4", initiative=20), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 3, "attack": {"range": 0, "targets": 2}})
    assert focus(result) == ["c1"]
    assert plays(result) == {("G4", ("c1", "c2"))}


def test_more_targets_not_this_turn_attacks_the_focus_alone(tmp_path: Path) -> None:
    pieces = [char("c1", "F4", initiative=10), char("c2", "H4", initiative=20), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": {"range": 0, "targets": 2}})
    assert plays(result) == {("E4", ("c1",))}


def test_add_target_with_a_melee_line(tmp_path: Path) -> None:
    # Area: grey then two red hexes in a line. From E4 east: F4 (c1), G4 (c2); Add Target 1: c3 on D4.
    pieces = [
        char("c1", "F4", initiative=10),
        char("c2", "G4", initiative=30),
        char("c3", "D4", initiative=20),
        mon("m", "E4"),
    ]
    attack = {"range": 0, "area": ["@ * *"], "add_targets": 1}
    result = turn(tmp_path, pieces, {"monster": "m", "attack": attack})
    assert focus(result) == ["c1"]
    assert plays(result) == {("E4", ("c1", "c2", "c3"))}


ARC = [". .", " @ *", "* *"]
"""A melee area: three consecutive neighbours of the attacker (E, SE, SW of the grey hex)."""


def test_melee_arc_turned_to_hit_the_focus_and_one_more(tmp_path: Path) -> None:
    # Around E4: c1 E (F4), c2 W (D4), c3 NE (F3). Three consecutive neighbours hold at most
    # {c1, c3} (NE, E, SE or NW, NE, E) or {c2, c3} (W, NW, NE); with focus c1: {c1, c3}.
    pieces = [
        char("c1", "F4", initiative=10),
        char("c2", "D4", initiative=20),
        char("c3", "F3", initiative=30),
        mon("m", "E4"),
    ]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 0, "area": ARC}})
    assert focus(result) == ["c1"]
    assert plays(result) == {("E4", ("c1", "c3"))}


def test_melee_arc_moves_to_catch_both(tmp_path: Path) -> None:
    # c1 on F4 (next to E4) is the focus; c2 on F2 is not next to E4. Hexes next to both: F3
    # (F2 NE, G3 E, F4 SE: consecutive) 1 hex away, and G3 (F4 SW, F3 W, F2 NW) 2 away. More
    # targets beat staying (L1337-1338), then fewest hexes: F3.
    pieces = [char("c1", "F4", initiative=10), char("c2", "F2", initiative=20), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": {"range": 0, "area": ARC}})
    assert plays(result) == {("F3", ("c1", "c2"))}


def test_ranged_area_is_ranged_so_adjacent_focus_means_disadvantage(tmp_path: Path) -> None:
    # A one-hex ranged area (no grey hex) is a ranged attack (L665-668): next to b, it steps away.
    pieces = [char("b", "F4"), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 1, "attack": {"range": 2, "area": ["*"]}})
    # F4's neighbours are E4, G4, F3, G3, F5, G5: of E4's, D4, E3 and E5 are 2 from F4, not adjacent.
    assert plays(result) == {("D4", ("b",)), ("E3", ("b",)), ("E5", ("b",))}


CHIRAL = [". . *", " @ * ."]
"""A melee area with no mirror symmetry: red east of the grey hex and the hex north-east of that."""


def test_melee_area_mirrored_to_fit(tmp_path: Path) -> None:
    # From E4: c1 east (F4), c2 on G5 (F4's south-east). Turned, the shape gives {east, east+NE}
    # and its turns; only the mirror image gives {east, east+SE}, which holds both (L710-716).
    pieces = [char("c1", "F4", initiative=10), char("c2", "G5", initiative=20), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 0, "area": CHIRAL}})
    assert plays(result) == {("E4", ("c1", "c2"))}


def test_invisible_enemy_is_no_extra_target(tmp_path: Path) -> None:
    pieces = [
        char("c1", "G4", initiative=10),
        char("spy", "E2", initiative=5, conditions=["invisible"]),
        mon("m", "E4"),
    ]
    result = turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3, "targets": 2}})
    assert focus(result) == ["c1"]
    assert plays(result) == {("E4", ("c1",))}


def test_ranged_target_two_steps_where_no_target_is_adjacent(tmp_path: Path) -> None:
    # Range 3, Target 2 from E4: c2 on D4 (adjacent, proximity 1) is the focus, c1 on G4 the
    # extra. Staying puts c2 at disadvantage (c). One hex: F3 and F5 are 2 from both, F4 is next
    # to G4 (extra at disadvantage), E3, E5, D3, D5 are next to D4. Fewest at disadvantage: F3, F5.
    pieces = [char("c1", "G4", initiative=10), char("c2", "D4", initiative=20), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": {"range": 3, "targets": 2}})
    assert focus(result) == ["c2"]
    assert plays(result) == {("F3", ("c1", "c2")), ("F5", ("c1", "c2"))}


@pytest.mark.parametrize(
    ("end", "targets", "expected"),
    [
        ("F3", ["c1", "c2"], "legal"),
        ("F5", ["c2", "c1"], "legal"),
        ("F4", ["c1", "c2"], "illegal"),
        ("F3", ["c2"], "illegal"),
        ("E4", ["c1", "c2"], "illegal"),
        ("F3", ["c1"], "illegal"),
    ],
)
def test_ranged_target_two_plays_judged(tmp_path: Path, end: str, targets: list[str], expected: str) -> None:
    pieces = [char("c1", "G4", initiative=10), char("c2", "D4", initiative=20), mon("m", "E4")]
    query = {"monster": "m", "move": 2, "attack": {"range": 3, "targets": 2}, "play": {"end": end, "targets": targets}}
    assert verdict(tmp_path, pieces, query) == expected


# --- moving toward a hex it cannot reach this turn ---------------------------------------------


def test_heading_ties_over_several_goals(tmp_path: Path) -> None:
    # b on H2 (neighbours G2, I2, H1, I1, H3, I3), m on B4: G2 and H3 are 6 away, the rest 7.
    # Move 2, each goal then the hexes 4 short of it: G2 from C2, D3 or D4; H3 from D3 or D4.
    # Either goal may be taken (the players choose, L1322-1323): C2, D3, D4.
    result = turn(tmp_path, [char("b", "H2"), mon("m", "B4")], {"monster": "m", "move": 2, "attack": MELEE})
    assert plays(result) == {("C2", ()), ("D3", ()), ("D4", ())}


def test_heading_ends_before_difficult_terrain_it_cannot_afford(tmp_path: Path) -> None:
    # Corridor A2 to I2, difficult D2, Move 3: B2 (1), C2 (2); D2 would need 4. C2 leaves the least.
    rows = with_hexes(CORRIDOR, D2="d")
    result = turn(tmp_path, [char("b", "I2"), mon("m", "A2")], {"monster": "m", "move": 3, "attack": MELEE}, rows)
    assert plays(result) == {("C2", ())}


def test_heading_pays_for_difficult_terrain_when_it_helps(tmp_path: Path) -> None:
    rows = with_hexes(CORRIDOR, C2="d")
    result = turn(tmp_path, [char("b", "I2"), mon("m", "A2")], {"monster": "m", "move": 3, "attack": MELEE}, rows)
    assert plays(result) == {("C2", ())}


def test_difficult_terrain_out_of_reach_is_rounded(tmp_path: Path) -> None:
    # Melee on F4 from B4: E4 straight through the difficult C4 and D4 costs 5; round by C3, D3,
    # E3 it costs 4 (D3 does not touch E4), as do F3 (C3, D3, E3) and F5 (C5, D5, E5). Move 4.
    rows = with_hexes(BIG, C4="d", D4="d")
    result = turn(tmp_path, [char("b", "F4"), mon("m", "B4")], {"monster": "m", "move": 4, "attack": MELEE}, rows)
    assert plays(result) == {("E4", ("b",)), ("F3", ("b",)), ("F5", ("b",))}


# --- jump, flying --------------------------------------------------------------------------


def test_jump_last_hex_difficult_costs_two(tmp_path: Path) -> None:
    # Jump 4 from B4 on b at F4: E4 is 3 hexes but difficult (+1 on the last hex): 4; F3 and F5 are 4.
    rows = with_hexes(BIG, E4="d", C4="o", D4="o")
    query = {"monster": "m", "move": 4, "jump": True, "attack": MELEE}
    result = turn(tmp_path, [char("b", "F4"), mon("m", "B4")], query, rows)
    assert plays(result) == {("E4", ("b",)), ("F3", ("b",)), ("F5", ("b",))}


def test_jump_last_hex_difficult_out_of_reach_with_three(tmp_path: Path) -> None:
    rows = with_hexes(BIG, E4="d", C4="o", D4="o")
    query = {"monster": "m", "move": 3, "jump": True, "attack": MELEE}
    result = turn(tmp_path, [char("b", "F4"), mon("m", "B4")], query, rows)
    assert all(not targets for _, targets in plays(result))


def test_flier_crosses_traps_straight(tmp_path: Path) -> None:
    rows = with_hexes(BIG, C4="t", D4="t")
    pieces = [char("b", "F4"), mon("m", "B4", flying=True)]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 3, "attack": MELEE}, rows)
    assert plays(result) == {("E4", ("b",))}


def test_walker_goes_round_the_same_traps(tmp_path: Path) -> None:
    rows = with_hexes(BIG, C4="t", D4="t")
    result = turn(tmp_path, [char("b", "F4"), mon("m", "B4")], {"monster": "m", "move": 4, "attack": MELEE}, rows)
    assert plays(result) == {("E4", ("b",)), ("F3", ("b",)), ("F5", ("b",))}


# --- conditions ------------------------------------------------------------------------------


def test_disarmed_ranged_moves_as_melee_and_does_not_attack(tmp_path: Path) -> None:
    # Range 3 would hit b (E4) from B4; disarmed it moves as melee: D4 (2 hexes), no attack.
    pieces = [char("b", "E4"), mon("m", "B4", conditions=["disarm"])]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": {"range": 3}})
    assert focus(result) == ["b"]
    assert plays(result) == {("D4", ())}


def test_immobilized_melee_next_to_its_focus_attacks(tmp_path: Path) -> None:
    pieces = [char("b", "F4"), mon("m", "E4", conditions=["immobilize"])]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 3, "attack": MELEE})
    assert plays(result) == {("E4", ("b",))}


def test_stunned_next_to_an_enemy_does_nothing(tmp_path: Path) -> None:
    pieces = [char("b", "F4"), mon("m", "E4", conditions=["stun"])]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 3, "attack": MELEE})
    assert plays(result) == {("E4", ())}


def test_no_attack_heads_as_melee(tmp_path: Path) -> None:
    result = turn(tmp_path, [char("b", "H2"), mon("m", "B4")], {"monster": "m", "move": 2})
    assert plays(result) == {("C2", ()), ("D3", ()), ("D4", ())}


# --- play verdicts ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("end", "targets", "expected"),
    [
        ("C2", [], "legal"),
        ("D3", [], "legal"),
        ("D4", [], "legal"),
        ("C4", [], "illegal"),
        ("D5", [], "illegal"),
        ("B4", [], "illegal"),
        ("D4", ["b"], "illegal"),
    ],
)
def test_heading_plays_judged(tmp_path: Path, end: str, targets: list[str], expected: str) -> None:
    query = {"monster": "m", "move": 2, "attack": MELEE, "play": {"end": end, "targets": targets}}
    assert verdict(tmp_path, [char("b", "H2"), mon("m", "B4")], query) == expected


def test_choices_listed_in_reading_order(tmp_path: Path) -> None:
    result = turn(tmp_path, [char("b", "H2"), mon("m", "B4")], {"monster": "m", "move": 2, "attack": MELEE})
    assert [c["end"] for c in result["outcome"]["choices"]] == ["C2", "D3", "D4"]


def test_summon_acts_before_its_owner_without_initiatives(tmp_path: Path) -> None:
    # No initiative anywhere: the characters tie, but a summon still acts just before its owner
    # (L359-361), so s1 beats c1; c2 (another character) stays tied with s1.
    pieces = [char("c1", "G4"), summon("s1", "C4", "c1"), mon("m", "E4")]
    assert focus(turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3}})) == ["s1"]
    pieces.append(char("c2", "E2"))
    assert focus(turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3}})) == ["c2", "s1"]


def test_two_summons_of_one_owner_act_in_the_order_listed(tmp_path: Path) -> None:
    pieces = [char("c1", "A7", initiative=40), summon("s2", "G4", "c1"), summon("s1", "C4", "c1"), mon("m", "E4")]
    assert focus(turn(tmp_path, pieces, {"monster": "m", "attack": {"range": 3}})) == ["s2"]


LINE = ["@ * *"]
"""A melee area: the two hexes in a straight line from the attacker."""


def test_melee_area_reaches_two_hexes_away_without_moving(tmp_path: Path) -> None:
    # Red hexes of a melee area always count as in range (L660-664): b two hexes east is hit
    # from where m stands, where a plain melee attack would step to F4.
    result = turn(tmp_path, [char("b", "G4"), mon("m", "E4")], {"monster": "m", "move": 2, "attack": {"area": LINE}})
    assert plays(result) == {("E4", ("b",))}


def test_melee_area_red_hex_needs_sight(tmp_path: Path) -> None:
    # A wall hex on F4 blocks the straight line E4-F4-G4 (sight). b (G4) is next hit from G3 or G5
    # (adjacent, 2 hexes: F3-G3, F5-G5) or from F2 or F6 (two away in a straight line, 2 hexes:
    # F3-F2, F5-F6), each seeing G4 past the wall hex.
    rows = with_hexes(BIG, F4="x")
    result = turn(
        tmp_path, [char("b", "G4"), mon("m", "E4")], {"monster": "m", "move": 2, "attack": {"area": LINE}}, rows
    )
    assert plays(result) == {("G3", ("b",)), ("G5", ("b",)), ("F2", ("b",)), ("F6", ("b",))}


def test_ranged_line_area_hits_the_focus_and_the_one_behind(tmp_path: Path) -> None:
    # Range 2, a line of three red hexes: c2 (G4, 2 away) is the focus on proximity; F4-G4-H4
    # has F4 and G4 within range and holds c1 (H4) too (L665-668).
    pieces = [char("c1", "H4", initiative=10), char("c2", "G4", initiative=20), mon("m", "E4")]
    result = turn(tmp_path, pieces, {"monster": "m", "move": 2, "attack": {"range": 2, "area": ["* * *"]}})
    assert focus(result) == ["c2"]
    assert plays(result) == {("E4", ("c1", "c2"))}


def test_extra_target_summon_before_its_owner(tmp_path: Path) -> None:
    # Range 3, Target 2 from E4: f (G4, 2 away, initiative 5) is the focus. c1 (C4) and its summon
    # s1 (E2) are both 2 away on initiative 30, but s1 acts just before c1 (L359-361): s1 is the
    # extra. c3 (E6, 2 away, 30) may act before or after them: tied with s1.
    pieces = [
        char("f", "G4", initiative=5),
        char("c1", "C4", initiative=30),
        summon("s1", "E2", "c1"),
        mon("m", "E4"),
    ]
    query = {"monster": "m", "attack": {"range": 3, "targets": 2}}
    assert plays(turn(tmp_path, pieces, query)) == {("E4", ("f", "s1"))}
    pieces.append(char("c3", "E6", initiative=30))
    assert plays(turn(tmp_path, pieces, query)) == {("E4", ("f", "s1")), ("E4", ("c3", "f"))}
    query3 = {"monster": "m", "attack": {"range": 3, "targets": 3}}
    assert plays(turn(tmp_path, pieces, query3)) == {("E4", ("c1", "f", "s1")), ("E4", ("c3", "f", "s1"))}
