"""Each reading added by the second ambiguity pass over the Gloomhaven text (issue 28) answers as it says."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.core.spec import load_spec
from tests.spec.support import neutral_facts
from tests.spec.support import rule_ids as rules

GH = "gloomhaven/1e"


def decide(decision: str, readings: dict[str, str] | None = None, **facts: Any) -> Any:
    """Decide a Gloomhaven decision with every other fact at its neutral value."""
    return load_spec().decide(GH, decision, {**neutral_facts(GH, decision), **facts}, readings)


@pytest.mark.parametrize(
    ("tracker", "gained", "carried", "reset"),
    [(9, 0, 9, 9), (9, 1, 0, 0), (9, 2, 1, 0), (5, 9, 4, 0)],
)
def test_xp_past_ten_GH_XP_TOKEN10(tracker: int, gained: int, carried: int, reset: int) -> None:
    """GH.XP.TOKEN10: at 10 exactly both readings reset; past 10 only carry_over keeps the excess (L957)."""
    default = decide("heal.xp_tracker_after", tracker=tracker, gained=gained)
    literal = decide("heal.xp_tracker_after", {"GH.XP.TOKEN10": "reset_to_zero"}, tracker=tracker, gained=gained)
    assert (default.value, literal.value) == (carried, reset)


@pytest.mark.parametrize(
    ("reading", "mover", "enters"),
    [
        ("character_only", "summon", False),
        ("player_figures", "summon", True),
        ("character_only", "character", True),
        ("player_figures", "character", True),
        ("player_figures", "monster", False),
    ],
)
def test_summon_onto_closed_door_GH_MOVE_DOOR_CLOSED(reading: str, mover: str, enters: bool) -> None:
    """GH.MOVE.DOOR_CLOSED: a summon opens a door only under the body's reading; a monster never does."""
    r = decide(
        "move.can_enter",
        {"GH.MOVE.DOOR_CLOSED": reading},
        mover=mover,
        mode="normal",
        occupant="none",
        feature="closed_door",
    )
    assert r.value is enters
    assert "GH.MOVE.DOOR_CLOSED" in rules(r)


@pytest.mark.parametrize(("moved", "push_x", "must"), [(0, 2, True), (1, 2, True), (2, 2, False), (3, 2, False)])
def test_push_full_distance_GH_PUSH_FULL(moved: int, push_x: int, must: bool) -> None:
    """GH.PUSH.FULL: the FAQ reading forces the push on below X (N-1 and below), the body's "up to X" never does."""
    faq = decide("push.must_continue", moved=moved, push_x=push_x)
    up_to = decide("push.must_continue", {"GH.PUSH.FULL": "up_to_x"}, moved=moved, push_x=push_x)
    assert faq.value is must
    assert up_to.value is False


def test_blocked_push_stops_under_either_reading_GH_PUSH_FULL() -> None:
    """GH.PUSH.FULL: a push that meets a blocker stops under both readings."""
    for reading in ("faq_full_distance", "up_to_x"):
        r = decide("push.must_continue", {"GH.PUSH.FULL": reading}, moved=1, push_x=3, blocked=True)
        assert r.value is False


@pytest.mark.parametrize(
    ("reading", "gold", "donated", "campaign", "allowed"),
    [
        ("body", 10, True, True, False),
        ("glossary", 10, True, True, True),
        ("body", 10, False, False, False),
        ("glossary", 10, False, False, True),
        ("glossary", 9, False, True, False),
        ("body", 10, False, True, True),
        ("body", 11, False, True, True),
    ],
)
def test_sanctuary_limits_GH_TOWN_SANCTUARY(
    reading: str, gold: int, donated: bool, campaign: bool, allowed: bool
) -> None:
    """GH.TOWN.SANCTUARY: the glossary drops the once-a-visit and Campaign limits, both keep the 10 gold (9, 10, 11)."""
    r = decide(
        "town.sanctuary.allowed",
        {"GH.TOWN.SANCTUARY": reading},
        gold=gold,
        donated_this_visit=donated,
        after_campaign_scenario=campaign,
    )
    assert r.value is allowed


