"""Each reading added by the second ambiguity pass over the HeroClix text (issue 28) answers differently from the default."""

from __future__ import annotations

import pytest

from tests.spec.support import heroclix_decide as decide
from tests.spec.support import load_spec
from tests.spec.support import rule_ids as rules


def test_default_relocates_a_partial_placement_HE_GOLD_OCCUPANCY_RELOCATE():
    """HE.GOLD.OCCUPANCY_RELOCATE (relocate_first): a placement that is one part of an effect goes to another square."""
    r = decide("occupancy.resolution", breaks_rule=True, only_part=True, effect="placement")
    assert r.value == "another_square"
    assert rules(r) == {"HE.GOLD.OCCUPANCY_RELOCATE"}


def test_drop_the_part_ignores_a_partial_placement_HE_GOLD_OCCUPANCY_RELOCATE():
    """HE.GOLD.OCCUPANCY_RELOCATE (drop_the_part): the same placement is dropped as the offending part (L489-491)."""
    facts = {"breaks_rule": True, "only_part": True, "effect": "placement"}
    r = decide("occupancy.resolution", readings={"HE.GOLD.OCCUPANCY_RELOCATE": "drop_the_part"}, **facts)
    assert r.value == "ignore_part"
    assert rules(r) == {"HE.GOLD.OCCUPANCY_PARTIAL"}


def test_drop_the_part_still_relocates_a_whole_placement_HE_GOLD_OCCUPANCY_RELOCATE():
    """HE.GOLD.OCCUPANCY_RELOCATE (drop_the_part): a placement that is the whole effect still goes elsewhere."""
    facts = {"breaks_rule": True, "only_part": False, "effect": "placement"}
    r = decide("occupancy.resolution", readings={"HE.GOLD.OCCUPANCY_RELOCATE": "drop_the_part"}, **facts)
    assert r.value == "another_square"


@pytest.mark.parametrize(("reading", "bonus"), [("target_square_counts", True), ("same_level_only", False)])
def test_target_square_hindering_between_levels_HE_ELEV_LOF_CROSS_IGNORE(reading, bonus):
    """HE.ELEV.LOF_CROSS_IGNORE: a ground target in hindering terrain shot from above gets +1 only by default."""
    r = decide(
        "defense.hindering_bonus",
        readings={"HE.ELEV.LOF_CROSS_IGNORE": reading},
        attack="ranged",
        levels_differ=True,
        crosses_hindering_square=True,
        target_in_hindering=True,
    )
    assert r.value is bonus
    assert rules(r) == {"HE.ELEV.LOF_CROSS_IGNORE"}


@pytest.mark.parametrize(("reading", "hits"), [("evade_beats_critical", False), ("critical_stands", True)])
def test_evaded_critical_hit_HE_DMG_EVADE(reading, hits):
    """HE.DMG.EVADE: an evaded double 6 misses by default and still hits under critical_stands (L907-909)."""
    r = decide("attack.hits", readings={"HE.DMG.EVADE": reading}, attack=0, defense=25, die1=6, die2=6, evaded=True)
    assert r.value is hits


def test_critical_stands_still_lets_an_ordinary_hit_be_evaded_HE_DMG_EVADE():
    """HE.DMG.EVADE (critical_stands): a double 4 that hits can still be evaded."""
    r = decide(
        "attack.hits", readings={"HE.DMG.EVADE": "critical_stands"}, attack=10, defense=15, die1=4, die2=4, evaded=True
    )
    assert r.value is False


@pytest.mark.parametrize(("reading", "damage"), [("every_hit_target", 1), ("damaged_targets_only", 0)])
def test_critical_on_a_zero_share_HE_MULTI_CRIT(reading, damage):
    """HE.MULTI.CRIT: a hit target given 0 of the divided damage takes the critical point only by default."""
    facts = {"base": 0, "mods": 0, "critical_hit": True, "split": True, "hit": True}
    r = decide("damage.dealt", readings={"HE.MULTI.CRIT": reading}, **facts)
    assert r.value == damage


