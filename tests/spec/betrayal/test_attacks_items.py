"""Table tests for Betrayal attacks and items (09-items.yaml, 11-attacks.yaml)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.spec.betrayal.support import decide
from tests.spec.support import rule_ids as rules

MELEE: dict[str, Any] = {
    "haunt_started": True,
    "attacker": "explorer",
    "target": "monster",
    "target_is_opponent": True,
    "same_room": True,
    "defender_has_trait": True,
}


def test_plain_melee_BT_ATK_ONCE_SAME_ROOM():
    """BT.ATK.ONCE_SAME_ROOM: an opponent in the room may be attacked once a turn."""
    assert decide("attack.allowed", **MELEE).value is True
    assert decide("attack.allowed", **{**MELEE, "attacked_this_turn": True}).value is False
    assert decide("attack.allowed", **{**MELEE, "same_room": False}).value is False


def test_no_attack_before_haunt_BT_ATK_PREHAUNT():
    """BT.ATK.PREHAUNT: nobody attacks before the haunt."""
    r = decide("attack.allowed", **{**MELEE, "haunt_started": False, "target_is_opponent": False})
    assert r.value is False
    assert "BT.ATK.PREHAUNT" in rules(r)


def test_sanity_attack_on_monster_without_sanity_BT_EX_13():
    """BT.EX.13 / BT.ATK.TRAIT_REQUIRED: no attack with a trait the target lacks."""
    r = decide("attack.allowed", **{**MELEE, "defender_has_trait": False})
    assert r.value is False
    assert rules(r) == {"BT.ATK.TRAIT_REQUIRED"}


@pytest.mark.parametrize(("sight", "can", "ok"), [(True, True, True), (False, True, False), (True, False, False)])
def test_ranged_BT_ATK_RANGED(sight, can, ok):
    """BT.ATK.RANGED: another room, in line of sight, with a ranged attack."""
    facts = {**MELEE, "same_room": False, "ranged": True, "line_of_sight": sight, "can_ranged": can}
    assert decide("attack.allowed", **facts).value is ok


def test_across_obstacle_BT_OBST_FIGHT():
    """BT.ROOM.OBSTACLE.NO_INTERACT / BT.OBST.FIGHT: explorers never fight across; monsters do unless `everyone`."""
    explorers = {**MELEE, "target": "explorer", "across_obstacle": True}
    assert decide("attack.allowed", **explorers).value is False
    across = {**MELEE, "across_obstacle": True}
    assert decide("attack.allowed", **across).value is True
    assert decide("attack.allowed", {"BT.OBST.FIGHT": "everyone"}, **across).value is False


def test_hidden_traitor_suspect_BT_ATK_HIDDEN_TRAITOR():
    """BT.ATK.HIDDEN_TRAITOR: in a hidden-traitor haunt an explorer may attack a suspected explorer."""
    facts = {**MELEE, "target": "explorer", "target_is_opponent": False, "hidden_traitor": True}
    assert decide("attack.allowed", **facts).value is True
    assert decide("attack.allowed", **{**facts, "hidden_traitor": False}).value is False


def test_attack_dice_BT_ATK_ROLL():
    """BT.ATK.ROLL: each side rolls its own value; under attacker_trait both roll the attacker's."""
    assert decide("attack.dice", side="defender", attacker_value=4, defender_value=6).value == 6
    r = decide("attack.dice", {"BT.ATK.ROLL": "attacker_trait"}, side="defender", attacker_value=4, defender_value=6)
    assert r.value == 4


@pytest.mark.parametrize(("a", "d", "to_defender", "to_attacker"), [(6, 5, 1, 0), (5, 5, 0, 0), (5, 8, 0, 3)])
def test_damage_is_difference_BT_EX_11_14(a, d, to_defender, to_attacker):
    """BT.EX.11 (6 v 5 deals 1), a tie hurts nobody, BT.EX.14 (Jenny 5 v 8 takes 3)."""
    assert decide("attack.damage", side="defender", attacker_total=a, defender_total=d).value == to_defender
    assert decide("attack.damage", side="attacker", attacker_total=a, defender_total=d).value == to_attacker


