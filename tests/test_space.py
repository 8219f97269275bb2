"""The space interface (adjudicator.spaces.base) as the square grid implements it."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given

import adjudicator.spaces.square as square_kind
from adjudicator.spaces import Space
from adjudicator.spaces.base import MapText
from adjudicator.spaces.kinds import space_kind
from adjudicator.spaces.square import KIND, SquareSpace, square_space
from adjudicator.spaces.square.board import Board, Square, corner_squares, parse_square
from adjudicator.spaces.square.geometry import trace_line
from tests.strategies import board_and_pair, board_and_square

WALLED = Board.from_rows(["...", "...", "..."], walls=[("A1", "B1"), ("B2", "C2"), ("B2", "B3")])


def sq(name: str) -> Square:
    """Square of a name."""
    return parse_square(name)


def test_square_kind_builds_a_board_that_is_a_space() -> None:
    """The registry's square kind builds boards, and a board satisfies the protocol."""
    kind = space_kind("square")
    space = kind.build([".h", "#."], walls=[(sq("A1"), sq("B1"))], stairs=[sq("B2")])
    assert isinstance(space, Board)
    assert isinstance(space, Space)
    assert space.walls == {frozenset({sq("A1"), sq("B1")})}
    assert space.has_stairs(sq("B2"))
    assert not space.has_stairs(sq("A1"))
    assert kind.position_name(2, 0) == "C1"
    assert kind.blank(3, 2).extent() == "3 by 2 squares"


def test_unknown_kind() -> None:
    """Only registered kinds exist."""
    with pytest.raises(KeyError):
        space_kind("octagon")


def test_names_and_map_facts() -> None:
    """Names round-trip; terrain, level and the indoor mark come from the map."""
    board = Board.from_rows([".hx"], ["12x"], ["i.x"])
    assert board.name(board.parse("b1")) == "B1"
    assert board.terrain_at(sq("B1")) == "hindering"
    assert board.terrain_at(sq("C1")) is None
    assert board.level(sq("B1")) == 2
    assert board.marked_indoor(sq("A1"))
    assert not board.marked_indoor(sq("B1"))
    assert board.not_on_map(sq("C1")) == "square C1 is not part of the map ('x' in terrain)"
    assert board.not_on_map(sq("D1")) == "square D1 is not on the 3x1 map"


def test_orthogonal_step_facts() -> None:
    """A step across a walled edge meets that wall and is cut off."""
    step = WALLED.step(sq("A1"), sq("B1"))
    assert not step.vertex
    assert step.sides == ()
    assert step.edges == (frozenset({sq("A1"), sq("B1")}),)
    assert step.wall
    assert step.separated


def test_vertex_step_where_a_wall_only_ends() -> None:
    """A diagonal past the end of one wall meets it but is not cut off."""
    step = WALLED.step(sq("A1"), sq("B2"))
    assert step.vertex
    assert set(step.sides) == {sq("B1"), sq("A2")}
    assert len(step.edges) == 4
    assert step.wall
    assert not step.separated


def test_vertex_step_closed_by_two_walls() -> None:
    """Two walls closing a square's corner cut the diagonal off."""
    closed = Board.from_rows(["..", ".."], walls=[("A1", "B1"), ("A1", "A2")])
    step = closed.step(sq("A1"), sq("B2"))
    assert step.wall
    assert step.separated
    assert not closed.step(sq("B1"), sq("A2")).separated  # the walls only end at the corner seen from B1


def test_separates_any_edge_set() -> None:
    """Extra edges (closed doors) count like walls."""
    a, b = sq("A2"), sq("B1")
    door = frozenset({sq("A2"), sq("B2")})
    assert not WALLED.separates(WALLED.walls, a, b)
    assert WALLED.separates(WALLED.walls | {door}, a, b)
    with pytest.raises(ValueError, match="not adjacent"):
        WALLED.separates(WALLED.walls, sq("A1"), sq("C3"))


