"""Table tests for minions, insanity, possession, team play, etiquette, end and victory.

They also cover the first-edition scenarios (13-, 15- and 16-*.yaml).
"""

from __future__ import annotations

import pytest

from adjudicator.core.spec import load_spec
from tests.spec.support import decide_first_values as decide
from tests.spec.support import rule_ids as rules

R08 = "horrorclix/2008"
R1E = "horrorclix/1e"
BOTH = [R08, R1E]

SPEC = load_spec()


# --- HX.ETQ.ROLL -------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("die", "ok"), [(1, False), (3, False), (4, True), (5, True), (6, True)])
def test_etiquette_roll_HX_ETQ_ROLL(ruleset, die, ok):
    """HX.ETQ.ROLL: an uncovered situation is allowed on 4-6 and refused on 1-3."""
    r = decide(ruleset, "fallback.etiquette_roll", die=die)
    assert r.value is ok
    assert rules(r) == {"HX.ETQ.ROLL"}


# --- minions -----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("damage", "killed"), [(0, False), (1, True), (2, True)])
def test_minion_one_damage_kills_HX_MINION_BODY(ruleset, damage, killed):
    """HX.MINION.BODY: a minion dies from its first point of damage (0/1/2)."""
    r = decide(ruleset, "minion.killed", damage=damage)
    assert r.value is killed
    assert rules(r) == {"HX.MINION.BODY"}


@pytest.mark.parametrize("ruleset", BOTH)
def test_minion_never_blooded_HX_MINION_BODY(ruleset):
    """HX.MINION.BODY: a minion cannot be blooded, even after taking victims."""
    assert decide(ruleset, "minion.can_be_blooded", victims_taken=2).value is False


def test_minion_victim_goes_to_creator_card_2008_HX_MINION_VICTIMCARDS():
    """HX.MINION.VICTIMCARDS: in 2008 the victim turned into a minion lies on the creating card."""
    r = decide(R08, "minion.victim_placement", event="used_to_create")
    assert r.value == "creator_card"
    assert rules(r) == {"HX.MINION.VICTIMCARDS"}
    assert decide(R08, "minion.victim_placement", event="rescued_by_minion").value == "creator_card"


def test_minion_victim_literal_reading_HX_MINION_VICTIMCARDS():
    """HX.MINION.VICTIMCARDS (literal_removal): the victim used to create a minion leaves the game."""
    readings = {"HX.MINION.VICTIMCARDS": "literal_removal"}
    assert decide(R08, "minion.victim_placement", readings, event="used_to_create").value == "removed"
    assert decide(R08, "minion.victim_placement", readings, event="slain_by_minion").value == "creator_card"


def test_minion_victim_removed_1e_HX_MINION_CREATE():
    """HX.MINION.CREATE: the first edition removes the victim; it says nothing of minions' own victims."""
    assert decide(R1E, "minion.victim_placement", event="used_to_create").value == "removed"
    assert decide(R1E, "minion.victim_placement", event="slain_by_minion").status == "undecided"


# --- insanity ----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("die", "insane"), [(3, True), (4, False), (5, False)])
def test_insanity_roll_threshold_HX_INSANE_CHECK(ruleset, die, insane):
    """HX.INSANE.CHECK: with printed 4, a roll of 3 drives the monster insane, 4 or 5 does not."""
    r = decide(ruleset, "insanity.check", die=die, number=4)
    assert r.value is insane
    assert rules(r) == {"HX.INSANE.CHECK"}


@pytest.mark.parametrize("ruleset", BOTH)
def test_insanity_roll_bounds_HX_INSANE_CHECK(ruleset):
    """HX.INSANE.CHECK: a printed 1 never fails; a 6 fails on everything but a 6."""
    assert decide(ruleset, "insanity.check", die=1, number=1).value is False
    assert decide(ruleset, "insanity.check", die=5, number=6).value is True
    assert decide(ruleset, "insanity.check", die=6, number=6).value is False


@pytest.mark.parametrize("ruleset", BOTH)
def test_insanity_roll_when_HX_INSANE_CHECK_RETURN(ruleset):
    """HX.INSANE.CHECK/RETURN: the roll is made at the owner's turn start while the power shows, by the owner only."""
    assert decide(ruleset, "insanity.roll_required", power_showing=True, start_of_owner_turn=True).value is True
    assert decide(ruleset, "insanity.roll_required", power_showing=False, start_of_owner_turn=True).value is False
    assert decide(ruleset, "insanity.roll_required", power_showing=True, start_of_owner_turn=False).value is False
    assert decide(ruleset, "insanity.may_roll", roller_is_owner=False).value is False


