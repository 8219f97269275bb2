"""Table tests for moving monsters, breaking away, flight and swimming (06-movement.yaml)."""

from __future__ import annotations

import pytest

from tests.spec.support import decide_first_values as decide
from tests.spec.support import rule_ids as rules

R08 = "horrorclix/2008"
R1E = "horrorclix/1e"
BOTH = [R08, R1E]


# --- HX.BREAK.* -------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("die", "ok"), [(3, False), (4, True), (5, True)])
def test_break_away_threshold_HX_BREAK_FAIL_SUCCESS(ruleset, die, ok):
    """HX.BREAK.FAIL/SUCCESS: a d6 of 1-3 fails and 4-6 succeeds, in both editions."""
    r = decide(ruleset, "breakaway.succeeds", die=die)
    assert r.value is ok
    assert rules(r) == {"HX.BREAK.SUCCESS" if ok else "HX.BREAK.FAIL"}


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("adjacent", "moves", "needed"), [(0, True, False), (1, True, True), (2, True, True), (1, False, False)]
)
def test_break_away_required_HX_BREAK_WHEN(ruleset, adjacent, moves, needed):
    """HX.BREAK.WHEN: a roll is needed only next to an opposing monster and only for an action that moves."""
    r = decide(ruleset, "breakaway.required", adjacent_opposing=adjacent, action_moves=moves)
    assert r.value is needed


# --- HX.MOVE.* --------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("spaces", "ok"), [(0, True), (4, True), (5, True), (6, False)])
def test_monster_moves_up_to_speed_HX_MOVE_DIST(ruleset, spaces, ok):
    """HX.MOVE.DIST: a monster of speed 5 may move 0 to 5 spaces, not 6 (1e included)."""
    r = decide(ruleset, "move.distance_legal", mover="monster", speed=5, spaces=spaces)
    assert r.value is ok


@pytest.mark.parametrize("ruleset", BOTH)
def test_speed_is_printed_speed_HX_MOVE_DIST(ruleset):
    """HX.MOVE.DIST: without modifiers the allowance is the speed value."""
    r = decide(ruleset, "move.speed", speed=7)
    assert r.value == 7
    assert rules(r) == {"HX.MOVE.DIST"}


@pytest.mark.parametrize("ruleset", BOTH)
def test_foot_monster_stops_next_to_opponent_HX_MOVE_STOPADJ(ruleset):
    """HX.MOVE.STOPADJ: a foot monster entering a space next to an opposing monster stops."""
    r = decide(ruleset, "move.must_stop", mover="monster", speed_mode="foot", adjacent_opposing_new=True)
    assert r.value is True
    assert rules(r) == {"HX.MOVE.STOPADJ"}


@pytest.mark.parametrize("ruleset", BOTH)
def test_open_space_does_not_stop_HX_MOVE_DIST(ruleset):
    """HX.MOVE.DIST: a step into a plain empty space does not end the move."""
    r = decide(ruleset, "move.must_stop", mover="monster")
    assert r.value is False


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("new", "stop"), [(True, True), (False, False)])
def test_after_break_away_only_new_opponents_stop_HX_BREAK_NEWADJ(ruleset, new, stop):
    """HX.BREAK.NEWADJ: after breaking away, only an opponent not adjacent at the roll stops the monster."""
    r = decide(ruleset, "move.must_stop", mover="monster", broke_away=True, adjacent_opposing_new=new)
    assert r.value is stop


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("occupant", "ok"), [("friendly", True), ("opposing", False), ("none", True)])
def test_occupied_spaces_HX_MOVE_FRIENDPASS_BLOCKED(ruleset, occupant, ok):
    """HX.MOVE.FRIENDPASS/BLOCKED: friends can be passed through, opposing monsters cannot."""
    r = decide(ruleset, "move.can_enter", mover="monster", occupant=occupant)
    assert r.value is ok


@pytest.mark.parametrize("ruleset", BOTH)
def test_victim_space_ends_the_move_HX_MOVE_BLOCKED(ruleset):
    """HX.MOVE.BLOCKED: a monster may step onto a victim only to end there (no passing through)."""
    assert decide(ruleset, "move.can_enter", mover="monster", occupant="victim").value is True
    r = decide(ruleset, "move.must_stop", mover="monster", occupant="victim")
    assert r.value is True
    assert "HX.MOVE.BLOCKED" in rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("occupant", "ok"), [("friendly", False), ("opposing", False), ("victim", True), ("none", True)]
)
def test_cannot_end_on_a_monster_HX_MOVE_NOSHARE(ruleset, occupant, ok):
    """HX.MOVE.NOSHARE: a move never ends in another monster's space (a victim's space is a slaying)."""
    r = decide(ruleset, "move.can_end", mover="monster", occupant=occupant)
    assert r.value is ok


@pytest.mark.parametrize("ruleset", BOTH)
def test_moving_past_reveals_victim_HX_MOVE_FLIPVICTIM(ruleset):
    """HX.MOVE.FLIPVICTIM: a face-down victim next to a moving monster is turned face up."""
    r = decide(ruleset, "victim.turned_face_up", face_down=True, trigger="monster_moved_adjacent")
    assert r.value is True


# --- HX.FLY.* ---------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("changes", "speed"), [(0, 5), (1, 4), (2, 3)])
def test_elevation_change_modifier_HX_FLY_ELEVCHG(ruleset, changes, speed):
    """HX.FLY.ELEVCHG: each change of flight mode costs 1 speed."""
    r = decide(ruleset, "move.speed", speed=5, speed_mode="wing", ignores_hindering=True, mode_changes=changes)
    assert r.value == speed


