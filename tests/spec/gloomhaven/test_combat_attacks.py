"""Table tests for attacks, the modifier deck and defence (10-attacks, 11-modifier-deck, 12-defence)."""

from __future__ import annotations

import pytest

from adjudicator.core.expr.compile import Value
from tests.spec.gloomhaven.combat_support import decide, value
from tests.spec.support import rule_ids as rules

# --- melee or ranged, range ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stated", "area", "generated", "kind"),
    [
        (0, "none", False, "melee"),
        (3, "none", False, "ranged"),
        (0, "grey", False, "melee"),
        (2, "no_grey", False, "ranged"),
        (0, "none", True, "ranged"),
    ],
)
def test_attack_kind_GH_ATK_MELEE(stated: int, area: str, generated: bool, kind: str) -> None:
    """GH.ATK.MELEE, GH.ATK.RANGED, GH.ATK.AOE.MELEE, GH.ATK.AOE.RANGED, GH.ATK.RANGED_DERIVED."""
    assert value("attack.kind", stated_range=stated, area=area, generated_by_ranged=generated) == kind


@pytest.mark.parametrize(("distance", "ok"), [(1, True), (2, False)])
def test_melee_reach_GH_ATK_MELEE(distance: int, ok: bool) -> None:
    """GH.ATK.MELEE: melee reaches range 1 only."""
    assert value("attack.in_range", kind="melee", distance=distance) is ok


@pytest.mark.parametrize(("distance", "ok"), [(2, True), (3, True), (4, False)])
def test_ranged_reach_GH_ATK_RANGED(distance: int, ok: bool) -> None:
    """GH.ATK.RANGED: Range 3 reaches 2 and 3, not 4 (Y-1, Y, Y+1)."""
    assert value("attack.in_range", kind="ranged", distance=distance, range=3) is ok


def test_melee_area_hexes_in_range_GH_ATK_AOE_MELEE() -> None:
    """GH.ATK.AOE.MELEE [FAQ]: a red hex of a grey-hex area is in range even two hexes away."""
    r = decide("attack.in_range", kind="melee", distance=2, area_hex=True)
    assert r.value is True
    assert rules(r) == {"GH.ATK.AOE.MELEE"}


@pytest.mark.parametrize(("placed", "ok"), [(True, True), (False, False)])
def test_ranged_area_placement_GH_ATK_AOE_RANGED(placed: bool, ok: bool) -> None:
    """GH.ATK.AOE.RANGED: every red hex is in range once one hex of the area is."""
    assert (
        value("attack.in_range", kind="ranged", distance=9, range=3, area_hex=True, area_placed_in_range=placed) is ok
    )


# --- whom an attack may target --------------------------------------------------------------------

BASE: dict[str, Value] = {"target": "enemy", "in_range": True, "in_los": True}


@pytest.mark.parametrize(
    ("facts", "ok", "rule"),
    [
        ({}, True, "GH.ATK.RANGED"),
        ({"in_los": False}, False, "GH.ATK.RANGED"),
        ({"in_range": False}, False, "GH.ATK.RANGED"),
        ({"disarmed": True}, False, "GH.ATK.DISARMED"),
        ({"stunned": True}, False, "GH.COND.STUN"),
        ({"invisible": True}, False, "GH.COND.INVISIBLE"),
        ({"already_attacked": True}, False, "GH.ATK.SAME_TARGET_ONCE"),
        ({"target": "obstacle_with_hp"}, True, "GH.ATK.RANGED"),
        ({"target": "obstacle"}, False, "GH.ATK.OBSTACLE_HP"),
        ({"target": "ally"}, False, "GH.MON.NO_ALLY_TARGET"),
    ],
)
def test_target_allowed(facts: dict[str, Value], ok: bool, rule: str) -> None:
    """GH.ATK.*: an enemy in range and sight, unless disarmed, stunned, invisible or already attacked."""
    r = decide("attack.target_allowed", **{**BASE, **facts})
    assert r.value is ok
    assert rule in rules(r)