def test_no_damage_to_losing_attacker_BT_EX_20():
    """BT.EX.20 / BT.ATK.RANGED: a hero losing to a stunned monster, or losing a ranged attack, takes nothing."""
    assert (
        decide("attack.damage", side="attacker", attacker_total=2, defender_total=5, defender_stunned=True).value == 0
    )
    assert decide("attack.damage", side="attacker", attacker_total=2, defender_total=5, ranged=True).value == 0


@pytest.mark.parametrize(
    ("trait", "kind"), [("might", "physical"), ("speed", "physical"), ("knowledge", "mental"), ("sanity", "mental")]
)
def test_damage_kind_BT_EX_12(trait, kind):
    """BT.EX.12 / BT.ATK.OTHER_TRAIT: Speed attacks deal physical damage, Knowledge and Sanity mental."""
    assert decide("attack.damage_kind", trait=trait).value == kind


@pytest.mark.parametrize(("margin", "ok"), [(1, False), (2, True), (3, True)])
def test_steal_threshold_BT_ATK_STEAL(margin, ok):
    """BT.ATK.STEAL: a melee winner dealing 2 or more physical damage may steal a tradeable item."""
    r = decide("steal.allowed", winner="attacker", margin=margin, damage_kind="physical", tradeable=True)
    assert r.value is ok


def test_steal_bars_BT_ATK_STEAL():
    """BT.ATK.STEAL / MONSTER_NO_SPECIAL: no steal at range, for mental damage, for a defender (by default), for a monster."""
    base = {"winner": "attacker", "margin": 3, "damage_kind": "physical", "tradeable": True}
    assert decide("steal.allowed", **{**base, "ranged": True}).value is False
    assert decide("steal.allowed", **{**base, "damage_kind": "mental"}).value is False
    assert decide("steal.allowed", **{**base, "tradeable": False}).value is False
    assert decide("steal.allowed", **{**base, "attacker_kind": "monster"}).value is False
    assert decide("steal.allowed", **{**base, "winner": "defender"}).value is False
    assert decide("steal.allowed", {"BT.ATK.STEAL": "winner"}, **{**base, "winner": "defender"}).value is True


def test_spear_attack_then_trade_BT_EX_04():
    """BT.EX.04: an item used to attack cannot be traded the same turn."""
    assert decide("item.used", attacked_with=True).value is True
    trade = {"action": "trade", "tradeable": True, "same_room": True, "both_agree": True}
    assert decide("item.action_allowed", **trade).value is True
    r = decide("item.action_allowed", **trade, item_acted=True)
    assert r.value is False
    assert rules(r) == {"BT.ITEM.PER_ITEM_ONE_ACTION"}


def test_item_bars_BT_ITEM_NOT_ITEMS():
    """BT.ITEM.*: no trade of untradeable cards, no dropping the Dog, one drop a turn, no items for monsters."""
    assert decide("item.action_allowed", action="trade", same_room=True, both_agree=True).value is False
    assert decide("item.action_allowed", action="drop", not_an_item=True).value is False
    assert decide("item.action_allowed", action="use", not_an_item=True).value is True
    assert decide("item.action_allowed", action="drop", action_done=True).value is False
    assert decide("item.action_allowed", action="use", holder="monster").value is False


@pytest.mark.parametrize(("attacking", "used", "ok"), [(True, 0, True), (True, 1, False), (False, 0, False)])
def test_weapons_BT_ITEM_WEAPONS(attacking, used, ok):
    """BT.ITEM.WEAPONS: one weapon per attack, never when defending."""
    assert decide("weapon.allowed", attacking=attacking, weapons_this_attack=used).value is ok


def test_line_of_sight_BT_ATK_LOS():
    """BT.ATK.LOS: a straight chain of joined doors; an obstacle breaks it only under obstacle_blocks."""
    facts = {"straight": True, "doors_joined": True, "crosses_obstacle": True}
    assert decide("line_of_sight.clear", **facts).value is True
    assert decide("line_of_sight.clear", {"BT.ATK.LOS": "obstacle_blocks"}, **facts).value is False
    assert decide("line_of_sight.clear", straight=True).value is False
