"""Table tests for the important game concepts and the value pipeline (03-concepts)."""

from __future__ import annotations

import itertools

import pytest

from adjudicator.core.expr.types import domain
from adjudicator.core.spec import load_spec
from tests.spec.support import decide_first_values as decide
from tests.spec.support import rule_ids as rules

R08 = "horrorclix/2008"
R1E = "horrorclix/1e"
BOTH = [R08, R1E]


# A monster that may otherwise be given any action: active player's, unused, no tokens.
FREE_HAND = {
    "controlled_by_active": True,
    "acted_this_turn": False,
    "actions_left": 1,
    "tokens": 0,
    "immovable": False,
    "incapable": False,
    "state": "normal",
    "went_insane_this_turn": False,
    "range": 4,
    "adjacent_same_level_opposing": True,
    "free_action_granted": True,
}


def allowed(ruleset, action, **changes):
    """action.allowed for a monster that is otherwise free to act; only 'false' rules exist, so None means allowed."""
    r = decide(ruleset, "action.allowed", action=action, **{**FREE_HAND, **changes})
    return r.value is not False


# --- actions and tokens --------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("total", "actions"), [(100, 1), (200, 2), (300, 3)])
def test_actions_per_turn_HX_ACT_BUDGET(ruleset, total, actions):
    """HX.ACT.BUDGET (W13): one action per 100 points of build total."""
    r = decide(ruleset, "turn.actions", build_total=total, hundreds=total // 100)
    assert r.value == actions


@pytest.mark.parametrize("ruleset", BOTH)
def test_unused_actions_lost_HX_ACT_NOCARRY(ruleset):
    """HX.ACT.NOCARRY: unused actions do not carry over to the next turn."""
    r = decide(ruleset, "turn.actions", build_total=200, hundreds=2, unused_last_turn=2)
    assert r.value == 2
    assert "HX.ACT.NOCARRY" in rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("left", "ok"), [(0, False), (1, True), (2, True)])
def test_no_action_left_HX_ACT_BUDGET(ruleset, left, ok):
    """HX.ACT.BUDGET: with no action left nothing but a free action can be given."""
    assert allowed(ruleset, "move", actions_left=left) is ok
    assert allowed(ruleset, "free", actions_left=left) is True


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("action", "uses", "tokens"), [("move", True, 1), ("ranged", True, 1), ("free", False, 0)])
def test_free_action_costs_nothing_HX_FREE(ruleset, action, uses, tokens):
    """HX.TOKEN.PLACE, HX.FREE.NOTOKEN, HX.FREE.NOBUDGET: a free action uses no action and leaves no token."""
    assert decide(ruleset, "action.uses_budget", action=action).value is uses
    assert decide(ruleset, "action.tokens_gained", action=action).value == tokens


@pytest.mark.parametrize("ruleset", BOTH)
def test_free_action_needs_an_effect_HX_FREE_SOURCE(ruleset):
    """HX.FREE.SOURCE: a free action exists only when an effect grants it."""
    assert allowed(ruleset, "free", free_action_granted=False) is False
    assert allowed(ruleset, "free", free_action_granted=True) is True


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("tokens", "ok"), [(1, True), (2, False)])
def test_two_tokens_lock_HX_TOKEN_TWO_LOCK(ruleset, tokens, ok):
    """HX.TOKEN.TWO.LOCK: two tokens block every action except free ones."""
    assert allowed(ruleset, "move", tokens=tokens) is ok
    assert allowed(ruleset, "close", tokens=tokens) is ok
    assert allowed(ruleset, "free", tokens=tokens) is True


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("tokens", "vulnerable"), [(0, False), (1, False), (2, True)])
def test_vulnerable_at_two_tokens_HX_VULN_DEF(ruleset, tokens, vulnerable):
    """HX.VULN.DEF: a monster with two action tokens is vulnerable."""
    assert decide(ruleset, "monster.vulnerable", tokens=tokens).value is vulnerable


