"""The hex space with a neutral legend: names, neighbours, thin walls, clear distances, exact corner segments."""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.spaces import Space
from adjudicator.spaces.base import MapText
from adjudicator.spaces.hex import KIND, Hex, HexSpace, Legend, from_cube, hex_distance, mirror, rotate, to_cube
from adjudicator.spaces.hex.geometry import (
    corners,
    segment_enters_polygon,
    segment_touches_hex,
    segment_touches_polygon,
    segments_touch,
)
from adjudicator.spaces.kinds import space_kind

LEGEND = Legend(
    {".": "floor", "#": "rock", "|": "screen", "~": "water"},
    solid=frozenset({"rock"}),
    opaque=frozenset({"rock", "screen"}),
)
"""Rock is solid and opaque, a screen only opaque, floor and water neither (no game's words)."""
OPEN = [". . . .", " . . . .", ". . . ."]


def build(rows: list[str], walls: Iterable[tuple[str, str]] = ()) -> HexSpace:
    """A map of the neutral legend, walls given by name."""
    return KIND.build(rows, LEGEND, [(h(a), h(b)) for a, b in walls])


def h(name: str) -> Hex:
    """The hex a name denotes."""
    return KIND.blank(1, 1).parse(name)


def names(board: HexSpace, hexes: Iterable[Hex]) -> list[str]:
    """The names of some hexes, in their order."""
    return [board.name(x) for x in hexes]


def test_names_round_trip_past_z() -> None:
    """Column letters go on past Z as AA, AB..."""
    assert KIND.position_name(0, 0) == "A1"
    assert KIND.position_name(26, 9) == "AA10"
    assert h("AB3") == Hex(27, 2)
    assert h(KIND.position_name(51, 4)) == Hex(51, 4)
    with pytest.raises(ValueError, match="not a hex name"):
        h("3C")


def test_neighbours_follow_the_offset_layout() -> None:
    """Flush and shifted rows have their own six neighbours."""
    board = build([". . . . .", " . . . . .", ". . . . .", " . . . . ."])
    assert sorted(names(board, board.neighbours(h("C3")))) == ["B2", "B3", "B4", "C2", "C4", "D3"]
    assert sorted(names(board, board.neighbours(h("C2")))) == ["B2", "C1", "C3", "D1", "D2", "D3"]


def test_the_hex_kind_is_registered() -> None:
    """The registry's hex kind is this package's builder, and its maps are spaces and hex spaces."""
    assert space_kind("hex") is KIND
    board = build(OPEN, [("B2", "C2")])
    assert board.kind == "hex"
    assert isinstance(board, Space)
    assert isinstance(board, HexSpace)
    assert board.extent() == "4 hexes by 3 rows"
    blank = KIND.blank(3, 2)
    assert isinstance(blank, HexSpace)
    assert {blank.terrain_at(x) for x in blank.spaces()} == {"clear"}
    assert blank.terrain_at(Hex(3, 0)) is None


def test_build_names_the_bad_row_or_wall() -> None:
    """Uneven rows, unknown characters and walls between non-neighbours are refused."""
    with pytest.raises(ValueError, match="row 2 has 3 hexes"):
        build([". .", ". . ."])
    with pytest.raises(ValueError, match="unknown terrain character 'x'"):
        build([". x"])
    with pytest.raises(ValueError, match="do not share a side"):
        build(OPEN, [("A1", "C1")])
    with pytest.raises(ValueError, match="not on the map"):
        build(OPEN, [("D1", "E1")])


def test_legend_words_and_map_fields() -> None:
    """Each hex has its character's word; the map fields write the rows back indented."""
    board = build(["# . |", " ~ . ."], [("B1", "C1")])
    assert board.terrain_map()[h("A1")] == "rock"
    assert board.terrain_at(h("A2")) == "water"
    assert board.terrain_at(h("D1")) is None
    assert board.rows == ("#.|", "~..")
    fields = board.map_fields("hex")
    assert fields == {"terrain": ["# . |", " ~ . ."], "walls": [["B1", "C1"]]}
    assert all(isinstance(row, MapText) for row in fields["terrain"])


def test_thin_wall_cuts_adjacency_and_lengthens_distance_not_sight() -> None:
    """A thin wall is a side, not a hex: the count goes round it, a segment past its side is clear."""
    board = build(OPEN, [("B2", "C2")])
    assert h("C2") not in board.adjacent(h("B2"))
    assert board.step(h("B2"), h("C2")).wall
    assert board.clear_distance(h("B2"), h("C2")) == 2
    assert board.visible(h("B2"), h("C2"))


def test_solid_hexes_are_adjacent_to_nothing_and_opaque_ones_are_not_entered() -> None:
    """Rock is left out of adjacency; a screen stays adjacent but no count enters it; both block segments."""
    board = build([". # .", " . # .", ". # ."])
    assert h("B1") not in board.adjacent(h("A1"))
    assert board.clear_distance(h("A1"), h("C1")) is None
    assert not board.visible(h("A1"), h("C3"))
    screens = build([". | .", " . | .", ". | ."])
    assert h("B1") in screens.adjacent(h("A1"))
    assert screens.clear_distance(h("A1"), h("C1")) is None
    assert screens.clear_distances(h("B1"))[h("A1")] == 1  # the origin itself is at 0 whatever it is
    water = build([". ~ .", " ~ ~ .", ". ~ ."])
    assert water.visible(h("A1"), h("C3"))
    assert water.clear_distance(h("A1"), h("C1")) == 2