@pytest.mark.parametrize(
    ("level", "prosperity", "body", "xp_only"),
    [(2, 3, "may", "not_allowed"), (3, 3, "not_allowed", "not_allowed"), (4, 3, "not_allowed", "not_allowed")],
)
def test_level_up_without_xp_GH_TOWN_LEVEL_PROSPERITY(level: int, prosperity: int, body: str, xp_only: str) -> None:
    """GH.TOWN.LEVEL.PROSPERITY: below prosperity (N-1) a character without the XP may level up only by default."""
    facts: dict[str, Any] = {"enough_xp": False, "level": level, "prosperity": prosperity}
    assert decide("town.level_up", **facts).value == body
    alt = decide("town.level_up", {"GH.TOWN.LEVEL.PROSPERITY": "xp_only"}, **facts)
    assert alt.value == xp_only


def test_enough_xp_still_forces_the_level_under_xp_only_GH_TOWN_LEVEL_MUST() -> None:
    """GH.TOWN.LEVEL.MUST: with enough XP the level-up is compulsory under either reading."""
    facts: dict[str, Any] = {"enough_xp": True, "level": 2, "prosperity": 1}
    assert decide("town.level_up", {"GH.TOWN.LEVEL.PROSPERITY": "xp_only"}, **facts).value == "must"


@pytest.mark.parametrize(
    ("effect", "body", "glossary"),
    [
        ("positive", True, True),
        ("xp_gain", False, True),
        ("independent_infusion", False, True),
        ("negative", False, False),
    ],
)
def test_skipping_xp_and_infusions_GH_TURN_SKIP_POSITIVE(effect: str, body: bool, glossary: bool) -> None:
    """GH.TURN.SKIP_POSITIVE: the glossary lets an XP gain or a stand-alone infusion be left out."""
    assert decide("turn.skip_allowed", effect=effect).value is body
    alt = decide("turn.skip_allowed", {"GH.TURN.SKIP_POSITIVE": "glossary_negative_only"}, effect=effect)
    assert alt.value is glossary


@pytest.mark.parametrize(
    ("discard", "active", "body", "glossary"),
    [(1, 1, False, True), (0, 2, False, True), (1, 0, True, True), (2, 0, False, False)],
)
def test_active_cards_against_exhaustion_GH_ROUND_EXHAUST_NO_OPTION(
    discard: int, active: int, body: bool, glossary: bool
) -> None:
    """GH.ROUND.EXHAUST_NO_OPTION: one discard and one active card keep the character in by default only."""
    facts: dict[str, Any] = {"hand": 1, "discard": discard, "active": active}
    assert decide("round.exhausted", **facts).value is body
    alt = decide("round.exhausted", {"GH.ROUND.EXHAUST_NO_OPTION": "discard_only"}, **facts)
    assert alt.value is glossary


def test_two_cards_in_hand_never_exhaust_GH_ROUND_EXHAUST_NO_OPTION() -> None:
    """GH.ROUND.EXHAUST_NO_OPTION: a character with two cards in hand is not exhausted under either reading."""
    for reading in ("active_cards_count", "discard_only"):
        r = decide("round.exhausted", {"GH.ROUND.EXHAUST_NO_OPTION": reading}, hand=2, discard=0, active=0)
        assert r.value is False


@pytest.mark.parametrize(
    ("drawn", "campaign", "body", "glossary"),
    [(False, True, True, True), (True, True, False, True), (False, False, False, True)],
)
def test_city_event_limits_GH_EVT_CITY(drawn: bool, campaign: bool, body: bool, glossary: bool) -> None:
    """GH.EVT.CITY: the glossary's optional activity drops the once-a-visit and Campaign Mode limits."""
    facts: dict[str, Any] = {"drawn_this_visit": drawn, "last_campaign": campaign}
    assert decide("town.event.city_draw", **facts).value is body
    assert decide("town.event.city_draw", {"GH.EVT.CITY": "glossary"}, **facts).value is glossary


