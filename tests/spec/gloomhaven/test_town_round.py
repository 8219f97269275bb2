"""Table tests for Gloomhaven rounds, initiative, items and the player's turn (05- to 07-*.yaml)."""

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


# --- the round's declaration ------------------------------------------------------------


@pytest.mark.parametrize(("hand", "ok"), [(1, False), (2, True), (3, True)])
def test_two_actions_GH_ROUND_TWO_ACTIONS_REQ(hand: int, ok: bool) -> None:
    """GH.ROUND.TWO_ACTIONS_REQ: two cards in hand (1/2/3)."""
    r = decide("round.option_allowed", option="two_actions", hand=hand)
    assert r.value is ok
    assert rules(r) == {"GH.ROUND.TWO_ACTIONS_REQ"}


@pytest.mark.parametrize(
    ("discard", "active", "ok"), [(1, 0, False), (2, 0, True), (3, 0, True), (1, 1, True), (0, 1, False)]
)
def test_long_rest_GH_ROUND_LONG_REST_REQ(discard: int, active: int, ok: bool) -> None:
    """GH.ROUND.LONG_REST_REQ: two discards, active cards may be moved there."""
    r = decide("round.option_allowed", option="long_rest", discard=discard, active=active, hand=5)
    assert r.value is ok
    assert rules(r) == {"GH.ROUND.LONG_REST_REQ"}


@pytest.mark.parametrize(
    ("hand", "discard", "active", "exhausted"),
    [(1, 1, 0, True), (2, 0, 0, False), (1, 2, 0, False), (0, 1, 1, False), (0, 0, 0, True)],
)
def test_exhausted_GH_ROUND_EXHAUST_NO_OPTION(hand: int, discard: int, active: int, exhausted: bool) -> None:
    """GH.ROUND.EXHAUST_NO_OPTION: neither option means exhaustion; 1 in hand and 1 discarded (GH.EX.24)."""
    r = decide("round.exhausted", hand=hand, discard=discard, active=active)
    assert r.value is exhausted


@pytest.mark.parametrize(
    ("option", "leading", "value", "rule"),
    [
        ("two_actions", 35, 35, "GH.ROUND.SELECT"),
        ("long_rest", 12, 99, "GH.INIT.LONG_REST"),
    ],
)
def test_initiative_value(option: str, leading: int, value: int, rule: str) -> None:
    """GH.ROUND.SELECT / GH.INIT.LONG_REST: the leading card, or 99 for a long rest."""
    r = decide("initiative.value", option=option, leading=leading)
    assert r.value == value
    assert rules(r) == {rule}


def test_monster_cards() -> None:
    """GH.ROUND.MON_DRAW / MON_RESHUFFLE_EMPTY: a card per type on the board; rebuild an empty deck."""
    assert decide("round.monster_card", on_board=True).value is True
    assert decide("round.monster_card", on_board=False).value is False
    assert decide("round.monster_reshuffle", deck_empty=True).value is True
    assert decide("round.monster_reshuffle", deck_empty=False).value is False


# --- initiative order -----------------------------------------------------------------------


def before(**facts: Value) -> Result:
    """Decide initiative.before."""
    return decide("initiative.before", **facts)


@pytest.mark.parametrize(("a", "b", "value"), [(34, 35, "a_first"), (36, 35, "b_first")])
def test_lower_first_GH_INIT_ORDER(a: int, b: int, value: str) -> None:
    """GH.INIT.ORDER: lower initiative acts first (34/35/36)."""
    r = before(a_kind="character", b_kind="monster", a_init=a, b_init=b)
    assert r.value == value
    assert rules(r) == {"GH.INIT.ORDER"}


@pytest.mark.parametrize(
    ("a_kind", "b_kind", "value"), [("character", "monster", "a_first"), ("monster", "character", "b_first")]
)
def test_player_beats_monster_GH_INIT_PLAYER_FIRST(a_kind: str, b_kind: str, value: str) -> None:
    """GH.INIT.PLAYER_FIRST: on a tie the player acts before the monster."""
    r = before(a_kind=a_kind, b_kind=b_kind, a_init=35, b_init=35)
    assert r.value == value
    assert rules(r) == {"GH.INIT.PLAYER_FIRST"}


