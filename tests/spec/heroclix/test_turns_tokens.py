"""Table tests for HeroClix turns, tokens, pushing, team setup and the Basics (01, 02, 04)."""

from __future__ import annotations

import pytest

from adjudicator.core.expr.types import domain
from adjudicator.core.spec import load_spec
from tests.spec.support import rule_ids as rules

HC = "heroclix/core"
HX = "horrorclix/2008"


def decide(decision, readings=None, ruleset=HC, **facts):
    """Decide with every fact not given set to the first value of its type."""
    spec = load_spec()
    dec = spec.decision(ruleset, decision)
    full = {name: domain(fact.type)[0] for name, fact in dec.facts.items()}
    full.update(facts)
    return spec.decide(ruleset, decision, full, readings)


# --- rounds and turns ------------------------------------------------------------------------


@pytest.mark.parametrize(("active", "players", "expected"), [(0, 2, 1), (1, 2, 0), (1, 4, 2), (2, 4, 3), (3, 4, 0)])
def test_he_turn_rounds_next_seat(active, players, expected):
    """HE.TURN.ROUNDS: turns go clockwise from the first player and wrap round."""
    assert decide("turn.next_seat", active_seat=active, players=players).value == expected


@pytest.mark.parametrize(("taken", "expected"), [(2, False), (3, True)])
def test_he_turn_rounds_round_ends(taken, expected):
    """HE.TURN.ROUNDS: a round ends once every one of three players has had a turn."""
    assert decide("round.ends", turns_taken=taken, players=3).value is expected


@pytest.mark.parametrize(("left", "expected"), [(0, True), (1, False)])
def test_he_turn_eliminated(left, expected):
    """HE.TURN.ELIMINATED: a player with no characters left is out."""
    assert decide("turn.player_out", characters_in_play=left).value is expected


@pytest.mark.parametrize(
    ("effect", "expected"),
    [
        ("round_start", 1),
        ("ends_next_turn_start", 2),
        ("turn_start", 3),
        ("lasts_this_turn", 4),
        ("turn_end", 5),
        ("round_end", 6),
    ],
)
def test_he_turn_timing_order(effect, expected):
    """HE.TURN.ROUND_START / TURN_START / TURN_END / ROUND_END: the order of start and end effects."""
    assert decide("timing.order", effect=effect).value == expected


@pytest.mark.parametrize("effects", ["turn_start", "turn_end"])
def test_he_turn_start_end_order_chooser(effects):
    """HE.TURN.TURN_START / HE.TURN.TURN_END: the active player orders effects of one kind."""
    assert decide("effect.order_chooser", effects=effects).value == "active_player"


# --- first-round immunity --------------------------------------------------------------------

FRESH = {
    "first_round": True,
    "received_action": False,
    "moved": False,
    "what": "attack",
    "by_opposing": True,
    "game_start_effect": False,
}


@pytest.mark.parametrize("what", ["target", "knockback", "attack", "damage"])
def test_he_fri_protect(what):
    """HE.FRI.PROTECT: in round 1 an unacted, unmoved character is immune (T-16)."""
    assert decide("immunity.first_round", **{**FRESH, "what": what}).value is True


@pytest.mark.parametrize(
    "change",
    [{"first_round": False}, {"received_action": True}, {"moved": True}, {"what": "target", "by_opposing": False}],
)
def test_he_fri_protect_lost(change):
    """HE.FRI.PROTECT: later rounds, having acted or moved, or a friendly targeter end the protection."""
    assert decide("immunity.first_round", **{**FRESH, **change}).value is False


def test_he_fri_exception():
    """HE.FRI.EXCEPTION: an effect that happens at the beginning of the game ignores the immunity."""
    result = decide("immunity.first_round", **{**FRESH, "game_start_effect": True})
    assert result.value is False
    assert rules(result) == {"HE.FRI.EXCEPTION"}


