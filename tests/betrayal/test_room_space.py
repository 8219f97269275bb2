"""The room space as geometry: doors, parts, sealed sides, undrawn tiles and the links a builder passes in.

These houses use neutral tile names: the space knows no room of any game.
"""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.spaces import Space
from adjudicator.spaces.kinds import space_kind
from adjudicator.spaces.rooms import (
    DOORS,
    FALSE_OPENING,
    KIND,
    OPPOSITE,
    SEALED,
    SIDES,
    UNEXPLORED,
    Link,
    Part,
    Passage,
    Room,
    RoomSpace,
)


def tile(tile_id: str, at: tuple[int, int], doors: str, floor: str = "ground", **more: object) -> Room:
    """A tile at 0-based (column, row)."""
    return Room(tile_id, floor, at[0], at[1], frozenset(doors), **more)  # type: ignore[arg-type]


def ways(house: RoomSpace, place: str, kind: str | None = None) -> list[Passage]:
    """The passages out of ``place`` (of one kind when given)."""
    return [p for p in house.passages(place) if kind is None or p.kind == kind]


def row() -> list[Room]:
    """Three tiles in a row, joined by doors: ``a`` - ``b`` - ``c``."""
    return [tile("a", (0, 0), "E"), tile("b", (1, 0), "WE"), tile("c", (2, 0), "W")]


def test_the_kind_builds_a_room_space() -> None:
    """The registry's room kind builds houses that satisfy both interfaces."""
    kind = space_kind("room")
    house = KIND.house(row())
    assert isinstance(house, Space)
    assert isinstance(house, RoomSpace)
    assert kind.position_name(2, 0) == "C1"
    assert KIND.parse_position("C3") == (2, 2)
    assert kind.blank(2, 1).extent() == "2 ground rooms"
    with pytest.raises(ValueError, match="square name"):
        KIND.parse_position("3C")


def test_joined_doors_both_ways() -> None:
    """Doors on both sides of a shared edge join two tiles, each way through the facing door."""
    house = KIND.house(row())
    assert [(p.to, p.door, p.kind) for p in ways(house, "b")] == [("c", "E", DOORS), ("a", "W", DOORS)]
    assert house.neighbours("a") == ("b",)
    assert house.doors_joined("a", "b")
    assert house.side_towards("a", "b") == "E"


def test_false_opening_leads_nowhere() -> None:
    """A door facing a doorless side is listed, leads nowhere and joins nothing."""
    house = KIND.house([tile("a", (0, 0), "E"), tile("b", (1, 0), "N")])
    (east,) = ways(house, "a")
    assert (east.kind, east.to) == (FALSE_OPENING, None)
    assert house.neighbours("a") == ()
    assert not house.doors_joined("a", "b")


def test_sealed_side_leads_nowhere() -> None:
    """A door on a sealed side is listed as sealed, even with a tile and a door behind it."""
    house = KIND.house([tile("a", (0, 0), "E", sealed=frozenset("E")), tile("b", (1, 0), "W")])
    assert [(p.kind, p.to) for p in ways(house, "a")] == [(SEALED, None)]
    assert not house.doors_joined("a", "b")
    assert not house.doors_joined("b", "a")


def test_a_door_facing_a_sealed_side_leads_nowhere() -> None:
    """A door towards the neighbour's sealed side is sealed too: the two tiles are not joined either way."""
    house = KIND.house([tile("a", (0, 0), "E"), tile("b", (1, 0), "W", sealed=frozenset("W"))])
    assert [(p.kind, p.to) for p in ways(house, "a")] == [(SEALED, None)]
    assert [(p.kind, p.to) for p in ways(house, "b")] == [(SEALED, None)]
    assert not house.doors_joined("a", "b")
    assert house.neighbours("a") == ()


def test_unexplored_doors_and_undrawn_tiles() -> None:
    """A door with nothing behind it, or facing a tile not drawn yet, is unexplored; stepping into that tile draws it."""
    house = KIND.house([tile("a", (1, 0), "WE"), tile("b", (2, 0), "W", undrawn=True)])
    by_door = {p.door: p for p in ways(house, "a")}
    assert (by_door["W"].kind, by_door["W"].to) == (UNEXPLORED, None)
    assert (by_door["E"].kind, by_door["E"].to) == (UNEXPLORED, "b")
    assert house.neighbours("a") == ("b",)
    assert house.extent() == "1 ground room"
    assert house.straight_chain("a", "b") is None


def test_parts_split_a_tile() -> None:
    """A tile split in parts is one place per part; a door leads to the part that holds it."""
    parts = (Part("x", frozenset("W")), Part("y", frozenset("E")))
    house = KIND.house([tile("a", (0, 0), "E"), tile("m", (1, 0), "WE", parts=parts), tile("c", (2, 0), "W")])
    assert house.by_id["m"].places() == ("m:x", "m:y")
    assert [p.to for p in ways(house, "a")] == ["m:x"]
    assert [p.to for p in ways(house, "c")] == ["m:y"]
    assert [p.door for p in ways(house, "m:x")] == ["W"]
    assert house.parse("m") == "m:x"
    assert house.by_id["m"].part_by_door("N") == "x"
    assert not house.contains("m")
    assert "no part 'z'" in house.not_on_map("m:z")


def test_two_way_link_reverses_its_direction() -> None:
    """A two-way link gives the same way back, its direction reversed, from every place of each end."""
    link = Link("a", "c", "lift", cost=2, roll=("grip", 3), direction="up")
    house = KIND.house(row(), (link,))
    (up,) = ways(house, "a", "lift")
    (down,) = ways(house, "c", "lift")
    assert (up.to, up.direction, up.cost, up.roll, up.link) == ("c", "up", 2, ("grip", 3), link)
    assert (down.to, down.direction) == ("a", "down")
    assert house.neighbours("a") == ("b", "c")