def test_segments_report_the_words_they_touch() -> None:
    """A blocked segment names the opaque words it touches; an off-map origin reaches nothing."""
    board = build([". | .", " . # .", ". . ."])
    touched = set().union(*(s.opaque for s in board.corner_segments(h("A1"), h("C1"))))
    assert touched == {"screen", "rock"}
    assert board.clear_segment(h("A1"), h("C1")) is None
    assert dict(board.clear_distances(Hex(9, 9))) == {Hex(9, 9): 0}


def test_segment_grazing_the_map_edge_touches_the_outside() -> None:
    """Neighbours along row 1 see each other, but a segment along the top edge touches the outside."""
    board = build(OPEN)
    line = board.clear_segment(h("A1"), h("D1"))
    assert line is not None
    assert not line.outside
    assert line.clear
    edge = [s for s in board.corner_segments(h("A1"), h("D1")) if s.start[1] == s.end[1] == -1]
    assert edge
    assert all(s.outside and not s.clear for s in edge)


def test_thin_wall_end_corner_is_touched() -> None:
    """A segment through a thin wall's end corner touches that end, and is not clear."""
    board = build(OPEN, [("B2", "C2")])
    lines = board.corner_segments(h("B1"), h("C3"))
    through_end = [s for s in lines if s.thin_wall_end and not s.thin_wall]
    assert through_end
    assert all(not s.clear for s in through_end)


def test_crossed_hexes() -> None:
    """A segment from centre row to centre row crosses the hexes between, not those it grazes."""
    board = build(OPEN)
    a, b = corners(h("A1"))[4], corners(h("D1"))[2]  # lower left of A1, lower right of D1
    assert names(board, board.crossed(a, b)) == ["A1", "B1", "C1", "D1"]
    assert board.crossed(corners(h("A1"))[0], corners(h("A1"))[1]) == ()  # along a side only


def test_segment_tests_are_exact() -> None:
    """Touching ends, collinear gaps and sides are decided exactly."""
    assert segments_touch((0, 0), (2, 2), (2, 2), (3, 0))  # end touches end
    assert not segments_touch((0, 0), (2, 2), (3, 3), (4, 4))  # collinear, apart
    poly = corners(Hex(1, 1))  # centre (3, 3)
    assert segment_touches_polygon((0, 6), (2, 4), poly)  # ends on the lower-left corner
    assert not segment_touches_polygon((2, 7), (2, 8), poly)
    assert not segment_touches_polygon((0, 0), (0, 10), poly)
    assert segment_enters_polygon((0, 3), (6, 3), poly)
    assert not segment_enters_polygon((2, 2), (3, 1), poly)  # along a side


def test_cube_helpers_round_trip() -> None:
    """Six turns, or two mirrorings, give the hex back."""
    for x in (Hex(0, 0), Hex(3, 1), Hex(2, 4), Hex(5, 7)):
        assert from_cube(to_cube(x)) == x
        assert from_cube(rotate(to_cube(x), 6)) == x
        assert from_cube(mirror(mirror(to_cube(x)))) == x
    assert rotate((1, -1, 0), 1) != (1, -1, 0)


def test_the_graph_holds_every_step() -> None:
    """``graph()`` has every hex and a step to each neighbour, thin walls marked on the step, built once."""
    board = build(OPEN, [("B2", "C2")])
    graph = board.graph()
    assert set(graph.nodes) == set(board.spaces())
    assert graph.number_of_edges() == sum(len(board.neighbours(x)) for x in board.spaces())
    assert graph[h("B2")][h("C2")]["step"].wall
    assert board.graph() is graph


def random_map(w: int, ht: int, cells: list[str], walls: list[tuple[int, int, int]]) -> HexSpace:
    """A ``w`` by ``ht`` map filled from ``cells``, with thin walls on the sides ``walls`` pick."""
    rows = ["".join(cells[(r * w + c) % len(cells)] for c in range(w)) for r in range(ht)]
    board = KIND.build(rows, LEGEND)
    pairs = []
    for c, r, d in walls:
        a = Hex(c % w, r % ht)
        ns = board.neighbours(a)
        if ns:
            pairs.append((a, ns[d % len(ns)]))
    return KIND.build(rows, LEGEND, pairs)


MAPS = st.builds(
    random_map,
    st.integers(2, 7),
    st.integers(2, 6),
    st.lists(st.sampled_from("......#|~~"), min_size=42, max_size=42),
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 5), st.integers(0, 5)), max_size=6),
)


def two(board: HexSpace, data: st.DataObject) -> tuple[Hex, Hex]:
    """Two hexes of the map (maybe the same)."""
    hexes = board.spaces()
    return data.draw(st.sampled_from(hexes)), data.draw(st.sampled_from(hexes))


