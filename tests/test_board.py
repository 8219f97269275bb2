"""Tests for adjudicator.spaces.square.board and .grid: names, map text, geometry queries, graph."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.spaces.square.board import DEFAULT_ELEVATION, Board, Terrain
from adjudicator.spaces.square.grid import (
    Square,
    column_name,
    corner_squares,
    diagonal_edges,
    distance,
    is_diagonal,
    is_orthogonal,
    parse_column,
    parse_square,
    square_name,
)
from tests.strategies import board_and_pair, board_and_square, boards

# ---------------------------------------------------------------------------
# Square names
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "square"),
    [
        ("A1", (0, 0)),
        ("C3", (2, 2)),
        ("Z1", (25, 0)),
        ("AA1", (26, 0)),
        ("AZ10", (51, 9)),
        ("BA1", (52, 0)),
        ("ZZ1", (701, 0)),
        ("AAA1", (702, 0)),
        ("B100", (1, 99)),
    ],
)
def test_parse_and_name_table(name: str, square: Square) -> None:
    """Known names parse to known squares and back."""
    assert parse_square(name) == square
    assert square_name(square) == name


def test_parse_lowercase() -> None:
    """Lower-case column letters are accepted."""
    assert parse_square("c3") == (2, 2)
    assert parse_square("aa12") == (26, 11)


@pytest.mark.parametrize("name", ["", "C", "3", "3C", "C0", "C03", "C-1", "C3 ", " C3", "C3D", "Ä1", "C³"])
def test_parse_bad_names(name: str) -> None:
    """Malformed names raise ValueError quoting the name."""
    with pytest.raises(ValueError, match="bad square name"):
        parse_square(name)


@pytest.mark.parametrize("square", [(-1, 0), (0, -1), (-3, -3)])
def test_square_name_negative(square: Square) -> None:
    """Squares with a negative coordinate have no name."""
    with pytest.raises(ValueError, match="negative"):
        square_name(square)


@pytest.mark.parametrize("letters", ["", "A1", "É"])
def test_parse_column_bad(letters: str) -> None:
    """Column names must be ASCII letters."""
    with pytest.raises(ValueError, match="bad column name"):
        parse_column(letters)


@given(st.integers(0, 5000), st.integers(0, 5000))
def test_name_round_trip(col: int, row: int) -> None:
    """square_name and parse_square are inverse on all squares."""
    assert parse_square(square_name((col, row))) == (col, row)


@given(st.from_regex(r"[A-Z]{1,3}[1-9][0-9]{0,3}", fullmatch=True))
def test_parse_round_trip(name: str) -> None:
    """parse_square and square_name are inverse on all well-formed names."""
    assert square_name(parse_square(name)) == name


@given(st.integers(0, 20000))
def test_column_order(col: int) -> None:
    """Column names are bijective and ordered like shortlex."""
    assert parse_column(column_name(col)) == col
    a, b = column_name(col), column_name(col + 1)
    assert (len(a), a) < (len(b), b)


# ---------------------------------------------------------------------------
# Terrain and map text
# ---------------------------------------------------------------------------


def test_terrain_chars() -> None:
    """Each terrain has its documented map character."""
    assert {t.char: t for t in Terrain} == {
        ".": Terrain.CLEAR,
        "h": Terrain.HINDERING,
        "~": Terrain.WATER,
        "#": Terrain.BLOCKING,
    }
    assert isinstance(Terrain.BLOCKING, str)
    assert str(Terrain.BLOCKING) == "blocking"


def test_from_rows_basic() -> None:
    """Terrain, absent squares and default elevation come from map text."""
    board = Board.from_rows([".h~", "#x."])
    assert (board.width, board.height) == (3, 2)
    assert board.terrain[parse_square("B1")] is Terrain.HINDERING
    assert board.terrain[parse_square("C1")] is Terrain.WATER
    assert board.terrain[parse_square("A2")] is Terrain.BLOCKING
    assert not board.contains(parse_square("B2"))
    assert set(board.elevation.values()) == {DEFAULT_ELEVATION}
    assert board.squares() == ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1))
    assert not board.indoor
    assert not board.walls
    assert not board.stairs


def test_from_rows_layers() -> None:
    """Elevation, indoor, walls and stairs are read and stored."""
    board = Board.from_rows(
        ["...", ".x."],
        elevation_rows=["123", "1x2"],
        indoor_rows=["ii.", ".x."],
        walls=[("A1", "B1"), ((2, 0), (2, 1))],
        stairs=["C2", (0, 1)],
    )
    assert board.elevation[(1, 0)] == 2
    assert board.elevation[(2, 1)] == 2
    assert board.indoor == {(0, 0), (1, 0)}
    assert board.walls == {frozenset({(0, 0), (1, 0)}), frozenset({(2, 0), (2, 1)})}
    assert board.stairs == {(2, 1), (0, 1)}


def test_terrain_rows_inverse() -> None:
    """terrain_rows gives back the map text."""
    rows = ["x.h~", "#..x"]
    assert Board.from_rows(rows).terrain_rows() == tuple(rows)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"terrain_rows": ["...", ".."]}, "terrain row 2 has 2 squares, expected 3"),
        ({"terrain_rows": ["..", ".q"]}, r"terrain row 2, column B \(B2\).*'q'"),
        ({"terrain_rows": []}, "no rows"),
        ({"terrain_rows": ["", ""]}, "empty"),
        ({"terrain_rows": ["xx", "xx"]}, "no squares on the map"),
        (
            {"terrain_rows": ["..", ".."], "elevation_rows": ["11"]},
            "elevation: 1 rows given, terrain has 2",
        ),
        (
            {"terrain_rows": ["..", ".."], "elevation_rows": ["11", "1"]},
            "elevation row 2 has 1 squares, expected 2",
        ),
        (
            {"terrain_rows": ["..", ".."], "elevation_rows": ["11", "1a"]},
            r"elevation row 2, column B.*digit",
        ),
        (
            {"terrain_rows": [".x"], "elevation_rows": ["12"]},
            r"elevation row 1, column B.*absent",
        ),
        (
            {"terrain_rows": [".."], "indoor_rows": [".I"]},
            r"indoor row 1, column B.*'I'",
        ),
        (
            {"terrain_rows": [".x"], "indoor_rows": [".i"]},
            r"indoor row 1, column B.*absent",
        ),
        (
            {"terrain_rows": ["...", "..."], "walls": [("A1", "B2")]},
            "orthogonally adjacent",
        ),
        (
            {"terrain_rows": ["...", "..."], "walls": [("A1", "C1")]},
            "orthogonally adjacent",
        ),
        ({"terrain_rows": [".x"], "walls": [("A1", "B1")]}, "wall: square B1"),
        ({"terrain_rows": [".."], "walls": [("A1", "A2")]}, "wall: square A2"),
        ({"terrain_rows": [".x"], "stairs": ["B1"]}, "stairs: square B1 is not"),
        ({"terrain_rows": [".."], "walls": [("A1", "1A")]}, "bad square name"),
    ],
)
def test_from_rows_errors(kwargs: dict[str, object], message: str) -> None:
    """Bad map text raises ValueError naming the row/column or item."""
    with pytest.raises(ValueError, match=message):
        Board.from_rows(**kwargs)  # type: ignore[arg-type]


def test_from_rows_string_not_rows() -> None:
    """A bare string instead of a list of rows is a TypeError."""
    with pytest.raises(TypeError, match="sequence of strings"):
        Board.from_rows("...")


def test_direct_constructor_validates() -> None:
    """The dataclass constructor checks squares against the grid and map."""
    with pytest.raises(ValueError, match="outside the 2x2 grid"):
        Board(2, 2, {(2, 0): Terrain.CLEAR})
    with pytest.raises(ValueError, match="elevation: square B1"):
        Board(2, 2, {(0, 0): Terrain.CLEAR}, elevation={(1, 0): 3})
    with pytest.raises(ValueError, match="indoor"):
        Board(2, 2, {(0, 0): Terrain.CLEAR}, indoor=frozenset({(1, 1)}))
    with pytest.raises(ValueError, match="at least 1x1"):
        Board(0, 2, {})
    with pytest.raises(ValueError, match="'lava'"):
        Board(1, 1, {(0, 0): "lava"})  # type: ignore[dict-item]


def test_direct_constructor_normalises() -> None:
    """Plain strings become Terrain and missing elevations default to 1."""
    board = Board(2, 1, {(0, 0): "water", (1, 0): Terrain.CLEAR})  # type: ignore[dict-item]
    assert board.terrain[(0, 0)] is Terrain.WATER
    assert board.elevation == {(0, 0): 1, (1, 0): 1}


def test_board_equality_and_hash() -> None:
    """Equal layouts make equal, hashable boards."""
    a = Board.from_rows([".h", "#."], walls=[("A1", "B1")])
    b = Board.from_rows([".h", "#."], walls=[("B1", "A1")])
    assert a == b
    assert hash(a) == hash(b)
    assert a != Board.from_rows([".h", "#~"], walls=[("A1", "B1")])


@given(boards())
def test_rows_round_trip(board: Board) -> None:
    """Rebuilding a board from its own terrain rows keeps the terrain."""
    again = Board.from_rows(board.terrain_rows())
    assert again.terrain == board.terrain
    assert again.squares() == board.squares()


# ---------------------------------------------------------------------------
# Geometry queries
# ---------------------------------------------------------------------------

OPEN_3X3 = Board.from_rows(["...", "...", "..."])


@pytest.mark.parametrize(("name", "count"), [("A1", 3), ("B1", 5), ("B2", 8), ("C3", 3), ("A2", 5)])
def test_neighbour_counts(name: str, count: int) -> None:
    """Corner, edge and middle squares have 3, 5 and 8 neighbours."""
    assert len(OPEN_3X3.neighbours(parse_square(name))) == count


def test_neighbours_skip_absent() -> None:
    """Absent squares are never neighbours."""
    board = Board.from_rows([".x.", "x.x", "..."])
    assert board.neighbours((1, 1)) == ((0, 0), (2, 0), (0, 2), (1, 2), (2, 2))
    assert board.neighbours((0, 0)) == ((1, 1),)


def test_neighbours_of_off_map_square() -> None:
    """Off-map squares still get their on-map king-move neighbours."""
    assert OPEN_3X3.neighbours((-1, -1)) == ((0, 0),)
    assert OPEN_3X3.neighbours((5, 5)) == ()


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [((0, 0), (0, 0), 0), ((0, 0), (3, 1), 3), ((2, 5), (4, 1), 4), ((1, 1), (0, 0), 1)],
)
def test_distance_table(a: Square, b: Square, expected: int) -> None:
    """Distance is the king-move (Chebyshev) count."""
    assert distance(a, b) == expected
    assert OPEN_3X3.distance(a, b) == expected


@pytest.mark.parametrize(
    ("a", "b", "diagonal", "orthogonal"),
    [
        ((1, 1), (2, 2), True, False),
        ((1, 1), (0, 2), True, False),
        ((1, 1), (1, 2), False, True),
        ((1, 1), (1, 1), False, False),
        ((1, 1), (3, 3), False, False),
    ],
)
def test_step_kinds(a: Square, b: Square, diagonal: bool, orthogonal: bool) -> None:
    """Diagonal and orthogonal steps are told apart; others are neither."""
    assert is_diagonal(a, b) is diagonal
    assert OPEN_3X3.is_diagonal(a, b) is diagonal
    assert is_orthogonal(a, b) is orthogonal


@pytest.mark.parametrize(
    ("a", "b", "corners"),
    [
        ((0, 0), (1, 1), ((1, 0), (0, 1))),
        ((1, 1), (0, 0), ((0, 1), (1, 0))),
        ((0, 1), (1, 0), ((1, 1), (0, 0))),
        ((2, 0), (1, 1), ((1, 0), (2, 1))),
    ],
)
def test_corner_squares_table(a: Square, b: Square, corners: tuple[Square, Square]) -> None:
    """The corner squares share a's row then a's column."""
    assert corner_squares(a, b) == corners
    assert OPEN_3X3.corner_squares(a, b) == corners
    assert OPEN_3X3.step(a, b).sides == corners


@pytest.mark.parametrize(("a", "b"), [((0, 0), (0, 1)), ((0, 0), (2, 2)), ((1, 1), (1, 1))])
def test_corner_squares_need_diagonal(a: Square, b: Square) -> None:
    """Only diagonal steps have corner squares."""
    with pytest.raises(ValueError, match="not a diagonal step"):
        corner_squares(a, b)


WALLED = Board.from_rows(["...", "...", "..."], walls=[("A1", "B1"), ("B2", "C2"), ("B2", "B3")])


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("A1", "B1", True),
        ("B1", "A1", True),
        ("A1", "A2", False),
        ("B2", "C2", True),
        ("A1", "B2", True),  # A1|B1 ends at the A1/B2 corner
        ("B1", "A2", True),  # same corner, crossed the other way
        ("A2", "B3", True),  # B2|B3 ends at the A2/B3 corner
        ("B3", "C2", True),  # B2|C2 and B2|B3 both end there
        ("B1", "C2", True),  # B2|C2 ends at the B1/C2 corner
        ("A3", "B2", True),  # B2|B3 ends at the A3/B2 corner
    ],
)
def test_wall_between_table(a: str, b: str, expected: bool) -> None:
    """Orthogonal steps see their edge's wall; diagonal ones any at the corner."""
    assert WALLED.wall_between(parse_square(a), parse_square(b)) is expected


