"""Table tests for HeroClix powers, abilities and objects (13-powers-abilities.yaml, 14-objects.yaml)."""

from __future__ import annotations

import itertools

import pytest

from adjudicator.core.engine import RuleConflict
from adjudicator.core.expr.types import domain
from adjudicator.core.spec import load_spec
from tests.spec.support import heroclix_decide as decide

HC = "heroclix/core"


# --- power kinds and where they are described ---------------------------------------


@pytest.mark.parametrize(
    ("square", "capital", "kind"),
    [("coloured", False, "standard"), ("coloured", True, "named"), ("white_bordered", False, "special")],
)
def test_power_kind_HE_POW_ON_DIAL_NAMED(square, capital, kind):
    """HE.POW.ON_DIAL / HE.POW.NAMED / HE.POW.SPECIAL: the square and the card title give the kind."""
    assert decide("power.kind", square=square, capital_title=capital).value == kind


@pytest.mark.parametrize(
    ("kind", "where"),
    [
        ("standard", "powers_card"),
        ("named", "powers_card"),
        ("special", "character_card"),
        ("combat_ability", "powers_card"),
        ("team_ability", "team_card"),
        ("trait", "character_card"),
    ],
)
def test_described_on_HE_POW_WHERE_DESCRIBED_HE_ABIL_KINDS(kind, where):
    """HE.POW.WHERE_DESCRIBED / HE.ABIL.KINDS: where each kind of power or ability is explained."""
    assert decide("power.described_on", kind=kind).value == where


@pytest.mark.parametrize(
    ("kind", "same", "ok"),
    [("standard", True, True), ("named", True, True), ("named", False, False), ("special", True, False)],
)
def test_reference_matches_HE_POW_NAMED(kind, same, ok):
    """HE.POW.NAMED: a reference to a standard power reaches its named versions, never a special power."""
    assert decide("power.reference_matches", kind=kind, same_standard=same).value is ok


# --- holding, active, deactivating, countering -----------------------------------------


@pytest.mark.parametrize(
    ("kind", "source", "held"),
    [
        ("standard", "dial", True),
        ("combat_ability", "base_symbol", True),
        ("special", "has_text", True),
        ("standard", "can_use_text", False),
        ("team_ability", "wildcard", False),
        ("team_ability", "ata_card", True),
        ("standard", "none", False),
    ],
)
def test_held_HE_POSS(kind, source, held):
    """HE.POSS.POSSESS / HE.POSS.USE / HE.WILD.USE / HE.ATA.DEF: what counts as holding."""
    assert decide("power.held", kind=kind, source=source).value is held


@pytest.mark.parametrize(
    ("facts", "active"),
    [
        ({"kind": "standard", "circle_visible": True}, True),
        ({"kind": "standard", "circle_visible": False}, False),
        ({"kind": "standard", "circle_visible": True, "deactivated": True}, False),
        ({"kind": "special", "circle_visible": True, "countered": True}, False),
        ({"kind": "combat_ability", "on_base": True}, True),
        ({"kind": "combat_ability", "on_base": True, "deactivated": True}, False),
        ({"kind": "combat_ability", "on_base": True, "countered": True}, False),
        ({"kind": "team_ability", "on_base": True}, True),
        ({"kind": "trait", "on_base": True}, True),
    ],
)
def test_power_active_HE_POW_ACTIVE(facts, active):
    """HE.POW.ACTIVE / HE.POW.DEFAULT_ON / HE.ABIL.OPTIONAL / HE.POW.LOST_OR_COUNTERED / HE.TRAIT.DEF."""
    assert decide("power.active", **facts).value is active


@pytest.mark.parametrize(
    ("kind", "non_optional", "moment", "ok"),
    [
        ("standard", False, "action_start", True),
        ("standard", False, "during_action", False),
        ("standard", True, "action_start", False),
        ("team_ability", False, "action_start", True),
        ("trait", False, "action_start", False),
    ],
)
def test_deactivate_HE_POW_OPTIONAL(kind, non_optional, moment, ok):
    """HE.POW.OPTIONAL / HE.ABIL.OPTIONAL / HE.TRAIT.DEF: switching off only optional items at an action's start."""
    assert decide("power.deactivate_allowed", kind=kind, non_optional=non_optional, moment=moment).value is ok


