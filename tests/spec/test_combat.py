"""Table tests for combat, frenzy and the hourglass phase (spec/horrorclix/07-combat.yaml, 09-hourglass.yaml)."""

from __future__ import annotations

import pytest

from adjudicator.core.spec import load_spec
from tests.spec.support import neutral_facts

R08 = "horrorclix/2008"
R1E = "horrorclix/1e"
BOTH = [R08, R1E]


def neutral(ruleset: str, decision: str) -> dict:
    """Every fact of the decision at a neutral value."""
    return neutral_facts(ruleset, decision)


def decide(ruleset: str, decision: str, readings: dict | None = None, **facts):
    """Decide with every other fact at its neutral value; return the result."""
    given = {**neutral(ruleset, decision), **facts}
    return load_spec().decide(ruleset, decision, given, readings)


def value(ruleset: str, decision: str, readings: dict | None = None, **facts):
    """The decided value."""
    result = decide(ruleset, decision, readings, **facts)
    assert result.status in {"decided", "default"}, result
    return result.value


def rules_of(result) -> set[str]:
    """Rule ids in a result's trace."""
    return {step.rule for step in result.trace}


# --- HX.CMB.ROLL, HX.CMB.CRITMISS, HX.CMB.CRITHIT ------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("dice", "hits"), [((4, 5), False), ((4, 6), True), ((5, 6), True)])
def test_cmb_roll_threshold(ruleset, dice, hits):
    """HX.CMB.ROLL: attack 7 vs defense 17 needs a total of 17 (dice 9 miss, 10 and 11 hit)."""
    assert value(ruleset, "attack.hits", attack=7, defense=17, die1=dice[0], die2=dice[1]) is hits


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("defense", "hits"), [(11, True), (12, True), (13, False)])
def test_cmb_roll_defense_minus_equal_plus(ruleset, defense, hits):
    """HX.CMB.ROLL: total 12 hits defense 11 and 12 but not 13."""
    assert value(ruleset, "attack.hits", attack=5, defense=defense, die1=3, die2=4) is hits


@pytest.mark.parametrize("ruleset", BOTH)
def test_cmb_critmiss_overrides_total(ruleset):
    """HX.CMB.CRITMISS: double 1 misses even when the total beats the defense."""
    result = decide(ruleset, "attack.hits", attack=20, defense=0, die1=1, die2=1)
    assert result.value is False
    assert "HX.CMB.CRITMISS" in rules_of(result)
    assert value(ruleset, "critical.kind", die1=1, die2=1) == "miss"


@pytest.mark.parametrize("ruleset", BOTH)
def test_cmb_crithit_overrides_total(ruleset):
    """HX.CMB.CRITHIT: double 6 hits even against a defense the total cannot reach."""
    result = decide(ruleset, "attack.hits", attack=0, defense=25, die1=6, die2=6)
    assert result.value is True
    assert "HX.CMB.CRITHIT" in rules_of(result)
    assert value(ruleset, "critical.kind", die1=6, die2=6) == "hit"
    assert value(ruleset, "attack.hits", attack=0, defense=25, die1=6, die2=5) is False


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("dice", [(1, 2), (3, 4), (5, 6), (2, 1)])
def test_cmb_roll_no_critical(ruleset, dice):
    """HX.CMB.ROLL: a roll that is not double 1 or double 6 is no critical."""
    assert value(ruleset, "critical.kind", die1=dice[0], die2=dice[1]) == "none"


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("dice", "effect", "damage"),
    [((1, 1), "standard", 1), ((1, 2), "standard", 0), ((1, 1), "no_damage", 0), ((1, 1), "zero_damage", 1)],
)
def test_cmb_critmiss_damage_to_attacker(ruleset, dice, effect, damage):
    """HX.CMB.CRITMISS, HX.CMB.NODMG, HX.CMB.ZERODMG: 1 damage to the attacker on double 1, none for no-damage attacks."""
    assert value(ruleset, "damage.to_attacker", die1=dice[0], die2=dice[1], effect=effect) == damage


# --- damage ------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("facts", "damage"),
    [
        ({"base": 3}, 3),
        ({"base": 3, "mods": 1}, 4),
        ({"base": 2, "mods": -3}, 0),
        ({"base": 3, "critical_hit": True}, 4),
        ({"base": 3, "critical_hit": True, "effect": "no_damage"}, 0),
        ({"base": 3, "mods": 2, "effect": "no_damage"}, 0),
        ({"effect": "zero_damage"}, 0),
        ({"effect": "zero_damage", "mods": 1}, 1),
        ({"effect": "zero_damage", "critical_hit": True}, 1),
        ({"base": 0, "split": True, "critical_hit": True}, 1),
        ({"base": 2, "split": True}, 2),
    ],
)
def test_cmb_damage_table(ruleset, facts, damage):
    """HX.CMB.DAMAGE, HX.CMB.CRITHIT(.MULTI), HX.CMB.NODMG, HX.CMB.ZERODMG: damage dealt to one target."""
    assert value(ruleset, "damage.dealt", **facts) == damage


