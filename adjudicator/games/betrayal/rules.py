"""Asking the house game's decisions for one situation, with answers cached and steps citable."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from adjudicator.core.engine import Result, Step
from adjudicator.core.expr.compile import Value
from adjudicator.core.spec import Spec
from adjudicator.games.betrayal.model import HouseSituation
from adjudicator.situation.answer import Answer


class Rules:
    """The decisions of one situation's ruleset, under its readings; results are cached per facts."""

    def __init__(self, spec: Spec, situation: HouseSituation) -> None:
        self.spec = spec
        self.situation = situation
        self.ruleset = situation.ruleset
        self.readings = situation.readings
        self._cache: dict[tuple[str, tuple[tuple[str, Any], ...]], Result] = {}

    def ask(self, decision: str, **facts: Value) -> Result:
        """The decision's result for these facts (cached)."""
        key = (decision, tuple(sorted(facts.items())))
        result = self._cache.get(key)
        if result is None:
            result = self.spec.decide(self.ruleset, decision, facts, self.readings)
            self._cache[key] = result
        return result

    def value(self, decision: str, **facts: Value) -> Any:
        """Just the value of :meth:`ask`."""
        return self.ask(decision, **facts).value

    def step(self, rule_id: str, note: str) -> Step:
        """A step citing one rule (under the situation's reading of it) with a note."""
        rule = self.spec.rules[rule_id]
        view = rule.view(self.ruleset, self.readings.get(rule_id))
        return Step(view.id, view.cites, note, view.reading)


def cite(answer: Answer, result: Result, prefix: str = "") -> Result:
    """Append a result's steps to the answer (notes prefixed), skipping exact repeats."""
    for step in result.trace:
        shown = replace(step, note=f"{prefix}{step.note}") if prefix else step
        if shown not in answer.trace:
            answer.trace.append(shown)
    return result
