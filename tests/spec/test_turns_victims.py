"""Table tests for turns, the suspense phase, victims, slaying and blooded (04-turns, 05-victims)."""

from __future__ import annotations

import pytest

from tests.spec.support import decide_first_values as decide
from tests.spec.support import rule_ids as rules

R08 = "horrorclix/2008"
R1E = "horrorclix/1e"
BOTH = [R08, R1E]


# --- turns --------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("seat", "players", "nxt"), [(0, 3, 1), (1, 3, 2), (2, 3, 0), (1, 2, 0)])
def test_turn_passes_left_HX_TURN_ORDER(ruleset, seat, players, nxt):
    """HX.TURN.ORDER: play passes clockwise and wraps to the first seat."""
    assert decide(ruleset, "turn.next_seat", active_seat=seat, players=players).value == nxt


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("left", "out"), [(0, True), (1, False), (2, False)])
def test_player_without_monsters_is_out_HX_TURN_OUT(ruleset, left, out):
    """HX.TURN.OUT: a player is out exactly when no monster is left."""
    assert decide(ruleset, "turn.player_out", monsters_in_play=left).value is out


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("phase", "nxt"),
    [("preview", "suspense"), ("suspense", "hunting"), ("hunting", "hourglass"), ("hourglass", "next_turn")],
)
def test_phase_order_HX_TURN_PHASES(ruleset, phase, nxt):
    """HX.TURN.PHASES: preview, suspense, hunting, hourglass, then the next turn."""
    assert decide(ruleset, "turn.next_phase", phase=phase).value == nxt


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("task", "step"),
    [("end_effects_lasting_until_turn_start", 1), ("resolve_turn_start_effect", 2), ("play_ticking_clock", 2)],
)
def test_preview_steps_HX_PREVIEW_EXPIRE_RESOLVE(ruleset, task, step):
    """HX.PREVIEW.EXPIRE/RESOLVE: expiring effects come before start-of-turn effects and ticking clocks."""
    assert decide(ruleset, "preview.step", task=task).value == step


@pytest.mark.parametrize("ruleset", BOTH)
def test_active_player_orders_start_effects_HX_PREVIEW_RESOLVE(ruleset):
    """HX.PREVIEW.RESOLVE: the active player orders simultaneous start-of-turn effects."""
    assert decide(ruleset, "preview.order_chooser", pending=3).value == "active_player"


def test_flip_once_2008_only_HX_PREVIEW_FLIPONCE():
    """HX.PREVIEW.FLIPONCE: 2008 allows one start-of-turn flip; the first edition states no limit."""
    assert decide(R08, "preview.flip_allowed", flipped_this_turn=False).value is True
    assert decide(R08, "preview.flip_allowed", flipped_this_turn=True).value is False
    assert decide(R1E, "preview.flip_allowed", flipped_this_turn=True).status == "undecided"


# --- suspense phase -----------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("extra", "count"), [(0, 1), (1, 2)])
def test_one_victim_unless_a_power_HX_SUSP_CHOICE(ruleset, extra, count):
    """HX.SUSP.CHOICE: one victim moves in the suspense phase, more with a power."""
    assert decide(ruleset, "suspense.victims_max", extra_from_powers=extra).value == count


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("face_down", [True, False])
def test_chosen_victim_revealed_HX_SUSP_REVEAL(ruleset, face_down):
    """HX.SUSP.REVEAL: a face-down chosen victim is turned face up."""
    r = decide(ruleset, "victim.turned_face_up", face_down=face_down, trigger="chosen_in_suspense")
    assert r.value is face_down


@pytest.mark.parametrize(
    ("ruleset", "declined", "played", "who"),
    [
        (R08, False, False, "left_opponent"),
        (R08, True, False, "active_player"),
        (R08, True, True, "none"),
        (R08, False, True, "none"),
        (R1E, False, False, "left_opponent"),
        (R1E, True, False, "none"),
    ],
)
def test_suspense_response_order_HX_SUSP_RESP(ruleset, declined, played, who):
    """HX.SUSP.RESP.LEFT/ACTIVE: left opponent first; in 2008 only, then the active player."""
    r = decide(ruleset, "suspense.responder", left_declined=declined, twist_played=played)
    assert r.value == who


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("played", "step"), [(True, "follow_twist"), (False, "move_victim")])
def test_twist_or_move_HX_SUSP_RESOLVE_MOVE(ruleset, played, step):
    """HX.SUSP.RESOLVE/MOVE: a played twist is followed, otherwise the active player moves the victim."""
    assert decide(ruleset, "suspense.next_step", twist_played=played).value == step


