"""What ends a movement (``movement_ends_by``), a group of monsters on one roll (L519), a path that names its start."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import PositionedError
from adjudicator.games.betrayal.model import DIE
from tests.betrayal.support import HALL, ask, corridor, explorer, monster, situation

HAUNT = {"started": True, "traitor": "vivian"}
OMEN_ROOM = {"id": "kitchen", "floor": "ground", "at": "D3", "doors": "WE", "symbol": "omen", "new": True}


# -- movement_ends_by


def test_a_card_ends_the_movement_by_card_BT_MOVE_CARD_STOP() -> None:
    """Discovering a room with a symbol ends the move there by a card (L222, L319), in move and in reach alike."""
    pieces = [explorer("ox", "foyer")]
    moved = ask([*HALL, OMEN_ROOM], pieces, {"kind": "move", "piece": "ox", "path": ["kitchen"]})["outcome"]
    ended = {"by": "card", "at": "kitchen", "rule": "BT.MOVE.CARD_STOP"}
    assert (moved["movement_ends"], moved["movement_ends_by"], moved["remaining"]) == (True, ended, 0)
    reach = ask([*HALL, OMEN_ROOM], pieces, {"kind": "reach", "piece": "ox"})["outcome"]
    assert reach["movement_ends_by"] == {"kitchen": ended}


@pytest.mark.parametrize(("speed", "remaining"), [(2, 0), (3, 1), (4, 2)])
def test_running_out_of_spaces_is_no_end_by_a_rule_BT_MOVE_BUDGET(speed: int, remaining: int) -> None:
    """Two spaces walked on Speed 2, 3, 4: 0, 1, 2 left, and the movement never ends by a rule (L222)."""
    query = {"kind": "move", "piece": "ox", "path": ["r1", "r2"]}
    out = ask(corridor(3), [explorer("ox", "r0", speed=speed)], query)["outcome"]
    assert (out["remaining"], out["movement_ends"], out["movement_ends_by"]) == (remaining, False, None)


def test_a_failed_crossing_ends_the_movement_BT_ROOM_OBSTACLE_CROSS() -> None:
    """A crossing roll under the target ends the movement on the near side (L246)."""
    chasm = {
        "id": "chasm",
        "floor": "ground",
        "at": "D3",
        "doors": "WE",
        "obstacle": {"trait": "speed", "target": 3, "sides": {"a": "W", "b": "E"}},
    }
    query = {"kind": "move", "piece": "ox", "path": ["chasm:a", "chasm:b"], "dice": {"chasm": 2}}
    out = ask([*HALL, chasm], [explorer("ox", "foyer")], query)["outcome"]
    assert out["movement_ends_by"] == {"by": "failed_crossing", "at": "chasm:a", "rule": "BT.ROOM.OBSTACLE.CROSS"}


def test_reach_names_no_end_for_an_ordinary_room() -> None:
    """Rooms without a card to draw are reached with nothing ending the movement there."""
    out = ask(corridor(3), [explorer("ox", "r0")], {"kind": "reach", "piece": "ox"})["outcome"]
    assert (out["rooms"], out["movement_ends_by"]) == (["r1", "r2"], {})


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 5), st.integers(1, 4), st.sampled_from([None, "omen", "item"]))
def test_movement_ends_agrees_with_movement_ends_by(speed: int, length: int, symbol: str | None) -> None:
    """``movement_ends`` is true exactly when ``movement_ends_by`` names what ended it, and then nothing remains."""
    rooms = corridor(5)
    rooms[length] = {**rooms[length], "symbol": symbol, "new": symbol is not None}
    path = [f"r{i}" for i in range(1, length + 1)]
    out = ask(rooms, [explorer("ox", "r0", speed=speed)], {"kind": "move", "piece": "ox", "path": path})["outcome"]
    assert out["movement_ends"] is (out["movement_ends_by"] is not None)
    if out["movement_ends"]:
        assert out["remaining"] == 0
        assert out["movement_ends_by"]["at"] == out["end"]


# -- a group of monsters on one roll


def group(paths: dict[str, list[str]], movement: int | None = None, **pieces: dict[str, Any]) -> dict[str, Any]:
    """Zombies on a corridor moving as one group (``paths`` by id), with the group roll if given."""
    query: dict[str, Any] = {"kind": "monster_group_move", "moves": [{"piece": k, "path": v} for k, v in paths.items()]}
    if movement is not None:
        query["dice"] = {"movement": movement}
    people = [explorer("ox", "r5"), explorer("vivian", "r5")]
    zombies = [pieces.get(k, monster(k, "r0")) for k in paths]
    return ask(corridor(6), [*people, *zombies], query, haunt=HAUNT)


@pytest.mark.parametrize(("roll", "verdict"), [(2, "illegal"), (3, "legal"), (4, "legal")])
def test_the_group_roll_moves_each_as_far_BT_MON_MOVE_ROLL(roll: int, verdict: str) -> None:
    """On a shared roll of 2, 3, 4 a three-space path is refused, allowed, allowed (L519); a one-space path always goes."""
    out = group({"z1": ["r1", "r2", "r3"], "z2": ["r1"]}, roll)
    assert out["verdict"] == verdict
    assert out["outcome"]["moves"]["z1"]["verdict"] == verdict
    assert out["outcome"]["moves"]["z2"]["verdict"] == "legal"
    assert out["outcome"]["roll"] == roll


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 4), st.integers(1, 5), st.integers(1, 5))
def test_the_shared_roll_odds_are_those_of_the_longest_path(speed: int, one: int, two: int) -> None:
    """Without the roll, the group gets through on the chance of the longest path alone (one roll, L519, L487)."""
    paths = {"z1": [f"r{i}" for i in range(1, one + 1)], "z2": [f"r{i}" for i in range(1, two + 1)]}
    zombies = {k: monster(k, "r0", speed=speed) for k in paths}
    out = group(paths, None, **zombies)["outcome"]
    need = max(one, two)
    expected = Fraction(1) if need <= 1 else DIE.at_least(speed, need)
    assert Fraction(out["p_success"]) == expected
    assert Fraction(out["p_success"]) <= min(Fraction(m["p_success"]) for m in out["moves"].values())


@pytest.mark.parametrize(
    ("moves", "field", "message"),
    [
        ([], "query.moves", "expected at least one"),
        ([{"piece": "ox", "path": ["r1"]}], "query.moves[0].piece", "is an explorer"),
        ([{"piece": "z1", "path": ["r1"]}, {"piece": "z1", "path": ["r1"]}], "query.moves[1].piece", "listed twice"),
        ([{"piece": "z1", "path": ["r1"]}, {"piece": "z3", "path": ["r1"]}], "query.moves[1].piece", "Speed differs"),
        ([{"piece": "z1", "path": ["r0"]}], "query.moves[0].path[0]", "already stands in r0"),
        ([{"piece": "z1", "path": ["r9"]}], "query.moves[0].path[0]", "no room 'r9'"),
        ([{"piece": "z1"}], "query.moves[0].path", "required field is missing"),
        ([{"piece": "z1", "path": ["r1"], "roll": 2}], "query.moves[0].roll", "unknown field"),
        ([{"piece": "nobody", "path": ["r1"]}], "query.moves[0].piece", "no piece 'nobody'"),
    ],
)
def test_a_bad_group_is_refused_where_it_goes_wrong(moves: list[Any], field: str, message: str) -> None:
    """Each bad group move is refused naming its field (exit 2 at the CLI)."""
    pieces = [explorer("ox", "r5"), monster("z1", "r0"), monster("z2", "r0"), monster("z3", "r0", speed=3)]
    with pytest.raises(PositionedError) as info:
        situation(corridor(6), pieces, {"kind": "monster_group_move", "moves": moves})
    assert f": {field}: " in str(info.value)
    assert message in str(info.value)


# -- a path that names its start


def test_a_path_may_come_back_through_its_start() -> None:
    """Only a first room equal to the start is refused; walking back through it later is an ordinary move."""
    out = ask(corridor(3), [explorer("ox", "r1")], {"kind": "move", "piece": "ox", "path": ["r0", "r1", "r2"]})
    assert (out["verdict"], out["outcome"]["end"]) == ("legal", "r2")


def test_a_path_naming_its_start_is_refused() -> None:
    """A path whose first room is where the piece stands is refused as input, naming the field."""
    with pytest.raises(PositionedError) as info:
        situation(corridor(3), [explorer("ox", "r1")], {"kind": "move", "piece": "ox", "path": ["r1", "r2"]})
    assert ": query.path[0]: ox already stands in r1" in str(info.value)


# -- tile effects on traits (L309, L495, L525) and the stuck monster (L529)

TRACK = [2, 3, 4, 4, 5, 5, 6, 7]
GYM = [*HALL, {"id": "gymnasium", "floor": "ground", "at": "D3", "doors": "W"}]


def tile(piece: dict[str, Any], trait: str, change: int, **top: Any) -> dict[str, Any]:
    """The answer to a room's instruction moving one trait of ``piece`` (Vivian the traitor when the haunt is on)."""
    pieces = [piece, explorer("vivian", "foyer")] if piece["id"] != "vivian" else [piece]
    return ask(GYM, pieces, {"kind": "tile_effect", "piece": piece["id"], "trait": trait, "change": change}, **top)