@pytest.mark.parametrize(
    ("given", "token", "r08", "r1e"),
    [
        ("nothing", False, True, True),
        ("nothing", True, True, False),  # a token from an effect, no action given
        ("action", True, False, False),
        ("free_only", False, True, True),
    ],
)
def test_token_clearing_edition_diff_HX_TOKEN_CLEAR(given, token, r08, r1e):
    """HX.TOKEN.CLEAR: 2008 clears monsters given no action, 1e those that received no token."""
    facts = {"controlled_by_ending_player": True, "given": given, "token_received": token}
    assert decide(R08, "end_turn.tokens_cleared", **facts).value is r08
    assert decide(R1E, "end_turn.tokens_cleared", **facts).value is r1e


def test_token_clearing_free_only_readings_HX_TOKEN_CLEAR():
    """HX.TOKEN.CLEAR: under the literal reading a free action counts as an action given and keeps the tokens."""
    facts = {"controlled_by_ending_player": True, "given": "free_only", "token_received": False}
    assert decide(R08, "end_turn.tokens_cleared", **facts).value is True
    literal = decide(R08, "end_turn.tokens_cleared", readings={"HX.TOKEN.CLEAR": "free_counts"}, **facts)
    assert literal.value is False


@pytest.mark.parametrize("ruleset", BOTH)
def test_other_players_tokens_stay_HX_TOKEN_CLEAR(ruleset):
    """HX.TOKEN.CLEAR: only the ending player's monsters are cleared."""
    r = decide(ruleset, "end_turn.tokens_cleared", controlled_by_ending_player=False, given="nothing")
    assert r.value is False


# --- adjacency and sides --------------------------------------------------------------------

ADJ = {"same_level": True, "stair_pair": False, "wall_between": False}


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("distance", "adjacent"), [(1, True), (2, False), (3, False)])
def test_adjacent_within_one_HX_ADJ_DEF(ruleset, distance, adjacent):
    """HX.ADJ.DEF (W19): the eight touching spaces, diagonals included, are adjacent."""
    spec = load_spec()
    facts = {n: domain(f.type)[0] for n, f in spec.decision(ruleset, "adjacent.is").facts.items()}
    facts.update(ADJ, distance=distance)
    assert spec.decide(ruleset, "adjacent.is", facts).value is adjacent


@pytest.mark.parametrize("ruleset", BOTH)
def test_wall_separates_HX_ADJ_WALL(ruleset):
    """HX.ADJ.WALL: pieces on opposite sides of a wall are not adjacent."""
    spec = load_spec()
    facts = {n: domain(f.type)[0] for n, f in spec.decision(ruleset, "adjacent.is").facts.items()}
    facts.update(ADJ, distance=1, wall_between=True)
    r = spec.decide(ruleset, "adjacent.is", facts)
    assert r.value is False
    assert "HX.ADJ.DEF" not in rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("owns", [True, False])
def test_friendly_is_controlled_HX_SIDE_DEF(ruleset, owns):
    """HX.SIDE.DEF: a normal monster is friendly to the player controlling it, opposing to the others."""
    r = decide(ruleset, "control.friendly_to", state="normal", teams=False, viewer_owns=owns)
    assert r.value is owns


# --- hourglasses --------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
def test_immovable_no_move_HX_HG_IMMOVABLE(ruleset):
    """HX.HG.IMMOVABLE: no move action, attacks still allowed."""
    assert allowed(ruleset, "move", immovable=True) is False
    assert allowed(ruleset, "close", immovable=True) is True


@pytest.mark.parametrize("ruleset", BOTH)
def test_immovable_needs_no_breakaway_HX_HG_IMMOVABLE_BREAK(ruleset):
    """HX.HG.IMMOVABLE.BREAK: with only immovable foes adjacent (count 0) no roll is needed."""
    r = decide(ruleset, "breakaway.required", adjacent_opposing=0, adjacent_immovable=True, action_moves=True)
    assert r.value is False
    assert "HX.HG.IMMOVABLE.BREAK" in rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
