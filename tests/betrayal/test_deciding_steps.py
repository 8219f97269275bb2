"""Every query kind marks the steps that settle it, each citing its own line; and the answers those rules give.

The wrong answers of issue 25 are pinned here too: a damage answer always
carries ``p_can_survive``, a split shows both traits of its kind, the
``no_waste`` and ``turn_start`` readings are enforced, a piece sent into the
Vault may pick its side under ``choose_side``, a path may name the Basement
Landing the Coal Chute slides to, and the front door is shut from both sides.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.betrayal.support import HALL, ask, cited, corridor, explorer, monster

HAUNT = {"started": True, "traitor": "vivian"}
TRACK = [1, 2, 3, 4, 5, 5, 6, 7]


def deciding(result: dict[str, Any]) -> dict[str, set[int]]:
    """The deciding steps' rules, each with the first lines they cite."""
    out: dict[str, set[int]] = {}
    for step in result["trace"]:
        if step.get("deciding"):
            out.setdefault(step["rule"], set()).add(step["lines"][0])
    return out


def vivian(at: str = "upper_landing") -> dict[str, Any]:
    """The traitor, out of the way."""
    return explorer("vivian", at)


# -- every kind marks its deciding steps


@pytest.mark.parametrize(
    ("query", "rule", "line"),
    [
        ({"kind": "move", "piece": "ox", "path": ["r1"]}, "BT.MOVE.BUDGET", 222),
        ({"kind": "reach", "piece": "ox"}, "BT.MOVE.BUDGET", 222),
        ({"kind": "roll", "piece": "ox", "trait": "might", "target": 4}, "BT.ROLL.THRESHOLD", 647),
        ({"kind": "attack", "attacker": "ox", "defender": "vivian"}, "BT.ATK.ONCE_SAME_ROOM", 395),
        ({"kind": "haunt_roll"}, "BT.HAUNT.NO_MORE_ROLLS", 431),
        ({"kind": "damage", "piece": "ox", "type": "physical", "amount": 1}, "BT.DMG.PER_POINT", 561),
        ({"kind": "line_of_sight", "from": "r0", "to": "r2"}, "BT.ATK.LOS", 411),
    ],
)
def test_every_query_kind_marks_its_deciding_rule(query: dict[str, Any], rule: str, line: int) -> None:
    """Each of the seven query kinds marks a deciding step citing the line of the rule that settles it."""
    pieces = [explorer("ox", "r0", might={"track": TRACK, "at": 4}, speed={"track": TRACK, "at": 4}), vivian("r0")]
    result = ask(corridor(3), pieces, query, haunt=HAUNT, house={"tiles_left": {"ground": 0}})
    assert line in deciding(result).get(rule, set())


def test_an_illegal_move_marks_the_refusing_rule_only_with_what_it_refused() -> None:
    """A path through a wall marks the door rule, not the allowance that was never reached."""
    result = ask(corridor(3), [explorer("ox", "r0")], {"kind": "move", "piece": "ox", "path": ["r2"]})
    assert result["verdict"] == "illegal"
    assert set(deciding(result)) == {"BT.MOVE.ADJACENT"}


def test_a_budget_refusal_marks_the_allowance() -> None:
    """A path too long for the Speed marks the allowance with the refusal (L222)."""
    path = ["r1", "r2", "r3"]
    result = ask(corridor(4), [explorer("ox", "r0", speed=2)], {"kind": "move", "piece": "ox", "path": path})
    marked = [s["note"] for s in result["trace"] if s.get("deciding")]
    assert result["verdict"] == "illegal"
    assert any("move.allowance = 2" in note for note in marked)


def test_an_illegal_attack_marks_only_what_forbids_it() -> None:
    """Before the haunt the prohibition (L393) is the only deciding step."""
    pieces = [explorer("ox", "r0"), explorer("vivian", "r0")]
    result = ask(corridor(2), pieces, {"kind": "attack", "attacker": "ox", "defender": "vivian"})
    assert deciding(result) == {"BT.ATK.PREHAUNT": {393}}