def test_wall_between_clear_diagonal() -> None:
    """A diagonal whose corner no wall touches is not cut."""
    board = Board.from_rows(["...", "...", "..."], walls=[("A1", "B1")])
    assert not board.wall_between(parse_square("B2"), parse_square("C3"))
    assert not board.wall_between(parse_square("C2"), parse_square("B3"))


def test_diagonal_walls_sets() -> None:
    """diagonal_walls returns exactly the walls meeting the crossed corner."""
    b2, b3, c2 = parse_square("B2"), parse_square("B3"), parse_square("C2")
    found = WALLED.diagonal_walls(b3, c2)
    assert found == {frozenset({b2, c2}), frozenset({b2, b3})}
    assert WALLED.diagonal_walls(c2, b3) == found
    assert WALLED.diagonal_walls(parse_square("B2"), parse_square("C3")) == found
    assert WALLED.diagonal_walls(parse_square("A2"), parse_square("B1")) == {
        frozenset({parse_square("A1"), parse_square("B1")})
    }
    one_wall = Board.from_rows(["...", "...", "..."], walls=[("A1", "B1")])
    assert one_wall.diagonal_walls(parse_square("B2"), parse_square("C3")) == set()


def test_diagonal_edges_meet_at_corner() -> None:
    """The four edges of a diagonal step are the ones around its corner."""
    a, b = (3, 4), (4, 5)
    edges = diagonal_edges(a, b)
    assert len(set(edges)) == 4
    x, y = max(a[0], b[0]), max(a[1], b[1])  # the lattice point both squares touch
    around = {(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)}
    for edge in edges:
        assert edge <= around
        p, q = sorted(edge)
        assert is_orthogonal(p, q)


