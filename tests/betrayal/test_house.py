"""Betrayal's house: the special rooms and tokens turned into the ways of the room space (contract: connections)."""

from __future__ import annotations

from typing import Any

from adjudicator.games.betrayal.house import (
    AGAINST_ONE_WAY,
    BASEMENT_STAIRS,
    CARD_LINK,
    COAL_CHUTE_WAY,
    COLLAPSED_FALL,
    OBSTACLE_CROSS,
    STAIRCASE,
    HouseState,
    Obstacle,
    Tile,
    file_link,
    tile_room,
    way_direction,
    way_kind,
)
from adjudicator.spaces.rooms import SEALED, Passage, RoomSpace


def tile(room_id: str, at: tuple[int, int], doors: str, floor: str = "ground", **facts: Any) -> Tile:
    """A tile at 0-based (column, row), with its file facts (``new``, ``front_door``...)."""
    sides = facts.pop("sides", ())
    room = tile_room(
        room_id,
        floor,
        at,
        frozenset(doors),
        sides,
        front_door=facts.get("front_door"),
        undiscovered=facts.get("new", False) and facts.get("placed_by", "discovery") == "discovery",
    )
    return Tile(room, **facts)


def hall() -> list[Tile]:
    """Entrance hall (front door south), foyer and grand staircase on the ground floor, and both landings (L254)."""
    return [
        tile("entrance_hall", (2, 3), "NEWS", front_door="S"),
        tile("foyer", (2, 2), "NESW"),
        tile("grand_staircase", (2, 1), "S"),
        tile("upper_landing", (2, 2), "NESW", floor="upper"),
        tile("basement_landing", (2, 2), "NESW", floor="basement"),
    ]


def build(*tiles: Tile, **more: Any) -> RoomSpace:
    """The room space of these tiles (and links, tokens)."""
    return HouseState(tiles, **more).build()


def ways(house: RoomSpace, place: str, kind: str | None = None) -> list[Passage]:
    """The passages out of ``place`` (of one kind when given)."""
    return [p for p in house.passages(place) if kind is None or p.kind == kind]


def test_front_door_is_sealed() -> None:
    """The entrance hall's front door leads nowhere; the rules know it as the front door (L299, L643)."""
    house = build(*hall())
    (south,) = [p for p in ways(house, "entrance_hall") if p.door == "S"]
    assert (south.kind, south.to, way_kind(south)) == (SEALED, None, "front_door")


def test_grand_staircase_and_upper_landing() -> None:
    """The staircase joins the Grand Staircase and the Upper Landing both ways (L254, L301)."""
    house = build(*hall())
    assert [p.to for p in ways(house, "grand_staircase", STAIRCASE)] == ["upper_landing"]
    assert [p.to for p in ways(house, "upper_landing", STAIRCASE)] == ["grand_staircase"]
    assert house.distance("entrance_hall", "upper_landing") == 3
    assert house.has_stairs("foyer")
    assert not house.has_stairs("entrance_hall")


def test_basement_stairs_join_the_foyer_once_found() -> None:
    """The Stairs from Basement join the Foyer, down from it and up to it, only once discovered (L301)."""
    found = build(*hall(), tile("stairs_from_basement", (1, 0), "E", floor="basement"))
    down = ways(found, "foyer", BASEMENT_STAIRS)
    up = ways(found, "stairs_from_basement", BASEMENT_STAIRS)
    assert [(p.to, way_direction(p)) for p in down] == [("stairs_from_basement", "down")]
    assert [(p.to, way_direction(p)) for p in up] == [("foyer", "up")]
    not_yet = build(*hall(), tile("stairs_from_basement", (1, 0), "E", floor="basement", new=True))
    assert ways(not_yet, "foyer", BASEMENT_STAIRS) == []


def test_coal_chute_goes_up_from_the_basement_landing_only() -> None:
    """The chute is a way up from the Basement Landing, with no way back listed (L258, L525)."""
    house = build(*hall(), tile("coal_chute", (3, 2), "W"))
    assert [(p.to, p.direction) for p in ways(house, "basement_landing", COAL_CHUTE_WAY)] == [("coal_chute", "up")]
    assert ways(house, "coal_chute", COAL_CHUTE_WAY) == []
    assert [p.kind for p in ways(house, "coal_chute") if p.door is None] == []


def test_collapsed_room_falls() -> None:
    """The fall reaches every basement room, or the room of the Below Collapsed Room token (L262-266)."""
    tiles = (*hall(), tile("collapsed_room", (3, 2), "W"), tile("crypt", (2, 1), "S", floor="basement"))
    anywhere = build(*tiles)
    assert sorted(p.to or "" for p in ways(anywhere, "collapsed_room", COLLAPSED_FALL)) == ["basement_landing", "crypt"]
    assert ways(anywhere, "crypt", COLLAPSED_FALL) == []
    below = build(*tiles, tokens=(("below_collapsed_room", "crypt"),))
    assert [(p.to, way_direction(p)) for p in ways(below, "collapsed_room", COLLAPSED_FALL)] == [("crypt", "down")]