@pytest.mark.parametrize(
    ("kind", "held", "uncounterable", "ok"),
    [
        ("standard", True, False, True),
        ("standard", False, False, False),
        ("combat_ability", True, False, True),
        ("combat_ability", True, True, False),
        ("team_ability", True, False, False),
        ("trait", True, False, False),
    ],
)
def test_counterable_HE_POSS_COUNTER(kind, held, uncounterable, ok):
    """HE.POSS.COUNTER / HE.ABIL.COMBAT / HE.SYM.GRANTED_REPLACE / HE.TA.NO_COUNTER / HE.TRAIT.DEF."""
    assert decide("power.counterable", kind=kind, held=held, says_uncounterable=uncounterable).value is ok


@pytest.mark.parametrize(
    ("state", "item", "lasts"),
    [
        ("in_force", "game_effect", True),
        ("countered", "game_effect", False),
        ("lost", "game_effect", False),
        ("lost", "card_marker", True),
    ],
)
def test_effect_lasts_HE_POW_LOST_OR_COUNTERED(state, item, lasts):
    """HE.POW.LOST_OR_COUNTERED: effects end with the power, card markers stay."""
    assert decide("power.effect_lasts", source_state=state, item=item).value is lasts


# --- activation --------------------------------------------------------------------------


def test_activation_needs_declaration_HE_ACT_DECLARE():
    """HE.ACT.DECLARE: an action-triggered power works only when declared for the matching action."""
    base = {"power_action": "close", "action_now": "close", "active": True}
    assert decide("power.activated", **base, declared=True).value is True
    assert decide("power.activated", **base, declared=False).value is False
    assert decide("power.activated", **{**base, "action_now": "ranged"}, declared=True).value is False


def test_charge_then_close_combat_expert_HE_ACT_TWO_ACTIVATED_POWERS():
    """HE.ACT.TWO_ACTIVATED_POWERS / HE.POW.SPECIAL_MULTI: Charge and Close Combat Expert cannot share a turn or an action."""
    base = {"power_action": "power", "action_now": "power", "active": True, "declared": True}
    assert decide("power.activated", **base, other_activated_by_this_action=True).value is False
    assert decide("power.activated", **base, other_action_power_this_turn=True).value is False
    assert decide("power.activated", **base, other_action_power_this_turn=True, free_use=True).value is True


def test_charge_then_exploit_weakness_example_reading():
    """HE.ACT.TWO_ACTIVATED_POWERS (reading example): the free close action from Charge may switch on Exploit Weakness."""
    facts = {
        "power_action": "close",
        "action_now": "close",
        "active": True,
        "declared": True,
        "other_action_power_this_turn": True,
        "action_is_free": True,
    }
    assert decide("power.activated", **facts).value is True
    literal = decide("power.activated", readings={"HE.ACT.TWO_ACTIVATED_POWERS": "literal"}, **facts)
    assert literal.value is False


def test_power_without_action_HE_POW_DEFAULT_ON():
    """HE.POW.DEFAULT_ON: a power needing no action is in use while it is active."""
    assert decide("power.activated", power_action="none", active=True).value is True
    assert decide("power.activated", power_action="none", active=False).value is False


# --- combat symbols ---------------------------------------------------------------------

SYMBOL_TABLE = {
    "boot": set(),
    "fist": set(),
    "shield": set(),
    "starburst": set(),
    "wing": {"flight", "carry"},
    "dolphin": {"swim"},
    "reversed_boot": {"carry", "move_and_attack"},
    "reversed_wing": {"carry", "move_and_attack", "flight"},
    "reversed_dolphin": {"carry", "move_and_attack", "swim"},
    "duo": {"duo_attack"},
    "sight": {"sharpshooter"},
    "crossed_shield": {"indomitable"},
    "giant": {"giant", "giant_stride"},
    "colossal": {"colossal"},
}


@pytest.mark.parametrize("symbol", sorted(SYMBOL_TABLE))
def test_symbol_abilities_HE_SYM(symbol):
    """HE.SYM.*: each combat symbol gives exactly the abilities the booklet lists."""
    dec = load_spec().decision(HC, "ability.from_symbol")
    got = {
        a for a in domain(dec.facts["ability"].type) if decide("ability.from_symbol", symbol=symbol, ability=a).value
    }
    assert got == SYMBOL_TABLE[symbol]


@pytest.mark.parametrize(
    ("granted", "otherwise", "replaces"),
    [
        ("combat_symbol", False, True),
        ("combat_symbol", True, False),
        ("team_ability", False, False),
        ("team_ability", True, True),
    ],
)
def test_granted_replaces_HE_SYM_GRANTED_REPLACE_HE_TA_GRANTED(granted, otherwise, replaces):
    """HE.SYM.GRANTED_REPLACE / HE.TA.GRANTED: granted symbols replace, granted team abilities add."""
    assert decide("ability.granted_replaces", granted=granted, says_otherwise=otherwise).value is replaces


