"""The ``attack`` query: legality of each target, the values compared, and the dice counted exactly."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.errors import PositionedError
from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation
from tests.support_queries import cited

BOTH = ["horrorclix/2008", "horrorclix/1e"]
OPEN_ROWS = ["........", "........", "........"]
DEFAULTS: dict[str, Any] = {"speed": 6, "attack": 9, "defense": 16, "damage": 2, "range": 0, "points": 40}


def mon(pid: str, player: int, at: str | list[str], **fields: Any) -> dict[str, Any]:
    """A monster entry with ordinary values unless ``fields`` say otherwise."""
    return {"id": pid, "type": "monster", "player": player, "at": at, **DEFAULTS, **fields}


def attack(
    tmp_path: Path,
    ruleset: str,
    pieces: list[dict[str, Any]],
    query: dict[str, Any],
    **map_fields: Any,
) -> dict[str, Any]:
    """The JSON answer to an attack query on an 8 x 3 outdoor map (``map_fields`` add walls, elevation...)."""
    objects = map_fields.pop("objects", None)
    doc: dict[str, Any] = {
        "ruleset": ruleset,
        "map": {"kind": "outdoor", "terrain": map_fields.pop("terrain", OPEN_ROWS), **map_fields},
        "pieces": pieces,
        "query": {"kind": "attack", **query},
    }
    if objects:
        doc["objects"] = objects
    path = tmp_path / "attack.yaml"
    path.write_text(json.dumps(doc), encoding="utf-8")
    spec = load_spec()
    result: dict[str, Any] = answer(spec, load_situation(path, set(spec.rulesets()))).to_json(spec)
    return result


def brute_p_hit(attack_value: int, defense: int) -> Fraction:
    """Count by hand: double 6 always hits, double 1 always misses, else the total must reach the defense."""
    hits = sum(
        1
        for a, b in product(range(1, 7), repeat=2)
        if (a, b) == (6, 6) or ((a, b) != (1, 1) and a + b + attack_value >= defense)
    )
    return Fraction(hits, 36)


# --- the 36 rolls ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("attack_value", [0, 3, 7])
@pytest.mark.parametrize("need", [1, 2, 3, 6, 7, 8, 11, 12, 13])
def test_p_hit_matches_brute_force_count(tmp_path, ruleset, attack_value, need):
    """p_hit equals a brute-force count of the 36 rolls at needed totals N-1, N, N+1 (2, 7, 12 and past them)."""
    defense = attack_value + need
    pieces = [mon("wolf", 1, "A2", attack=attack_value), mon("priest", 2, "B2", defense=defense)]
    result = attack(tmp_path, ruleset, pieces, {"piece": "wolf", "type": "close", "targets": ["priest"]})
    assert result["verdict"] == "legal"
    assert Fraction(result["outcome"]["p_hit"]["priest"]) == brute_p_hit(attack_value, defense)
    assert result["outcome"]["p_critical_hit"] == "1/36"
    assert result["outcome"]["p_critical_miss"] == "1/36"


@pytest.mark.parametrize(("need", "p_hit"), [(6, "13/18"), (7, "7/12"), (8, "5/12"), (10, "1/6"), (11, "1/12")])
def test_p_hit_known_fractions_HX_CMB_ROLL(tmp_path, need, p_hit):
    """HX.CMB.ROLL: exact fractions at familiar thresholds (26/36, 21/36, 15/36, 6/36, 3/36)."""
    pieces = [mon("wolf", 1, "A2", attack=9), mon("priest", 2, "B2", defense=9 + need)]
    result = attack(tmp_path, "horrorclix/2008", pieces, {"piece": "wolf", "type": "close", "targets": ["priest"]})
    assert result["outcome"]["p_hit"] == {"priest": p_hit}


@pytest.mark.parametrize("ruleset", BOTH)
def test_every_roll_agrees_with_the_enumeration(tmp_path, ruleset):
    """Asking each of the 36 rolls one by one gives the hits the enumeration counted."""
    pieces = [mon("wolf", 1, "A2", attack=7), mon("priest", 2, "B2", defense=15)]
    query: dict[str, Any] = {"piece": "wolf", "type": "close", "targets": ["priest"]}
    counted = Fraction(attack(tmp_path, ruleset, pieces, query)["outcome"]["p_hit"]["priest"])
    hits = sum(
        attack(tmp_path, ruleset, pieces, {**query, "roll": [a, b]})["outcome"]["hit"]["priest"]
        for a, b in product(range(1, 7), repeat=2)
    )
    assert counted == Fraction(hits, 36)


@pytest.mark.parametrize("ruleset", BOTH)
def test_damage_distribution_single_target(tmp_path, ruleset):
    """One target: clicks over 36 rolls; a double 6 adds 1 (HX.CMB.CRITHIT)."""
    pieces = [mon("wolf", 1, "A2", attack=9, damage=2), mon("priest", 2, "B2", defense=16)]
    result = attack(tmp_path, ruleset, pieces, {"piece": "wolf", "type": "close", "targets": ["priest"]})
    # 21 rolls reach 16; 20 ordinary (2 clicks), 1 double 6 (3 clicks).
    assert result["outcome"]["damage_distribution"] == {"0": "5/12", "2": "5/9", "3": "1/36"}
    assert result["outcome"]["attacker_damage_distribution"] == {"0": "35/36", "1": "1/36"}


# --- rolls given ---------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("dice", "hit"), [([3, 3], False), ([3, 4], True), ([4, 4], True)])
def test_hit_at_threshold_HX_CMB_ROLL(tmp_path, ruleset, dice, hit):
    """HX.CMB.ROLL: 9 + 6 = 15 misses defense 16, 9 + 7 = 16 and 9 + 8 = 17 hit."""
    pieces = [mon("wolf", 1, "A2", attack=9, damage=2), mon("priest", 2, "B2", defense=16)]
    result = attack(tmp_path, ruleset, pieces, {"piece": "wolf", "type": "close", "targets": ["priest"], "roll": dice})
    out = result["outcome"]
    assert out["hit"] == {"priest": hit}
    assert out["damage"] == {"priest": 2 if hit else 0}
    assert out["critical"] is None
    assert out["attacker_damage"] == 0
    assert list(out)[:6] == ["attack_value", "defense", "hit", "critical", "damage", "attacker_damage"]


@pytest.mark.parametrize("ruleset", BOTH)
def test_critical_miss_hurts_attacker_HX_CMB_CRITMISS(tmp_path, ruleset):
    """HX.CMB.CRITMISS: double 1 misses though 13 + 2 reaches 14, and the attacker takes 1."""
    pieces = [mon("wolf", 1, "A2", attack=13), mon("priest", 2, "B2", defense=14)]
    query = {"piece": "wolf", "type": "close", "targets": ["priest"], "roll": [1, 1]}
    out = attack(tmp_path, ruleset, pieces, query)["outcome"]
    assert (out["hit"], out["critical"], out["attacker_damage"]) == ({"priest": False}, "miss", 1)


@pytest.mark.parametrize("ruleset", BOTH)
def test_critical_hit_adds_one_to_each_target_HX_CMB_CRITHIT_MULTI(tmp_path, ruleset):
    """HX.CMB.CRITHIT.MULTI: both targets hit by double 6; each takes its share + 1."""
    pieces = [
        mon("witch", 1, "A2", attack=0, damage=2, range=7, targets=2),
        mon("brute", 2, "G1", defense=20),
        mon("runner", 2, "G3", defense=19),
    ]
    query = {"piece": "witch", "type": "ranged", "targets": ["brute", "runner"], "roll": [6, 6]}
    result = attack(tmp_path, ruleset, pieces, query)
    out = result["outcome"]
    assert out["hit"] == {"brute": True, "runner": True}
    assert out["damage_to_divide"] == 2
    assert out["damage_range"] == {"brute": [1, 3], "runner": [1, 3]}
    assert {"HX.CMB.CRITHIT.MULTI", "HX.MT.ONEROLL", "HX.MT.SPLIT"} <= cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("damage", "clicks", "down"), [(0, 0, []), (1, 2, ["bat"]), (2, 3, ["bat"])])
def test_shot_down_needs_one_damage_HX_SOAR_SHOTDOWN(tmp_path, ruleset, damage, clicks, down):
    """HX.SOAR.SHOTDOWN: the extra unpreventable click and the drop to hovering need at least 1 damage taken."""
    pieces = [
        mon("hunter", 1, "A2", attack=8, damage=damage, range=6),
        mon("bat", 2, "F2", defense=17, move="flight", flight="soaring"),
    ]
    query = {"piece": "hunter", "type": "ranged", "targets": ["bat"], "roll": [4, 4]}
    out = attack(tmp_path, ruleset, pieces, query)["outcome"]
    assert out["attack_value"] == 10
    assert out["damage"] == {"bat": clicks}
    assert out["knocked_down"] == down


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("flight", "value"), [(None, 10), ("hovering", 10), ("soaring", 8)])
def test_soar_bonus_only_from_below_HX_SOAR_BONUS(tmp_path, ruleset, flight, value):
    """HX.SOAR.BONUS: +2 for a grounded or hovering shooter at a soaring target, none for a soaring one."""
    shooter = mon("hunter", 1, "A2", attack=8, range=6)
    if flight:
        shooter |= {"move": "flight", "flight": flight}
    pieces = [shooter, mon("bat", 2, "F2", defense=17, move="flight", flight="soaring")]
    out = attack(tmp_path, ruleset, pieces, {"piece": "hunter", "type": "ranged", "targets": ["bat"]})["outcome"]
    assert out["attack_value"] == value


def test_attack_value_per_target_when_bonus_differs(tmp_path):
    """The +2 against a soaring target only: attack_value becomes a mapping by target."""
    pieces = [
        mon("hunter", 1, "A2", attack=8, range=6, targets=2),
        mon("bat", 2, "F1", defense=17, move="flight", flight="soaring"),
        mon("priest", 2, "F3"),
    ]
    query = {"piece": "hunter", "type": "ranged", "targets": ["bat", "priest"]}
    out = attack(tmp_path, "horrorclix/2008", pieces, query)["outcome"]
    assert out["attack_value"] == {"bat": 10, "priest": 8}


@pytest.mark.parametrize("ruleset", BOTH)
def test_hindering_adds_one_to_defense(tmp_path, ruleset):
    """HX.HIND.LOF: a line crossing hindering terrain gives the target +1 defense (a close attack does not)."""
    pieces = [mon("witch", 1, "A2", range=7), mon("runner", 2, "G2", defense=15)]
    rows = ["........", "...h....", "........"]
    out = attack(tmp_path, ruleset, pieces, {"piece": "witch", "type": "ranged", "targets": ["runner"]}, terrain=rows)
    assert out["outcome"]["defense"] == {"runner": 16}
    assert out["outcome"]["hindering"] == {"runner": True}


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("dice", "smashed"), [([3, 2], False), ([3, 3], True), ([4, 3], True)])
def test_smash_tombstone_at_13_HX_TOMB_SMASH(tmp_path, ruleset, dice, smashed):
    """HX.TOMB.SMASH: 7 + 5 = 12 leaves the tombstone, 13 and 14 smash it."""
    pieces = [mon("ghoul", 1, "B2", attack=7), mon("priest", 2, "H3")]
    query = {"piece": "ghoul", "type": "close", "targets": ["C2"], "roll": dice}
    result = attack(tmp_path, ruleset, pieces, query, objects=[{"type": "tombstone", "at": "C2"}])
    assert result["verdict"] == "legal"
    assert result["outcome"]["smashed"] == {"C2": smashed}
    assert "HX.TOMB.SMASH" in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("at", "verdict"), [("E2", "legal"), ("D2", "legal"), ("C2", "illegal"), ("D1", "illegal")])
def test_smash_portal_beside_doorway_HX_PORTAL_SMASH(tmp_path, ruleset, at, verdict):
    """HX.PORTAL.SMASH: only the two spaces on either side of the doorway (D2|E2) may smash the portal."""
    pieces = [mon("ghoul", 1, at, attack=7), mon("priest", 2, "H3")]
    query = {"piece": "ghoul", "type": "close", "targets": ["D2"], "roll": [3, 3]}
    objects = [{"type": "portal", "at": "D2", "door": "east"}]
    result = attack(tmp_path, ruleset, pieces, query, objects=objects)
    assert result["verdict"] == verdict
    assert "HX.PORTAL.SMASH" in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
def test_ranged_smash_not_allowed(tmp_path, ruleset):
    """Objects are smashed only with a close combat attack."""
    pieces = [mon("ghoul", 1, "B2", attack=7, range=4), mon("priest", 2, "H3")]
    query = {"piece": "ghoul", "type": "ranged", "targets": ["D2"], "roll": [6, 6]}
    result = attack(tmp_path, ruleset, pieces, query, objects=[{"type": "tombstone", "at": "D2"}])
    assert result["verdict"] == "illegal"


# --- legality -----------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("target_at", "verdict"), [("B2", "legal"), ("B3", "legal"), ("C2", "illegal")])
def test_close_needs_adjacency_HX_CC_ADJ(tmp_path, ruleset, target_at, verdict):
    """HX.CC.ADJ: distance 1 (side or corner) may be struck, distance 2 may not."""
    pieces = [mon("wolf", 1, "A2"), mon("priest", 2, target_at)]
    result = attack(tmp_path, ruleset, pieces, {"piece": "wolf", "type": "close", "targets": ["priest"]})
    assert result["verdict"] == verdict
    assert "HX.CC.ADJ" in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
def test_close_across_wall_HX_WALL_EFFECTS(tmp_path, ruleset):
    """A wall between two squares: not adjacent, no close attack."""
    pieces = [mon("wolf", 1, "A2"), mon("priest", 2, "B2")]
    query = {"piece": "wolf", "type": "close", "targets": ["priest"]}
    result = attack(tmp_path, ruleset, pieces, query, walls=[["A2", "B2"]])
    assert result["verdict"] == "illegal"
    assert result["outcome"]["allowed"] == {"priest": False}


def test_close_across_elevation_HX_ELEV_NOADJ(tmp_path):
    """HX.ELEV.NOADJ (2008): squares on different levels are not adjacent."""
    pieces = [mon("wolf", 1, "A2"), mon("priest", 2, "B2")]
    query = {"piece": "wolf", "type": "close", "targets": ["priest"]}
    result = attack(tmp_path, "horrorclix/2008", pieces, query, elevation=["11111111", "12111111", "11111111"])
    assert result["verdict"] == "illegal"
    assert "HX.ELEV.NOADJ" in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("mine", "theirs", "verdict"),
    [
        (None, None, "legal"),
        ("hovering", None, "legal"),
        (None, "hovering", "legal"),
        ("soaring", "soaring", "legal"),
        ("soaring", None, "illegal"),
        (None, "soaring", "illegal"),
        ("hovering", "soaring", "illegal"),
    ],
)
def test_close_flight_combinations(tmp_path, ruleset, mine, theirs, verdict):
    """HX.HOVER.CC, HX.SOAR.CC, HX.SOAR.GROUNDONLYRNG: close combat only within one flight level."""
    me, foe = mon("wolf", 1, "A2"), mon("priest", 2, "B2")
    if mine:
        me |= {"move": "flight", "flight": mine}
    if theirs:
        foe |= {"move": "flight", "flight": theirs}
    result = attack(tmp_path, ruleset, [me, foe], {"piece": "wolf", "type": "close", "targets": ["priest"]})
    assert result["verdict"] == verdict


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("target", "rule"),
    [
        ("ghost", "HX.HG.INTANGIBLE.TARGET"),
        ("imp", "HX.CMB.NOFRIEND"),
        ("camper", "HX.CMB.NOVICTIM"),
    ],
)
def test_close_forbidden_targets(tmp_path, ruleset, target, rule):
    """No close attack on an intangible monster, a friend or a victim; the forbidding rule is cited."""
    pieces = [
        mon("wolf", 1, "B2"),
        mon("ghost", 2, "A1", defense="hourglass"),
        mon("imp", 1, "C2"),
        {"id": "camper", "type": "victim", "at": "B3", "speed": 4, "face": "up"},
        mon("priest", 2, "A2"),
    ]
    result = attack(tmp_path, ruleset, pieces, {"piece": "wolf", "type": "close", "targets": [target], "roll": [6, 6]})
    assert result["verdict"] == "illegal"
    assert rule in cited(result)
    assert "hit" not in result["outcome"]


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("target", "rule"),
    [
        ("ghost", "HX.HG.INTANGIBLE.TARGET"),
        ("imp", "HX.CMB.NOFRIEND"),
        ("camper", "HX.RNG.VICTIMS"),
    ],
)
def test_ranged_forbidden_targets(tmp_path, ruleset, target, rule):
    """Ranged: no intangible, friendly or victim target."""
    pieces = [
        mon("witch", 1, "A2", range=7),
        mon("ghost", 2, "E1", defense="hourglass"),
        mon("imp", 1, "E3"),
        {"id": "camper", "type": "victim", "at": "E2", "speed": 4, "face": "up"},
    ]
    result = attack(tmp_path, ruleset, pieces, {"piece": "witch", "type": "ranged", "targets": [target]})
    assert result["verdict"] == "illegal"
    assert rule in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("target_at", "verdict"), [("E2", "legal"), ("F2", "legal"), ("G2", "illegal")])
def test_range_threshold_HX_RNG_MAX(tmp_path, ruleset, target_at, verdict):
    """HX.RNG.MAX: range 5 reaches 4 and 5 spaces, not 6."""
    pieces = [mon("witch", 1, "A2", range=5), mon("priest", 2, target_at)]
    result = attack(tmp_path, ruleset, pieces, {"piece": "witch", "type": "ranged", "targets": ["priest"]})
    assert result["verdict"] == verdict
    if verdict == "illegal":
        assert "HX.RNG.MAX" in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("bolts", "verdict"), [(1, "illegal"), (2, "legal"), (3, "legal")])
def test_bolts_cap_targets_HX_MT_BOLTS(tmp_path, ruleset, bolts, verdict):
    """HX.MT.BOLTS: two targets need two bolts (one too few, two and three enough)."""
    pieces = [mon("witch", 1, "A2", range=7, targets=bolts), mon("brute", 2, "G1"), mon("runner", 2, "G3")]
    query = {"piece": "witch", "type": "ranged", "targets": ["brute", "runner"]}
    result = attack(tmp_path, ruleset, pieces, query)
    assert result["verdict"] == verdict
    if verdict == "illegal":
        assert "HX.MT.BOLTS" in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
def test_same_target_twice_HX_MT_NODUP(tmp_path, ruleset):
    """HX.MT.NODUP: one ranged action cannot target the same monster twice."""
    pieces = [mon("witch", 1, "A2", range=7, targets=2), mon("runner", 2, "G3")]
    result = attack(tmp_path, ruleset, pieces, {"piece": "witch", "type": "ranged", "targets": ["runner", "runner"]})
    assert result["verdict"] == "illegal"
    assert "HX.MT.NODUP" in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
def test_line_of_fire_to_each_target_HX_MT_LOF(tmp_path, ruleset):
    """HX.MT.LOF: a monster standing in the line to one of two targets makes the attack illegal."""
    pieces = [
        mon("witch", 1, "A2", range=7, targets=2),
        mon("brute", 2, "G2"),
        mon("runner", 2, "E3"),
        mon("wall_of_flesh", 2, "D2"),
    ]
    result = attack(tmp_path, ruleset, pieces, {"piece": "witch", "type": "ranged", "targets": ["brute", "runner"]})
    assert result["verdict"] == "illegal"
    assert result["outcome"]["line_of_fire"] == {"brute": False, "runner": True}
    assert "HX.MT.LOF" in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("neighbour", "verdict"), [(None, "legal"), ("soaring", "legal"), ("hovering", "illegal")])
def test_ranged_while_adjacent_HX_RNG_SAMELEVEL(tmp_path, ruleset, neighbour, verdict):
    """HX.RNG.SAMELEVEL: an adjacent opposing monster at one's own level bars ranged attacks; a soaring one does not."""
    pieces = [mon("witch", 1, "A2", range=7), mon("runner", 2, "G2")]
    if neighbour:
        pieces.append(mon("bat", 2, "B1", move="flight", flight=neighbour))
    result = attack(tmp_path, ruleset, pieces, {"piece": "witch", "type": "ranged", "targets": ["runner"]})
    assert result["verdict"] == verdict


