"""Table tests for HeroClix terrain, maps and multi-base characters (10-terrain.yaml, 11-maps-multibase.yaml)."""

from __future__ import annotations

import pytest

from tests.spec.support import heroclix_decide as decide
from tests.spec.support import rule_ids as rules

HC = "heroclix/core"


# --- HE.TERR.COLOURS / HE.TERR.ZONE_LINES -------------------------------------------


@pytest.mark.parametrize(
    ("colour", "kind"),
    [
        ("red", "elevated"),
        ("green", "hindering"),
        ("blue", "water"),
        ("brown", "blocking"),
        ("black", "wall"),
        ("purple", "clear"),
        ("yellow", "clear"),
        ("orange", "clear"),
    ],
)
def test_line_colours_HE_TERR_COLOURS(colour, kind):
    """HE.TERR.COLOURS / HE.TERR.ZONE_LINES: each line colour marks its terrain type; zone lines are clear."""
    r = decide("terrain.line_type", colour=colour)
    assert r.status == "decided"
    assert r.value == kind


def test_zone_marked_otherwise_is_left_to_the_map_HE_TERR_ZONE_LINES():
    """HE.TERR.ZONE_LINES: a zone the map marks as another type is not decided by the booklet."""
    assert decide("terrain.line_type", colour="orange", marked_otherwise=True).status == "undecided"
    assert decide("terrain.is_clear", boundary="orange", marked_otherwise=True).value is False


@pytest.mark.parametrize(
    ("boundary", "marker", "clear"),
    [
        ("none", False, True),
        ("none", True, False),
        ("purple", False, True),
        ("green", False, False),
        ("red", False, False),
    ],
)
def test_clear_square_HE_TERR_DEFAULT_CLEAR(boundary, marker, clear):
    """HE.TERR.DEFAULT_CLEAR / HE.CLEAR.DEF: no coloured line and no marker means clear terrain."""
    r = decide("terrain.is_clear", boundary=boundary, marker=marker)
    assert r.status == "decided"
    assert r.value is clear


# --- square classes: hindering, water, blocking, debris, stairs ----------------------


@pytest.mark.parametrize(
    ("facts", "move", "lof"),
    [
        ({}, "clear", "clear"),
        ({"green": True}, "hindering", "hindering"),
        ({"blue": True}, "hindering", "clear"),
        ({"brown": True}, "blocking", "blocking"),
        ({"green": True, "brown": True}, "blocking", "blocking"),
        ({"green": True, "blue": True}, "hindering", "hindering"),
        ({"brown": True, "debris": True}, "hindering", "hindering"),
        ({"blue": True, "debris": True}, "hindering", "hindering"),
        ({"debris": True}, "hindering", "hindering"),
        ({"stairs": True}, "clear", "clear"),
        ({"stairs": True, "green": True}, "clear", "clear"),
    ],
)
def test_square_class_HE_HIND_DEF_HE_WATER_HE_DEBRIS_NATURE(facts, move, lof):
    """HE.HIND.DEF, HE.WATER, HE.BLOCK.DEF, HE.TERR.MULTI_TYPE, HE.DEBRIS.NATURE, HE.ELEV.STAIRS_CLEAR: square classes."""
    assert decide("terrain.square_class", purpose="move", **facts).value == move
    assert decide("terrain.square_class", purpose="lof", **facts).value == lof


def test_water_is_clear_for_lof_HE_WATER():
    """HE.WATER: water hinders movement but counts as clear for line of fire."""
    r = decide("terrain.square_class", purpose="lof", blue=True)
    assert r.value == "clear"
    assert rules(r) == {"HE.WATER"}


def test_debris_replaces_blocking_HE_DEBRIS_NATURE():
    """HE.DEBRIS.NATURE: debris on a blocking square makes it hindering instead of blocking."""
    r = decide("terrain.square_class", purpose="move", brown=True, debris=True)
    assert r.value == "hindering"
    assert rules(r) == {"HE.DEBRIS.NATURE"}


# --- HE.TERR.RESTRICTIVENESS, HE.HIND.COUNTS_AS_CLEAR ------------------------------


