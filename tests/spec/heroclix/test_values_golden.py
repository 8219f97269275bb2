"""Table tests for HeroClix adjacency, values and the Golden Rules (03-values-golden)."""

from __future__ import annotations

import pytest

from adjudicator.core.expr.types import domain
from adjudicator.core.spec import load_spec
from tests.spec.support import rule_ids as rules

HC = "heroclix/core"
HX = "horrorclix/2008"


def decide(decision, readings=None, ruleset=HC, **facts):
    """Decide with every fact not given set to the first value of its type."""
    spec = load_spec()
    dec = spec.decision(ruleset, decision)
    full = {name: domain(fact.type)[0] for name, fact in dec.facts.items()}
    full.update(facts)
    return spec.decide(ruleset, decision, full, readings)


# --- adjacency ------------------------------------------------------------------------

ADJ_PLAIN = {
    "wall_between": False,
    "same_level": True,
    "stair_pair": False,
    "blocking_between": False,
    "same_piece": False,
    "across_multibase": False,
}


@pytest.mark.parametrize(("distance", "expected"), [(1, True), (2, False), (3, False)])
def test_he_adj_squares_distance(distance, expected):
    """HE.ADJ.SQUARES: touching squares (diagonals included) are adjacent, farther ones are not."""
    result = decide("adjacent.is", **{**ADJ_PLAIN, "distance": distance})
    assert result.value is expected
    assert "HE.ADJ.SQUARES" in rules(result)


def test_he_adj_across_blocking():
    """HE.ADJ.ACROSS_BLOCKING: movement-blocking terrain between touching squares breaks adjacency."""
    result = decide("adjacent.is", **{**ADJ_PLAIN, "distance": 1, "blocking_between": True})
    assert result.value is False
    assert rules(result) == {"HE.ADJ.ACROSS_BLOCKING"}


def test_he_adj_wall_agrees_with_blocking():
    """HE.ADJ.ACROSS_BLOCKING and the wall rule agree: a wall between touching squares, no adjacency."""
    result = decide("adjacent.is", **{**ADJ_PLAIN, "distance": 1, "blocking_between": True, "wall_between": True})
    assert result.value is False


def test_he_adj_self():
    """HE.ADJ.SELF: a character is never adjacent to itself or to its own square."""
    assert decide("adjacent.is", **{**ADJ_PLAIN, "distance": 1, "same_piece": True}).value is False


# --- modifier or replacement -------------------------------------------------------------


@pytest.mark.parametrize(
    ("wording", "kind"),
    [
        ("modify", "modifier"),
        ("becomes", "replacement"),
        ("instead_of", "replacement"),
        ("halved", "replacement"),
        ("doubled", "replacement"),
        ("locked", "replacement"),
    ],
)
def test_he_val_mod_repl_kind(wording, kind):
    """HE.VAL.MOD / HE.VAL.REPL / HE.VAL.LOCK_IGNORE: the wording tells a modifier from a replacement."""
    assert decide("value.effect_kind", wording=wording).value == kind


# --- value.base: replacement, doubling, rounding --------------------------------------------


def test_he_val_repl_none_and_set():
    """HE.VAL.REPL: no replacement keeps the printed value; a set replacement gives its value."""
    assert decide("value.base", printed=9, replacement="none", set_to=0).value == 9
    assert decide("value.base", printed=9, replacement="set", set_to=16).value == 16


def test_he_val_repl_double():
    """HE.VAL.REPL: doubling is a replacement (HeroClix only)."""
    assert decide("value.base", printed=7, replacement="double", set_to=0).value == 14


@pytest.mark.parametrize(("printed", "up", "down"), [(8, 4, 4), (9, 5, 4), (10, 5, 5), (1, 1, 0)])
def test_he_val_round_halving(printed, up, down):
    """HE.VAL.ROUND: a halved odd value rounds its half up by default, down under the other reading."""
    assert decide("value.base", printed=printed, replacement="halve", set_to=0).value == up
    other = decide("value.base", readings={"HE.VAL.ROUND": "half_down"}, printed=printed, replacement="halve", set_to=0)
    assert other.value == down


def test_he_gold_replace_then_modify():
    """HE.GOLD.REPLACE_THEN_MODIFY: replacements first, in the order the character's controller picks."""
    assert decide("value.applied_first", modifier_arose_first=True).value == "replacement"
    assert decide("effect.order_chooser", effects="replacement_values").value == "character_controller"