@pytest.mark.parametrize("ruleset", BOTH)
def test_shooting_into_melee_HX_RNG_ALLOWED(tmp_path, ruleset):
    """HX.RNG.ALLOWED (hx1e L608): a friend next to the target does not stop the shot."""
    pieces = [mon("dog", 1, "A2", range=6), mon("slayer", 1, "G3"), mon("vixen", 2, "G2")]
    result = attack(tmp_path, ruleset, pieces, {"piece": "dog", "type": "ranged", "targets": ["vixen"]})
    assert result["verdict"] == "legal"
    assert "HX.RNG.ALLOWED" in cited(result)


@pytest.mark.parametrize(("target_at", "verdict"), [("B2", "legal"), ("C2", "legal"), ("D2", "illegal")])
def test_giant_reach_two_spaces_HX_GIANT_REACH(tmp_path, target_at, verdict):
    """HX.GIANT.REACH: a giant strikes at 1 and 2 spaces, not 3."""
    pieces = [mon("behemoth", 1, "A2", size="giant"), mon("priest", 2, target_at)]
    result = attack(tmp_path, "horrorclix/2008", pieces, {"piece": "behemoth", "type": "close", "targets": ["priest"]})
    assert result["verdict"] == verdict


def test_giant_reach_soaring_target_HX_GIANT_SOAR(tmp_path):
    """HX.GIANT.SOAR: a giant and a soaring monster fight as if both soaring, so the giant may strike it."""
    pieces = [mon("behemoth", 1, "A2", size="giant"), mon("bat", 2, "C2", move="flight", flight="soaring")]
    result = attack(tmp_path, "horrorclix/2008", pieces, {"piece": "behemoth", "type": "close", "targets": ["bat"]})
    assert result["verdict"] == "legal"
    assert "HX.GIANT.SOAR" in cited(result)


