"""Checking example answers against their hand-written ``expect:`` blocks (``adjudicator examples``).

An ``expect:`` block names the verdict, a subset of the outcome (mappings are
compared on the keys it names) and the rule ids the trace must cite. Every
file is answered and checked; a bad file, an unsupported query or a conflict
in the spec is reported on its own row and the run goes on.

:func:`rules_exercised` asks the other question of the same files: which of a
ruleset's formal rules settle some example's answer (``coverage RULESET --rules``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.core.conflicts import conflict_of
from adjudicator.core.engine import FactError, RuleConflict
from adjudicator.core.errors import PositionedError, UsageError
from adjudicator.core.sources import Citation
from adjudicator.core.spec import Spec
from adjudicator.judge import answer, load_situation, supported
from adjudicator.situation.base import Situation


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


RULESET_LINE = re.compile(r"""^ruleset:[ \t]*['"]?([^'"\s#]+)""", re.MULTILINE)
"""A situation file's top-level ``ruleset:`` line, read without parsing the YAML."""


def ruleset_named(path: Path) -> str | None:
    """The ruleset a situation file names on its top-level ``ruleset:`` line (``None`` when no line says)."""
    found = RULESET_LINE.search(path.read_text(encoding="utf-8", errors="replace"))
    return found.group(1) if found else None


@dataclass(frozen=True)
class ExercisedRule:
    """A formal rule of a ruleset and the examples whose answer it settles (a deciding step cites it)."""

    id: str
    title: str
    cites: tuple[Citation, ...]
    examples: tuple[str, ...]


@dataclass(frozen=True)
class RulesExercised:
    """Which formal rules of a ruleset decide a step of some example, and the files that could not be answered."""

    ruleset: str
    rules: tuple[ExercisedRule, ...]
    unanswered: tuple[tuple[str, str], ...]
    """``(file, why)`` for each file of the ruleset that is bad, unsupported or meets a conflict."""

    @property
    def formal(self) -> int:
        """How many formal rules the ruleset has."""
        return len(self.rules)

    @property
    def exercised(self) -> int:
        """How many of them decide a step of some example."""
        return sum(1 for r in self.rules if r.examples)

    @property
    def share(self) -> float:
        """``exercised / formal`` (0 for a ruleset with no formal rule)."""
        return self.exercised / self.formal if self.formal else 0.0

    @property
    def unexercised(self) -> list[ExercisedRule]:
        """The formal rules no example exercises, in spec order."""
        return [r for r in self.rules if not r.examples]

    def to_json(self) -> dict[str, Any]:
        """``{ruleset, formal, exercised, share, rules: [{id, title, examples}], unexercised: [id, ...]}``."""
        return {
            "ruleset": self.ruleset,
            "formal": self.formal,
            "exercised": self.exercised,
            "share": self.share,
            "rules": [{"id": r.id, "title": r.title, "examples": list(r.examples)} for r in self.rules],
            "unexercised": [r.id for r in self.unexercised],
        }


def formal_rules(spec: Spec, ruleset: str) -> list[str]:
    """The ruleset's own rules with a formal part (no restatements, no readings as rules of their own).

    ``validate`` counts a rule formal when its default reading has clauses; here a rule whose formal part
    belongs only to another reading of it counts too, since an example choosing that reading exercises it.
    """
    out = []
    for rule in spec.rules_in(ruleset):
        if rule.restates or rule.reading_of:
            continue
        options = rule.readings[ruleset].options.values() if ruleset in rule.readings else ()
        if rule.views[ruleset].formal or any(view.formal for view in options):
            out.append(rule.id)
    return out


def situation_of(spec: Spec, path: Path, ruleset: str) -> tuple[Situation | None, str]:
    """The situation of a file of ``ruleset`` (``None`` for another ruleset's file, or with why a bad one is bad).

    The ``ruleset:`` line is read first, so another ruleset's file is not parsed at all.
    """
    named = ruleset_named(path)
    if named is not None and named != ruleset:
        return None, ""
    try:
        loaded = load_situation(path, set(spec.rulesets()))
    except PositionedError as exc:
        return None, str(exc) if named is not None else ""
    return (loaded, "") if loaded.ruleset == ruleset else (None, "")


def deciders(spec: Spec, situation: Situation) -> tuple[set[str], str]:
    """The rules the deciding steps of the situation's answer cite, and why there is no answer if there is none.

    A step under a reading names the rule read; a restatement or a reading written as its own rule counts as
    the rule it restates or reads.
    """
    if not supported(situation.query.kind, situation.ruleset):
        return set(), f"{situation.query.kind} is not supported"
    try:
        steps = answer(spec, situation).deciding
    except RuleConflict as exc:
        return set(), conflict_of(spec, exc).text()
    except (PositionedError, UsageError, FactError) as exc:
        return set(), str(exc)
    found = set()
    for step in steps:
        rule = spec.rules.get(step.rule)
        if rule is not None:
            found.add(rule.reading_of or rule.restates or rule.id)
    return found, ""


def rules_exercised(spec: Spec, ruleset: str, folder: Path) -> RulesExercised:
    """For each formal rule of ``ruleset``, the situation files under ``folder`` whose answer it settles.

    ``spec`` holds the ruleset's game (one load for every file); only the files of that ruleset are answered.
    """
    formal = formal_rules(spec, ruleset)
    by_rule: dict[str, list[str]] = {rule_id: [] for rule_id in formal}
    unanswered: list[tuple[str, str]] = []
    for path in sorted(folder.rglob("*.yaml")):
        situation, why = situation_of(spec, path, ruleset)
        found: set[str] = set()
        if situation is not None:
            found, why = deciders(spec, situation)
        if why:
            unanswered.append((str(path), why))
        for rule_id in sorted(found & by_rule.keys()):
            by_rule[rule_id].append(str(path))
    rules = tuple(
        ExercisedRule(
            rule_id,
            spec.rules[rule_id].views[ruleset].title,
            spec.rules[rule_id].views[ruleset].cites,
            tuple(by_rule[rule_id]),
        )
        for rule_id in formal
    )
    return RulesExercised(ruleset, rules, tuple(unanswered))
