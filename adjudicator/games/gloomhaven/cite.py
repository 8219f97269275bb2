"""Cited steps for the Gloomhaven queries: decisions asked with a context, and rule steps.

:func:`ask` evaluates one of the spec's decisions and appends its cited trace
to the answer (each note prefixed by where it applies, ``"C2 -> D2"``);
:func:`rule_step` is a step that rests on no decision but on a cited rule
(geometry the hex space computes, a field of the situation), citing that
rule's seed lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from adjudicator.core.engine import Result, Step
from adjudicator.core.expr.compile import Value
from adjudicator.core.spec import Spec
from adjudicator.situation.answer import Answer


def ask(
    spec: Spec, situation: Any, answer: Answer, decision: str, facts: Mapping[str, Value], *, where: str = ""
) -> Result:
    """Evaluate ``decision`` with ``facts`` under the situation's ruleset and readings; cite its trace."""
    result = spec.decide(situation.ruleset, decision, facts, situation.readings)
    prefix = f"{where}: " if where else ""
    answer.trace.extend(replace(step, note=f"{prefix}{step.note}") for step in result.trace)
    return result


def rule_step(spec: Spec, situation: Any, rule_id: str, note: str) -> Step:
    """A step citing rule ``rule_id`` as it stands in the situation's ruleset (and reading)."""
    rule = spec.rules[rule_id]
    view = rule.view(situation.ruleset, situation.readings.get(rule_id))
    return Step(view.id, view.cites, note, view.reading)


def note(spec: Spec, situation: Any, answer: Answer, rule_id: str, text: str) -> None:
    """Append a :func:`rule_step` to the answer."""
    answer.note(rule_step(spec, situation, rule_id, text))
