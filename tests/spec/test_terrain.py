"""Table tests for terrain and maps (10-terrain.yaml, 12-maps.yaml)."""

from __future__ import annotations

import pytest

from tests.spec.support import decide_first_values as decide
from tests.spec.support import rule_ids as rules

R08 = "horrorclix/2008"
R1E = "horrorclix/1e"
BOTH = [R08, R1E]


def bonus(ruleset, readings=None, **facts):
    """defense.hindering_bonus for a ranged attack between same-level, same-flight-level monsters."""
    base = {"attack": "ranged", "same_flight_level": True}
    base.update(facts)
    return decide(ruleset, "defense.hindering_bonus", readings, **base)


# --- HX.TER.* ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("colour", "kind"), [("green", "hindering"), ("blue", "water"), ("red", "elevated"), ("brown", "blocking")]
)
def test_line_colours_2008_HX_TER_TYPES(colour, kind):
    """HX.TER.TYPES: in 2008 green, blue, red and brown lines mark the four terrain types."""
    r = decide(R08, "terrain.line_type", colour=colour)
    assert r.value == kind
    assert rules(r) == {"HX.TER.TYPES"}


def test_red_line_marks_nothing_in_1e_HX_TER_TYPES():
    """HX.TER.TYPES (1e): the first edition has three types and no elevated terrain."""
    assert decide(R1E, "terrain.line_type", colour="red").status == "undecided"
    assert decide(R1E, "terrain.line_type", colour="brown").value == "blocking"


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("boundary", "clear"), [("none", True), ("green", False), ("brown", False)])
def test_clear_is_inside_no_line_HX_TER_CLEAR(ruleset, boundary, clear):
    """HX.TER.CLEAR: a space inside no coloured line is clear, any enclosed space is not."""
    assert decide(ruleset, "terrain.is_clear", boundary=boundary).value is clear


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("marked", "clear"), [(False, True), (True, False)])
def test_shaded_indoor_spaces_HX_TER_SHADED(ruleset, marked, clear):
    """HX.TER.SHADED: shaded indoor spaces inside brown are clear unless the map marks them otherwise."""
    r = decide(ruleset, "terrain.is_clear", boundary="brown", shaded_indoor=True, marked_otherwise=marked)
    assert r.value is clear


def test_stairs_are_clear_2008_HX_ELEV_STAIRCLEAR():
    """HX.ELEV.STAIRCLEAR: a stair inside only a red line is clear; inside green it is not."""
    assert decide(R08, "terrain.is_clear", boundary="red", stairs=True).value is True
    assert decide(R08, "terrain.is_clear", boundary="green", stairs=True).value is False
    assert decide(R1E, "terrain.is_clear", boundary="red", stairs=True).value is False


# --- HX.HIND.* movement -------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
def test_monster_stops_entering_hindering_HX_HIND_ENTER(ruleset):
    """HX.HIND.ENTER: a monster crossing into hindering terrain must stop (both editions)."""
    r = decide(ruleset, "move.must_stop", mover="monster", entered_hindering=True)
    assert r.value is True
    assert "HX.HIND.ENTER" in rules(r)


def test_victim_stop_differs_by_edition_HX_HIND_ENTER():
    """HX.HIND.ENTER: 2008 stops victims entering hindering terrain; the 1e sentence names monsters only."""
    assert decide(R08, "move.must_stop", mover="victim", entered_hindering=True).value is True
    assert decide(R1E, "move.must_stop", mover="victim", entered_hindering=True).value is not True


@pytest.mark.parametrize("ruleset", BOTH)
def test_hindering_corner_stops_HX_HIND_DIAG(ruleset):
    """HX.HIND.DIAG: passing the corner of two diagonal hindering spaces from outside stops the mover."""
    r = decide(ruleset, "move.must_stop", mover="victim", through_hindering_corner=True)
    assert r.value is True


def test_hindering_corner_1e_began_inside_HX_HIND_DIAG():
    """HX.HIND.DIAG (1e): a mover that began inside hindering terrain is not stopped, unless read like 2008."""
    facts = {"through_hindering_corner": True, "began_in_hindering": True}
    assert decide(R1E, "move.must_stop", **facts).value is not True
    assert decide(R1E, "move.must_stop", {"HX.HIND.DIAG": "step_from_outside"}, **facts).value is True
    assert decide(R08, "move.must_stop", **facts).value is True


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("speed", "halved"), [(4, 2), (5, 3), (6, 3), (7, 4)])
def test_speed_halved_round_up_HX_HIND_HALF(ruleset, speed, halved):
    """HX.HIND.HALF: a monster starting in hindering terrain moves half its speed, rounded up."""
    r = decide(ruleset, "move.speed", mover="monster", speed=speed, starts_in_hindering=True)
    assert r.value == halved
    assert "HX.HIND.HALF" in rules(r)


