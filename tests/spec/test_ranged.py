"""Table tests for ranged combat, line of fire and flying monsters in combat (spec/horrorclix/08-ranged.yaml)."""

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


# --- attack.ranged.allowed ---------------------------------------------------------------------

SHOT = {
    "target_kind": "opposing",
    "range": 4,
    "distance": 3,
    "adjacent_opposing": "none",
    "lof_clear": True,
    "bolts": 1,
    "targets": 1,
}


def shot(ruleset: str, readings: dict | None = None, **facts) -> bool:
    """Whether this ranged attack may be made (a clear shot at distance 3, range 4, unless changed)."""
    return value(ruleset, "attack.ranged.allowed", readings, **{**SHOT, **facts})


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("rng", "allowed"), [(0, False), (1, True)])
def test_rng_allowed_range_above_zero(ruleset, rng, allowed):
    """HX.RNG.ALLOWED: range 0 cannot shoot, range 1 can (target at distance 1)."""
    assert shot(ruleset, range=rng, distance=1) is allowed


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("distance", "allowed"), [(3, True), (4, True), (5, False)])
def test_rng_max(ruleset, distance, allowed):
    """HX.RNG.MAX: range 4 reaches distance 3 and 4, not 5."""
    assert shot(ruleset, distance=distance) is allowed


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("adjacent", "allowed"), [("none", True), ("same_level", False), ("other_level_only", True)])
def test_rng_samelevel(ruleset, adjacent, allowed):
    """HX.RNG.SAMELEVEL: only adjacency at the same flight level stops ranged attacks (T12)."""
    assert shot(ruleset, adjacent_opposing=adjacent) is allowed


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("facts", "allowed"),
    [
        ({"target_kind": "friendly"}, False),
        ({"target_kind": "friendly", "power_allows": True}, True),
        ({"target_kind": "self"}, False),
        ({"target_kind": "victim"}, False),
        ({"target_kind": "victim", "power_allows": True}, True),
        ({"lof_clear": False}, False),
        ({"already_targeted": True}, False),
    ],
)
def test_rng_target_restrictions(ruleset, facts, allowed):
    """HX.CMB.NOFRIEND/NOSELF, HX.RNG.VICTIMS, HX.LOF.PRE, HX.MT.NODUP: ranged target restrictions."""
    assert shot(ruleset, **facts) is allowed


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("targets", "allowed"), [(1, True), (2, True), (3, False)])
def test_mt_bolts(ruleset, targets, allowed):
    """HX.MT.BOLTS: two bolts allow one or two targets, not three."""
    assert shot(ruleset, bolts=2, targets=targets) is allowed


@pytest.mark.parametrize("ruleset", BOTH)
def test_mt_lof_each_target(ruleset):
    """HX.MT.LOF: each of several targets needs its own clear line and lies within full range."""
    assert shot(ruleset, bolts=3, targets=3, distance=4) is True
    result = decide(ruleset, "attack.ranged.allowed", **{**SHOT, "bolts": 3, "targets": 3, "lof_clear": False})
    assert result.value is False
    assert "HX.MT.LOF" in rules_of(result)


@pytest.mark.parametrize("ruleset", BOTH)
def test_rng_example_shooting_into_melee(ruleset):
    """HX.RNG.ALLOWED (W03): an enemy engaged by a friend may be shot if the attacker itself is free."""
    assert shot(ruleset, adjacent_opposing="none", distance=4) is True


def test_soar_rng_hovering_target_readings():
    """HX.SOAR.RNG: 2008 and the 1e default let a soaring monster shoot a hovering one; the plain 1e reading does not."""
    facts = {"attacker_flight": "soaring", "target_flight": "hovering"}
    assert shot(R08, **facts) is True
    assert shot(R1E, **facts) is True
    assert shot(R1E, {"HX.SOAR.RNG": "ground_only"}, **facts) is False
    assert shot(R1E, {"HX.SOAR.RNG": "ground_only"}, attacker_flight="soaring", target_flight="none") is True


@pytest.mark.parametrize("ruleset", BOTH)
def test_soar_groundonlyrng_ranged_allowed(ruleset):
    """HX.SOAR.GROUNDONLYRNG: a grounded monster may shoot a soaring one."""
    assert shot(ruleset, attacker_flight="none", target_flight="soaring") is True


# --- counting, rolls, damage split ----------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("spaces", "distance"), [(2, 1), (3, 2), (5, 4)])
def test_rng_count_excludes_attacker(ruleset, spaces, distance):
    """HX.RNG.COUNT: the attacker's own space is not counted."""
    assert value(ruleset, "range.distance", spaces_on_route=spaces) == distance


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("targets", [1, 2, 3])
def test_mt_oneroll(ruleset, targets):
    """HX.MT.ONEROLL: one attack roll whatever the number of targets (W26)."""
    assert value(ruleset, "attack.rolls", targets=targets) == 1


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("assigned", "missed", "valid"), [(3, False, False), (4, False, True), (5, False, False), (4, True, False)]
)
def test_mt_split(ruleset, assigned, missed, valid):
    """HX.MT.SPLIT: damage 4 must be assigned in full, and only to targets that were hit."""
    assert value(ruleset, "damage.split_valid", damage=4, assigned_total=assigned, to_missed_target=missed) is valid