@pytest.mark.parametrize("ruleset", BOTH)
def test_cmb_crithit_multi_each_target(ruleset):
    """HX.CMB.CRITHIT.MULTI: a hit target given a 0 share still takes the critical +1."""
    result = decide(ruleset, "damage.dealt", base=0, split=True, critical_hit=True)
    assert result.value == 1
    assert "HX.CMB.CRITHIT.MULTI" in rules_of(result)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("facts", "allowed"),
    [
        ({"change": "increase"}, True),
        ({"change": "reduce"}, True),
        ({"change": "increase", "effect": "no_damage"}, False),
        ({"change": "reduce", "effect": "no_damage"}, False),
        ({"change": "increase", "effect": "zero_damage"}, True),
        ({"change": "reduce", "unpreventable": True}, False),
        ({"change": "prevent", "unpreventable": True}, False),
        ({"change": "transfer", "unpreventable": True}, False),
    ],
)
def test_cmb_change_allowed_common(ruleset, facts, allowed):
    """HX.CMB.DAMAGE, HX.CMB.NODMG, HX.CMB.ZERODMG, HX.CMB.UNPREV: which changes to damage are allowed."""
    assert value(ruleset, "damage.change_allowed", **facts) is allowed


def test_cmb_unprev_increase_differs():
    """HX.CMB.UNPREV: 2008 forbids only reducing or passing on; 1e also forbids any modification."""
    assert value(R08, "damage.change_allowed", unpreventable=True, change="increase") is True
    assert value(R1E, "damage.change_allowed", unpreventable=True, change="increase") is False


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("clicks_to_start", "healed"), [(2, 2), (3, 3), (4, 3)])
def test_cmb_healcap(ruleset, clicks_to_start, healed):
    """HX.CMB.HEALCAP: healing 3 stops at the starting line (2, 3 or 4 clicks away)."""
    assert value(ruleset, "heal.clicks", healing=3, clicks_to_start=clicks_to_start) == healed


@pytest.mark.parametrize("ruleset", BOTH)
def test_cmb_heal_card_allows(ruleset):
    """HX.CMB.HEAL: a card that allows it heals past the starting line."""
    assert value(ruleset, "heal.clicks", healing=3, clicks_to_start=1, card_allows_past_start=True) == 3


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("skulls", "killed"), [(2, False), (3, True)])
def test_cmb_kill(ruleset, skulls, killed):
    """HX.CMB.KILL: three skulls kill, two do not."""
    assert value(ruleset, "monster.killed", skulls=skulls) is killed


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("cause", "allowed"), [("damage", True), ("healing", True), ("rule", True), ("other", False)])
def test_cmb_dialturn(ruleset, cause, allowed):
    """HX.CMB.DIALTURN: the dial turns only for damage, healing or an explicit rule."""
    assert value(ruleset, "dial.turn_allowed", cause=cause) is allowed


# --- targets and close combat -----------------------------------------------------------------

CLOSE_OK = {"target_kind": "opposing", "adjacent": True}


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("facts", "allowed"),
    [
        ({}, True),
        ({"adjacent": False}, False),
        ({"target_kind": "friendly"}, False),
        ({"target_kind": "friendly", "power_allows": True}, True),
        ({"target_kind": "self"}, False),
        ({"target_kind": "victim"}, False),
        ({"target_kind": "victim", "power_allows": True}, False),
        ({"attacker_flight": "hovering", "target_flight": "soaring"}, False),
        ({"attacker_flight": "hovering", "target_flight": "none"}, True),
        ({"attacker_flight": "soaring", "target_flight": "hovering"}, False),
        ({"attacker_flight": "soaring", "target_flight": "none"}, False),
        ({"attacker_flight": "soaring", "target_flight": "soaring"}, True),
    ],
)
def test_cc_targets(ruleset, facts, allowed):
    """HX.CC.ADJ, HX.CMB.NOFRIEND/NOSELF/NOVICTIM, HX.HOVER.CC, HX.SOAR.CC: close combat targets."""
    assert value(ruleset, "attack.close.allowed", **{**CLOSE_OK, **facts}) is allowed


def test_hover_cc_hovering_target_readings():
    """HX.HOVER.CC: 2008 lets a hovering monster strike a hovering one; 1e default agrees, the plain 1e reading does not."""
    facts = {**CLOSE_OK, "attacker_flight": "hovering", "target_flight": "hovering"}
    assert value(R08, "attack.close.allowed", **facts) is True
    assert value(R1E, "attack.close.allowed", **facts) is True
    assert value(R1E, "attack.close.allowed", {"HX.HOVER.CC": "ground_only"}, **facts) is False


