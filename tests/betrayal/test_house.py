"""The house as a room graph: every kind of way out of a room, and the graph's symmetries."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.spaces.rooms import House, Link, Obstacle, Passage, Room
from adjudicator.spaces.rooms.house import OPPOSITE, SIDES


def room(room_id: str, at: tuple[int, int], doors: str, floor: str = "ground", **more: object) -> Room:
    """A room at 0-based (column, row)."""
    return Room(room_id, floor, at[0], at[1], frozenset(doors), **more)  # type: ignore[arg-type]


def ways(house: House, place: str, kind: str | None = None) -> list[Passage]:
    """The passages out of ``place`` (of one kind when given)."""
    return [p for p in house.passages(place) if kind is None or p.kind == kind]


def hall() -> list[Room]:
    """Entrance hall (front door south), foyer and grand staircase on the ground floor, and both landings."""
    return [
        room("entrance_hall", (2, 3), "NEWS", front_door="S"),
        room("foyer", (2, 2), "NESW"),
        room("grand_staircase", (2, 1), "S"),
        room("upper_landing", (2, 2), "NESW", floor="upper"),
        room("basement_landing", (2, 2), "NESW", floor="basement"),
    ]


def test_joined_doors_both_ways() -> None:
    house = House((*hall(), room("kitchen", (3, 2), "W")))
    east = [p for p in ways(house, "foyer", "doors") if p.door == "E"]
    assert [p.to for p in east] == ["kitchen"]
    assert [(p.to, p.door) for p in ways(house, "kitchen", "doors")] == [("foyer", "W")]


def test_false_opening_cannot_be_passed() -> None:
    house = House((*hall(), room("kitchen", (3, 2), "E")))
    (east,) = [p for p in ways(house, "foyer") if p.door == "E"]
    assert (east.kind, east.to) == ("false_opening", None)
    assert "kitchen" not in house.neighbours("foyer")
    assert not house.doors_joined("foyer", "kitchen")


def test_front_door_is_never_a_way() -> None:
    house = House(tuple(hall()))
    south = [p for p in ways(house, "entrance_hall") if p.door == "S"]
    assert [(p.kind, p.to) for p in south] == [("front_door", None)]


def test_unexplored_doors_and_new_tiles() -> None:
    house = House((*hall(), room("pantry", (3, 2), "W", new=True)))
    by_door = {p.door: p for p in ways(house, "foyer") if p.door}
    assert (by_door["W"].kind, by_door["W"].to) == ("unexplored", None)
    assert (by_door["E"].kind, by_door["E"].to) == ("unexplored", "pantry")


def test_haunt_placed_tile_is_in_the_house() -> None:
    house = House((*hall(), room("crypt", (3, 2), "W", new=True, placed_by="haunt")))
    by_door = {p.door: p for p in ways(house, "foyer") if p.door}
    assert (by_door["E"].kind, by_door["E"].to) == ("doors", "crypt")
    assert not house.by_id["crypt"].undiscovered
    assert house.by_id["crypt"].new


def test_grand_staircase_and_upper_landing() -> None:
    house = House(tuple(hall()))
    assert [p.to for p in ways(house, "grand_staircase", "staircase")] == ["upper_landing"]
    assert [p.to for p in ways(house, "upper_landing", "staircase")] == ["grand_staircase"]
    assert house.distance("entrance_hall", "upper_landing") == 3


def test_basement_stairs_join_the_foyer_once_found() -> None:
    found = House((*hall(), room("stairs_from_basement", (1, 0), "E", floor="basement")))
    assert [(p.to, p.direction) for p in ways(found, "foyer", "basement_stairs")] == [("stairs_from_basement", "down")]
    assert [(p.to, p.direction) for p in ways(found, "stairs_from_basement", "basement_stairs")] == [("foyer", "up")]
    not_yet = House((*hall(), room("stairs_from_basement", (1, 0), "E", floor="basement", new=True)))
    assert ways(not_yet, "foyer", "basement_stairs") == []


def test_coal_chute_goes_up_from_the_basement_landing_only() -> None:
    house = House((*hall(), room("coal_chute", (3, 2), "W")))
    assert [(p.to, p.direction) for p in ways(house, "basement_landing", "coal_chute")] == [("coal_chute", "up")]
    assert ways(house, "coal_chute", "coal_chute") == []


def test_collapsed_room_falls() -> None:
    rooms = (*hall(), room("collapsed_room", (3, 2), "W"), room("crypt", (2, 1), "S", floor="basement"))
    anywhere = House(rooms)
    assert sorted(p.to or "" for p in ways(anywhere, "collapsed_room", "collapsed_room")) == [
        "basement_landing",
        "crypt",
    ]
    below = House(rooms, tokens=(("below_collapsed_room", "crypt"),))
    assert [(p.to, p.direction) for p in ways(below, "collapsed_room", "collapsed_room")] == [("crypt", "down")]


def test_secret_passages_join_token_rooms_both_ways() -> None:
    house = House(
        (*hall(), room("kitchen", (3, 2), "W")),
        tokens=(("secret_passage", "kitchen"), ("secret_passage", "upper_landing"), ("secret_stairs", "foyer")),
    )
    assert [(p.to, p.cost) for p in ways(house, "kitchen", "card_link")] == [("upper_landing", 1)]
    assert [(p.to, p.cost) for p in ways(house, "upper_landing", "card_link")] == [("kitchen", 1)]
    assert ways(house, "foyer", "card_link") == []


def test_links_one_way_cost_and_roll() -> None:
    link = Link("gallery", "foyer", one_way=True, cost=2, roll=("speed", 3))
    house = House((*hall()[:3], room("gallery", (0, 0), "E", floor="upper")), links=(link,))
    (out,) = ways(house, "gallery", "card_link")
    assert (out.to, out.cost, out.roll) == ("foyer", 2, ("speed", 3))
    (back,) = ways(house, "foyer", "against_one_way")
    assert back.to == "gallery"
    assert "gallery" not in house.neighbours("foyer")
    assert "foyer" in house.neighbours("gallery")
    both = House(house.rooms, links=(Link("gallery", "foyer"),))
    assert "gallery" in both.neighbours("foyer")


def test_obstacle_sides() -> None:
    chasm = room("chasm", (3, 2), "WE", obstacle=Obstacle("speed", 3, (("a", frozenset("W")), ("b", frozenset("E")))))
    house = House((*hall(), chasm, room("vault_hall", (4, 2), "W")))
    assert house.by_id["chasm"].places() == ("chasm:a", "chasm:b")
    assert [p.to for p in ways(house, "foyer") if p.door == "E"] == ["chasm:a"]
    assert [p.to for p in ways(house, "vault_hall") if p.door == "W"] == ["chasm:b"]
    assert [p.to for p in ways(house, "chasm:a", "obstacle_cross")] == ["chasm:b"]
    assert {p.door for p in ways(house, "chasm:a") if p.door} == {"W"}
    assert house.parse("chasm") == "chasm:a"


def test_rooms_are_never_adjacent_diagonally() -> None:
    house = House((*hall(), room("kitchen", (3, 1), "WS")))
    assert not house.adjacent("foyer", "kitchen")
    assert house.adjacent("grand_staircase", "kitchen")
    assert not house.adjacent("foyer", "upper_landing")


def test_straight_chain_and_line() -> None:
    house = House((*hall(), room("kitchen", (3, 2), "WE"), room("pantry", (4, 2), "W"), room("den", (3, 3), "N")))
    assert house.straight_chain("foyer", "pantry") == ("foyer", "kitchen", "pantry")
    assert house.straight_chain("entrance_hall", "grand_staircase") == ("entrance_hall", "foyer", "grand_staircase")
    assert house.straight_chain("foyer", "den") is None
    assert house.straight_chain("foyer", "upper_landing") is None


# -- properties on random ground floors

GRID = 4


@st.composite
def floors(draw: st.DrawFn) -> House:
    """A ground floor of up to 16 ordinary rooms on a 4 by 4 grid, each with random doors."""
    squares = draw(st.sets(st.tuples(st.integers(0, GRID - 1), st.integers(0, GRID - 1)), min_size=1, max_size=16))
    rooms = []
    for i, (col, row) in enumerate(sorted(squares)):
        doors = draw(st.sets(st.sampled_from(SIDES)))
        rooms.append(room(f"room{i}", (col, row), "".join(doors)))
    return House(tuple(rooms))


@settings(max_examples=60, deadline=None)
@given(floors())
def test_door_adjacency_is_symmetric(house: House) -> None:
    """Two rooms are joined by doors from one side exactly when they are from the other, and only when adjacent."""
    for place in house.spaces():
        for p in house.passages(str(place)):
            if p.kind == "doors":
                assert p.to is not None
                assert house.adjacent(str(place), p.to)
                back = [q for q in house.passages(p.to) if q.kind == "doors" and q.to == place]
                assert len(back) == 1
                assert p.door is not None
                assert back[0].door == OPPOSITE[p.door]
                assert house.doors_joined(str(place), p.to)


@settings(max_examples=60, deadline=None)
@given(floors())
def test_distance_is_a_metric_on_ordinary_rooms(house: House) -> None:
    """Without links, distance is symmetric, zero only on the diagonal, and obeys the triangle inequality."""
    places = [str(p) for p in house.spaces()][:6]
    for a in places:
        assert house.distance(a, a) == 0
        for b in places:
            d = house.distance(a, b)
            assert d == house.distance(b, a)
            assert (d == 0) == (a == b)
            if d > 0:
                for c in places:
                    ac, cb = house.distance(a, c), house.distance(c, b)
                    if ac >= 0 and cb >= 0:
                        assert d <= ac + cb


@settings(max_examples=60, deadline=None)
@given(floors())
def test_every_door_leads_somewhere_or_is_named(house: House) -> None:
    """Each door of a room gives exactly one passage, whose kind says what is behind it."""
    for place in house.spaces():
        r = house.room_of(place)
        door_ways = [p for p in house.passages(str(place)) if p.door is not None]
        assert sorted(p.door for p in door_ways if p.door) == sorted(r.doors)
        for p in door_ways:
            assert p.door is not None
            other = house.neighbour_through(r, p.door)
            expected = (
                "unexplored" if other is None else "doors" if OPPOSITE[p.door] in other.doors else "false_opening"
            )
            assert p.kind == expected
