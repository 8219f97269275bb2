"""Table tests for HeroClix ranged combat, range, line of fire and multiple targets (09-ranged-lof.yaml)."""

from __future__ import annotations

import pytest

from tests.spec.support import heroclix_decide as decide
from tests.spec.support import rule_ids as rules

HC = "heroclix/core"


def ranged(**facts):
    """attack.ranged.allowed for an opposing target at 4 squares, range 6, one bolt, clear line of fire."""
    base = {"target_kind": "opposing", "range": 6, "distance": 4, "lof_clear": True, "bolts": 1, "targets": 1}
    return decide("attack.ranged.allowed", **{**base, **facts})


# --- range and eligibility ---------------------------------------------------------------------


@pytest.mark.parametrize(("distance", "ok"), [(5, True), (6, True), (7, False)])
def test_range_is_the_maximum_HE_RNG_RANGE(distance, ok):
    """HE.RNG.RANGE: range 6 reaches a target 5 or 6 squares away, not 7."""
    assert ranged(distance=distance).value is ok


@pytest.mark.parametrize(("rng", "ok"), [(0, False), (1, True), (2, True)])
def test_range_above_zero_HE_RNG_ELIGIBLE(rng, ok):
    """HE.RNG.ELIGIBLE: range 0 allows no ranged attack; range 1 or more does (target at 1 square)."""
    assert ranged(range=rng, distance=1).value is ok


def test_adjacent_opponent_forbids_ranged_HE_RNG_ELIGIBLE():
    """HE.RNG.ELIGIBLE: an attacker next to an opposing character cannot make a ranged attack."""
    r = ranged(adjacent_opposing=True)
    assert r.value is False
    assert "HE.RNG.ELIGIBLE" in rules(r)


@pytest.mark.parametrize("kind", ["friendly", "self"])
def test_no_friendly_or_self_target_HE_CMB_NO_FRIENDLY_NO_SELF(kind):
    """HE.CMB.NO_FRIENDLY_NO_SELF: no ranged attack on a friend or on oneself without an effect."""
    assert ranged(target_kind=kind, distance=0 if kind == "self" else 4).value is False


# --- line of fire -------------------------------------------------------------------------------


def test_blocked_line_forbids_attack_HE_LOF_BLOCKED_MEANS():
    """HE.LOF.BLOCKED_MEANS/NEEDED: no ranged attack without a line of fire."""
    r = ranged(lof_clear=False)
    assert r.value is False
    assert {"HE.LOF.BLOCKED_MEANS", "HE.LOF.NEEDED"} <= rules(r)


def test_figure_10a_character_blocks_HE_LOF_BLOCK_CHAR():
    """HE.LOF.BLOCK_CHAR (Figure 10a): C standing between A and B blocks the line."""
    assert decide("lof.blocked", crosses_occupied=True).value is True


def test_figure_10b_blocking_terrain_blocks_HE_LOF_BLOCK_TERRAIN():
    """HE.LOF.BLOCK_TERRAIN (Figure 10b): blocking terrain on the line blocks it."""
    assert decide("lof.blocked", crosses_blocking=True).value is True


@pytest.mark.parametrize(
    ("corner", "blocked"), [("none", False), ("clear", False), ("hindering", False), ("blocking", True)]
)
def test_corner_point_classes_HE_LOF_BLOCK_TERRAIN(corner, blocked):
    """HE.LOF.BLOCK_TERRAIN/DRAW: only a corner point classed as blocking blocks the line."""
    assert decide("lof.blocked", corner_point=corner).value is blocked


def test_clear_line_HE_LOF_DRAW():
    """HE.LOF.DRAW: a centre-to-centre line meeting nothing is not blocked."""
    r = decide("lof.blocked")
    assert r.value is False
    assert rules(r) == {"HE.LOF.DRAW"}


def test_line_to_oneself_HE_LOF_SELF():
    """HE.LOF.SELF: a character can always draw a line of fire to itself."""
    r = decide("lof.blocked", to_self=True)
    assert r.value is False
    assert "HE.LOF.SELF" in rules(r)


@pytest.mark.parametrize(("route", "distance"), [(2, 1), (5, 4), (9, 8)])
def test_attacker_square_not_counted_HE_RNG_COUNT(route, distance):
    """HE.RNG.COUNT: the attacker's square is left out, the target's counted."""
    assert decide("range.distance", spaces_on_route=route).value == distance


@pytest.mark.parametrize(
    ("lof", "distance", "ok"), [(True, 5, True), (True, 6, True), (True, 7, False), (False, 3, False)]
)
def test_within_range_and_line_of_fire_HE_LOF_PHRASE(lof, distance, ok):
    """HE.LOF.PHRASE: needs an unblocked line and the target within the source's range (6 here)."""
    assert decide("effect.within_range_lof", lof_clear=lof, range=6, distance=distance).value is ok


# --- several targets ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bolts", "targets", "ok"), [(2, 1, True), (2, 2, True), (2, 3, False), (3, 3, True), (3, 4, False)]
)
def test_bolts_cap_targets_HE_MULTI_BOLTS(bolts, targets, ok):
    """HE.MULTI.BOLTS: the number of bolts is the most targets (targets-1, =, +1)."""
    assert ranged(bolts=bolts, targets=targets).value is ok


def test_no_target_twice_HE_MULTI_DISTINCT():
    """HE.MULTI.DISTINCT: the same character cannot be targeted twice in one ranged attack."""
    assert ranged(bolts=2, targets=2, already_targeted=True).value is False


@pytest.mark.parametrize(("lof", "distance", "ok"), [(True, 6, True), (True, 7, False), (False, 2, False)])
def test_each_target_needs_line_and_range_HE_MULTI_LOF_EACH(lof, distance, ok):
    """HE.MULTI.LOF_EACH: with two targets, each needs its own line of fire and full range applies to each."""
    r = ranged(bolts=2, targets=2, lof_clear=lof, distance=distance)
    assert r.value is ok


@pytest.mark.parametrize("targets", [1, 2, 3])
def test_one_roll_HE_MULTI_ONE_ROLL(targets):
    """HE.MULTI.ONE_ROLL: one attack roll whatever the number of targets."""
    assert decide("attack.rolls", targets=targets).value == 1


@pytest.mark.parametrize(
    ("damage", "assigned", "to_missed", "ok"),
    [
        (3, 3, False, True),  # Jason: all 3 to C
        (3, 2, False, False),  # Jason: fewer than 3 to C is not allowed
        (3, 3, True, False),  # nothing may go to the missed B
        (4, 4, False, True),  # Norm: 2/2, 3/1 or 4/0
        (4, 5, False, False),
    ],
)
def test_damage_split_HE_MULTI_SPLIT(damage, assigned, to_missed, ok):
    """HE.MULTI.SPLIT: every point goes to hit targets only (the Jason and Norm examples)."""
    r = decide("damage.split_valid", damage=damage, assigned_total=assigned, to_missed_target=to_missed)
    assert r.value is ok
