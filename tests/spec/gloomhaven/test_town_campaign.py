"""Table tests for the Gloomhaven campaign, town, event and setup rules (01- to 04-*.yaml)."""

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


# --- campaign -----------------------------------------------------------------------


@pytest.mark.parametrize(("held", "value"), [(True, "replaces_existing"), (False, "added")])
def test_global_achievement_GH_CAMP_GLOBAL_ACH_REPLACE(held: bool, value: str) -> None:
    """GH.CAMP.GLOBAL_ACH_REPLACE: one of the same type replaces the old one."""
    r = decide("campaign.global_achievement", same_type_held=held)
    assert r.value == value
    assert rules(r) == {"GH.CAMP.GLOBAL_ACH_REPLACE"}


@pytest.mark.parametrize(
    ("unlocked", "in_play", "ok"), [(True, False, True), (True, True, False), (False, False, False)]
)
def test_class_unique_GH_CAMP_CLASS_UNIQUE(unlocked: bool, in_play: bool, ok: bool) -> None:
    """GH.CAMP.CLASS_UNIQUE and GH.TOWN.NEW.CLASS: an unlocked class nobody plays yet."""
    r = decide("campaign.class_allowed", class_unlocked=unlocked, class_in_play=in_play)
    assert r.value is ok
    assert rules(r) == {"GH.CAMP.CLASS_UNIQUE", "GH.TOWN.NEW.CLASS"}


@pytest.mark.parametrize(
    ("new", "town", "ok"), [(True, True, True), (True, False, False), (False, False, True), (False, True, True)]
)
def test_party_join_GH_CAMP_PARTY(new: bool, town: bool, ok: bool) -> None:
    """GH.CAMP.PARTY: a new character joins only in town; others anywhere."""
    assert decide("campaign.party_join", new_character=new, in_town=town).value is ok


@pytest.mark.parametrize("what", ["gold", "item"])
def test_no_trade_GH_CAMP_GOLD_NO_TRADE(what: str) -> None:
    """GH.CAMP.GOLD_NO_TRADE, GH.TOWN.ITEM.UNIQUE: no gold or item changes hands."""
    r = decide("campaign.trade_allowed", what=what)
    assert r.value is False
    assert "GH.TOWN.ITEM.UNIQUE" in rules(r)


@pytest.mark.parametrize(("number", "side"), [(51, False), (52, True), (53, True), (1, False)])
def test_side_scenario_GH_CAMP_SIDE_SCENARIO(number: int, side: bool) -> None:
    """GH.CAMP.SIDE_SCENARIO: numbers 52 and up are side scenarios (51/52/53)."""
    assert decide("campaign.side_scenario", number=number).value is side


# --- which scenario may be played -------------------------------------------------------


def test_campaign_requirements_all_met_GH_SETUP_CAMPAIGN_REQ() -> None:
    """GH.SETUP.CAMPAIGN_REQ: unlocked, not yet completed, both achievement lists held."""
    r = decide(
        "scenario.can_play",
        mode="campaign",
        unlocked=True,
        completed_in_campaign=False,
        global_requirements=True,
        party_requirements=True,
    )
    assert r.value is True
    assert rules(r) == {"GH.SETUP.CAMPAIGN_REQ"}


@pytest.mark.parametrize("missing", ["global_requirements", "party_requirements"])
def test_campaign_requirement_missing_GH_SETUP_CAMPAIGN_REQ(missing: str) -> None:
    """GH.SETUP.CAMPAIGN_REQ: a missing achievement forbids Campaign Mode."""
    facts: dict[str, Value] = {
        "unlocked": True,
        "completed_in_campaign": False,
        "global_requirements": True,
        "party_requirements": True,
    }
    facts[missing] = False
    assert decide("scenario.can_play", mode="campaign", **facts).value is False


def test_campaign_once_GH_CAMP_MODE_CAMPAIGN_ONCE() -> None:
    """GH.CAMP.MODE.CAMPAIGN_ONCE: a scenario completed in Campaign Mode is not played so again."""
    r = decide(
        "scenario.can_play",
        mode="campaign",
        unlocked=True,
        completed_in_campaign=True,
        global_requirements=True,
        party_requirements=True,
    )
    assert r.value is False
    assert "GH.CAMP.MODE.CAMPAIGN_ONCE" in rules(r)


