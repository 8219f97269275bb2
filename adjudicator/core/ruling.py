"""Asking the rules about one situation: every game's one way to put a decision and cite a rule.

A :class:`Ruling` holds a ruleset and the readings a situation chose. It asks
the spec's decisions (:meth:`Ruling.decide`, each distinct question once, the
result shared by every ruling of the same ruleset and readings), and it cites
a rule as that ruleset (and reading) states it where a step rests on no
decision but on a rule itself: a geometric fact, a field of the situation, a
tie (:meth:`Ruling.rule_step`). A game whose decisions declare facts the
engine does not pass completes them with an ``adapt`` function (the Clix
games' fact profiles); facts a situation gives in place of assumed defaults
come in as ``given``.

:func:`noted` and :func:`prefixed` re-word a step; an answer appends a
result's steps with :meth:`adjudicator.situation.answer.Answer.cite`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import cast

from adjudicator.core.engine import Result, Step
from adjudicator.core.expr.compile import Value
from adjudicator.core.model import Decision
from adjudicator.core.spec import Spec

Adapt = Callable[[Decision, Mapping[str, Value]], tuple[dict[str, Value], dict[str, str]]]
"""Completes the facts a decision declares from those given; returns them and the assumptions made."""

NO_RULE = "(no rule)"
"""The rule id of a step no rule of the ruleset supports."""


class Ruling:
    """The decisions of one ruleset under a situation's readings, asked with facts, and its rules cited."""

    def __init__(
        self,
        spec: Spec,
        ruleset: str,
        readings: Mapping[str, str] | None = None,
        *,
        adapt: Adapt | None = None,
        given: Mapping[str, Value] | None = None,
    ) -> None:
        self.spec = spec
        self.ruleset = ruleset
        self.readings: Mapping[str, str] = readings or {}
        self._readings_key = tuple(sorted(self.readings.items()))
        self._adapt = adapt
        self.given: Mapping[str, Value] = given or {}
        """Facts the situation gives for those the game would otherwise assume."""
        self.assumed: dict[str, str] = {}
        """Facts no situation field gave, taken at the game's documented default (from ``adapt``)."""
        self._cache: dict[tuple[str, tuple[tuple[str, Value], ...]], Result] = {}

    def decide(self, decision: str, facts: Mapping[str, Value]) -> Result:
        """The decision's result for these facts, under the ruleset and the readings (each question asked once).

        Results are pure, so one is shared by every ruling of the same ruleset and readings (the spec's memo).
        """
        if self.given:
            facts = {**self.given, **facts}
        key = (decision, tuple(facts.items()))  # unsorted: the same facts in another order only miss once
        cached = self._cache.get(key)
        if cached is None:
            shared_key = (self.ruleset, self._readings_key, key)
            shared = self.spec.memo.get(shared_key)
            if shared is None:
                if self._adapt is None:
                    shared = (self.spec.decide(self.ruleset, decision, facts, self.readings), {})
                else:
                    adapted, assumed = self._adapt(self.spec.decision(self.ruleset, decision), facts)
                    shared = (self.spec.decide(self.ruleset, decision, adapted, self.readings), assumed)
                self.spec.remember(shared_key, shared)
            cached, assumed = cast("tuple[Result, dict[str, str]]", shared)
            if assumed:
                self.assumed.update(assumed)
            self._cache[key] = cached
        return cached

    def value(self, decision: str, facts: Mapping[str, Value]) -> Value | None:
        """Just the value of :meth:`decide`."""
        return self.decide(decision, facts).value

    def rule_step(self, rule_id: str, note: str) -> Step:
        """A step citing a rule as the ruleset (and its chosen reading) states it; ``(no rule)`` if it has none."""
        rule = self.spec.rules.get(rule_id)
        if rule is None or self.ruleset not in rule.views:
            return Step(NO_RULE, (), note)
        view = rule.view(self.ruleset, self.readings.get(rule_id))
        return Step(view.id, view.cites, note, view.reading)

    def fallback_step(self, note: str) -> Step:
        """A step citing the game's fallback rule (for a case no rule decides), with ``note``."""
        return self.rule_step(self.spec.fallback.get(self.spec.game(self.ruleset), NO_RULE), note)


def noted(step: Step, note: str) -> Step:
    """``step`` with ``note`` for its note: ``dataclasses.replace(step, note=note)``, built directly.

    ``replace`` looks the dataclass's fields up on every call; a query cites tens of steps, so the copy is
    spelled out (``tests/test_values_memo.py`` checks it agrees with ``replace`` on every field).
    """
    return Step(step.rule, step.cites, note, step.reading, step.also, step.deciding)


def deciding(step: Step) -> Step:
    """``step`` marked as the one that settles the question (see :attr:`Step.deciding`)."""
    return step if step.deciding else Step(step.rule, step.cites, step.note, step.reading, step.also, deciding=True)


def prefixed(step: Step, prefix: str) -> Step:
    """``step`` with its note led by where it applies (``"C2 -> D2: ..."``, ``"attacker: ..."``)."""
    return noted(step, f"{prefix}: {step.note}") if prefix else step
