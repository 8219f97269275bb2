"""Table tests for HeroClix actions, movement, break away and placing (05-actions.yaml, 06-movement-breakaway.yaml)."""

from __future__ import annotations

import pytest

from tests.spec.support import heroclix_decide as decide
from tests.spec.support import rule_ids as rules

HC = "heroclix/core"


# --- HE.BA.ROLL / HE.BA.AUTO -------------------------------------------------------


@pytest.mark.parametrize(("die", "ok"), [(3, False), (4, True), (5, True)])
def test_break_away_threshold_HE_BA_ROLL(die, ok):
    """HE.BA.ROLL: unmodified, 3 fails and 4 or 5 succeed (N-1, N, N+1 around 4)."""
    r = decide("breakaway.succeeds", die=die)
    assert r.status == "decided"
    assert r.value is ok
    assert rules(r) == {"HE.BA.ROLL"}


@pytest.mark.parametrize(("die", "modifier", "ok"), [(2, 1, False), (3, 1, True), (4, -1, False), (5, -1, True)])
def test_break_away_modified_roll_HE_BA_ROLL(die, modifier, ok):
    """HE.BA.ROLL: a modifier shifts the compared result around the threshold of 4."""
    assert decide("breakaway.succeeds", die=die, modifier=modifier).value is ok


@pytest.mark.parametrize(("die", "modifier", "ok"), [(1, 5, False), (6, -5, True), (1, 0, False), (6, 0, True)])
def test_break_away_natural_1_and_6_HE_BA_AUTO(die, modifier, ok):
    """HE.BA.AUTO: a 1 always fails and a 6 always succeeds, whatever effects modify the roll."""
    r = decide("breakaway.succeeds", die=die, modifier=modifier)
    assert r.value is ok
    assert rules(r) == {"HE.BA.AUTO"}


@pytest.mark.parametrize(("die", "ok"), [(2, False), (5, True)])
def test_break_away_auto_only_on_1_and_6_HE_BA_AUTO(die, ok):
    """HE.BA.AUTO: next to the automatic results (2 and 5) the roll is compared normally."""
    r = decide("breakaway.succeeds", die=die)
    assert r.value is ok
    assert "HE.BA.AUTO" not in rules(r)


# --- HE.BA.TRIGGER / HE.PLACE.NOT_MOVE / HE.BA.ONE_ROLL ---------------------------


@pytest.mark.parametrize(
    ("adjacent", "moves", "needed"), [(0, True, False), (1, True, True), (2, True, True), (1, False, False)]
)
def test_break_away_required_HE_BA_TRIGGER(adjacent, moves, needed):
    """HE.BA.TRIGGER: a roll is needed only next to an opposing character and only when the action moves it."""
    r = decide("breakaway.required", adjacent_opposing=adjacent, action_moves=moves)
    assert r.value is needed


def test_placed_character_needs_no_break_away_HE_PLACE_NOT_MOVE():
    """HE.PLACE.NOT_MOVE: a placed character next to opponents makes no break-away roll."""
    r = decide("breakaway.required", adjacent_opposing=3, action_moves=False, placed=True)
    assert r.value is False
    assert "HE.PLACE.NOT_MOVE" in rules(r)


@pytest.mark.parametrize(("adjacent", "effects"), [(1, 0), (3, 0), (8, 2), (0, 1)])
def test_one_roll_for_everything_HE_BA_ONE_ROLL(adjacent, effects):
    """HE.BA.ONE_ROLL: one roll however many opponents and break-away effects there are."""
    assert decide("breakaway.rolls", adjacent_opposing=adjacent, effects_requiring=effects).value == 1


# --- HE.MOVE.* --------------------------------------------------------------------------


@pytest.mark.parametrize(("spaces", "ok"), [(0, True), (7, True), (8, True), (9, False)])
def test_move_up_to_speed_HE_MOVE_SPEED_ZERO_OK(spaces, ok):
    """HE.MOVE.SPEED/ZERO_OK: speed 8 allows 0 to 8 squares (Figure 7's 8-square move), not 9."""
    r = decide("move.distance_legal", speed=8, spaces=spaces)
    assert r.value is ok