def test_speed_halving_for_victims_by_edition_HX_HIND_HALF():
    """HX.HIND.HALF: 2008 halves a victim's speed in hindering terrain; 1e names monsters only."""
    assert decide(R08, "move.speed", mover="victim", speed=5, starts_in_hindering=True).value == 3
    assert decide(R1E, "move.speed", mover="victim", speed=5, starts_in_hindering=True).value == 5


@pytest.mark.parametrize("ruleset", BOTH)
def test_hindering_ignored_no_halving_HX_HIND_HALF(ruleset):
    """HX.HIND.HALF: a mover that ignores hindering terrain keeps its full speed."""
    r = decide(ruleset, "move.speed", mover="monster", speed=5, starts_in_hindering=True, ignores_hindering=True)
    assert r.value == 5


# --- HX.HIND.* line of fire ---------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
def test_close_combat_ignores_hindering_HX_HIND_CC(ruleset):
    """HX.HIND.CC: no hindering modifier in close combat."""
    r = bonus(ruleset, attack="close", crosses_hindering_boundary=True)
    assert r.value is False
    assert "HX.HIND.CC" in rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("crosses", "plus"), [(False, False), (True, True)])
def test_boundary_crossing_gives_plus1_HX_HIND_LOF_PLUS1(ruleset, crosses, plus):
    """HX.HIND.LOF.PLUS1/NONE: +1 defense only when the line crosses a hindering boundary."""
    assert bonus(ruleset, crosses_hindering_boundary=crosses).value is plus


@pytest.mark.parametrize("ruleset", BOTH)
def test_inside_one_area_HX_HIND_LOF_INSIDE(ruleset):
    """HX.HIND.LOF.INSIDE: both ends in one continuous hindering area still gives +1."""
    assert bonus(ruleset, same_hindering_area=True).value is True


def test_flight_level_mismatch_1e_only_HX_HIND_LOF_PLUS1():
    """HX.HIND.LOF.PLUS1: 1e requires the same elevation (flight) level; 2008 does not."""
    assert bonus(R1E, crosses_hindering_boundary=True, same_flight_level=False).value is False
    assert bonus(R08, crosses_hindering_boundary=True, same_flight_level=False).value is True


@pytest.mark.parametrize("ruleset", BOTH)
def test_attacker_at_edge_HX_HIND_LOF_EDGE(ruleset):
    """HX.HIND.LOF.EDGE: firing out of one's own hindering area adds no modifier."""
    r = bonus(ruleset, crosses_hindering_boundary=True, attacker_edge_exit=True)
    assert r.value is False
    assert rules(r) == {"HX.HIND.LOF.EDGE"}


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("partner", ["hindering", "blocking", "occupant"])
def test_hindering_diagonal_default_HX_HIND_LOF_DIAG(ruleset, partner):
    """HX.HIND.LOF.DIAG: a diagonal of hindering plus blocking/occupant/hindering counts as hindering."""
    assert bonus(ruleset, hindering_diagonal=True, diagonal_partner=partner).value is True


@pytest.mark.parametrize(("partner", "plus"), [("hindering", True), ("blocking", False), ("occupant", False)])
def test_hindering_diagonal_two_hindering_reading_HX_HIND_LOF_DIAG(partner, plus):
    """HX.HIND.LOF.DIAG (2008 reading two_hindering_only): only two hindering spaces count."""
    r = bonus(R08, {"HX.HIND.LOF.DIAG": "two_hindering_only"}, hindering_diagonal=True, diagonal_partner=partner)
    assert r.value is plus


def test_levels_differ_only_target_square_HX_ELEV_LOF_DIFFIGNORE():
    """HX.ELEV.LOF.DIFFIGNORE: between levels only the target's own hindering square gives +1 (2008)."""
    assert bonus(R08, levels_differ=True, crosses_hindering_boundary=True).value is False
    assert bonus(R08, levels_differ=True, crosses_hindering_boundary=True, target_in_hindering=True).value is True


# --- HX.WATER --------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
def test_water_hinders_movement_HX_WATER(ruleset):
    """HX.WATER: entering water stops a monster and starting in it halves speed (5 -> 3)."""
    assert decide(ruleset, "move.must_stop", mover="monster", entered_water=True).value is True
    assert decide(ruleset, "move.speed", mover="monster", speed=5, starts_in_water=True).value == 3