@pytest.mark.parametrize(
    ("hindering", "blocking", "kind"),
    [(False, False, "clear"), (True, False, "hindered"), (False, True, "blocked"), (True, True, "blocked")],
)
def test_most_restrictive_wins_HE_TERR_RESTRICTIVENESS(hindering, blocking, kind):
    """HE.TERR.RESTRICTIVENESS: clear < hindered < blocked; one hindering plus one blocking square is blocked."""
    r = decide("terrain.path_class", hindering_crossed=hindering, blocking_crossed=blocking)
    assert r.status == "decided"
    assert r.value == kind
    assert "HE.TERR.RESTRICTIVENESS" in rules(r)


@pytest.mark.parametrize(("path", "ok"), [("clear", True), ("hindered", True), ("blocked", False)])
def test_hindered_counts_as_clear_HE_HIND_COUNTS_AS_CLEAR(path, ok):
    """HE.HIND.COUNTS_AS_CLEAR: a hindered line counts as clear for effects needing a clear line."""
    assert decide("lof.counts_clear", path=path).value is ok


# --- movement: HE.HIND.MOVE_STOP, HE.HIND.MOVE_HALF, HE.BLOCK.MOVE, HE.WALL.DEF ----


@pytest.mark.parametrize(
    ("facts", "stop"),
    [
        ({"entered_hindering": True}, True),
        ({"entered_water": True}, True),
        ({"entered_hindering": True, "from_hindering": True}, False),
        ({"entered_water": True, "from_hindering": True}, False),
        ({"entered_hindering": True, "ignores_hindering": True}, False),
        ({}, False),
    ],
)
def test_entering_hindering_stops_HE_HIND_MOVE_STOP(facts, stop):
    """HE.HIND.MOVE_STOP: a step from non-hindering into hindering terrain or water ends the move."""
    r = decide("move.must_stop", **facts)
    assert r.status == "decided"
    assert r.value is stop


@pytest.mark.parametrize("reading", ["hindering", "hinders_movement"])
def test_missing_word_readings_agree_HE_HIND_MOVE_STOP(reading):
    """HE.HIND.MOVE_STOP: both restorations of the word lost at L1193-1194 stop the mover."""
    r = decide("move.must_stop", readings={"HE.HIND.MOVE_STOP": reading}, entered_hindering=True)
    assert r.value is True
    assert [s.reading for s in r.trace if s.rule == "HE.HIND.MOVE_STOP"] == [reading]


def test_adjacent_opponent_still_stops_from_hindering_HE_HIND_MOVE_STOP():
    """HE.HIND.MOVE_STOP does not contradict HE.MOVE.STOP_ADJ when the step starts in hindering terrain."""
    r = decide("move.must_stop", entered_hindering=True, from_hindering=True, adjacent_opposing_new=True)
    assert r.value is True
    assert rules(r) == {"HE.MOVE.STOP_ADJ"}


@pytest.mark.parametrize(("speed", "half"), [(7, 4), (8, 4), (9, 5), (0, 0), (1, 1)])
def test_hindering_start_halves_speed_HE_HIND_MOVE_HALF(speed, half):
    """HE.HIND.MOVE_HALF: starting in hindering terrain halves speed (an exact half rounds up)."""
    r = decide("move.speed", speed=speed, starts_in_hindering=True)
    assert r.value == half
    assert rules(r) == {"HE.HIND.MOVE_HALF"}


def test_water_start_halves_speed_HE_HIND_MOVE_HALF():
    """HE.HIND.MOVE_HALF with HE.WATER: starting in water halves speed too."""
    assert decide("move.speed", speed=8, starts_in_water=True).value == 4


def test_clear_start_keeps_speed_HE_HIND_MOVE_HALF():
    """HE.HIND.MOVE_HALF does not apply outside hindering terrain; HE.MOVE.SPEED gives the speed."""
    r = decide("move.speed", speed=8)
    assert r.value == 8
    assert rules(r) == {"HE.MOVE.SPEED"}


def test_ignoring_hindering_keeps_speed_HE_HIND_MOVE_HALF():
    """HE.HIND.MOVE_HALF: an effect that ignores hindering terrain avoids the halving."""
    assert decide("move.speed", speed=8, starts_in_hindering=True, ignores_hindering=True).value == 8


