"""Table tests for Betrayal movement, discovery, special rooms and cards (05-08 yaml)."""

from __future__ import annotations

import pytest

from tests.spec.betrayal.support import decide
from tests.spec.support import rule_ids as rules


def test_allowance_BT_MOVE_BUDGET_MON_MOVE_ROLL():
    """BT.MOVE.BUDGET / BT.MON.*: Speed for explorers, the roll for monsters, 1 on a roll of 0, none when stunned."""
    assert decide("move.allowance", mover="explorer", speed=3).value == 3
    assert decide("move.allowance", mover="monster", roll=3).value == 3
    r = decide("move.allowance", mover="monster", roll=0)
    assert r.value == 1
    assert rules(r) == {"BT.MON.MIN_ONE"}
    assert decide("move.allowance", mover="monster", roll=3, stunned=True).value == 0


@pytest.mark.parametrize(("moved", "ok"), [(1, True), (2, True), (3, False)])
def test_speed_three_path_BT_EX_03(moved, ok):
    """BT.EX.03: with Speed 3 the third room is reachable, a fourth is not (moved+1 = 2, 3, 4)."""
    r = decide("move.step_allowed", moved=moved, cost=1, allowance=3, allowance_now=3, moved_before=True)
    assert r.value is ok


@pytest.mark.parametrize(
    ("kind", "slowing", "cost"),
    [
        ("room", 0, 1),
        ("room", 1, 2),
        ("room", 2, 3),
        ("obstacle_cross", 2, 0),
        ("coal_chute", 0, 1),
        ("coal_chute", 1, 2),
        ("collapsed_fall", 0, 0),
        ("collapsed_fall", 1, 1),
    ],
)
def test_step_costs_BT_MOVE_OPPONENT_PENALTY(kind, slowing, cost):
    """BT.MOVE.OPPONENT_PENALTY and room costs: +1 a slowing opponent; crossing costs 0, the chute 1, a fall 0."""
    assert decide("move.step_cost", kind=kind, slowing=slowing).value == cost


def test_same_side_reading_BT_MOVE_OPPONENT_PENALTY():
    """BT.MOVE.OPPONENT_PENALTY: under same_side, an opponent across the obstacle does not count."""
    facts = {"kind": "room", "slowing": 2, "slowing_other_side": 1}
    assert decide("move.step_cost", **facts).value == 3
    assert decide("move.step_cost", {"BT.MOVE.OPPONENT_PENALTY": "same_side"}, **facts).value == 2


def test_who_slows_BT_MOVE_STUNNED_NO_SLOW():
    """BT.MOVE.OPPONENT_PENALTY / STUNNED_NO_SLOW / OPPONENT_DEF: opponents slow, stunned monsters and friends do not."""
    assert decide("opponent.slows", haunt_started=True, is_opponent=True).value is True
    r = decide("opponent.slows", haunt_started=True, is_opponent=True, stunned_monster=True)
    assert r.value is False
    assert rules(r) == {"BT.MOVE.STUNNED_NO_SLOW"}
    assert decide("opponent.slows", haunt_started=True).value is False


@pytest.mark.parametrize(("moved", "ok"), [(False, True), (True, False)])
def test_hero_between_two_monsters_BT_EX_24(moved, ok):
    """BT.EX.24 / BT.MOVE.MIN_ONE: leaving costs 3; with Speed 1 the first space is still allowed, not a later one."""
    r = decide("move.step_allowed", moved=int(moved), cost=3, allowance=1, allowance_now=1, moved_before=moved)
    assert r.value is ok


def test_card_stops_BT_MOVE_CARD_STOP():
    """BT.MOVE.CARD_STOP / MIN_ONE: a card stops the movement; only the `always` reading lets a first space follow."""
    facts = {"moved": 0, "cost": 1, "allowance": 4, "allowance_now": 4, "stopped_by": "card"}
    assert decide("move.step_allowed", **facts).value is False
    assert decide("move.step_allowed", {"BT.MOVE.MIN_ONE": "always"}, **facts).value is True


def test_failed_crossing_BT_EX_25():
    """BT.EX.25: a failed crossing ends the movement; the crossing used no space; no second roll this turn."""
    assert decide("move.ends", failed_crossing=True).value is True
    assert decide("move.step_cost", kind="obstacle_cross").value == 0
    facts = {"moved": 1, "cost": 1, "allowance": 4, "allowance_now": 4, "moved_before": True, "stopped_by": "obstacle"}
    assert decide("move.step_allowed", **facts).value is False
    assert decide("roll.allowed", same_roll_done=True).value is False


