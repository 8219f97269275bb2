"""Line of fire: facts computed from the exact geometry, and the rules' answers (adjudicator.games.clix.lof)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.errors import PositionedError
from adjudicator.core.spec import load_spec
from adjudicator.games.clix.lof import LofReport, best_line_of_fire, line_of_fire, piece_line_of_fire
from adjudicator.games.clix.lof_facts import NEUTRAL, doorway_edges, hindering_areas, line_facts
from adjudicator.games.clix.model import LineOfFireQuery, MapObject, Piece, Situation
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.variant import clix_game
from adjudicator.judge import answer, load_situation
from adjudicator.spaces.square.board import Board, Square, parse_square

RULESETS = ("horrorclix/2008", "horrorclix/1e")


def sq(name: str) -> Square:
    """Coordinates of a square name."""
    return parse_square(name)


def monster(piece_id: str, at: str | Sequence[str], player: int = 2, **kw: Any) -> Piece:
    """A monster on one square (or two for a double base)."""
    squares = (at,) if isinstance(at, str) else tuple(at)
    fields: dict[str, Any] = {"attack": 9, "defense": 16, "damage": 2, "range": 6}
    fields.update(kw)
    return Piece(id=piece_id, type="monster", at=tuple(map(sq, squares)), speed=6, player=player, **fields)


def victim(piece_id: str, at: str) -> Piece:
    """A victim token."""
    return Piece(id=piece_id, type="victim", at=(sq(at),), speed=4, face="down")


def make_table(
    rows: Sequence[str],
    pieces: Sequence[Piece],
    ruleset: str = "horrorclix/2008",
    *,
    kind: str = "outdoor",
    elevation: Sequence[str] | None = None,
    indoor: Sequence[str] | None = None,
    walls: Sequence[tuple[str, str]] = (),
    objects: Sequence[MapObject] = (),
    readings: dict[str, str] | None = None,
) -> Table:
    """A table for a map given as rows, with the pieces and objects."""
    board = Board.from_rows(rows, elevation, indoor, walls=walls)
    situation = Situation(
        game=clix_game(ruleset),
        ruleset=ruleset,
        map_kind=kind,  # type: ignore[arg-type]
        board=board,
        pieces=tuple(pieces),
        query=LineOfFireQuery(pieces[0].id if pieces else "A1", pieces[1].id if len(pieces) > 1 else "B1"),
        objects=tuple(objects),
        readings=readings or {},
    )
    return Table(load_spec(), situation)


def lof(table: Table, attacker: str, target: str) -> LofReport:
    """The line of fire between two pieces by id."""
    return piece_line_of_fire(table, table.piece(attacker), table.piece(target))


def rules(report: LofReport) -> set[str]:
    """Rule ids cited by a report."""
    return {step.rule for step in report.trace}


EMPTY = ["....."] * 5


# ---------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------


def test_report_is_frozen_and_carries_fact_vectors() -> None:
    """LofReport is a frozen dataclass with the fact vectors of the three decisions."""
    table = make_table(EMPTY, [monster("a", "A1", 1), monster("t", "E1")])
    report = lof(table, "a", "t")
    with pytest.raises(dataclasses.FrozenInstanceError):
        report.clear = False  # type: ignore[misc]
    assert set(report.facts) == {"lof.blocked", "defense.hindering_bonus", "range.distance"}
    assert report.facts["range.distance"] == [{"spaces_on_route": 5}]
    assert report.facts["lof.blocked"][0]["crosses_blocking"] is False
    assert (report.clear, report.distance, report.hindering) == (True, 4, False)
    assert {"HX.LOF.LINE", "HX.HIND.LOF.NONE", "HX.RNG.COUNT"} <= rules(report)


def test_same_square_is_refused() -> None:
    """A line needs two different squares."""
    table = make_table(EMPTY, [monster("a", "A1", 1), monster("t", "E1")])
    with pytest.raises(ValueError, match="two different"):
        line_of_fire(table, sq("A1"), sq("A1"), None, None)
    with pytest.raises(ValueError, match="two different"):
        best_line_of_fire(table, [sq("A1")], [sq("A1")], None, None)


@pytest.mark.parametrize(("end", "distance"), [("B1", 1), ("C1", 2), ("D1", 3), ("B2", 1), ("C2", 2), ("E4", 4)])
def test_distance_is_king_moves_without_attacker_square(end: str, distance: int) -> None:
    """Range counts the target's space but not the attacker's (hx2008 L397): the king-move distance."""
    table = make_table(EMPTY, [monster("a", "A1", 1), monster("t", end)])
    assert lof(table, "a", "t").distance == distance


@pytest.mark.parametrize("width", [24, 25, 26])
def test_distance_at_the_decisions_domain_limit(width: int) -> None:
    """range.distance accepts up to 25 spaces on the route; beyond, the count is geometric."""
    table = make_table(["." * width], [monster("a", "A1", 1), monster("t", f"{chr(64 + width)}1")])
    report = lof(table, "a", "t")
    assert report.distance == width - 1
    assert ("HX.RNG.COUNT" in rules(report)) == (width <= 25)


# ---------------------------------------------------------------------------
# Occupants
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_monster_in_the_way_blocks(ruleset: str) -> None:
    """A monster in a crossed space blocks (hx2008 L395, hx1e L602)."""
    table = make_table(EMPTY, [monster("a", "A1", 1), monster("t", "E1"), monster("m", "C1")], ruleset)
    report = lof(table, "a", "t")
    assert report.clear is False
    assert "HX.LOF.OCC" in rules(report)
    assert any("m at C1" in step.note for step in report.trace)


def test_victim_blocks_and_1e_literal_reading_does_not() -> None:
    """Victims block in 2008 and under the 1e default reading; not under the literal 1e reading."""
    pieces = [monster("a", "A1", 1), monster("t", "E1"), victim("v", "C1")]
    assert lof(make_table(EMPTY, pieces), "a", "t").clear is False
    assert lof(make_table(EMPTY, pieces, "horrorclix/1e"), "a", "t").clear is False
    literal = make_table(EMPTY, pieces, "horrorclix/1e", readings={"HX.LOF.OCC": "monsters_only"})
    assert lof(literal, "a", "t").clear is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_intangible_monster_does_not_block(ruleset: str) -> None:
    """An hourglass in the defense slot: the monster does not block (hx2008 L173, hx1e L353)."""
    pieces = [monster("a", "A1", 1), monster("t", "E1"), monster("m", "C1", defense="hourglass")]
    report = lof(make_table(EMPTY, pieces, ruleset), "a", "t")
    assert report.clear is True
    assert "HX.HG.INTANGIBLE.LOF" in rules(report)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_two_ends_never_block(ruleset: str) -> None:
    """The attacker's and target's own spaces are not in the way, even for a double base."""
    pieces = [monster("a", ["A1", "B1"], 1, size="double"), monster("t", "E1")]
    report = line_of_fire(make_table(EMPTY, pieces, ruleset), sq("A1"), sq("E1"), pieces[0], pieces[1])
    assert report.clear is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_adjacent_pair_on_exact_diagonal_blocks(ruleset: str) -> None:
    """Passing exactly between two adjacent monsters blocks (hx2008 L397)."""
    pieces = [monster("a", "A1", 1), monster("t", "B2"), monster("m", "B1"), monster("n", "A2")]
    report = lof(make_table(EMPTY, pieces, ruleset), "a", "t")
    assert report.clear is False
    assert "HX.LOF.BETWEEN" in rules(report)


def test_adjacent_pair_on_a_shallow_line_through_a_corner() -> None:
    """A1-D2 passes exactly through the corner of B1, C1, B2, C2: monsters on C1 and B2 block it."""
    pieces = [monster("a", "A1", 1), monster("t", "D2"), monster("m", "C1"), monster("n", "B2")]
    table = make_table(EMPTY, pieces)
    facts = line_facts(table, sq("A1"), sq("D2"), pieces[0], pieces[1])
    assert [b.kind for b in facts.blockers] == ["pair"]
    assert lof(table, "a", "t").clear is False


def test_one_monster_beside_the_corner_does_not_block() -> None:
    """One occupied side of a corner is not a pair: the line is clear."""
    pieces = [monster("a", "A1", 1), monster("t", "B2"), monster("m", "B1")]
    assert lof(make_table(EMPTY, pieces), "a", "t").clear is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pair_of_a_soaring_and_a_grounded_monster_blocks_no_layer(ruleset: str) -> None:
    """Each layer sees one monster of a mixed pair, so no pair blocks (hx2008 L397)."""
    pieces = [
        monster("a", "A1", 1),
        monster("t", "B2"),
        monster("m", "B1", move="flight", flight="soaring"),
        monster("n", "A2"),
    ]
    assert lof(make_table(EMPTY, pieces, ruleset), "a", "t").clear is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_soaring_blocker_ignored_by_grounded_line(ruleset: str) -> None:
    """A soaring monster blocks only lines to or from soaring monsters (hx2008 L397)."""
    pieces = [monster("a", "A1", 1), monster("t", "E1"), monster("m", "C1", move="flight", flight="soaring")]
    report = lof(make_table(EMPTY, pieces, ruleset), "a", "t")
    assert report.clear is True
    assert "HX.LOF.LAYER.SOAR" in rules(report)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_soaring_blocker_blocks_soaring_line(ruleset: str) -> None:
    """Between two soaring monsters a soaring monster in the way blocks."""
    soar: dict[str, Any] = {"move": "flight", "flight": "soaring"}
    pieces = [monster("a", "A1", 1, **soar), monster("t", "E1", **soar), monster("m", "C1", **soar)]
    assert lof(make_table(EMPTY, pieces, ruleset), "a", "t").clear is False


@pytest.mark.parametrize("flight", ["hovering", None])
def test_hovering_counts_as_grounded(flight: str | None) -> None:
    """Hovering monsters block lines between grounded or hovering monsters (hx2008 L397)."""
    extra: dict[str, Any] = {"move": "flight", "flight": flight} if flight else {}
    pieces = [monster("a", "A1", 1), monster("t", "E1", **extra), monster("m", "C1", **extra)]
    assert lof(make_table(EMPTY, pieces), "a", "t").clear is False


def test_soaring_end_ignores_ground_in_2008_both_ways() -> None:
    """2008: lines to or from a soaring monster ignore blocking terrain and grounded monsters (L419)."""
    rows = ["..#..", ".....", "....."]
    pieces = [monster("a", "A1", 1), monster("t", "E1", move="flight", flight="soaring"), monster("m", "B1")]
    table = make_table(rows, pieces)
    assert lof(table, "a", "t").clear is True
    assert lof(table, "t", "a").clear is True


def test_1e_only_the_soaring_tracer_ignores_the_ground() -> None:
    """1e: only a soaring monster tracing its own line ignores blocking terrain (hx1e L628)."""
    rows = ["..#..", ".....", "....."]
    pieces = [monster("a", "A1", 1), monster("t", "E1", move="flight", flight="soaring")]
    table = make_table(rows, pieces, "horrorclix/1e")
    assert lof(table, "a", "t").clear is False
    assert lof(table, "t", "a").clear is True


# ---------------------------------------------------------------------------
# Terrain, walls, doorways, objects
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_blocking_terrain_blocks(ruleset: str) -> None:
    """Crossing into blocking terrain blocks (hx2008 L501)."""
    table = make_table(["..#..", "....."], [monster("a", "A1", 1), monster("t", "E1")], ruleset)
    report = lof(table, "a", "t")
    assert report.clear is False
    assert "HX.BLOCK.LOF" in rules(report)


@pytest.mark.parametrize(
    ("rows", "clear", "rule"),
    [
        ([".#", "#."], False, "HX.BLOCK.DIAGLOF"),
        ([".#", ".."], True, "HX.LOF.LINE"),
        ([".h", "#."], True, "HX.LOF.LINE"),
    ],
)
def test_blocking_diagonals(rows: list[str], clear: bool, rule: str) -> None:
    """Two blocking squares close the diagonal; one blocking square at the corner does not (L503)."""
    report = lof(make_table(rows, [monster("a", "A1", 1), monster("t", "B2")]), "a", "t")
    assert report.clear is clear
    assert rule in rules(report)


def test_blocking_and_occupied_diagonal_blocks() -> None:
    """A blocking square and an occupied one close the diagonal (hx2008 L503)."""
    pieces = [monster("a", "A1", 1), monster("t", "B2"), victim("v", "A2")]
    report = lof(make_table([".#", ".."], pieces), "a", "t")
    assert report.clear is False
    assert "HX.BLOCK.DIAGOCC" in rules(report)


@pytest.mark.parametrize(
    ("walls", "clear"),
    [
        ([("A1", "B1")], True),  # one wall ending at the corner: diagonal attacks pass (L509)
        ([("A1", "B1"), ("A2", "B2")], False),  # a straight wall line through the corner
        ([("A1", "B1"), ("A1", "A2")], False),  # the corner of A1 closed
        ([("A2", "B2"), ("B1", "B2")], False),  # the corner of B2 closed
        ([("A1", "B1"), ("B1", "B2")], True),  # the corner of B1 only: the line passes outside it
    ],
)
def test_walls_at_a_corner(walls: list[tuple[str, str]], clear: bool) -> None:
    """Walls block a diagonal line only when they cut its two squares apart (Board.separated)."""
    table = make_table(["..", ".."], [monster("a", "A1", 1), monster("t", "B2")], walls=walls)
    assert lof(table, "a", "t").clear is clear


def test_wall_on_an_edge_crossed_blocks() -> None:
    """A wall on a crossed edge is blocking terrain (hx2008 L509)."""
    table = make_table(EMPTY, [monster("a", "A1", 1), monster("t", "E1")], walls=[("C1", "D1")])
    report = lof(table, "a", "t")
    assert report.clear is False
    assert "HX.WALL.DEF" in rules(report)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_open_portal_is_clear(ruleset: str) -> None:
    """No one beside the doorway: the portal is open and clear terrain (hx2008 L523)."""
    objects = [MapObject("portal", sq("B1"), "east")]
    table = make_table(EMPTY, [monster("a", "A1", 1), monster("t", "E1")], ruleset, objects=objects)
    assert lof(table, "a", "t").clear is True
    assert doorway_edges(table.board, objects) == {frozenset((sq("B1"), sq("C1"))): objects[0]}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_closed_portal_doorway_blocks(ruleset: str) -> None:
    """A target on a doorway side closes the portal; its doorway edge blocks the line (hx2008 L519, L525)."""
    objects = [MapObject("portal", sq("B1"), "east")]
    table = make_table(EMPTY, [monster("a", "A1", 1), monster("t", "C1")], ruleset, objects=objects)
    report = lof(table, "a", "t")
    assert report.clear is False
    assert "HX.PORTAL.CLOSED.LOF" in rules(report)


def test_closed_doorway_elsewhere_does_not_block() -> None:
    """A closed doorway that the line does not cross plays no part."""
    objects = [MapObject("portal", sq("B3"), "south")]
    pieces = [monster("a", "A1", 1), monster("t", "E1"), monster("m", "B4")]
    assert lof(make_table(EMPTY, pieces, objects=objects), "a", "t").clear is True


@pytest.mark.parametrize(("obj", "at", "clear"), [("tombstone", "D1", False), ("tombstone", "C1", True)])
def test_tombstone_blocks_only_beside_the_target(obj: str, at: str, clear: bool) -> None:
    """A tombstone acts as blocking terrain only when it is adjacent to the target (hx2008 L531)."""
    objects = [MapObject(obj, sq(at))]  # type: ignore[arg-type]
    table = make_table(EMPTY, [monster("a", "A1", 1), monster("t", "E1")], objects=objects)
    report = lof(table, "a", "t")
    assert report.clear is clear
    assert ("HX.TOMB.LOF" in rules(report)) is not clear


def test_tombstone_beside_target_is_a_blocking_square_at_a_corner() -> None:
    """A tombstone beside the target and a blocking square close the diagonal between them."""
    objects = [MapObject("tombstone", sq("B1"))]
    pieces = [monster("a", "A1", 1), monster("t", "B2")]
    assert lof(make_table(["..", "#."], pieces, objects=objects), "a", "t").clear is False
    assert lof(make_table(["..", ".."], pieces, objects=objects), "a", "t").clear is True


def test_tree_beside_target_blocks_in_2008() -> None:
    """A Tree of the Damned beside the target acts as blocking terrain (hx2008 L539)."""
    objects = [MapObject("tree", sq("D1"))]
    report = lof(make_table(EMPTY, [monster("a", "A1", 1), monster("t", "E1")], objects=objects), "a", "t")
    assert report.clear is False
    assert "HX.TREE.LOF" in rules(report)


def test_tree_beside_target_is_clear_in_1e() -> None:
    """The first edition gives the Tree no line-of-fire effect (hx1e L738)."""
    objects = [MapObject("tree", sq("D1"))]
    pieces = [monster("a", "A1", 1), monster("t", "E1")]
    report = lof(make_table(EMPTY, pieces, "horrorclix/1e", objects=objects), "a", "t")
    assert report.clear is True


# ---------------------------------------------------------------------------
# Hindering terrain
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "hindering", "rule"),
    [
        (["..h..", "....."], True, "HX.HIND.LOF.PLUS1"),  # crosses a hindering space
        (["....h", "....."], True, "HX.HIND.LOF.PLUS1"),  # target in hindering
        (["h....", "....."], False, "HX.HIND.LOF.EDGE"),  # attacker at the edge
        (["hh..h", "....."], True, "HX.HIND.LOF.PLUS1"),  # attacker in hindering, target too
        (["hhhhh", "....."], True, "HX.HIND.LOF.INSIDE"),  # one continuous area
        (["..~..", "....."], False, "HX.HIND.LOF.NONE"),  # water is clear for line of fire
    ],
)
def test_hindering_modifier(rows: list[str], hindering: bool, rule: str) -> None:
    """The +1 hindering modifier (hx2008 L461-463, L471)."""
    report = lof(make_table(rows, [monster("a", "A1", 1), monster("t", "E1")]), "a", "t")
    assert report.clear is True
    assert report.hindering is hindering
    assert rule in rules(report)


def test_continuous_area_through_a_diagonal() -> None:
    """Diagonally adjacent hindering squares are one area (hx2008 L453): same_hindering_area holds."""
    table = make_table(["h....", ".h...", "..h.."], [monster("a", "A1", 1), monster("t", "C3")])
    assert hindering_areas(table.board)[sq("A1")] == hindering_areas(table.board)[sq("C3")]
    report = lof(table, "a", "t")
    assert report.hindering is True
    assert report.facts["defense.hindering_bonus"][0]["same_hindering_area"] is True


@pytest.mark.parametrize(
    ("rows", "reading", "hindering"),
    [
        ([".h", "#."], None, True),
        ([".h", "h."], None, True),
        ([".h", ".."], None, False),
        ([".h", "#."], "two_hindering_only", False),
        ([".h", "h."], "two_hindering_only", True),
    ],
)
def test_hindering_diagonal_2008(rows: list[str], reading: str | None, hindering: bool) -> None:
    """A line along a hindering diagonal with a partner passes through hindering terrain (hx2008 L465)."""
    readings = {"HX.HIND.LOF.DIAG": reading} if reading else None
    table = make_table(rows, [monster("a", "A1", 1), monster("t", "B2")], readings=readings)
    assert lof(table, "a", "t").hindering is hindering


def test_hindering_diagonal_with_a_monster_1e() -> None:
    """1e: a hindering square and a monster on the diagonal count as hindering (hx1e L676)."""
    pieces = [monster("a", "A1", 1), monster("t", "B2"), monster("m", "A2")]
    report = lof(make_table([".h", ".."], pieces, "horrorclix/1e"), "a", "t")
    assert (report.clear, report.hindering) == (True, True)
    assert "HX.HIND.LOF.DIAG" in rules(report)


def test_1e_hindering_needs_the_same_flight_level() -> None:
    """1e: no modifier between a soaring and a grounded monster (hx1e L672)."""
    pieces = [monster("a", "A1", 1, move="flight", flight="soaring"), monster("t", "E1")]
    rows = ["..h..", "....."]
    assert lof(make_table(rows, pieces, "horrorclix/1e"), "a", "t").hindering is False
    assert lof(make_table(rows, pieces), "a", "t").hindering is True


# ---------------------------------------------------------------------------
# Elevation, indoor/outdoor, giants, double bases
# ---------------------------------------------------------------------------


def test_higher_elevated_terrain_blocks_a_same_level_line() -> None:
    """hx2008 L487: elevated terrain higher than both ends blocks."""
    table = make_table(EMPTY, [monster("a", "A1", 1), monster("t", "E1")], elevation=["11211"] + ["11111"] * 4)
    report = lof(table, "a", "t")
    assert report.clear is False
    assert "HX.ELEV.LOF.SAME" in rules(report)


def test_line_between_rooftops_ignores_what_is_below() -> None:
    """Two level-2 ends: a monster and blocking terrain on level 1 are below the line (hx2008 L487)."""
    rows = ["..#..", "....."]
    pieces = [monster("a", "A1", 1), monster("t", "E1"), monster("m", "B1")]
    table = make_table(rows, pieces, elevation=["21112", "11111"])
    assert lof(table, "a", "t").clear is True


def test_different_levels() -> None:
    """hx2008 L489-495: monsters and hindering do not affect it, blocking at the lower level does."""
    pieces = [monster("a", "A1", 1), monster("t", "E1"), monster("m", "C1")]
    elevation = ["11112", "11111"]
    report = lof(make_table(["..h..", "....."], pieces, elevation=elevation), "a", "t")
    assert (report.clear, report.hindering) == (True, False)
    assert "HX.ELEV.LOF.DIFF" in rules(report)
    report = lof(make_table(["..h.h", "....."], pieces, elevation=elevation), "a", "t")
    assert report.hindering is True
    blocked = lof(make_table([".#...", "....."], pieces, elevation=elevation), "a", "t")
    assert blocked.clear is False


@pytest.mark.parametrize("ruleset", RULESETS)
def test_indoor_grounded_and_soaring_cannot_see_each_other(ruleset: str) -> None:
    """hx2008 L401: an indoor grounded monster and a soaring monster block each other's line."""
    pieces = [monster("a", "A1", 1, move="flight", flight="soaring"), monster("t", "E1")]
    indoor = ["....i", "....."]
    table = make_table(["....."] * 2, pieces, ruleset, kind="indoor/outdoor", indoor=indoor)
    report = lof(table, "a", "t")
    assert report.clear is False
    assert "HX.IO.LOF" in rules(report)
    outdoor = make_table(["....."] * 2, pieces, ruleset, kind="indoor/outdoor", indoor=["i....", "....."])
    assert lof(outdoor, "a", "t").clear is True