def test_giant_in_first_edition_is_undecided(tmp_path):
    """The first edition has no giants: no rule decides a 2-space reach, and close combat needs an adjacent foe."""
    pieces = [mon("behemoth", 1, "A2", size="giant"), mon("priest", 2, "C2")]
    result = attack(tmp_path, "horrorclix/1e", pieces, {"piece": "behemoth", "type": "close", "targets": ["priest"]})
    assert result["verdict"] == "illegal"
    assert result["outcome"]["allowed"] == {"priest": None}
    assert {"HX.ETQ.ROLL", "HX.HUNT.KINDS"} <= cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
def test_two_tokens_bar_the_attack_HX_TOKEN_TWO_LOCK(tmp_path, ruleset):
    """A monster with two action tokens cannot be given the combat action at all."""
    pieces = [mon("wolf", 1, "A2", tokens=2), mon("priest", 2, "B2")]
    result = attack(
        tmp_path, ruleset, pieces, {"piece": "wolf", "type": "close", "targets": ["priest"], "roll": [4, 4]}
    )
    assert result["verdict"] == "illegal"
    assert result["outcome"]["allowed"] == {"priest": True}


# --- answer shape and errors ---------------------------------------------------------------------


def test_ranged_marks_line_and_targets(tmp_path):
    """The picture marks the targets and the line to the first target."""
    spec = load_spec()
    doc = {
        "ruleset": "horrorclix/2008",
        "map": {"kind": "outdoor", "terrain": OPEN_ROWS},
        "pieces": [mon("witch", 1, "A2", range=7), mon("runner", 2, "G2")],
        "query": {"kind": "attack", "piece": "witch", "type": "ranged", "targets": ["runner"]},
    }
    path = tmp_path / "a.yaml"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = answer(spec, load_situation(path, set(spec.rulesets())))
    assert [(ln.start, ln.end, ln.target, ln.result) for ln in result.lines] == [((0, 1), (6, 1), "runner", "clear")]
    assert result.marks["targets"] == [(6, 1)]
    assert "witc = witch (player 1)" in result.picture  # the label derived from the id, named in the legend