@pytest.mark.parametrize(("at", "value"), [(6, 6), (7, 7), (8, 7)])
def test_a_gain_stops_at_the_maximum_BT_TRAIT_MAX(at: int, value: int) -> None:
    """Speed on notches 6, 7, 8 raised by 1: 6, 7, and 7 again (the maximum, L188)."""
    out = tile(explorer("ox", "gymnasium", speed={"track": TRACK, "at": at}), "speed", 1)["outcome"]
    assert (out["applies"], out["value"], out["at"]) == (True, value, min(at + 1, 8))


@pytest.mark.parametrize(("at", "started", "dead"), [(1, False, False), (1, True, True), (2, True, False)])
def test_a_loss_to_the_skull_kills_only_after_the_haunt_BT_TRAIT_SKULL(at: int, started: bool, dead: bool) -> None:
    """One notch down from notch 1 kills after the haunt only (L198); from notch 2 it never does."""
    haunt = HAUNT if started else {"started": False}
    out = tile(explorer("ox", "gymnasium", sanity={"track": TRACK, "at": at}), "sanity", -1, haunt=haunt)["outcome"]
    assert out["dead"] is dead
    assert out["at"] == (at - 1 if started else max(at - 1, 1))


@pytest.mark.parametrize("change", [-1, 1])
def test_monsters_take_neither_gain_nor_harm_BT_MON_TILES(change: int) -> None:
    """A monster gets nothing from a gain and may ignore a loss (L525): its trait stays as it is."""
    pieces = [explorer("ox", "foyer"), explorer("vivian", "foyer"), monster("z1", "gymnasium")]
    query = {"kind": "tile_effect", "piece": "z1", "trait": "might", "change": change}
    out = ask(GYM, pieces, query, haunt=HAUNT)["outcome"]
    assert (out["applies"], out["value"]) == (False, 4)


