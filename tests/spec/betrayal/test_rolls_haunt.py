"""Table tests for Betrayal rolls, the haunt, the traitor, monsters and winning (10, 12-16 yaml)."""

from __future__ import annotations

import pytest

from tests.spec.betrayal.support import decide
from tests.spec.support import rule_ids as rules


@pytest.mark.parametrize(("pips", "ok"), [(1, True), (2, True), (3, False)])
def test_die_faces_BT_ROLL_DIE(pips, ok):
    """BT.ROLL.DIE: a die shows 0, 1 or 2 pips, never 3."""
    assert decide("die.face_possible", pips=pips).value is ok


def test_result_is_sum_BT_ROLL_SUM():
    """BT.ROLL.SUM: four dice showing 2, 1, 1, 0 total 4."""
    assert decide("roll.total", dice=4, twos=1, ones=2).value == 4


@pytest.mark.parametrize(
    ("kind", "named", "value", "dice", "rule"),
    [
        ("trait", 0, 4, 4, "BT.ROLL.TRAIT"),
        ("fixed", 3, 0, 3, "BT.ROLL.SUM"),
        ("monster_move", 0, 2, 2, "BT.MON.MOVE_ROLL"),
        ("elevator", 0, 0, 2, "BT.ROOM.ELEVATOR.MOVE"),
    ],
)
def test_dice_of_a_roll_BT_EX_09(kind, named, value, dice, rule):
    """BT.EX.09 and others: a Sanity roll at Sanity 4 rolls 4 dice; fixed, monster and elevator rolls."""
    r = decide("roll.dice", kind=kind, named=named, value=value)
    assert r.value == dice
    assert rules(r) == {rule}


@pytest.mark.parametrize(("total", "ok"), [(3, False), (4, True), (5, True)])
def test_knowledge_roll_4_plus_BT_EX_22(total, ok):
    """BT.EX.22 / BT.ROLL.THRESHOLD: a 4+ roll fails on 3, succeeds on 4 and 5."""
    assert decide("roll.success", total=total, target=4).value is ok


def test_roll_limits_BT_EX_06_07_10():
    """BT.EX.06/07/10: no second try of the same roll or of a task; a different roll is fine (the default)."""
    assert decide("roll.allowed", same_roll_done=True).value is False
    assert decide("roll.allowed", task=True, task_rolled=True).value is False
    r = decide("roll.allowed", task=True)
    assert r.value is True
    assert r.status == "default"


@pytest.mark.parametrize(
    ("readings", "haunt", "omen", "room", "due"),
    [
        (None, False, True, False, True),
        (None, False, False, True, False),
        (None, True, True, True, False),
        ({"BT.HAUNT.ROLL.WHEN": "omen_room"}, False, False, True, True),
    ],
)
def test_haunt_roll_due_BT_HAUNT_ROLL_WHEN(readings, haunt, omen, room, due):
    """BT.HAUNT.ROLL.WHEN / NO_MORE_ROLLS: due after an omen card before the haunt; the glossary's omen room as a reading."""
    assert decide("haunt_roll.required", readings, haunt_started=haunt, drew_omen=omen, omen_room=room).value is due


def test_haunt_roll_dice_BT_HAUNT_ROLL_DICE():
    """BT.HAUNT.ROLL.DICE: six dice by default, as many as omens in play under omen_count."""
    assert decide("haunt_roll.dice", omens_drawn=5, omens_in_play=4).value == 6
    assert decide("haunt_roll.dice", {"BT.HAUNT.ROLL.DICE": "omen_count"}, omens_drawn=5, omens_in_play=4).value == 4


@pytest.mark.parametrize(("total", "starts"), [(3, True), (4, True), (5, False)])
def test_fifth_omen_BT_EX_15(total, starts):
    """BT.EX.15 / BT.HAUNT.ROLL.TRIGGER: with 5 omens drawn the haunt starts on 4 or less."""
    assert decide("haunt.starts", total=total, omens_drawn=5, omens_in_play=5).value is starts


def test_in_play_reading_BT_HAUNT_ROLL_TRIGGER():
    """BT.HAUNT.ROLL.TRIGGER: under in_play, 4 omens in play of 5 drawn make 4 too high."""
    facts = {"total": 4, "omens_drawn": 5, "omens_in_play": 4}
    assert decide("haunt.starts", **facts).value is True
    assert decide("haunt.starts", {"BT.HAUNT.ROLL.TRIGGER": "in_play"}, **facts).value is False


def test_traitor_choice_BT_HAUNT_TRAITOR_TIE():
    """BT.HAUNT.TRAITOR_ID / TIE: one candidate is the traitor; in a tie the revealer, else the nearest on his left."""
    assert decide("traitor.chosen", candidates=1, is_candidate=True).value is True
    assert decide("traitor.chosen", candidates=2, is_candidate=True, revealer_candidate=True).value is False
    assert (
        decide("traitor.chosen", candidates=2, is_candidate=True, is_revealer=True, revealer_candidate=True).value
        is True
    )
    assert decide("traitor.chosen", candidates=3, is_candidate=True, nearest_left=True).value is True


