"""Table tests for bonuses, abilities, conditions, elements and damage (13- to 17-*.yaml)."""

from __future__ import annotations

import pytest

from adjudicator.core.expr.compile import Value
from tests.spec.gloomhaven.combat_support import decide, value
from tests.spec.support import rule_ids as rules

# --- bonuses ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("met", "benefit", "must"), [(True, False, True), (True, True, True), (False, True, False)])
def test_slot_must_be_used_GH_BONUS_PERSISTENT_MUST(met: bool, benefit: bool, must: bool) -> None:
    """GH.BONUS.PERSISTENT.MUST: a slot whose condition is met is used, even for nothing."""
    assert value("bonus.slot_must_be_used", condition_met=met, any_benefit=benefit) is must


@pytest.mark.parametrize(("slots", "left", "lost"), [(True, True, True), (True, False, False), (False, False, False)])
def test_persistent_card_lost_GH_BONUS_PERSISTENT_END(slots: bool, left: bool, lost: bool) -> None:
    """GH.BONUS.PERSISTENT.END: lost after the last slot; a card without slots stays all scenario."""
    assert value("bonus.card_to_lost", has_slots=slots, left_last_slot=left) is lost


# --- heal (GH.EX.10, GH.EX.11) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("poisoned", "wounded", "hp", "removes"),
    [(False, False, 3, "none"), (False, True, 3, "wound"), (True, False, 0, "poison"), (True, True, 0, "both")],
)
def test_heal_and_conditions(poisoned: bool, wounded: bool, hp: int, removes: str) -> None:
    """GH.HEAL.WOUND, GH.HEAL.POISON, GH.HEAL.BOTH: Heal 3 (GH.EX.10: both removed, 0 HP; GH.EX.11: wound off, 3 HP)."""
    assert value("heal.hp_restored", heal=3, poisoned=poisoned, wounded=wounded) == hp
    assert value("heal.removes", poisoned=poisoned, wounded=wounded) == removes


@pytest.mark.parametrize(
    ("kind", "target", "distance", "los", "ok"),
    [
        ("self", "self", 0, True, True),
        ("self", "ally", 1, True, False),
        ("ranged", "ally", 2, True, True),
        ("ranged", "ally", 3, True, False),
        ("ranged", "ally", 1, False, False),
        ("ranged", "enemy", 1, True, False),
        ("ranged", "self", 0, False, True),
    ],
)
def test_heal_target_GH_HEAL_RANGE(kind: str, target: str, distance: int, los: bool, ok: bool) -> None:
    """GH.HEAL.SELF, GH.HEAL.RANGE: Range 2 reaches an ally at 2 in sight, not at 3."""
    assert value("heal.target_allowed", kind=kind, target=target, distance=distance, range=2, in_los=los) is ok


# --- experience -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attached", "that", "any_", "met", "gain"),
    [
        (True, True, True, True, True),
        (True, False, True, True, False),
        (False, False, True, True, True),
        (False, False, False, True, False),
        (False, False, True, False, False),
    ],
)
def test_xp_grant_GH_XP_GRANT(attached: bool, that: bool, any_: bool, met: bool, gain: bool) -> None:
    """GH.XP.GRANT: XP after a comma needs that ability; otherwise any ability of the half."""
    facts: dict[str, Value] = {
        "attached_to_one": attached,
        "that_ability_used": that,
        "any_ability_used": any_,
        "conditions_met": met,
    }
    assert value("heal.xp_gained", **facts) is gain


@pytest.mark.parametrize(("tracker", "gained", "after"), [(8, 1, 9), (8, 2, 0), (8, 3, 1), (0, 0, 0)])
def test_xp_token_GH_XP_TOKEN10(tracker: int, gained: int, after: int) -> None:
    """GH.XP.TOKEN10: reaching 10 takes a token and restarts the track (9/10/11)."""
    assert value("heal.xp_tracker_after", tracker=tracker, gained=gained) == after


# --- summons ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("summoner", "adjacent", "hex_", "standee", "closer", "ok"),
    [
        ("character", True, "empty", False, False, True),
        ("character", True, "pressure_plate", False, False, True),
        ("character", False, "empty", False, False, False),
        ("character", True, "occupied", False, False, False),
        ("monster", True, "empty", True, False, True),
        ("monster", True, "empty", False, False, False),
        ("monster", True, "empty", True, True, False),
    ],
)
def test_summon_place(summoner: str, adjacent: bool, hex_: str, standee: bool, closer: bool, ok: bool) -> None:
    """GH.SUMMON.PLACE, GH.MON.SUMMON.PLACE: an empty adjacent hex; monsters nearest an enemy, with a standee."""
    facts: dict[str, Value] = {
        "summoner": summoner,
        "adjacent": adjacent,
        "hex": hex_,
        "standee_free": standee,
        "closer_hex_exists": closer,
    }
    assert value("summon.place_allowed", **facts) is ok