@pytest.mark.parametrize(("a2", "b2", "value"), [(20, 60, "a_first"), (60, 20, "b_first"), (40, 40, "players_choose")])
def test_player_tie_GH_INIT_PLAYER_TIE(a2: int, b2: int, value: str) -> None:
    """GH.INIT.PLAYER_TIE: secondary cards, then the players (GH.EX.21: 20 beats 60)."""
    r = before(a_kind="character", b_kind="character", a_init=35, b_init=35, a_secondary=a2, b_secondary=b2)
    assert r.value == value
    assert rules(r) == {"GH.INIT.PLAYER_TIE"}


def test_monster_types_tie_GH_INIT_MON_TYPE_TIE() -> None:
    """GH.INIT.MON_TYPE_TIE: two monster types on one initiative, the players choose."""
    r = before(a_kind="monster", b_kind="monster", a_init=50, b_init=50, same_type=False)
    assert r.value == "players_choose"
    assert rules(r) == {"GH.INIT.MON_TYPE_TIE"}


@pytest.mark.parametrize(
    ("a_rank", "a_no", "b_rank", "b_no", "value"),
    [
        ("elite", 4, "normal", 1, "a_first"),  # GH.EX.22: elites before normals
        ("elite", 4, "elite", 2, "b_first"),  # elites by standee number
        ("normal", 1, "elite", 2, "b_first"),
        ("normal", 1, "normal", 3, "a_first"),
    ],
)
def test_elites_first_GH_INIT_ELITE_FIRST(a_rank: str, a_no: int, b_rank: str, b_no: int, value: str) -> None:
    """GH.INIT.ELITE_FIRST: elites first, each rank by standee number."""
    r = before(
        a_kind="monster",
        b_kind="monster",
        a_init=40,
        b_init=40,
        same_type=True,
        a_rank=a_rank,
        b_rank=b_rank,
        a_standee=a_no,
        b_standee=b_no,
    )
    assert r.value == value
    assert rules(r) == {"GH.INIT.ELITE_FIRST"}


def test_long_rester_last_GH_EX_21() -> None:
    """GH.EX.21: a long rester (99) acts after a monster at 35."""
    assert before(a_kind="character", b_kind="monster", a_init=99, b_init=35).value == "b_first"


@pytest.mark.parametrize(
    ("a_role", "a_order", "b_role", "b_order", "value", "rule"),
    [
        ("summon", 1, "owner", 1, "a_first", "GH.INIT.SUMMON_BEFORE"),
        ("owner", 1, "summon", 2, "b_first", "GH.INIT.SUMMON_BEFORE"),
        ("summon", 2, "summon", 1, "b_first", "GH.INIT.SUMMON_SEQ"),
        ("summon", 1, "summon", 3, "a_first", "GH.INIT.SUMMON_SEQ"),
    ],
)
def test_summons(a_role: str, a_order: int, b_role: str, b_order: int, value: str, rule: str) -> None:
    """GH.INIT.SUMMON_BEFORE / SUMMON_SEQ: summons just before their owner, in summoning order."""
    r = decide("initiative.summons", a_role=a_role, a_order=a_order, b_role=b_role, b_order=b_order)
    assert r.value == value
    assert rules(r) == {rule}


def test_scenario_allies_GH_INIT_SCENARIO_ALLIES() -> None:
    """GH.INIT.SCENARIO_ALLIES: numbered tokens in number order."""
    assert decide("initiative.scenario_allies", a_token=2, b_token=1).value == "b_first"
    assert decide("initiative.scenario_allies", a_token=1, b_token=2).value == "a_first"


@pytest.mark.parametrize(
    ("when", "init", "current", "value"),
    [
        ("mid_round", 29, 30, "after_current_turn"),
        ("mid_round", 31, 30, "in_initiative_order"),
        ("round_end", 10, 99, "next_round"),
    ],
)
def test_spawn_timing_GH_ROUND_SPAWN_TIMING(when: str, init: int, current: int, value: str) -> None:
    """GH.ROUND.SPAWN_TIMING: lower acts right after the current turn, higher in order, at round end next round."""
    assert decide("round.spawn_acts", when=when, initiative=init, current=current).value == value


def test_spawn_equal_initiative_is_a_gap_GH_ROUND_SPAWN_TIMING() -> None:
    """GH.ROUND.SPAWN_TIMING: the summary is silent on an equal initiative; no rule decides it."""
    r = decide("round.spawn_acts", when="mid_round", initiative=30, current=30)
    assert r.status == "undecided"


