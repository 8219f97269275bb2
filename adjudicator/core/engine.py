"""Evaluate a decision: the 0/1/many rule over applicable, un-overridden rules.

* no applicable rule: the decision's default rule if it applies, else
  ``undecided`` (citing the ruleset's fallback rule when it has one);
* one applicable rule after overrides (or several that agree): its value;
* several that disagree: :class:`RuleConflict`, carrying every citation.

A rule overrides another when it names it in ``overrides``, directly or
through a chain of overrides (the override graph is transitive).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from adjudicator.core.expr.compile import Value
from adjudicator.core.expr.types import contains
from adjudicator.core.graph import descendants, reading_graph
from adjudicator.core.model import Clause, Decision, Rule, RuleView
from adjudicator.core.sources import Citation


@dataclass(frozen=True)
class Step:
    """One cited step of a trace."""

    rule: str
    cites: tuple[Citation, ...]
    note: str
    reading: str | None = None
    also: tuple[Citation, ...] = ()
    deciding: bool = False
    """The step settles the question asked (the verdict, or a value of the outcome): its rule decides it."""


@dataclass(frozen=True)
class Result:
    """A decision's value, how it was reached, and the cited trace."""

    decision: str
    ruleset: str
    value: Value | None
    status: str  # decided | default | undecided
    trace: tuple[Step, ...]


class FactError(ValueError):
    """A fact that is unknown, missing or outside its declared domain."""


class RuleConflict(Exception):
    """Several applicable, un-prioritised rules give different values."""

    def __init__(self, decision: str, ruleset: str, steps: list[tuple[Step, Value]]) -> None:
        listing = "; ".join(f"{s.rule} ({', '.join(map(str, s.cites))}) says {v!r}" for s, v in steps)
        super().__init__(f"rules conflict on {decision} in {ruleset}: {listing}")
        self.decision = decision
        self.ruleset = ruleset
        self.steps = steps


class Facts(Mapping[str, Value]):
    """The facts of one evaluation; reading an undeclared or absent fact fails clearly."""

    def __init__(self, decision: Decision, given: Mapping[str, Value]) -> None:
        for name, value in given.items():
            fact = decision.facts.get(name)
            if fact is None:
                msg = f"{decision.id} has no fact {name!r} (facts: {', '.join(sorted(decision.facts))})"
                raise FactError(msg)
            if not contains(fact.type, value):
                msg = f"fact {name} of {decision.id} must be {fact.type}, got {value!r}"
                raise FactError(msg)
        self.decision = decision
        self.given = dict(given)

    def __getitem__(self, name: str) -> Value:
        if name not in self.given:
            msg = f"{self.decision.id} needs fact {name!r}, which was not given"
            raise FactError(msg)
        return self.given[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.given)

    def __len__(self) -> int:
        return len(self.given)


class Engine:
    """Decides every decision of every ruleset of a loaded spec."""

    def __init__(
        self,
        rules: Mapping[str, Rule],
        decisions: Mapping[tuple[str, str], Decision],
        fallback: Mapping[str, str],
    ) -> None:
        self.rules = rules
        self.decisions = decisions
        self.fallback = fallback
        self._below: dict[tuple[str, tuple[tuple[str, str], ...]], dict[str, set[str]]] = {}
        self.index: dict[tuple[str, str], list[Rule]] = {}
        for rule in rules.values():
            if rule.reading_of or rule.restates:
                continue
            for ruleset in rule.views:
                for name in _decided(rule, ruleset):
                    self.index.setdefault((ruleset, name), []).append(rule)

    def decide(
        self, ruleset: str, decision: Decision, facts: Mapping[str, Value], readings: Mapping[str, str] | None = None
    ) -> Result:
        """The value of ``decision`` for ``facts`` under ``ruleset``."""
        env = Facts(decision, facts)
        chosen = readings or {}
        applicable: list[tuple[RuleView, Clause]] = []
        for rule in self.index.get((ruleset, decision.id), []):
            view = rule.view(ruleset, chosen.get(rule.id))
            applicable += [(view, c) for c in view.clauses if c.decision == decision.id and _holds(c, env)]
        default_id = decision.default
        normal = [(v, c) for v, c in applicable if v.id != default_id]
        if normal:
            return self._resolve(ruleset, decision, normal, env, chosen)
        if applicable:
            view, clause = applicable[0]
            value = clause.then_fn(env)
            return Result(
                decision.id, ruleset, value, "default", (self._step(view, f"default: {decision.id} = {_show(value)}"),)
            )
        return Result(decision.id, ruleset, None, "undecided", self._fallback(ruleset))

    def below(self, ruleset: str, readings: Mapping[str, str]) -> dict[str, set[str]]:
        """For each rule, the rules it overrides (transitively) under these readings."""
        relevant = tuple(sorted((r, n) for r, n in readings.items() if r in self.rules and self.rules[r].readings))
        key = (ruleset, relevant)
        if key not in self._below:
            graph = reading_graph(self.rules, ruleset, dict(relevant))
            self._below[key] = {n: descendants(graph, n) for n in graph}
        return self._below[key]

    def _resolve(
        self,
        ruleset: str,
        decision: Decision,
        applicable: list[tuple[RuleView, Clause]],
        env: Facts,
        chosen: Mapping[str, str],
    ) -> Result:
        below = self.below(ruleset, chosen)
        overridden = set().union(*(below.get(v.id, set()) for v, _ in applicable))
        winners = [(v, c) for v, c in applicable if v.id not in overridden]
        steps = [(self._step(v, _note(decision, c, c.then_fn(env))), c.then_fn(env)) for v, c in winners]
        values = {repr(v) for _, v in steps}
        if len(values) > 1:
            raise RuleConflict(decision.id, ruleset, steps)
        return Result(decision.id, ruleset, steps[0][1], "decided", tuple(s for s, _ in steps))

    def _step(self, view: RuleView, note: str) -> Step:
        also = tuple(c for _, c in self.rules[view.id].also_cited.get(view.ruleset, []))
        return Step(view.id, view.cites, note, view.reading, also)

    def _fallback(self, ruleset: str) -> tuple[Step, ...]:
        rule = self.rules.get(self.fallback.get(ruleset, ""))
        if rule is None or ruleset not in rule.views:
            return ()
        return (self._step(rule.views[ruleset], "no rule decides this case; the ruleset's fallback applies"),)


def _decided(rule: Rule, ruleset: str) -> set[str]:
    views = [rule.views[ruleset], *(rule.readings[ruleset].options.values() if ruleset in rule.readings else [])]
    return {c.decision for v in views for c in v.clauses}


def _holds(clause: Clause, env: Facts) -> bool:
    return clause.when_fn is None or bool(clause.when_fn(env))


def _note(decision: Decision, clause: Clause, value: Value) -> str:
    cond = f"{clause.when_text}: " if clause.when is not None else ""
    return f"{cond}{decision.id} = {_show(value)}"


def _show(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