@pytest.mark.parametrize(
    ("facts", "rule"),
    [
        ({"terrain": "blocking"}, "HE.BLOCK.MOVE"),
        ({"wall_between": True}, "HE.WALL.DEF"),
        ({"blocking_diagonal": True}, "HE.POINT.MOVE"),
        ({"level_change": "without_stairs"}, "HE.ELEV.ACCESS"),
    ],
)
def test_barred_steps(facts, rule):
    """HE.BLOCK.MOVE, HE.WALL.DEF, HE.POINT.MOVE, HE.ELEV.ACCESS: steps that may not be taken."""
    r = decide("move.can_enter", **facts)
    assert r.value is False
    assert rule in rules(r)


def test_other_means_allow_level_change_HE_ELEV_ACCESS():
    """HE.ELEV.ACCESS: Leap/Climb, Flight or an effect ignoring elevated terrain lifts the stairs requirement."""
    assert decide("move.can_enter", level_change="without_stairs", ignores_elevated=True).status == "undecided"


def test_no_ending_in_blocking_HE_BLOCK_MOVE():
    """HE.BLOCK.MOVE: no move ends in blocking terrain."""
    assert decide("move.can_end", terrain="blocking").value is False


# --- corner points -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "point"),
    [
        ("clear", "blocking", "clear"),
        ("hindering", "blocking", "hindering"),
        ("blocking", "blocking", "blocking"),
        ("hindering", "hindering", "hindering"),
        ("clear", "clear", "clear"),
    ],
)
@pytest.mark.parametrize("purpose", ["move", "lof"])
def test_corner_point_least_restrictive_HE_POINT(a, b, point, purpose):
    """HE.POINT.MOVE / HE.POINT.LOF: a corner point counts as the less restrictive side square."""
    r = decide("terrain.corner_point", purpose=purpose, side_a=a, side_b=b)
    assert r.value == point
    assert rules(r) == {"HE.POINT.MOVE" if purpose == "move" else "HE.POINT.LOF"}


def test_hindering_corner_stops_by_default_HE_POINT_MOVE():
    """HE.POINT.MOVE: by default a hindering point entered from non-hindering terrain stops the mover."""
    assert decide("move.must_stop", through_hindering_corner=True).value is True


def test_hindering_corner_classing_only_reading_HE_POINT_MOVE():
    """HE.POINT.MOVE, reading classing_only: a hindering point does not by itself stop the mover."""
    r = decide("move.must_stop", readings={"HE.POINT.MOVE": "classing_only"}, through_hindering_corner=True)
    assert r.value is False


def test_blocking_corner_blocks_lof_HE_POINT_LOF():
    """HE.POINT.LOF: a line through a corner point that counts as blocking is blocked."""
    r = decide("lof.blocked", corner_point="blocking")
    assert r.value is True
    assert "HE.POINT.LOF" in rules(r)


# --- line of fire and the hindering modifier --------------------------------------------


def test_blocking_terrain_blocks_lof_HE_BLOCK_LOF():
    """HE.BLOCK.LOF: a line crossing blocking terrain is blocked."""
    assert decide("lof.blocked", crosses_blocking=True).value is True


def test_ground_blocking_between_elevated_HE_BLOCK_LOF():
    """HE.BLOCK.LOF: blocking terrain on the ground does not block a line between two elevated characters."""
    r = decide("lof.blocked", crosses_blocking=True, both_elevated=True, blocking_all_ground=True)
    assert r.value is False
    assert rules(r) == {"HE.BLOCK.LOF"}


def test_elevated_blocking_between_elevated_HE_BLOCK_LOF():
    """HE.BLOCK.LOF: blocking terrain on elevated terrain still blocks a line between elevated characters."""
    assert decide("lof.blocked", crosses_blocking=True, both_elevated=True).value is True


@pytest.mark.parametrize(
    ("facts", "blocked"),
    [
        ({}, False),
        ({"crosses_occupied": True}, False),
        ({"crosses_blocking": True, "blocking_all_ground": True}, True),
        ({"crosses_elevated": True}, True),
        ({"crosses_large": True}, True),
    ],
)
def test_lof_between_levels_HE_ELEV_LOF_CROSS(facts, blocked):
    """HE.ELEV.LOF_CROSS: between levels only ground blocking, other elevated terrain and giant/colossal characters block."""
    r = decide("lof.blocked", levels_differ=True, **facts)
    assert r.status == "decided"
    assert r.value is blocked
    assert "HE.ELEV.LOF_CROSS" in rules(r)