# --- wildcards and ATA ---------------------------------------------------------------------


def test_wildcard_use_HE_WILD_USE():
    """HE.WILD.USE / HE.WILD.SWITCH / HE.WILD.ONE_PER_ACTION: switching as an action is declared."""
    assert decide("wildcard.use_allowed", held_by_friendly=True, moment="declaring").value is True
    assert decide("wildcard.use_allowed", held_by_friendly=False, moment="declaring").value is False
    assert decide("wildcard.use_allowed", held_by_friendly=True, moment="during_action").value is False
    assert decide("wildcard.use_allowed", held_by_friendly=True, other_in_use_this_action=True).value is False


def test_wildcard_legality_HE_WILD_LEGALITY():
    """HE.WILD.LEGALITY: no switch that makes an action illegal; declaration-stopping abilities need an earlier start."""
    assert decide("wildcard.use_allowed", held_by_friendly=True, makes_illegal=True).value is False
    assert decide("wildcard.use_allowed", current=True, stops_declaration=True, started_earlier=False).value is False
    assert decide("wildcard.use_allowed", current=True, stops_declaration=True, started_earlier=True).value is True


@pytest.mark.parametrize(
    ("facts", "keeps"),
    [
        ({"ever_used": False}, False),
        ({"ever_used": True}, True),
        ({"ever_used": True, "switched": True}, False),
        ({"ever_used": True, "holders_gone": True}, True),
        ({"ever_used": True, "holders_gone": True, "that_action_over": True}, False),
    ],
)
def test_wildcard_keeps_HE_WILD_PERSIST(facts, keeps):
    """HE.WILD.PERSIST / HE.WILD.ONE_PER_ACTION: what a wildcard keeps using."""
    assert decide("wildcard.keeps_ability", **facts).value is keeps


@pytest.mark.parametrize(
    ("cards", "prereqs", "ok"), [(0, False, True), (1, True, True), (1, False, False), (2, True, False)]
)
def test_ata_HE_ATA_ONE(cards, prereqs, ok):
    """HE.ATA.DEF / HE.ATA.ONE: at most one ATA card, and its prerequisites must be met."""
    assert decide("ata.legal", ata_cards=cards, prereqs_met=prereqs).value is ok


def test_ata_cost_HE_ATA_DEF():
    """HE.ATA.DEF: an ATA costs its per-character value for each character using it."""
    assert decide("tactic.points", element="ata_card", card_value=5, characters=4).value == 20


# --- objects ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("rim", "kind"), [("yellow", "light"), ("red", "heavy"), ("blue", "immobile")])
def test_object_kind_HE_OBJ_KINDS(rim, kind):
    """HE.OBJ.KINDS: the rim colour gives the object kind."""
    assert decide("object.kind", rim=rim).value == kind


@pytest.mark.parametrize(
    ("light", "heavy", "immobile", "slots", "strict"),
    [
        (1, 1, 1, True, True),
        (2, 1, 0, True, True),
        (1, 2, 0, True, True),
        (2, 2, 0, False, False),
        (1, 1, 2, False, False),
        (0, 0, 1, True, False),
        (1, 0, 0, True, False),
        (0, 0, 0, True, True),
        (3, 0, 0, False, False),
    ],
)
def test_team_objects_HE_OBJ_TEAM_LIMIT(light, heavy, immobile, slots, strict):
    """HE.OBJ.TEAM_LIMIT: three slots (light, heavy, any); the strict reading requires a light and a heavy one."""
    assert decide("object.team_legal", light=light, heavy=heavy, immobile=immobile).value is slots
    r = decide(
        "object.team_legal",
        readings={"HE.OBJ.TEAM_LIMIT": "light_and_heavy_required"},
        light=light,
        heavy=heavy,
        immobile=immobile,
    )
    assert r.value is strict


@pytest.mark.parametrize(("element", "value", "points"), [("standard_object", 9, 0), ("special_object", 9, 9)])
def test_object_cost_HE_OBJ_COST(element, value, points):
    """HE.OBJ.COST: standard objects are free, special objects cost their card value."""
    assert decide("tactic.points", element=element, card_value=value).value == points


OK_PLACE = {"object_step": True, "players_turn": True, "terrain": "clear"}


