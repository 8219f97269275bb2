"""An answer's trace in the making: each step once, the steps that settle the question marked as deciding.

A query walks its situation, citing every decision it asks; only when it
knows its verdict does it know which of those steps settled it (the allowance
of a legal move, the rule that refused an illegal one). :class:`Trace` keeps
the steps in order, lets a step be marked afterwards, and hands them to the
:class:`~adjudicator.situation.answer.Answer` at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from adjudicator.core.engine import Result, Step
from adjudicator.core.ruling import deciding, prefixed
from adjudicator.situation.answer import Answer


class Trace:
    """Cited steps in order, each once (the same rule and note), with a deciding mark that can be added later."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self._at: dict[tuple[str, str], int] = {}
        self.last: list[int] = []
        """The positions of the steps the last :meth:`cite` or :meth:`note` named (new or already there)."""

    def cite(self, result: Result, prefix: str = "", *, decides: bool = False) -> Result:
        """Add a decision's steps (led by ``prefix``) and return the result; ``decides`` marks them."""
        self.last = [self._add(prefixed(step, prefix), decides=decides) for step in result.trace]
        return result

    def note(self, step: Step, *, decides: bool = False) -> None:
        """Add one step (``decides``: it settles the question)."""
        self.last = [self._add(step, decides=decides)]

    def mark(self, positions: Iterable[int]) -> None:
        """Mark the steps at these positions as deciding."""
        for i in positions:
            self.steps[i] = deciding(self.steps[i])

    def mark_rules(self, keep: Callable[[Step], bool]) -> None:
        """Mark every step ``keep`` accepts as deciding."""
        self.mark(i for i, step in enumerate(self.steps) if keep(step))

    @property
    def decided(self) -> bool:
        """Whether some step is marked as deciding."""
        return any(step.deciding for step in self.steps)

    def into(self, answer: Answer) -> None:
        """Append the steps to the answer's trace, marks kept."""
        for step in self.steps:
            answer.note(step)

    def _add(self, step: Step, *, decides: bool) -> int:
        key = (step.rule, step.note)
        at = self._at.get(key)
        if at is None:
            at = self._at[key] = len(self.steps)
            self.steps.append(step)
        if decides:
            self.steps[at] = deciding(self.steps[at])
        return at