def test_no_symbol_room_goes_on_BT_EX_03():
    """BT.EX.03 (L228): a discovered room without a symbol draws nothing and the movement goes on."""
    assert decide("room.draws_card", entry="discovery", symbol=False).value is False
    assert decide("room.draws_card", entry="discovery", symbol=True).value is True
    r = decide("move.ends")
    assert r.value is False
    assert r.status == "default"


def test_junk_room_BT_ROOM_JUNK():
    """BT.ROOM.JUNK: leaving with too little Speed is allowed and ends the movement in the next room."""
    facts = {"moved": 2, "cost": 1, "allowance": 4, "allowance_now": 2, "moved_before": True}
    assert decide("move.step_allowed", **facts).value is False
    assert decide("move.step_allowed", leaving_junk=True, **facts).value is True
    assert decide("move.ends", left_junk_short=True).value is True


def test_budget_readings_BT_MOVE_BUDGET():
    """BT.MOVE.BUDGET: a Speed lowered during the move counts under current, not under turn_start."""
    facts = {"moved": 2, "cost": 1, "allowance": 4, "allowance_now": 2, "moved_before": True}
    assert decide("move.step_allowed", **facts).value is False
    assert decide("move.step_allowed", {"BT.MOVE.BUDGET": "turn_start"}, **facts).value is True


@pytest.mark.parametrize(
    ("passage", "extra", "ok"),
    [
        ("doors", {}, True),
        ("false_opening", {}, False),
        ("window", {}, False),
        ("front_door", {}, False),
        ("front_door", {"front_door_open": True}, True),
        ("unexplored", {"tiles_left": True}, True),
        ("unexplored", {}, False),
        ("staircase", {}, True),
        ("basement_stairs", {}, False),
        ("basement_stairs", {"basement_stairs_found": True}, True),
        ("coal_chute", {}, True),
        ("coal_chute", {"direction": "up"}, False),
        ("collapsed_room", {"direction": "up"}, False),
        ("against_one_way", {}, False),
        ("card_link", {}, True),
    ],
)
def test_explorer_ways_BT_MOVE_DOOR_CONNECT(passage, extra, ok):
    """BT.MOVE.* / BT.EXPLORE.*: which ways an explorer may take."""
    assert decide("move.can_enter", passage=passage, mover="explorer", **extra).value is ok


def test_monster_ways_BT_MON_TILES():
    """BT.MON.TILES / NO_EXPLORE: monsters climb the chute (both_ways), not under slide_on_entry; they do not explore."""
    up = {"passage": "coal_chute", "direction": "up", "mover": "monster"}
    assert decide("move.can_enter", **up).value is True
    assert decide("move.can_enter", {"BT.MON.TILES": "slide_on_entry"}, **up).value is False
    assert decide("move.can_enter", passage="against_one_way", mover="monster").value is True
    assert decide("move.can_enter", passage="unexplored", mover="monster", tiles_left=True).value is False
    assert (
        decide("move.can_enter", passage="unexplored", mover="monster", tiles_left=True, monsters_explore=True).value
        is True
    )


def test_chute_slide_BT_EX_19():
    """BT.EX.19: the traitor and monsters still slide down the chute; a monster coming up does not (both_ways)."""
    assert decide("chute.slides", mover="explorer").value is True
    assert decide("chute.slides", mover="monster").value is True
    assert decide("chute.slides", mover="monster", from_floor="basement").value is False
    assert (
        decide("chute.slides", {"BT.MON.TILES": "slide_on_entry"}, mover="monster", from_floor="basement").value is True
    )
    assert decide("turn.may_end_in", coal_chute=True).value is False


@pytest.mark.parametrize(
    ("passage", "mover", "traitor", "needed"),
    [
        ("obstacle", "explorer", False, True),
        ("obstacle", "monster", False, False),
        ("obstacle", "explorer", True, False),
        ("vault_door", "explorer", True, True),
        ("revolving_wall", "explorer", False, True),
        ("revolving_wall", "explorer", True, False),
        ("revolving_wall", "monster", False, False),
    ],
)
def test_who_rolls_BT_EX_19(passage, mover, traitor, needed):
    """BT.EX.19 and the obstacle rules: who must roll to pass; the traitor must still roll at the Vault."""
    assert decide("passage.roll_needed", passage=passage, mover=mover, is_traitor=traitor).value is needed


