"""Table tests for HeroClix feats, battlefield conditions, event dials, bystanders and themed teams (15-feats-conditions-themes.yaml)."""

from __future__ import annotations

import pytest

from adjudicator.core.spec import load_spec
from tests.spec.support import heroclix_decide as decide

HC = "heroclix/core"


# --- feats ------------------------------------------------------------------------------------

LEGAL = {"prereqs_met": True, "prereqs_together": True, "own_character": True, "copies": 1}


@pytest.mark.parametrize(
    ("change", "ok"),
    [
        ({}, True),
        ({"prereqs_met": False}, False),
        ({"prereqs_together": False}, False),
        ({"prereq_source": "named_by_effect"}, True),
        ({"prereq_source": "any_standard_power"}, False),
        ({"own_character": False}, False),
        ({"needs_choice": True, "chosen_at_build": False}, False),
        ({"needs_choice": True, "chosen_at_build": True}, True),
        ({"copies": 2}, False),
    ],
)
def test_feat_assignment_HE_FEAT(change, ok):
    """HE.FEAT.PREREQ_VISIBILITY / PREREQ_USABLE / OWNERSHIP / CHOSE_AT_BUILD / NO_DUPLICATE."""
    assert decide("feat.legal", **{**LEGAL, **change}).value is ok


@pytest.mark.parametrize(("points", "ok"), [(29, True), (30, True), (31, False)])
def test_ten_percent_at_300_HE_FEAT_TEN_PERCENT(points, ok):
    """HE.FEAT.TEN_PERCENT: 30 feat points at most in a 300-point game (X-26)."""
    assert decide("feat.total_legal", feat_points=points, build_total=300).value is ok


@pytest.mark.parametrize(("points", "ok"), [(19, True), (20, True), (21, False)])
def test_ten_percent_at_200_HE_FEAT_TEN_PERCENT(points, ok):
    """HE.FEAT.TEN_PERCENT: 20 feat points at most in a 200-point game."""
    assert decide("feat.total_legal", feat_points=points, build_total=200).value is ok


USABLE = {
    "assigned": True,
    "user_side": "owner",
    "holds_prereqs": True,
    "meets_unmodified": True,
    "meets_modified": True,
}


@pytest.mark.parametrize(
    ("change", "ok"),
    [
        ({}, True),
        ({"holds_prereqs": False}, False),
        ({"assigned": False}, False),
        ({"user_side": "opponent"}, False),
        ({"needs_action": True, "prereqs_on_dial_when_given": False}, False),
        ({"needs_action": True, "prereqs_on_dial_when_given": True}, True),
        ({"meets_unmodified": False}, False),
        ({"meets_modified": False}, False),
        ({"prereq_countered": True}, False),
        ({"declared_unused": True}, False),
    ],
)
def test_feat_usable_HE_FEAT(change, ok):
    """HE.FEAT.POSSESS_TO_USE / ACTION_PREREQ / NO_MOD_TO_QUALIFY / PREREQ_LOST / DEFAULT_ON / OWNERSHIP."""
    assert decide("feat.usable", **{**USABLE, **change}).value is ok


@pytest.mark.parametrize("used", [True, False])
def test_feat_modifiers_HE_FEAT_MOD_ONLY_WHEN_USED(used):
    """HE.FEAT.MOD_ONLY_WHEN_USED: modifiers only while the feat is used."""
    assert decide("feat.modifiers_apply", used=used).value is used


def test_feat_cost_HE_FEAT_DEF():
    """HE.FEAT.DEF: a feat costs its card value."""
    assert decide("tactic.points", element="feat", card_value=10).value == 10


@pytest.mark.parametrize(
    ("assignment", "event", "points"),
    [
        ("one_chosen", "last_assigned_ko", 15),
        ("several_chosen", "assigned_ko", 0),
        ("several_chosen", "last_assigned_ko", 15),
        ("per_character_cost", "assigned_ko", 5),
        ("per_character_cost", "last_assigned_ko", 5),
        ("none_chosen", "team_last_ko", 15),
        ("one_chosen", "removed_assigned_alive", 15),
    ],
)
def test_feat_victory_points_HE_FEAT_VP(assignment, event, points):
    """HE.FEAT.VP_CHOSEN_ONE / VP_CHOSEN_MANY / VP_VARIABLE / VP_UNASSIGNED / VP_REMOVED_EARLY."""
    assert decide("score.feat_points", assignment=assignment, event=event, cost=15, increment=5).value == points


