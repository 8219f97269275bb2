"""Table tests for HeroClix combat, damage, healing, criticals and knockback (07-combat.yaml, 08-knockback.yaml)."""

from __future__ import annotations

import pytest

from tests.spec.support import heroclix_decide as decide
from tests.spec.support import rule_ids as rules

HC = "heroclix/core"


# --- HE.DMG.ROLL, criticals ----------------------------------------------------------------


@pytest.mark.parametrize(("defense", "hits"), [(16, True), (17, True), (18, False)])
def test_attack_total_against_defense_HE_DMG_ROLL(defense, hits):
    """HE.DMG.ROLL: attack 9 + roll 8 = 17 hits defense 16 and 17, misses 18 (defense-1/defense/defense+1)."""
    r = decide("attack.hits", attack=9, defense=defense, die1=5, die2=3)
    assert r.value is hits
    assert rules(r) == {"HE.DMG.ROLL"}


def test_jason_example_one_roll_two_targets_HE_MULTI_ONE_ROLL():
    """HE.MULTI.ONE_ROLL (Jason): one roll of 8 with attack 9 misses B (defense 18) and hits C (defense 15)."""
    assert decide("attack.hits", attack=9, defense=18, die1=5, die2=3).value is False
    assert decide("attack.hits", attack=9, defense=15, die1=5, die2=3).value is True
    assert decide("attack.rolls", targets=2).value == 1


def test_critical_miss_always_misses_HE_CRIT_MISS():
    """HE.CRIT.MISS: double 1 misses even when attack 20 would beat defense 10."""
    r = decide("attack.hits", attack=20, defense=10, die1=1, die2=1)
    assert r.value is False
    assert "HE.CRIT.MISS" in rules(r)
    assert decide("critical.kind", die1=1, die2=1).value == "miss"


def test_critical_hit_always_hits_HE_CRIT_HIT():
    """HE.CRIT.HIT: double 6 hits even when attack 0 + 12 is below defense 25."""
    r = decide("attack.hits", attack=0, defense=25, die1=6, die2=6)
    assert r.value is True
    assert decide("critical.kind", die1=6, die2=6).value == "hit"


@pytest.mark.parametrize(("die1", "die2"), [(1, 2), (5, 6), (4, 4), (2, 1)])
def test_other_rolls_are_not_critical_HE_DMG_ROLL(die1, die2):
    """HE.DMG.ROLL: only double 1 and double 6 are critical; a roll of 3, 11 or double 4 is not."""
    assert decide("critical.kind", die1=die1, die2=die2).value == "none"


def test_evaded_hit_is_a_miss_HE_DMG_EVADE():
    """HE.DMG.EVADE: an evaded hit (even a critical hit) turns into a miss."""
    assert decide("attack.hits", attack=10, defense=15, die1=4, die2=4, evaded=True).value is False
    assert decide("attack.hits", attack=10, defense=15, die1=6, die2=6, evaded=True).value is False


# --- damage -------------------------------------------------------------------------------


@pytest.mark.parametrize(("base", "mods", "dealt"), [(3, 0, 3), (3, -2, 1), (3, -3, 0), (3, -4, 0), (2, 1, 3)])
def test_damage_dealt_and_taken_HE_DMG_DEALT_TAKEN(base, mods, dealt):
    """HE.DMG.DEALT_TAKEN: damage value changed by effects, never below 0."""
    assert decide("damage.dealt", base=base, mods=mods, hit=True).value == dealt


def test_miss_deals_no_damage_HE_DMG_MISS_NONE():
    """HE.DMG.MISS_NONE: a missed attack deals nothing, even with a damage value of 4."""
    r = decide("damage.dealt", base=4, hit=False)
    assert r.value == 0
    assert "HE.DMG.MISS_NONE" in rules(r)


@pytest.mark.parametrize(("mods", "dealt"), [(-2, 2), (-1, 3), (0, 4)])
def test_critical_hit_adds_one_before_reductions_HE_CRIT_HIT(mods, dealt):
    """HE.CRIT.HIT: damage 3 with a critical hit deals 4, then the target's reductions apply."""
    assert decide("damage.dealt", base=3, mods=mods, critical_hit=True, hit=True).value == dealt


