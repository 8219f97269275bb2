"""Table tests for the rules that decide a case of their own: each answers under its own id and line."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.core.spec import load_spec
from tests.spec.betrayal.support import BETRAYAL, decide
from tests.spec.support import rule_ids as rules


def first_line(rule_id: str, reading: str | None = None) -> int:
    """The first line a rule (under a reading) cites."""
    rule = load_spec().rules[rule_id]
    return rule.view(BETRAYAL, reading).cites[0].first


@pytest.mark.parametrize(
    ("kind", "rule"),
    [("room", "BT.MOVE.ROOM_IS_SPACE"), ("entrance_tile", "BT.MOVE.ENTRANCE_TILE")],
)
def test_entrance_tile_step_BT_MOVE_ENTRANCE_TILE(kind: str, rule: str) -> None:
    """BT.MOVE.ENTRANCE_TILE (L254) prices a step between rooms of the entrance tile, and only that step."""
    result = decide("move.step_cost", kind=kind)
    assert (result.value, rules(result)) == (1, {rule})


@pytest.mark.parametrize(
    ("moved", "cost", "rule"),
    [(0, 1, "BT.MOVE.BUDGET"), (0, 2, "BT.MOVE.BUDGET"), (0, 3, "BT.MOVE.MIN_ONE")],
)
def test_one_space_only_beyond_the_budget_BT_MOVE_MIN_ONE(moved: int, cost: int, rule: str) -> None:
    """BT.MOVE.MIN_ONE (L487) answers a first step only when the budget would refuse it (Speed 2: cost 1, 2, 3)."""
    facts: dict[str, Any] = {"mover": "explorer", "moved": moved, "cost": cost, "allowance": 2, "allowance_now": 2}
    result = decide("move.step_allowed", **facts)
    assert (result.value, rules(result)) == (True, {rule})


def test_monster_steps_fit_its_roll_BT_MON_MOVE_ROLL() -> None:
    """BT.MON.MOVE_ROLL (L519): a monster's steps are counted against its roll, not an explorer's Speed."""
    facts: dict[str, Any] = {"mover": "monster", "moved": 1, "cost": 1, "moved_before": True}
    assert rules(decide("move.step_allowed", allowance=2, allowance_now=2, **facts)) == {"BT.MON.MOVE_ROLL"}
    assert decide("move.step_allowed", allowance=1, allowance_now=1, **facts).value is False


@pytest.mark.parametrize(
    ("reading", "left"),
    [("current", 2), ("turn_start", 3)],
)
def test_spaces_left_BT_MOVE_BUDGET(reading: str, left: int) -> None:
    """BT.MOVE.BUDGET (L222): what is left is counted from the current Speed, or from the Speed at the start."""
    facts: dict[str, Any] = {"mover": "explorer", "moved": 2, "allowance": 5, "allowance_now": 4}
    assert decide("move.spaces_left", {"BT.MOVE.BUDGET": reading}, **facts).value == left


@pytest.mark.parametrize(
    ("draws", "discovered", "ends", "rule"),
    [
        (False, True, False, "BT.MOVE.GO_ON_AFTER_DISCOVERY"),
        (True, True, True, "BT.MOVE.CARD_STOP"),
        (False, False, False, "BT.MOVE.BUDGET"),
    ],
)
def test_going_on_after_a_discovery_BT_MOVE_GO_ON_AFTER_DISCOVERY(
    draws: bool, discovered: bool, ends: bool, rule: str
) -> None:
    """BT.MOVE.GO_ON_AFTER_DISCOVERY (L228): a discovered room that draws no card lets the explorer go on."""
    result = decide("move.ends", draws_card=draws, discovered=discovered)
    assert (result.value, rules(result)) == (ends, {rule})
    assert first_line("BT.MOVE.GO_ON_AFTER_DISCOVERY") == 228


@pytest.mark.parametrize(
    ("mover", "rule", "line"),
    [("explorer", "BT.MOVE.CARD_PASSAGE", 613), ("monster", "BT.MON.CARD_MOVES", 526)],
)
def test_card_passages_BT_MOVE_CARD_PASSAGE(mover: str, rule: str, line: int) -> None:
    """A card's passage is open to explorers (L613) and to monsters (L526), each under its own rule."""
    result = decide("move.can_enter", passage="card_link", mover=mover)
    assert (result.value, rules(result)) == (True, {rule})
    assert first_line(rule) == line


