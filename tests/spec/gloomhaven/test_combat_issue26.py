"""Table tests for the rules issue 26 put to use: a heal's maximum, the long rest's heal, a card's attacks."""

from __future__ import annotations

import pytest

from tests.spec.gloomhaven.combat_support import decide, value


@pytest.mark.parametrize(("hp", "restored", "after"), [(7, 2, 9), (8, 2, 10), (9, 2, 10), (10, 0, 10), (0, 3, 3)])
def test_heal_never_above_the_maximum_GH_HEAL_MAX(hp: int, restored: int, after: int) -> None:
    """GH.HEAL.MAX: HP before plus what the heal gives, at most 10 (the maximum here); at 8, 9 and 10."""
    assert value("heal.hp_after", hp=hp, restored=restored, max_hp=10) == after


def test_long_rest_heal_may_be_declined_GH_TURN_LONG_REST_DECLINE_HEAL() -> None:
    """GH.TURN.LONG_REST.DECLINE_HEAL: by default a positive ability may be left out; ``mandatory`` says no."""
    assert value("rest.long.heal_declinable") is True
    assert value("rest.long.heal_declinable", {"GH.TURN.LONG_REST.DECLINE_HEAL": "mandatory"}) is False
    assert [step.rule for step in decide("rest.long.heal_declinable").trace] == ["GH.TURN.LONG_REST.DECLINE_HEAL"]


@pytest.mark.parametrize(("alive", "target"), [(True, "same"), (False, "new_target")])
def test_card_attacks_stay_on_a_living_target_GH_MATK_SAME_TARGET(alive: bool, target: str) -> None:
    """GH.MATK.SAME_TARGET: the next attack ability of the card keeps a living target, else a new one."""
    assert value("monster.next_attack_target", target_alive=alive) == target