def test_garbled_symbols_reading_HE_ELEV_LOF_CROSS():
    """HE.ELEV.LOF_CROSS, reading symbols_lost: no character blocks a line between levels."""
    r = decide("lof.blocked", readings={"HE.ELEV.LOF_CROSS": "symbols_lost"}, levels_differ=True, crosses_large=True)
    assert r.value is False


@pytest.mark.parametrize(("both_elevated", "blocked"), [(False, True), (True, None)])
def test_elevated_terrain_between_same_level_HE_ELEV_LOF_GROUND(both_elevated, blocked):
    """HE.ELEV.LOF_GROUND: elevated terrain blocks a ground-to-ground line; HE.ELEV.LOF_HIGH lifts it for elevated pairs."""
    r = decide("lof.blocked", crosses_elevated=True, both_elevated=both_elevated)
    if blocked is None:
        assert r.value is False
        assert rules(r) == {"HE.LOF.DRAW"}
    else:
        assert r.value is blocked
        assert rules(r) == {"HE.ELEV.LOF_GROUND"}


@pytest.mark.parametrize(
    ("facts", "bonus"),
    [
        ({}, False),
        ({"crosses_hindering_square": True}, True),
        ({"crosses_hindering_square": True, "only_attacker_square": True}, False),
        ({"crosses_hindering_square": True, "target_in_hindering": True}, True),
        ({"hindering_diagonal": True}, True),
    ],
)
def test_hindering_modifier_HE_HIND_LOF_PLUS1(facts, bonus):
    """HE.HIND.LOF_PLUS1: +1 defense when the line crosses hindering terrain other than the attacker's square alone."""
    r = decide("defense.hindering_bonus", attack="ranged", **facts)
    assert r.value is bonus
    assert rules(r) == {"HE.HIND.LOF_PLUS1"}


def test_close_combat_ignores_hindering_HE_HIND_DEF():
    """HE.HIND.DEF: close combat attacks are not affected by hindering terrain."""
    r = decide("defense.hindering_bonus", attack="close", crosses_hindering_square=True, target_in_hindering=True)
    assert r.value is False
    assert rules(r) == {"HE.HIND.DEF"}


@pytest.mark.parametrize(("target_in", "bonus"), [(True, True), (False, False)])
def test_between_levels_only_target_square_counts_HE_ELEV_LOF_CROSS_IGNORE(target_in, bonus):
    """HE.ELEV.LOF_CROSS_IGNORE: between levels only the target's hindering square gives +1."""
    r = decide(
        "defense.hindering_bonus",
        attack="ranged",
        levels_differ=True,
        crosses_hindering_square=True,
        target_in_hindering=target_in,
    )
    assert r.value is bonus


# --- destroying terrain and debris -------------------------------------------------------


@pytest.mark.parametrize(("damage", "destroyed"), [(2, False), (3, True), (4, True)])
@pytest.mark.parametrize("target", ["blocking_square", "wall_segment"])
def test_three_damage_destroys_HE_DESTROY_BLOCK(target, damage, destroyed):
    """HE.DESTROY.BLOCK: 3 damage in one attack destroys a blocking square or wall (N-1, N, N+1 around 3)."""
    r = decide("terrain.destroyed", target=target, damage=damage)
    assert r.value is destroyed
    assert rules(r) == {"HE.DESTROY.BLOCK"}


def test_elevated_terrain_is_indestructible_HE_ELEV_DEF():
    """HE.ELEV.DEF: elevated terrain itself cannot be destroyed, whatever the damage."""
    assert decide("terrain.destroyed", target="elevated_square", damage=12).value is False


@pytest.mark.parametrize(("reading", "destroyed"), [("automatic", True), ("critical_miss_misses", False)])
def test_critical_miss_against_terrain_HE_DESTROY_BLOCK(reading, destroyed):
    """HE.DESTROY.BLOCK readings: a double 1 cannot spoil the automatic success by default."""
    r = decide(
        "terrain.destroyed",
        readings={"HE.DESTROY.BLOCK": reading},
        target="blocking_square",
        damage=3,
        critical_miss=True,
    )
    assert r.value is destroyed