@pytest.mark.parametrize(
    ("summoner", "gone", "hp", "lost", "removed"),
    [
        ("character", True, 3, False, True),
        ("character", False, 0, False, True),
        ("character", False, 1, False, False),
        ("character", False, 2, True, True),
        ("monster", True, 2, False, False),
        ("monster", False, 0, False, True),
    ],
)
def test_summon_removed(summoner: str, gone: bool, hp: int, lost: bool, removed: bool) -> None:
    """GH.SUMMON.REMOVE, GH.MON.SUMMON.SURVIVE: a monster's summon outlives its summoner."""
    facts: dict[str, Value] = {"summoner": summoner, "summoner_gone": gone, "hp": hp, "card_lost": lost}
    assert value("summon.removed", **facts) is removed


@pytest.mark.parametrize(("now", "acts"), [(True, False), (False, True)])
def test_summon_waits_a_round_GH_SUMMON_TIMING(now: bool, acts: bool) -> None:
    """GH.SUMMON.TIMING, GH.MON.SUMMON.TIMING."""
    assert value("summon.acts_this_round", summoned_this_round=now) is acts


@pytest.mark.parametrize(
    ("cause", "credit"),
    [
        ("attack", "dealer"),
        ("summon_attack", "summoner"),
        ("pushed_into_hazard", "pusher"),
        ("wound", "nobody"),
        ("own_move_into_hazard", "nobody"),
    ],
)
def test_kill_credit(cause: str, credit: str) -> None:
    """GH.ATK.KILL, GH.SUMMON.CREDIT, GH.PUSH.KILL (GH.EX.14), GH.MON.WOUND (GH.EX.12), GH.MMOVE.TRAP (GH.EX.13)."""
    assert value("damage.kill_credit", cause=cause) == credit


# --- loot ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("facts", "ok"),
    [
        ({"distance": 1, "loot_x": 1, "in_los": True}, True),
        ({"distance": 2, "loot_x": 1, "in_los": True}, False),
        ({"distance": 0, "loot_x": 0, "in_los": True}, True),
        ({"distance": 1, "loot_x": 1, "in_los": False}, False),
        ({"distance": 0, "loot_x": 1, "in_los": True, "token": "treasure", "numbered_already_looted": True}, False),
        ({"distance": 0, "loot_x": 1, "in_los": True, "token": "treasure", "looter": "monster"}, False),
        ({"distance": 0, "loot_x": 1, "in_los": True, "token": "money", "looter": "monster"}, True),
    ],
)
def test_loot(facts: dict[str, Value], ok: bool) -> None:
    """GH.LOOT.RANGE, GH.LOOT.NUMBERED_ONCE, GH.MON.LOOT."""
    assert value("loot.allowed", **facts) is ok


# --- push and pull -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("effect", "change", "into", "last", "ok"),
    [
        ("push", "farther", "empty", False, True),
        ("push", "same", "empty", False, False),
        ("pull", "closer", "difficult", False, True),
        ("pull", "farther", "empty", False, False),
        ("push", "farther", "enemy_of_target", False, False),
        ("push", "farther", "wall", False, False),
        ("push", "farther", "ally_of_target", False, True),
        ("push", "farther", "ally_of_target", True, False),
        ("push", "farther", "trap", True, True),
    ],
)
def test_push_step(effect: str, change: str, into: str, last: bool, ok: bool) -> None:
    """GH.PUSH.PUSH, GH.PUSH.PULL, GH.PUSH.BLOCK, GH.PUSH.IGNORE."""
    facts: dict[str, Value] = {"effect": effect, "distance_change": change, "into": into, "last_hex": last}
    assert value("push.step_allowed", **facts) is ok


@pytest.mark.parametrize(
    ("moved", "blocked", "dead", "more"),
    [(1, False, False, True), (2, False, False, False), (1, True, False, False), (1, False, True, False)],
)
def test_push_full_GH_PUSH_FULL(moved: int, blocked: bool, dead: bool, more: bool) -> None:
    """GH.PUSH.FULL [FAQ], GH.PUSH.KILL: Push 2 goes on after 1 hex unless blocked or the target died."""
    assert value("push.must_continue", moved=moved, push_x=2, blocked=blocked, target_dead=dead) is more