@pytest.mark.parametrize(
    ("mover", "is_traitor", "expected"),
    [
        ("explorer", False, {"BT.ROOM.COAL_CHUTE"}),
        ("explorer", True, {"BT.ROOM.COAL_CHUTE", "BT.TRAITOR.TILES"}),
        ("monster", False, {"BT.ROOM.COAL_CHUTE"}),
    ],
)
def test_chute_slide_BT_TRAITOR_TILES(mover: str, is_traitor: bool, expected: set[str]) -> None:
    """BT.TRAITOR.TILES (L495) answers the slide only for the traitor; every piece entering from above slides."""
    result = decide("chute.slides", mover=mover, is_traitor=is_traitor, from_floor="ground")
    assert (result.value, rules(result)) == (True, expected)


@pytest.mark.parametrize(
    ("facts", "lands", "rule"),
    [
        ({"mover": "explorer", "token_placed": True, "token_here": True}, True, "BT.ROOM.COLLAPSED.TILE"),
        ({"mover": "monster", "token_placed": True, "token_here": False}, False, "BT.ROOM.COLLAPSED.TILE"),
        ({"mover": "explorer", "tiles_left": True, "new_tile": True}, True, "BT.ROOM.COLLAPSED.TILE"),
        ({"mover": "explorer", "tiles_left": True, "new_tile": False}, False, "BT.ROOM.COLLAPSED.TILE"),
        ({"mover": "explorer", "tiles_left": False, "new_tile": False}, True, "BT.ROOM.COLLAPSED.TILE"),
        ({"mover": "monster", "tiles_left": True, "new_tile": False}, True, "BT.ROOM.COLLAPSED.MONSTER_FIRST"),
        ({"mover": "monster", "tiles_left": True, "new_tile": True}, False, "BT.ROOM.COLLAPSED.MONSTER_FIRST"),
    ],
)
def test_where_a_fall_lands_BT_ROOM_COLLAPSED(facts: dict[str, Any], lands: bool, rule: str) -> None:
    """A first explorer's fall lands on its new tile, later ones on the token's (L264), a monster's in play (L266)."""
    result = decide("fall.lands_in", **facts)
    assert (result.value, rules(result)) == (lands, {rule})


@pytest.mark.parametrize(("reading", "side", "line"), [("outside", "outside", 289), ("choose_side", "chosen", 250)])
def test_sent_into_the_vault_BT_ROOM_VAULT_SENT(reading: str, side: str, line: int) -> None:
    """BT.ROOM.VAULT.SENT: outside its door (L289), or, read as the general rule, on the side one picks (L250)."""
    result = decide("sent.arrival_side", {"BT.ROOM.VAULT.SENT": reading}, room="vault")
    assert result.value == side
    assert result.trace[0].cites[0].first == line


@pytest.mark.parametrize(
    ("trait", "kind", "rule", "line"),
    [
        ("might", "physical", "BT.ATK.RESOLVE", 395),
        ("speed", "physical", "BT.ATK.OTHER_TRAIT", 397),
        ("knowledge", "mental", "BT.ATK.MENTAL", 399),
        ("sanity", "mental", "BT.ATK.MENTAL", 399),
    ],
)
def test_damage_kind_of_each_trait_BT_ATK_MENTAL(trait: str, kind: str, rule: str, line: int) -> None:
    """Might (L395) and Speed (L397) attacks deal physical damage, Knowledge and Sanity ones mental (L399)."""
    result = decide("attack.damage_kind", trait=trait)
    assert (result.value, rules(result)) == (kind, {rule})
    assert result.trace[0].cites[0].first == line


@pytest.mark.parametrize(("trait", "rule"), [("might", "BT.ATK.ROLL"), ("speed", "BT.ATK.OTHER_TRAIT")])
def test_attack_dice_of_each_trait_BT_ATK_OTHER_TRAIT(trait: str, rule: str) -> None:
    """Each side rolls its own value of the trait: Might by L395, another trait by L397."""
    result = decide("attack.dice", side="defender", trait=trait, attacker_value=5, defender_value=3)
    assert (result.value, rules(result)) == (3, {rule})