def test_round_finishes_GH_ROUND_OBJECTIVE() -> None:
    """GH.ROUND.OBJECTIVE: the round is played out after the goal is met."""
    assert decide("round.finish_after_goal", goal_met=True).value is True


# --- items -------------------------------------------------------------------------------------


def test_item_ready_GH_ITEM_ANYTIME() -> None:
    """GH.ITEM.ANYTIME: an equipped, ready item may be used (the default rule)."""
    r = decide("item.usable", equipped=True, state="ready")
    assert r.value is True
    assert rules(r) == {"GH.ITEM.ANYTIME"}


@pytest.mark.parametrize(
    "facts",
    [
        {"stunned": True, "equipped": True, "state": "ready"},
        {"equipped": False, "state": "ready"},
        {"equipped": True, "state": "spent"},
        {"equipped": True, "state": "consumed"},
    ],
)
def test_item_blocked_GH_ITEM_BLOCKED(facts: dict[str, Value]) -> None:
    """GH.ITEM.BLOCKED: stunned, unequipped, spent or consumed."""
    r = decide("item.usable", **facts)
    assert r.value is False
    assert rules(r) == {"GH.ITEM.BLOCKED"}


def test_item_after_draw_GH_ITEM_NO_AFTER_DRAW() -> None:
    """GH.ITEM.NO_AFTER_DRAW: no attack bonus once the modifier is drawn; before it, fine."""
    r = decide("item.usable", equipped=True, state="ready", attack_effect=True, modifier_drawn=True)
    assert r.value is False
    assert rules(r) == {"GH.ITEM.NO_AFTER_DRAW"}
    assert decide("item.usable", equipped=True, state="ready", attack_effect=True).value is True


@pytest.mark.parametrize(
    ("symbol", "slots", "used", "value"),
    [
        ("spend", 0, 0, "spent"),
        ("consume", 0, 0, "consumed"),
        ("none", 0, 0, "unchanged"),
        ("spend", 3, 2, "slot_marked"),
        ("spend", 3, 3, "spent"),
    ],
)
def test_item_after_use(symbol: str, slots: int, used: int, value: str) -> None:
    """GH.ITEM.SPEND / CONSUME / UNLIMITED / SLOTS / UNUSED_SLOTS: the card after use."""
    assert decide("item.after_use", symbol=symbol, slots=slots, used=used).value == value


def test_unused_slots_not_spent_GH_ITEM_UNUSED_SLOTS() -> None:
    """GH.ITEM.UNUSED_SLOTS: slots still free, not spent (FAQ agrees with GH.ITEM.SLOTS)."""
    r = decide("item.after_use", symbol="spend", slots=4, used=1)
    assert r.value == "slot_marked"
    assert rules(r) == {"GH.ITEM.SLOTS", "GH.ITEM.UNUSED_SLOTS"}


def test_slot_must_be_used_GH_ITEM_SLOTS() -> None:
    """GH.ITEM.SLOTS: a free slot whose condition is met must be used."""
    assert decide("item.slot_must_use", free_slot=True, condition_met=True).value is True
    assert decide("item.slot_must_use", free_slot=True, condition_met=False).value is False


@pytest.mark.parametrize(
    ("state", "by", "back"),
    [
        ("spent", "long_rest", True),
        ("spent", "refresh_ability", True),
        ("consumed", "long_rest", False),
        ("consumed", "refresh_ability", True),
    ],
)
def test_refresh(state: str, by: str, back: bool) -> None:
    """GH.ITEM.SPENT / CONSUMED / GH.TURN.LONG_REST: a long rest refreshes spent items only."""
    assert decide("item.refreshed", state=state, by=by).value is back


# --- the player's turn --------------------------------------------------------------------------


def test_wound_start_GH_TURN_WOUND_START() -> None:
    """GH.TURN.WOUND_START: 1 damage if wounded, none otherwise."""
    assert decide("turn.start_damage", wounded=True).value == 1
    assert decide("turn.start_damage", wounded=False).value == 0


