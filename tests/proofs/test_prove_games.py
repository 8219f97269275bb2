"""``prove`` on Gloomhaven and Betrayal: each property proved on the real spec, refuted on a broken copy.

The broken copies are the real spec folder with a few rules' formulas changed
(:data:`BREAKS`); every property of the game's tables must be refuted there
under the default readings, so a property that cannot fail fails this test.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from adjudicator.core.spec import Spec, default_spec_dir, load_spec_uncached
from proofs import check, prove, prove_games, prove_values
from proofs.report import Finding

RULESETS = {"gloomhaven": "gloomhaven/1e", "betrayal": "betrayal/2e"}

BREAKS: dict[str, list[tuple[str, str, str, str]]] = {
    # (file, rule id, formula in that rule, broken formula): each first match inside the rule's block
    "gloomhaven": [
        (
            "12-defence.yaml",
            "GH.DEF.SHIELD",
            "then: max(0, after_card - shield)",
            'then: "if after_card > 70 then 0 else if shield > 5 then after_card + 1 else after_card - shield"',
        ),
        (
            "12-defence.yaml",
            "GH.DEF.PIERCE",
            "then: max(0, after_card - max(0, shield - pierce))",
            'then: "if pierce > 5 then 0 else max(0, after_card - max(0, shield - pierce))"',
        ),
        ("04-setup.yaml", "GH.SETUP.LEVEL", "(if level_sum > 0 then 1 else 0)", "(if level_sum > 30 then -9 else 8)"),
        ("04-setup.yaml", "GH.SETUP.STAT_SLEEVE", "then: level", "then: 9 - level"),
        ("04-setup.yaml", "GH.SETUP.SOLO", '"if solo_or_open then 1 else 0"', '"if solo_or_open then 2 else 0"'),
        ("09-movement.yaml", "GH.MOVE.TRAP", "then: 2 + level", "then: 21 - level"),
        ("09-movement.yaml", "GH.MOVE.HAZARD", "then: ceil_half(level + 1)", "then: level"),
        ("20-end-scenario.yaml", "GH.END.SUCCESS.XP_BONUS", "4 + 2 * level", "19 - 2 * level"),
        ("17-damage.yaml", "GH.DMG.EXHAUST_HP", "when: hp <= 0", "when: hp < 0"),
        (
            "17-damage.yaml",
            "GH.EXH.TRIGGERS",
            'then: "hp <= 0 or (checkpoint == round_start and hand < 2 and discards < 2)"',
            'then: "hp < 0 or (checkpoint == round_start and hand == 3)"',
        ),
        ("17-damage.yaml", "GH.EXH.ALL", "characters_left == 0", "characters_left <= 1"),
    ],
    "betrayal": [
        ("03-traits.yaml", "BT.TRAIT.SKULL", 'then: "0"', "then: top + 1"),
        ("03-traits.yaml", "BT.TRAIT.NO_DEATH_PREHAUNT", 'then: "1"', 'then: "0"'),
        ("03-traits.yaml", "BT.TRAIT.NO_DEATH_PREHAUNT", 'then: "false"', "then: lowest_notch == 1"),
        ("03-traits.yaml", "BT.TRAIT.ITEM_OVERFLOW", "then: bonus - overflow", "then: bonus + 1"),
        ("04-damage.yaml", "BT.DMG.PER_POINT", "then: amount", "then: amount - 1"),
        ("04-damage.yaml", "BT.DMG.PHYSICAL", "then: might + speed == amount and", "then: might + speed >= amount or"),
        ("12-haunt.yaml", "BT.HAUNT.ROLL.DICE", 'then: "6"', "then: omens_drawn + 1"),
        ("12-haunt.yaml", "BT.HAUNT.ROLL.TRIGGER", "then: total < omens_drawn", "then: total == omens_drawn"),
    ],
}


def _break(path: Path, rule: str, old: str, new: str) -> None:
    """Replace the first ``old`` inside ``rule``'s block of the topic file ``path``."""
    text = path.read_text(encoding="utf-8")
    block = re.search(rf"^  - id: {re.escape(rule)}\n.*?(?=^  - id: |\Z)", text, flags=re.MULTILINE | re.DOTALL)
    assert block is not None, rule
    assert old in block.group(0), (rule, old)
    broken = block.group(0).replace(old, new, 1)
    path.write_text(text[: block.start()] + broken + text[block.end() :], encoding="utf-8")


@pytest.fixture(scope="module")
def broken_specs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Spec]:
    """For each game, a copy of the real spec with the formulas of :data:`BREAKS` broken."""
    specs = {}
    for game, breaks in BREAKS.items():
        root = tmp_path_factory.mktemp(game) / "spec"
        shutil.copytree(default_spec_dir(), root)
        for file, rule, old, new in breaks:
            _break(root / game / file, rule, old, new)
        specs[game] = load_spec_uncached(root, (game,))
    return specs