def test_giant_ignores_standard_monsters_not_victims() -> None:
    """hx2008 L597: standard monsters do not block lines to or from a giant; victims still do."""
    pieces = [monster("a", "A1", 1), monster("t", "E1", size="giant"), monster("m", "C1")]
    report = lof(make_table(EMPTY, pieces), "a", "t")
    assert report.clear is True
    assert "HX.GIANT.LOF.STD" in rules(report)
    with_victim = [monster("a", "A1", 1), monster("t", "E1", size="giant"), victim("v", "C1")]
    assert lof(make_table(EMPTY, with_victim), "a", "t").clear is False


def test_giant_facing_a_soaring_monster_counts_as_soaring() -> None:
    """hx2008 L597: a giant and a soaring monster trace lines as if both soared (no indoor mismatch)."""
    pieces = [monster("a", "A1", 1, move="flight", flight="soaring"), monster("t", "E1", size="giant")]
    table = make_table(["....."] * 2, pieces, kind="indoor")
    report = lof(table, "a", "t")
    assert report.clear is True
    assert "HX.GIANT.SOAR" in rules(report)


def test_double_base_diagonal_blocks() -> None:
    """hx2008 L607: a double base on a diagonal blocks lines across its diagonal."""
    pieces = [monster("a", "A1", 1), monster("t", "B2"), monster("d", ["B1", "A2"], size="double")]
    report = lof(make_table(EMPTY, pieces), "a", "t")
    assert report.clear is False
    assert "HX.DB.DIAG.LOF" in rules(report)