def test_repeat_allowed_GH_ATK_SAME_TARGET_ONCE() -> None:
    """GH.ATK.SAME_TARGET_ONCE: an ability that says so may attack the same enemy again."""
    assert value("attack.target_allowed", **BASE, already_attacked=True, repeat_allowed=True) is True


@pytest.mark.parametrize(
    ("area", "enemies", "z", "add", "count"),
    [
        (False, 0, 1, False, 1),
        (False, 0, 3, False, 3),
        (False, 0, 2, True, 3),
        (True, 4, 1, False, 4),
        (True, 4, 1, True, 5),
    ],
)
def test_targets_max_GH_ATK_MULTI(area: bool, enemies: int, z: int, add: bool, count: int) -> None:
    """GH.ATK.MULTI, GH.ATK.AOE.HEXES, GH.ATK.ADD_TARGET: one target, Z, every enemy in the area, +1."""
    assert value("attack.targets_max", area=area, area_enemies=enemies, target_z=z, add_target=add) == count


# --- the attack's value and the modifier draw --------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "adj", "poisoned", "v"), [(3, 0, False, 3), (3, 0, True, 4), (2, 1, True, 4), (1, -3, False, 0)]
)
def test_attack_value_GH_ATK_POISON(base: int, adj: int, poisoned: bool, v: int) -> None:
    """GH.ATK.ADJUST, GH.ATK.POISON: adjustments then +1 on a poisoned target, never below 0."""
    assert value("attack.value", base=base, adjustments=adj, poisoned=poisoned) == v


@pytest.mark.parametrize(
    ("adv", "dis", "mode"),
    [(False, False, "single"), (True, True, "single"), (True, False, "best_of_two"), (False, True, "worst_of_two")],
)
def test_draw_mode_GH_AMD_NEUTRAL(adv: bool, dis: bool, mode: str) -> None:
    """GH.AMD.NEUTRAL, GH.AMD.ADV, GH.AMD.DIS: advantage and disadvantage cancel."""
    assert value("amd.draw_mode", advantage=adv, disadvantage=dis) == mode


@pytest.mark.parametrize(
    ("facts", "adv", "dis"),
    [
        ({"strengthened": True}, True, None),
        ({"muddled": True}, None, True),
        ({"kind": "ranged", "target_adjacent": True}, None, True),
        ({"kind": "melee", "target_adjacent": True}, None, False),
        ({"kind": "ranged", "target_adjacent": False}, None, False),
    ],
)
def test_advantage_sources(facts: dict[str, Value], adv: bool | None, dis: bool | None) -> None:
    """GH.COND.STRENGTHEN, GH.COND.MUDDLE, GH.ATK.RANGED_ADJ (GH.EX.26: a grey-hex area is melee, no disadvantage)."""
    if adv is not None:
        assert value("attack.has_advantage", **facts) is adv
    if dis is not None:
        assert value("attack.has_disadvantage", **facts) is dis


@pytest.mark.parametrize(
    ("mode", "rolling", "applied"),
    [
        ("single", 0, "all_drawn"),
        ("single", 1, "all_drawn"),
        ("best_of_two", 0, "better"),
        ("best_of_two", 1, "other_plus_rolling"),
        ("best_of_two", 2, "all_drawn"),
        ("worst_of_two", 0, "worse"),
        ("worst_of_two", 1, "non_rolling_only"),
        ("worst_of_two", 2, "last_only"),
    ],
)
def test_rolling_cards(mode: str, rolling: int, applied: str) -> None:
    """GH.AMD.ADV.ROLL1/ROLL2, GH.AMD.DIS.ROLL1/ROLL2 (GH.EX.07, GH.EX.08, GH.EX.09)."""
    assert value("amd.applied", mode=mode, rolling=rolling) == applied


# The FAQ's comparisons, written as the damage each card gives an Attack 2 and its effect.
STUN1 = (3, "stun")
PLUS1 = (3, "")
STUN0 = (2, "stun")
PLUS2 = (4, "")
FIRE1 = (3, "fire")
MUDDLE0 = (2, "muddle")
STUN2 = (4, "stun")