@pytest.mark.parametrize(("unlocked", "ok"), [(True, True), (False, False)])
def test_casual_needs_unlock_GH_CAMP_MODE_CASUAL(unlocked: bool, ok: bool) -> None:
    """GH.CAMP.MODE.CASUAL: a completed scenario may be replayed casually once unlocked."""
    r = decide("scenario.can_play", mode="casual", unlocked=unlocked, completed_in_campaign=True)
    assert r.value is ok
    assert "GH.CAMP.MODE.CASUAL" in rules(r)


def test_locked_scenario_GH_SETUP_UNLOCKED() -> None:
    """GH.SETUP.UNLOCKED: a locked scenario is refused in either mode."""
    for mode in ("campaign", "casual"):
        r = decide("scenario.can_play", mode=mode, unlocked=False, global_requirements=True, party_requirements=True)
        assert r.value is False
        assert "GH.SETUP.UNLOCKED" in rules(r)


# --- a new character ----------------------------------------------------------------


@pytest.mark.parametrize(("level", "ok"), [(2, True), (3, True), (4, False)])
def test_start_level_GH_TOWN_NEW_LEVEL(level: int, ok: bool) -> None:
    """GH.TOWN.NEW.LEVEL: at most the prosperity level (prosperity 3: 2/3/4)."""
    assert decide("town.new.level_allowed", level=level, prosperity=3).value is ok


@pytest.mark.parametrize(("level", "gold"), [(1, 30), (3, 60), (9, 150)])
def test_start_gold_GH_TOWN_NEW_GOLD(level: int, gold: int) -> None:
    """GH.TOWN.NEW.GOLD: 15 x (L + 1); level 3 gives 60 (GH.EX.15)."""
    r = decide("town.new.gold", level=level)
    assert r.value == gold
    assert rules(r) == {"GH.TOWN.NEW.GOLD"}


@pytest.mark.parametrize("retired", [0, 1, 4])
def test_start_perks_GH_TOWN_NEW_PERKS(retired: int) -> None:
    """GH.TOWN.NEW.PERKS: one perk per retired character of the lineage."""
    assert decide("town.new.perks", retired=retired).value == retired


@pytest.mark.parametrize(("deck", "gets"), [(0, False), (1, True), (2, True)])
def test_quest_GH_TOWN_NEW_QUEST(deck: int, gets: bool) -> None:
    """GH.TOWN.NEW.QUEST: an empty quest deck gives no quest."""
    assert decide("town.new.quest", deck=deck).value is gets


@pytest.mark.parametrize(
    ("card", "new", "ok"), [(1, 1, True), (2, 1, False), (3, 3, True), (4, 3, False), (2, 3, True)]
)
def test_card_levels_GH_TOWN_LEVEL_CARD(card: int, new: int, ok: bool) -> None:
    """GH.TOWN.NEW.POOL / GH.TOWN.LEVEL.CARD: a card of level at most the character's."""
    assert decide("town.level.card_allowed", card_level=card, new_level=new).value is ok


# --- sanctuary, buying and selling -----------------------------------------------------


@pytest.mark.parametrize(("gold", "ok"), [(9, False), (10, True), (11, True)])
def test_sanctuary_gold_GH_TOWN_SANCTUARY(gold: int, ok: bool) -> None:
    """GH.TOWN.SANCTUARY: 10 gold is needed (9/10/11)."""
    r = decide("town.sanctuary.allowed", gold=gold, after_campaign_scenario=True)
    assert r.value is ok
    assert rules(r) == {"GH.TOWN.SANCTUARY"}


def test_sanctuary_once_per_visit_GH_TOWN_SANCTUARY() -> None:
    """GH.TOWN.SANCTUARY: once per visit, and only between Campaign-Mode scenarios."""
    assert (
        decide("town.sanctuary.allowed", gold=50, donated_this_visit=True, after_campaign_scenario=True).value is False
    )
    assert decide("town.sanctuary.allowed", gold=50, after_campaign_scenario=False).value is False


@pytest.mark.parametrize(("gold", "ok"), [(19, False), (20, True), (21, True)])
def test_buy_price_GH_TOWN_ITEM_BUY(gold: int, ok: bool) -> None:
    """GH.TOWN.ITEM.BUY: enough gold for the adjusted price (price 20)."""
    r = decide("town.item.buy_allowed", gold=gold, price=20, copies_left=1)
    assert r.value is ok
    assert rules(r) == {"GH.TOWN.ITEM.BUY"}