def test_long_rest_numbers_GH_TURN_LONG_REST() -> None:
    """GH.TURN.LONG_REST: lose one discarded card if any, heal 2."""
    assert decide("rest.long.cards_lost", discard=0).value == 0
    assert decide("rest.long.cards_lost", discard=1).value == 1
    assert decide("rest.long.cards_lost", discard=5).value == 1
    assert decide("rest.long.heal").value == 2


def test_stunned_GH_TURN_STUNNED() -> None:
    """GH.TURN.STUNNED: no actions; both cards to the discard even if one is a lost or active card."""
    assert decide("turn.may_act", stunned=True).value is False
    r = decide("turn.card_destination", stunned=True, lost_symbol=True, active_bonus=True)
    assert r.value == "discard"
    assert rules(r) == {"GH.TURN.STUNNED"}


@pytest.mark.parametrize(
    ("first", "second", "same", "ok"),
    [("top", "bottom", False, True), ("top", "top", False, False), ("bottom", "top", True, False)],
)
def test_top_bottom_GH_TURN_TOP_BOTTOM(first: str, second: str, same: bool, ok: bool) -> None:
    """GH.TURN.TOP_BOTTOM: one top and one bottom, from different cards."""
    assert decide("turn.halves_ok", first=first, second=second, same_card=same).value is ok


def test_default_actions_GH_TURN_DEFAULT() -> None:
    """GH.TURN.DEFAULT: Attack 2 from a top, Move 2 from a bottom, the card then discarded."""
    assert decide("turn.default_action", half="top").value == "attack_2"
    assert decide("turn.default_action", half="bottom").value == "move_2"
    r = decide("turn.card_destination", default_used=True, lost_symbol=True)
    assert r.value == "discard"
    assert rules(r) == {"GH.TURN.DEFAULT"}


@pytest.mark.parametrize(
    ("lost", "active", "value", "rule"),
    [
        (False, False, "discard", "GH.TURN.CARD_AFTER"),
        (True, False, "lost", "GH.TURN.CARD_AFTER"),
        (False, True, "active_area", "GH.TURN.ACTIVE_BONUS"),
        (True, True, "active_area", "GH.TURN.ACTIVE_BONUS"),
    ],
)
def test_card_destination(lost: bool, active: bool, value: str, rule: str) -> None:
    """GH.TURN.CARD_AFTER / ACTIVE_BONUS: discard, lost pile or active area."""
    r = decide("turn.card_destination", lost_symbol=lost, active_bonus=active)
    assert r.value == value
    assert rules(r) == {rule}


@pytest.mark.parametrize(
    ("effect", "ok"), [("positive", True), ("xp_gain", False), ("independent_infusion", False), ("negative", False)]
)
def test_skip_GH_TURN_SKIP_POSITIVE(effect: str, ok: bool) -> None:
    """GH.TURN.SKIP_POSITIVE: positive parts may be skipped, XP, infusions and negatives not."""
    assert decide("turn.skip_allowed", effect=effect).value is ok


def test_no_ally_target_GH_TURN_NO_ALLY_TARGET() -> None:
    """GH.TURN.NO_ALLY_TARGET: allies only when the card says so."""
    assert decide("turn.target_ally", card_allows=False).value is False
    assert decide("turn.target_ally", card_allows=True).value is True


def test_end_pickup_GH_TURN_END_LOOT() -> None:
    """GH.TURN.END.LOOT: a character picks up what lies on its hex; no other figure does."""
    assert decide("turn.end_pickup", figure="character").value is True
    assert decide("turn.end_pickup", figure="other").value is False


@pytest.mark.parametrize("condition", ["immobilize", "disarm", "stun", "muddle", "invisible", "strengthen"])
def test_conditions_end_GH_TURN_END_CONDITIONS(condition: str) -> None:
    """GH.TURN.END.CONDITIONS: removed at the end of the turn unless applied during it."""
    assert decide("turn.condition_removed", condition=condition, applied_this_turn=False).value is True
    assert decide("turn.condition_removed", condition=condition, applied_this_turn=True).value is False


def test_pressure_plate_GH_TURN_END_PRESSURE_PLATE() -> None:
    """GH.TURN.END.PRESSURE_PLATE: only a character ending its turn on a plate triggers it."""
    assert decide("turn.pressure_plate", figure="character", on_plate=True).value is True
    assert decide("turn.pressure_plate", figure="character", on_plate=False).value is False
    assert decide("turn.pressure_plate", figure="other", on_plate=True).value is False