# --- moving victims -----------------------------------------------------------------


@pytest.mark.parametrize(("spaces", "ok"), [(0, True), (3, True), (4, True), (5, False)])
def test_victim_up_to_speed_2008_HX_VMOVE_DIST(spaces, ok):
    """HX.VMOVE.DIST: in 2008 a speed-4 victim moves 0 to 4 spaces."""
    assert decide(R08, "move.distance_legal", mover="victim", speed=4, spaces=spaces).value is ok


@pytest.mark.parametrize(
    ("spaces", "stopped", "ok"), [(3, False, False), (3, True, True), (4, False, True), (5, False, False)]
)
def test_victim_exact_speed_1e_HX_VMOVE_DIST(spaces, stopped, ok):
    """HX.VMOVE.DIST (1e): by default a victim moves exactly its speed unless stopped early."""
    r = decide(R1E, "move.distance_legal", mover="victim", speed=4, spaces=spaces, stopped_early=stopped)
    assert r.value is ok


@pytest.mark.parametrize(("spaces", "ok"), [(3, True), (4, True), (5, False)])
def test_victim_up_to_reading_1e_HX_VMOVE_DIST(spaces, ok):
    """HX.VMOVE.DIST (1e, reading up_to): read as 'up to', short moves are legal."""
    r = decide(R1E, "move.distance_legal", readings={"HX.VMOVE.DIST": "up_to"}, mover="victim", speed=4, spaces=spaces)
    assert r.value is ok


@pytest.mark.parametrize("ruleset", BOTH)
def test_victim_passes_next_to_monsters_HX_VMOVE_ADJOK(ruleset):
    """HX.VMOVE.ADJOK: adjacency never stops a victim on clear ground."""
    r = decide(ruleset, "move.must_stop", mover="victim")
    assert r.value is False
    assert "HX.VMOVE.ADJOK" in rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("occupant", "ok"), [("none", True), ("friendly", False), ("opposing", False), ("victim", False)]
)
def test_victim_cannot_pass_occupied_HX_VMOVE_NOTHRU(ruleset, occupant, ok):
    """HX.VMOVE.NOTHRU: a victim enters no space holding a monster or a victim."""
    assert decide(ruleset, "move.can_enter", mover="victim", occupant=occupant).value is ok


# --- slaying and rescuing -----------------------------------------------------------

TAKE = {"ends_on_victim": True, "move_action": True}


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("ends", "move", "outcome"), [(True, True, "on_card"), (True, False, "not_taken"), (False, True, "not_taken")]
)
def test_slay_by_move_action_HX_SLAY_HOW(ruleset, ends, move, outcome):
    """HX.SLAY.HOW: ending a move action on the victim slays it onto the card."""
    r = decide(ruleset, "slay.outcome", ends_on_victim=ends, move_action=move)
    assert r.value == outcome


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("space", "outcome"), [(True, "placed_adjacent"), (False, "on_card")])
def test_prevented_slaying_and_cornered_victim_HX_SLAY_PREVENT_CORNER(ruleset, space, outcome):
    """HX.SLAY.PREVENT/CORNER: a prevented slaying moves the victim aside unless it is cornered."""
    r = decide(ruleset, "slay.outcome", counter="prevents_slaying", adjacent_unoccupied_space=space, **TAKE)
    assert r.value == outcome


@pytest.mark.parametrize("ruleset", BOTH)
def test_left_opponent_places_victim_HX_SLAY_PREVENT(ruleset):
    """HX.SLAY.PREVENT: the opponent on the active player's left places the saved victim."""
    assert decide(ruleset, "slay.placer", adjacent_unoccupied_space=True).value == "left_opponent"