def test_wall_between_not_adjacent() -> None:
    """wall_between needs two adjacent squares."""
    with pytest.raises(ValueError, match="not adjacent"):
        WALLED.wall_between((0, 0), (2, 0))
    with pytest.raises(ValueError, match="not adjacent"):
        WALLED.wall_between((0, 0), (0, 0))


# ---------------------------------------------------------------------------
# Graph
# ---------------------------------------------------------------------------


def test_graph_small() -> None:
    """A 2x2 board is a complete graph, one edge each way, with two diagonal steps (through a vertex)."""
    graph = Board.from_rows(["..", ".."]).graph()
    assert graph.number_of_nodes() == 4
    assert graph.number_of_edges() == 12
    diagonals = {frozenset((a, b)) for a, b in graph.edges if graph.edges[a, b]["step"].vertex}
    assert diagonals == {frozenset({(0, 0), (1, 1)}), frozenset({(1, 0), (0, 1)})}


def test_graph_cached_and_frozen() -> None:
    """graph() returns the same frozen object each time."""
    board = Board.from_rows(["...", "..."])
    graph = board.graph()
    assert graph is board.graph()
    with pytest.raises(nx.NetworkXError, match="Frozen graph"):
        graph.add_edge((0, 0), (2, 1))


# ---------------------------------------------------------------------------
# Properties on random boards
# ---------------------------------------------------------------------------