def test_double_base_diagonal_is_undecided_in_1e() -> None:
    """The first edition has no double bases: nothing decides that line, so the answer says so."""
    pieces = [monster("a", "A1", 1), monster("t", "B2"), monster("d", ["B1", "A2"], size="double")]
    report = lof(make_table(EMPTY, pieces, "horrorclix/1e"), "a", "t")
    assert report.clear is None
    assert not report.decided
    assert "HX.ETQ.ROLL" in rules(report)


def test_double_base_target_best_pair() -> None:
    """For a double base the best pair of squares is used: a clear one, then the nearest."""
    pieces = [monster("a", "A1", 1), monster("t", ["E1", "E2"], size="double"), monster("m", "D1")]
    report = lof(make_table(EMPTY, pieces), "a", "t")
    assert report.clear is True
    assert (report.start, report.end) == (sq("A1"), sq("E2"))
    near = lof(make_table(EMPTY, pieces[:2]), "a", "t")
    assert (near.end, near.distance) == (sq("E1"), 4)


# ---------------------------------------------------------------------------
# The query
# ---------------------------------------------------------------------------


def write(tmp_path: Path, text: str) -> Path:
    """A situation file."""
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


SITUATION = """\
ruleset: {ruleset}
map:
  kind: outdoor
  terrain: ["..h..", "....."]
pieces:
  - {{id: a, type: monster, player: 1, at: A1, speed: 6, attack: 9, defense: 16, damage: 2, range: 6}}
  - {{id: t, type: monster, player: 2, at: E1, speed: 6, attack: 9, defense: 16, damage: 2, range: 6}}
query: {{kind: line_of_fire, from: {src}, to: {dst}}}
"""


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("src", "dst"), [("a", "t"), ("A1", "E1"), ("a", "E1"), ("A1", "t")])
def test_query_answers_by_id_or_square(tmp_path: Path, ruleset: str, src: str, dst: str) -> None:
    """The query takes piece ids or squares; a square with a piece stands for the piece."""
    spec = load_spec()
    situation = load_situation(write(tmp_path, SITUATION.format(ruleset=ruleset, src=src, dst=dst)), {*RULESETS})
    result = answer(spec, situation)
    assert result.verdict == "answered"
    assert result.outcome == {"clear": True, "distance": 4, "hindering": True, "line": ["A1", "E1"]}
    assert result.marks == {"line": [sq("A1"), sq("E1")]}
    assert "+" not in result.picture.splitlines()[1]  # the ends are pieces, drawn by their letters
    assert result.to_json(spec)["trace"]