def test_critical_hit_on_each_hit_target_HE_MULTI_CRIT():
    """HE.MULTI.CRIT: each hit target's share gets the extra point (shares 2 and 1 become 3 and 2)."""
    assert decide("damage.dealt", base=2, critical_hit=True, split=True, hit=True).value == 3
    r = decide("damage.dealt", base=1, critical_hit=True, split=True, hit=True)
    assert r.value == 2
    assert "HE.MULTI.CRIT" in rules(r)


@pytest.mark.parametrize("critical_hit", [False, True])
def test_no_damage_attacks_HE_DMG_NO_DAMAGE(critical_hit):
    """HE.DMG.NO_DAMAGE: no damage, even on a critical hit, and no critical-miss damage to the attacker."""
    assert decide("damage.dealt", base=3, mods=2, effect="no_damage", critical_hit=critical_hit, hit=True).value == 0
    assert decide("damage.to_attacker", die1=1, die2=1, effect="no_damage").value == 0
    assert decide("damage.change_allowed", effect="no_damage", change="increase").value is False


@pytest.mark.parametrize(("mods", "critical_hit", "dealt"), [(0, False, 0), (0, True, 1), (1, False, 1), (2, True, 3)])
def test_zero_damage_attacks_HE_DMG_ZERO(mods, critical_hit, dealt):
    """HE.DMG.ZERO: 0 damage can be modified and gets the critical-hit point; unmodified it deals nothing."""
    r = decide("damage.dealt", base=0, mods=mods, effect="zero_damage", critical_hit=critical_hit, hit=True)
    assert r.value == dealt
    assert decide("damage.to_attacker", die1=1, die2=1, effect="zero_damage").value == 1


@pytest.mark.parametrize(("die1", "die2", "hurt"), [(1, 1, 1), (1, 2, 0), (6, 6, 0)])
def test_critical_miss_hurts_attacker_HE_CRIT_MISS(die1, die2, hurt):
    """HE.CRIT.MISS: only double 1 deals 1 unavoidable damage to the attacker."""
    assert decide("damage.to_attacker", die1=die1, die2=die2).value == hurt


@pytest.mark.parametrize(
    ("kind", "change", "ok"),
    [
        ("normal", "reduce", True),
        ("penetrating", "reduce", False),
        ("penetrating", "evade", True),
        ("penetrating", "ignore", True),
        ("penetrating", "increase", True),
        ("penetrating", "transfer", True),
        ("unavoidable", "evade", False),
        ("unavoidable", "reduce", False),
        ("unavoidable", "ignore", False),
        ("unavoidable", "transfer", False),
        ("unavoidable", "increase", True),
    ],
)
def test_damage_kinds_HE_DMG_PENETRATING_UNAVOIDABLE(kind, change, ok):
    """HE.DMG.PENETRATING/UNAVOIDABLE: what each kind of damage lets effects do to it."""
    assert decide("damage.change_allowed", damage_kind=kind, change=change).value is ok


# --- healing, defeat, Support ------------------------------------------------------------------


@pytest.mark.parametrize(("healing", "to_start", "clicks"), [(2, 3, 2), (3, 3, 3), (4, 3, 3)])
def test_healing_capped_at_starting_line_HE_HEAL_CAP(healing, to_start, clicks):
    """HE.HEAL.CAP: healing 2/3/4 with 3 clicks to the starting line heals 2/3/3."""
    assert decide("heal.clicks", healing=healing, clicks_to_start=to_start).value == clicks


@pytest.mark.parametrize(("healing", "to_start", "clicks"), [(2, 4, 3), (2, 3, 3), (2, 2, 2)])
def test_support_critical_hit_heals_one_more_HE_CRIT_SUPPORT_HIT(healing, to_start, clicks):
    """HE.CRIT.SUPPORT_HIT: a Support critical hit heals one click more, still capped by the starting line."""
    r = decide("heal.clicks", healing=healing, clicks_to_start=to_start, support_critical_hit=True)
    assert r.value == clicks