def test_buy_second_copy_GH_TOWN_ITEM_UNIQUE() -> None:
    """GH.TOWN.ITEM.UNIQUE: no second copy of an item, whatever the gold."""
    r = decide("town.item.buy_allowed", gold=100, price=20, copies_left=2, owns_copy=True)
    assert r.value is False
    assert rules(r) == {"GH.TOWN.ITEM.UNIQUE"}


def test_buy_out_of_stock_GH_TOWN_ITEM_STOCK() -> None:
    """GH.TOWN.ITEM.STOCK: no copy left, no purchase."""
    r = decide("town.item.buy_allowed", gold=100, price=20, copies_left=0)
    assert r.value is False
    assert rules(r) == {"GH.TOWN.ITEM.STOCK"}


@pytest.mark.parametrize(("price", "back"), [(25, 12), (24, 12), (1, 0), (0, 0)])
def test_sell_half_down_GH_TOWN_ITEM_SELL(price: int, back: int) -> None:
    """GH.TOWN.ITEM.SELL: half price rounded down; 25 gives 12 (GH.EX.20)."""
    assert decide("town.item.sell_price", price=price).value == back


# --- levelling and enhancing ------------------------------------------------------------


@pytest.mark.parametrize(
    ("xp", "level", "prosperity", "value"),
    [
        (True, 5, 2, "must"),
        (False, 2, 3, "may"),
        (False, 3, 3, "not_allowed"),
        (False, 4, 3, "not_allowed"),
    ],
)
def test_level_up_GH_TOWN_LEVEL(xp: bool, level: int, prosperity: int, value: str) -> None:
    """GH.TOWN.LEVEL.MUST / PROSPERITY: XP forces it; below prosperity it is allowed (2/3/4 vs 3)."""
    r = decide("town.level_up", enough_xp=xp, level=level, prosperity=prosperity)
    assert r.value == value


def test_enhance_ok_GH_TOWN_ENH_STICKER() -> None:
    """GH.TOWN.ENH.STICKER: with the achievement, a free slot and room under prosperity."""
    r = decide("town.enhance.allowed", achievement=True, free_slot=True, enhanced_cards=1, prosperity=2)
    assert r.value is True
    assert rules(r) == {"GH.TOWN.ENH.STICKER"}


def test_enhance_gate_GH_TOWN_ENH_GATE() -> None:
    """GH.TOWN.ENH.GATE: nothing without The Power of Enhancement."""
    r = decide("town.enhance.allowed", achievement=False, free_slot=True, prosperity=5)
    assert r.value is False
    assert rules(r) == {"GH.TOWN.ENH.GATE"}


@pytest.mark.parametrize(("cards", "ok"), [(2, True), (3, False), (4, False)])
def test_enhance_limit_GH_TOWN_ENH_LIMIT(cards: int, ok: bool) -> None:
    """GH.TOWN.ENH.LIMIT: enhanced cards of the class at most the prosperity level (3)."""
    r = decide("town.enhance.allowed", achievement=True, free_slot=True, enhanced_cards=cards, prosperity=3)
    assert r.value is ok


def test_enhance_limit_same_card_GH_TOWN_ENH_LIMIT() -> None:
    """GH.TOWN.ENH.LIMIT: a second sticker on an enhanced card adds no card to the count."""
    r = decide(
        "town.enhance.allowed", achievement=True, free_slot=True, card_enhanced=True, enhanced_cards=3, prosperity=3
    )
    assert r.value is True


@pytest.mark.parametrize(
    ("kind", "target_ok", "ok"), [("bless", False, False), ("strengthen", True, True), ("other", False, True)]
)
def test_enhance_bless_GH_TOWN_ENH_BLESS_STR(kind: str, target_ok: bool, ok: bool) -> None:
    """GH.TOWN.ENH.BLESS_STR: Bless and Strengthen only on beneficial Self, Ally or Range abilities."""
    r = decide(
        "town.enhance.allowed",
        achievement=True,
        free_slot=True,
        prosperity=3,
        kind=kind,
        beneficial_self_ally_range=target_ok,
    )
    assert r.value is ok