def test_directions() -> None:
    """Away from an origin: straight lines keep their direction, others offer the diagonal too."""
    board = Board.from_rows(["....."] * 5)
    straight = board.away(sq("A1"), sq("C3"))
    assert straight.straight
    assert board.beyond(sq("C3"), straight.direction) == sq("D4")
    bent = board.away(sq("A1"), sq("C2"))
    assert not bent.straight
    assert board.beyond(sq("C2"), bent.direction) == sq("D2")
    assert [board.beyond(sq("C2"), d) for d in bent.alternatives] == [sq("D3")]
    assert board.across(sq("A1"), "east") == sq("B1")
    assert not board.contains(board.across(sq("A1"), "north"))


def test_map_fields() -> None:
    """The map fields write rows as map text and walls and stairs by name."""
    board = Board.from_rows(["#.", ".."], ["12", "11"], walls=[("A2", "B2")], stairs=["B1"])
    fields = board.map_fields("outdoor")
    assert fields == {
        "terrain": ["#.", ".."],
        "elevation": ["12", "11"],
        "walls": [["A2", "B2"]],
        "stairs": ["B1"],
    }
    assert all(isinstance(row, MapText) for row in fields["terrain"])


@given(board_and_square())
def test_steps_follow_neighbours(case: tuple[Board, Square]) -> None:
    """Every step goes to a neighbour, in order; a vertex step's sides are the corner squares."""
    board, a = case
    steps = board.steps(a)
    assert tuple(s.to for s in steps) == board.neighbours(a)
    for step in steps:
        assert step.frm == a
        assert board.distance(a, step.to) == 1
        assert step.separated == board.separated(a, step.to)
        assert step.wall == any(e in board.walls for e in step.edges)
        if step.vertex:
            assert step.sides == corner_squares(a, step.to)


@given(board_and_pair())
def test_line_matches_the_exact_trace(case: tuple[Board, Square, Square]) -> None:
    """The interface's line has the trace's path, and a vertex crossing exactly where the trace has a corner."""
    board, a, b = case
    line = board.line(a, b)
    trace = trace_line(a, b)
    assert line.path() == trace.path()
    assert len(line.crossings) == len(line.path()) - 1
    assert [(c.left, c.entered) for c in line.vertices] == [c.along for c in trace.corners]
    assert [c.sides for c in line.vertices] == [c.sides for c in trace.corners]
    for crossing in line.crossings:
        assert all(crossing.left in e or crossing.entered in e or crossing.at_vertex for e in crossing.edges)


# ---------------------------------------------------------------------------
# The square kind's own interface (the package adjudicator.spaces.square)
# ---------------------------------------------------------------------------


def test_the_package_builder_is_the_registered_kind() -> None:
    """The kind's package offers the builder the registry finds by name."""
    assert space_kind("square") is KIND
    assert KIND.name == square_kind.KIND_NAME == "square"


def test_built_maps_are_square_spaces() -> None:
    """What the builder makes has the square interface: grid size, squares as coordinates."""
    space = KIND.build([".h.", "#.x"], ["121", "11x"], walls=[((0, 0), (1, 0))], stairs=[(1, 1)])
    assert isinstance(space, SquareSpace)
    assert (space.width, space.height) == (3, 2)
    assert space.parse("c1") == (2, 0)
    assert space.spaces() == ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1))
    assert space.across((1, 1), "north") == (1, 0)
    assert isinstance(KIND.blank(2, 2), SquareSpace)


def test_square_space_accepts_only_the_square_kind() -> None:
    """A space of the square kind passes through unchanged; a space of another kind is refused."""
    board = KIND.blank(2, 1)
    assert square_space(board) is board
    with pytest.raises(TypeError, match="square kind"):
        square_space(cast("Space", _OtherKind()))


class _OtherKind:
    """A stand-in for a space of another kind (only its kind is read)."""

    kind = "hex"


def test_the_package_exports_what_it_lists() -> None:
    """Every name the interface lists is importable from the package, and no implementation class is listed."""
    assert all(hasattr(square_kind, name) for name in square_kind.__all__)
    assert "Board" not in square_kind.__all__
    assert square_kind.square_name(square_kind.parse_square("AA12")) == "AA12"
    assert square_kind.column_name(26) == "AA"