def test_zero_squares_cites_zero_ok_HE_MOVE_ZERO_OK():
    """HE.MOVE.ZERO_OK: moving 0 squares is expressly allowed."""
    assert "HE.MOVE.ZERO_OK" in rules(decide("move.distance_legal", speed=5, spaces=0))


def test_speed_is_the_speed_value_HE_MOVE_SPEED():
    """HE.MOVE.SPEED: the squares a move allows are the speed value."""
    assert decide("move.speed", speed=6).value == 6


@pytest.mark.parametrize("diagonal", [False, True])
def test_diagonal_step_counts_one_HE_MOVE_COUNT_DIAGONAL(diagonal):
    """HE.MOVE.COUNT/DIAGONAL: every step, diagonal or not, costs one square."""
    assert decide("move.step_cost", diagonal=diagonal).value == 1


@pytest.mark.parametrize("broke_away", [False, True])
def test_new_opponent_stops_move_HE_MOVE_STOP_ADJ(broke_away):
    """HE.MOVE.STOP_ADJ: becoming adjacent to an opponent not broken away from ends the move."""
    r = decide("move.must_stop", adjacent_opposing_new=True, broke_away=broke_away)
    assert r.value is True
    assert rules(r) == {"HE.MOVE.STOP_ADJ"}


def test_escaped_opponents_do_not_stop_HE_BA_AFTER():
    """HE.BA.AFTER: after a successful break away, squares next to the escaped opponents do not stop the move."""
    r = decide("move.must_stop", adjacent_opposing_new=False, broke_away=True)
    assert r.value is False
    assert "HE.BA.AFTER" in rules(r)


def test_plain_step_does_not_stop_HE_MOVE_SPEED():
    """HE.MOVE.SPEED: a step into clear terrain away from opponents does not end the move."""
    assert decide("move.must_stop").value is False


# --- HE.ACT.* ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "acted", "granted", "ok"),
    [("move", True, False, False), ("close", True, False, False), ("free", True, True, True)],
)
def test_one_action_per_character_HE_ACT_ONE_PER_CHARACTER(action, acted, granted, ok):
    """HE.ACT.ONE_PER_CHARACTER: a second non-free action in a turn is refused; a granted free one is not."""
    r = decide("action.allowed", action=action, acted_this_turn=acted, free_action_granted=granted, gives_token=True)
    assert r.value is ok


@pytest.mark.parametrize(("tokens", "ok"), [(1, None), (2, False)])
def test_two_tokens_forbid_nonfree_HE_ACT_TWO_TOKENS_NO_NONFREE(tokens, ok):
    """HE.ACT.TWO_TOKENS_NO_NONFREE: two tokens forbid a move action; one token leaves it to other rules."""
    r = decide("action.allowed", action="move", tokens=tokens, gives_token=True)
    if ok is None:
        assert "HE.ACT.TWO_TOKENS_NO_NONFREE" not in rules(r)
    else:
        assert r.value is ok
        assert "HE.ACT.TWO_TOKENS_NO_NONFREE" in rules(r)


@pytest.mark.parametrize(("granted", "ok"), [(False, False), (True, True)])
def test_free_action_needs_an_effect_HE_ACT_FREE_OF_ANY_TYPE(granted, ok):
    """HE.ACT.FREE_OF_ANY_TYPE: a free action exists only when an effect grants it, even with two tokens."""
    r = decide("action.allowed", action="free", tokens=2, free_action_granted=granted)
    assert r.value is ok


@pytest.mark.parametrize(("action", "budget", "tokens"), [("free", False, 0), ("move", True, 1), ("ranged", True, 1)])
def test_free_actions_cost_nothing_HE_ACT_FREE_DEF_UNCOUNTED(action, budget, tokens):
    """HE.ACT.FREE_DEF/FREE_UNCOUNTED: a free action uses no action and earns no token; others do both."""
    assert decide("action.uses_budget", action=action).value is budget
    assert decide("action.tokens_gained", action=action).value == tokens


@pytest.mark.parametrize(("activated", "ok"), [(0, True), (1, True), (2, False)])
def test_one_activation_per_action_HE_ACT_ONE_ACTIVATION(activated, ok):
    """HE.ACT.ONE_ACTIVATION: one action switches on at most one power of its type (1 ok, 2 not)."""
    assert decide("action.activations_ok", activated=activated).value is ok
