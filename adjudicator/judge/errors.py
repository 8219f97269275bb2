"""Why a question was refused: one mapping from the engine's errors to what the CLI and the API say.

Every expected error is a :class:`Refusal`: the message the CLI prints on
stderr (``file:line: field: message`` for a bad situation), its exit status
(2) and the HTTP status the API answers with (4xx, 503 when the spec does not
load). Anything else is a fault of the tool itself, reported as such (exit 3,
HTTP 500) and never as a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from adjudicator.core.engine import FactError, RuleConflict
from adjudicator.core.errors import NotSupported, PositionedError, SpecErrors, UsageError

EXIT_REFUSED: Final = 2
"""The CLI's exit status for a bad spec, a bad situation file, bad arguments or a conflict in the rules."""
EXIT_FAULT: Final = 3
"""The CLI's exit status for a fault of the tool itself."""
HTTP_BAD_REQUEST: Final = 400
HTTP_UNPROCESSABLE: Final = 422
HTTP_UNAVAILABLE: Final = 503


class Refusal(NamedTuple):
    """An expected error, as the CLI and the API report it."""

    message: str
    http_status: int
    details: Mapping[str, Any] = MappingProxyType({})
    """More fields of the API's JSON error (the position of a bad field, the kind of refusal)."""
    exit_status: int = EXIT_REFUSED


def refusal(exc: BaseException) -> Refusal | None:
    """The refusal an error stands for, or ``None`` for a fault of the tool."""
    if isinstance(exc, PositionedError):
        where = {"file": exc.where.file, "line": exc.where.line, "message": exc.message}
        return Refusal(str(exc), HTTP_BAD_REQUEST, where)
    if isinstance(exc, SpecErrors):
        return Refusal(str(exc) + f"\n{len(exc.errors)} problem(s) in the spec", HTTP_UNAVAILABLE)
    if isinstance(exc, NotSupported):
        return Refusal(str(exc), HTTP_UNPROCESSABLE, {"kind": "not supported"})
    if isinstance(exc, UsageError | FactError):
        return Refusal(str(exc), HTTP_UNPROCESSABLE)
    if isinstance(exc, RuleConflict):
        return Refusal(f"conflict: {exc}", HTTP_UNPROCESSABLE, {"kind": "conflict"})
    return None


def fault_message(exc: BaseException) -> str:
    """The one line a fault of the tool is reported in."""
    return (
        f"internal error: {type(exc).__name__}: {exc} (a fault of the adjudicator, not of the input; "
        "please report it with the command and its files)"
    )