@pytest.mark.parametrize(
    ("facts", "ok", "rule"),
    [
        ({"target": "blocking_square", "attack": "close", "adjacent": True}, True, "HE.DESTROY.BLOCK_CLOSE"),
        ({"target": "blocking_square", "attack": "close"}, False, "HE.DESTROY.BLOCK_CLOSE"),
        (
            {"target": "blocking_square", "attack": "ranged", "lof_to_centre": True, "in_range": True},
            True,
            "HE.DESTROY.BLOCK_RANGED",
        ),
        ({"target": "blocking_square", "attack": "ranged", "lof_to_centre": True}, False, "HE.DESTROY.BLOCK_RANGED"),
        ({"target": "wall_segment", "attack": "close", "on_own_edge": True}, True, "HE.DESTROY.WALL_CLOSE"),
        ({"target": "wall_segment", "attack": "close", "adjacent": True}, False, "HE.DESTROY.WALL_CLOSE"),
        (
            {"target": "wall_segment", "attack": "ranged", "lof_beyond_wall": True, "in_range": True},
            True,
            "HE.DESTROY.WALL_RANGED",
        ),
        (
            {"target": "wall_segment", "attack": "ranged", "lof_to_centre": True, "in_range": True},
            False,
            "HE.DESTROY.WALL_RANGED",
        ),
        (
            {"target": "blocking_square", "attack": "close", "adjacent": True, "also_targets_character": True},
            False,
            "HE.TERR.NO_MIXED_TARGETS",
        ),
    ],
)
def test_attacking_terrain_HE_DESTROY(facts, ok, rule):
    """HE.DESTROY.*, HE.TERR.NO_MIXED_TARGETS: which attacks may target blocking squares and walls."""
    r = decide("terrain.attack_allowed", **facts)
    assert r.value is ok
    assert rules(r) == {rule}


@pytest.mark.parametrize(
    ("cause", "square_clear", "placed"),
    [("blocking_destroyed", False, True), ("wall_destroyed", True, True), ("wall_destroyed", False, False)],
)
def test_debris_placement_HE_DEBRIS_PLACE_HE_DESTROY_WALL_DEBRIS(cause, square_clear, placed):
    """HE.DEBRIS.PLACE / HE.DESTROY.WALL_DEBRIS: debris in a destroyed square, or in the clear squares beside a wall."""
    assert decide("debris.placed", cause=cause, square_clear=square_clear).value is placed


# --- elevation and adjacency ---------------------------------------------------------------


@pytest.mark.parametrize(("elevated", "level"), [(False, 1), (True, 2)])
def test_elevation_level_HE_ELEV_STATUS(elevated, level):
    """HE.ELEV.DEF / HE.ELEV.STATUS: elevated terrain is one level above the ground."""
    assert decide("elevation.level", elevated=elevated).value == level


def test_different_levels_never_adjacent_HE_ELEV_NOT_ADJ():
    """HE.ELEV.NOT_ADJ: an elevated and a ground character are not adjacent (Figure 13)."""
    r = decide("adjacent.is", distance=1, same_level=False)
    assert r.value is False
    assert rules(r) == {"HE.ELEV.NOT_ADJ"}


@pytest.mark.parametrize(("reading", "adjacent"), [("never", False), ("stairs_excepted", True)])
def test_stair_pair_readings_HE_ELEV_NOT_ADJ(reading, adjacent):
    """HE.ELEV.NOT_ADJ readings: consecutive stair squares across the line hold adjacent characters only in the alternative."""
    r = decide("adjacent.is", readings={"HE.ELEV.NOT_ADJ": reading}, distance=1, same_level=False, stair_pair=True)
    assert r.value is adjacent


def test_wall_separates_HE_WALL_DEF():
    """HE.WALL.DEF: characters on the two sides of a wall are not adjacent."""
    r = decide("adjacent.is", distance=1, same_level=True, wall_between=True)
    assert r.value is False
    assert "HE.WALL.DEF" in rules(r)


# --- maps -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "yellow", "rules_used"),
    [
        ("outdoor", False, "outdoor"),
        ("indoor", False, "indoor"),
        ("indoor_outdoor", False, "outdoor"),
        ("indoor_outdoor", True, "indoor"),
    ],
)
def test_map_space_rules_HE_MAP(kind, yellow, rules_used):
    """HE.MAP.OUTDOOR / INDOOR / MIXED: which rules govern a square."""
    assert decide("map.space_rules", map_kind=kind, inside_yellow=yellow).value == rules_used