@pytest.mark.parametrize(("event", "scorer"), [("ko", "player_who_ko"), ("removed_assigned_alive", "last_damager")])
def test_feat_scorer_HE_FEAT_VP_REMOVED_EARLY(event, scorer):
    """HE.FEAT.VP_CHOSEN_ONE / HE.FEAT.VP_REMOVED_EARLY: who scores a feat."""
    assert decide("score.feat_scorer", event=event).value == scorer


# --- battlefield conditions ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("conditions", "event", "ok"),
    [(0, False, True), (1, False, True), (2, False, False), (1, True, False), (0, True, True)],
)
def test_bfc_legal_HE_BFC_ONE(conditions, event, ok):
    """HE.BFC.ONE / HE.BFC.NOT_WITH_EVENT: one condition per team, none with an event dial."""
    assert decide("bfc.legal", conditions=conditions, event_dial=event).value is ok


def test_bfc_cost_and_reveal_HE_BFC():
    """HE.BFC.ONE / HE.BFC.REVEAL: conditions cost nothing and are revealed in setup step 2."""
    assert decide("tactic.points", element="battlefield_condition", card_value=20).value == 0
    assert decide("tactic.setup_step", element="battlefield_condition").value == "step2_after_start_areas"


@pytest.mark.parametrize(
    ("facts", "applies"),
    [
        ({"on_map": True}, True),
        ({"on_map": False}, False),
        ({"on_map": True, "owner_eliminated": True}, True),
        ({"on_map": True, "cancelled_by_theme": True}, False),
        ({"on_map": True, "owner_eliminated": True, "cancelled_by_theme": True}, False),
    ],
)
def test_bfc_in_effect_HE_BFC_SCOPE(facts, applies):
    """HE.BFC.SCOPE / HE.BFC.PERSIST / HE.THEME.CANCEL_BFC."""
    assert decide("bfc.in_effect", **facts).value is applies


@pytest.mark.parametrize(("copies", "roll", "rolls"), [(1, True, 1), (3, True, 3), (3, False, 0)])
def test_bfc_rolls_HE_BFC_COPIES_ROLL(copies, roll, rolls):
    """HE.BFC.COPIES_ROLL: one roll per copy in play."""
    assert decide("bfc.rolls", copies=copies, needs_roll=roll).value == rolls


# --- event dials ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dials", "agree", "before", "ok"),
    [(1, True, True, True), (1, False, True, False), (1, True, False, False), (2, True, True, False)],
)
def test_event_legal_HE_EVENT(dials, agree, before, ok):
    """HE.EVENT.AGREE / HE.EVENT.ONE_OVERRIDE: one dial, accepted by all before building."""
    assert decide("event.legal", dials=dials, all_agree=agree, before_building=before).value is ok


def test_event_prevails_HE_EVENT_ONE_OVERRIDE():
    """HE.EVENT.ONE_OVERRIDE: the event dial's rules beat the booklet."""
    assert decide("event.rule_prevails", event_dial_in_use=True).value is True


@pytest.mark.parametrize(
    ("facts", "ok"),
    [
        ({"direction": "clockwise"}, True),
        ({"direction": "clockwise", "red_line_showing": True}, False),
        ({"direction": "clockwise", "green_line_showing": True}, True),
        ({"direction": "counterclockwise"}, False),
        ({"direction": "counterclockwise", "by_effect": True}, True),
        ({"direction": "counterclockwise", "by_effect": True, "red_line_showing": True}, True),
        ({"direction": "counterclockwise", "by_effect": True, "green_line_showing": True}, False),
    ],
)
def test_event_turning_HE_EVENT_LINES(facts, ok):
    """HE.EVENT.GREEN_LINE / HE.EVENT.RED_LINE / HE.EVENT.CARD: how the event dial turns."""
    assert decide("event.turn_allowed", **facts).value is ok


@pytest.mark.parametrize("showing", [True, False])
def test_event_effect_HE_EVENT_EFFECTS(showing):
    """HE.EVENT.EFFECTS: an effect is active while its colour shows."""
    assert decide("event.effect_active", circle_showing=showing).value is showing


def test_event_agreed_before_building_HE_EVENT_AGREE():
    """HE.EVENT.AGREE: the event dial is agreed before team building."""
    assert decide("tactic.setup_step", element="event_dial").value == "before_team_building"