def test_traitor_obstacle_reading_BT_TRAITOR_OBSTACLE():
    """BT.TRAITOR.OBSTACLE: under `rolls` the traitor rolls to cross an obstacle."""
    r = decide("passage.roll_needed", {"BT.TRAITOR.OBSTACLE": "rolls"}, passage="obstacle", is_traitor=True)
    assert r.value is True


def test_tile_effects_BT_TRAITOR_TILES():
    """BT.ROOM.TILE_TEXT / TRAITOR.TILES / MON.TILES: harmful effects spare the traitor and monsters; gains spare monsters."""
    assert decide("tile.effect_applies", effect="harmful").value is True
    assert decide("tile.effect_applies", effect="harmful", is_traitor=True).value is False
    assert decide("tile.effect_applies", effect="trait_gain", is_traitor=True).value is True
    assert decide("tile.effect_applies", effect="trait_gain", mover="monster").value is False


@pytest.mark.parametrize(
    ("entry", "readings", "draws"),
    [
        ("later", None, False),
        ("effect", None, True),
        ("haunt", None, False),
        ("haunt", {"BT.CARD.EFFECT_DISCOVERY": "draw"}, True),
    ],
)
def test_who_draws_BT_CARD_EFFECT_DISCOVERY(entry, readings, draws):
    """BT.CARD.SYMBOL_STOP / EFFECT_DISCOVERY: later entrants never draw; haunt-placed rooms draw only under `draw`."""
    assert decide("room.draws_card", readings, entry=entry, symbol=True).value is draws


def test_card_before_tile_BT_ROOM_SYMBOL_BEFORE_TEXT():
    """BT.ROOM.SYMBOL_BEFORE_TEXT: the card is drawn before the tile's text is followed."""
    assert decide("room.first_resolved", draws_card=True).value == "card"
    assert decide("room.first_resolved").value == "tile_text"


def test_elevator_BT_EX_17_18():
    """BT.EX.17/18 and the elevator rules: once a turn, never sealing a floor; roll 0 with company hits all."""
    assert decide("elevator.moves", free_door=True).value is True
    assert decide("elevator.moves", free_door=True, moved_this_turn=True).value is False
    assert decide("elevator.moves", free_door=True, seals_floor=True).value is False
    assert decide("elevator.moves").value is False
    assert decide("elevator.roll_needed", side="hero", moment="stayed_full_turn").value is True
    assert decide("elevator.roll_needed", side="monster").value is False
    assert decide("elevator.hits_all", others_inside=True, result=0).value is True
    assert decide("elevator.hits_all", others_inside=True, result=1).value is False


def test_sent_into_vault_BT_ROOM_VAULT_SENT():
    """BT.ROOM.VAULT.SENT / OBSTACLE.SENT: outside the Vault's door by default; a chosen side elsewhere."""
    assert decide("sent.arrival_side", room="vault").value == "outside"
    assert decide("sent.arrival_side", {"BT.ROOM.VAULT.SENT": "choose_side"}, room="vault").value == "chosen"
    assert decide("sent.arrival_side", room="obstacle_room").value == "chosen"
    assert decide("obstacle.side_chooser", piece="monster").value == "traitor"


def test_tile_floors_BT_EXPLORE_NO_SEAL():
    """BT.EXPLORE.FLOOR_MATCH / DISCARD_MISMATCH / NO_SEAL: the floor must be listed and stay open."""
    assert decide("explore.floor_fits", listed=True).value is True
    assert decide("explore.floor_fits").value is False
    assert decide("explore.floor_fits", listed=True, seals_floor=True).value is False


def test_adjacency_BT_MOVE_ADJACENT():
    """BT.MOVE.ADJACENT: a shared side on one floor; corners or other floors are not adjacent."""
    assert decide("rooms.adjacent", same_floor=True, shared_side=True).value is True
    assert decide("rooms.adjacent", same_floor=True).value is False
    assert decide("rooms.adjacent", shared_side=True).value is False


def test_stunned_monster_stays_BT_MON_STUN():
    """BT.MON.STUN: a stunned monster takes no step, not even the one-space minimum."""
    r = decide("move.step_allowed", cost=1, allowance=0, allowance_now=0, stunned=True)
    assert r.value is False
    assert rules(r) == {"BT.MON.STUN"}