def test_damaged_targets_only_keeps_the_point_on_a_real_share_HE_MULTI_CRIT():
    """HE.MULTI.CRIT (damaged_targets_only): a target given 2 of the damage still takes 3 on a critical hit."""
    facts = {"base": 2, "mods": 0, "critical_hit": True, "split": True, "hit": True}
    assert decide("damage.dealt", readings={"HE.MULTI.CRIT": "damaged_targets_only"}, **facts).value == 3


@pytest.mark.parametrize(
    ("reading", "flight", "damage"),
    [("no_damage", False, 0), ("edge_deals_damage", False, 1), ("edge_deals_damage", True, 0)],
)
def test_held_on_the_elevated_terrain_HE_KB_FALL_OCCUPIED(reading, flight, damage):
    """HE.KB.FALL_OCCUPIED: a character kept up by an occupied ground square takes 1 only under the glossary reading, a flier never."""
    r = decide(
        "knockback.damage",
        readings={"HE.KB.FALL_OCCUPIED": reading},
        obstacle="elevated_edge",
        ground_occupied=True,
        flight=flight,
    )
    assert r.value == damage


@pytest.mark.parametrize(
    ("die", "modifier", "modified", "alone"),
    [(3, 1, True, False), (4, -1, False, True), (4, 0, True, True), (3, 0, False, False)],
)
def test_break_away_modifier_HE_BA_ROLL(die, modifier, modified, alone):
    """HE.BA.ROLL: a modifier moves a 3 or a 4 across the line only under the default (modified_roll) reading."""
    default = decide("breakaway.succeeds", die=die, modifier=modifier)
    literal = decide("breakaway.succeeds", readings={"HE.BA.ROLL": "die_alone"}, die=die, modifier=modifier)
    assert (default.value, literal.value) == (modified, alone)


@pytest.mark.parametrize(
    ("reading", "scorer"), [("killer_scores", "killer_controller"), ("last_damager_always", "last_damager")]
)
def test_two_player_ko_on_own_turn_HE_VP_KO(reading, scorer):
    """HE.VP.KO: in a two-player game a KO on the victim's own turn scores for the last damager only when L1598-1603 is read for every game."""
    r = decide("score.kill_scorer", readings={"HE.VP.KO": reading}, players=2, own_turn=True)
    assert r.value == scorer
    assert rules(r) == {"HE.VP.KO"}


def test_multiplayer_scorer_is_unchanged_by_the_reading_HE_VP_MULTIPLAYER():
    """HE.VP.MULTIPLAYER: with three players the last damager scores a KO on the victim's own turn under either reading."""
    for reading in ("killer_scores", "last_damager_always"):
        r = decide("score.kill_scorer", readings={"HE.VP.KO": reading}, players=3, own_turn=True)
        assert r.value == "last_damager"


@pytest.mark.parametrize(("reading", "allowed"), [("exception_for_both", True), ("exception_for_self_only", False)])
def test_ranged_attack_on_a_friend_an_effect_allows_HE_CMB_NO_FRIENDLY_NO_SELF(reading, allowed):
    """HE.CMB.NO_FRIENDLY_NO_SELF: an effect lets a ranged attack target a friend only when its exception covers both bans."""
    r = decide(
        "attack.ranged.allowed",
        readings={"HE.CMB.NO_FRIENDLY_NO_SELF": reading},
        target_kind="friendly",
        power_allows=True,
        range=6,
        distance=3,
        lof_clear=True,
    )
    assert r.value is allowed


def test_self_only_exception_still_bars_a_friend_in_close_combat_HE_CMB_NO_FRIENDLY_NO_SELF():
    """HE.CMB.NO_FRIENDLY_NO_SELF (exception_for_self_only): a close attack on an adjacent friend is barred even with an effect."""
    facts = {"target_kind": "friendly", "power_allows": True, "adjacent": True}
    r = decide("attack.close.allowed", readings={"HE.CMB.NO_FRIENDLY_NO_SELF": "exception_for_self_only"}, **facts)
    assert r.value is False