def test_immovable_rule_idle_without_an_immovable_foe_HX_HG_IMMOVABLE_BREAK(ruleset):
    """HX.HG.IMMOVABLE.BREAK is not cited when no immovable foe is adjacent (nobody adjacent at all)."""
    r = decide(ruleset, "breakaway.required", adjacent_opposing=0, adjacent_immovable=False, action_moves=True)
    assert r.value is False
    assert "HX.HG.IMMOVABLE.BREAK" not in rules(r)


@pytest.mark.parametrize(
    ("action", "r08", "r1e"),
    [("close", False, False), ("ranged", False, False), ("move", True, False), ("free", True, False)],
)
def test_incapable_edition_diff_HX_HG_INCAPABLE(action, r08, r1e):
    """HX.HG.INCAPABLE: 2008 bars attack actions only; the first edition bars every action."""
    assert allowed(R08, action, incapable=True) is r08
    assert allowed(R1E, action, incapable=True) is r1e


@pytest.mark.parametrize("ruleset", BOTH)
def test_intangible_not_targeted_HX_HG_INTANGIBLE_TARGET(ruleset):
    """HX.HG.INTANGIBLE.TARGET: no attack, close or ranged, may target an intangible monster."""
    close = decide(ruleset, "attack.close.allowed", target_kind="opposing", adjacent=True, target_intangible=True)
    assert close.value is False
    ranged = decide(
        ruleset,
        "attack.ranged.allowed",
        target_kind="opposing",
        target_intangible=True,
        range=6,
        distance=3,
        adjacent_opposing="none",
        lof_clear=True,
        bolts=1,
        targets=1,
    )
    assert ranged.value is False


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("wall", "blocked"), [(False, False), (True, True)])
def test_intangible_does_not_block_HX_HG_INTANGIBLE_LOF(ruleset, wall, blocked):
    """HX.HG.INTANGIBLE.LOF: an intangible occupant is no obstacle; other obstacles still block."""
    r = decide(ruleset, "lof.blocked", crosses_occupied=True, blocker_intangible=True, crosses_blocking=wall)
    assert r.value is blocked


def test_intangible_damage_2008_only_HX_HG_INTANGIBLE_DMG():
    """HX.HG.INTANGIBLE.DMG: 2008 says intangible monsters can be damaged; the 1e body is silent on it."""
    r08 = decide(R08, "damage.can_be_taken", intangible=True)
    assert r08.value is True
    assert "HX.HG.INTANGIBLE.DMG" in rules(r08)
    assert "HX.HG.INTANGIBLE.DMG" not in rules(decide(R1E, "damage.can_be_taken", intangible=True))


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("mine", "hourglass", "damage"), [(True, True, 1), (True, False, 0), (False, True, 0)])
def test_hourglass_damage_HX_HG_TICK(ruleset, mine, hourglass, damage):
    """HX.HG.TICK: 1 unpreventable damage to each of the ending player's hourglass monsters."""
    r = decide(ruleset, "end_turn.hourglass_damage", controlled_by_active=mine, hourglass_state=hourglass)
    assert r.value == damage
    assert "HX.HG.TICK" in rules(r)


# --- value pipeline -------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("printed", "half"), [(4, 2), (5, 3), (6, 3), (7, 4), (1, 1), (0, 0)])
def test_halving_rounds_up_HX_ROUND_UP(ruleset, printed, half):
    """HX.ROUND.UP (T01): halving rounds fractions up (5 -> 3)."""
    assert decide(ruleset, "value.base", printed=printed, replacement="halve").value == half


@pytest.mark.parametrize("ruleset", BOTH)
def test_replacement_sets_base_HX_MOD_REPL(ruleset):
    """HX.MOD.REPL, HX.R3.REPL: a replacement may jump more than 3 from the printed value."""
    assert decide(ruleset, "value.base", printed=7, replacement="none").value == 7
    r = decide(ruleset, "value.base", printed=3, replacement="set", set_to=12)
    assert r.value == 12
    assert {"HX.MOD.REPL", "HX.R3.REPL"} <= rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("first", [True, False])
