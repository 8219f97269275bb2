"""The designer's commands by name (``check``, ``diff``, ``prove``), for the CLI and the web's workers.

Each is imported when first run: z3 loads only for a designer command.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Finding = dict[str, Any]
Command = Callable[..., list[Finding]]
"""``run(spec, *rulesets, progress=...)``: the findings of one command."""


def _check() -> Command:
    from proofs import check  # noqa: PLC0415 - z3 loads only for a designer command

    return check.run


def _diff() -> Command:
    from proofs import diff  # noqa: PLC0415 - z3 loads only for a designer command

    return diff.run


def _prove() -> Command:
    from proofs import prove  # noqa: PLC0415 - z3 loads only for a designer command

    return prove.run


COMMANDS: dict[str, Callable[[], Command]] = {"check": _check, "diff": _diff, "prove": _prove}
"""The designer's commands, each loaded on first use."""


def command(kind: str) -> Command:
    """The ``run`` function of one designer command (``KeyError`` for an unknown one)."""
    return COMMANDS[kind]()
