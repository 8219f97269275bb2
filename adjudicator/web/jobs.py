"""The work the server hands to its worker processes, and how each job's result is written.

A job is ``(kind, payload)``; :func:`run_job` returns a :class:`Reply`: an
HTTP status and a JSON document already written as text. Every expected
error becomes a 4xx reply with the CLI's ``file:line: field: message`` text;
nothing here ever returns a traceback. The specs a worker loads stay loaded
(``load_spec`` is cached), so only the first job of a game pays for them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from adjudicator.core.errors import UsageError
from adjudicator.core.spec import known_rulesets, load_spec
from adjudicator.core.yamlpos import parse_yaml
from adjudicator.games import game_of, games
from adjudicator.judge.errors import HTTP_BAD_REQUEST, refusal
from adjudicator.situation.fields import plain
from adjudicator.web.bodies import check_document

Progress = Callable[[str], None]
"""Reports a line of progress to the server (long jobs only)."""

HTTP_OK = 200


@cache
def rulesets() -> frozenset[str]:
    """The known rulesets (read once per worker: ``sources.yaml`` does not change while serving)."""
    return frozenset(known_rulesets())


@dataclass(frozen=True)
class Reply:
    """A job's answer: status and JSON text (the same bytes the CLI prints for ``ask --json``)."""

    status: int
    body: str


def dumps(data: Any) -> str:
    """JSON exactly as ``adjudicator ... --json`` prints it (``cli.emit_json``), without the final newline."""
    return json.dumps(data, indent=2, ensure_ascii=False)


def error_reply(status: int, text: str, **extra: Any) -> Reply:
    """A JSON error document: ``{"error": text, ...}``."""
    return Reply(status, dumps({"error": text, "status": status, **extra}))


def guarded(work: Callable[[], Reply]) -> Reply:
    """Run ``work``; the errors the CLI reports with exit status 2 become 4xx replies (the judge's one mapping).

    Anything else is a fault of the tool: the worker answers it with a 500 and the error's name.
    """
    try:
        return work()
    except Exception as exc:
        found = refusal(exc)
        if found is None:
            raise
        return error_reply(found.http_status, found.message, **found.details)


def ask(text: str, shown: str, *, svg: bool = False, view: bool = False) -> Reply:
    """``adjudicator ask --json`` on a situation given as text.

    ``svg`` adds the board picture, ``view`` the answer in people's words
    (:func:`~adjudicator.judge.present.answer_view`).
    """
    from adjudicator.judge import judge_text  # noqa: PLC0415 - the judge loads in workers only
    from adjudicator.judge.present import answer_view  # noqa: PLC0415 - as above

    def work() -> Reply:
        check_document(text, shown)
        judged = judge_text(text, shown, rulesets())
        data = judged.json()
        if svg:
            data = {**data, "svg": judged.svg()}
        if view:
            data = {**data, "view": answer_view(judged.spec, judged.answer)}
        return Reply(HTTP_OK, dumps(data))

    return guarded(work)


def validate(text: str, shown: str) -> Reply:
    """Read a situation without answering it: whether it is valid, and the document as plain data."""
    from adjudicator.judge import load_situation_text  # noqa: PLC0415 - the judge loads in workers only

    def work() -> Reply:
        check_document(text, shown)
        loaded = load_situation_text(text, shown, rulesets())
        game = game_of(loaded.ruleset)
        return Reply(
            HTTP_OK,
            dumps(
                {
                    "valid": True,
                    "ruleset": loaded.ruleset,
                    "game": game.id,
                    "query": loaded.query.kind,
                    "answerable": game.answers(loaded.query.kind),
                    "document": plain(parse_yaml(text, shown)),
                }
            ),
        )

    return guarded(work)


def designer(kind: str, args: tuple[str, ...], progress: Progress) -> Reply:
    """``adjudicator diff`` or ``check`` (Z3, imported only in the worker that runs it)."""
    from proofs.commands import command  # noqa: PLC0415 - z3 loads in the worker that runs a designer command

    def work() -> Reply:
        spec = load_spec()
        for ruleset in args:
            if ruleset not in spec.rulesets():
                raise UsageError(f"unknown ruleset {ruleset!r} (known: {', '.join(spec.rulesets())})")
        return Reply(HTTP_OK, dumps(command(kind)(spec, *args, progress=progress)))

    return guarded(work)


def warm() -> Reply:
    """Load what every ``ask`` needs, so that the first request is as fast as the others."""
    from adjudicator.judge import judge_text  # noqa: F401, PLC0415 - imported for its side effect: loading

    for game in games():
        if game.queries:
            load_spec(games=(game.id,))
    rulesets()
    return Reply(HTTP_OK, "{}")


def run_job(kind: str, payload: dict[str, Any], progress: Progress) -> Reply:
    """Dispatch one job by kind."""
    if kind == "ask":
        return ask(payload["text"], payload["shown"], svg=bool(payload.get("svg")), view=bool(payload.get("view")))
    if kind == "validate":
        return validate(payload["text"], payload["shown"])
    if kind in {"diff", "check"}:
        return designer(kind, tuple(payload["args"]), progress)
    if kind == "warm":
        return warm()
    return error_reply(HTTP_BAD_REQUEST, f"unknown job {kind!r}")
