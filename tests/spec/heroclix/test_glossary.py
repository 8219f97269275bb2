"""Table tests for the HeroClix glossary (16-glossary.yaml) and the HeroClix inventory ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.core.coverage import cited_lines
from adjudicator.core.spec import load_spec
from tests.conftest import ROOT
from tests.spec.support import heroclix_decide as decide
from tests.spec.support import rule_ids as rules

HC = "heroclix/core"
REFERENCE = ROOT.parent / "shared" / "reference" / "heroclix.md"
GLOSSARY = (2404, 2885)


# --- inventory and coverage -------------------------------------------------------------------


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference is not beside the project")
def test_every_heroclix_inventory_id_is_accounted_for() -> None:
    """Every HE id of the inventory tables is a spec rule or a merged record."""
    text = Path(REFERENCE).read_text(encoding="utf-8")
    ids = set(re.findall(r"^\| (HE\.[A-Z0-9_.]+) \|", text, re.MULTILINE))
    assert len(ids) == 358
    spec = load_spec()
    merged = {m.id for m in spec.merged}
    assert sorted(i for i in ids if i not in spec.rules and i not in merged) == []


def test_heroclix_merged_targets_exist() -> None:
    """Every HeroClix merge points at rules that exist and is not itself a rule."""
    spec = load_spec()
    for m in spec.merged:
        if m.id.startswith("HE."):
            assert m.id not in spec.rules
            assert all(target in spec.rules for target in m.into)


def test_glossary_lines_are_all_covered() -> None:
    """Every non-blank line of the glossary (hc L2404-2885) is cited by a rule or listed as non-rule text."""
    spec = load_spec()
    if not spec.seeds_available:
        pytest.skip("seed texts are not available")
    source = next(s for s in spec.sources_of(HC) if s.id == "hc")
    by_rules, nonrule = cited_lines(spec, "hc")
    first, last = GLOSSARY
    wanted = {n for n in source.nonblank_lines() if first <= n <= last}
    assert sorted(wanted - by_rules - nonrule) == []


def test_glossary_restatements_show_with_the_body_rule() -> None:
    """HE.GLOSS.HIT: the glossary's hit entry is cited alongside HE.DMG.ROLL in a trace."""
    result = decide("attack.hits", attack=8, defense=16, die1=4, die2=4)
    step = next(s for s in result.trace if s.rule == "HE.DMG.ROLL")
    assert any(c.first == 2842 and c.last == 2844 for c in step.also)


# --- readings: the body stays the default ------------------------------------------------------


@pytest.mark.parametrize(
    ("symbols", "body", "glossary"),
    [(0, False, False), (1, True, False), (2, True, False), (3, True, True)],
)
def test_ko_three_symbols_reading_HE_KO_GLOSS(symbols, body, glossary):
    """HE.KO.GLOSS: the body KOs at one KO symbol, the glossary reading at three (2/3 boundary)."""
    assert decide("character.killed", ko_symbols=symbols).value is body
    assert decide("character.killed", {"HE.KO.WHEN": "glossary"}, ko_symbols=symbols).value is glossary


@pytest.mark.parametrize(
    ("change", "body", "glossary"),
    [("increase", True, False), ("reduce", False, False), ("evade", False, False), ("transfer", False, False)],
)
def test_unavoidable_damage_modified_reading_HE_DMG_UNAVOIDABLE_GLOSS(change, body, glossary):
    """HE.DMG.UNAVOIDABLE_GLOSS: only the glossary reading also bars increasing unavoidable damage."""
    facts = {"damage_kind": "unavoidable", "change": change, "effect": "standard"}
    assert decide("damage.change_allowed", **facts).value is body
    assert decide("damage.change_allowed", {"HE.DMG.UNAVOIDABLE": "glossary"}, **facts).value is glossary


@pytest.mark.parametrize(
    ("facts", "body", "glossary"),
    [
        ({"obstacle": "none", "map_edge": True}, 0, 1),
        ({"obstacle": "none", "map_edge": False}, 0, 0),
        ({"obstacle": "blocking", "map_edge": False}, 1, 1),
        ({"obstacle": "elevated_edge", "map_edge": False}, 2, 2),
    ],
)
def test_knockback_damage_map_edge_reading_HE_KB_DMG_GLOSS(facts, body, glossary):
    """HE.KB.DMG_GLOSS: the glossary reading adds 1 knockback damage at the map edge; walls and falls unchanged."""
    assert decide("knockback.damage", **facts).value == body
    assert decide("knockback.damage", {"HE.KB.BLOCKED": "glossary"}, **facts).value == glossary


def test_knockback_blocked_distance_kept_under_glossary_HE_KB_DMG_GLOSS():
    """HE.KB.DMG_GLOSS: a wall 2 squares along a 3-square path still stops the character after 1 square."""
    facts = {"damage_taken": 3, "obstacle": "blocking", "obstacle_at": 2}
    assert decide("knockback.distance", **facts).value == 1
    assert decide("knockback.distance", {"HE.KB.BLOCKED": "glossary"}, **facts).value == 1


@pytest.mark.parametrize(
    ("kind", "source", "body", "glossary"),
    [
        ("standard", "dial", True, True),
        ("combat_ability", "base_symbol", True, True),
        ("standard", "has_text", True, False),
        ("combat_ability", "has_text", True, False),
        ("team_ability", "has_text", True, True),
        ("standard", "can_use_text", False, False),
        ("standard", "none", False, False),
    ],
)
def test_holding_printed_only_reading_HE_POSS_GLOSS(kind, source, body, glossary):
    """HE.POSS.GLOSS: under the glossary reading a power granted by another card text is not held."""
    assert decide("power.held", kind=kind, source=source).value is body
    assert decide("power.held", {"HE.POSS.POSSESS": "glossary"}, kind=kind, source=source).value is glossary