# --- conditions -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("condition", "blocked"),
    [
        ("poison", set()),
        ("wound", set()),
        ("immobilize", {"move"}),
        ("disarm", {"attack"}),
        ("stun", {"move", "attack", "other_ability", "use_item"}),
        ("muddle", set()),
        ("invisible", {"be_focused", "be_targeted"}),
        ("strengthen", set()),
    ],
)
def test_condition_blocks(condition: str, blocked: set[str]) -> None:
    """GH.COND.*: what each condition forbids."""
    activities = ["move", "attack", "other_ability", "use_item", "be_focused", "be_targeted", "be_affected_untargeted"]
    found = {a for a in activities if value("condition.blocks", condition=condition, activity=a)}
    assert found == blocked


@pytest.mark.parametrize(
    ("condition", "applied_now", "removed"),
    [
        ("stun", False, True),
        ("stun", True, False),
        ("strengthen", False, True),
        ("poison", False, False),
        ("wound", False, False),
    ],
)
def test_end_of_turn_removal_GH_COND_DURATION(condition: str, applied_now: bool, removed: bool) -> None:
    """GH.COND.DURATION, GH.COND.PERSIST, GH.MON.END_TURN: short conditions end with a turn begun with them."""
    assert value("condition.removed_at_end_of_turn", condition=condition, applied_this_turn=applied_now) is removed


@pytest.mark.parametrize(
    ("facts", "applies"),
    [
        ({"polarity": "negative", "recipient": "target"}, True),
        ({"polarity": "negative", "recipient": "ally"}, False),
        ({"polarity": "positive", "recipient": "ally"}, True),
        ({"polarity": "positive", "recipient": "target"}, False),
        ({"polarity": "negative", "recipient": "target", "immune": True}, False),
        ({"polarity": "negative", "recipient": "target", "obstacle": True}, False),
    ],
)
def test_condition_applies_to(facts: dict[str, Value], applies: bool) -> None:
    """GH.COND.NEG_ALL_TARGETS, GH.COND.POS_SELF_ALLY, GH.COND.BOSS_IMMUNE, GH.ATK.OBSTACLE_HP."""
    assert value("condition.applies_to", **facts) is applies


@pytest.mark.parametrize(
    ("card", "immune", "left", "added"),
    [
        ("bless", False, 1, True),
        ("bless", False, 0, False),
        ("curse", False, 1, True),
        ("curse", True, 5, False),
        ("curse", False, 0, False),
    ],
)
def test_bless_curse_cards(card: str, immune: bool, left: int, added: bool) -> None:
    """GH.COND.BLESS, GH.COND.CURSE, GH.COND.SUPPLY_LIMIT [FAQ]."""
    assert value("condition.card_added", card=card, immune=immune, supply_left=left) is added


@pytest.mark.parametrize(("wounded", "damage"), [(True, 1), (False, 0)])
def test_wound_GH_COND_WOUND(wounded: bool, damage: int) -> None:
    """GH.COND.WOUND: one damage at the start of the turn."""
    assert value("condition.wound_damage", wounded=wounded) == damage


# --- elements (GH.EX.25) ----------------------------------------------------------------------------


@pytest.mark.parametrize(("state", "after"), [("strong", "waning"), ("waning", "inert"), ("inert", "inert")])
def test_wane_GH_ELEM_WANE(state: str, after: str) -> None:
    """GH.ELEM.WANE: one column left at round end."""
    assert value("element.after_round", state=state) == after


def test_fire_through_two_rounds() -> None:
    """GH.EX.25: infused in round r, Strong for r, Waning in r+1, Inert at the end of r+1."""
    state = value("element.at_turn_end", state="inert", infused=True)
    assert state == "strong"
    state = value("element.after_round", state=state)
    assert state == "waning"
    assert value("element.after_round", state=state) == "inert"


@pytest.mark.parametrize(
    ("state", "infused", "consumed", "after"),
    [("waning", False, True, "inert"), ("inert", True, False, "strong"), ("waning", False, False, "waning")],
)
def test_turn_end_state(state: str, infused: bool, consumed: bool, after: str) -> None:
    """GH.ELEM.INFUSE, GH.ELEM.CONSUME."""
    assert value("element.at_turn_end", state=state, infused=infused, consumed=consumed) == after