@pytest.mark.parametrize(
    ("ruleset", "declined", "played", "who"),
    [
        (R08, False, False, "left_opponent"),
        (R08, True, False, "active_player"),
        (R08, False, True, "none"),
        (R1E, False, False, "any_opponent"),
        (R1E, True, False, "any_opponent"),
        (R1E, False, True, "none"),
    ],
)
def test_slaying_response_order_HX_SLAY_RESP(ruleset, declined, played, who):
    """HX.SLAY.RESP.LEFT/ACTIVE: 2008 left opponent then active player; 1e any one opponent."""
    r = decide(ruleset, "slay.responder", left_declined=declined, twist_played=played)
    assert r.value == who


def test_soaring_slayer_HX_SLAY_SOAR():
    """HX.SLAY.SOAR: a soaring monster slays a victim (2008 states it)."""
    r = decide(R08, "slay.outcome", soaring=True, **TAKE)
    assert r.value == "on_card"
    assert "HX.SLAY.SOAR" in rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("kind", "counter", "outcome"),
    [
        ("rescue", "prevents_slaying", "on_card"),
        ("slay", "prevents_rescue", "on_card"),
        ("rescue", "prevents_rescue", "placed_adjacent"),
        ("rescue", "none", "on_card"),
    ],
)
def test_rescue_and_separate_prevention_HX_RESCUE(ruleset, kind, counter, outcome):
    """HX.RESCUE.HOW/SEPARATE: rescue works like slaying; each kind of prevention stops only its own kind."""
    r = decide(ruleset, "slay.outcome", kind=kind, counter=counter, adjacent_unoccupied_space=True, **TAKE)
    assert r.value == outcome


# --- blooded --------------------------------------------------------------------------


@pytest.mark.parametrize(("tokens", "blooded"), [(0, False), (1, True), (2, True)])
def test_blooded_by_token_2008_HX_BLOOD_DEF(tokens, blooded):
    """HX.BLOOD.DEF: in 2008 one victim token on the card makes a monster blooded."""
    assert decide(R08, "monster.blooded", victims_on_card=tokens).value is blooded


@pytest.mark.parametrize(
    ("slain", "rescued", "tokens", "r08", "r1e"),
    [
        (True, False, 0, False, True),
        (False, True, 0, False, True),
        (False, False, 1, True, False),
        (False, False, 0, False, False),
    ],
)
def test_blooded_edition_difference_HX_BLOOD_DEF(slain, rescued, tokens, r08, r1e):
    """HX.BLOOD.DEF: 2008 counts tokens on the card, 1e the deed of slaying or rescuing."""
    facts = {"has_slain": slain, "has_rescued": rescued, "victims_on_card": tokens}
    assert decide(R08, "monster.blooded", **facts).value is r08
    assert decide(R1E, "monster.blooded", **facts).value is r1e


# --- hunting phase --------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("action", ["move", "close", "ranged"])
def test_one_action_per_monster_HX_HUNT_ONEPER(ruleset, action):
    """HX.HUNT.ONEPER: a monster that already acted this turn gets no second action."""
    r = decide(
        ruleset,
        "action.allowed",
        action=action,
        acted_this_turn=True,
        controlled_by_active=True,
        adjacent_same_level_opposing=True,
        actions_left=2,
    )
    assert r.value is False


@pytest.mark.parametrize("ruleset", BOTH)
def test_free_action_after_an_action_HX_HUNT_ONEPER(ruleset):
    """HX.HUNT.ONEPER: the one-action limit does not bar a free action."""
    r = decide(
        ruleset, "action.allowed", action="free", acted_this_turn=True, controlled_by_active=True, actions_left=1
    )
    assert "HX.HUNT.ONEPER" not in rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
def test_only_own_monsters_HX_HUNT_GIVE(ruleset):
    """HX.HUNT.GIVE: the active player gives actions only to monsters under that player's control."""
    r = decide(ruleset, "action.allowed", action="move", controlled_by_active=False, actions_left=1)
    assert r.value is False


@pytest.mark.parametrize("ruleset", BOTH)
def test_close_combat_needs_adjacent_opponent_HX_HUNT_KINDS(ruleset):
    """HX.HUNT.KINDS: a close combat action needs an adjacent opposing monster."""
    r = decide(ruleset, "action.allowed", action="close", controlled_by_active=True, actions_left=1)
    assert r.value is False
    assert "HX.HUNT.KINDS" in rules(r)