# --- grounded against soaring -----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("kind", "attacker", "target", "bonus"),
    [
        ("ranged", "none", "soaring", 2),
        ("ranged", "hovering", "soaring", 2),
        ("ranged", "soaring", "soaring", 0),
        ("ranged", "none", "hovering", 0),
        ("close", "none", "soaring", 0),
    ],
)
def test_soar_bonus(ruleset, kind, attacker, target, bonus):
    """HX.SOAR.BONUS: +2 only for a grounded attacker's ranged attack on a soaring target (W28)."""
    assert (
        value(ruleset, "attack.soar_bonus", attack_kind=kind, attacker_flight=attacker, target_flight=target) == bonus
    )


def test_soar_bonus_1e_plain_reading():
    """HX.SOAR.BONUS: under the plain 1e reading of "au sol" a hovering attacker gets no +2."""
    facts = {"attack_kind": "ranged", "attacker_flight": "hovering", "target_flight": "soaring"}
    assert value(R1E, "attack.soar_bonus", {"HX.SOAR.BONUS": "ground_only"}, **facts) == 0
    assert (
        value(R1E, "attack.soar_bonus", {"HX.SOAR.BONUS": "ground_only"}, **{**facts, "attacker_flight": "none"}) == 2
    )


SHOTDOWN = {"attack_kind": "ranged", "attacker_flight": "none", "target_flight": "soaring", "hit": True}


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("taken", "extra"), [(0, 0), (1, 1), (2, 1)])
def test_soar_shotdown_threshold(ruleset, taken, extra):
    """HX.SOAR.SHOTDOWN: 1 extra unpreventable damage and a drop to hovering only if at least 1 damage was taken."""
    assert value(ruleset, "damage.knockdown_extra", **{**SHOTDOWN, "damage_taken": taken}) == extra
    assert value(ruleset, "flight.knocked_down", **{**SHOTDOWN, "damage_taken": taken}) is (extra == 1)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    "change", [{"hit": False, "damage_taken": 0}, {"attacker_flight": "soaring"}, {"attack_kind": "close"}]
)
def test_soar_shotdown_not_applicable(ruleset, change):
    """HX.SOAR.SHOTDOWN: no shot-down on a miss, from a soaring attacker, or in close combat."""
    assert value(ruleset, "damage.knockdown_extra", **{**SHOTDOWN, "damage_taken": 1, **change}) == 0


def test_soar_shotdown_1e_plain_reading():
    """HX.SOAR.SHOTDOWN: under the plain 1e reading a hovering attacker does not shoot the target down."""
    facts = {**SHOTDOWN, "attacker_flight": "hovering", "damage_taken": 2}
    assert value(R1E, "damage.knockdown_extra", **facts) == 1
    assert value(R1E, "damage.knockdown_extra", {"HX.SOAR.SHOTDOWN": "ground_only"}, **facts) == 0


# --- lof.blocked ------------------------------------------------------------------------------------------


def lof(ruleset: str, readings: dict | None = None, **facts) -> bool:
    """Whether the line is blocked (every other fact neutral)."""
    return value(ruleset, "lof.blocked", readings, **facts)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("facts", "blocked"),
    [
        ({}, False),
        ({"crosses_occupied": True}, True),
        ({"between_adjacent_pair": True}, True),
        ({"crosses_blocking": True}, True),
        ({"crosses_occupied": True, "blocker_soaring": True}, False),
        ({"crosses_occupied": True, "blocker_soaring": True, "end_soaring": True, "attacker_soaring": True}, True),
        ({"crosses_occupied": True, "end_soaring": True, "attacker_soaring": True}, False),
        ({"crosses_blocking": True, "end_soaring": True, "attacker_soaring": True}, False),
        ({"io_mismatch": True, "end_soaring": True, "attacker_soaring": True}, True),
        ({"io_mismatch": True, "end_soaring": True}, True),
    ],
)
def test_lof_table(ruleset, facts, blocked):
    """HX.LOF.OCC/BLOCKTER/BETWEEN/LAYER.*, HX.LOF.SOAR.IGNORE, HX.IO.LOF: basic line-of-fire cases."""
    assert lof(ruleset, **facts) is blocked


def test_lof_soar_ignore_target_end_differs():
    """HX.LOF.SOAR.IGNORE: blocking terrain is ignored on a line to a soaring target in 2008, not in 1e."""
    facts = {"crosses_blocking": True, "end_soaring": True, "attacker_soaring": False}
    assert lof(R08, **facts) is False
    assert lof(R1E, **facts) is True


def test_lof_victim_on_line_to_soaring_target_differs():
    """HX.LOF.SOAR.IGNORE: a victim in the way of a grounded attacker's shot at a soaring target blocks only in 1e."""
    facts = {"crosses_occupied": True, "blocker_victim": True, "end_soaring": True}
    assert lof(R08, **facts) is False
    assert lof(R1E, **facts) is True


@pytest.mark.parametrize("ruleset", BOTH)
def test_lof_layer_ground_on_soaring_line(ruleset):
    """HX.LOF.LAYER.GROUND: a grounded monster does not block a grounded attacker's line to a soaring target."""
    assert lof(ruleset, crosses_occupied=True, end_soaring=True) is False


def test_lof_occ_1e_victim_readings():
    """HX.LOF.OCC: in 1e a victim in the way blocks by default; the literal monsters-only reading lets the line through."""
    facts = {"crosses_occupied": True, "blocker_victim": True}
    assert lof(R08, **facts) is True
    assert lof(R1E, **facts) is True
    assert lof(R1E, {"HX.LOF.OCC": "monsters_only"}, **facts) is False
    assert lof(R1E, {"HX.LOF.OCC": "monsters_only"}, **facts, crosses_blocking=True) is True
