"""The hex space: names, neighbours, thin walls, range around walls, exact line of sight, pictures."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.gloomhaven.pictures import PICTURES
from adjudicator.spaces import Space, space_kind
from adjudicator.spaces.hex import Hex, HexMap, build_map, from_cube, hex_name, mirror, parse_hex, rotate, to_cube
from adjudicator.spaces.hex.geometry import (
    corners,
    segment_enters_polygon,
    segment_touches_hex,
    segment_touches_polygon,
    segments_touch,
)

OPEN = [". . . .", " . . . .", ". . . ."]


def names(board: HexMap, hexes: object) -> list[str]:
    return [board.name(h) for h in hexes]  # type: ignore[attr-defined]


def test_names_round_trip_past_z() -> None:
    assert hex_name(Hex(0, 0)) == "A1"
    assert hex_name(Hex(26, 9)) == "AA10"
    assert parse_hex("AB3") == Hex(27, 2)
    assert parse_hex(hex_name(Hex(51, 4))) == Hex(51, 4)


def test_neighbours_follow_the_contract_table() -> None:
    board = build_map([". . . . .", " . . . . .", ". . . . .", " . . . . ."])
    assert sorted(names(board, board.neighbours(parse_hex("C3")))) == ["B2", "B3", "B4", "C2", "C4", "D3"]
    assert sorted(names(board, board.neighbours(parse_hex("C2")))) == ["B2", "C1", "C3", "D1", "D2", "D3"]


def test_the_hex_kind_is_registered() -> None:
    board = space_kind("hex").build(OPEN, walls=[(parse_hex("B2"), parse_hex("C2"))])
    assert board.kind == "hex"
    assert isinstance(board, Space)
    assert board.extent() == "4 hexes by 3 rows"


def test_thin_wall_cuts_adjacency_and_lengthens_range_not_sight() -> None:
    board = build_map(OPEN, [(parse_hex("B2"), parse_hex("C2"))])
    b2, c2 = parse_hex("B2"), parse_hex("C2")
    assert c2 not in board.adjacent(b2)
    assert board.step(b2, c2).wall
    assert board.range_distance(b2, c2) == 2
    assert board.sees(b2, c2)


def test_a_wall_hex_and_doors_block_range_and_sight() -> None:
    board = build_map([". x .", " . x .", ". x ."])
    assert board.range_distance(parse_hex("A1"), parse_hex("C1")) is None
    assert not board.sees(parse_hex("A1"), parse_hex("C3"))
    doors = build_map([". D .", " . L .", ". x ."])
    assert doors.range_distance(parse_hex("A1"), parse_hex("C1")) is None
    assert not doors.sees(parse_hex("A1"), parse_hex("C1"))
    opened = build_map([". . .", ". / .", " . L .", ". x ."])
    assert opened.range_distance(parse_hex("A2"), parse_hex("C2")) == 2
    assert opened.sees(parse_hex("A2"), parse_hex("C2"))
    edge = build_map([". / .", " . L .", ". x ."])
    assert not edge.sees(parse_hex("A1"), parse_hex("C1"))  # every line touches the map's edge or the locked door


def test_line_grazing_the_map_edge_is_blocked() -> None:
    """Neighbours along row 1 see each other, but a line along the top edge would touch the outside."""
    board = build_map(OPEN)
    line = board.clear_line(parse_hex("A1"), parse_hex("D1"))
    assert line is not None
    assert not line.outside
    edge = [s for s in board.sight_lines(parse_hex("A1"), parse_hex("D1")) if s.start[1] == s.end[1] == -1]
    assert edge
    assert all(s.outside for s in edge)


def test_thin_wall_end_corner_blocks_a_line() -> None:
    board = build_map(OPEN, [(parse_hex("B2"), parse_hex("C2"))])
    lines = board.sight_lines(parse_hex("B1"), parse_hex("C3"))
    through_end = [s for s in lines if s.wall_corner and not s.wall]
    assert through_end
    assert all(not s.clear for s in through_end)


def test_obstacles_and_figures_do_not_block_sight_or_range() -> None:
    board = build_map([". o .", " o o .", ". o ."])
    assert board.sees(parse_hex("A1"), parse_hex("C3"))
    assert board.range_distance(parse_hex("A1"), parse_hex("C1")) == 2


def test_segment_tests_are_exact() -> None:
    assert segments_touch((0, 0), (2, 2), (2, 2), (3, 0))  # end touches end
    assert not segments_touch((0, 0), (2, 2), (3, 3), (4, 4))  # collinear, apart
    poly = corners(Hex(1, 1))  # centre (3, 3)
    assert segment_touches_polygon((0, 6), (2, 4), poly)  # ends on the lower-left corner
    assert not segment_touches_polygon((2, 7), (2, 8), poly)
    assert not segment_touches_polygon((0, 0), (0, 10), poly)
    assert segment_enters_polygon((0, 3), (6, 3), poly)
    assert not segment_enters_polygon((2, 2), (3, 1), poly)  # along a side


def test_cube_helpers_round_trip() -> None:
    for h in (Hex(0, 0), Hex(3, 1), Hex(2, 4), Hex(5, 7)):
        assert from_cube(to_cube(h)) == h
        assert from_cube(rotate(to_cube(h), 6)) == h
        assert from_cube(mirror(mirror(to_cube(h)))) == h
    assert rotate((1, -1, 0), 1) != (1, -1, 0)


def test_pictures_draw_pieces_and_marks() -> None:
    board = build_map(OPEN, [(parse_hex("B2"), parse_hex("C2"))])
    situation = SimpleNamespace(board=board, pieces=[SimpleNamespace(id="brute", type="character", at=parse_hex("B2"))])
    answer = SimpleNamespace(marks={"path": [parse_hex("B2"), parse_hex("C1")], "targets": [parse_hex("C1")]})
    text = PICTURES.text(situation, answer)  # type: ignore[arg-type]
    assert text.splitlines()[2].startswith("  2   ")  # even rows indented by half a hex
    assert "1 = brute (character)" in text
    assert "B2|C2" in text
    svg = PICTURES.svg(situation, answer)  # type: ignore[arg-type]
    assert svg.startswith("<svg")
    assert "polyline" in svg
    assert svg.count("<polygon") == 12


def _random_map(w: int, h: int, cells: list[str], walls: list[tuple[int, int, int]]) -> HexMap:
    rows = ["".join(cells[(r * w + c) % len(cells)] for c in range(w)) for r in range(h)]
    board = build_map(rows)
    pairs = []
    for c, r, d in walls:
        a = Hex(c % w, r % h)
        ns = board.neighbours(a)
        if ns:
            pairs.append((a, ns[d % len(ns)]))
    return build_map(rows, pairs)


MAPS = st.builds(
    _random_map,
    st.integers(2, 6),
    st.integers(2, 5),
    st.lists(st.sampled_from(".....xoDdt"), min_size=30, max_size=30),
    st.lists(st.tuples(st.integers(0, 5), st.integers(0, 4), st.integers(0, 5)), max_size=4),
)


def _two(board: HexMap, data: st.DataObject) -> tuple[Hex, Hex]:
    hexes = board.spaces()
    a = data.draw(st.sampled_from(hexes))
    b = data.draw(st.sampled_from(hexes))
    return a, b  # type: ignore[return-value]


@settings(max_examples=60, deadline=None)
@given(MAPS, st.data())
def test_adjacency_is_symmetric(board: HexMap, data: st.DataObject) -> None:
    a, _ = _two(board, data)
    for n in board.adjacent(a):
        assert a in board.adjacent(n) or board.feature(a) == "wall"


@settings(max_examples=60, deadline=None)
@given(MAPS, st.data())
def test_sight_is_symmetric_and_reflexive(board: HexMap, data: st.DataObject) -> None:
    a, b = _two(board, data)
    assert board.sees(a, a)
    if a != b:
        assert (board.clear_line(a, b) is None) == (board.clear_line(b, a) is None)


@settings(max_examples=60, deadline=None)
@given(MAPS, st.data())
def test_range_is_symmetric_and_at_least_the_hex_distance(board: HexMap, data: st.DataObject) -> None:
    a, b = _two(board, data)
    there, back = board.range_distance(a, b), board.range_distance(b, a)
    if board.passable_for_range(a) and board.passable_for_range(b):
        assert there == back
    if there is not None:
        assert there >= board.distance(a, b)
    assert board.distance(a, b) == board.distance(b, a)


@settings(max_examples=60, deadline=None)
@given(MAPS, st.data())
def test_the_fast_sight_test_agrees_with_every_line_checked(board: HexMap, data: st.DataObject) -> None:
    """clear_line (pruned corners, slab filters) finds a line exactly when one of the 36 full checks is clear."""
    a, b = _two(board, data)
    if a != b:
        assert (board.clear_line(a, b) is not None) == any(line.clear for line in board.sight_lines(a, b))


@settings(max_examples=300, deadline=None)
@given(st.tuples(st.integers(-4, 12), st.integers(-5, 15)), st.tuples(st.integers(-4, 12), st.integers(-5, 15)))
def test_fast_hexagon_test_equals_the_polygon_test(p: tuple[int, int], q: tuple[int, int]) -> None:
    for h in (Hex(0, 0), Hex(1, 1), Hex(2, 2), Hex(3, 1)):
        assert segment_touches_hex(p, q, h) == segment_touches_polygon(p, q, corners(h))