# --- action total ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("build_total", "hundreds", "expected"),
    [(100, 1, 1), (199, 1, 1), (200, 2, 2), (201, 2, 2), (250, 2, 2), (299, 2, 2), (300, 3, 3), (1000, 10, 10)],
)
def test_he_turn_action_total(build_total, hundreds, expected):
    """HE.TURN.ACTION_TOTAL: one action per full 100 points (X-06: 100/200/300 give 1/2/3)."""
    result = decide(
        "turn.actions",
        build_total=build_total,
        hundreds=hundreds,
        unused_last_turn=0,
        knocked_out=0,
        basics=False,
        characters_left=5,
    )
    assert result.value == expected


@pytest.mark.parametrize("knocked_out", [0, 1, 4])
def test_he_turn_action_total_fixed(knocked_out):
    """HE.TURN.ACTION_TOTAL_FIXED: knock-outs do not lower the action total."""
    result = decide(
        "turn.actions",
        build_total=300,
        hundreds=3,
        unused_last_turn=0,
        knocked_out=knocked_out,
        basics=False,
        characters_left=1,
    )
    assert result.value == 3


@pytest.mark.parametrize("left", [1, 2])
def test_he_basic_turn_one_action_per_character(left):
    """HE.BASIC.TURN: in the Basics a player has one action per character still on the map."""
    result = decide(
        "turn.actions",
        build_total=100,
        hundreds=1,
        unused_last_turn=0,
        knocked_out=2 - left,
        basics=True,
        characters_left=left,
    )
    assert result.value == left
    assert rules(result) == {"HE.BASIC.TURN"}


# --- action tokens and pushing ------------------------------------------------------------------------


@pytest.mark.parametrize(("action", "expected"), [("move", 1), ("close", 1), ("ranged", 1), ("free", 0)])
def test_he_token_place(action, expected):
    """HE.TOKEN.PLACE: every action but a free one earns one token once resolved."""
    result = decide("action.tokens_gained", action=action)
    assert result.value == expected
    assert "HE.TOKEN.PLACE" in rules(result)


@pytest.mark.parametrize(
    ("mine", "given", "received", "expected"),
    [
        (True, "nothing", False, True),
        (True, "free_only", False, True),
        (True, "action", True, False),
        (False, "nothing", False, False),
    ],
)
def test_he_token_clear(mine, given, received, expected):
    """HE.TOKEN.CLEAR: your characters that got no token this turn are cleared (X-08)."""
    result = decide("end_turn.tokens_cleared", controlled_by_ending_player=mine, given=given, token_received=received)
    assert result.value is expected


def test_he_token_clear_free_only_differs_from_horrorclix_2008():
    """HE.TOKEN.CLEAR: like the HorrorClix first edition, the test is the token received."""
    hero = decide("end_turn.tokens_cleared", controlled_by_ending_player=True, given="free_only", token_received=False)
    horror = decide(
        "end_turn.tokens_cleared",
        ruleset="horrorclix/1e",
        controlled_by_ending_player=True,
        given="free_only",
        token_received=False,
    )
    assert hero.value is horror.value is True


@pytest.mark.parametrize(("before", "received", "expected"), [(0, True, 0), (1, True, 1), (1, False, 0), (2, False, 0)])
def test_he_push_damage(before, received, expected):
    """HE.PUSH.DAMAGE: the second token deals 1 pushing damage (X-07, T-08)."""
    assert decide("damage.pushing", tokens_before=before, token_received=received).value == expected


@pytest.mark.parametrize("change", ["reduce", "ignore", "transfer"])
def test_he_push_no_reduce(change):
    """HE.PUSH.NO_REDUCE: reducing, ignoring or transferring effects skip pushing damage unless they say so."""
    assert decide("pushing.change_allowed", change=change, names_pushing=False).value is False
    assert decide("pushing.change_allowed", change=change, names_pushing=True).value is True


# --- team building ----------------------------------------------------------------------------------------

TEAM = {
    "build_total": 300,
    "army_cost": 300,
    "characters": 4,
    "max_copies": 1,
    "unique_copies": 1,
    "unique_versions": 1,
    "basics": False,
    "starter_only": False,
}