@pytest.fixture(scope="module")
def real_findings(real_spec: Spec) -> dict[str, Finding]:
    """The game findings of ``prove`` on the real spec, expected ones marked, by decision and property."""
    findings = prove_games.run(real_spec)
    prove.mark_expected(findings, prove.expected_findings())
    return {f"{f['decision']}: {f['property']}": f for f in findings}


def _names(game: str) -> list[tuple[str, str]]:
    """(decision, property name) of every property of ``game``'s two tables."""
    tables = (prove_games.GAME_PROPERTIES[game], prove_games.GAME_MONOTONE[game])
    return [(decision, name) for table in tables for decision, props in table.items() for name, _ in props]


ALL = [(game, decision, name) for game in RULESETS for decision, name in _names(game)]


@pytest.mark.parametrize(("game", "decision", "name"), ALL)
def test_property_proved_on_real_spec(real_findings: dict[str, Finding], game: str, decision: str, name: str) -> None:
    """Every property of the tables holds on the real spec under the default readings."""
    finding = real_findings[f"{decision}: {name} under {RULESETS[game]}"]
    assert finding["status"] == "proved", finding


@pytest.mark.parametrize(("game", "decision", "name"), ALL)
def test_property_refuted_on_broken_copy(broken_specs: dict[str, Spec], game: str, decision: str, name: str) -> None:
    """The same property is refuted once its rule is broken, with a counterexample that respects the invariants."""
    spec, ruleset = broken_specs[game], RULESETS[game]
    dec = spec.decision(ruleset, decision)
    table = dict(prove_games.GAME_PROPERTIES[game].get(decision, []))
    if name in table:
        [finding] = prove_values.properties(spec, ruleset, dec, {}, [(name, table[name])])
    else:
        mono = dict(prove_games.GAME_MONOTONE[game][decision])[name]
        finding = prove_games.monotone(spec, ruleset, dec, {}, name=name, mono=mono)
        assert all(inv.fn(finding["second_situation"]) for inv in dec.invariants)
    assert finding["status"] == "refuted", finding
    assert all(inv.fn(finding["situation"]) for inv in dec.invariants)
    assert any(finding["rules"].values()), finding


def test_monotone_counterexample_is_smallest(broken_specs: dict[str, Spec]) -> None:
    """The broken Shield gives damage back from Shield 6: the smallest pair is Shield 0 then 6, nothing else."""
    spec = broken_specs["gloomhaven"]
    dec = spec.decision("gloomhaven/1e", "shield.damage_taken")
    mono = dict(prove_games.GAME_MONOTONE["gloomhaven"]["shield.damage_taken"])["more shield never raises damage"]
    finding = prove_games.monotone(spec, "gloomhaven/1e", dec, {}, name="more shield never raises damage", mono=mono)
    assert finding["situation"] == {"after_card": 0, "shield": 0, "pierce": 0}
    assert finding["second_situation"] == {"after_card": 0, "shield": 6, "pierce": 0}
    assert list(finding["answers"].values()) == [0, 1]
    assert "note" not in finding


def test_real_refutations_are_expected_readings(real_findings: dict[str, Finding]) -> None:
    """On the real spec only non-default readings refute: each is an expected finding with a reason."""
    refuted = [f for f in real_findings.values() if f["status"] == "refuted"]
    assert refuted
    for finding in refuted:
        assert "[" in finding["property"], finding["property"]
        assert finding["expected"].strip()
    glossary = real_findings["haunt.starts: betrayal/2e == betrayal/2e [BT.HAUNT.ROLL.TRIGGER=in_play]"]
    assert glossary["answers"] == {"betrayal/2e": True, "betrayal/2e [BT.HAUNT.ROLL.TRIGGER=in_play]": False}


def test_prove_run_includes_the_games(real_spec: Spec) -> None:
    """``prove.run`` proves the game tables too, and nothing it finds fails the command."""
    findings = prove.run(real_spec)
    rulesets = {rs for f in findings for rs in f["rulesets"]}
    assert {"gloomhaven/1e", "betrayal/2e"} <= rulesets
    assert prove.failures(findings) == []


def _cited(finding: Finding) -> list[dict[str, object]]:
    """The rule references a check finding cites: its rules, readings and closest rules."""
    refs: list[dict[str, object]] = [ref for side in finding.get("rules", {}).values() for ref in side]
    refs += list(finding.get("options", {}).values())
    near = finding.get("closest") or []
    refs += [ref for side in near.values() for ref in side] if isinstance(near, dict) else list(near)
    return refs


@pytest.mark.parametrize("ruleset", list(RULESETS.values()))
def test_check_new_games_reports_cited_findings(real_spec: Spec, ruleset: str) -> None:
    """``check`` runs on Gloomhaven and Betrayal: no conflict, and every finding cites rulebook lines."""
    findings = check.run(real_spec, ruleset, boards=False)
    assert findings
    assert not [f for f in findings if f["kind"] in {"conflict", "unknown", "vacuous"}]
    for finding in findings:
        refs = _cited(finding)
        assert refs, finding
        assert all(ref["cites"] for ref in refs), finding
