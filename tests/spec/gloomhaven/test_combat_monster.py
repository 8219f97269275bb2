"""Table tests for the monsters' turn: card, focus, movement and attacks (18-monster-turn.yaml)."""

from __future__ import annotations

import pytest

from adjudicator.core.expr.compile import Value
from tests.spec.gloomhaven.combat_support import decide, value
from tests.spec.support import rule_ids as rules

# --- what the monster performs ----------------------------------------------------------------

ABLE = {"on_card": True, "able": True, "has_focus": True}


@pytest.mark.parametrize(
    ("ability", "facts", "does", "rule"),
    [
        ("attack", {}, True, "GH.MON.ONLY_CARD"),
        ("attack", {"on_card": False}, False, "GH.MON.ONLY_CARD"),
        ("move", {"able": False}, False, "GH.MON.ONLY_CARD"),
        ("heal", {"stunned": True}, False, "GH.MON.STUNNED"),
        ("move", {"has_focus": False}, False, "GH.FOCUS.NONE"),
        ("attack", {"has_focus": False}, False, "GH.FOCUS.NONE"),
        ("heal", {"has_focus": False}, True, "GH.MON.ONLY_CARD"),
        ("move", {"immobilized": True}, False, "GH.MMOVE.IMMOBILIZED"),
        ("attack", {"immobilized": True}, True, "GH.MON.ONLY_CARD"),
        ("attack", {"disarmed": True}, False, "GH.MATK.DISARMED"),
        ("move", {"disarmed": True}, True, "GH.MON.ONLY_CARD"),
    ],
)
def test_monster_performs(ability: str, facts: dict[str, bool], does: bool, rule: str) -> None:
    """GH.MON.ONLY_CARD and its exceptions: stun, no focus, immobilize, disarm."""
    r = decide("monster.performs", ability=ability, **{**ABLE, **facts})
    assert r.value is does
    assert rule in rules(r)


@pytest.mark.parametrize(
    ("plus_minus", "on_stat", "meaning"),
    [
        (True, True, "modifies_stat"),
        (True, False, "nothing"),
        (False, False, "new_ability"),
        (False, True, "new_ability"),
    ],
)
def test_card_lines_GH_MON_PLUSMINUS(plus_minus: bool, on_stat: bool, meaning: str) -> None:
    """GH.MON.PLUSMINUS: +/- changes a stat ability and adds none; a plain line is new."""
    assert value("monster.card_ability", plus_minus=plus_minus, on_stat_card=on_stat) == meaning


@pytest.mark.parametrize(
    ("rank", "column"), [("normal", "left"), ("elite", "right"), ("boss", "own_card"), ("named", "own_card")]
)
def test_ranks_GH_MON_RANKS(rank: str, column: str) -> None:
    """GH.MON.RANKS."""
    assert value("monster.stat_column", rank=rank) == column


@pytest.mark.parametrize(("stat", "mod", "points"), [(3, -1, 2), (2, 0, 2), (1, -2, 0), (4, 2, 6)])
def test_move_points_GH_MMOVE_POINTS(stat: int, mod: int, points: int) -> None:
    """GH.MMOVE.POINTS: stat Move plus the card's +/- X, never negative."""
    assert value("monster.move_points", stat_move=stat, card_mod=mod) == points


@pytest.mark.parametrize(("stat", "mod", "attack"), [(3, 1, 4), (2, -3, 0)])
def test_attack_value_GH_MATK_DAMAGE(stat: int, mod: int, attack: int) -> None:
    """GH.MATK.DAMAGE."""
    assert value("monster.attack_value", stat_attack=stat, card_mod=mod) == attack


@pytest.mark.parametrize(
    ("facts", "rng"),
    [
        ({"card_range": 0, "stat_range": 3}, 3),
        ({"card_range": 2, "stat_range": 3}, 2),
        ({"card_range": 0, "stat_range": 3, "area": "grey"}, 0),
        ({"card_range": 0, "stat_range": 3, "disarmed": True}, 0),
        ({"card_range": 4, "stat_range": 3, "has_attack": False}, 0),
    ],
)
def test_attack_range(facts: dict[str, Value], rng: int) -> None:
    """GH.MATK.BASE_RANGE, GH.MATK.AOE_GREY, GH.MMOVE.MELEE_IF_NO_ATTACK."""
    assert value("monster.attack_range", **{"has_attack": True, **facts}) == rng


# --- focus ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("invisible", "reachable", "ok"), [(False, True, True), (False, False, False), (True, True, False)]
)
def test_focus_candidate_GH_FOCUS_PATH(invisible: bool, reachable: bool, ok: bool) -> None:
    """GH.FOCUS.PATH, GH.FOCUS.INVISIBLE."""
    assert value("monster.focus_candidate", invisible=invisible, attack_hex_reachable=reachable) is ok


