"""The 0/1/many rule, overrides, defaults, readings and restatements."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.engine import FactError, RuleConflict
from adjudicator.core.spec import Spec, load_spec
from tests.conftest import BAD, GOOD


@pytest.fixture(scope="module")
def spec() -> Spec:
    """The good fixture spec."""
    return load_spec.__wrapped__(GOOD)


@pytest.mark.parametrize(("die", "value"), [(3, False), (4, True), (5, True)])
def test_breakaway_threshold_hx_break_success(spec: Spec, die: int, value: bool) -> None:
    """HX.BREAK.SUCCESS / HX.BREAK.FAIL: 3 fails, 4 and 5 succeed (N-1, N, N+1)."""
    result = spec.decide("horrorclix/2008", "breakaway.succeeds", {"die": die})
    assert result.value is value
    assert result.status == "decided"
    assert [s.rule for s in result.trace] == ["HX.BREAK.SUCCESS" if value else "HX.BREAK.FAIL"]


def test_one_applicable_rule_gives_its_value_with_citation(spec: Spec) -> None:
    """Exactly one applicable rule: its value, and the trace cites its lines."""
    result = spec.decide("horrorclix/2008", "breakaway.succeeds", {"die": 6})
    (step,) = result.trace
    assert (step.cites[0].source, step.cites[0].first) == ("hx2008", 277)


def test_override_removes_the_general_rule(spec: Spec) -> None:
    """HX.BREAK.EXEMPT overrides HX.BREAK.WHEN when only walls separate the foes."""
    result = spec.decide("horrorclix/2008", "breakaway.required", {"adjacent_opposing": 2, "across_wall_only": True})
    assert result.value is False
    assert [s.rule for s in result.trace] == ["HX.BREAK.EXEMPT"]


def test_no_override_when_the_exception_does_not_apply(spec: Spec) -> None:
    """Without a wall the general rule stands."""
    result = spec.decide("horrorclix/2008", "breakaway.required", {"adjacent_opposing": 2, "across_wall_only": False})
    assert result.value is True
    assert [s.rule for s in result.trace] == ["HX.BREAK.WHEN"]


def test_rule_in_one_ruleset_only(spec: Spec) -> None:
    """HX.BREAK.NONE exists only in 2008: in 1e no rule decides the zero case."""
    facts = {"adjacent_opposing": 0, "across_wall_only": False}
    assert spec.decide("horrorclix/2008", "breakaway.required", facts).value is False
    undecided = spec.decide("horrorclix/1e", "breakaway.required", facts)
    assert undecided.status == "undecided"
    assert undecided.value is None
    assert [s.rule for s in undecided.trace] == ["HX.ETQ.ROLL"]


def test_default_rule_only_when_nothing_else_applies(spec: Spec) -> None:
    """The decision's default (HX.TOKEN.DEFAULT) yields to HX.FREE.NOTOKEN."""
    normal = spec.decide("horrorclix/2008", "token.count", {"tokens": 1, "free": False})
    free = spec.decide("horrorclix/2008", "token.count", {"tokens": 1, "free": True})
    assert (normal.value, normal.status) == (2, "default")
    assert (free.value, free.status) == (1, "decided")


@pytest.mark.parametrize(("value", "half"), [(0, 0), (1, 1), (5, 3), (6, 3), (7, 4)])
def test_halving_rounds_up_hx_round_up(spec: Spec, value: int, half: int) -> None:
    """HX.ROUND.UP: halves round up."""
    assert spec.decide("horrorclix/2008", "value.halved", {"value": value}).value == half


@pytest.mark.parametrize(("die", "default", "strict"), [(5, True, None), (6, True, True)])
def test_readings_choose_between_versions(spec: Spec, die: int, default: bool, strict: bool | None) -> None:
    """The default reading applies unless a situation chooses another."""
    assert spec.decide("horrorclix/1e", "breakaway.succeeds", {"die": die}).value is default
    chosen = spec.decide("horrorclix/1e", "breakaway.succeeds", {"die": die}, {"HX.BREAK.SUCCESS": "strict"})
    assert chosen.value is strict
    if strict:
        assert chosen.trace[0].reading == "strict"


def test_restatement_citations_travel_with_the_rule(spec: Spec) -> None:
    """A glossary restatement adds its lines to the rule's trace step."""
    step = spec.decide("horrorclix/1e", "breakaway.succeeds", {"die": 4}).trace[0]
    assert [(c.source, c.first) for c in step.also] == [("hx1e", 1068)]


def test_variant_cites_its_own_edition(spec: Spec) -> None:
    """The 1e variant of HX.BREAK.SUCCESS cites the 1e text only."""
    view = spec.rules["HX.BREAK.SUCCESS"].views["horrorclix/1e"]
    assert {c.source for c in view.cites} == {"hx1e"}


def test_unknown_fact_is_rejected(spec: Spec) -> None:
    """A fact the decision does not declare is an error, not ignored."""
    with pytest.raises(FactError, match="no fact 'dice'"):
        spec.decide("horrorclix/2008", "breakaway.succeeds", {"dice": 4})


def test_fact_outside_domain_is_rejected(spec: Spec) -> None:
    """A die of 7 is outside the declared domain."""
    with pytest.raises(FactError, match=r"int 1\.\.6"):
        spec.decide("horrorclix/2008", "breakaway.succeeds", {"die": 7})


def test_missing_fact_is_reported_when_needed(spec: Spec) -> None:
    """A fact a rule needs but that was not given is named."""
    with pytest.raises(FactError, match="needs fact 'die'"):
        spec.decide("horrorclix/2008", "breakaway.succeeds", {})


def test_conflict_carries_every_citation(good_spec_dir: Path) -> None:
    """Two un-prioritised rules that disagree raise a conflict naming both."""
    text = (BAD / "override-cycle.yaml").read_text(encoding="utf-8")
    text = text.replace("    overrides: [HX.BAD.B]\n", "").replace("    overrides: [HX.BAD.A]\n", "")
    (good_spec_dir / "horrorclix" / "50-conflict.yaml").write_text(text, encoding="utf-8")
    spec = load_spec.__wrapped__(good_spec_dir)
    with pytest.raises(RuleConflict) as info:
        spec.decide("horrorclix/2008", "breakaway.succeeds", {"die": 6})
    rules = {step.rule for step, _ in info.value.steps}
    assert {"HX.BAD.A", "HX.BAD.B"} <= rules
    assert "hx2008 L277" in str(info.value)


def test_agreeing_rules_are_not_a_conflict(good_spec_dir: Path) -> None:
    """Two applicable rules that give the same value both appear in the trace."""
    text = (BAD / "override-cycle.yaml").read_text(encoding="utf-8")
    text = text.replace("    overrides: [HX.BAD.B]\n", "").replace("    overrides: [HX.BAD.A]\n", "")
    text = text.replace('then: "false"', 'then: "true"')
    (good_spec_dir / "horrorclix" / "50-agree.yaml").write_text(text, encoding="utf-8")
    spec = load_spec.__wrapped__(good_spec_dir)
    result = spec.decide("horrorclix/2008", "breakaway.succeeds", {"die": 6})
    assert result.value is True
    assert {"HX.BAD.A", "HX.BAD.B", "HX.BREAK.SUCCESS"} == {s.rule for s in result.trace}