def pair(first: tuple[int, str], second: tuple[int, str]) -> dict[str, Value]:
    """The comparison facts of two cards, each (damage given, effect or "")."""
    return {
        "dmg_first": first[0],
        "dmg_second": second[0],
        "effect_first": first[1] != "",
        "effect_second": second[1] != "",
        "same_effect": first[1] != "" and first[1] == second[1],
    }


@pytest.mark.parametrize(
    ("first", "second", "verdict"),
    [
        (STUN1, PLUS1, "first_better"),
        (STUN1, STUN0, "first_better"),
        (PLUS1, STUN1, "second_better"),
        (STUN0, PLUS2, "ambiguous"),
        (STUN1, FIRE1, "ambiguous"),
        (MUDDLE0, STUN2, "ambiguous"),
        (STUN0, PLUS1, "ambiguous"),
        (PLUS1, PLUS1, "equal"),
    ],
)
def test_faq_comparisons_GH_AMD_AMBIGUOUS(first: tuple[int, str], second: tuple[int, str], verdict: str) -> None:
    """GH.AMD.AMBIGUOUS, GH.EX.01-06: the summary's own examples."""
    assert value("amd.compare", **pair(first, second)) == verdict


@pytest.mark.parametrize(
    ("first", "second", "adv", "dis"),
    [
        (STUN1, PLUS1, "first", "second"),
        (PLUS1, STUN1, "second", "first"),
        (STUN0, PLUS2, "first", "first"),
        (PLUS1, PLUS2, "second", "first"),
    ],
)
def test_pick_ambiguity_takes_first_GH_AMD_ADV(
    first: tuple[int, str], second: tuple[int, str], adv: str, dis: str
) -> None:
    """GH.AMD.ADV, GH.AMD.DIS: the better (worse) card; when ambiguous, the first drawn."""
    assert value("amd.pick", mode="best_of_two", **pair(first, second)) == adv
    assert value("amd.pick", mode="worst_of_two", **pair(first, second)) == dis


@pytest.mark.parametrize(
    ("card", "add", "result"),
    [("plus", 1, 5), ("plus", -2, 2), ("times_two", 0, 8), ("bless", 0, 8), ("null_card", 0, 0), ("curse", 0, 0)],
)
def test_card_damage(card: str, add: int, result: int) -> None:
    """GH.AMD.NEUTRAL, GH.AMD.BLESS, GH.AMD.NULL, GH.AMD.CURSE on an attack of 4."""
    assert value("amd.card_damage", value=4, card=card, add=add) == result


def test_minus_card_never_below_zero_GH_AMD_NEUTRAL() -> None:
    """GH.AMD.NEUTRAL: a -2 on an attack of 1 gives 0."""
    assert value("amd.card_damage", value=1, card="plus", add=-2) == 0


@pytest.mark.parametrize(("card", "goes"), [("plain", "discard"), ("bless", "removed"), ("curse", "removed")])
def test_after_draw_GH_AMD_DISCARD(card: str, goes: str) -> None:
    """GH.AMD.DISCARD: Bless and Curse leave the deck."""
    assert value("amd.after_draw", card=card) == goes


@pytest.mark.parametrize("drew", [True, False])
def test_round_reshuffle_GH_AMD_ROUND_RESHUFFLE(drew: bool) -> None:
    """GH.AMD.ROUND_RESHUFFLE: only a deck that gave x2 or Null is reshuffled."""
    assert value("amd.reshuffle_at_round_end", drew_times_two_or_null=drew) is drew


# --- shield, pierce, retaliate -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("after", "shield", "pierce", "taken"),
    [(5, 2, 0, 3), (5, 2, 1, 4), (5, 2, 2, 5), (5, 2, 3, 5), (1, 3, 0, 0), (8, 1, 0, 7)],
)
def test_shield_pierce_GH_DEF_PIERCE(after: int, shield: int, pierce: int, taken: int) -> None:
    """GH.DEF.SHIELD, GH.DEF.PIERCE (pierce 1/2/3 on shield 2); GH.EX.23: (3+1)x2 - 1 = 7."""
    assert value("shield.damage_taken", after_card=after, shield=shield, pierce=pierce) == taken