@pytest.mark.parametrize("ruleset", BOTH)
def test_insane_monster_locked_HX_INSANE_LOCK(ruleset):
    """HX.INSANE.LOCK: no action for a monster in the turn it went insane."""
    r = decide(
        ruleset,
        "action.allowed",
        action="move",
        state="insane",
        went_insane_this_turn=True,
        controlled_by_active=True,
        actions_left=2,
    )
    assert r.value is False
    assert "HX.INSANE.LOCK" in rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("state", ["insane", "possessed"])
def test_taken_over_monster_sides_with_active_HX_INSANE_CONTROL_POSS_PUPPET(ruleset, state):
    """HX.INSANE.CONTROL / HX.POSS.PUPPET: the monster is friendly to the active player only."""
    assert decide(ruleset, "control.controller", state=state).value == "active_player"
    assert decide(ruleset, "control.friendly_to", state=state, viewer_active=True).value is True
    assert decide(ruleset, "control.friendly_to", state=state, viewer_active=False, viewer_owns=True).value is False


def test_puppet_with_two_tokens_may_act_2008_HX_POSS_TWOTOKENS():
    """HX.POSS.TWOTOKENS: a puppet with 2 tokens may act in 2008; the 1e token lock still applies."""
    facts = {"action": "move", "tokens": 2, "state": "possessed", "controlled_by_active": True, "actions_left": 1}
    r = decide(R08, "action.allowed", **facts)
    assert r.value is True
    assert "HX.POSS.TWOTOKENS" in rules(r)
    assert decide(R1E, "action.allowed", **facts).value is False


@pytest.mark.parametrize("ruleset", BOTH)
def test_puppet_hourglass_phase_HX_POSS_HGP(ruleset):
    """HX.POSS.HGP: the puppet takes 1 unpreventable damage and ends with 2 tokens."""
    assert decide(ruleset, "possession.hourglass_damage", puppet_of_active=True).value == 1
    assert decide(ruleset, "possession.hourglass_tokens", puppet_of_active=True, tokens_before=1).value == 2
    assert decide(ruleset, "possession.hourglass_tokens", puppet_of_active=False, tokens_before=1).value == 1


# --- team play ---------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
def test_teammates_friendly_HX_MP_TEAM(ruleset):
    """HX.MP.TEAM: a teammate's monster is friendly; another team's is opposing."""
    assert decide(ruleset, "control.friendly_to", teams=True, viewer_teammate_of_owner=True).value is True
    assert decide(ruleset, "control.friendly_to", teams=True).value is False


@pytest.mark.parametrize("ruleset", BOTH)
def test_team_plot_twist_HX_MP_PT(ruleset):
    """HX.MP.PT: any member of an opposing team may answer with a plot twist."""
    assert decide(ruleset, "team.plot_twist_player", on_opposing_team=True).value is True
    assert decide(ruleset, "team.plot_twist_player", on_opposing_team=False).value is False


@pytest.mark.parametrize("ruleset", BOTH)
def test_team_totals_HX_MP_VP(ruleset):
    """HX.MP.VP: the team with the larger pooled total wins."""
    r = decide(ruleset, "victory.winner", teams=True, vp_a=90, vp_b=80)
    assert r.value == "a"
    assert rules(r) == {"HX.MP.VP"}


# --- ending the game ---------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("cause", ["one_controller", "limit_reached", "all_agree"])
def test_game_end_conditions_HX_END(ruleset, cause):
    """HX.END.ONECONTROL/LIMIT/AGREE: any one of the three conditions ends the game."""
    assert decide(ruleset, "game.ends", **{cause: True}).value is True


@pytest.mark.parametrize("ruleset", BOTH)
def test_game_goes_on_HX_END_OTHERWISE(ruleset):
    """HX.END.OTHERWISE: with none of the conditions the game continues."""
    r = decide(ruleset, "game.ends")
    assert r.value is False
    assert rules(r) == {"HX.END.OTHERWISE"}