# --- retirement --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("has", "met", "value"),
    [(True, True, "must_retire"), (True, False, "not_now"), (False, False, "cannot_retire")],
)
def test_retire_GH_TOWN_RETIRE_MUST(has: bool, met: bool, value: str) -> None:
    """GH.TOWN.RETIRE.MUST: a fulfilled quest forces retirement; no quest, no retirement."""
    assert decide("town.retire", has_quest=has, quest_met_now=met).value == value


def test_retire_next_GH_TOWN_RETIRE_TOWN_ACT() -> None:
    """GH.TOWN.RETIRE.TOWN_ACT: a town activity yes, a scenario no."""
    assert decide("town.retire.next_activity", activity="town_activity").value is True
    assert decide("town.retire.next_activity", activity="scenario").value is False


def test_retire_unlocks_GH_TOWN_RETIRE_ENVELOPE() -> None:
    """GH.TOWN.RETIRE.ENVELOPE: an opened envelope gives random unlocks instead."""
    assert decide("town.retire.envelope", envelope_open=False).value == "open_envelope"
    assert decide("town.retire.envelope", envelope_open=True).value == "random_design_and_side_scenario"


def test_retire_prosperity_GH_TOWN_RETIRE_PROSPERITY() -> None:
    """GH.TOWN.RETIRE.PROSPERITY: one prosperity check per retirement."""
    assert decide("town.retire.prosperity").value == 1


# --- events --------------------------------------------------------------------------------


@pytest.mark.parametrize(("drawn", "campaign", "ok"), [(False, True, True), (True, True, False), (False, False, False)])
def test_city_event_GH_EVT_CITY(drawn: bool, campaign: bool, ok: bool) -> None:
    """GH.EVT.CITY: once per visit, after a Campaign-Mode scenario."""
    assert decide("town.event.city_draw", drawn_this_visit=drawn, last_campaign=campaign).value is ok


@pytest.mark.parametrize(
    ("mode", "linked", "due"), [("campaign", False, True), ("campaign", True, False), ("casual", False, False)]
)
def test_road_event_GH_EVT_ROAD(mode: str, linked: bool, due: bool) -> None:
    """GH.EVT.ROAD (GH.SETUP.ROAD_EVENT restates it): only to an unlinked Campaign-Mode scenario."""
    r = decide("scenario.road_event", mode=mode, linked=linked)
    assert r.value is due
    assert rules(r) == {"GH.EVT.ROAD"}


@pytest.mark.parametrize(
    ("condition", "facts", "applies"),
    [
        ("class_icon", {"class_in_party": True}, True),
        ("class_icon", {"class_in_party": False}, False),
        ("reputation", {"reputation_enough": True}, True),
        ("reputation", {"reputation_enough": False}, False),
        ("otherwise", {"earlier_applied": True}, False),
        ("otherwise", {"earlier_applied": False}, True),
        ("none", {"earlier_applied": True}, True),
    ],
)
def test_event_consequence_GH_EVT_CONSEQ(condition: str, facts: dict[str, Value], applies: bool) -> None:
    """GH.EVT.CONSEQ: each condition on the back of an event card."""
    assert decide("town.event.consequence_applies", condition=condition, **facts).value is applies


@pytest.mark.parametrize(
    ("kind", "value", "rule"),
    [
        ("item", "one_character", "GH.EVT.ITEM_REWARD"),
        ("collective", "split_as_party_likes", "GH.EVT.COLLECTIVE"),
        ("each", "every_character", "GH.EVT.EACH"),
        ("unqualified", "every_character", "GH.EVT.EACH"),
    ],
)
def test_reward_split(kind: str, value: str, rule: str) -> None:
    """GH.EVT.ITEM_REWARD, COLLECTIVE, EACH: who receives an event's reward or penalty."""
    r = decide("town.event.reward_split", kind=kind)
    assert r.value == value
    assert rules(r) == {rule}