def test_glossary_reading_rolls_the_attacker_might_BT_ATK_ROLL() -> None:
    """Under the glossary reading (L559) both sides roll the attacker's Might; other traits still roll their own."""
    reading = {"BT.ATK.ROLL": "attacker_trait"}
    facts: dict[str, Any] = {"side": "defender", "attacker_value": 5, "defender_value": 3}
    assert decide("attack.dice", reading, trait="might", **facts).value == 5
    assert decide("attack.dice", reading, trait="speed", **facts).value == 3


@pytest.mark.parametrize(("reading", "line"), [("attacker_only", 413), ("winner", 403)])
def test_who_may_steal_BT_ATK_STEAL(reading: str, line: int) -> None:
    """A winning defender steals only under the reading winner, which rests on L403; the default on L413."""
    facts: dict[str, Any] = {"winner": "defender", "margin": 2, "damage_kind": "physical", "tradeable": True}
    result = decide("steal.allowed", {"BT.ATK.STEAL": reading}, **facts)
    assert result.value is (reading == "winner")
    assert result.trace[0].cites[0].first == line


def test_companions_are_kept_by_their_own_rule_BT_ITEM_NOT_ITEMS() -> None:
    """Bite, Dog, Girl and Madman cannot be stolen, under their own line (L347) rather than the general one."""
    result = decide("item.action_allowed", action="steal", not_an_item=True, tradeable=False)
    assert (result.value, rules(result)) == (False, {"BT.ITEM.NOT_ITEMS"})
    result = decide("item.action_allowed", action="steal", tradeable=False)
    assert (result.value, rules(result)) == (False, {"BT.ITEM.UNTRADEABLE"})


@pytest.mark.parametrize(
    ("kind", "rule", "line"),
    [("trait", "BT.ROLL.TRAIT", 385), ("monster_trait", "BT.ROLL.MONSTER_TRAIT", 649)],
)
def test_trait_roll_dice_BT_ROLL_MONSTER_TRAIT(kind: str, rule: str, line: int) -> None:
    """An explorer's trait roll uses its current value (L385), and so does a monster's (L649)."""
    result = decide("roll.dice", kind=kind, value=4)
    assert (result.value, rules(result)) == (4, {rule})
    assert result.trace[0].cites[0].first == line


@pytest.mark.parametrize(
    ("points", "waste", "legal"),
    [({"might": 1, "speed": 1}, False, True), ({"might": 2}, True, False)],
)
def test_no_waste_reading_BT_TRAIT_NO_DEATH_PREHAUNT(points: dict[str, int], waste: bool, legal: bool) -> None:
    """Under no_waste a split that wastes a point another trait could take is refused; a fair split is not."""
    facts: dict[str, Any] = {"kind": "physical", "amount": 2, "waste_avoidable": waste, **points}
    result = decide("damage.split_legal", {"BT.TRAIT.NO_DEATH_PREHAUNT": "no_waste"}, **facts)
    assert result.value is legal
    assert decide("damage.split_legal", **facts).value is True


@pytest.mark.parametrize(
    ("in_basement", "reaches", "placed", "explore", "allowed"),
    [
        (True, False, False, False, True),
        (False, False, False, False, False),
        (True, True, False, False, False),
        (True, False, True, False, False),
        (True, False, False, True, False),
    ],
)
def test_stairs_rescue_only_for_a_stuck_monster_BT_MON_BASEMENT_RESCUE(
    in_basement: bool, reaches: bool, placed: bool, explore: bool, allowed: bool
) -> None:
    """BT.MON.BASEMENT_RESCUE (L529): only a monster below with no way to the heroes, Stairs unplaced, no exploring."""
    facts = {
        "in_basement": in_basement,
        "reaches_heroes": reaches,
        "stairs_placed": placed,
        "monsters_explore": explore,
    }
    result = decide("monster.stairs_rescue", **facts)
    assert (result.value, rules(result)) == (allowed, {"BT.MON.BASEMENT_RESCUE"})