@pytest.mark.parametrize(
    ("reading", "kind"), [("stairs_always_clear", "clear"), ("green_line_still_hinders", "hindering")]
)
def test_stair_square_inside_a_green_line_HE_ELEV_STAIRS_CLEAR(reading, kind):
    """HE.ELEV.STAIRS_CLEAR: a stair square that a green line encloses is clear by default and hindering when the line wins."""
    r = decide(
        "terrain.square_class", readings={"HE.ELEV.STAIRS_CLEAR": reading}, purpose="move", stairs=True, green=True
    )
    assert r.value == kind


def test_plain_stairs_stay_clear_under_either_reading_HE_ELEV_STAIRS_CLEAR():
    """HE.ELEV.STAIRS_CLEAR: a stair square inside no line is clear under both readings."""
    for reading in ("stairs_always_clear", "green_line_still_hinders"):
        r = decide("terrain.square_class", readings={"HE.ELEV.STAIRS_CLEAR": reading}, purpose="move", stairs=True)
        assert r.value == "clear"


@pytest.mark.parametrize(("speed", "up", "down"), [(4, 2, 2), (5, 3, 2), (6, 3, 3)])
def test_halving_an_odd_speed_in_hindering_terrain_HE_HIND_MOVE_HALF(speed, up, down):
    """HE.HIND.MOVE_HALF: an odd speed halved in hindering terrain keeps the half by default and drops it under half_down."""
    default = decide("move.speed", speed=speed, starts_in_hindering=True)
    lower = decide("move.speed", readings={"HE.HIND.MOVE_HALF": "half_down"}, speed=speed, starts_in_hindering=True)
    assert (default.value, lower.value) == (up, down)


def test_half_down_covers_a_multibase_start_HE_HIND_MOVE_HALF():
    """HE.HIND.MOVE_HALF (half_down): a multi-base character partly in hindering terrain drops the half as well."""
    facts = {"speed": 7, "starts_in_hindering": True, "multibase_any_hindering": True}
    assert decide("move.speed", **facts).value == 4
    assert decide("move.speed", readings={"HE.HIND.MOVE_HALF": "half_down"}, **facts).value == 3


@pytest.mark.parametrize(
    ("rule", "reading"),
    [
        ("HE.BA.TRIGGER", "move_action_only"),
        ("HE.MOVE.ZERO_OK", "roll_anyway"),
        ("HE.MOVE.STOP_ADJ", "enemy_is_not_friendly"),
        ("HE.TURN.ACTION_TOTAL", "started_block"),
        ("HE.FRI.PROTECT", "token_actions_and_placing"),
        ("HE.PUSH.DAMAGE", "second_action"),
        ("HE.LOF.BLOCK_CHAR", "targets_never_block"),
        ("HE.RNG.COUNT", "plain_count"),
        ("HE.KB.IGNORES_HINDER", "water_stops"),
        ("HE.BLOCK.LOF", "walls_always_block"),
        ("HE.HIND.LOF_PLUS1", "ground_hindering_ignored"),
        ("HE.ELEV.ACCESS", "also_knockback"),
        ("HE.ADJ.ACROSS_BLOCKING", "any_blocking_corner"),
        ("HE.TEAM.UNIQUE", "same_name"),
        ("HE.DMG.NO_DAMAGE", "glossary"),
        ("HE.OBJ.RANGED", "throw_rules_only"),
        ("HE.OBJ.RANGED_VALUES", "fixed_damage"),
        ("HE.BASIC.RANGED", "basics_complete"),
        ("HE.OBJ.CLOSE", "light_adds_to_damage_dealt"),
        ("HE.LOF.INDOOR_OUTDOOR", "both_directions"),
        ("HE.BASIC.MAP", "blocking_still_counts"),
    ],
)
def test_wording_only_readings_cite_both_places(rule, reading):
    """A reading that changes no formal answer still carries its own citations, distinct from the default's."""
    readings = load_spec().rules[rule].readings["heroclix/core"]
    assert reading in readings.options
    assert readings.default != reading
    other = readings.options[reading]
    assert other.cites
    assert {str(c) for c in other.cites} != {str(c) for c in readings.options[readings.default].cites}
