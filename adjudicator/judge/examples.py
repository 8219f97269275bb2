"""Checking example answers against their hand-written ``expect:`` blocks (``adjudicator examples``).

An ``expect:`` block names the verdict, a subset of the outcome (mappings are
compared on the keys it names) and the rule ids the trace must cite. Every
file is answered and checked; a bad file, an unsupported query or a conflict
in the spec is reported on its own row and the run goes on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adjudicator.core.conflicts import conflict_of
from adjudicator.core.engine import FactError, RuleConflict
from adjudicator.core.errors import PositionedError, UsageError
from adjudicator.core.spec import Spec
from adjudicator.judge import answer, load_situation, supported


def subset_mismatches(want: Any, got: Any, where: str = "outcome") -> list[str]:
    """Where ``got`` differs from ``want``; mappings compare only the keys ``want`` names."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return [f"{where}: expected a mapping, got {got!r}"]
        out: list[str] = []
        for key, value in want.items():
            if key not in got:
                out.append(f"{where}.{key}: missing")
            else:
                out += subset_mismatches(value, got[key], f"{where}.{key}")
        return out
    return [] if want == got else [f"{where}: expected {want!r}, got {got!r}"]


def expect_problems(expect: dict[str, Any], answer: dict[str, Any]) -> list[str]:
    """Every way the answer's JSON differs from the ``expect:`` block."""
    problems: list[str] = []
    if "verdict" in expect and expect["verdict"] != answer["verdict"]:
        problems.append(f"verdict: expected {expect['verdict']}, got {answer['verdict']}")
    problems += subset_mismatches(expect.get("outcome", {}), answer["outcome"])
    cited = {step["rule"] for step in answer["trace"]}
    missing = sorted(set(expect.get("rules", [])) - cited)
    if missing:
        problems.append(f"trace does not cite {', '.join(missing)}")
    return problems


def check_example(spec: Spec, path: Path, shown: str) -> dict[str, Any]:
    """One row of the examples table: file, ruleset, query, verdict, status and problems."""
    row: dict[str, Any] = {"file": shown, "ruleset": "", "query": "", "verdict": "", "status": "", "problems": []}
    try:
        loaded = load_situation(path, set(spec.rulesets()))
    except PositionedError as exc:
        return row | {"status": "bad file", "problems": [str(exc)]}
    row |= {"ruleset": loaded.ruleset, "query": loaded.query.kind}
    if not supported(loaded.query.kind, loaded.ruleset):
        return row | {"status": "not supported"}
    try:
        result = answer(spec, loaded).to_json(spec)
    except RuleConflict as exc:
        return row | {"status": "conflict", "problems": [conflict_of(spec, exc).text()]}
    except (PositionedError, UsageError, FactError) as exc:
        return row | {"status": "error", "problems": [str(exc)]}
    row["verdict"] = result["verdict"]
    expect = loaded.expect
    if not isinstance(expect, dict):
        return row | {"status": "no expect"}
    problems = expect_problems(expect, result)
    return row | {"status": "fail" if problems else "pass", "problems": problems}


def run_examples(spec: Spec, folder: Path) -> list[dict[str, Any]]:
    """Every situation file under ``folder``, answered and checked, in path order."""
    return [check_example(spec, path, str(path)) for path in sorted(folder.rglob("*.yaml"))]
