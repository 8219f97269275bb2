"""Table tests for line of sight, range, movement and terrain (08-line-of-sight.yaml, 09-movement.yaml)."""

from __future__ import annotations

import pytest

from tests.spec.gloomhaven.combat_support import decide, value
from tests.spec.support import rule_ids as rules

# --- line of sight and range ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "needed"),
    [("attack", True), ("ranged_ability", True), ("loot", True), ("suffer_damage", False), ("other", False)],
)
def test_los_needed_GH_LOS_REQUIRED_FOR(kind: str, needed: bool) -> None:
    """GH.LOS.REQUIRED_FOR, GH.LOS.SUFFER_DAMAGE: attacks, ranged abilities and loot need sight."""
    assert value("los.required", kind=kind) is needed


def test_suffer_damage_rule_named_GH_LOS_SUFFER_DAMAGE() -> None:
    """GH.LOS.SUFFER_DAMAGE overrides the general rule for 'suffer damage'."""
    assert rules(decide("los.required", kind="suffer_damage")) == {"GH.LOS.SUFFER_DAMAGE"}


@pytest.mark.parametrize(
    ("blocker", "clear"),
    [
        ("touches_wall", False),
        ("touches_wall_corner", False),
        ("touches_closed_door", False),
        ("touches_partial_hex", False),
        ("touches_figure_or_obstacle", True),
    ],
)
def test_line_blockers_GH_LOS_DEF(blocker: str, clear: bool) -> None:
    """GH.LOS.DEF, GH.LOS.PARTIAL_HEX, GH.LOS.BLOCKERS_ONLY: only walls, their corners, doors and partial hexes block."""
    assert value("los.line_clear", **{blocker: True}) is clear


def test_partial_hex_beats_figures_GH_LOS_PARTIAL_HEX() -> None:
    """GH.LOS.PARTIAL_HEX: a line through a figure that also touches a partial hex is blocked."""
    r = decide("los.line_clear", touches_figure_or_obstacle=True, touches_partial_hex=True)
    assert r.value is False
    assert "GH.LOS.PARTIAL_HEX" in rules(r)


def test_empty_line_is_clear_GH_LOS_DEF() -> None:
    """GH.LOS.DEF: a line touching nothing is clear."""
    assert value("los.line_clear") is True


@pytest.mark.parametrize(("hexes", "detour", "distance"), [(1, 0, 1), (1, 1, 2), (3, 2, 5), (4, 0, 4)])
def test_range_counts_round_walls_GH_RANGE_WALLS(hexes: int, detour: int, distance: int) -> None:
    """GH.RANGE.COUNT, GH.RANGE.WALLS: a thin wall between neighbours puts them at range 2."""
    assert value("range.distance", hexes=hexes, detour=detour) == distance


# --- movement ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("facts", "allowed"),
    [({}, True), ({"immobilized": True}, False), ({"stunned": True}, False)],
)
def test_move_allowed_GH_MOVE_IMMOBILIZED(facts: dict[str, bool], allowed: bool) -> None:
    """GH.MOVE.BUDGET, GH.MOVE.IMMOBILIZED, GH.COND.STUN: immobilized or stunned figures do not move."""
    assert value("move.allowed", **facts) is allowed


@pytest.mark.parametrize(
    ("mode", "difficult", "last", "cost"),
    [
        ("normal", False, False, 1),
        ("normal", True, False, 2),
        ("jump", True, False, 1),
        ("jump", True, True, 2),
        ("flying", True, True, 1),
    ],
)
def test_step_cost_GH_MOVE_DIFFICULT(mode: str, difficult: bool, last: bool, cost: int) -> None:
    """GH.MOVE.DIFFICULT, GH.MOVE.JUMP_FLY: difficult costs 2 on foot and on a jump's last hex."""
    assert value("move.step_cost", mode=mode, difficult=difficult, last_hex=last) == cost