def test_support_critical_miss_default_reading_HE_CRIT_SUPPORT_MISS():
    """HE.CRIT.SUPPORT_MISS (default target_instead): the target takes 1, the Support user nothing."""
    assert decide("support.target_damage", die1=1, die2=1).value == 1
    assert decide("support.target_damage", die1=1, die2=2).value == 0
    assert decide("damage.to_attacker", die1=1, die2=1, support=True).value == 0


def test_support_critical_miss_both_reading_HE_CRIT_SUPPORT_MISS():
    """HE.CRIT.SUPPORT_MISS (reading both): the Support user also takes the general critical-miss point."""
    readings = {"HE.CRIT.SUPPORT_MISS": "both"}
    assert decide("damage.to_attacker", readings, die1=1, die2=1, support=True).value == 1
    assert decide("support.target_damage", readings, die1=1, die2=1).value == 1


@pytest.mark.parametrize(("ko", "out"), [(0, False), (1, True), (3, True)])
def test_ko_symbol_defeats_HE_KO_WHEN(ko, out):
    """HE.KO.WHEN: a KO symbol in the stat slot defeats the character at once."""
    assert decide("character.killed", ko_symbols=ko).value is out


# --- targets, attacks without actions -------------------------------------------------------------


@pytest.mark.parametrize(("kind", "power", "ok"), [("friendly", False, False), ("self", False, False)])
def test_no_friendly_no_self_HE_CMB_NO_FRIENDLY_NO_SELF(kind, power, ok):
    """HE.CMB.NO_FRIENDLY_NO_SELF: without an effect, no close attack on a friend or on oneself."""
    assert decide("attack.close.allowed", target_kind=kind, power_allows=power, adjacent=kind != "self").value is ok


@pytest.mark.parametrize(
    ("required", "received", "ok"),
    [("close", "none", False), ("close", "close", True), ("close", "ranged", False)],
)
def test_action_type_effects_HE_CMB_ATTACK_NOT_ACTION(required, received, ok):
    """HE.CMB.ATTACK_NOT_ACTION: Quake after Hypersonic Speed (none) no; Blades via Charge (close) yes."""
    assert decide("effect.usable_with_attack", required=required, received=received).value is ok


# --- knockback ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("die1", "die2", "hit", "kb"), [(4, 4, True, True), (4, 5, True, False), (4, 4, False, False)])
def test_doubles_on_a_hit_knock_back_HE_KB_TRIGGER(die1, die2, hit, kb):
    """HE.KB.TRIGGER: only a double on a successful roll knocks the target back."""
    assert decide("knockback.occurs", die1=die1, die2=die2, hit=hit).value is kb


def test_ignoring_knockback_HE_KB_IGNORE():
    """HE.KB.IGNORE: a giant or multi-base target ignores knockback; an effect may cause it without doubles."""
    assert decide("knockback.occurs", die1=3, die2=3, hit=True, target_ignores=True).value is False
    assert decide("knockback.occurs", die1=3, die2=3, hit=True, target_multibase=True).value is False
    assert decide("knockback.occurs", die1=2, die2=5, hit=True, effect_knockback=True).value is True


@pytest.mark.parametrize("taken", [1, 3, 5])
def test_one_square_per_damage_HE_KB_DISTANCE_DIR(taken):
    """HE.KB.DISTANCE_DIR: an unobstructed path is as long as the damage taken."""
    assert decide("knockback.distance", damage_taken=taken).value == taken
    assert decide("knockback.stop").value == "full_distance"
    assert decide("knockback.damage").value == 0


def test_hindering_does_not_shorten_HE_KB_IGNORES_HINDER():
    """HE.KB.IGNORES_HINDER: hindering terrain and objects on the path do not stop it."""
    r = decide("knockback.distance", damage_taken=3, hindering_on_path=True)
    assert r.value == 3
    assert "HE.KB.IGNORES_HINDER" in rules(r)


def test_figure_9_wall_HE_KB_BLOCKED():
    """HE.KB.BLOCKED (Figure 9): 2 damage, wall beyond the first square: B moves 1 and takes 1 knockback damage."""
    assert decide("knockback.distance", damage_taken=2, obstacle="blocking", obstacle_at=2).value == 1
    assert decide("knockback.stop", obstacle="blocking").value == "before_blocking"
    assert decide("knockback.damage", obstacle="blocking").value == 1


