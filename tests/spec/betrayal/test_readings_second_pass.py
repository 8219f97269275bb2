"""The readings added by the second ambiguity pass over the Betrayal text (issue 28).

Each formal reading answers a situation differently from the default; the
wording-only readings are reported by ``check`` and every topic file records
the lines read for ambiguity.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.spec import load_spec
from tests.spec.betrayal.support import decide
from tests.spec.support import rule_ids as rules

SPEC = Path(__file__).resolve().parents[3] / "spec" / "betrayal"


@pytest.mark.parametrize(
    ("bonus", "overflow", "real", "over"),
    [(2, 1, 1, 1), (3, 1, 2, 1), (3, 2, 1, 2), (2, 0, 2, 2), (3, 0, 3, 3)],
)
def test_item_loss_BT_TRAIT_ITEM_OVERFLOW(bonus, overflow, real, over):
    """BT.TRAIT.ITEM_OVERFLOW: the rulebook's +2/1 example agrees under both readings; +3/1 and +3/2 do not."""
    default = decide("trait.item_loss", bonus=bonus, overflow=overflow)
    other = decide(
        "trait.item_loss", readings={"BT.TRAIT.ITEM_OVERFLOW": "overflow_only"}, bonus=bonus, overflow=overflow
    )
    assert (default.value, other.value) == (real, over)
    assert rules(other) == {"BT.TRAIT.ITEM_OVERFLOW"}


@pytest.mark.parametrize(("reading", "allowed"), [("any_number", True), ("one_a_turn", False)])
def test_second_haunt_action_BT_TURN_HAUNT_ACTION_PLUS_ATTACK(reading, allowed):
    """BT.TURN.HAUNT_ACTION_PLUS_ATTACK: a second haunt action in a turn is allowed only by default."""
    r = decide(
        "turn.action_allowed",
        readings={"BT.TURN.HAUNT_ACTION_PLUS_ATTACK": reading},
        action="haunt_action",
        haunt_started=True,
        haunt_action_done=True,
    )
    assert r.value is allowed


@pytest.mark.parametrize("reading", ["any_number", "one_a_turn"])
def test_first_haunt_action_and_attack_BT_TURN_HAUNT_ACTION_PLUS_ATTACK(reading):
    """BT.TURN.HAUNT_ACTION_PLUS_ATTACK: under both readings the first haunt action and an attack go together."""
    readings = {"BT.TURN.HAUNT_ACTION_PLUS_ATTACK": reading}
    first = decide(
        "turn.action_allowed", readings=readings, action="haunt_action", haunt_started=True, attacked_this_turn=True
    )
    attack = decide(
        "turn.action_allowed", readings=readings, action="attack", haunt_started=True, haunt_action_done=True
    )
    assert (first.value, attack.value) == (True, True)
    before = decide("turn.action_allowed", readings=readings, action="haunt_action", haunt_started=False)
    assert before.value is False


@pytest.mark.parametrize(
    ("reading", "passage", "needed"),
    [
        ("vault_too", "vault_door", False),
        ("vault_binds_monsters", "vault_door", True),
        ("vault_too", "obstacle", False),
        ("vault_binds_monsters", "obstacle", False),
    ],
)
def test_monster_at_the_vault_BT_ROOM_OBSTACLE_MONSTER(reading, passage, needed):
    """BT.ROOM.OBSTACLE.MONSTER: only the Vault's door binds a monster, and only under vault_binds_monsters."""
    r = decide("passage.roll_needed", readings={"BT.ROOM.OBSTACLE.MONSTER": reading}, passage=passage, mover="monster")
    assert r.value is needed


RANGED = {
    "haunt_started": True,
    "attacker": "explorer",
    "target": "explorer",
    "target_is_opponent": True,
    "ranged": True,
    "can_ranged": True,
    "defender_has_trait": True,
}


@pytest.mark.parametrize(
    ("reading", "same_room", "across", "sight", "allowed"),
    [
        ("another_room", True, False, False, False),
        ("own_room_too", True, False, False, True),
        ("own_room_too", True, True, False, False),
        ("another_room", False, False, True, True),
        ("own_room_too", False, False, True, True),
        ("own_room_too", False, False, False, False),
    ],
)
def test_ranged_attack_in_own_room_BT_ATK_RANGED(reading, same_room, across, sight, allowed):
    """BT.ATK.RANGED: a Revolver fired in the attacker's own room is allowed only under own_room_too, never across the obstacle."""
    facts = {**RANGED, "same_room": same_room, "across_obstacle": across, "line_of_sight": sight}
    r = decide("attack.allowed", readings={"BT.ATK.RANGED": reading}, **facts)
    assert r.value is allowed


def test_own_room_ranged_attacker_takes_no_damage_BT_ATK_RANGED():
    """BT.ATK.RANGED (own_room_too): the attacker who loses still takes no damage."""
    r = decide(
        "attack.damage",
        readings={"BT.ATK.RANGED": "own_room_too"},
        side="attacker",
        attacker_total=2,
        defender_total=5,
        ranged=True,
    )
    assert r.value == 0


@pytest.mark.parametrize(
    ("reading", "passage", "needed"),
    [
        ("named_passages", "tile_roll", True),
        ("every_tile_roll", "tile_roll", False),
        ("named_passages", "revolving_wall", False),
        ("every_tile_roll", "revolving_wall", False),
    ],
)
def test_traitor_and_tile_rolls_BT_TRAITOR_TILES(reading, passage, needed):
    """BT.TRAITOR.TILES: the traitor skips another tile's passage roll only under every_tile_roll."""
    r = decide(
        "passage.roll_needed",
        readings={"BT.TRAITOR.TILES": reading},
        passage=passage,
        mover="explorer",
        is_traitor=True,
    )
    assert r.value is needed