@pytest.mark.parametrize(("cost", "expected"), [(299, True), (300, True), (301, False)])
def test_he_team_build_total(cost, expected):
    """HE.TEAM.BUILD_TOTAL: the team may cost up to the build total, not more."""
    assert decide("army.legal", **{**TEAM, "army_cost": cost}).value is expected


def test_he_team_min_one():
    """HE.TEAM.MIN_ONE: an empty team is not legal."""
    facts = {**TEAM, "characters": 0, "max_copies": 0, "unique_copies": 0, "unique_versions": 0, "army_cost": 0}
    assert decide("army.legal", **facts).value is False


@pytest.mark.parametrize(("copies", "expected"), [(1, True), (2, False)])
def test_he_team_unique(copies, expected):
    """HE.TEAM.UNIQUE: a Unique character (same name, set and number) only once."""
    facts = {**TEAM, "max_copies": copies, "unique_copies": copies, "unique_versions": copies}
    assert decide("army.legal", **facts).value is expected


def test_he_team_unique_versions_allowed():
    """HE.TEAM.UNIQUE: two Unique versions of one comics character with different numbers are allowed."""
    assert decide("army.legal", **{**TEAM, "unique_versions": 2}).value is True


@pytest.mark.parametrize(
    ("ring", "expected"), [("silver", True), ("gold", True), ("bronze", True), ("none", False), ("other", False)]
)
def test_he_team_unique_ring(ring, expected):
    """HE.TEAM.UNIQUE: silver rings (older: gold or bronze) mark Unique characters."""
    assert decide("character.is_unique", ring=ring).value is expected


@pytest.mark.parametrize("total", [100, 150, 250, 300])
def test_he_team_suggested_totals(total):
    """HE.TEAM.SUGGESTED_TOTALS: any agreed build total is valid, unlike HorrorClix's multiples of 100."""
    assert decide("setup.build_total_valid", build_total=total).value is True


def test_build_total_differs_from_horrorclix():
    """HE.TEAM.SUGGESTED_TOTALS: 150 points is valid in HeroClix, not in HorrorClix."""
    assert decide("setup.build_total_valid", ruleset=HX, build_total=150).value is False


@pytest.mark.parametrize(
    ("characters", "starter", "expected"), [(1, True, False), (2, True, True), (3, True, False), (2, False, False)]
)
def test_he_basic_roster(characters, starter, expected):
    """HE.BASIC.ROSTER: in the Basics each player fields exactly two starter characters."""
    facts = {
        **TEAM,
        "basics": True,
        "characters": characters,
        "starter_only": starter,
        "army_cost": 900,
        "build_total": 100,
    }
    assert decide("army.legal", **facts).value is expected


# --- preparing the battlefield -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("own", "other", "expected"), [(7, 8, "not_first"), (8, 8, "reroll"), (9, 8, "first"), (12, 2, "first")]
)
def test_he_setup_first_player(own, other, expected):
    """HE.SETUP.S1_REVEAL_ROLL: the high 2d6 total goes first; ties roll again."""
    assert decide("setup.first_player", own_roll=own, best_other_roll=other).value == expected


@pytest.mark.parametrize(
    ("cause", "expected"),
    [("setup_start", True), ("damage", True), ("healing", True), ("rule", True), ("other", False)],
)
def test_he_setup_dial(cause, expected):
    """HE.SETUP.S1_START_CLICK / HE.SETUP.DIAL_NO_PEEK: dials turn only when the game requires."""
    assert decide("dial.turn_allowed", cause=cause).value is expected


