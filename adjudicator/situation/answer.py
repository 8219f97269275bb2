"""The answer to a situation's query: verdict, outcome, cited trace, picture."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from adjudicator.core.engine import Result, Step
from adjudicator.core.plain import step_json
from adjudicator.core.ruling import deciding, prefixed
from adjudicator.core.spec import Spec
from adjudicator.spaces.base import SpaceId

VERDICTS = ("legal", "illegal", "depends", "answered", "undecided")
"""``legal`` and ``illegal`` hold whatever the dice; ``depends`` when a roll the situation does not fix
decides (the outcome gives each branch's exact probability)."""


@dataclass(frozen=True)
class DrawnLine:
    """One line of fire the answer computed, as the pictures draw it."""

    start: SpaceId
    end: SpaceId
    target: str
    """The target's name (piece id or square) the line goes to."""
    result: str
    """``clear``, ``hindered``, ``blocked`` or ``undecided``: the answer's own result for this line."""
    blocked_by: str = ""
    """What blocks the line, in words (empty when clear)."""


@dataclass(frozen=True)
class DrawnPath:
    """One path the answer decided, as the pictures draw it, from its start to its end square.

    ``kind`` is ``move``, ``knockback``, ``push``, ``pull`` or ``choice`` (one of the equally good plays of a
    tie, numbered by ``choice`` from 1 in the outcome's order); ``targets`` are the spaces a choice attacks.
    """

    kind: str
    spaces: tuple[SpaceId, ...]
    who: str = ""
    """The piece that goes along the path."""
    choice: int = 0
    targets: tuple[SpaceId, ...] = ()

    @property
    def end(self) -> SpaceId | None:
        """Where the path ends (``None`` for an empty path)."""
        return self.spaces[-1] if self.spaces else None


def line_result(clear: bool | None, hindering: bool | None) -> str:
    """The drawn result of a line from the answer's ``clear`` and ``hindering`` values."""
    if clear is None:
        return "undecided"
    if not clear:
        return "blocked"
    return "hindered" if hindering else "clear"


@dataclass
class Answer:
    """What ``adjudicator ask`` prints: the contract's answer plus a board picture."""

    ruleset: str
    query: str
    verdict: str
    outcome: dict[str, Any] = field(default_factory=dict)
    trace: list[Step] = field(default_factory=list)
    marks: dict[str, list[SpaceId]] = field(default_factory=dict)
    """What to draw: ``path`` (squares in order), ``line`` (two squares),
    ``targets`` and ``reach`` (sets of squares)."""
    lines: list[DrawnLine] = field(default_factory=list)
    """Every line of fire the answer computed, with its result."""
    target_names: dict[str, list[SpaceId]] = field(default_factory=dict)
    """Each target's name and squares, so pictures can mark every target by name."""
    paths: list[DrawnPath] = field(default_factory=list)
    """Every path the answer decided (knockback, push, each choice of a tie), with its end, for the pictures."""
    _picture: str = field(default="", init=False, repr=False)
    _draw: Callable[[], str] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def has_picture(self) -> bool:
        """Whether a picture is drawn or will be (:meth:`draw_later`)."""
        return bool(self._picture) or self._draw is not None

    @property
    def picture(self) -> str:
        """The board picture (drawn on first access when :meth:`draw_later` set it)."""
        if self._draw is not None:
            self._picture, self._draw = self._draw(), None
        return self._picture

    @picture.setter
    def picture(self, text: str) -> None:
        self._picture, self._draw = text, None

    def draw_later(self, draw: Callable[[Answer], str]) -> None:
        """Have ``draw`` make :attr:`picture` on first access, from the answer as it stands now.

        Queries answered in bulk (the witness-board scan) never read the picture, so they never draw it.
        """
        now = Answer(
            self.ruleset,
            self.query,
            self.verdict,
            dict(self.outcome),
            marks={k: list(v) for k, v in self.marks.items()},
            lines=list(self.lines),
            target_names={k: list(v) for k, v in self.target_names.items()},
            paths=list(self.paths),
        )
        self._draw = partial(draw, now)

    def cite(self, result: Result, prefix: str = "", *, once: bool = False, decides: bool = False) -> Result:
        """Append a decision's trace to the answer's trace and return the result.

        ``prefix`` leads each note with where it applies (``"C2 -> D2"``, a piece); ``once`` leaves out a step
        the trace already holds word for word; ``decides`` marks the steps as those that settle the question
        (the rules that gave the verdict or a value of the outcome).
        """
        steps: Sequence[Step] = [prefixed(step, prefix) for step in result.trace] if prefix else result.trace
        if decides:
            steps = [deciding(step) for step in steps]
        if once:
            for step in steps:
                if step not in self.trace:
                    self.trace.append(step)
        else:
            self.trace.extend(steps)
        return result

    def note(self, step: Step, *, decides: bool = False) -> None:
        """Append one step (``decides``: it settles the question, see :meth:`cite`)."""
        self.trace.append(deciding(step) if decides else step)

    @property
    def deciding(self) -> list[Step]:
        """The steps that settle the question."""
        return [step for step in self.trace if step.deciding]

    def to_json(self, spec: Spec) -> dict[str, Any]:
        """The contract's JSON answer."""
        return {
            "ruleset": self.ruleset,
            "query": self.query,
            "verdict": self.verdict,
            "outcome": self.outcome,
            "trace": [step_json(spec, s) for s in self.trace],
        }