def test_victim_cannot_attack(tmp_path):
    """A victim token has no attack: the query is a bad situation (positioned error)."""
    pieces = [{"id": "camper", "type": "victim", "at": "A2", "speed": 4, "face": "up"}, mon("priest", 2, "B2")]
    with pytest.raises(PositionedError, match="cannot attack"):
        attack(tmp_path, "horrorclix/2008", pieces, {"piece": "camper", "type": "close", "targets": ["priest"]})


def test_square_without_object_is_not_a_target(tmp_path):
    """A square name is a target only where a portal or tombstone stands."""
    pieces = [mon("wolf", 1, "A2"), mon("priest", 2, "B2")]
    with pytest.raises(PositionedError, match="targets"):
        attack(tmp_path, "horrorclix/2008", pieces, {"piece": "wolf", "type": "close", "targets": ["C2"]})


@pytest.mark.parametrize("ruleset", BOTH)
def test_close_attack_on_two_targets_is_undecided(tmp_path, ruleset):
    """No rule gives close combat several targets: undecided, with the fallback rule cited."""
    pieces = [mon("wolf", 1, "B2"), mon("priest", 2, "A2"), mon("brute", 2, "C2")]
    query = {"piece": "wolf", "type": "close", "targets": ["priest", "brute"], "roll": [4, 4]}
    result = attack(tmp_path, ruleset, pieces, query)
    assert result["verdict"] == "undecided"
    assert "HX.ETQ.ROLL" in cited(result)