@pytest.mark.parametrize(("piece", "applies"), [("ox", True), ("vivian", False)])
def test_only_the_traitor_may_ignore_a_harmful_tile_BT_TRAITOR_TILES(piece: str, applies: bool) -> None:
    """A hero takes the loss (L309); the traitor may ignore it (L495)."""
    pieces = [explorer("ox", "gymnasium", sanity={"track": TRACK, "at": 4}), explorer("vivian", "gymnasium")]
    query = {"kind": "tile_effect", "piece": piece, "trait": "sanity", "change": -1}
    assert ask(GYM, pieces, query, haunt=HAUNT)["outcome"]["applies"] is applies


def test_a_bad_tile_effect_is_refused() -> None:
    """A change of 0, and a clip the effect must move given as a bare number, are refused naming the field."""
    pieces = [explorer("ox", "gymnasium")]
    with pytest.raises(PositionedError, match=r"query\.change: expected the notches"):
        situation(GYM, pieces, {"kind": "tile_effect", "piece": "ox", "trait": "speed", "change": 0})
    with pytest.raises(PositionedError, match=r"query\.change: 9 is out of range -8..8"):
        situation(GYM, pieces, {"kind": "tile_effect", "piece": "ox", "trait": "speed", "change": 9})
    with pytest.raises(PositionedError, match=r"pieces\[0\]\.speed: this effect moves ox's clip"):
        ask(GYM, pieces, {"kind": "tile_effect", "piece": "ox", "trait": "speed", "change": 1})


