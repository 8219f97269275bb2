"""Table tests for giant and double-base monsters (14-giants-doublebase.yaml; 2008 only)."""

from __future__ import annotations

import pytest

from adjudicator.core.spec import load_spec
from tests.spec.support import decide_first_values as decide
from tests.spec.support import rule_ids as rules

R08 = "horrorclix/2008"
R1E = "horrorclix/1e"

SPEC = load_spec()


# --- definitions -------------------------------------------------------------------


def test_giant_and_standard_HX_GIANT_DEF_STDDEF():
    """HX.GIANT.DEF / HX.GIANT.STDDEF: the giant symbol makes a giant; one space and no symbol a standard monster."""
    assert decide(R08, "giant.size_class", giant_symbol=True, spaces=1).value == "giant"
    assert decide(R08, "giant.size_class", giant_symbol=False, spaces=1).value == "standard"
    assert decide(R08, "giant.size_class", giant_symbol=False, spaces=2).status == "undecided"
    assert decide(R1E, "giant.size_class", giant_symbol=True, spaces=1).status == "undecided"


# --- close-combat reach --------------------------------------------------------------


@pytest.mark.parametrize(("distance", "adjacent"), [(1, True), (2, True), (3, False)])
@pytest.mark.parametrize("flight", ["none", "hovering", "soaring"])
def test_giant_reach_two_HX_GIANT_REACH(distance, adjacent, flight):
    """HX.GIANT.REACH: a giant reaches 1 and 2 spaces but not 3, whatever the other's flight mode."""
    r = decide(R08, "giant.close_reach", attacker_giant=True, distance=distance, other_flight=flight)
    assert r.value is adjacent
    assert rules(r) == {"HX.GIANT.REACH"}


def test_giant_reach_cut_by_walls_HX_GIANT_REACH_LINE():
    """HX.GIANT.REACH.LINE: a centre line crossing a wall or blocking terrain cancels the reach."""
    r = decide(R08, "giant.close_reach", attacker_giant=True, distance=2, line_blocked=True)
    assert r.value is False
    assert rules(r) == {"HX.GIANT.REACH.LINE"}


@pytest.mark.parametrize(("distance", "adjacent"), [(1, True), (2, False), (3, False)])
def test_standard_attacker_needs_one_space_HX_GIANT_STDREACH(distance, adjacent):
    """HX.GIANT.STDREACH: a one-space, non-giant attacker reaches a giant only from a neighbouring space."""
    r = decide(R08, "giant.close_reach", attacker_giant=False, target_giant=True, distance=distance)
    assert r.value is adjacent
    assert rules(r) == {"HX.GIANT.STDREACH"}


def test_reach_not_adjacency_for_ranged_HX_GIANT_RNGADJ():
    """HX.GIANT.RNGADJ: two spaces away is not adjacent in the general (ranged) sense."""
    r = decide(R08, "adjacent.is", distance=2, same_level=True)
    assert r.value is False
    assert "HX.GIANT.RNGADJ" in rules(r)


# --- movement ----------------------------------------------------------------------


def test_giant_crosses_outdoor_blocking_HX_GIANT_MOVE():
    """HX.GIANT.MOVE: a giant may enter outdoor blocking terrain, but not indoor blocking terrain."""
    r = decide(R08, "move.can_enter", giant=True, terrain="blocking", indoor=False)
    assert r.value is True
    assert "HX.GIANT.MOVE" in rules(r)
    assert decide(R08, "move.can_enter", giant=True, terrain="blocking", indoor=True).value is False
    assert decide(R08, "move.can_enter", giant=False, terrain="blocking", indoor=False).value is False


def test_giant_passes_standard_monsters_HX_GIANT_MOVE():
    """HX.GIANT.MOVE: a giant may enter an opposing standard monster's space, not another giant's."""
    r = decide(R08, "move.can_enter", giant=True, occupant="opposing")
    assert r.value is True
    assert "HX.GIANT.MOVE" in rules(r)
    assert decide(R08, "move.can_enter", giant=True, occupant="opposing", occupant_giant=True).value is False
    assert decide(R08, "move.can_enter", giant=False, occupant="opposing").value is False


def test_giant_rules_absent_in_1e_HX_GIANT_MOVE():
    """HX.GIANT.MOVE: the first edition has no giants, so its blocking rule still bars the step."""
    assert decide(R1E, "move.can_enter", giant=True, terrain="blocking", indoor=False).value is False


@pytest.mark.parametrize("entered", ["entered_hindering", "through_hindering_corner", "entered_water"])
def test_giant_not_stopped_by_hindering_HX_GIANT_MOVE(entered):
    """HX.GIANT.MOVE: hindering (and water) boundaries do not stop a giant, but do stop others."""
    r = decide(R08, "move.must_stop", giant=True, **{entered: True})
    assert r.value is False
    assert "HX.GIANT.MOVE" in rules(r)
    assert decide(R08, "move.must_stop", giant=False, **{entered: True}).value is True