def test_self_target_is_a_bad_situation(tmp_path):
    """Naming the attacker among its own targets is rejected by the situation loader."""
    pieces = [mon("wolf", 1, "A2"), mon("priest", 2, "B2")]
    with pytest.raises(PositionedError, match="cannot target itself"):
        attack(tmp_path, "horrorclix/2008", pieces, {"piece": "wolf", "type": "close", "targets": ["priest", "wolf"]})


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("objects", "target"),
    [([{"type": "portal", "at": "D2", "door": "east"}], "D2"), ([{"type": "tombstone", "at": "D2"}], "D2")],
)
def test_critical_miss_smashes_nothing_HX_CMB_CRITMISS(tmp_path, ruleset, objects, target):
    """HX.CMB.CRITMISS: two 1s fail the attack, so a result of 11 + 2 = 13 smashes no portal or tombstone."""
    pieces = [mon("wolf", 1, "E2", attack=11), mon("priest", 2, "H3")]
    query = {"piece": "wolf", "type": "close", "targets": [target], "roll": [1, 1]}
    result = attack(tmp_path, ruleset, pieces, query, objects=objects)
    assert result["outcome"]["smashed"] == {target: False}
    assert result["outcome"]["attacker_damage"] == 1
    deciding = {step["rule"] for step in result["trace"] if step.get("deciding")}
    assert "HX.CMB.CRITMISS" in deciding