def test_heroes_still_roll_every_tile_BT_TRAITOR_TILES():
    """BT.TRAITOR.TILES (every_tile_roll): a hero still rolls for a tile's passage."""
    r = decide(
        "passage.roll_needed", readings={"BT.TRAITOR.TILES": "every_tile_roll"}, passage="tile_roll", mover="explorer"
    )
    assert r.value is True


@pytest.mark.parametrize(
    ("reading", "can_meet", "plays"),
    [
        ("while_goals_reachable", True, True),
        ("while_goals_reachable", False, False),
        ("always", True, True),
        ("always", False, True),
    ],
)
def test_monsters_after_the_traitor_dies_BT_HAUNT_TRAITOR_TURN_PERSISTS(reading, can_meet, plays):
    """BT.HAUNT.TRAITOR_TURN_PERSISTS: monsters that can no longer win play on only under always (L497)."""
    r = decide(
        "monsters.keep_playing",
        readings={"BT.HAUNT.TRAITOR_TURN_PERSISTS": reading},
        traitor_dead=True,
        can_meet_goals=can_meet,
    )
    assert r.value is plays


WORDING_ONLY = {
    "BT.META.YOU": "explorer_means_character",
    "BT.TRAIT.MAX": "items_overflow",
    "BT.DMG.DICE": "test_once_a_turn",
    "BT.MOVE.CARD_STOP": "ignored_card_no_stop",
    "BT.MOVE.FRONT_DOOR": "list_not_complete",
    "BT.MOVE.STUNNED_NO_SLOW": "explorers_only",
    "BT.MOVE.ADJACENT": "one_step_apart",
    "BT.EXPLORE.LOGICAL": "table_agrees",
    "BT.EXPLORE.MULTI_FLOOR": "any_listed_floor",
    "BT.ROOM.OBSTACLE.SENT": "sent_piece_chooses",
    "BT.ROOM.COLLAPSED.ROLL": "fall_ends_move",
    "BT.ROOM.COLLAPSED.TILE": "discovered_rooms_first",
    "BT.ROOM.COLLAPSED.MONSTER_FIRST": "monster_token_only",
    "BT.ROOM.ELEVATOR.ONCE": "each_turn",
    "BT.ROOM.ELEVATOR.ZERO": "traitor_included",
    "BT.CARD.SYMBOL_STOP": "spent_by_monster",
    "BT.CARD.OMEN": "one_roll_per_omen",
    "BT.ITEM.USE_ONCE": "others_turns_free",
    "BT.ITEM.TRADE": "item_for_item",
    "BT.ITEM.TOKENS": "no_pickup",
    "BT.ITEM.ON_DEATH": "may_decline",
    "BT.ROLL.NO_REPEAT": "same_kind",
    "BT.ATK.STUNNED_TARGET": "heroes_only",
    "BT.ATK.TRAIT_REQUIRED": "both_sides",
    "BT.ATK.HIDDEN_TRAITOR": "any_moment",
    "BT.ATK.MONSTER_NO_SPECIAL": "rulebook_grants_range",
    "BT.HAUNT.ORDER": "always_traitors_left",
    "BT.HAUNT.OPTIONAL_CHOICE": "table_distance",
    "BT.ROLL.KNOWLEDGE_SHARED": "anyone_rolls",
    "BT.TRAITOR.HIDDEN.REVEAL": "powers_while_hidden",
    "BT.MON.MOVE_ROLL": "roll_at_each_turn_start",
    "BT.MON.STUN": "losing_stuns",
    "BT.MON.BASEMENT_RESCUE": "every_hero",
    "BT.WIN.FIRST": "turn_owner_wins_tie",
    "BT.WIN.DEAD_TRAITOR": "only_where_said",
}


@pytest.mark.parametrize(("rule", "option"), sorted(WORDING_ONLY.items()))
def test_wording_only_readings_are_declared_and_cited(rule, option):
    """Each wording-only reading of the second pass exists, cites the text and keeps the default's formal part."""
    readings = load_spec().rules[rule].readings["betrayal/2e"]
    assert option in readings.options
    assert readings.default != option
    view = readings.options[option]
    assert view.cites
    assert view.clauses == readings.options[readings.default].clauses


def test_wording_only_readings_keep_the_default_answers():
    """A wording-only reading changes no answer: the stunned-monster and card-stop rules answer alike under both."""
    slows = [
        decide(
            "opponent.slows",
            readings={"BT.MOVE.STUNNED_NO_SLOW": o},
            haunt_started=True,
            is_opponent=True,
            stunned_monster=True,
        ).value
        for o in ("slows_nobody", "explorers_only")
    ]
    assert slows == [False, False]
    stop = [
        decide(
            "move.step_allowed",
            readings={"BT.MOVE.CARD_STOP": o},
            mover="explorer",
            allowance=4,
            allowance_now=4,
            moved=1,
            moved_before=True,
            cost=1,
            stopped_by="card",
        ).value
        for o in ("any_draw_stops", "ignored_card_no_stop")
    ]
    assert stop == [False, False]


NO_TEXT = {"00-decisions.yaml", "17-inventory.yaml"}


@pytest.mark.parametrize("path", sorted(p.name for p in SPEC.glob("[0-1][0-9]-*.yaml") if p.name not in NO_TEXT))
def test_every_topic_file_records_the_lines_read(path):
    """Every Betrayal topic file records which lines were read for ambiguity, and what is left."""
    text = (SPEC / path).read_text(encoding="utf-8")
    assert "Ambiguity reading (issue 28, second pass)" in text
    assert "#   Read: bt2e L" in text
    assert "#   Not yet read:" in text
