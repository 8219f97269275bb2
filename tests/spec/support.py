"""Shared helpers of the spec table tests."""

from __future__ import annotations

from typing import Any

from adjudicator.expr.types import EnumT, IntT
from adjudicator.spec import load_spec


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