def test_replacement_before_modifier_HX_MOD_ORDER(ruleset, first):
    """HX.MOD.ORDER: the replacement applies first whatever order the effects arose in."""
    assert decide(ruleset, "value.applied_first", modifier_arose_first=first).value == "replacement"


def r3(ruleset, base, mods, readings=None, replaced=False):
    """value.rule_of_3 for an ordered list of up to three modifiers."""
    padded = [*mods, 0, 0, 0][:3]
    return decide(
        ruleset,
        "value.rule_of_3",
        readings=readings,
        base=base,
        mods=sum(padded),
        mod1=padded[0],
        mod2=padded[1],
        mod3=padded[2],
        replaced=replaced,
    )


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("mods", "value"), [([2], 5), ([3], 6), ([4], 6), ([-2], 1), ([-3], 0), ([-4], 0)])
def test_rule_of_3_bounds_HX_R3_CAP(ruleset, mods, value):
    """HX.R3.CAP (W10): a value of 3 stays within 0..6; +/-2, 3, 4 around the cap."""
    r = r3(ruleset, 3, mods)
    assert r.value == value
    assert rules(r) == {"HX.R3.CAP"}


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("base", "mods", "value"), [(1, [-1], 0), (1, [-2], 0), (2, [-1], 1)])
def test_modifier_floor_HX_MOD_FLOOR(ruleset, base, mods, value):
    """HX.MOD.FLOOR: modifiers never take a value below 0."""
    assert r3(ruleset, base, mods).value == value


@pytest.mark.parametrize("ruleset", BOTH)
def test_rule_of_3_after_replacement_W11(ruleset):
    """HX.R3.REPL (W11): replaced 3 -> 12, then +2 +2 is capped at +3: 15."""
    assert r3(ruleset, 12, [2, 2], replaced=True).value == 15


@pytest.mark.parametrize(
    ("base", "mods", "net", "running", "floor_each"),
    [
        (3, [2, 2, -3], 4, 3, 4),  # T14: order matters for the running cap
        (2, [-3, 2], 1, 2, 2),  # the 0 floor per step matters
        (3, [1, 1, 1], 6, 6, 6),  # all readings agree without crossing a bound
    ],
)
@pytest.mark.parametrize("ruleset", BOTH)
def test_rule_of_3_readings_HX_R3_CAP(ruleset, base, mods, net, running, floor_each):
    """HX.R3.CAP readings: net sum capped (default), running total capped, or 0 floor at every step."""
    assert r3(ruleset, base, mods).value == net
    assert r3(ruleset, base, mods, readings={"HX.R3.CAP": "running"}).value == running
    assert r3(ruleset, base, mods, readings={"HX.R3.CAP": "floor_each"}).value == floor_each


def test_replaced_value_exempt_reading_1e_HX_R3_REPL():
    """HX.R3.REPL: the broad 1e reading lets modifiers on a replaced value pass the cap; 2008 never does."""
    exempt = {"HX.R3.REPL": "replaced_value_exempt"}
    assert r3(R1E, 12, [2, 2], replaced=True).value == 15
    assert r3(R1E, 12, [2, 2], replaced=True, readings=exempt).value == 16
    assert r3(R1E, 12, [2, 2], replaced=False, readings=exempt).value == 15
    assert r3(R08, 12, [2, 2], replaced=True).value == 15


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("conflict", "prevails"), [("general_rule", True), ("rule_of_3", False)])
def test_rule_of_3_beats_cards_HX_R3_PRIORITY(ruleset, conflict, prevails):
    """HX.R3.PRIORITY: card text beats the general rules but never the rule of 3."""
    assert decide(ruleset, "effect.prevails", conflicts_with=conflict).value is prevails


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("during", "action_on", "attack_on", "lasts"),
    [
        ("action", True, False, True),
        ("action", False, False, False),
        ("attack", True, False, False),
        ("attack", True, True, True),
    ],
)
def test_effect_duration_HX_MOD_SCOPE(ruleset, during, action_on, attack_on, lasts):
    """HX.MOD.SCOPE.ACTION/ATTACK: effects last for the action or attack they began in."""
    r = decide(ruleset, "effect.lasts", began_during=during, action_ongoing=action_on, attack_ongoing=attack_on)
    assert r.value is lasts


