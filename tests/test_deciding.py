"""Every answer names the rule that settles it, as a step of its own citing the line that says it.

A judge reads the trace to settle a dispute: the step that decides (marked
``deciding`` in the JSON trace) must be a rule of the ruleset, cite that rule's
own lines as its ``source`` and ``lines`` (not only in a nested ``cites``), and
those lines must hold the rule's words, not only the section heading above
them. Every example's ``expect:`` names its deciding rule among its ``rules``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from adjudicator.core.engine import Step
from adjudicator.core.expr.ast import BoolLit, EnumLit, IntLit, Node
from adjudicator.core.spec import Spec, load_spec
from adjudicator.games.registry import games, ruleset_game
from adjudicator.judge import Judged, judge_file
from tests.conftest import ROOT

EXAMPLES = sorted((ROOT / "examples").rglob("*.yaml"))
CLAIM = re.compile(r"([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+) = ([A-Za-z0-9_./-]+)")
"""A step's claim ``decision = value`` in its note."""


@cache
def spec() -> Spec:
    """Every game's rules."""
    return load_spec()


def problems(judged: Judged) -> list[str]:
    """What is wrong with the answer's deciding steps (empty when each cites its own rule's line)."""
    answer, situation = judged.answer, judged.situation
    steps: list[Step] = answer.deciding
    if not steps:
        return ["no step is marked as the one that settles the answer"]
    out = []
    for step in steps:
        rule = spec().rules.get(step.rule)
        if rule is None or situation.ruleset not in rule.views:
            out.append(f"{step.rule}: not a rule of {situation.ruleset}")
            continue
        view = rule.view(situation.ruleset, situation.readings.get(rule.id))
        if not step.cites or step.cites[0] not in view.cites:
            out.append(f"{step.rule}: its own step does not cite the rule's lines ({step.cites[:1]})")
            continue
        first = step.cites[0]
        headings = spec().sources[first.source].headings
        if all(line in headings for line in range(first.first, first.last + 1)):
            out.append(f"{step.rule}: cites only a section heading ({first})")
    return out


def _literal(node: Node) -> str | None:
    """A constant's text as a note shows it; ``None`` for anything computed from the facts."""
    if isinstance(node, BoolLit):
        return "true" if node.value else "false"
    if isinstance(node, IntLit | EnumLit):
        return str(node.value)
    return None


def contradictions(judged: Judged) -> list[str]:
    """Steps whose note claims a value the cited rule (its clauses for that decision) can never give."""
    ruleset, out = judged.situation.ruleset, []
    for step in judged.answer.trace:
        rule = spec().rules.get(step.rule)
        if rule is None or ruleset not in rule.views:
            continue
        view = rule.view(ruleset, step.reading or judged.situation.readings.get(rule.id))
        for decision, value in CLAIM.findall(step.note):
            gives = [_literal(c.then) for c in view.clauses if c.decision == decision]
            constants = {g for g in gives if g is not None}
            if gives and len(constants) == len(set(gives)) and value not in constants:
                out.append(f"{step.rule} cited for {decision} = {value}, but it gives only {sorted(constants)}")
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_the_deciding_step_cites_the_line_that_says_it(path: Path) -> None:
    """The answer marks its deciding steps; each cites its own rule's line; the expect block names that rule.

    No step claims a value its rule cannot give (a rule's words cited for the opposite of what they say).
    """
    judged = judge_file(path)
    assert problems(judged) == []
    assert contradictions(judged) == []
    expect = judged.situation.expect
    if isinstance(expect, dict):  # a worked ruling names the rule that settles it
        assert expect.get("rules"), "the expect block names no rule"
        deciders = {step.rule for step in judged.answer.deciding}
        assert deciders & set(expect["rules"]), f"expect: rules {expect['rules']} names none of {sorted(deciders)}"


def test_the_check_catches_a_heading_and_a_missing_mark(tmp_path: Path) -> None:
    """A trace with no deciding step, or one citing a heading line only, is reported (the test can fail)."""
    judged = judge_file(ROOT / "examples" / "contract" / "lof-blocking.yaml")
    unmarked = Judged(judged.situation, judged.spec, type(judged.answer)(judged.answer.ruleset, "q", "answered"))
    assert problems(unmarked) == ["no step is marked as the one that settles the answer"]


def test_the_examples_ask_every_query_kind_of_every_game() -> None:
    """The checks above run on every kind of question each registered game answers."""
    asked = set()
    for path in EXAMPLES:
        situation = judge_file(path).situation
        asked.add((ruleset_game(situation.ruleset), situation.query.kind))
    wanted = {(game.id, kind) for game in games() for kind in game.queries}
    assert wanted - asked == set()


def test_a_step_claiming_what_its_rule_never_gives_is_reported() -> None:
    """A blocking-terrain rule cited for ``lof.blocked = false`` contradicts its own words (the test can fail)."""
    judged = judge_file(ROOT / "examples" / "contract" / "lof-blocking.yaml")
    step = judged.answer.trace[0]
    wrong = replace(step, note=step.note.replace("lof.blocked = true", "lof.blocked = false"))
    answer = type(judged.answer)(judged.answer.ruleset, "q", "answered")
    answer.trace.append(wrong)
    found = contradictions(Judged(judged.situation, judged.spec, answer))
    assert len(found) == 1
    assert "lof.blocked = false" in found[0]