def test_the_undecided_elevator_marks_the_fallback() -> None:
    """A path beyond a moving Mystic Elevator is undecided and marks the game's fallback (L667)."""
    rooms = [*HALL, {"id": "mystic_elevator", "floor": "ground", "at": "D3", "doors": "W"}]
    query = {"kind": "move", "piece": "ox", "path": ["mystic_elevator", "foyer"]}
    result = ask(rooms, [explorer("ox", "foyer")], query)
    assert result["verdict"] == "undecided"
    assert {"BT.ROOM.ELEVATOR.MOVE", "BT.META.UNCOVERED"} <= set(deciding(result))


# -- damage


def ox_mental(knowledge: int, sanity: int) -> dict[str, Any]:
    """Ox with Knowledge and Sanity clips on the given notches."""
    return explorer("ox", "r0", knowledge={"track": TRACK, "at": knowledge}, sanity={"track": TRACK, "at": sanity})


@pytest.mark.parametrize(("amount", "survives"), [(1, True), (2, True), (3, False)])
def test_fixed_damage_always_gives_p_can_survive_BT_TRAIT_SKULL(amount: int, survives: bool) -> None:
    """After the haunt, notches 2 and 2 absorb 2 mental points between them: 1, 2 survivable, 3 not (L198)."""
    query = {"kind": "damage", "piece": "ox", "type": "mental", "amount": amount}
    result = ask(corridor(1), [ox_mental(2, 2), vivian("r0")], query, haunt=HAUNT)
    assert result["outcome"] == {"can_survive": survives, "p_can_survive": "1" if survives else "0"}
    dies = [s["note"] for s in result["trace"] if s["rule"] == "BT.TRAIT.SKULL"]
    assert dies
    assert all(("explorer.dies = false" in note) is survives for note in dies)


def test_dice_damage_sums_every_total_BT_DMG_DICE() -> None:
    """Two dice of mental damage on notches 2 and 2: totals 0 to 2 (6 of 9) survivable, 3 and 4 not (L383)."""
    query = {"kind": "damage", "piece": "ox", "type": "mental", "dice": 2}
    result = ask(corridor(1), [ox_mental(2, 2), vivian("r0")], query, haunt=HAUNT)
    assert result["outcome"] == {"p_can_survive": "2/3"}
    assert 383 in deciding(result)["BT.DMG.DICE"]


def test_a_split_lists_both_traits_of_its_kind_BT_DMG_MENTAL() -> None:
    """Two points on Sanity: Knowledge, which took nothing, is shown where it stands (L206)."""
    query = {"kind": "damage", "piece": "ox", "type": "mental", "amount": 2, "split": {"sanity": 2}}
    result = ask(corridor(1), [ox_mental(3, 4)], query)
    assert result["outcome"] == {
        "traits": {"knowledge": 3, "sanity": 2},
        "at": {"knowledge": 3, "sanity": 2},
        "dead": False,
    }


@pytest.mark.parametrize(
    ("might_at", "split", "verdict"),
    [
        (2, {"might": 1, "speed": 1}, "legal"),
        (2, {"might": 2}, "illegal"),
        (1, {"might": 1, "speed": 1}, "illegal"),
        (1, {"speed": 2}, "legal"),
    ],
)
def test_no_waste_reading_is_enforced_BT_TRAIT_NO_DEATH_PREHAUNT(
    might_at: int, split: dict[str, int], verdict: str
) -> None:
    """Under no_waste a point that moves no clip is refused while Speed could take it (before the haunt)."""
    ox = explorer("ox", "r0", might={"track": TRACK, "at": might_at}, speed={"track": TRACK, "at": 4})
    query = {"kind": "damage", "piece": "ox", "type": "physical", "amount": 2, "split": split}
    readings = {"BT.TRAIT.NO_DEATH_PREHAUNT": "no_waste"}
    result = ask(corridor(1), [ox], query, readings=readings)
    assert result["verdict"] == verdict
    assert ask(corridor(1), [ox], query)["verdict"] == "legal"
    if verdict == "illegal":
        assert "BT.TRAIT.NO_DEATH_PREHAUNT" in deciding(result)


# -- movement