@pytest.mark.parametrize(
    ("state", "pending", "reading", "ok"),
    [
        ("strong", False, "end_of_turn", True),
        ("inert", False, "end_of_turn", False),
        ("inert", True, "end_of_turn", False),
        ("strong", True, "end_of_turn", True),
        ("strong", True, "literal", False),
    ],
)
def test_consumable_GH_ELEM_NO_SAME_TURN(state: str, pending: bool, reading: str, ok: bool) -> None:
    """GH.ELEM.CONSUME, GH.ELEM.INFUSE_END_OF_TURN, GH.ELEM.NO_SAME_TURN and its literal reading."""
    r = decide("element.consumable", {"GH.ELEM.NO_SAME_TURN": reading}, state=state, own_infusion_pending=pending)
    assert r.value is ok


@pytest.mark.parametrize(("listed", "consumed", "ok"), [(1, 0, False), (1, 1, True), (2, 1, False), (2, 2, True)])
def test_augment_GH_ELEM_AUGMENT_ALL(listed: int, consumed: int, ok: bool) -> None:
    """GH.ELEM.AUGMENT_EFFECT, GH.ELEM.AUGMENT_ALL."""
    assert value("element.augment_applies", listed=listed, consumed=consumed) is ok


@pytest.mark.parametrize("able", [True, False])
def test_monster_consumes_GH_ELEM_MONSTER_CONSUME(able: bool) -> None:
    """GH.ELEM.MONSTER_CONSUME: always when it can."""
    assert value("element.monster_consumes", consumable=able) is able


# --- damage and exhaustion -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "hand", "discards", "ok"),
    [
        ("lose_hp", 0, 0, True),
        ("lose_hand_card", 0, 5, False),
        ("lose_hand_card", 1, 0, True),
        ("lose_two_discards", 5, 1, False),
        ("lose_two_discards", 0, 2, True),
        ("lose_two_discards", 0, 3, True),
    ],
)
def test_damage_options_GH_DMG_CHOICE(option: str, hand: int, discards: int, ok: bool) -> None:
    """GH.DMG.CHOICE: two discards needed (1/2/3), one free hand card."""
    assert value("damage.option_allowed", option=option, free_hand_cards=hand, discards=discards) is ok


@pytest.mark.parametrize(("hp", "out"), [(-1, True), (0, True), (1, False)])
def test_exhausted_at_zero_GH_DMG_EXHAUST_HP(hp: int, out: bool) -> None:
    """GH.DMG.EXHAUST_HP: HP -1/0/1."""
    assert value("exhaustion.exhausted", hp=hp, hand=5, discards=5) is out


@pytest.mark.parametrize(("hand", "discards", "out"), [(1, 1, True), (2, 1, False), (1, 2, False), (0, 0, True)])
def test_exhausted_by_cards_GH_EXH_TRIGGERS(hand: int, discards: int, out: bool) -> None:
    """GH.EXH.TRIGGERS (GH.EX.24): neither two actions nor a long rest at round start."""
    assert value("exhaustion.exhausted", hp=5, checkpoint="round_start", hand=hand, discards=discards) is out


def test_exhaustion_glossary_reading_GH_EXH_TRIGGERS() -> None:
    """GH.EXH.TRIGGERS, reading turn_start: the card check moves to the start of the character's turn."""
    facts: dict[str, Value] = {"hp": 5, "hand": 1, "discards": 1}
    assert value("exhaustion.exhausted", checkpoint="turn_start", **facts) is False
    assert value("exhaustion.exhausted", {"GH.EXH.TRIGGERS": "turn_start"}, checkpoint="turn_start", **facts) is True


@pytest.mark.parametrize(("cause", "zero"), [("hp", True), ("cards", False)])
def test_cards_exhaustion_not_zero_hp_GH_EXH_CARDS_NOT_HP(cause: str, zero: bool) -> None:
    """GH.EXH.CARDS_NOT_HP, GH.DMG.EXHAUST_HP."""
    assert value("exhaustion.counts_as_zero_hp", cause=cause) is zero


@pytest.mark.parametrize(("left", "lost"), [(0, True), (1, False)])
def test_scenario_lost_GH_EXH_ALL(left: int, lost: bool) -> None:
    """GH.EXH.ALL."""
    r = decide("exhaustion.scenario_lost", characters_left=left)
    assert r.value is lost
    assert rules(r) == {"GH.EXH.ALL"}