def test_water_victims_by_edition_HX_WATER():
    """HX.WATER: a victim entering water stops in 2008 but not in 1e (monsters-only hindering rules)."""
    assert decide(R08, "move.must_stop", mover="victim", entered_water=True).value is True
    assert decide(R1E, "move.must_stop", mover="victim", entered_water=True).value is not True


# --- HX.ELEV.* -----------------------------------------------------------------------


@pytest.mark.parametrize(("elevated", "marked", "level"), [(False, 0, 1), (True, 0, 2), (True, 3, 3)])
def test_elevation_levels_HX_ELEV_LEVELS(elevated, marked, level):
    """HX.ELEV.OCCUPANT/DEFAULT/DEF: ground is 1, unnumbered elevated is 2, numbered is its number."""
    assert decide(R08, "elevation.level", elevated=elevated, marked_level=marked).value == level


def test_no_elevation_in_1e_HX_ELEV_DEF():
    """HX.ELEV.DEF: elevated terrain does not exist in the first edition."""
    assert decide(R1E, "elevation.level", elevated=True, marked_level=0).status == "undecided"


def test_different_levels_not_adjacent_HX_ELEV_NOADJ():
    """HX.ELEV.NOADJ: monsters at different levels are not adjacent."""
    r = decide(R08, "adjacent.is", distance=1, same_level=False)
    assert r.value is False
    assert "HX.ELEV.NOADJ" in rules(r)


@pytest.mark.parametrize(("close", "adjacent"), [(True, True), (False, False)])
def test_stair_pair_close_combat_HX_ELEV_STAIRCC(close, adjacent):
    """HX.ELEV.STAIRCC: the two squares of a stair are adjacent for close combat only."""
    r = decide(R08, "adjacent.is", distance=1, same_level=False, stair_pair=True, close_combat=close)
    assert r.value is adjacent


@pytest.mark.parametrize("ruleset", BOTH)
def test_level_change_needs_stairs_HX_ELEV_STAIRS(ruleset):
    """HX.ELEV.STAIRS/NOJUMP: a level change by stairs is allowed, without stairs barred (2008 only)."""
    assert decide(ruleset, "move.can_enter", mover="monster", level_change="by_stairs").value is True
    r = decide(ruleset, "move.can_enter", mover="monster", level_change="without_stairs")
    if ruleset == R08:
        assert r.value is False
        assert {"HX.ELEV.STAIRS", "HX.ELEV.NOJUMP"} <= rules(r)
    else:
        assert "HX.ELEV.STAIRS" not in rules(r)


@pytest.mark.parametrize(
    ("terrain", "wall", "adjacent"), [(True, False, True), (True, True, False), (False, False, False)]
)
def test_adjacent_to_elevated_terrain_HX_ELEV_ADJTERRAIN(terrain, wall, adjacent):
    """HX.ELEV.ADJTERRAIN/RIM: a lower monster is adjacent to the terrain beside it, not to the square."""
    r = decide(R08, "elevation.adjacent_to_higher", terrain_effect=terrain, wall_between=wall, shares_edge=True)
    assert r.value is adjacent


@pytest.mark.parametrize(("edge", "adjacent"), [(True, False), (False, True)])
def test_rim_never_reading_HX_ELEV_RIM(edge, adjacent):
    """HX.ELEV.RIM (reading rim_never): the rim square is not adjacent even as terrain; a corner square is."""
    r = decide(R08, "elevation.adjacent_to_higher", {"HX.ELEV.RIM": "rim_never"}, terrain_effect=True, shares_edge=edge)
    assert r.value is adjacent


def test_same_level_line_over_higher_ground_HX_ELEV_LOF_SAME():
    """HX.ELEV.LOF.SAME: a line between equal levels is blocked by higher elevated terrain."""
    r = decide(R08, "lof.blocked", crosses_higher_elevated=True)
    assert r.value is True
    assert decide(R1E, "lof.blocked", crosses_higher_elevated=True).value is not True


@pytest.mark.parametrize(
    ("facts", "blocked"),
    [
        ({"crosses_occupied": True}, False),
        ({"crosses_blocking": True}, False),
        ({"crosses_blocking": True, "lower_level_blocking": True}, True),
        ({"crosses_higher_elevated": True}, True),
        ({"crosses_great_size": True}, True),
    ],
)
def test_line_between_levels_HX_ELEV_LOF_DIFF(facts, blocked):
    """HX.ELEV.LOF.DIFF: between levels only lower-level blocking, higher ground and Great Size block."""
    r = decide(R08, "lof.blocked", levels_differ=True, **facts)
    assert r.value is blocked
    assert "HX.ELEV.LOF.DIFF" in rules(r)


