"""The map facts of lines of fire, kept per board (adjudicator.games.clix.lof_map)."""

from __future__ import annotations

import gc

from adjudicator.games.clix import lof_map
from adjudicator.games.clix.lof_map import board_map, line_map
from adjudicator.spaces.square.board import Board, parse_square

ROWS = ["....#", ".h...", "....."]


def sq(name: str) -> tuple[int, int]:
    """A square by name."""
    return parse_square(name)


def test_one_map_per_board_object_and_kept_lines() -> None:
    """The same board object gets the same map and line; an equal board gets its own map."""
    board = Board.from_rows(ROWS)
    first = line_map(board, sq("A1"), sq("E1"))
    assert board_map(board) is board_map(board)
    assert line_map(board, sq("A1"), sq("E1")) is first
    twin = Board.from_rows(ROWS)
    assert board_map(twin) is not board_map(board)
    assert line_map(twin, sq("A1"), sq("E1")) == first


def test_map_is_dropped_with_its_board() -> None:
    """A board's map goes when the board goes (no map outlives its board)."""
    board = Board.from_rows(ROWS)
    key = id(board)
    board_map(board)
    assert key in lof_map._BOARDS
    del board
    gc.collect()
    assert key not in lof_map._BOARDS


def test_terrain_and_names_of_a_line() -> None:
    """Blocking terrain at the end, hindering terrain off the line, the line's name and route."""
    board = Board.from_rows(ROWS)
    facts = line_map(board, sq("A1"), sq("E1"))
    assert facts.name == "A1-E1"
    assert facts.crosses_blocking is True
    assert facts.lower_blocking is True
    assert facts.blocking_named == ("blocking terrain at E1",)
    assert facts.hindering_marks == (False,) * 5
    assert facts.spaces_on_route == 5
    assert facts.crossings == ()  # no corner and no wall on the way


def test_elevation_filters_what_counts() -> None:
    """On a line between two level-2 squares, level-1 squares do not count; level-2 interior squares do."""
    board = Board.from_rows(["h#h.."], elevation_rows=["21122"])
    low_line = line_map(board, sq("D1"), sq("A1"))
    assert low_line.low == 2
    assert low_line.path == (sq("D1"), sq("C1"), sq("B1"), sq("A1"))
    assert low_line.path_counted == (True, False, False, True)
    assert low_line.crosses_blocking is False
    assert low_line.hindering_marks == (False, False, False, True)
    assert low_line.levels_differ is False
    assert low_line.higher is False
    ground = line_map(board, sq("B1"), sq("D1"))
    assert ground.low == 1
    assert ground.higher is False
    assert ground.levels_differ is True


def test_walls_and_corners_are_the_steps_kept() -> None:
    """An edge a wall cuts and every corner the line passes through are kept, with the wall in words."""
    board = Board.from_rows(["....", "....", "...."], walls=[("B1", "C1")])
    straight = line_map(board, sq("A1"), sq("D1"))
    assert [(s.wall_cut, s.wall_words) for s in straight.crossings] == [(True, "the wall between B1 and C1")]
    assert len(straight.every_crossing()) == 3
    diagonal = line_map(board, sq("A1"), sq("C3"))
    assert [s.corner is not None for s in diagonal.crossings] == [True, True]
    assert all(not s.wall_cut for s in diagonal.crossings)