@pytest.mark.parametrize(("distance", "ok"), [(0, False), (1, True), (2, True)])
def test_standard_object_outside_start_area_HE_OBJ_PLACE(distance, ok):
    """HE.OBJ.PLACE: a standard object goes outside every starting area."""
    assert decide("object.placement_allowed", **OK_PLACE, distance_to_start_area=distance).value is ok


@pytest.mark.parametrize(("distance", "ok"), [(4, False), (5, True), (6, True)])
def test_special_object_five_squares_HE_OBJ_PLACE(distance, ok):
    """HE.OBJ.PLACE: a special object needs 5 or more squares from every starting area (T-19)."""
    assert decide("object.placement_allowed", **OK_PLACE, special=True, distance_to_start_area=distance).value is ok


@pytest.mark.parametrize(
    ("change", "ok"),
    [({}, True), ({"terrain": "hindering"}, False), ({"object_step": False}, False), ({"players_turn": False}, False)],
)
def test_placement_conditions_HE_OBJ_PLACE(change, ok):
    """HE.OBJ.PLACE: clear terrain, between steps 2 and 3, in turn."""
    assert decide("object.placement_allowed", **{**OK_PLACE, "distance_to_start_area": 3, **change}).value is ok


def test_object_setup_step_HE_OBJ_PLACE():
    """HE.OBJ.PLACE: objects are placed between setup steps 2 and 3."""
    assert decide("tactic.setup_step", element="object").value == "between_step2_and_step3"


@pytest.mark.parametrize(
    ("present", "carried", "hindering"), [(True, False, True), (True, True, False), (False, False, False)]
)
def test_object_hindering_HE_OBJ_AS_TERRAIN(present, carried, hindering):
    """HE.OBJ.AS_TERRAIN: an uncarried object makes its square hindering."""
    assert decide("object.square_hindering", object_present=present, carried=carried).value is hindering


@pytest.mark.parametrize(
    ("damage", "immobile", "outcome"),
    [
        (2, False, "intact"),
        (3, False, "removed"),
        (4, False, "removed"),
        (2, True, "intact"),
        (3, True, "removed_with_debris"),
    ],
)
def test_destroy_object_HE_OBJ_DESTROY(damage, immobile, outcome):
    """HE.OBJ.DESTROY / HE.OBJ.IMMOBILE: 3 damage destroys; only immobile objects leave debris."""
    assert decide("object.destroy_outcome", damage=damage, immobile=immobile).value == outcome


def test_no_damage_to_occupant_HE_OBJ_DESTROY():
    """HE.OBJ.DESTROY: a character sharing the square is unhurt."""
    assert decide("object.occupant_damaged", destroyed=True).value is False


@pytest.mark.parametrize(("carried", "mixed", "ok"), [(False, False, True), (False, True, False), (True, False, False)])
def test_object_target_HE_OBJ_NO_MIXED(carried, mixed, ok):
    """HE.OBJ.NO_MIXED / HE.OBJ.CARRY: no mixed targets, no targeting a carried object."""
    assert decide("object.target_allowed", carried=carried, also_targets_character=mixed).value is ok


@pytest.mark.parametrize(
    ("moved", "continuous", "applies"), [(False, False, True), (True, False, False), (True, True, True)]
)
def test_special_object_HE_OBJ_SPECIAL_CARRIED(moved, continuous, applies):
    """HE.OBJ.SPECIAL / HE.OBJ.SPECIAL_CARRIED: carried special objects lose non-continuous effects."""
    assert decide("object.special_effect_applies", carried_or_moved=moved, continuous=continuous).value is applies


PICK = {"super_strength": True, "moving_in_own_action": True, "where": "adjacent"}


@pytest.mark.parametrize(
    ("change", "ok"),
    [
        ({}, True),
        ({"where": "own_square"}, True),
        ({"where": "farther"}, False),
        ({"other_character_in_square": True}, True),
        ({"super_strength": False}, False),
        ({"moving_in_own_action": False}, False),
        ({"immobile": True}, False),
        ({"already_carrying": True}, False),
        ({"carried_by_other": True}, False),
        ({"entry_ended_move": True}, False),
        ({"entry_ended_move": True, "where": "own_square"}, True),
        ({"action_needs_no_object": True}, False),
    ],
)
def test_pick_up_HE_OBJ_PICKUP(change, ok):
    """HE.OBJ.PICKUP / HE.OBJ.PICKUP_LIMITS / HE.OBJ.IMMOBILE / HE.OBJ.CARRY."""
    assert decide("object.pick_up_allowed", **{**PICK, **change}).value is ok