def test_worked_example_23_chain() -> None:
    """GH.EX.23: attack 3 on a poisoned target, x2 drawn, Shield 1: 7 damage."""
    v = value("attack.value", base=3, poisoned=True)
    after = value("amd.card_damage", value=v, card="times_two")
    assert value("shield.damage_taken", after_card=after, shield=1) == 7


@pytest.mark.parametrize(
    ("source", "reduces"),
    [("attack", True), ("retaliate", False), ("suffer_damage", False), ("trap_or_hazard", False), ("wound", False)],
)
def test_shield_reduces_attacks_only_GH_DEF_RETALIATE_NOT_ATTACK(source: str, reduces: bool) -> None:
    """GH.ATK.DEF, GH.DEF.SHIELD, GH.DEF.RETALIATE.NOT_ATTACK: Shield reduces attacks only."""
    assert value("shield.reduces", source=source) is reduces


@pytest.mark.parametrize(
    ("source", "started", "turn_over", "round_over", "active"),
    [
        ("monster_ability_card", False, False, False, False),
        ("monster_ability_card", True, False, False, True),
        ("monster_ability_card", True, True, False, True),
        ("monster_ability_card", True, True, True, False),
        ("monster_stat_card", False, False, False, True),
        ("modifier_card", True, False, False, True),
        ("modifier_card", True, False, True, False),
        ("round_bonus", True, False, False, True),
        ("round_bonus", True, False, True, False),
    ],
)
def test_shield_active(source: str, started: bool, turn_over: bool, round_over: bool, active: bool) -> None:
    """GH.DEF.SHIELD.MON_CARD/MON_STAT/AMD, GH.MON.ACTIVE_BONUS (round reading), GH.BONUS.ROUND."""
    facts: dict[str, Value] = {
        "source": source,
        "started": started,
        "monster_turn_over": turn_over,
        "round_over": round_over,
    }
    assert value("shield.active", **facts) is active


def test_monster_bonus_turn_reading_GH_MON_ACTIVE_BONUS() -> None:
    """GH.MON.ACTIVE_BONUS, reading turn: the card's Shield ends with the monster's own turn."""
    facts: dict[str, Value] = {"source": "monster_ability_card", "started": True, "monster_turn_over": True}
    assert value("shield.active", {"GH.MON.ACTIVE_BONUS": "turn"}, **facts) is False
    assert value("shield.active", {"GH.MON.ACTIVE_BONUS": "round"}, **facts) is True


@pytest.mark.parametrize("bonus", ["shield", "retaliate"])
def test_stunned_keeps_bonuses(bonus: str) -> None:
    """GH.DEF.SHIELD.STUNNED, GH.DEF.RETALIATE.STUNNED [FAQ]."""
    assert value("shield.stun_blocks", bonus=bonus) is False


@pytest.mark.parametrize(
    ("stated", "distance", "survived", "damage"),
    [(0, 1, True, 2), (0, 2, True, 0), (3, 2, True, 2), (3, 3, True, 2), (3, 4, True, 0), (0, 1, False, 0)],
)
def test_retaliate_GH_DEF_RETALIATE(stated: int, distance: int, survived: bool, damage: int) -> None:
    """GH.DEF.RETALIATE, GH.DEF.RETALIATE.DEAD: range 1 by default, Range Y if stated; not from the dead."""
    facts: dict[str, Value] = {
        "retaliate": 2,
        "stated_range": stated,
        "distance": distance,
        "defender_survived": survived,
    }
    assert value("shield.retaliate_damage", **facts) == damage


@pytest.mark.parametrize(("damage", "killed", "apply"), [(0, False, True), (3, False, True), (5, True, False)])
def test_effects_apply_GH_ATK_EFFECTS_AT_ZERO(damage: int, killed: bool, apply: bool) -> None:
    """GH.ATK.EFFECTS_AT_ZERO, GH.ATK.KILL: effects even at 0 damage, none on a killed target."""
    assert value("attack.effects_apply", damage=damage, target_killed=killed) is apply