@given(board_and_pair())
def test_neighbour_relation_symmetric(case: tuple[Board, Square, Square]) -> None:
    """Being neighbours is symmetric: b next to a iff a next to b."""
    board, a, b = case
    assert (b in board.neighbours(a)) == (a in board.neighbours(b))


@given(board_and_pair())
def test_distance_symmetric(case: tuple[Board, Square, Square]) -> None:
    """Distance is symmetric, zero only on the diagonal, 1 for neighbours."""
    board, a, b = case
    assert board.distance(a, b) == board.distance(b, a)
    assert (board.distance(a, b) == 0) == (a == b)
    if b in board.neighbours(a):
        assert board.distance(a, b) == 1


@given(board_and_square())
def test_neighbours_are_on_map_and_close(case: tuple[Board, Square]) -> None:
    """Neighbours are distinct map squares at distance 1, at most 8."""
    board, square = case
    found = board.neighbours(square)
    assert len(found) == len(set(found)) <= 8
    assert square not in found
    for other in found:
        assert board.contains(other)
        assert board.distance(square, other) == 1
    expected = {sq for sq in board.squares() if board.distance(square, sq) == 1}
    assert set(found) == expected


@given(boards())
def test_graph_matches_neighbours(board: Board) -> None:
    """Graph nodes are the map squares; edges are neighbours both ways, each carrying its step's facts."""
    graph = board.graph()
    assert set(graph.nodes) == set(board.squares())
    for sq in board.squares():
        assert set(graph.successors(sq)) == set(board.neighbours(sq)) == set(graph.predecessors(sq))
    for a, b in graph.edges:
        assert graph.edges[a, b]["step"] == board.step(a, b)
        assert graph.edges[a, b]["step"].vertex is board.is_diagonal(a, b)


@given(boards())
def test_walls_seen_from_both_sides(board: Board) -> None:
    """wall_between is symmetric and agrees with diagonal_walls."""
    for a in board.squares():
        for b in board.neighbours(a):
            assert board.wall_between(a, b) == board.wall_between(b, a)
            if board.is_diagonal(a, b):
                walls = board.diagonal_walls(a, b)
                assert walls == board.diagonal_walls(b, a)
                assert walls <= board.walls
                assert board.wall_between(a, b) == bool(walls)


@given(boards())
def test_random_board_layers_consistent(board: Board) -> None:
    """Every layer only mentions map squares; elevation covers all of them."""
    squares = set(board.squares())
    assert set(board.elevation) == squares
    assert board.indoor <= squares
    assert board.stairs <= squares
    for wall in board.walls:
        assert wall <= squares
