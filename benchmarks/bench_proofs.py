"""Solver speed: check, diff and prove on the real spec, and Z3 against brute force (not a test).

The brute-force side enumerates every fact vector of a small decision that
satisfies its invariants, evaluates it with the Python engine and records
whether a conflict, a gap or an edition difference exists; the Z3 side runs
the same three searches. Both must agree; the ratio of their times is printed.
"""

from __future__ import annotations

import functools
import itertools
import time
from collections import Counter
from collections.abc import Callable, Iterator

from adjudicator.core.engine import RuleConflict
from adjudicator.core.expr.compile import Value
from adjudicator.core.expr.types import domain
from adjudicator.core.model import Decision
from adjudicator.core.spec import Spec, load_spec
from proofs import check, diff, prove
from proofs.report import Finding

A, B = "horrorclix/1e", "horrorclix/2008"
BRUTE_LIMIT = 20_000
"""Decisions with at most this many fact vectors are brute-forced."""


def _timed(label: str, run: Callable[[], list[Finding]]) -> None:
    start = time.perf_counter()
    findings = run()
    kinds = Counter(str(f["kind"]) + (f" {f['status']}" if "status" in f else "") for f in findings)
    print(f"{label}: {time.perf_counter() - start:.2f} s, findings {dict(sorted(kinds.items()))}")


def _vectors(decision: Decision) -> Iterator[dict[str, Value]]:
    names = list(decision.facts)
    for values in itertools.product(*(domain(decision.facts[n].type) for n in names)):
        facts = dict(zip(names, values, strict=True))
        if all(inv.fn(facts) for inv in decision.invariants):
            yield facts


def _answer(spec: Spec, ruleset: str, decision: Decision, facts: dict[str, Value]) -> object:
    try:
        result = spec.decide(ruleset, decision.id, facts)
    except RuleConflict:
        return "conflict"
    return "undecided" if result.status == "undecided" else result.value


def _brute(spec: Spec, decision: Decision) -> set[str]:
    found = set()
    for facts in _vectors(decision):
        answers = [_answer(spec, rs, decision, facts) for rs in (A, B)]
        found |= {f"{k} {rs}" for rs, k in zip((A, B), answers, strict=True) if k in {"conflict", "undecided"}}
        if answers[0] != answers[1]:
            found.add("diff")
    return {k.replace("undecided", "gap") for k in found}


def _z3(spec: Spec, decision: Decision) -> set[str]:
    found = {f"{f['kind']} {rs}" for rs in (A, B) for f in check.check_decision(spec, rs, decision)}
    if diff.diff_decision(spec, A, B, decision):
        found.add("diff")
    return found


def _size(decision: Decision) -> int:
    size = 1
    for fact in decision.facts.values():
        size *= len(domain(fact.type))
    return size


def brute_force_ratio(spec: Spec) -> None:
    """Compare findings and time of enumeration and Z3 on every small decision."""
    small, sizes = [], {}
    for (game, _), decision in sorted(spec.decisions.items()):
        if game == "horrorclix":
            sizes[decision.id] = _size(decision)
            if sizes[decision.id] <= BRUTE_LIMIT:
                small.append(decision)
    start = time.perf_counter()
    brute = {d.id: _brute(spec, d) for d in small}
    brute_time = time.perf_counter() - start
    start = time.perf_counter()
    solved = {d.id: _z3(spec, d) for d in small}
    z3_time = time.perf_counter() - start
    mismatches = [d for d in brute if brute[d] != solved[d]]
    print(f"brute force over {len(small)} decisions (<= {BRUTE_LIMIT} fact vectors each): {brute_time:.2f} s")
    print(f"z3 on the same decisions: {z3_time:.2f} s; ratio brute/z3 = {brute_time / z3_time:.1f}")
    per_vector = brute_time / sum(sizes[d.id] for d in small)
    total = sum(sizes.values())
    print(
        f"all {len(sizes)} decisions hold {total:.2e} fact vectors: brute force would take ~{per_vector * total:.1e} s"
    )
    print(f"findings agree on {len(small) - len(mismatches)}/{len(small)} decisions; mismatches: {mismatches}")


def main() -> None:
    """Time the three commands on the real spec, then the brute-force comparison."""
    spec = load_spec()
    for ruleset in (A, B):
        _timed(f"check {ruleset}", functools.partial(check.run, spec, ruleset))
    _timed(f"diff {A} {B}", lambda: diff.run(spec, A, B))
    _timed("prove", lambda: prove.run(spec))
    brute_force_ratio(spec)


if __name__ == "__main__":
    main()