def test_query_between_empty_squares(tmp_path: Path) -> None:
    """Two empty squares: the picture marks both ends."""
    spec = load_spec()
    text = SITUATION.format(ruleset="horrorclix/2008", src="B2", dst="D2")
    result = answer(spec, load_situation(write(tmp_path, text), {*RULESETS}))
    assert result.outcome["distance"] == 2
    assert result.picture.splitlines()[2].count("+") == 2


def test_query_same_end_is_an_error(tmp_path: Path) -> None:
    """From and to on the same piece: a positioned error naming query.to."""
    spec = load_spec()
    text = SITUATION.format(ruleset="horrorclix/2008", src="a", dst="A1")
    with pytest.raises(PositionedError, match=r"s\.yaml:\d+: a line of fire needs two different ends"):
        answer(spec, load_situation(write(tmp_path, text), {*RULESETS}))


def test_query_undecided_verdict(tmp_path: Path) -> None:
    """A line no rule decides makes the verdict undecided and cites the fallback."""
    spec = load_spec()
    text = """\
ruleset: horrorclix/1e
map: {kind: outdoor, terrain: ["...", "..."]}
pieces:
  - {id: a, type: monster, player: 1, at: A1, speed: 6, attack: 9, defense: 16, damage: 2, range: 6}
  - {id: t, type: monster, player: 2, at: B2, speed: 6, attack: 9, defense: 16, damage: 2, range: 6}
  - {id: d, type: monster, player: 2, at: [B1, A2], size: double, speed: 6, attack: 9, defense: 16, damage: 2, range: 0}
query: {kind: line_of_fire, from: a, to: t}
"""
    result = answer(spec, load_situation(write(tmp_path, text), {*RULESETS}))
    assert result.verdict == "undecided"
    assert result.outcome["clear"] is None
    assert "HX.ETQ.ROLL" in {s.rule for s in result.trace}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fact_vectors_cover_the_declared_facts(ruleset: str) -> None:
    """Every fact the spec declares for the two decisions is computed, and no other."""
    spec = load_spec()
    pieces = [monster("a", "A1", 1), monster("t", "E1"), monster("m", "C1")]
    report = lof(make_table(EMPTY, pieces, ruleset), "a", "t")
    blocked = set(spec.decision(ruleset, "lof.blocked").facts)
    assert set(NEUTRAL) == blocked
    assert all(set(vector) == blocked for vector in report.facts["lof.blocked"])
    hindering = set(spec.decision(ruleset, "defense.hindering_bonus").facts)
    assert set(report.facts["defense.hindering_bonus"][0]) == hindering
