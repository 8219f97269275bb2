"""``diff A B``: every distinct way two rulesets answer a shared decision differently.

A decision is shared when both rulesets belong to its game, or, across games,
when both games declare a decision of that id over compatible facts (the same
result type, and one fact set contained in the other with the same types).

For each shared decision the solver looks for a situation (satisfying both
games' invariants) where the answers differ: the values, or one side
undecided or in conflict. Each witness is shrunk to the smallest situation
with the same responsible rules, reported with each side's answer and firing
rules, and then the whole region where the same rules fire on both sides is
blocked, so one textual difference is reported once. At most
:data:`DIFFS_PER_DECISION` findings are reported per decision.
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from adjudicator.core.model import Decision
from adjudicator.core.spec import Spec
from proofs.encode import Facts, Side, disagree, encode, term, to_bool
from proofs.report import Finding, fired_refs
from proofs.solver import Status, minimise, new_solver, search

DIFFS_PER_DECISION = 8
Progress = Callable[[str], None] | None


def run(spec: Spec, a: str, b: str, *, progress: Progress = None, boards: bool = True) -> list[Finding]:
    """Every distinct disagreement between rulesets ``a`` and ``b`` (default readings).

    With ``boards``, each finding on a decision the engine evaluates from a
    situation gets a witness board (:mod:`proofs.witness`).
    """
    findings: list[Finding] = []
    for decision, other in shared(spec, a, b):
        if progress:
            progress(f"diff {a} {b} {decision.id}")
        findings += diff_decision(spec, a, b, decision, other)
    if boards:
        from proofs.witness import attach  # noqa: PLC0415 - the engine's queries only when boards are wanted

        attach(spec, findings, progress=progress)
    return findings


def shared(spec: Spec, a: str, b: str) -> list[tuple[Decision, Decision]]:
    """Pairs of decisions (the one with more facts first) that ``a`` and ``b`` share."""
    game_a, game_b = spec.game(a), spec.game(b)
    pairs = []
    for (game, decision_id), decision in sorted(spec.decisions.items()):
        if game != game_a:
            continue
        other = spec.decisions.get((game_b, decision_id))
        if other is not None and compatible(decision, other):
            pairs.append((decision, other) if len(decision.facts) >= len(other.facts) else (other, decision))
    return pairs


def compatible(one: Decision, two: Decision) -> bool:
    """Same result type, and the smaller fact set is part of the larger with the same types."""
    small, large = sorted((one, two), key=lambda d: len(d.facts))
    return one.type == two.type and all(
        name in large.facts and large.facts[name].type == fact.type for name, fact in small.facts.items()
    )


def diff_decision(spec: Spec, a: str, b: str, decision: Decision, other: Decision | None = None) -> list[Finding]:
    """The distinct disagreements of ``a`` and ``b`` on one decision."""
    facts = Facts(decision)
    extra = [to_bool(term(inv.expr, facts)) for inv in (other.invariants if other is not None else [])]
    side_a, side_b = encode(spec, a, facts, label=a), encode(spec, b, facts, label=b)
    return compare(spec, side_a, side_b, [*facts.constraints, *extra])


def compare(
    spec: Spec, side_a: Side, side_b: Side, premises: list[z3.BoolRef], bound: int = DIFFS_PER_DECISION
) -> list[Finding]:
    """Disagreements of two sides over the same facts, one per region of responsible rules."""
    solver = new_solver([*premises, *side_a.definitions, *side_b.definitions])
    guard = search(solver)
    if guard.status is not Status.REFUTED:
        kind = "vacuous" if guard.status is Status.PROVED else "unknown"
        note = guard.note or "the invariants cannot hold together"
        return [_finding(spec, side_a, side_b, model=None, kind=kind, note=note)]
    findings = []
    differ = disagree(side_a, side_b)
    for _ in range(bound):
        verdict = search(solver, differ)
        if verdict.status is Status.UNKNOWN:
            findings.append(_finding(spec, side_a, side_b, model=None, kind="unknown", note=verdict.note))
        if verdict.model is None:
            break
        region = _region(side_a, side_b, verdict.model)
        solver.push()
        solver.add(differ, region)
        model, minimal = minimise(solver, side_a.facts.size(), verdict.model)
        solver.pop()
        findings.append(
            _finding(
                spec, side_a, side_b, model=model, kind="diff", note="" if minimal else "witness not proven smallest"
            )
        )
        solver.add(z3.Not(region))
    return findings


def _region(side_a: Side, side_b: Side, model: z3.ModelRef) -> z3.BoolRef:
    """The situations where exactly the same rules fire on both sides as in ``model``."""
    same = []
    for side in (side_a, side_b):
        fired = set(side.fired(model))
        same += [ind if rule in fired else z3.Not(ind) for rule, ind in side.indicators.items()]
    return z3.And(same)


def _finding(spec: Spec, side_a: Side, side_b: Side, *, model: z3.ModelRef | None, kind: str, note: str) -> Finding:
    finding: Finding = {
        "kind": kind,
        "decision": side_a.facts.decision.id,
        "rulesets": [side_a.label, side_b.label],
        "situation": side_a.facts.situation(model) if model is not None else None,
        "answers": {},
        "rules": {},
    }
    if model is not None:
        for side in (side_a, side_b):
            finding["answers"][side.label] = side.answer(model)
            finding["rules"][side.label] = fired_refs(spec, side, model)
    if note:
        finding["note"] = note
    return finding