@settings(max_examples=60, deadline=None)
@given(MAPS, st.data())
def test_adjacency_is_symmetric(board: HexSpace, data: st.DataObject) -> None:
    """Adjacency goes both ways, but for a solid hex, which is adjacent to nothing."""
    a, _ = two(board, data)
    for n in board.adjacent(a):
        assert a in board.adjacent(n) or board.terrain_at(a) == "rock"


@settings(max_examples=60, deadline=None)
@given(MAPS, st.data())
def test_visibility_is_symmetric_and_reflexive(board: HexSpace, data: st.DataObject) -> None:
    """A hex sees itself, and ``a`` has a clear segment to ``b`` exactly when ``b`` has one to ``a``."""
    a, b = two(board, data)
    assert board.visible(a, a)
    if a != b:
        assert (board.clear_segment(a, b) is None) == (board.clear_segment(b, a) is None)
        assert board.visible(a, b) == board.visible(b, a)


@settings(max_examples=60, deadline=None)
@given(MAPS, st.data())
def test_clear_distance_is_symmetric_and_at_least_the_hex_distance(board: HexSpace, data: st.DataObject) -> None:
    """Between hexes that are not opaque the count is symmetric; it is never below the plain distance."""
    a, b = two(board, data)
    there, back = board.clear_distance(a, b), board.clear_distance(b, a)
    if board.terrain_at(a) in {"floor", "water"} and board.terrain_at(b) in {"floor", "water"}:
        assert there == back
    if there is not None:
        assert there >= board.distance(a, b)
    assert board.distance(a, b) == board.distance(b, a)


@settings(max_examples=60, deadline=None)
@given(MAPS, st.data())
def test_the_fast_visibility_test_agrees_with_every_segment_checked(board: HexSpace, data: st.DataObject) -> None:
    """clear_segment (pruned corners, slab filters) finds a segment exactly when one of the 36 full checks is clear."""
    a, b = two(board, data)
    if a != b:
        assert (board.clear_segment(a, b) is not None) == any(s.clear for s in board.corner_segments(a, b))


@settings(max_examples=300, deadline=None)
@given(st.tuples(st.integers(-4, 12), st.integers(-5, 15)), st.tuples(st.integers(-4, 12), st.integers(-5, 15)))
def test_fast_hexagon_test_equals_the_polygon_test(p: tuple[int, int], q: tuple[int, int]) -> None:
    """The separating-axis hexagon test is the general convex-polygon test."""
    for x in (Hex(0, 0), Hex(1, 1), Hex(2, 2), Hex(3, 1)):
        assert segment_touches_hex(p, q, x) == segment_touches_polygon(p, q, corners(x))


def networkx_clear_distances(board: HexSpace, origin: Hex) -> dict[Hex, int]:
    """The clear distances the plain way: networkx's breadth-first count on the steps a clear count may take.

    A step counts when it crosses no thin wall and enters a hex that is neither solid nor opaque.
    """
    graph = board.graph()
    shut = LEGEND.solid | LEGEND.opaque

    def open_step(frm: Hex, to: Hex) -> bool:
        return not graph[frm][to]["step"].wall and board.terrain_at(to) not in shut

    view = nx.subgraph_view(graph, filter_edge=open_step)
    return dict(nx.single_source_shortest_path_length(view, origin))


@settings(max_examples=150, deadline=None)
@given(MAPS, st.data())
def test_clear_distances_are_networkx_distances(board: HexSpace, data: st.DataObject) -> None:
    """The hand-written breadth-first count (kept: it is the monster turn's hot path) is networkx's count."""
    origin, _ = two(board, data)
    assert dict(board.clear_distances(origin)) == networkx_clear_distances(board, origin)


@settings(max_examples=100, deadline=None)
@given(MAPS, st.data(), st.integers(0, 6))
def test_clear_within_is_the_clear_distances_cut_at_the_limit(board: HexSpace, data: st.DataObject, limit: int) -> None:
    """The bounded count (searched only that far, or cut from a full count already made) is the full count cut."""
    origin, other = two(board, data)
    board.clear_distances(other)  # counted in full first: its cut comes from that count, the other's from a search
    for start in (origin, other):
        expected = {n for n, d in networkx_clear_distances(board, start).items() if d <= limit}
        assert board.clear_within(start, limit) == expected


@settings(max_examples=60, deadline=None)
@given(MAPS)
def test_links_are_every_hex_adjacent_hexes(board: HexSpace) -> None:
    """The shared mapping of links gives each hex of the map its adjacent hexes, in reading order."""
    assert list(board.links()) == list(board.spaces())
    assert all(board.links()[x] == board.adjacent(x) for x in board.spaces())


def test_hex_distance_is_the_cube_distance() -> None:
    """The steps between two hexes, worked out without cube coordinates, are the cube distance."""
    hexes = [Hex(c, r) for c in range(-3, 7) for r in range(-3, 7)]
    for a in hexes:
        for b in hexes:
            ca, cb = to_cube(a), to_cube(b)
            assert hex_distance(a, b) == max(abs(x - y) for x, y in zip(ca, cb, strict=True))
