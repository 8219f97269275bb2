"""Shared helpers of the spec table tests."""

from __future__ import annotations

from typing import Any

from adjudicator.core.expr.types import EnumT, IntT, domain
from adjudicator.core.spec import load_spec


def neutral_facts(ruleset: str, decision: str) -> dict[str, Any]:
    """Every fact of the decision at a neutral value (false, first enum value, 0 or the lowest int)."""
    facts: dict[str, Any] = {}
    for name, fact in load_spec().decision(ruleset, decision).facts.items():
        if isinstance(fact.type, IntT):
            facts[name] = 0 if fact.type.lo <= 0 <= fact.type.hi else fact.type.lo
        elif isinstance(fact.type, EnumT):
            facts[name] = fact.type.values[0]
        else:
            facts[name] = False
    return facts


def rule_ids(result: Any) -> set[str]:
    """The ids of the rules in a result's trace."""
    return {step.rule for step in result.trace}


def decide_first_values(ruleset: str, decision: str, readings: dict[str, str] | None = None, **facts: Any) -> Any:
    """Decide with every fact not given set to the first value of its type."""
    spec = load_spec()
    dec = spec.decision(ruleset, decision)
    full = {name: domain(fact.type)[0] for name, fact in dec.facts.items()}
    full.update(facts)
    return spec.decide(ruleset, decision, full, readings)


HEROCLIX = "heroclix/core"


def heroclix_neutral(decision: str) -> dict[str, Any]:
    """Every fact of a HeroClix decision at a neutral value."""
    return neutral_facts(HEROCLIX, decision)


def heroclix_decide(decision: str, readings: dict[str, str] | None = None, **facts: Any) -> Any:
    """Decide a HeroClix decision with every other fact at its neutral value."""
    return load_spec().decide(HEROCLIX, decision, {**heroclix_neutral(decision), **facts}, readings)
