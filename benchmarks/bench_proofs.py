"""Solver speed: check, diff and prove on the real spec, and Z3 against brute force (not a test).

The brute-force side enumerates every fact vector of a small decision that
satisfies its invariants, evaluates it with the Python engine and records
whether a conflict, a gap or an edition difference exists; the Z3 side runs
the same three searches. Both must agree; the ratio of their times is printed.
"""

from __future__ import annotations

import functools
import itertools
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

from adjudicator.core import resources
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


EDITED = ("horrorclix", "06-movement.yaml")
"""The spec file the incremental rows edit (a rule's paraphrase, then its conditions)."""
SAYS_EDIT = ("any number of\n", "any number of (edited)\n")
WHEN_EDITS = {
    "condition (movement allowance)": (
        'when: mover == monster, then: "spaces <= speed"',
        'when: mover == monster and speed >= 0, then: "spaces <= speed"',
    ),
    "condition (break-away roll 4 -> 5, reaches most moves)": ("    when: die >= 4\n", "    when: die >= 5\n"),
}
RULESETS = ("horrorclix/2008", "horrorclix/1e", "heroclix/core", "gloomhaven/1e", "betrayal/2e")


DEFAULT_HEAP = [
    "-c",
    (
        "import runpy, sys; import proofs.solver as s; s.keep_solver_memory = lambda: False; "
        "sys.argv[0] = 'adjudicator'; runpy.run_module('adjudicator', run_name='__main__')"
    ),
]
"""The CLI with :func:`proofs.solver.keep_solver_memory` left undone: each fresh Z3 context maps its memory anew."""


def _cli(label: str, args: list[str], env: dict[str, str], baseline: float = 0.0) -> tuple[float, bytes]:
    """Run the CLI once; print its wall time and CPU time (with its worker processes); its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *args], env=env, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(
        f"{label}: wall {wall:.2f} s, cpu {cpu:.2f} s"
        + (f" ({cpu - baseline:.2f} s over python -c pass)" if baseline else ""),
        flush=True,
    )
    return cpu, done.stdout


def cold_and_incremental(rulesets: tuple[str, ...] = RULESETS) -> None:
    """Issue 29's rows: cold ``check`` of every ruleset and cold ``diff``, the rerun, and after one rule's edit.

    Each runs the CLI as a designer does, on a copy of the spec, with a private cache; the wall time is the
    acceptance figure (at most 5 s cold, 2 s after an edit), the CPU time (workers included) the steadier one
    on a shared machine. ``python -c pass`` is the baseline measured in the same run. Each edit is made to the
    spec as shipped, after an unmeasured run on it (one rule edited since the last run). After each edit the
    findings are compared with a cold run on the edited spec (they must be the same bytes). The last rows
    leave the shipped board scans unread (``ADJUDICATOR_BOARD_DATA=0``): the first run after an engine change.
    """
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        shutil.copytree(resources.spec_dir(), root / "spec")
        env = {**os.environ, "ADJUDICATOR_SPEC": str(root / "spec"), "ADJUDICATOR_CACHE": str(root / "cache")}
        env.pop("ADJUDICATOR_FINDINGS_CACHE", None)
        env.pop("ADJUDICATOR_BOARD_DATA", None)
        base, _ = _cli("python -c pass", ["-c", "pass"], env)
        edited = root / "spec" / EDITED[0] / EDITED[1]
        original = edited.read_text(encoding="utf-8")
        for ruleset in rulesets:
            shutil.rmtree(root / "cache", ignore_errors=True)
            check_args = ["-m", "adjudicator", "check", "--json", ruleset]
            _cli(f"check {ruleset} cold", check_args, env, base)
            if not ruleset.startswith("horrorclix/"):
                continue
            _cli(f"check {ruleset} unchanged", check_args, env, base)
            for name, (old, new) in {"paraphrase": SAYS_EDIT, **WHEN_EDITS}.items():
                if original.count(old) != 1:
                    print(f"check {ruleset} after a {name} edit: not run (the text to edit is not there once)")
                    continue
                edited.write_text(original, encoding="utf-8")
                subprocess.run([sys.executable, *check_args], env=env, check=True, capture_output=True)  # warm again
                edited.write_text(original.replace(old, new, 1), encoding="utf-8")
                _, rerun = _cli(f"check {ruleset} after a {name} edit", check_args, env, base)
                cold_env = {**env, "ADJUDICATOR_CACHE": str(root / "cold")}
                shutil.rmtree(root / "cold", ignore_errors=True)
                _, cold = _cli("  the same spec, cold", check_args, cold_env, base)
                print(f"  findings the same as the cold run's: {rerun == cold}")
                edited.write_text(original, encoding="utf-8")
            _cli(f"check {ruleset} edits undone", check_args, env, base)
        for label, extra in (("", {}), (", shipped scans unread", {"ADJUDICATOR_BOARD_DATA": "0"})):
            shutil.rmtree(root / "cache", ignore_errors=True)
            _cli(f"diff {A} {B} cold{label}", ["-m", "adjudicator", "diff", "--json", A, B], {**env, **extra}, base)
        shutil.rmtree(root / "cache", ignore_errors=True)
        _cli(f"diff {A} {B} cold, glibc's own heap settings", [*DEFAULT_HEAP, "diff", "--json", A, B], env, base)
        shutil.rmtree(root / "cache", ignore_errors=True)
        _cli(
            f"check {B} cold, shipped scans unread",
            ["-m", "adjudicator", "check", "--json", B],
            {**env, "ADJUDICATOR_BOARD_DATA": "0"},
            base,
        )


def main() -> None:
    """Time the three commands on the real spec, then the brute-force comparison (``--cli``: the CLI rows only)."""
    cold_and_incremental()
    if "--cli" in sys.argv:
        return
    spec = load_spec()
    for ruleset in (A, B):
        _timed(f"check {ruleset}", functools.partial(check.run, spec, ruleset))
    _timed(f"diff {A} {B}", lambda: diff.run(spec, A, B))
    _timed("prove", lambda: prove.run(spec))
    brute_force_ratio(spec)


if __name__ == "__main__":
    main()
