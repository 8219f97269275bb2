"""The answer to a situation's query: verdict, outcome, cited trace, picture."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.engine import Result, Step
from adjudicator.core.spec import Spec
from adjudicator.present import step_json
from adjudicator.spaces.base import SpaceId

VERDICTS = ("legal", "illegal", "answered", "undecided")


@dataclass
class Answer:
    """What ``adjudicator ask`` prints: the contract's answer plus a board picture."""

    ruleset: str
    query: str
    verdict: str
    outcome: dict[str, Any] = field(default_factory=dict)
    trace: list[Step] = field(default_factory=list)
    picture: str = ""
    marks: dict[str, list[SpaceId]] = field(default_factory=dict)
    """What to draw: ``path`` (squares in order), ``line`` (two squares),
    ``targets`` and ``reach`` (sets of squares)."""

    def cite(self, result: Result) -> Result:
        """Append a decision's trace to the answer's trace and return the result."""
        self.trace.extend(result.trace)
        return result

    def note(self, step: Step) -> None:
        """Append one step."""
        self.trace.append(step)

    def to_json(self, spec: Spec) -> dict[str, Any]:
        """The contract's JSON answer."""
        return {
            "ruleset": self.ruleset,
            "query": self.query,
            "verdict": self.verdict,
            "outcome": self.outcome,
            "trace": [step_json(spec, s) for s in self.trace],
        }