# --- bystanders ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("damage", "ko"), [(0, False), (1, True), (2, True)])
def test_bystander_ko_HE_BYST_KO(damage, ko):
    """HE.BYST.KO: any damage KOs a bystander token."""
    assert decide("bystander.ko", damage=damage).value is ko


# --- themed teams -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("characters", "ok"), [(2, False), (3, True), (4, True)])
def test_theme_generic_250_HE_THEME_SIZE_GENERIC(characters, ok):
    """HE.THEME.SIZE_GENERIC: 250 points with a generic keyword needs 3 characters (T-18)."""
    r = decide("theme.team_legal", all_share_keyword=True, generic=True, characters=characters, build_total=250)
    assert r.value is ok


@pytest.mark.parametrize(("build", "ok"), [(299, True), (300, True), (301, False)])
def test_theme_generic_boundary_HE_THEME_SIZE_GENERIC(build, ok):
    """HE.THEME.SIZE_GENERIC: 3 characters cover up to 300 points with a generic keyword."""
    assert decide("theme.team_legal", all_share_keyword=True, generic=True, characters=3, build_total=build).value is ok


@pytest.mark.parametrize(("build", "ok"), [(449, True), (450, True), (451, False)])
def test_theme_specific_boundary_HE_THEME_SIZE_SPECIFIC(build, ok):
    """HE.THEME.SIZE_SPECIFIC: 3 characters cover up to 450 points with another keyword (X-27)."""
    assert (
        decide("theme.team_legal", all_share_keyword=True, generic=False, characters=3, build_total=build).value is ok
    )


def test_theme_needs_shared_keyword_HE_THEME_DEF():
    """HE.THEME.DEF: no shared keyword, no themed team."""
    assert decide("theme.team_legal", all_share_keyword=False, characters=10, build_total=100).value is False


@pytest.mark.parametrize(
    ("keyword", "generic"), [("animal", True), ("martial_artist", True), ("warrior", True), ("other", False)]
)
def test_generic_keywords_HE_THEME_GENERIC_LIST(keyword, generic):
    """HE.THEME.GENERIC_LIST: the listed keywords are generic."""
    assert decide("theme.keyword_generic", keyword=keyword).value is generic


def test_generic_list_has_27_HE_THEME_GENERIC_LIST():
    """HE.THEME.GENERIC_LIST: exactly 27 generic keywords."""
    dec = load_spec().decision(HC, "theme.keyword_generic")
    values = dec.facts["keyword"].type.values
    assert sum(1 for k in values if decide("theme.keyword_generic", keyword=k).value) == 27


@pytest.mark.parametrize(("themed", "characters", "bonus"), [(True, 3, 3), (True, 5, 5), (False, 3, 0)])
def test_first_player_bonus_HE_THEME_INIT_BONUS(themed, characters, bonus):
    """HE.THEME.INIT_BONUS: the bonus equals the number of non-bystander characters (X-27: +3)."""
    assert decide("theme.first_player_bonus", themed=themed, characters=characters).value == bonus


@pytest.mark.parametrize(("n", "uses"), [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_prob_control_uses_HE_THEME_PROB_CONTROL(n, uses):
    """HE.THEME.PROB_CONTROL: once per two keyword characters (X-27: 3 give 1, 4 give 2)."""
    assert decide("theme.prob_control_uses", themed=True, keyword_characters=n).value == uses


@pytest.mark.parametrize(
    ("facts", "ok"),
    [
        ({"themed": True, "uses_left": 1}, True),
        ({"themed": True, "uses_left": 1, "bystander": True}, True),
        ({"themed": True, "uses_left": 0}, False),
        ({"themed": True, "uses_left": 1, "acted_this_turn": True}, False),
        ({"themed": False, "uses_left": 1}, False),
    ],
)
def test_prob_control_allowed_HE_THEME_PROB_CONTROL(facts, ok):
    """HE.THEME.PROB_CONTROL: any member, bystanders included, that has not acted, while uses remain."""
    assert decide("theme.prob_control_allowed", **facts).value is ok


def test_prob_control_token_HE_THEME_PROB_CONTROL():
    """HE.THEME.PROB_CONTROL: the user receives one action token."""
    assert decide("theme.prob_control_tokens", themed=True).value == 1
