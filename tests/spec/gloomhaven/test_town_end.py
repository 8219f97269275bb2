"""Table tests for Gloomhaven's end of round, rests, end of scenario and glossary (19- to 21-*.yaml)."""

from __future__ import annotations

import pytest

from adjudicator.core.engine import Result
from adjudicator.core.expr.compile import Value
from adjudicator.core.expr.types import domain
from adjudicator.core.spec import load_spec
from tests.spec.support import rule_ids as rules

GH = "gloomhaven/1e"


def decide(decision: str, **facts: Value) -> Result:
    """Decide a Gloomhaven decision with every fact not given at the first value of its type."""
    spec = load_spec()
    full = {name: domain(fact.type)[0] for name, fact in spec.decision(GH, decision).facts.items()}
    full.update(facts)
    return spec.decide(GH, decision, full)


# --- end of round ------------------------------------------------------------------------


def test_reshuffles() -> None:
    """GH.ROUNDEND.AMD / MON_SHUFFLE: a drawn x2 or Null, or a shuffle symbol, reshuffles."""
    assert decide("rest.round_end.amd_reshuffle", drew_x2_or_null=True).value is True
    assert decide("rest.round_end.amd_reshuffle", drew_x2_or_null=False).value is False
    assert decide("rest.round_end.monster_reshuffle", shuffle_symbol=True).value is True
    assert decide("rest.round_end.monster_reshuffle", shuffle_symbol=False).value is False


def test_round_bonus_GH_ROUNDEND_ROUND_BONUS() -> None:
    """GH.ROUNDEND.ROUND_BONUS: to the discard, or the lost pile with the lost symbol."""
    assert decide("rest.round_end.round_bonus", lost_symbol=False).value == "discard"
    assert decide("rest.round_end.round_bonus", lost_symbol=True).value == "lost"


@pytest.mark.parametrize(("state", "after"), [("strong", "waning"), ("waning", "inert"), ("inert", "inert")])
def test_wane_GH_ROUNDEND_WANE(state: str, after: str) -> None:
    """GH.ROUNDEND.WANE: one column left (GH.EX.25: strong, then waning, then inert)."""
    assert decide("rest.round_end.element", state=state).value == after


@pytest.mark.parametrize(("discard", "ok"), [(1, False), (2, True), (3, True)])
def test_short_rest_allowed_GH_REST_SHORT(discard: int, ok: bool) -> None:
    """GH.REST.SHORT: two discarded cards needed (1/2/3)."""
    r = decide("rest.short.allowed", discard=discard)
    assert r.value is ok
    assert rules(r) == {"GH.REST.SHORT"}


@pytest.mark.parametrize(("redraws", "ok"), [(0, True), (1, False), (2, False)])
def test_short_rest_redraw_once_GH_REST_SHORT(redraws: int, ok: bool) -> None:
    """GH.REST.SHORT: the keep-and-redraw option only once per rest."""
    assert decide("rest.short.may_redraw", redraws=redraws).value is ok


def test_short_rest_damage_GH_REST_SHORT() -> None:
    """GH.REST.SHORT: keeping the first card costs 1 damage."""
    assert decide("rest.short.damage", redrew=True).value == 1
    assert decide("rest.short.damage", redrew=False).value == 0


@pytest.mark.parametrize(
    ("pile", "by", "back"),
    [
        ("discard", "recover", True),
        ("lost", "recover", True),
        ("discard", "long_rest", True),
        ("lost", "long_rest", False),
        ("discard", "short_rest", True),
        ("lost", "short_rest", False),
    ],
)
def test_recoverable_GH_GLOSS_LOST_DISCARD(pile: str, by: str, back: bool) -> None:
    """GH.GLOSS.LOST_DISCARD with the rests: only recover brings lost cards back."""
    assert decide("rest.card_recoverable", pile=pile, by=by).value is back


# --- end of scenario ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "removed"),
    [("base", False), ("perk", False), ("item", True), ("scenario", True), ("bless", True), ("curse", True)],
)
def test_deck_cleanup_GH_END_AMD_CLEAN(card: str, removed: bool) -> None:
    """GH.END.AMD_CLEAN: item, scenario, Bless and Curse cards leave every deck."""
    assert decide("end.amd_card_removed", card=card).value is removed


@pytest.mark.parametrize(("success", "level", "xp"), [(True, 0, 4), (True, 2, 8), (True, 7, 18), (False, 3, 0)])
def test_xp_bonus_GH_END_SUCCESS_XP_BONUS(success: bool, level: int, xp: int) -> None:
    """GH.END.SUCCESS.XP_BONUS: 4 + 2N on success; level 2 gives 8 (GH.EX.18)."""
    r = decide("end.xp_bonus", success=success, level=level)
    assert r.value == xp
    assert rules(r) == {"GH.END.SUCCESS.XP_BONUS"}


@pytest.mark.parametrize(("checks", "perks"), [(2, 0), (3, 1), (4, 1), (5, 1), (6, 2), (8, 2), (9, 3), (18, 6)])
def test_perks_from_checks_GH_END_SUCCESS_CHECKS(checks: int, perks: int) -> None:
    """GH.END.SUCCESS.CHECKS: three checkmarks per perk (2/3/4, 5/6)."""
    assert decide("end.perks_from_checks", checks=checks).value == perks


def test_goal_treasure_not_kept_GH_END_GOAL_TREASURE() -> None:
    """GH.END.GOAL_TREASURE: a goal treasure tile is not kept."""
    assert decide("end.goal_treasure_kept").value is False


# --- glossary -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("same_figure", "same_side", "value", "rule"),
    [
        (True, True, "itself", "GH.GLOSS.ALLY"),
        (False, True, "ally", "GH.GLOSS.ALLY"),
        (False, False, "enemy", "GH.GLOSS.ENEMY"),
    ],
)
def test_relation(same_figure: bool, same_side: bool, value: str, rule: str) -> None:
    """GH.GLOSS.ALLY / ENEMY: a figure is not its own ally; the other side is the enemy."""
    r = decide("turn.relation", same_figure=same_figure, same_side=same_side)
    assert r.value == value
    assert rules(r) == {rule}


@pytest.mark.parametrize(
    ("figure", "token", "overlay", "empty"),
    [
        (False, False, "none", True),
        (False, False, "open_door", True),
        (False, False, "pressure_plate", True),
        (False, False, "other", False),
        (False, True, "none", False),
        (True, False, "none", False),
    ],
)
def test_empty_hex_GH_GLOSS_EMPTY(figure: bool, token: bool, overlay: str, empty: bool) -> None:
    """GH.GLOSS.EMPTY: no figure, token or overlay, open doors and pressure plates apart."""
    assert decide("scenario.hex_empty", figure=figure, token=token, overlay=overlay).value is empty


@pytest.mark.parametrize(
    ("figure", "token", "free"), [(False, False, True), (True, False, False), (False, True, False)]
)
def test_unoccupied_hex_GH_GLOSS_UNOCCUPIED(figure: bool, token: bool, free: bool) -> None:
    """GH.GLOSS.UNOCCUPIED: no figure and no summon or ally token."""
    assert decide("scenario.hex_unoccupied", figure=figure, summon_or_ally_token=token).value is free


@pytest.mark.parametrize(
    ("target", "attack", "targeted"), [(True, False, True), (False, True, True), (False, False, False)]
)
def test_targeted_GH_GLOSS_TARGETED(target: bool, attack: bool, targeted: bool) -> None:
    """GH.GLOSS.TARGETED: the ability says target or attack."""
    assert decide("turn.ability_targeted", says_target=target, says_attack=attack).value is targeted
