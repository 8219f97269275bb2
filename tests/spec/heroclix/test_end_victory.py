"""Table tests for the HeroClix end of the game, victory and victory points (12-end-victory.yaml)."""

from __future__ import annotations

import pytest

from tests.spec.support import heroclix_decide as decide
from tests.spec.support import rule_ids as rules

HC = "heroclix/core"


# --- HE.WIN.END ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "ends"), [(0, True), (1, True), (2, False), (3, False)])
def test_one_player_left_ends_game_HE_WIN_END(players, ends):
    """HE.WIN.END: after an action, no more than one player with characters on the map ends the game."""
    r = decide("game.ends", players_with_characters=players, action_resolved=True)
    assert r.status == "decided"
    assert r.value is ends


@pytest.mark.parametrize(("players", "ends"), [(0, False), (1, True), (2, False)])
def test_exactly_one_reading_HE_WIN_END(players, ends):
    """HE.WIN.END, reading exactly_one: a game where nobody has characters left does not end on this condition."""
    r = decide(
        "game.ends", readings={"HE.WIN.END": "exactly_one"}, players_with_characters=players, action_resolved=True
    )
    assert r.value is ends


def test_check_waits_for_action_resolution_HE_WIN_END():
    """HE.WIN.END: the one-player condition is checked once an action has been resolved."""
    assert decide("game.ends", players_with_characters=1, action_resolved=False).value is False


@pytest.mark.parametrize("fact", ["limit_reached", "scenario_end_met"])
def test_limit_or_scenario_ends_game_HE_WIN_END(fact):
    """HE.WIN.END: a time or turn limit, or a scenario or event-dial condition, ends the game."""
    assert decide("game.ends", players_with_characters=2, **{fact: True}).value is True


@pytest.mark.parametrize(
    ("game_over", "killed", "forced", "may"),
    [(False, False, False, False), (False, True, False, True), (False, False, True, True)],
)
def test_no_leaving_the_battlefield_HE_WIN_NO_LEAVING(game_over, killed, forced, may):
    """HE.WIN.NO_LEAVING: before the end, only a KO or a forcing effect takes a character off the battlefield."""
    r = decide("character.may_leave_map", game_over=game_over, killed=killed, effect_forces=forced)
    assert r.value is may


# --- the winner --------------------------------------------------------------------------------


def test_sole_survivor_wins_HE_WIN_SOLE_SURVIVOR():
    """HE.WIN.SOLE_SURVIVOR: the only side with undefeated characters wins, whatever the victory points."""
    r = decide("victory.winner", survivors_a=False, survivors_b=True, vp_a=300, vp_b=100)
    assert r.value == "b"
    assert rules(r) == {"HE.WIN.SOLE_SURVIVOR"}


@pytest.mark.parametrize(("vp_a", "winner"), [(149, "b"), (151, "a")])
def test_most_victory_points_wins_HE_WIN_VP(vp_a, winner):
    """HE.WIN.VP: with survivors on both sides the higher total wins (N-1 and N+1 around a total of 150)."""
    r = decide("victory.winner", survivors_a=True, survivors_b=True, vp_a=vp_a, vp_b=150)
    assert r.value == winner
    assert rules(r) == {"HE.WIN.VP"}


@pytest.mark.parametrize(("roll_a", "winner"), [(6, "b"), (8, "a")])
def test_tie_goes_to_roll_off_HE_WIN_TIE(roll_a, winner):
    """HE.WIN.TIE: tied victory points go to the higher 2d6 roll (rolls either side of 7)."""
    r = decide("victory.winner", survivors_a=True, survivors_b=True, vp_a=150, vp_b=150, roll_a=roll_a, roll_b=7)
    assert r.value == winner
    assert rules(r) == {"HE.WIN.TIE"}


def test_tied_roll_off_undecided_HE_WIN_TIE():
    """HE.WIN.TIE: the booklet does not say what a tied roll-off gives, so it stays undecided."""
    r = decide("victory.winner", survivors_a=True, survivors_b=True, vp_a=150, vp_b=150, roll_a=7, roll_b=7)
    assert r.status == "undecided"


def test_team_totals_add_HE_WIN_VP():
    """HE.WIN.VP: partners playing as a team add their victory points."""
    assert decide("score.team_total", own=120, partner=85).value == 205


# --- victory points ----------------------------------------------------------------------------


@pytest.mark.parametrize(("opposing", "points"), [(True, 75), (False, 0)])
def test_ko_scores_point_value_HE_VP_KO(opposing, points):
    """HE.VP.KO: a KO'd opposing character is worth its point value."""
    r = decide("score.kill_points", value=75, opposing=opposing)
    assert r.value == points
    assert rules(r) == {"HE.VP.KO"}


def test_ata_adds_card_cost_HE_VP_ATA():
    """HE.VP.ATA: a KO'd opposing character with an alternate team ability also scores the card's per-character cost."""
    r = decide("score.kill_points", value=75, opposing=True, ata=True, ata_cost=5)
    assert r.value == 80
    assert rules(r) == {"HE.VP.ATA"}


@pytest.mark.parametrize(("opposing", "points"), [(True, 10), (False, 0)])
def test_removed_object_scores_HE_VP_OBJECT(opposing, points):
    """HE.VP.OBJECT: an opposing object removed from the game is worth its point value."""
    assert decide("score.object_points", value=10, opposing=opposing).value == points


def test_total_adds_items_HE_VP_TOTAL():
    """HE.VP.TOTAL: KO points, object points and Part 4 points are added."""
    assert decide("score.total", kill_points=200, object_points=10, other_points=15).value == 225


@pytest.mark.parametrize(
    ("players", "own_turn", "scorer"),
    [
        (2, False, "killer_controller"),
        (2, True, "killer_controller"),
        (3, False, "active_player"),
        (3, True, "last_damager"),
    ],
)
def test_who_scores_HE_VP_MULTIPLAYER(players, own_turn, scorer):
    """HE.VP.KO / HE.VP.MULTIPLAYER: beyond two players the active player scores, or the last damager on the owner's turn."""
    r = decide("score.kill_scorer", players=players, own_turn=own_turn)
    assert r.value == scorer