@pytest.mark.parametrize(("at", "moved"), [(1, 0), (2, 1), (3, 2)])
def test_occupied_square_stops_without_damage_HE_KB_OCCUPIED(at, moved):
    """HE.KB.OCCUPIED: with 3 damage and a character at square 1/2/3 the path is 0/1/2 squares, no damage."""
    assert decide("knockback.distance", damage_taken=3, obstacle="occupied", obstacle_at=at).value == moved
    assert decide("knockback.damage", obstacle="occupied").value == 0


def test_fall_from_elevation_HE_KB_FALL():
    """HE.KB.FALL: 3 damage, edge after 1 square: ends in the first ground square (2) with 2 damage."""
    assert (
        decide("knockback.distance", damage_taken=3, obstacle="elevated_edge", obstacle_at=2, free_ground_at=2).value
        == 2
    )
    assert decide("knockback.stop", obstacle="elevated_edge").value == "first_ground_square"
    assert decide("knockback.damage", obstacle="elevated_edge").value == 2


def test_occupied_landing_HE_KB_FALL_OCCUPIED():
    """HE.KB.FALL_OCCUPIED: first ground square occupied: stays on the last elevated square, no fall damage."""
    facts = {"obstacle": "elevated_edge", "ground_occupied": True}
    assert decide("knockback.distance", damage_taken=3, obstacle_at=2, **facts).value == 1
    assert decide("knockback.stop", **facts).value == "last_elevated_square"
    assert decide("knockback.damage", **facts).value == 0


def test_flier_falls_without_damage_HE_KB_FALL_FLIGHT():
    """HE.KB.FALL_FLIGHT: a flier falling takes 0 knockback damage and lands in the first ground square."""
    r = decide("knockback.damage", obstacle="elevated_edge", flight=True)
    assert r.value == 0
    assert "HE.KB.FALL_FLIGHT" in rules(r)
    assert decide("knockback.stop", obstacle="elevated_edge", flight=True).value == "first_ground_square"


def test_flier_occupied_landing_readings_HE_KB_FALL_FLIGHT():
    """HE.KB.FALL_FLIGHT: default keeps a flier up when the first ground square is taken; the other reading lands it further."""
    facts = {"obstacle": "elevated_edge", "ground_occupied": True, "flight": True}
    assert decide("knockback.distance", damage_taken=4, obstacle_at=2, free_ground_at=3, **facts).value == 1
    other = {"HE.KB.FALL_FLIGHT": "first_free_ground"}
    assert decide("knockback.distance", other, damage_taken=4, obstacle_at=2, free_ground_at=3, **facts).value == 3
    assert decide("knockback.stop", other, free_ground_beyond=True, **facts).value == "first_free_ground_square"


@pytest.mark.parametrize(("this", "other", "first"), [(3, 4, False), (4, 4, None), (5, 4, True)])
def test_farthest_first_HE_KB_ORDER(this, other, first):
    """HE.KB.ORDER: the farther character is resolved first; the booklet leaves ties undecided."""
    r = decide("knockback.resolve_first", this_distance=this, other_distance=other)
    if first is None:
        assert r.status == "undecided"
    else:
        assert r.value is first


@pytest.mark.parametrize(
    ("straight", "rank", "ok"), [(False, 1, True), (False, 2, True), (False, 3, False), (True, 2, False)]
)
def test_knockback_path_choice_HE_KB_NON_STRAIGHT(straight, rank, ok):
    """HE.KB.NON_STRAIGHT: off-grid lines allow the first two crossed squares, not the third; straight lines only the first."""
    assert decide("knockback.path_square_ok", line_straight=straight, crossed_rank=rank).value is ok


@pytest.mark.parametrize("into", ["blocking_terrain", "wall"])
def test_knockback_does_not_destroy_HE_KB_NO_DESTROY(into):
    """HE.KB.NO_DESTROY: knockback into blocking terrain or a wall leaves it standing."""
    assert decide("knockback.destroys_terrain", into=into).value is False