@pytest.mark.parametrize("ruleset", BOTH)
def test_effect_with_own_duration_undecided_HX_MOD_SCOPE(ruleset):
    """HX.MOD.SCOPE.*: an effect that states its own duration is governed by its text."""
    assert decide(ruleset, "effect.lasts", own_duration=True).status == "undecided"


# --- transforming, in play, cabals ------------------------------------------------------------------


def test_transform_dial_edition_diff_HX_XFORM_DIAL():
    """HX.XFORM.DIAL: 2008 turns to the alternative starting line, 1e back to the starting line."""
    assert decide(R08, "transform.dial_target", card_calls_for_turn=True).value == "alternative_start_line"
    assert decide(R1E, "transform.dial_target", card_calls_for_turn=True).value == "starting_line"
    for ruleset in BOTH:
        assert decide(ruleset, "dial.skulls_kill", clicking_for_transform=True).value is False


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("element", "place", "in_play"),
    [
        ("monster", "table", True),
        ("plot_twist", "crypt", False),
        ("plot_twist", "table", True),
        ("victim", "monster_card", True),
        ("object", "removed", False),
    ],
)
def test_in_play_HX_INPLAY(ruleset, element, place, in_play):
    """HX.INPLAY.DEF/CRYPT/CARDVICTIMS/REMOVED: what is in play."""
    assert decide(ruleset, "element.in_play", element=element, place=place).value is in_play


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("shares", "friendly", "leader_in", "state", "usable"),
    [
        (True, True, True, "normal", True),
        (False, True, True, "normal", False),
        (True, False, True, "normal", False),
        (True, True, False, "normal", False),
        (True, True, True, "insane", False),
        (True, True, True, "possessed", False),
    ],
)
def test_cabal_power_HX_CABAL(ruleset, shares, friendly, leader_in, state, usable):
    """HX.CABAL.POWER/MEMBER/LEADEROUT/MENTAL: friendly symbol-sharers, leader present and sane."""
    r = decide(
        ruleset,
        "cabal.power_usable",
        shares_symbol=shares,
        friendly_to_leader=friendly,
        leader_in_play=leader_in,
        leader_state=state,
    )
    assert r.value is usable


# --- no conflicts anywhere in these decisions ---------------------------------------------------------

SMALL = [
    "action.uses_budget",
    "action.tokens_gained",
    "end_turn.tokens_cleared",
    "monster.vulnerable",
    "victim.friendly_to",
    "damage.can_be_taken",
    "value.base",
    "value.applied_first",
    "effect.prevails",
    "effect.lasts",
    "transform.dial_target",
    "dial.skulls_kill",
    "element.in_play",
    "cabal.power_usable",
    "adjacent.is",
]


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("decision", SMALL)
def test_no_conflict_over_whole_domain(ruleset, decision):
    """Every table situation allowed by the invariants is decided without a rule conflict."""
    spec = load_spec()
    dec = spec.decision(ruleset, decision)
    names = list(dec.facts)
    for values in itertools.product(*(domain(dec.facts[n].type) for n in names)):
        facts = dict(zip(names, values, strict=True))
        if all(inv.fn(facts) for inv in dec.invariants):
            spec.decide(ruleset, decision, facts)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("reading", ["net", "running", "floor_each"])
def test_rule_of_3_stays_in_bounds(ruleset, reading):
    """HX.R3.CAP: under every reading the result lies within base-3..base+3 and is never negative."""
    for base, m1, m2, m3 in itertools.product(range(0, 25, 3), range(-4, 5), range(-4, 5), range(-1, 2)):
        r = r3(ruleset, base, [m1, m2, m3], readings={"HX.R3.CAP": reading})
        assert max(0, base - 3) <= r.value <= base + 3