@pytest.mark.parametrize(("reading", "remaining"), [("current", 1), ("turn_start", 2)])
def test_remaining_follows_the_budget_reading_BT_MOVE_BUDGET(reading: str, remaining: int) -> None:
    """Speed 4 (notch 4) lowered 1 notch to 3 after one room: 3 - 2 or 4 - 2 spaces are left (L222)."""
    ox = explorer("ox", "r0", speed={"track": TRACK, "at": 4})
    query = {"kind": "move", "piece": "ox", "path": ["r1", {"speed": -1}, "r2"]}
    result = ask(corridor(3), [ox], query, readings={"BT.MOVE.BUDGET": reading})
    assert (result["verdict"], result["outcome"]["remaining"]) == ("legal", remaining)


VAULT = {
    "id": "vault",
    "floor": "basement",
    "at": "D3",
    "doors": "W",
    "obstacle": {"trait": "might", "target": 6, "sides": {"outside": "W", "inside": ""}},
}
COLLAPSED = {"id": "collapsed_room", "floor": "ground", "at": "B3", "doors": "E"}


@pytest.mark.parametrize(
    ("side", "reading", "verdict"),
    [("inside", "outside", "illegal"), ("outside", "outside", "legal"), ("inside", "choose_side", "legal")],
)
def test_falling_into_the_vault_BT_ROOM_VAULT_SENT(side: str, reading: str, verdict: str) -> None:
    """A fall into the Vault lands outside (L289), or on either side under choose_side (L250)."""
    query = {"kind": "move", "piece": "ox", "path": ["collapsed_room", f"vault:{side}"]}
    house = {"tokens": [{"type": "below_collapsed_room", "room": "vault"}]}
    result = ask(
        [*HALL, COLLAPSED, VAULT],
        [explorer("ox", "foyer")],
        query,
        house=house,
        readings={"BT.ROOM.VAULT.SENT": reading},
    )
    assert result["verdict"] == verdict
    assert "BT.ROOM.VAULT.SENT" in deciding(result)


def test_the_coal_chute_slide_may_be_named_in_the_path_BT_ROOM_COAL_CHUTE() -> None:
    """[coal_chute, basement_landing, furnace_room]: the slide, then one step, 2 spaces in all (L258)."""
    rooms = [
        *HALL,
        {"id": "coal_chute", "floor": "ground", "at": "D3", "doors": "W"},
        {"id": "furnace_room", "floor": "basement", "at": "D3", "doors": "W"},
    ]
    query = {"kind": "move", "piece": "ox", "path": ["coal_chute", "basement_landing", "furnace_room"]}
    result = ask(rooms, [explorer("ox", "foyer", speed=3)], query)
    out = result["outcome"]
    assert result["verdict"] == "legal"
    assert (out["path"], out["cost"], out["remaining"]) == (["coal_chute", "basement_landing", "furnace_room"], 2, 1)
    assert 258 in deciding(result)["BT.ROOM.COAL_CHUTE"]


@pytest.mark.parametrize(
    ("hall_doors", "start", "path"),
    [
        ("NESW", "entrance_hall", "patio"),
        ("NEW", "entrance_hall", "patio"),
        ("NESW", "patio", "entrance_hall"),
        ("NEW", "patio", "entrance_hall"),
    ],
)
def test_the_front_door_is_shut_from_both_sides_BT_MOVE_FRONT_DOOR(hall_doors: str, start: str, path: str) -> None:
    """Whether or not the hall lists its south side, and from inside or out, the front door is shut (L299, L643)."""
    rooms = [{**HALL[0], "doors": hall_doors}, *HALL[1:], {"id": "patio", "floor": "ground", "at": "C5", "doors": "N"}]
    result = ask(rooms, [explorer("ox", start)], {"kind": "move", "piece": "ox", "path": [path]})
    assert result["verdict"] == "illegal"
    assert set(deciding(result)) == {"BT.MOVE.FRONT_DOOR"}


def test_reach_never_enters_through_the_front_door_BT_MOVE_FRONT_DOOR() -> None:
    """From the Patio, the Entrance Hall behind the front door is out of reach (L299)."""
    rooms = [{**HALL[0], "doors": "NESW"}, *HALL[1:], {"id": "patio", "floor": "ground", "at": "C5", "doors": "N"}]
    result = ask(rooms, [explorer("ox", "patio")], {"kind": "reach", "piece": "ox"})
    assert result["outcome"]["rooms"] == []
    assert "BT.MOVE.FRONT_DOOR" in deciding(result)