@pytest.mark.parametrize(
    ("required", "received", "attack", "body", "glossary"),
    [
        ("close", "none", "close", False, True),
        ("close", "close", "close", True, True),
        ("close", "none", "ranged", False, False),
        ("ranged", "ranged", "ranged", True, True),
        ("ranged", "close", "close", False, False),
    ],
)
def test_attack_is_an_action_reading_HE_GLOS_ATTACK(required, received, attack, body, glossary):
    """HE.GLOS.ATTACK: a free close attack allows a close-action effect only under the glossary reading."""
    facts = {"required": required, "received": received, "attack": attack}
    assert decide("effect.usable_with_attack", **facts).value is body
    readings = {"HE.CMB.ATTACK_NOT_ACTION": "glossary"}
    assert decide("effect.usable_with_attack", readings, **facts).value is glossary


# --- glossary-only rules --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "names", "allowed"),
    [("evade", False, False), ("evade", True, True), ("reduce", False, False), ("transfer", True, True)],
)
def test_pushing_damage_cannot_be_evaded_HE_PUSH_GLOSS(change, names, allowed):
    """HE.PUSH.GLOSS: pushing damage resists evasion too, unless the effect names pushing damage."""
    result = decide("pushing.change_allowed", change=change, names_pushing=names)
    assert result.value is allowed
    assert "HE.PUSH.GLOSS" in rules(result)


@pytest.mark.parametrize(
    ("max_copies", "unique_copies", "legal"),
    [(1, 0, True), (2, 0, True), (3, 1, True), (2, 2, False)],
)
def test_copies_of_non_unique_figures_HE_TEAM_COPIES(max_copies, unique_copies, legal):
    """HE.TEAM.COPIES: several copies of a non-Unique figure are legal; two copies of a Unique are not."""
    result = decide(
        "army.legal",
        build_total=300,
        army_cost=300,
        characters=4,
        max_copies=max_copies,
        unique_copies=unique_copies,
        unique_versions=unique_copies,
    )
    assert result.value is legal


def test_copies_rule_respects_build_total_HE_TEAM_COPIES():
    """HE.TEAM.COPIES: copies do not excuse going 1 point over the build total."""
    result = decide("army.legal", build_total=300, army_cost=301, characters=3, max_copies=3)
    assert result.value is False


@pytest.mark.parametrize(
    ("die1", "die2", "double"), [(4, 4, True), (1, 1, True), (6, 6, True), (4, 5, False), (1, 2, False)]
)
def test_double_HE_CRIT_GLOSS(die1, die2, double):
    """HE.CRIT.GLOSS: a double is both dice showing the same number."""
    assert decide("dice.double", die1=die1, die2=die2).value is double


@pytest.mark.parametrize(("die1", "die2", "kind"), [(1, 1, "miss"), (6, 6, "hit"), (5, 5, "none"), (6, 5, "none")])
def test_glossary_criticals_agree_with_body(die1, die2, kind):
    """HE.GLOSS.CRITICAL_MISS / HE.GLOSS.CRITICAL_HIT restate the body: only double 1 and double 6 are critical."""
    assert decide("critical.kind", die1=die1, die2=die2).value == kind


@pytest.mark.parametrize(("modifiers", "unmodified"), [(0, True), (1, False), (2, False)])
def test_unmodified_value_HE_VAL_UNMODIFIED(modifiers, unmodified):
    """HE.VAL.UNMODIFIED: any modifier at all, even two that cancel out, makes the value modified."""
    assert decide("value.unmodified", modifiers=modifiers).value is unmodified


@pytest.mark.parametrize(
    ("removal", "may_return"),
    [("removed_from_battlefield", True), ("removed_from_game", False), ("ko", False), ("defeated", False)],
)
def test_removed_from_battlefield_or_game_HE_KO_TERMS(removal, may_return):
    """HE.KO.TERMS: only an element removed from the battlefield (not from the game) may come back."""
    assert decide("element.may_return", removal=removal).value is may_return


@pytest.mark.parametrize(
    ("controls", "teams", "teammate", "friendly"),
    [(True, False, False, True), (False, True, True, True), (False, True, False, False), (False, False, False, False)],
)
def test_teammates_characters_are_friendly_HE_GEN_FRIENDLY_TEAMMATE(controls, teams, teammate, friendly):
    """HE.GEN.FRIENDLY_TEAMMATE: a teammate's characters are friendly, an opponent's are not."""
    result = decide(
        "control.friendly_to", viewer_controls=controls, teams=teams, viewer_teammate_of_controller=teammate
    )
    assert result.value is friendly


@pytest.mark.parametrize(("agree", "before", "ok"), [(True, True, True), (False, True, False), (True, False, False)])
def test_scenario_needs_approval_before_play_HE_EVENT_SCENARIO(agree, before, ok):
    """HE.EVENT.SCENARIO: every player approves a scenario, and before the game begins."""
    assert decide("scenario.agreement_ok", all_agree=agree, before_game=before).value is ok


@pytest.mark.parametrize(("spaces", "legal"), [(5, True), (6, True), (7, False)])
def test_move_action_up_to_speed_HE_BA_MOVE_ACTION_GLOSS(spaces, legal):
    """HE.BA.MOVE_ACTION_GLOSS: a move action covers up to speed squares (speed 6: 5, 6 legal; 7 not)."""
    result = decide("move.distance_legal", speed=6, spaces=spaces)
    assert result.value is legal