BASEMENT = [
    *HALL,
    {"id": "wine_cellar", "floor": "basement", "at": "C4", "doors": "N"},
]


def rescue(rooms: list[dict[str, Any]], **query: Any) -> dict[str, Any]:
    """The basement_rescue answer for a zombie in the wine cellar, Ox (a hero) in the foyer."""
    pieces = [explorer("ox", "foyer"), explorer("vivian", "upper_landing"), monster("z1", "wine_cellar")]
    return ask(rooms, pieces, {"kind": "basement_rescue", "piece": "z1", **query}, haunt=HAUNT)["outcome"]


def test_a_stuck_monster_lets_the_traitor_fetch_the_stairs_BT_MON_BASEMENT_RESCUE() -> None:
    """No way up and no Stairs in the house: the traitor may place them (L529), unless monsters may explore."""
    assert rescue(BASEMENT)["may_place_stairs"] is True
    assert rescue(BASEMENT, monsters_explore=True)["may_place_stairs"] is False


def test_stairs_already_placed_or_a_hero_below_means_no_rescue() -> None:
    """With the Stairs from Basement in the house, or a hero on the basement landing, nothing is fetched."""
    stairs = {"id": "stairs_from_basement", "floor": "basement", "at": "D3", "doors": "W"}
    assert rescue([*BASEMENT, stairs])["may_place_stairs"] is False
    pieces = [explorer("ox", "basement_landing"), explorer("vivian", "foyer"), monster("z1", "wine_cellar")]
    out = ask(BASEMENT, pieces, {"kind": "basement_rescue", "piece": "z1"}, haunt=HAUNT)["outcome"]
    assert (out["reaches_heroes"], out["stuck"], out["may_place_stairs"]) == (["ox"], False, False)


def test_a_bad_rescue_question_is_refused() -> None:
    """An explorer, or a monster before the haunt, is refused naming the piece."""
    pieces = [explorer("ox", "foyer"), explorer("vivian", "foyer"), monster("z1", "wine_cellar")]
    with pytest.raises(PositionedError, match=r"query\.piece: ox is an explorer"):
        situation(BASEMENT, pieces, {"kind": "basement_rescue", "piece": "ox"}, haunt=HAUNT)
    with pytest.raises(PositionedError, match=r"query\.piece: monsters play only once the haunt has started"):
        situation(BASEMENT, pieces, {"kind": "basement_rescue", "piece": "z1"})


# -- trading, dropping, picking up (L339-357, L248)


def trade(query: dict[str, Any], ox: dict[str, Any] | None = None, zoe_at: str = "foyer") -> dict[str, Any]:
    """The answer for Ox (holding an axe, the dog and an untradeable music box) acting with his cards."""
    ox = ox or explorer("ox", "foyer", items=["axe", {"name": "music_box", "tradeable": False}], omens=["dog"])
    pieces = [ox, explorer("zoe", zoe_at), monster("z1", "foyer")]
    return ask(HALL, pieces, {"kind": "trade", "piece": "ox", **query})


