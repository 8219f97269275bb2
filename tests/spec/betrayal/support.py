"""Shared helpers of the Betrayal spec table tests."""

from __future__ import annotations

from typing import Any

from adjudicator.core.spec import load_spec
from tests.spec.support import neutral_facts

BETRAYAL = "betrayal/2e"


def decide(decision: str, readings: dict[str, str] | None = None, **facts: Any) -> Any:
    """Decide a Betrayal decision with every fact not given at its neutral value."""
    return load_spec().decide(BETRAYAL, decision, {**neutral_facts(BETRAYAL, decision), **facts}, readings)