@pytest.mark.parametrize("levels_differ", [False, True])
def test_outdoor_over_indoor_blocked_HE_LOF_INDOOR_OUTDOOR(levels_differ):
    """HE.LOF.INDOOR_OUTDOOR: an outdoor character cannot draw a line over an indoor part, whatever its elevation."""
    r = decide("lof.blocked", outdoor_over_indoor=True, levels_differ=levels_differ)
    assert r.value is True
    assert "HE.LOF.INDOOR_OUTDOOR" in rules(r)


# --- multi-base characters ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("crossed", "default", "alternative"),
    [("none", False, False), ("attacker", False, False), ("target", True, False), ("other", True, True)],
)
def test_multibase_blocks_lof_HE_LOF_MULTIBASE_BLOCK(crossed, default, alternative):
    """HE.LOF.MULTIBASE_BLOCK: multi-base squares block lines, except from the character's own other squares."""
    assert decide("lof.blocked", multibase_crossed=crossed).value is default
    alt = decide(
        "lof.blocked", readings={"HE.LOF.MULTIBASE_BLOCK": "own_squares_never_block"}, multibase_crossed=crossed
    )
    assert alt.value is alternative


def test_multibase_between_levels_HE_LOF_MULTIBASE_BLOCK():
    """HE.LOF.MULTIBASE_BLOCK applies at the same elevation only; between levels HE.ELEV.LOF_CROSS decides."""
    r = decide("lof.blocked", multibase_crossed="other", levels_differ=True)
    assert r.value is False
    assert rules(r) == {"HE.ELEV.LOF_CROSS"}


def test_multibase_separates_HE_ADJ_MULTIBASE():
    """HE.ADJ.MULTIBASE: characters on opposite sides of a multi-base character are not adjacent."""
    r = decide("adjacent.is", distance=1, same_level=True, across_multibase=True)
    assert r.value is False
    assert rules(r) == {"HE.ADJ.MULTIBASE"}


@pytest.mark.parametrize(
    ("facts", "legal"),
    [
        ({"squares_legal": True, "same_elevation": True}, True),
        ({"squares_legal": False, "same_elevation": True}, False),
        ({"squares_legal": True, "same_elevation": False}, False),
        ({"squares_legal": True, "same_elevation": True, "wall_under_base": True}, False),
        ({"squares_legal": True, "same_elevation": True, "blocking_point_under_base": True}, False),
        ({"squares_legal": True, "same_elevation": True, "elevated_point_under_base": True, "on_ground": True}, False),
        ({"squares_legal": True, "same_elevation": True, "elevated_point_under_base": True}, True),
    ],
)
def test_multibase_end_position_HE_MB_MOVE_END(facts, legal):
    """HE.MB.MOVE_END: legal squares at one elevation, no wall or blocking point (nor elevated point on the ground) under the base."""
    assert decide("doublebase.move_legal", **facts).value is legal


def test_multibase_hindering_start_HE_MB_HINDER_START():
    """HE.MB.HINDER_START: one hindering square under the base halves the speed."""
    r = decide("move.speed", speed=9, multibase_any_hindering=True, starts_in_hindering=True)
    assert r.value == 5
    assert rules(r) == {"HE.MB.HINDER_START", "HE.HIND.MOVE_HALF"}


@pytest.mark.parametrize(
    ("effect", "own", "carrier", "default", "alternative"),
    [
        ("knockback", True, True, False, False),
        ("telekinesis", True, True, False, False),
        ("carry", True, False, True, False),
        ("carry", False, True, False, True),
    ],
)
def test_multibase_forced_moves_HE_MB_NO_KB_TK(effect, own, carrier, default, alternative):
    """HE.MB.NO_KB_TK: no knockback or Telekinesis; carrying depends on whose combat symbols (readings)."""
    facts = {"effect": effect, "own_symbols_allow": own, "carrier_symbols_allow": carrier}
    assert decide("multibase.moved_by", **facts).value is default
    alt = decide("multibase.moved_by", readings={"HE.MB.NO_KB_TK": "carrier_symbols"}, **facts)
    assert alt.value is alternative


def test_multibase_not_knocked_back_HE_MB_NO_KB_TK():
    """HE.MB.NO_KB_TK agrees with HE.KB.IGNORE: a multi-base target is not knocked back even on doubles."""
    r = decide("knockback.occurs", die1=4, die2=4, hit=True, target_multibase=True)
    assert r.value is False
    assert "HE.MB.NO_KB_TK" in rules(r)
