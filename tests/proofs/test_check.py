"""``check``: conflicts (with minimal rule sets) and gaps, on fixtures and on the real spec."""

from __future__ import annotations

import pytest

from adjudicator.core.spec import Spec
from proofs import check
from proofs.render import render_text

RULESETS = ("horrorclix/1e", "horrorclix/2008")


def _respects_invariants(spec: Spec, ruleset: str, finding: dict) -> bool:
    if finding.get("situation") is None:
        return True
    decision = spec.decision(ruleset, finding["decision"])
    return all(inv.fn(finding["situation"]) for inv in decision.invariants)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_good_fixture_has_no_conflict_or_gap(good_spec, ruleset):
    """A clean spec gives no conflict and no gap, under its default and its other readings; only its readings."""
    findings = check.run(good_spec, ruleset)
    assert all(f["kind"] == "ambiguity" for f in findings), findings
    readable = {r.id for r in good_spec.rules.values() if ruleset in r.readings and not r.reading_of}
    assert {f["rule"] for f in findings} == readable


@pytest.mark.parametrize("ruleset", RULESETS)
def test_conflict_reports_situation_and_minimal_rules(bad_spec, ruleset):
    """The deliberate conflict is found at a six, naming exactly the two rules that disagree."""
    conflicts = [f for f in check.run(bad_spec, ruleset) if f["kind"] == "conflict"]
    assert len(conflicts) == 1
    (finding,) = conflicts
    assert finding["decision"] == "breakaway.succeeds"
    assert finding["situation"] == {"die": 6}
    rules = finding["rules"][ruleset]
    assert {r["id"]: r["value"] for r in rules} == {"HX.BREAK.SUCCESS": True, "HX.BREAK.SIX": False}
    assert all(r["source"].endswith(".txt") and r["lines"] for r in rules)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_gap_reports_a_situation_the_invariants_allow(bad_spec, ruleset):
    """The deliberate gap is found with no opponent, and the situation obeys the invariants."""
    gaps = [f for f in check.run(bad_spec, ruleset) if f["kind"] == "gap"]
    assert [g["decision"] for g in gaps] == ["breakaway.required"]
    assert gaps[0]["situation"] == {"adjacent_opposing": 0, "across_wall_only": False}
    assert gaps[0]["answers"] == {ruleset: "undecided"}


def test_overridden_rule_is_no_conflict(good_spec):
    """A rule overridden by an applicable rule does not conflict with it (walls spare the roll)."""
    decision = good_spec.decision("horrorclix/2008", "breakaway.required")
    assert check.check_decision(good_spec, "horrorclix/2008", decision) == []


def test_findings_render_as_text(bad_spec):
    """The text rendering names the decision, the situation and each rule with its citation."""
    text = render_text(check.run(bad_spec, "horrorclix/2008"))
    assert "breakaway.succeeds" in text
    assert "die=6" in text
    assert "HX.BREAK.SIX says false (hx2008 L277" in text


@pytest.mark.parametrize("ruleset", RULESETS)
def test_real_spec_findings_respect_invariants(real_spec, ruleset):
    """No finding on the real spec comes from a situation that violates its decision's invariants."""
    findings = check.run(real_spec, ruleset)
    assert all(_respects_invariants(real_spec, ruleset, f) for f in findings)
    assert all(f["kind"] in {"conflict", "gap", "ambiguity"} for f in findings), "unknown or vacuous must be fixed"