@pytest.mark.parametrize(
    ("mover", "mode", "occupant", "feature", "ok"),
    [
        ("character", "normal", "ally", "none", True),
        ("character", "normal", "enemy", "none", False),
        ("character", "normal", "none", "obstacle", False),
        ("character", "jump", "enemy", "obstacle", True),
        ("character", "flying", "enemy", "trap", True),
        ("character", "flying", "none", "wall", False),
        ("character", "normal", "none", "closed_door", True),
        ("summon", "normal", "none", "closed_door", False),
        ("monster", "normal", "none", "closed_door", False),
        ("character", "normal", "none", "locked_door", False),
        ("monster", "normal", "invisible_enemy", "none", False),
        ("character", "normal", "none", "open_door", True),
    ],
)
def test_can_enter(mover: str, mode: str, occupant: str, feature: str, ok: bool) -> None:
    """GH.MOVE.NORMAL_PASS, JUMP_FLY, WALLS, DOOR_CLOSED, DOOR_LOCKED, GH.MMOVE.AS_PLAYER."""
    assert value("move.can_enter", mover=mover, mode=mode, occupant=occupant, feature=feature) is ok


def test_monster_closed_door_cites_both_GH_MMOVE_AS_PLAYER() -> None:
    """GH.MMOVE.AS_PLAYER and GH.MOVE.DOOR_CLOSED agree that a monster stays off a closed door."""
    r = decide("move.can_enter", mover="monster", feature="closed_door")
    assert {"GH.MMOVE.AS_PLAYER", "GH.MOVE.DOOR_CLOSED"} <= rules(r)


@pytest.mark.parametrize(
    ("mode", "occupant", "obstacle", "ok"),
    [
        ("normal", "none", False, True),
        ("normal", "ally", False, False),
        ("jump", "none", True, False),
        ("flying", "none", True, True),
        ("flying", "enemy", False, False),
    ],
)
def test_can_end_GH_MOVE_JUMP_FLY(mode: str, occupant: str, obstacle: bool, ok: bool) -> None:
    """GH.MOVE.NORMAL_PASS, GH.MOVE.JUMP_FLY: a move ends on a hex without a figure."""
    assert value("move.can_end", mode=mode, occupant=occupant, obstacle=obstacle) is ok


def test_monster_stops_before_ally_GH_MMOVE_ALLY_END_BLOCK() -> None:
    """GH.MMOVE.ALLY_END_BLOCK: a monster cannot end on its ally's hex."""
    r = decide("move.can_end", mover="monster", occupant="ally")
    assert r.value is False
    assert "GH.MMOVE.ALLY_END_BLOCK" in rules(r)


# --- traps and hazardous terrain (GH.EX.17) -----------------------------------------------------


@pytest.mark.parametrize(("level", "damage"), [(0, 2), (1, 3), (3, 5), (7, 9)])
def test_trap_damage_GH_MOVE_TRAP(level: int, damage: int) -> None:
    """GH.MOVE.TRAP: 2 + N; GH.EX.17 gives 5 at level 3."""
    assert value("terrain.damage", feature="trap", level=level) == damage


@pytest.mark.parametrize(("level", "damage"), [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (7, 4)])
def test_hazard_damage_GH_MOVE_HAZARD(level: int, damage: int) -> None:
    """GH.MOVE.HAZARD: floor((2 + N) / 2); GH.EX.17 gives 2 at level 3."""
    assert value("terrain.damage", feature="hazardous", level=level) == damage


def test_ability_trap_not_scaled_GH_MOVE_TRAP() -> None:
    """GH.MOVE.TRAP [FAQ]: a trap made by an ability deals its own damage, whatever N."""
    assert value("terrain.damage", feature="trap", level=7, from_ability=True, ability_damage=3) == 3


@pytest.mark.parametrize(
    ("mode", "flying", "damage"),
    [
        ("normal", False, 5),
        ("jump_last_hex", False, 5),
        ("jump_over", False, 0),
        ("flying", True, 0),
        ("pushed", False, 5),
        ("pushed", True, 0),
    ],
)
def test_who_springs_traps_GH_MOVE_JUMP_FLY(mode: str, flying: bool, damage: int) -> None:
    """GH.MOVE.JUMP_FLY, GH.PUSH.TRAPS: jumps spring traps only on the last hex; flyers never."""
    assert value("terrain.damage", feature="trap", level=3, mode=mode, target_flying=flying) == damage


@pytest.mark.parametrize(("feature", "removed"), [("trap", True), ("hazardous", False)])
def test_tile_removed_GH_MOVE_HAZARD(feature: str, removed: bool) -> None:
    """GH.MOVE.TRAP, GH.MOVE.HAZARD: a trap is removed once sprung, hazardous terrain stays."""
    assert value("terrain.tile_removed", feature=feature) is removed