def test_soar_groundonlyrng_close_differs():
    """HX.SOAR.GROUNDONLYRNG: 2008 forbids a grounded monster to strike a soaring one; the 1e text has no such rule."""
    facts = {**CLOSE_OK, "attacker_flight": "none", "target_flight": "soaring"}
    assert value(R08, "attack.close.allowed", **facts) is False
    assert value(R1E, "attack.close.allowed", **facts) is True


# --- frenzy ----------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
def test_frenzy_who(ruleset):
    """HX.FRENZY.WHO: only a blooded monster may frenzy."""
    assert value(ruleset, "frenzy.declare_allowed", blooded=True, declared_at="move_start") is True
    assert value(ruleset, "frenzy.declare_allowed", blooded=False, declared_at="move_start") is False


def test_frenzy_declare_timing_differs():
    """HX.FRENZY.DECLARE: 2008 requires declaring before any break-away roll; 1e sets no timing."""
    assert value(R08, "frenzy.declare_allowed", blooded=True, declared_at="after_breakaway_roll") is False
    assert value(R1E, "frenzy.declare_allowed", blooded=True, declared_at="after_breakaway_roll") is True


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    "facts",
    [
        {"still_blooded": True},
        {"still_blooded": True, "breakaway_failed": True},
        {"still_blooded": True, "slew_victim": True},
    ],
)
def test_frenzy_close_allowed(ruleset, facts):
    """HX.FRENZY.SEQ, HX.FRENZY.FAILBREAK, HX.FRENZY.SLAY: the free close attack remains available (W07, W08)."""
    assert value(ruleset, "frenzy.close_allowed", **facts) is True


def test_frenzy_stillblooded_differs():
    """HX.FRENZY.STILLBLOODED: 2008 cancels the attack when no longer blooded; 1e has no such rule."""
    assert value(R08, "frenzy.close_allowed", still_blooded=False) is False
    assert value(R1E, "frenzy.close_allowed", still_blooded=False) is True


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("attacked", [False, True])
def test_frenzy_token_and_cost(ruleset, attacked):
    """HX.FRENZY.TOKEN, HX.FRENZY.SEQ: one token and one action, attack or not."""
    assert value(ruleset, "frenzy.tokens", attacked=attacked) == 1
    assert value(ruleset, "frenzy.actions_used", attacked=attacked) == 1


@pytest.mark.parametrize(("activated", "ok"), [(0, True), (1, True), (2, False)])
def test_frenzy_onepower(activated, ok):
    """HX.FRENZY.ONEPOWER: at most one Cleaver power for the frenzy's attack (2008 only)."""
    assert value(R08, "frenzy.cleaver_powers_ok", activated=activated) is ok


def test_frenzy_onepower_absent_in_1e():
    """HX.FRENZY.ONEPOWER: the 1e text sets no limit, so the question stays undecided."""
    assert decide(R1E, "frenzy.cleaver_powers_ok", activated=2).status == "undecided"


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("facts", "base"),
    [
        ({"damage_value": 4}, 4),
        ({"damage_value": 4, "frenzy": True}, 1),
        ({"damage_value": 4, "frenzy": True, "replaced": True, "replacement": 5}, 5),
        ({"damage_value": 4, "replaced": True, "replacement": 2}, 2),
    ],
)
def test_frenzy_dmg(ruleset, facts, base):
    """HX.FRENZY.DMG, HX.FRENZY.SLASH (W06): frenzy damage is 1 unless a power replaces it."""
    assert value(ruleset, "damage.base", **facts) == base


def test_frenzy_slash_readings_same_outcome():
    """HX.FRENZY.SLASH: the 1e translator's name query changes no outcome."""
    facts = {"damage_value": 4, "frenzy": True, "replaced": True, "replacement": 6}
    for reading in ("english_name", "french_name"):
        assert value(R1E, "damage.base", {"HX.FRENZY.SLASH": reading}, **facts) == 6


# --- hourglass phase ----------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("controlled", "acted", "removed"), [(True, False, True), (True, True, False), (False, False, False)]
)
def test_hgp_tokens(ruleset, controlled, acted, removed):
    """HX.HGP.STEPS: tokens come off the active player's monsters that were given no action."""
    assert (
        value(ruleset, "end_turn.remove_tokens", controlled_by_active=controlled, given_action_this_turn=acted)
        is removed
    )


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("controlled", "hourglass", "damage"), [(True, True, 1), (True, False, 0), (False, True, 0)])
def test_hgp_damage(ruleset, controlled, hourglass, damage):
    """HX.HGP.STEPS: 1 unpreventable damage to each of the active player's monsters in an hourglass state."""
    assert (
        value(ruleset, "end_turn.hourglass_damage", controlled_by_active=controlled, hourglass_state=hourglass)
        == damage
    )