@pytest.mark.parametrize("ruleset", BOTH)
def test_scenario_end_rules_prevail_HX_END_SCENARIO(ruleset):
    """HX.END.SCENARIO: a scenario's own end rule overrides the standard conditions."""
    r = decide(ruleset, "game.ends", scenario_end_rules=True, all_agree=True)
    assert r.value is False
    assert rules(r) == {"HX.END.SCENARIO"}
    assert decide(ruleset, "game.ends", scenario_end_rules=True, scenario_end_met=True).value is True


@pytest.mark.parametrize("ruleset", BOTH)
def test_no_leaving_the_map_HX_END_NOLEAVE(ruleset):
    """HX.END.NOLEAVE: only killed monsters, or a scenario's permission, take a monster off the map."""
    assert decide(ruleset, "monster.may_leave_map").value is False
    assert decide(ruleset, "monster.may_leave_map", killed=True).value is True
    assert decide(ruleset, "monster.may_leave_map", scenario_allows=True).value is True


# --- victory points ----------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
def test_kill_scores_point_value_HX_VP_KILL(ruleset):
    """HX.VP.KILL: killing an opposing monster scores its point value, for its killer's controller."""
    r = decide(ruleset, "score.kill_points", value=45, opposing=True, phase="hunting")
    assert r.value == 45
    assert rules(r) == {"HX.VP.KILL"}
    assert decide(ruleset, "score.kill_scorer", killer_state="normal").value == "killer_controller"


@pytest.mark.parametrize("ruleset", BOTH)
def test_hourglass_kill_zero_HX_VP_HGPHASE(ruleset):
    """HX.VP.HGPHASE (T09): a monster killed in the hourglass phase is worth 0."""
    r = decide(ruleset, "score.kill_points", value=45, opposing=True, phase="hourglass")
    assert r.value == 0
    assert rules(r) == {"HX.VP.HGPHASE"}


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("state", "rule"), [("insane", "HX.INSANE.VP"), ("possessed", "HX.POSS.VP")])
def test_taken_over_kill_zero_HX_INSANE_VP_POSS_VP(ruleset, state, rule):
    """HX.INSANE.VP / HX.POSS.VP (T10): such a monster is worth 0; its own kills score for the active player."""
    r = decide(ruleset, "score.kill_points", value=45, opposing=True, phase="hunting", state=state)
    assert r.value == 0
    assert rules(r) == {rule}
    assert decide(ruleset, "score.kill_scorer", killer_state=state).value == "active_player"


def test_minion_kill_scores_nothing_2008_only_HX_MINION_VP():
    """HX.MINION.VP: 2008 minions are worth 0 unless an effect says so; 1e has no such rule."""
    facts = {"value": 10, "opposing": True, "phase": "hunting", "minion": True}
    r = decide(R08, "score.kill_points", **facts)
    assert r.value == 0
    assert rules(r) == {"HX.MINION.VP"}
    assert decide(R08, "score.kill_points", minion_vp_effect=True, **facts).value == 10
    assert decide(R1E, "score.kill_points", **facts).value == 10


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("build", "each"), [(100, 5), (200, 10), (300, 15)])
def test_victim_value_per_build_HX_VP_VICTIM(ruleset, build, each):
    """HX.VP.VICTIM (W09): a victim is worth 5 per 100 build points (100/200/300 -> 5/10/15)."""
    r = decide(
        ruleset,
        "score.victim_points",
        build_total=build,
        hundreds=build // 100,
        on_cards_at_end=1,
        taken_during_game=1,
    )
    assert r.value == each


def test_victim_scoring_edition_difference_HX_VP_VICTIM():
    """HX.VP.VICTIM (T07): 2008 counts victims on cards at the end, 1e every victim taken in the game."""
    facts = {"build_total": 300, "hundreds": 3, "on_cards_at_end": 2, "taken_during_game": 3}
    assert decide(R08, "score.victim_points", **facts).value == 30
    assert decide(R1E, "score.victim_points", **facts).value == 45


@pytest.mark.parametrize("ruleset", BOTH)
def test_total_adds_other_points_HX_VP_OTHER(ruleset):
    """HX.VP.OTHER: the total is kills plus victims plus card and goal points."""
    r = decide(ruleset, "score.total", kill_points=60, victim_points=20, other_points=15)
    assert r.value == 95