def test_he_time_simultaneous():
    """HE.TIME.SIMULTANEOUS: the active player orders simultaneous effects."""
    assert decide("effect.order_chooser", effects="simultaneous").value == "active_player"


# --- rule of three and minimums --------------------------------------------------------------

R3 = {"locked": False, "locked_to": 0, "minimum": 0}


@pytest.mark.parametrize(
    ("base", "mods", "expected"),
    [
        (9, 2, 11),
        (9, 3, 12),
        (9, 4, 12),
        (9, -2, 7),
        (9, -3, 6),
        (9, -4, 6),
        (9, 9, 12),
        (9, -9, 6),
    ],
)
def test_he_gold_rule_of_three_clamps_sum(base, mods, expected):
    """HE.GOLD.RULE_OF_THREE: the sum of modifiers is held to +3 / -3 (thresholds 2, 3, 4 each way)."""
    assert decide("value.rule_of_3", base=base, mods=mods, **R3).value == expected


def test_he_gold_rule_of_three_sum_not_each():
    """HE.GOLD.RULE_OF_THREE: +2 +2 -2 is a sum of +2, so 9 becomes 11 (T-02)."""
    assert decide("value.rule_of_3", base=9, mods=2 + 2 - 2, **R3).value == 11


def test_he_gold_rule_of_three_after_replacement():
    """HE.GOLD.RULE_OF_THREE_REPL: defense 16 becoming 10, +4 of modifiers, gives 13 (T-03)."""
    base = decide("value.base", printed=16, replacement="set", set_to=10).value
    assert base == 10
    assert decide("value.rule_of_3", base=base, mods=4, **R3).value == 13


def test_rule_of_three_same_as_horrorclix_without_extras():
    """HE.GOLD.RULE_OF_THREE matches HorrorClix's default net cap when no lock or minimum applies."""
    for base, mods in [(3, 5), (3, -5), (2, -3), (0, 2), (12, -1)]:
        hero = decide("value.rule_of_3", base=base, mods=mods, **R3).value
        horror = decide("value.rule_of_3", ruleset=HX, base=base, mods=mods, replaced=False, mod1=mods, mod2=0, mod3=0)
        assert hero == horror.value


@pytest.mark.parametrize(("base", "mods", "expected"), [(3, -2, 1), (3, -3, 0), (2, -3, 0), (1, -3, 0)])
def test_he_gold_min_zero(base, mods, expected):
    """HE.GOLD.MIN_ZERO: a result below zero is zero (2 - 3 gives 0, T-06)."""
    assert decide("value.rule_of_3", base=base, mods=mods, **R3).value == expected


def test_he_gold_min_zero_trace():
    """HE.GOLD.MIN_ZERO overrides the rule of three only when the total is negative."""
    assert rules(decide("value.rule_of_3", base=2, mods=-3, **R3)) == {"HE.GOLD.MIN_ZERO"}
    assert rules(decide("value.rule_of_3", base=3, mods=-3, **R3)) == {"HE.GOLD.RULE_OF_THREE"}


@pytest.mark.parametrize(
    ("base", "mods", "expected"), [(5, -2, 4), (5, -1, 4), (5, 0, 5), (3, 0, 4), (4, 0, 4), (6, -3, 4)]
)
def test_he_gold_min_stated(base, mods, expected):
    """HE.GOLD.MIN_STATED: with a stated minimum of 4, a total of 3 becomes 4; 4 and 5 stay."""
    assert decide("value.rule_of_3", base=base, mods=mods, **{**R3, "minimum": 4}).value == expected


def test_he_gold_min_stated_beats_zero():
    """HE.GOLD.MIN_STATED: a total below zero with a minimum of 2 gives 2, not 0."""
    assert decide("value.rule_of_3", base=1, mods=-3, **{**R3, "minimum": 2}).value == 2


def test_he_val_lock_ignores_modifiers():
    """HE.VAL.LOCK_ONLY / HE.VAL.LOCK_IGNORE: a locked value ignores modifiers."""
    result = decide("value.rule_of_3", base=9, mods=3, locked=True, locked_to=5, minimum=0)
    assert result.value == 5
    assert rules(result) == {"HE.VAL.LOCK_IGNORE", "HE.VAL.LOCK_ONLY"}