@pytest.mark.parametrize(
    ("event", "result", "occupied", "fate"),
    [
        ("drop_wish", "hit", False, "carried"),
        ("carrier_ko", "hit", False, "dropped"),
        ("lost_super_strength", "hit", True, "removed"),
        ("used_in_attack", "miss", False, "removed"),
        ("used_in_attack", "evaded", False, "removed"),
    ],
)
def test_object_fate_HE_OBJ_DROP(event, result, occupied, fate):
    """HE.OBJ.CARRY / HE.OBJ.DROP / HE.OBJ.WEAPON: what becomes of a carried object (T-20)."""
    assert decide("object.fate", event=event, attack_result=result, square_has_object=occupied).value == fate


@pytest.mark.parametrize(
    ("attack", "single", "effect", "must"),
    [
        ("close", True, "standard", True),
        ("close", True, "no_damage", False),
        ("close", True, "zero_damage", False),
        ("ranged", True, "standard", False),
    ],
)
def test_must_use_HE_OBJ_CLOSE(attack, single, effect, must):
    """HE.OBJ.CLOSE / HE.OBJ.RANGED: the object must be used in a single-target close attack only."""
    assert decide("object.must_use", attack=attack, single_target=single, effect=effect).value is must


def test_must_use_multi_target_close_undecided_HE_OBJ_CLOSE():
    """HE.OBJ.CLOSE: the booklet is silent about close attacks on several targets."""
    assert decide("object.must_use", attack="close", single_target=False).status == "undecided"


@pytest.mark.parametrize(("weight", "mod"), [("light", 1), ("heavy", 2)])
def test_close_damage_mod_HE_OBJ_CLOSE(weight, mod):
    """HE.OBJ.CLOSE: light +1, heavy +2 to the damage value."""
    assert decide("object.close_damage_mod", weight=weight).value == mod


@pytest.mark.parametrize(
    ("weight", "distance", "ok"),
    [
        ("light", 7, True),
        ("light", 8, True),
        ("light", 9, False),
        ("heavy", 5, True),
        ("heavy", 6, True),
        ("heavy", 7, False),
    ],
)
def test_throw_distance_HE_OBJ_RANGED_VALUES(weight, distance, ok):
    """HE.OBJ.RANGED_VALUES: light objects reach 8 squares, heavy 6, even with range 0."""
    r = decide(
        "object.throw_allowed",
        action="ranged",
        targets=1,
        target_kind="opposing",
        weight=weight,
        distance=distance,
        range=0,
    )
    assert r.value is ok


@pytest.mark.parametrize(
    ("change", "ok"),
    [({}, True), ({"action": "close"}, False), ({"targets": 2}, False), ({"target_kind": "friendly"}, False)],
)
def test_throw_conditions_HE_OBJ_RANGED(change, ok):
    """HE.OBJ.RANGED: a ranged combat action against one opposing character."""
    base = {"action": "ranged", "targets": 1, "target_kind": "opposing", "weight": "light", "distance": 3}
    assert decide("object.throw_allowed", **{**base, **change}).value is ok


@pytest.mark.parametrize(("weight", "reach", "damage"), [("light", 8, 2), ("heavy", 6, 3)])
@pytest.mark.parametrize("own", [0, 5])
def test_throw_values_HE_OBJ_RANGED_VALUES(weight, reach, damage, own):
    """HE.OBJ.RANGED_VALUES: fixed reach and damage whatever the thrower's own values."""
    assert decide("object.throw_range", weight=weight, range=own).value == reach
    assert decide("object.throw_damage", weight=weight, damage_value=own).value == damage


# --- no conflicts ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "decision",
    [
        "power.active",
        "power.activated",
        "power.held",
        "power.counterable",
        "power.deactivate_allowed",
        "ability.from_symbol",
        "wildcard.use_allowed",
        "object.pick_up_allowed",
        "object.fate",
        "object.destroy_outcome",
        "object.team_legal",
    ],
)
def test_no_rule_conflict(decision):
    """No combination of facts makes two un-prioritised rules disagree on these decisions."""
    spec = load_spec()
    dec = spec.decision(HC, decision)
    names = list(dec.facts)
    for combo in itertools.product(*(list(domain(dec.facts[n].type)) for n in names)):
        try:
            spec.decide(HC, decision, dict(zip(names, combo, strict=True)))
        except RuleConflict as exc:  # pragma: no cover - failure path
            pytest.fail(str(exc))
