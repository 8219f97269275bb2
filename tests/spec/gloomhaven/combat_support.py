"""Helpers of the table tests of the Gloomhaven combat spec (08- to 18-*.yaml)."""

from __future__ import annotations

from adjudicator.core.engine import Result
from adjudicator.core.expr.compile import Value
from adjudicator.core.spec import load_spec
from tests.spec.support import neutral_facts

GH = "gloomhaven/1e"


def decide(decision: str, readings: dict[str, str] | None = None, /, **facts: Value) -> Result:
    """Decide a Gloomhaven decision with every fact not given at a neutral value (false, first enum value, 0)."""
    return load_spec().decide(GH, decision, {**neutral_facts(GH, decision), **facts}, readings)


def value(decision: str, readings: dict[str, str] | None = None, /, **facts: Value) -> Value:
    """The decided value, checking that some rule (or the default) decided it."""
    result = decide(decision, readings, **facts)
    assert result.status in {"decided", "default"}, result
    assert result.value is not None
    return result.value