# --- HX.BLOCK.* and HX.WALL.* ---------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
def test_blocking_terrain_HX_BLOCK(ruleset):
    """HX.BLOCK.MOVE/OCCUPY/LOF/DIAGMOVE: no entering, ending in or seeing through blocking terrain."""
    assert decide(ruleset, "move.can_enter", mover="monster", terrain="blocking").value is False
    assert decide(ruleset, "move.can_end", mover="monster", terrain="blocking").value is False
    assert decide(ruleset, "move.can_enter", mover="monster", blocking_diagonal=True).value is False
    assert decide(ruleset, "lof.blocked", crosses_blocking=True).value is True


def test_blocking_victims_1e_readings_HX_BLOCK_MOVE():
    """HX.BLOCK.MOVE (1e): victims are barred by default (glossary); the body-literal reading lets them in."""
    assert decide(R1E, "move.can_enter", mover="victim", terrain="blocking").value is False
    r = decide(R1E, "move.can_enter", {"HX.BLOCK.MOVE": "body_literal"}, mover="victim", terrain="blocking")
    assert r.value is not False
    assert "HX.BLOCK.MOVE" not in rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("partner", "rule"), [("blocking", "HX.BLOCK.DIAGLOF"), ("occupied", "HX.BLOCK.DIAGOCC")])
def test_blocking_diagonal_lof_HX_BLOCK_DIAG(ruleset, partner, rule):
    """HX.BLOCK.DIAGLOF/DIAGOCC: a line between blocking and blocking or an occupied space is blocked."""
    r = decide(ruleset, "lof.blocked", blocking_diagonal=True, blocking_diagonal_with=partner)
    assert r.value is True
    assert rule in rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
def test_walls_HX_WALL(ruleset):
    """HX.WALL.DEF/EFFECTS: walls bar movement and adjacency."""
    assert decide(ruleset, "move.can_enter", mover="monster", wall_between=True).value is False
    assert decide(ruleset, "adjacent.is", distance=1, same_level=True, wall_between=True).value is False


def test_wall_ending_at_corner_HX_WALL_EDGE():
    """HX.WALL.EDGE: a wall that only ends at the crossed corner does not separate diagonal squares (2008)."""
    facts = {"distance": 1, "same_level": True, "wall_between": True, "wall_end_only": True}
    assert decide(R08, "adjacent.is", **facts).value is True
    assert decide(R1E, "adjacent.is", **facts).value is False


# --- HX.MAP.* ---------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("kind", "yellow", "shaded", "rules_"),
    [
        ("outdoor", False, False, "outdoor"),
        ("indoor", False, False, "indoor"),
        ("indoor_outdoor", False, False, "outdoor"),
        ("indoor_outdoor", True, False, "indoor"),
        ("indoor_outdoor", False, True, "indoor"),
    ],
)
def test_space_rules_HX_MAP(ruleset, kind, yellow, shaded, rules_):
    """HX.MAP.OUT/IN/INOUT and HX.TER.SHADED: which rules govern a space."""
    r = decide(ruleset, "map.space_rules", map_kind=kind, inside_yellow=yellow, shaded_in_brown=shaded)
    assert r.value == rules_


def test_indoor_exceptions_1e_HX_MAP_IN():
    """HX.MAP.IN.NOPASS/GHOST (1e): hovering and Leap/Climb cannot cross indoor walls, Ghosts can."""
    hover = {"mover": "monster", "flight": "hovering", "indoor": True, "terrain": "blocking"}
    assert decide(R1E, "move.can_enter", **hover).value is False
    leap = {"mover": "monster", "indoor": True, "wall_between": True, "passage_power": "leap_climb"}
    assert decide(R1E, "move.can_enter", **leap).value is False
    r = decide(R1E, "move.can_enter", mover="monster", indoor=True, wall_between=True, passage_power="ghost")
    assert r.value is True
    assert "HX.MAP.IN.GHOST" in rules(r)


def test_indoor_exceptions_2008_readings_HX_MAP_IN():
    """HX.MAP.IN (2008): no listed exceptions by default; the first-edition reading imports the Ghost rule."""
    facts = {"mover": "monster", "indoor": True, "wall_between": True, "passage_power": "ghost"}
    assert decide(R08, "move.can_enter", **facts).value is False
    assert decide(R08, "move.can_enter", {"HX.MAP.IN": "first_edition_list"}, **facts).value is True