@pytest.mark.parametrize(
    ("resource", "have", "lose", "floor", "left", "rule"),
    [
        ("gold", 5, 10, 0, 0, "GH.EVT.PARTIAL_LOSS"),
        ("gold", 15, 10, 0, 5, "GH.EVT.PARTIAL_LOSS"),
        ("xp", 50, 10, 45, 45, "GH.EVT.PARTIAL_LOSS"),
        ("perk_checks", 4, 2, 3, 3, "GH.EVT.PARTIAL_LOSS"),
        ("prosperity", 10, 3, 9, 9, "GH.EVT.PROSPERITY_FLOOR"),
        ("prosperity", 12, 2, 9, 10, "GH.EVT.PROSPERITY_FLOOR"),
    ],
)
def test_losses_stop_at_floor(resource: str, have: int, lose: int, floor: int, left: int, rule: str) -> None:
    """GH.EVT.PARTIAL_LOSS / GH.EVT.PROSPERITY_FLOOR: lose only what you can, down to the floor."""
    r = decide("town.event.after_loss", resource=resource, have=have, lose=lose, floor=floor)
    assert r.value == left
    assert rules(r) == {rule}


# --- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("levels", "difficulty", "level"),
    [
        ((1, 2, 2, 3), "hard", 2),  # GH.EX.16
        ((1, 2, 2, 3), "normal", 1),
        ((1, 1), "easy", 0),
        ((2, 2), "normal", 1),
        ((3, 3), "normal", 2),  # average 3, half 1.5, up to 2
        ((4, 4, 4), "normal", 2),
        ((5, 4), "normal", 3),  # average 4.5, half 2.25, up to 3
        ((9, 9, 9, 9), "very_hard", 7),
        ((1,), "normal", 1),
    ],
)
def test_scenario_level_GH_SETUP_LEVEL(levels: tuple[int, ...], difficulty: str, level: int) -> None:
    """GH.SETUP.LEVEL / LEVEL_ADJ: ceil(average / 2), then -1 / +1 / +2."""
    r = decide("scenario.level", level_sum=sum(levels), characters=len(levels), difficulty=difficulty)
    assert r.value == level
    assert rules(r) == {"GH.SETUP.LEVEL" if difficulty == "normal" else "GH.SETUP.LEVEL_ADJ"}


@pytest.mark.parametrize(("solo", "monsters", "rule"), [(False, 3, "GH.SETUP.STAT_SLEEVE"), (True, 4, "GH.SETUP.SOLO")])
def test_monster_level(solo: bool, monsters: int, rule: str) -> None:
    """GH.SETUP.STAT_SLEEVE / GH.SETUP.SOLO: monsters at the scenario level, one more solo."""
    r = decide("scenario.monster_level", level=3, solo_or_open=solo)
    assert r.value == monsters
    assert rules(r) == {rule}
    assert decide("scenario.trap_bonus", solo_or_open=solo).value == (1 if solo else 0)


@pytest.mark.parametrize(("kind", "reset"), [("goal", True), ("numbered", False)])
def test_treasure_reset(kind: str, reset: bool) -> None:
    """GH.SETUP.TREASURE_GOAL / TREASURE_NUMBERED: only goal treasures come back on replay."""
    assert decide("scenario.treasure_reset", kind=kind).value is reset


@pytest.mark.parametrize(("level", "small"), [(1, 1), (4, 2), (5, 3), (6, 3), (9, 5)])
def test_small_items_GH_SETUP_SMALL_ITEMS(level: int, small: int) -> None:
    """GH.SETUP.SMALL_ITEMS: half the level rounded up; level 5 gives 3 (GH.EX.19)."""
    assert decide("scenario.small_items", level=level).value == small


@pytest.mark.parametrize(("cards", "ok"), [(9, False), (10, True), (11, False)])
def test_hand_size_GH_SETUP_HAND(cards: int, ok: bool) -> None:
    """GH.SETUP.HAND: exactly the mat's hand size (10: 9/10/11)."""
    assert decide("scenario.hand_ok", cards=cards, hand_size=10).value is ok


@pytest.mark.parametrize(("cards", "ok"), [(9, True), (10, True), (11, False)])
def test_hand_size_glossary_reading_GH_SETUP_HAND(cards: int, ok: bool) -> None:
    """GH.SETUP.HAND (glossary): the hand is only limited to the mat's size (10: 9/10/11)."""
    spec = load_spec()
    r = spec.decide(GH, "scenario.hand_ok", {"cards": cards, "hand_size": 10}, {"GH.SETUP.HAND": "glossary"})
    assert r.value is ok
    assert rules(r) == {"GH.SETUP.HAND"}