@pytest.mark.parametrize(
    ("current", "last", "after"),
    [("hero", False, "hero"), ("hero", True, "traitor"), ("traitor", False, "monsters"), ("monsters", False, "hero")],
)
def test_turn_order_BT_HAUNT_ORDER(current, last, after):
    """BT.HAUNT.ORDER: heroes, then the traitor, then the monsters, then the heroes again."""
    assert decide("turn.next", current=current, last_hero=last).value == after


def test_monsters_play_on_BT_HAUNT_TRAITOR_TURN_PERSISTS():
    """BT.HAUNT.TRAITOR_TURN_PERSISTS / BT.TRAITOR.MONSTERS: a dead traitor's monsters play while they can still win."""
    assert decide("monsters.keep_playing").value is True
    assert decide("monsters.keep_playing", traitor_dead=True, can_meet_goals=True).value is True
    assert decide("monsters.keep_playing", traitor_dead=True).value is False


def test_stun_BT_MON_STUN():
    """BT.MON.STUN / STUN_EFFECTS / HAUNT_OVER_RULES: damage stuns, unless the haunt says otherwise; stun effects still stun."""
    assert decide("monster.stunned_after", took_damage=True).value is True
    assert decide("monster.stunned_after", took_damage=True, haunt_replaces_stun=True).value is False
    assert decide("monster.stunned_after", took_damage=True, haunt_replaces_stun=True, stun_effect=True).value is True
    assert decide("monster.killed").value is False
    assert decide("monster.killed", haunt_kills=True).value is True


@pytest.mark.parametrize(("players", "ok"), [(2, False), (3, True), (6, True), (7, False)])
def test_player_count_BT_META_PLAYERS(players, ok):
    """BT.META.PLAYERS: three to six explorers."""
    assert decide("game.players_ok", players=players).value is ok


def test_precedence_BT_META():
    """BT.META.CARD_OVER_RULEBOOK / HAUNT_OVER_RULES, and the fallback of L667."""
    assert decide("conflict.winner", conflict="card_vs_rulebook").value == "card"
    assert decide("conflict.winner", conflict="haunt_vs_rulebook").value == "haunt"
    assert decide("fallback.settled_by", players_agree=False).value == "coin"


@pytest.mark.parametrize(("alive", "wins"), [(0, False), (1, True)])
def test_heroes_need_a_survivor_BT_WIN_HERO_SURVIVOR(alive, wins):
    """BT.WIN.HERO_SURVIVOR: heroes meeting their goals win only with a hero alive."""
    assert decide("side.wins", side="heroes", goals_met=True, heroes_alive=alive).value is wins


def test_dead_traitor_may_win_BT_WIN_DEAD_TRAITOR():
    """BT.WIN.DEAD_TRAITOR / FIRST: a dead traitor meeting the goals first wins; second does not."""
    assert decide("side.wins", side="traitor", goals_met=True, traitor_dead=True).value is True
    assert decide("side.wins", side="traitor", goals_met=True, other_first=True).value is False


def test_turn_actions_BT_TURN_HAUNT_ACTION_PLUS_ATTACK():
    """BT.TURN.ACTIONS / HAUNT_ACTION_PLUS_ATTACK: one attack a turn after the haunt, besides one haunt action."""
    assert decide("turn.action_allowed", action="attack").value is False
    assert decide("turn.action_allowed", action="attack", haunt_started=True, haunt_action_done=True).value is True
    assert decide("turn.action_allowed", action="attack", haunt_started=True, attacked_this_turn=True).value is False
    assert decide("turn.action_allowed", action="use").value is True


def test_actions_after_card_stop_BT_MOVE_ACTIONS_AFTER_STOP():
    """BT.MOVE.CARD_STOP / ACTIONS_AFTER_STOP: after a card ends the movement, no more moving, but items and rolls go on."""
    assert decide("turn.action_allowed", action="move").value is True
    r = decide("turn.action_allowed", action="move", movement_ended=True)
    assert r.value is False
    assert rules(r) == {"BT.MOVE.CARD_STOP"}
    assert decide("turn.action_allowed", action="use", movement_ended=True).value is True


def test_haunt_action_after_attack_BT_TURN_HAUNT_ACTION_PLUS_ATTACK():
    """BT.TURN.HAUNT_ACTION_PLUS_ATTACK: an attack does not use up the haunt action, which needs the haunt."""
    assert (
        decide("turn.action_allowed", action="haunt_action", haunt_started=True, attacked_this_turn=True).value is True
    )
    assert decide("turn.action_allowed", action="haunt_action").value is False