def test_one_way_link_and_the_way_against_it() -> None:
    """A one-way link is a step from ``frm`` only; ``against`` names the way back, which is no step."""
    listed = KIND.house(row(), (Link("a", "c", "slide", one_way=True, against="uphill"),))
    (back,) = ways(listed, "c", "uphill")
    assert (back.to, back.step) == ("a", False)
    assert "a" not in listed.neighbours("c")
    assert not listed.graph().has_edge("c", "a")
    unlisted = KIND.house(row(), (Link("a", "c", "slide", one_way=True),))
    assert [p.kind for p in ways(unlisted, "c")] == [DOORS]


def test_link_ends_may_name_places() -> None:
    """A link end naming a part leaves from or arrives at that part only."""
    parts = (Part("x", frozenset("W")), Part("y", frozenset("E")))
    rooms = [tile("a", (0, 0), "E"), tile("m", (1, 0), "WE", parts=parts)]
    house = KIND.house(rooms, (Link("m:x", "m:y", "cross"), Link("a", "m:y", "rope", one_way=True)))
    assert [p.to for p in ways(house, "m:x", "cross")] == ["m:y"]
    assert [p.to for p in ways(house, "m:y", "cross")] == ["m:x"]
    assert [p.to for p in ways(house, "a", "rope")] == ["m:y"]


def test_tiles_are_never_adjacent_diagonally_nor_across_floors() -> None:
    """Adjacency is a shared side on one floor."""
    house = KIND.house([tile("a", (0, 0), "ES"), tile("b", (1, 1), "NW"), tile("c", (0, 0), "", floor="upper")])
    assert not house.adjacent("a", "b")
    assert not house.adjacent("a", "c")
    assert house.side_towards("a", "c") is None


def test_straight_chain_and_line() -> None:
    """A straight chain runs along one row or column of one floor without a gap."""
    house = KIND.house([*row(), tile("d", (1, 1), "N")])
    assert house.straight_chain("a", "c") == ("a", "b", "c")
    assert house.line("a", "c").interior == ("b",)
    assert house.straight_chain("a", "d") is None


def test_distance_through_links_and_none() -> None:
    """Distance counts steps on the graph, links included; -1 when no way leads there."""
    house = KIND.house([*row(), tile("z", (5, 5), "")], (Link("a", "c", "lift"),))
    assert house.distance("a", "c") == 1
    assert house.distance("b", "b") == 0
    assert house.distance("a", "z") == -1
    assert house.distance("a", "nowhere") == -1


def test_stairs_and_levels() -> None:
    """Stairs are a tile's mark; the level is the floor's number."""
    house = KIND.house([tile("a", (0, 0), "", stairs=True), tile("b", (0, 0), "", floor="upper")])
    assert house.has_stairs("a")
    assert not house.has_stairs("b")
    assert (house.level("a"), house.level("b")) == (1, 2)


# -- properties on random floors

GRID = 4


@st.composite
def floors(draw: st.DrawFn) -> RoomSpace:
    """A ground floor of up to 16 tiles on a 4 by 4 grid, random doors, and a few random links."""
    squares = draw(st.sets(st.tuples(st.integers(0, GRID - 1), st.integers(0, GRID - 1)), min_size=1, max_size=16))
    rooms = [tile(f"t{i}", at, "".join(draw(st.sets(st.sampled_from(SIDES))))) for i, at in enumerate(sorted(squares))]
    ids = [room.id for room in rooms]
    links = draw(
        st.lists(
            st.builds(Link, st.sampled_from(ids), st.sampled_from(ids), st.just("link"), st.booleans()), max_size=3
        )
    )
    return KIND.house(rooms, links)


@settings(max_examples=60, deadline=None)
@given(floors())
def test_door_adjacency_is_symmetric(house: RoomSpace) -> None:
    """Two tiles are joined by doors from one side exactly when they are from the other, and only when adjacent."""
    for place in house.spaces():
        for p in ways(house, str(place), DOORS):
            assert p.to is not None
            assert p.door is not None
            assert house.adjacent(str(place), p.to)
            back = [q for q in ways(house, p.to, DOORS) if q.to == place]
            assert [q.door for q in back] == [OPPOSITE[p.door]]
            assert house.doors_joined(str(place), p.to)


@settings(max_examples=60, deadline=None)
@given(floors())
def test_every_door_leads_somewhere_or_is_named(house: RoomSpace) -> None:
    """Each door of a tile gives exactly one passage, whose kind says what is behind it."""
    for place in house.spaces():
        room = house.room_of(place)
        door_ways = [p for p in house.passages(str(place)) if p.door is not None]
        assert sorted(p.door for p in door_ways if p.door) == sorted(room.doors)
        for p in door_ways:
            assert p.door is not None
            other = house.neighbour_through(room, p.door)
            expected = UNEXPLORED if other is None else DOORS if OPPOSITE[p.door] in other.doors else FALSE_OPENING
            assert p.kind == expected


@settings(max_examples=60, deadline=None)
@given(floors())
def test_graph_is_the_steps_and_distance_its_shortest_paths(house: RoomSpace) -> None:
    """The graph's edges are the neighbours; distance is a shortest path length there, -1 when unreachable."""
    graph = house.graph()
    assert set(graph.nodes) == set(house.spaces())
    for place in house.spaces():
        assert set(graph.successors(place)) == set(house.neighbours(place))
    places = list(house.spaces())[:5]
    lengths = dict(nx.all_pairs_shortest_path_length(graph))
    for a in places:
        for b in places:
            assert house.distance(a, b) == lengths[a].get(b, -1)