def test_the_room_below_the_collapsed_room_leads_back_up() -> None:
    """Once the token marks the room below, a way leads back up from it, no step of the graph (monsters, L525)."""
    tiles = (*hall(), tile("collapsed_room", (3, 2), "W"), tile("crypt", (2, 1), "S", floor="basement"))
    below = build(*tiles, tokens=(("below_collapsed_room", "crypt"),))
    assert [(p.to, way_direction(p), p.step) for p in ways(below, "crypt", COLLAPSED_FALL)] == [
        ("collapsed_room", "up", False)
    ]


def test_a_fall_into_an_obstacle_room_reaches_each_side() -> None:
    """A fall into an obstacle room offers each side; the rules say which one it may land on (L250, L289)."""
    vault = tile("vault", (3, 2), "W", floor="basement", sides=(("outside", frozenset("W")), ("inside", frozenset())))
    tiles = (*hall(), tile("collapsed_room", (3, 2), "W"), vault)
    below = build(*tiles, tokens=(("below_collapsed_room", "vault"),))
    assert sorted(p.to or "" for p in ways(below, "collapsed_room", COLLAPSED_FALL)) == [
        "vault:inside",
        "vault:outside",
    ]


def test_secret_passages_join_token_rooms_both_ways() -> None:
    """Rooms holding tokens of one secret type are joined both ways for one space; other types do not mix."""
    house = build(
        *hall(),
        tile("kitchen", (3, 2), "W"),
        tokens=(("secret_passage", "kitchen"), ("secret_passage", "upper_landing"), ("secret_stairs", "foyer")),
    )
    assert [(p.to, p.cost) for p in ways(house, "kitchen", CARD_LINK)] == [("upper_landing", 1)]
    assert [(p.to, p.cost) for p in ways(house, "upper_landing", CARD_LINK)] == [("kitchen", 1)]
    assert ways(house, "foyer", CARD_LINK) == []


def test_links_one_way_cost_and_roll() -> None:
    """A file link carries its cost and roll; against a one-way link the way is listed but is no step."""
    link = file_link("gallery", "foyer", one_way=True, cost=2, roll=("speed", 3))
    tiles = (*hall()[:3], tile("gallery", (0, 0), "E", floor="upper"))
    house = build(*tiles, links=(link,))
    (out,) = ways(house, "gallery", CARD_LINK)
    assert (out.to, out.cost, out.roll, out.link) == ("foyer", 2, ("speed", 3), link)
    (back,) = ways(house, "foyer", AGAINST_ONE_WAY)
    assert back.to == "gallery"
    assert "gallery" not in house.neighbours("foyer")
    assert "foyer" in house.neighbours("gallery")
    both = build(*tiles, links=(file_link("gallery", "foyer", one_way=False, cost=1, roll=None),))
    assert "gallery" in both.neighbours("foyer")


def test_obstacle_sides_and_the_crossing_roll() -> None:
    """An obstacle room's sides are places; crossing between them carries the roll printed on the tile (L246)."""
    sides = (("a", frozenset("W")), ("b", frozenset("E")))
    chasm = tile("chasm", (3, 2), "WE", sides=sides, obstacle=Obstacle("speed", 3))
    house = build(*hall(), chasm, tile("vault_hall", (4, 2), "W"))
    assert house.by_id["chasm"].places() == ("chasm:a", "chasm:b")
    assert [p.to for p in ways(house, "foyer") if p.door == "E"] == ["chasm:a"]
    assert [p.to for p in ways(house, "vault_hall") if p.door == "W"] == ["chasm:b"]
    assert [(p.to, p.roll) for p in ways(house, "chasm:a", OBSTACLE_CROSS)] == [("chasm:b", ("speed", 3))]
    assert [p.to for p in ways(house, "chasm:b", OBSTACLE_CROSS)] == ["chasm:a"]


def test_ways_out_keep_their_order() -> None:
    """A room lists its doors first, then obstacle crossings, the special ways, secret passages and file links."""
    sides = (("a", frozenset("W")), ("b", frozenset("E")))
    tiles = (*hall(), tile("chasm", (3, 2), "WE", sides=sides, obstacle=Obstacle("speed", 3)))
    links = (file_link("chasm", "grand_staircase", one_way=False, cost=1, roll=None),)
    house = build(*tiles, links=links, tokens=(("secret_stairs", "chasm"), ("secret_stairs", "foyer")))
    assert [p.kind for p in ways(house, "chasm:a")] == ["doors", OBSTACLE_CROSS, CARD_LINK, CARD_LINK]
    assert [p.kind for p in ways(house, "grand_staircase")] == ["doors", STAIRCASE, CARD_LINK]