def test_giant_stops_beside_opposing_HX_GIANT_MOVE_STOPADJ():
    """HX.GIANT.MOVE.STOPADJ: by default a giant stops beside a new opposing monster; 'ignores' lets it pass standard ones."""
    facts = {"giant": True, "adjacent_opposing_new": True, "new_adjacent_all_standard": True}
    assert decide(R08, "move.must_stop", **facts).value is True
    alt = {"HX.GIANT.MOVE.STOPADJ": "ignores"}
    assert decide(R08, "move.must_stop", alt, **facts).value is False
    facts["new_adjacent_all_standard"] = False
    assert decide(R08, "move.must_stop", alt, **facts).value is True


def test_giant_end_space_HX_GIANT_MOVE_END_ENDBLOCK():
    """HX.GIANT.MOVE.END / ENDBLOCK: no ending in an occupied space; blocking terrain only under 'may_end'."""
    assert decide(R08, "move.can_end", giant=True, occupant="opposing").value is False
    assert decide(R08, "move.can_end", giant=True, terrain="blocking").value is False
    alt = {"HX.GIANT.MOVE.ENDBLOCK": "may_end"}
    assert decide(R08, "move.can_end", alt, giant=True, terrain="blocking").value is True


# --- line of fire ------------------------------------------------------------------------


def test_standard_monsters_do_not_block_giant_lof_HX_GIANT_LOF_STD():
    """HX.GIANT.LOF.STD: standard monsters in the way do not block a line to or from a giant."""
    facts = {"crosses_occupied": True, "end_giant": True, "occupant_blockers_standard_only": True}
    r = decide(R08, "lof.blocked", **facts)
    assert r.value is False
    assert "HX.GIANT.LOF.STD" in rules(r)
    assert decide(R08, "lof.blocked", **{**facts, "end_giant": False}).value is True
    assert decide(R08, "lof.blocked", **{**facts, "occupant_blockers_standard_only": False}).value is True
    assert decide(R08, "lof.blocked", **{**facts, "crosses_blocking": True}).value is True


def test_giant_treated_as_soaring_HX_GIANT_SOAR():
    """HX.GIANT.SOAR: against a soaring monster a giant counts as soaring."""
    assert decide(R08, "giant.treated_as_soaring", other_soaring=True).value is True
    assert decide(R08, "giant.treated_as_soaring", other_soaring=False).value is False


def test_carry_HX_GIANT_CARRY():
    """HX.GIANT.CARRY: after moving, carry a friendly standard neighbour; the giant becomes vulnerable."""
    ok = {"ended_move": True, "friendly_standard_adjacent": True, "free_adjacent_space": True}
    assert decide(R08, "giant.carry_allowed", **ok).value is True
    assert decide(R08, "giant.carry_allowed", **{**ok, "free_adjacent_space": False}).value is False
    assert decide(R08, "giant.carry_tokens", carried=True, tokens_before=1).value == 2
    assert decide(R08, "giant.carry_tokens", carried=False, tokens_before=1).value == 1


# --- double-base monsters ------------------------------------------------------------------


@pytest.mark.parametrize(("diagonal", "count"), [(False, 10), (True, 12)])
def test_doublebase_adjacent_count_HX_DB_ADJ(diagonal, count):
    """HX.DB.ADJ.ORTHO / HX.DB.ADJ.DIAG (W30): 10 adjacent spaces straight, 12 on a diagonal."""
    assert decide(R08, "doublebase.adjacent_count", diagonal=diagonal).value == count


def test_doublebase_diagonal_blocks_HX_DB_DIAG():
    """HX.DB.DIAG.LOF / HX.DB.DIAG.SPLIT: a diagonal double base blocks lines across it and splits adjacency."""
    r = decide(R08, "lof.blocked", crosses_doublebase_diagonal=True)
    assert r.value is True
    assert "HX.DB.DIAG.LOF" in rules(r)
    r = decide(R08, "adjacent.is", distance=1, same_level=True, across_doublebase_diagonal=True)
    assert r.value is False
    assert rules(r) == {"HX.DB.DIAG.SPLIT"}


@pytest.mark.parametrize(("far", "ok"), [(4, True), (5, True), (6, False)])
def test_doublebase_within_speed_HX_DB_MOVE_END(far, ok):
    """HX.DB.MOVE.END: with speed 5, the far end may be counted 4 or 5 spaces but not 6."""
    assert decide(R08, "doublebase.move_legal", speed=5, far_end_count=far).value is ok


def test_doublebase_wall_between_dots_HX_DB_MOVE_WALL():
    """HX.DB.MOVE.WALL: no ending with a wall between the centre dots."""
    r = decide(R08, "doublebase.move_legal", speed=5, far_end_count=3, wall_between_dots=True)
    assert r.value is False
    assert rules(r) == {"HX.DB.MOVE.WALL"}


def test_doublebase_double_slaying_HX_DB_SLAY2():
    """HX.DB.SLAY2 / HX.DB.SLAY2.PT: two victims under the ends after a move; one plot twist each; active player orders."""
    assert decide(R08, "doublebase.slay_count", move_action=True, ends_on_victims=2).value == 2
    assert decide(R08, "doublebase.slay_count", move_action=False, ends_on_victims=2).value == 0
    assert decide(R08, "doublebase.slay_plot_twists", victims_attempted=2).value == 2
    assert decide(R08, "doublebase.slay_order_chooser", plot_twists_played=2).value == "active_player"
    assert decide(R1E, "doublebase.slay_count", move_action=True, ends_on_victims=2).status == "undecided"