@pytest.mark.parametrize(
    ("query", "legal", "rule"),
    [
        ({"card": "axe", "with": "zoe"}, True, "BT.ITEM.TRADE"),
        ({"card": "axe", "with": "zoe", "both_agree": False}, False, "BT.ITEM.TRADE"),
        ({"card": "axe", "with": "zoe", "action_done": True}, False, "BT.ITEM.TRADE"),
        ({"card": "axe", "with": "zoe", "card_acted": True}, False, "BT.ITEM.PER_ITEM_ONE_ACTION"),
        ({"card": "music_box", "with": "zoe"}, False, "BT.ITEM.UNTRADEABLE"),
        ({"card": "music_box", "action": "drop"}, True, "BT.ITEM.DROP"),
        ({"card": "dog", "action": "drop"}, False, "BT.ITEM.NOT_ITEMS"),
        ({"card": "dog", "with": "zoe"}, False, "BT.ITEM.NOT_ITEMS"),
        ({"card": "spear", "action": "pickup"}, True, "BT.ITEM.PICKUP"),
        ({"card": "girl", "action": "pickup"}, False, "BT.ITEM.NOT_ITEMS"),
        ({"card": "axe", "action": "drop", "action_done": True}, False, "BT.ITEM.DROP"),
    ],
)
def test_each_card_action_is_decided_by_its_rule(query: dict[str, Any], legal: bool, rule: str) -> None:
    """Trade, drop and pick-up answer legal or illegal with the deciding rule of L339-357."""
    result = trade(query)
    assert result["verdict"] == ("legal" if legal else "illegal")
    assert rule in {s["rule"] for s in result["trace"] if s.get("deciding")}


def test_a_trade_needs_the_other_explorer_in_the_room() -> None:
    """Zoe in another room cannot be traded with; at the room where she stands, on the way, Ox can (L341, L222)."""
    assert trade({"card": "axe", "with": "zoe"}, zoe_at="entrance_hall")["verdict"] == "illegal"
    during = trade({"card": "axe", "with": "zoe", "at": "entrance_hall"}, zoe_at="entrance_hall")
    assert (during["verdict"], during["outcome"]["to"], during["outcome"]["at"]) == ("legal", "zoe", "entrance_hall")


def test_a_monster_carries_nothing_to_trade_BT_MON_NO_ITEMS() -> None:
    """A monster holding a card may not drop it unless the haunt lets it carry items (L528)."""
    pieces = [explorer("ox", "foyer"), monster("z1", "foyer", items=["axe"])]
    result = ask(HALL, pieces, {"kind": "trade", "piece": "z1", "card": "axe", "action": "drop"})
    assert result["verdict"] == "illegal"
    assert {"BT.ITEM.USERS", "BT.MON.NO_ITEMS"} & {s["rule"] for s in result["trace"] if s.get("deciding")}


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ({"card": "spear", "with": "zoe"}, "query.card", "ox holds no card 'spear'"),
        ({"card": "axe"}, "query.with", "required field is missing"),
        ({"card": "axe", "with": "z1"}, "query.with", "not another explorer"),
        ({"card": "axe", "with": "ox"}, "query.with", "not another explorer"),
        ({"card": "axe", "action": "drop", "with": "zoe"}, "query.with", "only a trade has another party"),
        ({"card": "axe", "action": "sell"}, "query.action", "expected one of trade | drop | pickup"),
        ({"card": "axe", "action": "drop", "at": "attic"}, "query.at", "no room 'attic'"),
    ],
)
def test_a_bad_trade_is_refused(query: dict[str, Any], field: str, message: str) -> None:
    """Each bad trade question is refused naming its field (exit 2 at the CLI)."""
    pieces = [explorer("ox", "foyer", items=["axe"]), explorer("zoe", "foyer"), monster("z1", "foyer")]
    with pytest.raises(PositionedError) as info:
        situation(HALL, pieces, {"kind": "trade", "piece": "ox", **query})
    assert f": {field}: " in str(info.value)
    assert message in str(info.value)


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["axe", "music_box", "dog"]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["foyer", "entrance_hall"]),
)
def test_a_trade_is_legal_exactly_when_every_condition_holds(
    card: str, agree: bool, acted: bool, done: bool, zoe_at: str
) -> None:
    """A hand-over goes through iff the card may be traded, both agree, share the room and nothing was used up."""
    query = {"card": card, "with": "zoe", "both_agree": agree, "card_acted": acted, "action_done": done}
    result = trade(query, zoe_at=zoe_at)
    expected = card == "axe" and agree and not acted and not done and zoe_at == "foyer"
    assert result["verdict"] == ("legal" if expected else "illegal")
    assert result["outcome"]["to"] == ("zoe" if expected else None)