def test_entrance_tile_steps_cite_their_line_BT_MOVE_ENTRANCE_TILE() -> None:
    """Entrance Hall to Foyer to Grand Staircase: 1 space each, by the entrance tile's own rule (L254)."""
    query = {"kind": "move", "piece": "ox", "path": ["foyer", "grand_staircase"]}
    result = ask(HALL, [explorer("ox", "entrance_hall", speed=2)], query)
    assert (result["verdict"], result["outcome"]["cost"]) == ("legal", 2)
    assert 254 in deciding(result)["BT.MOVE.ENTRANCE_TILE"]


def test_an_ordinary_first_step_is_the_budget_not_the_minimum_BT_MOVE_MIN_ONE() -> None:
    """A first step the Speed pays for is not the one-space minimum's (L487 answers only past the budget)."""
    result = ask(corridor(2), [explorer("ox", "r0", speed=2)], {"kind": "move", "piece": "ox", "path": ["r1"]})
    assert "BT.MOVE.MIN_ONE" not in cited(result)


def test_a_room_without_symbol_lets_the_explorer_go_on_BT_MOVE_GO_ON_AFTER_DISCOVERY() -> None:
    """Discovering a room that draws no card, the explorer goes on, by the movement example's line (L228)."""
    rooms = [*HALL, {"id": "hallway", "floor": "ground", "at": "D3", "doors": "WE", "new": True}]
    rooms.append({"id": "kitchen", "floor": "ground", "at": "E3", "doors": "W"})
    query = {"kind": "move", "piece": "ox", "path": ["hallway", "kitchen"]}
    result = ask(rooms, [explorer("ox", "foyer")], query)
    assert (result["verdict"], result["outcome"]["discovers"]) == ("legal", ["hallway"])
    assert 228 in deciding(result)["BT.MOVE.GO_ON_AFTER_DISCOVERY"]


WINE = {"id": "wine_cellar", "floor": "basement", "at": "D3", "doors": "W"}


@pytest.mark.parametrize(
    ("piece", "left", "verdict", "rule"),
    [
        ("ox", None, "illegal", "BT.ROOM.COLLAPSED.TILE"),
        ("ox", 0, "legal", "BT.ROOM.COLLAPSED.TILE"),
        ("zombie1", None, "legal", "BT.ROOM.COLLAPSED.MONSTER_FIRST"),
    ],
)
def test_a_first_fall_into_a_room_in_play(piece: str, left: int | None, verdict: str, rule: str) -> None:
    """Before the token: an explorer lands on a new tile while tiles remain (L264); a monster in a room in play (L266)."""
    pieces = [explorer("ox", "foyer"), vivian(), monster("zombie1", "foyer")]
    query = {"kind": "move", "piece": piece, "path": ["collapsed_room", "wine_cellar"], "dice": {"movement": 3}}
    house = {} if left is None else {"tiles_left": {"basement": left}}
    result = ask([*HALL, COLLAPSED, WINE], pieces, query, haunt=HAUNT, house=house)
    assert result["verdict"] == verdict
    assert rule in deciding(result)


def test_a_first_fall_discovers_by_a_tile_effect_BT_CARD_EFFECT_DISCOVERY() -> None:
    """Falling onto the new tile discovers it through the tile's effect: its card is drawn and the move ends (L327)."""
    crypt = {"id": "crypt", "floor": "basement", "at": "D3", "doors": "W", "symbol": "omen", "new": True}
    query = {"kind": "move", "piece": "ox", "path": ["collapsed_room", "crypt"]}
    result = ask([*HALL, COLLAPSED, crypt], [explorer("ox", "foyer")], query)
    out = result["outcome"]
    assert (out["discovers"], out["draws"], out["movement_ends"]) == (["crypt"], "omen", True)
    assert 327 in deciding(result)["BT.CARD.EFFECT_DISCOVERY"]