@pytest.mark.parametrize("ruleset", BOTH)
def test_elevation_change_floor_HX_FLY_ELEVCHG(ruleset):
    """HX.FLY.ELEVCHG: the modifier cannot take speed below 0."""
    r = decide(ruleset, "move.speed", speed=1, speed_mode="wing", ignores_hindering=True, mode_changes=2)
    assert r.value == 0


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("flight", ["hovering", "soaring"])
def test_fliers_pass_opponents_HX_FLY_PASS(ruleset, flight):
    """HX.FLY.PASS: a flier enters an opposing monster's space and is not stopped next to one."""
    enter = decide(ruleset, "move.can_enter", mover="monster", speed_mode="wing", flight=flight, occupant="opposing")
    assert enter.value is True
    stop = decide(
        ruleset, "move.must_stop", mover="monster", speed_mode="wing", flight=flight, adjacent_opposing_new=True
    )
    assert stop.value is False


@pytest.mark.parametrize("ruleset", BOTH)
def test_flier_still_blocks_victims_HX_FLY_OCCUPY(ruleset):
    """HX.FLY.OCCUPY: a victim cannot move into a space a flier occupies."""
    r = decide(ruleset, "move.can_enter", mover="victim", occupant="friendly")
    assert r.value is False


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("flight", "stop"), [("none", True), ("hovering", False), ("soaring", False)])
def test_hindering_stops_only_grounded_movers_HX_FLY_HOVER_HIND(ruleset, flight, stop):
    """HX.FLY.HOVER.HIND / HX.FLY.SOAR.IGNORE: entering hindering terrain stops a foot monster, not a flier."""
    mode = "foot" if flight == "none" else "wing"
    r = decide(ruleset, "move.must_stop", mover="monster", speed_mode=mode, flight=flight, entered_hindering=True)
    assert r.value is stop


@pytest.mark.parametrize(("indoor", "ok"), [(False, True), (True, False)])
def test_hovering_over_blocking_outdoors_HX_FLY_HOVER_BLOCK(indoor, ok):
    """HX.FLY.HOVER.BLOCK: in 2008 hovering crosses outdoor blocking terrain only."""
    r = decide(
        R08, "move.can_enter", mover="monster", speed_mode="wing", flight="hovering", terrain="blocking", indoor=indoor
    )
    assert r.value is ok


@pytest.mark.parametrize("ruleset", BOTH)
def test_no_soaring_indoors_HX_FLY_HOVER_INDOOR(ruleset):
    """HX.FLY.HOVER.INDOOR: a soaring monster may not enter an indoor space."""
    r = decide(ruleset, "move.can_enter", mover="monster", speed_mode="wing", flight="soaring", indoor=True)
    assert r.value is False


@pytest.mark.parametrize("ruleset", BOTH)
def test_soaring_ignores_terrain_and_objects_HX_FLY_SOAR_IGNORE(ruleset):
    """HX.FLY.SOAR.IGNORE: soaring crosses blocking terrain and walls and may end on an object."""
    common = {"mover": "monster", "speed_mode": "wing", "flight": "soaring"}
    assert decide(ruleset, "move.can_enter", terrain="blocking", **common).value is True
    assert decide(ruleset, "move.can_enter", wall_between=True, **common).value is True
    end = decide(ruleset, "move.can_end", mover="monster", flight="soaring", object="tombstone")
    assert end.value is True


@pytest.mark.parametrize(("flight", "grounded"), [("none", True), ("hovering", True), ("soaring", False)])
def test_grounded_2008_HX_FLY_GROUNDED(flight, grounded):
    """HX.FLY.GROUNDED: in 2008 every monster that is not soaring is grounded."""
    assert decide(R08, "flight.grounded", flight=flight).value is grounded


@pytest.mark.parametrize(
    ("reading", "flight", "grounded"),
    [
        (None, "hovering", True),
        (None, "soaring", False),
        ("literal", "hovering", False),
        ("literal", "soaring", True),
        ("not_flying", "hovering", False),
        ("not_flying", "none", True),
    ],
)
def test_grounded_1e_readings_HX_FLY_GROUNDED(reading, flight, grounded):
    """HX.FLY.GROUNDED (1e): default reads 'not soaring'; the literal and not_flying readings differ."""
    readings = {"HX.FLY.GROUNDED": reading} if reading else None
    assert decide(R1E, "flight.grounded", readings=readings, flight=flight).value is grounded


# --- HX.SWIM ----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("mode", "stop"), [("foot", True), ("water", False)])
def test_swimmers_are_not_stopped_by_water_HX_SWIM(ruleset, mode, stop):
    """HX.SWIM: entering water stops a foot monster but not a swimmer."""
    r = decide(ruleset, "move.must_stop", mover="monster", speed_mode=mode, entered_water=True)
    assert r.value is stop


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("mode", "speed"), [("foot", 3), ("water", 6)])
def test_swimmers_keep_full_speed_in_water_HX_SWIM(ruleset, mode, speed):
    """HX.SWIM: starting in water halves a foot monster's speed 6 to 3 but not a swimmer's."""
    r = decide(ruleset, "move.speed", mover="monster", speed=6, speed_mode=mode, starts_in_water=True)
    assert r.value == speed