@pytest.mark.parametrize(
    ("reading", "own_turn", "usable"),
    [
        ("stun_bars_items_always", True, False),
        ("stun_bars_items_always", False, False),
        ("own_turn_only", True, False),
        ("own_turn_only", False, True),
    ],
)
def test_stunned_item_outside_own_turn_GH_ITEM_BLOCKED(reading: str, own_turn: bool, usable: bool) -> None:
    """GH.ITEM.BLOCKED: a stunned character uses an item on a monster's turn only under own_turn_only (L1116-1118)."""
    facts: dict[str, Any] = {"stunned": True, "equipped": True, "state": "ready", "own_turn": own_turn}
    assert decide("item.usable", {"GH.ITEM.BLOCKED": reading}, **facts).value is usable


def test_own_turn_only_still_bars_a_spent_item_GH_ITEM_BLOCKED() -> None:
    """GH.ITEM.BLOCKED (own_turn_only): a spent item stays unusable outside the turn, stunned or not."""
    for stunned in (True, False):
        facts: dict[str, Any] = {"stunned": stunned, "equipped": True, "state": "spent", "own_turn": False}
        assert decide("item.usable", {"GH.ITEM.BLOCKED": "own_turn_only"}, **facts).value is False


@pytest.mark.parametrize(
    ("rule", "reading"),
    [
        ("GH.COND.STUN", "shield_and_retaliate_only"),
        ("GH.COND.IMMOBILIZE", "no_movement_at_all"),
        ("GH.COND.DISARM", "no_damage_dealt"),
        ("GH.COND.INVISIBLE", "any_targeted_ability"),
        ("GH.TURN.END.CONDITIONS", "this_round"),
        ("GH.COND.DURATION", "started_the_turn_with_it"),
        ("GH.DEF.RETALIATE", "at_the_attack"),
        ("GH.DEF.SHIELD.MON_CARD", "performed_on_its_turn"),
        ("GH.ATK.AOE.HEXES", "skip_some_targets"),
        ("GH.ATK.MULTI", "glossary_range_only"),
        ("GH.ATK.KILL", "glossary"),
        ("GH.ELEM.MONSTER_CONSUME", "each_monster_consumes"),
        ("GH.SETUP.SOLO", "hazards_too"),
        ("GH.INIT.PLAYER_TIE", "second_card_required"),
        ("GH.TURN.STUNNED", "no_rest_either"),
        ("GH.TURN.LONG_REST", "random_card"),
        ("GH.REST.SHORT", "hit_point_only"),
        ("GH.BONUS.ROUND", "whole_round"),
        ("GH.MON.SUMMON.TIMING", "summoners_turn"),
        ("GH.ROUND.OBJECTIVE", "exhaustion_still_loses"),
        ("GH.CAMP.CLASS_UNIQUE", "anywhere_in_the_campaign"),
        ("GH.RANGE.WALLS", "walls_only"),
        ("GH.EVT.ROAD", "every_journey"),
        ("GH.ROUNDEND.AMD", "bless_and_curse_too"),
        ("GH.END.SUCCESS.XP_BONUS", "characters_still_in"),
        ("GH.DMG.EXHAUST_HP", "below_zero"),
        ("GH.AMD.NULL", "whole_attack_missed"),
        ("GH.GLOSS.LOST_DISCARD", "every_lost_card"),
        ("GH.GLOSS.TARGETED", "any_chosen_figure"),
    ],
)
def test_wording_only_readings_cite_their_own_lines(rule: str, reading: str) -> None:
    """A reading that changes no formal answer still carries its own citations, distinct from the default's."""
    readings = load_spec().rules[rule].readings[GH]
    assert reading in readings.options
    assert readings.default != reading
    other = readings.options[reading]
    assert other.cites
    assert {str(c) for c in other.cites} != {str(c) for c in readings.options[readings.default].cites}