def test_a_monster_climbs_back_up_the_collapsed_room_BT_MON_TILES() -> None:
    """From the room below, a monster goes up into the Collapsed Room (L525); an explorer cannot."""
    house = {"tokens": [{"type": "below_collapsed_room", "room": "wine_cellar"}]}
    pieces = [explorer("ox", "wine_cellar"), vivian(), monster("zombie1", "wine_cellar")]
    up = {"kind": "move", "piece": "zombie1", "path": ["collapsed_room"], "dice": {"movement": 2}}
    assert ask([*HALL, COLLAPSED, WINE], pieces, up, haunt=HAUNT, house=house)["verdict"] == "legal"
    up = {"kind": "move", "piece": "ox", "path": ["collapsed_room"]}
    assert ask([*HALL, COLLAPSED, WINE], pieces, up, haunt=HAUNT, house=house)["verdict"] == "illegal"


def test_nobody_ends_on_the_coal_chute_in_reach_BT_ROOM_COAL_CHUTE() -> None:
    """A monster climbing into the chute passes through it but cannot end its turn there (L258)."""
    rooms = [*HALL, {"id": "coal_chute", "floor": "ground", "at": "D3", "doors": "W"}]
    pieces = [explorer("ox", "upper_landing"), vivian(), monster("zombie1", "basement_landing")]
    result = ask(rooms, pieces, {"kind": "reach", "piece": "zombie1", "dice": {"movement": 2}}, haunt=HAUNT)
    assert "coal_chute" not in result["outcome"]["rooms"]
    assert "foyer" in result["outcome"]["rooms"]


# -- rolls and attacks


def test_a_monster_trait_roll_cites_the_glossary_BT_ROLL_MONSTER_TRAIT() -> None:
    """A monster's Might roll uses its current Might (L649) and succeeds at the target or more (L647)."""
    pieces = [vivian("r0"), monster("zombie1", "r0", might=5)]
    result = ask(corridor(1), pieces, {"kind": "roll", "piece": "zombie1", "trait": "might", "target": 4}, haunt=HAUNT)
    assert (result["outcome"]["dice"], result["outcome"]["p_success"]) == (5, "64/81")
    assert deciding(result)["BT.ROLL.MONSTER_TRAIT"] == {649}
    assert deciding(result)["BT.ROLL.THRESHOLD"] == {647}


@pytest.mark.parametrize(("reading", "line", "steal"), [("attacker_only", 413, False), ("winner", 403, True)])
def test_a_winning_defender_steals_only_under_the_winner_reading_BT_ATK_STEAL(
    reading: str, line: int, steal: bool
) -> None:
    """The defender wins by 3 against an attacker with a Revolver: a steal only if any winner may (L403)."""
    pieces = [explorer("ox", "r0", items=["revolver"]), vivian("r0")]
    query = {"kind": "attack", "attacker": "ox", "defender": "vivian", "rolls": [2, 5]}
    result = ask(corridor(1), pieces, query, haunt=HAUNT, readings={"BT.ATK.STEAL": reading})
    assert result["outcome"]["steal_possible"] is steal
    assert line in deciding(result)["BT.ATK.STEAL"]


def test_a_companion_cannot_be_stolen_BT_ITEM_NOT_ITEMS() -> None:
    """Winning by 3 against a traitor holding only the Dog: no steal, by the companions' own line (L347)."""
    pieces = [explorer("ox", "r0"), explorer("vivian", "r0", omens=["dog"])]
    query = {"kind": "attack", "attacker": "ox", "defender": "vivian", "rolls": [5, 2]}
    result = ask(corridor(1), pieces, query, haunt=HAUNT)
    assert result["outcome"]["steal_possible"] is False
    assert deciding(result)["BT.ITEM.NOT_ITEMS"] == {347}


def test_attack_odds_do_not_rest_on_one_sample() -> None:
    """Without the rolls, the damage steps describe the whole distribution, never one pair of totals."""
    pieces = [explorer("ox", "r0"), vivian("r0")]
    result = ask(corridor(1), pieces, {"kind": "attack", "attacker": "ox", "defender": "vivian"}, haunt=HAUNT)
    notes = [s["note"] for s in result["trace"] if s["rule"] == "BT.ATK.RESOLVE" and "takes" in s["note"]]
    assert len(notes) == 2
    assert all("attack.damage =" not in note for note in notes)
