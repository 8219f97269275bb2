"""A fast conflict check without a solver: every decision evaluated on its whole finite domain, where small.

``validate`` runs it. A decision whose facts have at most :data:`DOMAIN_LIMIT`
combinations is evaluated on each of them that obeys the decision's invariants,
under its ruleset's default readings; two applicable rules, neither overriding the other, that give
different values are a conflict, reported with both rules' ``file:line``.
Larger domains are left to ``adjudicator check`` (Z3, in ``proofs/``).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

from adjudicator.core.engine import FactError, RuleConflict
from adjudicator.core.expr.compile import Value
from adjudicator.core.expr.types import domain
from adjudicator.core.spec import Spec

DOMAIN_LIMIT = 4096
"""Most fact combinations checked one by one for a decision."""


@dataclass(frozen=True)
class Conflict:
    """Two or more rules that give different values for the same facts."""

    ruleset: str
    decision: str
    facts: dict[str, Value]
    rules: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        """The conflict as JSON."""
        return {"ruleset": self.ruleset, "decision": self.decision, "facts": self.facts, "rules": self.rules}

    def text(self) -> str:
        """``file:line: rule says value`` for each rule, on one line each."""
        facts = ", ".join(f"{k}={v}" for k, v in self.facts.items())
        head = f"conflict on {self.decision} in {self.ruleset}" + (f" when {facts}" if facts else "")
        return "\n".join([head, *(f"  {r['where']}: {r['rule']} says {r['value']}" for r in self.rules)])


def conflict_of(spec: Spec, exc: RuleConflict, facts: dict[str, Value] | None = None) -> Conflict:
    """A :class:`RuleConflict` with each rule's definition place."""
    rules = []
    for step, value in exc.steps:
        rule = spec.rules.get(step.rule)
        rules.append(
            {
                "rule": step.rule,
                "where": str(rule.where) if rule is not None else "?",
                "value": value,
                "cites": [str(c) for c in step.cites],
            }
        )
    return Conflict(exc.ruleset, exc.decision, dict(facts or {}), rules)


def check_conflicts(spec: Spec, rulesets: list[str] | None = None) -> tuple[list[Conflict], int, int]:
    """Conflicts found, decisions checked, decisions skipped (domain above :data:`DOMAIN_LIMIT`)."""
    found: list[Conflict] = []
    checked = skipped = 0
    for ruleset in rulesets or spec.rulesets():
        game = spec.game(ruleset)
        for (owner, decision_id), decision in sorted(spec.decisions.items()):
            if owner != game:
                continue
            names = sorted(decision.facts)
            domains = [domain(decision.facts[n].type) for n in names]
            if math.prod(len(d) for d in domains) > DOMAIN_LIMIT:
                skipped += 1
                continue
            checked += 1
            for values in itertools.product(*domains):
                facts = dict(zip(names, values, strict=True))
                if not all(inv.fn(facts) for inv in decision.invariants):
                    continue  # no real table situation has these facts
                try:
                    spec.decide(ruleset, decision_id, facts)
                except RuleConflict as exc:
                    found.append(conflict_of(spec, exc, facts))
                    break
                except FactError:
                    break
    return found, checked, skipped
