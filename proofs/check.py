"""``check RULESET``: per decision, no conflict and no gap, under every reading.

* **conflict**: a situation (satisfying the decision's invariants) where two
  effective rules give different values. The rules reported are a minimal
  set whose guarded implications cannot all hold (a MUS over the rule
  indicators); that set is then blocked and the search goes on, up to
  :data:`CONFLICTS_PER_DECISION`.
* **gap**: a situation that no rule, and no default, decides.

The default readings are checked first, then each non-default reading of each
rule on the decisions that rule touches; a reading's findings already found
under the default readings are not repeated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import z3

from adjudicator.core.expr.compile import Value
from adjudicator.core.model import Decision
from adjudicator.core.spec import Spec
from proofs.encode import Facts, Side, encode
from proofs.report import Finding, label, rule_ref
from proofs.solver import Status, minimal_core, new_solver, search

CONFLICTS_PER_DECISION = 6
Progress = Callable[[str], None] | None


def run(spec: Spec, ruleset: str, *, progress: Progress = None, boards: bool = True) -> list[Finding]:
    """Every conflict and gap of ``ruleset``, under its default and other readings.

    With ``boards``, each finding on a decision the engine evaluates from a
    situation gets a witness board (:mod:`proofs.witness`).
    """
    findings: list[Finding] = []
    seen: set[tuple[Any, ...]] = set()
    for decision in _decisions(spec, ruleset):
        if progress:
            progress(f"check {ruleset} {decision.id}")
        findings += _fresh(check_decision(spec, ruleset, decision), seen)
    for rule_id, option, decision in _reading_choices(spec, ruleset):
        if progress:
            progress(f"check {ruleset} {decision.id} [{rule_id}={option}]")
        findings += _fresh(check_decision(spec, ruleset, decision, {rule_id: option}), seen)
    if boards:
        from proofs.witness import attach  # noqa: PLC0415 - the engine's queries only when boards are wanted

        attach(spec, findings, progress=progress)
    return findings


def _fresh(found: list[Finding], seen: set[tuple[Any, ...]]) -> list[Finding]:
    """The findings not yet reported (a gap once per decision, a conflict once per rule set)."""
    out = []
    for finding in found:
        rules = frozenset(r["id"] for refs in finding.get("rules", {}).values() for r in refs)
        key = (finding["kind"], finding["decision"], rules if finding["kind"] == "conflict" else None)
        if key not in seen:
            seen.add(key)
            out.append(finding)
    return out


def _decisions(spec: Spec, ruleset: str) -> list[Decision]:
    game = spec.game(ruleset)
    return [d for (g, _), d in sorted(spec.decisions.items()) if g == game]


def _reading_choices(spec: Spec, ruleset: str) -> Iterator[tuple[str, str, Decision]]:
    """(rule, non-default reading, decision it touches), in spec order."""
    for rule in spec.rules.values():
        readings = rule.readings.get(ruleset)
        if readings is None or rule.reading_of:
            continue
        touched = sorted({c.decision for view in readings.options.values() for c in view.clauses})
        for option in readings.options:
            if option != readings.default:
                for decision_id in touched:
                    yield rule.id, option, spec.decision(ruleset, decision_id)


def check_decision(
    spec: Spec, ruleset: str, decision: Decision, readings: dict[str, str] | None = None
) -> list[Finding]:
    """The conflicts and the gap of one decision under one choice of readings."""
    facts = Facts(decision)
    side = encode(spec, ruleset, facts, readings, label(ruleset, readings or {}))
    solver = new_solver([*facts.constraints, *side.definitions])
    guard = search(solver)
    if guard.status is not Status.REFUTED:
        note = "the invariants cannot hold together" if guard.status is Status.PROVED else guard.note
        return [_finding(spec, side, "vacuous" if guard.status is Status.PROVED else "unknown", model=None, note=note)]
    findings = _conflicts(spec, side, solver)
    gap = search(solver, z3.Not(side.decided))
    if gap.model is not None:
        findings.append(_finding(spec, side, "gap", model=gap.model, note=_gap_note(spec, side)))
    elif gap.status is Status.UNKNOWN:
        findings.append(_finding(spec, side, "unknown", model=None, note=f"gap search: {gap.note}"))
    return findings


def _conflicts(spec: Spec, side: Side, solver: z3.Solver) -> list[Finding]:
    findings = []
    solver.push()
    for _ in range(CONFLICTS_PER_DECISION):
        verdict = search(solver, side.conflict)
        if verdict.status is Status.UNKNOWN:
            findings.append(_finding(spec, side, "unknown", model=None, note=f"conflict search: {verdict.note}"))
        if verdict.model is None:
            break
        rules = conflicting_rules(side, verdict.model)
        findings.append(_finding(spec, side, "conflict", model=verdict.model, rules=rules))
        solver.add(z3.Not(z3.And([side.indicators[r] for r in rules])))
    solver.pop()
    return findings


def conflicting_rules(side: Side, model: z3.ModelRef) -> list[str]:
    """A minimal set of rules that cannot all hold in the situation of ``model`` (a MUS)."""
    facts = side.facts
    sort = z3.BoolSort() if isinstance(side.value, z3.BoolRef) else z3.IntSort()
    result = z3.Const("result", sort)
    solver = new_solver([*facts.constraints, *side.definitions, *facts.pin(facts.situation(model))])
    enable = {rule: z3.Bool(rule) for rule in side.indicators}
    for arm in side.arms:
        if not arm.is_default:
            solver.add(z3.Implies(enable[arm.rule], z3.Implies(arm.fires, result == arm.value)))
    core = minimal_core(solver, list(enable.values()))
    return [rule for rule, lit in enable.items() if any(lit.eq(c) for c in core)] or side.fired(model)


def _gap_note(spec: Spec, side: Side) -> str:
    if not side.arms:
        return f"no rule of {side.ruleset} decides {side.facts.decision.id}"
    fallback = spec.fallback.get(spec.game(side.ruleset))
    return f"no rule decides this situation; only the fallback {fallback} applies" if fallback else ""


def _fired_value(side: Side, rule: str, model: z3.ModelRef) -> Value | None:
    """The value the firing clause of ``rule`` gives in ``model``."""
    for arm in side.arms:
        if arm.rule == rule and z3.is_true(model.eval(arm.fires, model_completion=True)):
            return side.arm_value(arm, model)
    return None


def _finding(
    spec: Spec, side: Side, kind: str, *, model: z3.ModelRef | None, note: str = "", rules: list[str] | None = None
) -> Finding:
    views = side.views()
    refs = []
    for rule in rules or []:
        value = _fired_value(side, rule, model) if model is not None else None
        refs.append(rule_ref(spec, views[rule], value))
    answer = {"conflict": "conflict", "gap": "undecided"}.get(kind, kind)
    finding: Finding = {
        "kind": kind,
        "decision": side.facts.decision.id,
        "ruleset": side.ruleset,
        "readings": side.readings,
        "situation": side.facts.situation(model) if model is not None else None,
        "answers": {side.label: answer},
        "rules": {side.label: refs},
    }
    if note:
        finding["note"] = note
    return finding