@pytest.mark.parametrize(
    ("step", "seat", "players", "expected"),
    [
        ("choose_map", 0, 3, 1),
        ("choose_map", 1, 3, 0),
        ("choose_area", 1, 3, 1),
        ("choose_area", 2, 3, 2),
        ("choose_area", 0, 3, 3),
        ("choose_area", 0, 2, 2),
        ("place_team", 0, 3, 1),
        ("place_team", 2, 3, 3),
        ("first_turn", 0, 2, 1),
        ("first_turn", 1, 2, 0),
    ],
)
def test_he_setup_order(step, seat, players, expected):
    """HE.SETUP.S2_MAP / S2_ZONE_ORDER / S3_PLACE / START: who acts when while preparing the game."""
    assert decide("setup.order", step=step, seat=seat, players=players, basics=False).value == expected


@pytest.mark.parametrize(("seat", "expected"), [(0, 1), (1, 2)])
def test_he_basic_deploy_first_player_picks(seat, expected):
    """HE.BASIC.DEPLOY: in the Basics the first player takes a starting area first."""
    result = decide("setup.order", step="choose_area", seat=seat, players=2, basics=True)
    assert result.value == expected
    assert rules(result) == {"HE.BASIC.DEPLOY"}


@pytest.mark.parametrize(
    ("players", "before", "taken", "opposite", "expected"),
    [
        (2, 0, False, False, True),
        (2, 1, False, False, False),
        (2, 1, False, True, True),
        (3, 1, False, False, True),
        (3, 2, True, False, False),
    ],
)
def test_he_setup_areas(players, before, taken, opposite, expected):
    """HE.SETUP.S2_ZONE_ORDER / HE.SETUP.S2_OPPOSITE: different areas; two players face each other."""
    facts = {"players": players, "chosen_before": before, "edge_taken": taken, "opposite_chosen": opposite}
    assert decide("setup.edge_allowed", **facts).value is expected


@pytest.mark.parametrize(("fit", "expected"), [(True, False), (False, True)])
def test_he_setup_expand(fit, expected):
    """HE.SETUP.S2_EXPAND: starting areas grow a row while some team does not fit."""
    assert decide("setup.area_grows", all_fit=fit).value is expected


# --- the Basics' actions and break away ----------------------------------------------------------------------------

BASIC_ACT = {
    "controlled_by_active": True,
    "acted_this_turn": False,
    "actions_left": 2,
    "tokens": 0,
    "immovable": False,
    "incapable": False,
    "range": 0,
    "adjacent_same_level_opposing": False,
    "basics": True,
    "free_action_granted": True,
    "gives_token": False,
}


def test_he_basic_action_types_no_free():
    """HE.BASIC.ACTION_TYPES: the Basics have no free actions, even one an effect would grant."""
    assert decide("action.allowed", **{**BASIC_ACT, "action": "free"}).value is False


def test_he_basic_turn_one_each():
    """HE.BASIC.TURN: a Basics character that has acted this turn gets no second action."""
    assert (
        decide("action.allowed", **{**BASIC_ACT, "action": "move", "gives_token": True, "acted_this_turn": True}).value
        is False
    )


@pytest.mark.parametrize("adjacent", [0, 1, 3])
def test_he_basic_move_no_break_away(adjacent):
    """HE.BASIC.MOVE: by default the Basics have no break away."""
    facts = {"adjacent_opposing": adjacent, "action_moves": True, "placed": False, "basics": True}
    assert decide("breakaway.required", **facts).value is False


@pytest.mark.parametrize(("adjacent", "expected"), [(0, False), (1, True)])
def test_he_basic_move_core_break_away_reading(adjacent, expected):
    """HE.BASIC.MOVE: under the core_break_away reading the Basics roll as the core does."""
    facts = {"adjacent_opposing": adjacent, "action_moves": True, "placed": False, "basics": True}
    result = decide("breakaway.required", readings={"HE.BASIC.MOVE": "core_break_away"}, **facts)
    assert result.value is expected


@pytest.mark.parametrize(("adjacent", "expected"), [(0, False), (1, True)])
def test_core_break_away_unchanged(adjacent, expected):
    """HE.BA.TRIGGER still decides break away outside the Basics."""
    facts = {"adjacent_opposing": adjacent, "action_moves": True, "placed": False, "basics": False}
    assert decide("breakaway.required", **facts).value is expected