@pytest.mark.parametrize("ruleset", BOTH)
def test_critical_miss_counts_in_smash_odds_HX_CMB_CRITMISS(tmp_path, ruleset):
    """HX.CMB.CRITMISS: with attack 11 every roll reaches 13, yet the double 1 smashes nothing: 35/36."""
    pieces = [mon("wolf", 1, "E2", attack=11), mon("priest", 2, "H3")]
    query = {"piece": "wolf", "type": "close", "targets": ["D2"]}
    result = attack(tmp_path, ruleset, pieces, query, objects=[{"type": "portal", "at": "D2", "door": "east"}])
    assert result["outcome"]["p_smashed"] == {"D2": "35/36"}


@pytest.mark.parametrize("ruleset", BOTH)
def test_no_soaring_steps_for_grounded_fighters_HX_SOAR_BONUS(tmp_path, ruleset):
    """HX.SOAR.BONUS and HX.SOAR.SHOTDOWN are not cited when neither fighter soars (they do not apply)."""
    pieces = [mon("witch", 1, "B2", range=5), mon("runner", 2, "F2")]
    result = attack(
        tmp_path, ruleset, pieces, {"piece": "witch", "type": "ranged", "targets": ["runner"], "roll": [4, 4]}
    )
    assert result["verdict"] == "legal"
    assert not {"HX.SOAR.BONUS", "HX.SOAR.SHOTDOWN"} & cited(result)