@pytest.mark.parametrize("ruleset", BOTH)
def test_wiped_out_subplot_scores_nothing_HX_VP_SUBPLOT(ruleset):
    """HX.VP.SUBPLOT / HX.SUBPLOT.ELIM: a wiped-out player's subplot gives 0; otherwise what it earns."""
    assert decide(ruleset, "score.subplot_points", earned=20, army_eliminated=True).value == 0
    assert decide(ruleset, "score.subplot_points", earned=20, army_eliminated=False).value == 20


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("vp_a", "winner"), [(99, "b"), (101, "a")])
def test_most_points_win_HX_VP_WIN(ruleset, vp_a, winner):
    """HX.VP.WIN: against 100 VP, 99 loses and 101 wins."""
    r = decide(ruleset, "victory.winner", vp_a=vp_a, vp_b=100, army_a=200, army_b=200)
    assert r.value == winner
    assert rules(r) == {"HX.VP.WIN"}


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("army_a", "winner"), [(199, "a"), (201, "b")])
def test_tie_cheaper_army_HX_VP_TIE(ruleset, army_a, winner):
    """HX.VP.TIE (W31): on equal VP the army built with fewer points wins (199/201 against 200)."""
    r = decide(ruleset, "victory.winner", vp_a=100, vp_b=100, army_a=army_a, army_b=200)
    assert r.value == winner
    assert rules(r) == {"HX.VP.TIE"}


@pytest.mark.parametrize("ruleset", BOTH)
def test_full_tie_undecided_HX_VP_TIE(ruleset):
    """HX.VP.TIE: equal VP and equal army cost is not settled by the rules."""
    r = decide(ruleset, "victory.winner", vp_a=100, vp_b=100, army_a=200, army_b=200)
    assert r.status == "undecided"
    assert [s.rule for s in r.trace] == ["HX.ETQ.ROLL"]


# --- first-edition scenarios ---------------------------------------------------------


@pytest.mark.parametrize("scenario", ["brume_spectrale", "parquet_qui_grince"])
@pytest.mark.parametrize(
    ("item", "value"),
    [
        ("players", 2),
        ("army_points", 100),
        ("actions_per_turn", 2),
        ("time_limit_minutes", 60),
        ("victims_per_player", 3),
        ("plot_twists_per_player", 6),
    ],
)
def test_scenario_parameters_HX_SCEN(scenario, item, value):
    """HX.SCEN.*.SIZE/TIME/PREP: both scenarios: 2 players, 100 points, 2 actions, 60 min, 3 victims, 6 twists."""
    assert decide(R1E, "scenario.setup_value", scenario=scenario, item=item).value == value


def test_scenario_maps_HX_SCEN_MAP():
    """HX.SCEN.BRUME.MAP / HX.SCEN.PARQUET.MAP: the Crumbling Mausoleum and the Haunted House."""
    assert decide(R1E, "scenario.map", scenario="brume_spectrale").value == "crumbling_mausoleum"
    assert decide(R1E, "scenario.map", scenario="parquet_qui_grince").value == "haunted_house"


def test_brume_forbids_ranged_HX_SCEN_BRUME_NORANGED():
    """HX.SCEN.BRUME.NORANGED: no ranged attacks in Brume Spectrale; the rule is 1e only."""
    assert decide(R1E, "scenario.ranged_attacks_allowed", scenario="brume_spectrale").value is False
    assert decide(R1E, "scenario.ranged_attacks_allowed", scenario="parquet_qui_grince").status == "undecided"
    assert decide(R08, "scenario.ranged_attacks_allowed", scenario="brume_spectrale").status == "undecided"


def test_parquet_saved_victim_placement_HX_SCEN_PARQUET_PLACE():
    """HX.SCEN.PARQUET.PLACE: the card player puts the saved victim on a Bloodspot (default reading)."""
    facts = {"scenario": "parquet_qui_grince", "prevented_by": "plot_twist"}
    assert decide(R1E, "scenario.prevented_victim_placement", **facts).value == "bloodspot_by_card_player"
    alt = {"HX.SCEN.PARQUET.PLACE": "any_empty"}
    assert decide(R1E, "scenario.prevented_victim_placement", alt, **facts).value == "any_empty_by_card_player"
    facts["prevented_by"] = "power"
    assert decide(R1E, "scenario.prevented_victim_placement", **facts).status == "undecided"


def test_scenario_agreement_HX_SCEN_AGREE():
    """HX.SCEN.AGREE: outside tournaments every player must accept the scenario."""
    assert decide(R1E, "scenario.agreement_ok", tournament=False, all_agree=False).value is False
    assert decide(R1E, "scenario.agreement_ok", tournament=False, all_agree=True).value is True