FOCUS_TIE = {
    "neg_first": 0,
    "neg_second": 0,
    "moves_first": 2,
    "moves_second": 2,
    "prox_first": 3,
    "prox_second": 3,
    "path_first": 3,
    "path_second": 3,
}


@pytest.mark.parametrize(
    ("changes", "prefer", "rule"),
    [
        ({"neg_first": 1, "moves_first": 0}, "second", "GH.FOCUS.NEGATIVE_HEXES"),
        ({"moves_second": 1}, "second", "GH.FOCUS.CLOSEST"),
        ({"moves_first": 1}, "first", "GH.FOCUS.CLOSEST"),
        ({"prox_first": 2, "path_first": 5}, "first", "GH.FOCUS.TIE_PROXIMITY"),
        ({}, "tie", "GH.FOCUS.TIE_PROXIMITY"),
    ],
)
def test_focus_stages(changes: dict[str, int], prefer: str, rule: str) -> None:
    """GH.FOCUS.*: negative hexes, then movement, then proximity; each stage names its rule."""
    r = decide("monster.focus_prefer", **{**FOCUS_TIE, **changes})
    assert r.value == prefer
    assert rules(r) == {rule}


def test_focus_proximity_movement_reading_GH_FOCUS_TIE_PROXIMITY() -> None:
    """GH.FOCUS.TIE_PROXIMITY, reading movement: proximity counted as a path to the enemy's hex."""
    facts = {**FOCUS_TIE, "prox_first": 2, "path_first": 5}
    assert value("monster.focus_prefer", {"GH.FOCUS.TIE_PROXIMITY": "movement"}, **facts) == "second"


@pytest.mark.parametrize(("first", "second", "prefer"), [(10, 35, "first"), (60, 35, "second"), (35, 35, "players")])
def test_initiative_tie_GH_FOCUS_TIE_INITIATIVE(first: int, second: int, prefer: str) -> None:
    """GH.FOCUS.TIE_INITIATIVE: earliest initiative, then the players."""
    assert value("monster.initiative_prefer", init_first=first, init_second=second) == prefer


# --- the choice of play ------------------------------------------------------------------------------

PLAY_TIE = {
    "neg_first": 0,
    "neg_second": 0,
    "now_first": True,
    "now_second": True,
    "disadv_first": False,
    "disadv_second": False,
    "targets_first": 1,
    "targets_second": 1,
    "moves_first": 2,
    "moves_second": 2,
}


@pytest.mark.parametrize(
    ("changes", "prefer", "rule"),
    [
        ({"neg_first": 1, "targets_first": 3}, "second", "GH.MMOVE.AVOID_NEGATIVE"),
        ({"now_second": False, "moves_second": 0}, "first", "GH.MMOVE.TARGET_HEX"),
        ({"disadv_first": True, "targets_first": 2}, "second", "GH.MMOVE.EFFICIENCY"),
        ({"targets_second": 2, "moves_second": 3}, "second", "GH.MMOVE.EFFICIENCY"),
        ({"moves_first": 1}, "first", "GH.MMOVE.PROXIMITY_DEF"),
        ({}, "players", "GH.MMOVE.TIES"),
    ],
)
def test_play_stages(changes: dict[str, Value], prefer: str, rule: str) -> None:
    """GH.MMOVE.*: negative hexes, attacking now, no disadvantage, more targets, fewer moves, then players."""
    r = decide("monster.play_prefer", **{**PLAY_TIE, **changes})
    assert r.value == prefer
    assert rules(r) == {rule}


# --- targets and heals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("z", "focus", "others", "count"),
    [(1, True, 3, 1), (1, False, 3, 0), (3, True, 1, 2), (3, True, 2, 3), (3, True, 3, 3), (3, False, 3, 0)],
)
def test_monster_targets(z: int, focus: bool, others: int, count: int) -> None:
    """GH.MATK.SINGLE, GH.MATK.MULTI: the focus first, then up to Z-1 others (Z-2/Z-1/Z others available)."""
    assert value("monster.targets", target_z=z, focus_reachable=focus, others_available=others) == count


@pytest.mark.parametrize(("first", "second", "prefer"), [(4, 2, "first"), (1, 3, "second"), (2, 2, "players")])
def test_monster_heal_GH_MON_HEAL(first: int, second: int, prefer: str) -> None:
    """GH.MON.HEAL: the figure that lost the most HP; ties to the players."""
    assert value("monster.heal_prefer", lost_first=first, lost_second=second) == prefer