@pytest.mark.parametrize(
    ("locked_to", "minimum", "expected"), [(-1, 0, 0), (0, 0, 0), (1, 0, 1), (2, 3, 3), (3, 3, 3), (4, 3, 4)]
)
def test_he_gold_min_locked(locked_to, minimum, expected):
    """HE.GOLD.MIN_LOCKED: a locked value below zero or a minimum is raised to it (T-05)."""
    assert (
        decide("value.rule_of_3", base=9, mods=2, locked=True, locked_to=locked_to, minimum=minimum).value == expected
    )


def test_he_val_lock_duration():
    """HE.VAL.LOCK_DURATION: a lock lasts as long as the locking action, unless stated otherwise."""
    assert decide("value.lock_lasts", locking_action_ongoing=True, own_duration=False).value is True
    assert decide("value.lock_lasts", locking_action_ongoing=False, own_duration=False).value is False
    assert decide("value.lock_lasts", locking_action_ongoing=False, own_duration=True).status == "undecided"


# --- precedence, occupancy, action tokens ----------------------------------------------------------


def test_he_gold_precedence():
    """HE.GOLD.PRECEDENCE: card text beats the booklet but never a Golden Rule."""
    assert decide("effect.prevails", conflicts_with="general_rule").value is True
    assert decide("effect.prevails", conflicts_with="golden_rule").value is False


@pytest.mark.parametrize(
    ("facts", "expected"),
    [
        ({"breaks_rule": False, "only_part": False, "effect": "other", "passes_through": False}, "apply"),
        ({"breaks_rule": True, "only_part": False, "effect": "other", "passes_through": False}, "forbidden"),
        ({"breaks_rule": True, "only_part": True, "effect": "other", "passes_through": False}, "ignore_part"),
        ({"breaks_rule": True, "only_part": False, "effect": "placement", "passes_through": False}, "another_square"),
        ({"breaks_rule": True, "only_part": True, "effect": "movement", "passes_through": False}, "another_square"),
        ({"breaks_rule": True, "only_part": False, "effect": "movement", "passes_through": True}, "stop_before"),
    ],
)
def test_he_gold_occupancy(facts, expected):
    """HE.GOLD.OCCUPANCY_*: forbidden, part ignored, another square, or stop before entering."""
    assert decide("occupancy.resolution", **facts).value == expected


@pytest.mark.parametrize(
    ("occupant", "terrain", "expected"),
    [
        ("none", "clear", True),
        ("friendly", "clear", False),
        ("opposing", "hindering", False),
        ("none", "blocking", False),
    ],
)
def test_he_gold_occupancy_move_end(occupant, terrain, expected):
    """HE.GOLD.OCCUPANCY_FORBID forbids occupied or blocking ends; HE.MOVE.SPEED allows an empty square."""
    result = decide("move.can_end", mover="character", occupant=occupant, object="none", terrain=terrain)
    assert result.value is expected


ACTING = {
    "controlled_by_active": True,
    "acted_this_turn": False,
    "actions_left": 2,
    "immovable": False,
    "incapable": False,
    "range": 0,
    "adjacent_same_level_opposing": False,
    "basics": False,
    "free_action_granted": True,
}


@pytest.mark.parametrize(("tokens", "expected"), [(0, True), (1, True), (2, False)])
def test_he_gold_action_tokens_third_token(tokens, expected):
    """HE.GOLD.ACTION_TOKENS forbids a third token; below two HE.ACT.GIVE lets the move be given."""
    result = decide("action.allowed", **{**ACTING, "action": "move", "gives_token": True, "tokens": tokens})
    assert result.value is expected


def test_he_gold_action_tokens_free_effect_with_token():
    """HE.GOLD.ACTION_TOKENS: even a granted free action is barred if it would add a third token."""
    result = decide("action.allowed", **{**ACTING, "action": "free", "gives_token": True, "tokens": 2})
    assert result.value is False
    assert "HE.GOLD.ACTION_TOKENS" in rules(result)


def test_he_gold_action_tokens_free_without_token():
    """HE.GOLD.ACTION_TOKENS: a free action that adds no token stays open at two tokens."""
    result = decide("action.allowed", **{**ACTING, "action": "free", "gives_token": False, "tokens": 2})
    assert result.value is True


@pytest.mark.parametrize(("tokens", "added", "expected"), [(0, 1, 1), (1, 1, 2), (2, 1, 2), (1, 2, 2), (0, 2, 2)])
def test_he_gold_action_tokens_cap(tokens, added, expected):
    """HE.GOLD.ACTION_TOKENS: no effect leaves more than two tokens on a character."""
    assert decide("tokens.after", tokens=tokens, added=added).value == expected
