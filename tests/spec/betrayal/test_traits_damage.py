"""Table tests for Betrayal traits and damage (03-traits.yaml, 04-damage.yaml)."""

from __future__ import annotations

import pytest

from tests.spec.betrayal.support import decide
from tests.spec.support import rule_ids as rules


@pytest.mark.parametrize(
    ("trait", "kind"), [("might", "physical"), ("speed", "physical"), ("knowledge", "mental"), ("sanity", "mental")]
)
def test_trait_kinds_BT_TRAIT_SET(trait, kind):
    """BT.TRAIT.SET: Might and Speed are physical, Knowledge and Sanity mental."""
    assert decide("trait.kind", trait=trait).value == kind


def test_zoe_might_moves_two_notches_BT_EX_01():
    """BT.EX.01 (L188): a gain of 2 moves the clip two notches along the row, from notch 3 to notch 5."""
    r = decide("trait.notch_after", at=3, top=8, change=2)
    assert r.value == 5
    assert rules(r) == {"BT.TRAIT.NOTCHES"}


@pytest.mark.parametrize(
    ("change", "notch", "rule"), [(1, 8, "BT.TRAIT.NOTCHES"), (2, 8, "BT.TRAIT.MAX"), (3, 8, "BT.TRAIT.MAX")]
)
def test_gain_stops_at_maximum_BT_TRAIT_MAX(change, notch, rule):
    """BT.TRAIT.MAX: from one notch below the top, +1 reaches it, +2 and +3 stop there."""
    r = decide("trait.notch_after", at=7, top=8, change=change)
    assert r.value == notch
    assert rules(r) == {rule}


@pytest.mark.parametrize(
    ("haunt", "change", "notch"),
    [(False, -1, 1), (False, -2, 1), (False, -3, 1), (True, -1, 1), (True, -2, 0), (True, -3, 0)],
)
def test_loss_below_lowest_number_BT_TRAIT_SKULL_NO_DEATH(haunt, change, notch):
    """BT.TRAIT.SKULL / NO_DEATH_PREHAUNT: from notch 2, losses of 1-3 stop at notch 1 before the haunt, reach the skull after."""
    assert decide("trait.notch_after", at=2, top=8, change=change, haunt_started=haunt).value == notch


@pytest.mark.parametrize(("loss", "haunt", "dies"), [(2, True, False), (3, True, True), (3, False, False)])
def test_zoe_sanity_BT_EX_02(loss, haunt, dies):
    """BT.EX.02 (L200): Zoe's Sanity 5 sits on notch 3; losing 2 keeps her alive, more than 2 kills her only after the haunt."""
    notch = decide("trait.notch_after", at=3, top=8, change=-loss, haunt_started=haunt).value
    assert decide("explorer.dies", haunt_started=haunt, lowest_notch=notch).value is dies


def test_item_overflow_BT_EX_05():
    """BT.EX.05 (L359): an item worth +2 of which 1 overflowed costs 1 notch when lost."""
    r = decide("trait.item_loss", bonus=2, overflow=1)
    assert r.value == 1
    assert rules(r) == {"BT.TRAIT.ITEM_OVERFLOW"}


@pytest.mark.parametrize(
    ("might", "speed", "knowledge", "ok"),
    [(2, 1, 0, True), (3, 0, 0, True), (2, 0, 0, False), (2, 2, 0, False), (2, 0, 1, False)],
)
def test_jenny_splits_three_physical_BT_EX_14(might, speed, knowledge, ok):
    """BT.EX.14 / BT.DMG.PHYSICAL: 3 physical damage goes on Might and Speed, 3 notches in all, none on mental traits."""
    r = decide("damage.split_legal", kind="physical", amount=3, might=might, speed=speed, knowledge=knowledge)
    assert r.value is ok


def test_mental_damage_on_mental_traits_BT_DMG_MENTAL():
    """BT.DMG.MENTAL: mental damage goes on Knowledge and Sanity only."""
    assert decide("damage.split_legal", kind="mental", amount=2, knowledge=1, sanity=1).value is True
    assert decide("damage.split_legal", kind="mental", amount=2, might=1, sanity=1).value is False


def test_wasted_point_reading_BT_TRAIT_NO_DEATH_PREHAUNT():
    """BT.TRAIT.NO_DEATH_PREHAUNT: a point wasted on a trait at its lowest number is free by default, barred under no_waste."""
    facts = {"kind": "physical", "amount": 2, "might": 1, "speed": 1, "waste_avoidable": True}
    assert decide("damage.split_legal", **facts).value is True
    r = decide("damage.split_legal", {"BT.TRAIT.NO_DEATH_PREHAUNT": "no_waste"}, **facts)
    assert r.value is False
    assert rules(r) == {"BT.TRAIT.NO_DEATH_PREHAUNT"}


def test_dice_of_damage_BT_EX_08():
    """BT.EX.08 / BT.DMG.DICE: one die of damage deals the pips rolled; a fixed amount deals itself (BT.DMG.PER_POINT)."""
    assert decide("damage.points", form="dice", amount=1, dice_total=2).value == 2
    assert rules(decide("damage.points", form="fixed", amount=3)) == {"BT.DMG.PER_POINT"}
