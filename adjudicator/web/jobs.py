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

from adjudicator.core.engine import FactError, RuleConflict
from adjudicator.core.errors import NotSupported, PositionedError, SpecErrors, UsageError
from adjudicator.core.spec import known_rulesets, load_spec
from adjudicator.core.yamlpos import parse_yaml
from adjudicator.games import game_of, games
from adjudicator.web.bodies import check_document

Progress = Callable[[str], None]
"""Reports a line of progress to the server (long jobs only)."""

HTTP_OK = 200
HTTP_BAD_REQUEST = 400
HTTP_UNPROCESSABLE = 422
HTTP_UNAVAILABLE = 503


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


def positioned_reply(exc: PositionedError) -> Reply:
    """A bad situation: the CLI's ``file:line: field: message`` text, and its parts."""
    return error_reply(HTTP_BAD_REQUEST, str(exc), file=exc.where.file, line=exc.where.line, message=exc.message)


def guarded(work: Callable[[], Reply]) -> Reply:
    """Run ``work``; turn the errors the CLI reports with exit status 2 into 4xx replies."""
    try:
        return work()
    except PositionedError as exc:
        return positioned_reply(exc)
    except SpecErrors as exc:
        return error_reply(HTTP_UNAVAILABLE, f"the spec does not load: {len(exc.errors)} problem(s)")
    except NotSupported as exc:
        return error_reply(HTTP_UNPROCESSABLE, str(exc), kind="not supported")
    except (UsageError, FactError) as exc:
        return error_reply(HTTP_UNPROCESSABLE, str(exc))
    except RuleConflict as exc:
        return error_reply(HTTP_UNPROCESSABLE, f"conflict: {exc}")


def ask(text: str, shown: str, *, svg: bool = False) -> Reply:
    """``adjudicator ask --json`` on a situation given as text; ``svg`` adds the board picture."""
    from adjudicator.queries import answer  # noqa: PLC0415 - the query engine loads in workers only
    from adjudicator.situation.load import load_situation_text  # noqa: PLC0415 - same

    def work() -> Reply:
        check_document(text, shown)
        loaded = load_situation_text(text, shown, set(rulesets()))
        spec = load_spec(games=(game_of(loaded.ruleset).id,))
        result = answer(spec, loaded)
        data = result.to_json(spec)
        if svg:
            data = {**data, "svg": loaded.board.svg_picture(loaded, result)}
        return Reply(HTTP_OK, dumps(data))

    return guarded(work)


def validate(text: str, shown: str) -> Reply:
    """Read a situation without answering it: whether it is valid, and the document as plain data."""
    from adjudicator.situation.load import load_situation_text, plain  # noqa: PLC0415 - workers only

    def work() -> Reply:
        check_document(text, shown)
        loaded = load_situation_text(text, shown, set(rulesets()))
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
    import importlib  # noqa: PLC0415 - designer modules are imported by name, in workers only

    def work() -> Reply:
        spec = load_spec()
        for ruleset in args:
            if ruleset not in spec.rulesets():
                raise UsageError(f"unknown ruleset {ruleset!r} (known: {', '.join(spec.rulesets())})")
        module = importlib.import_module(f"proofs.{kind}")
        return Reply(HTTP_OK, dumps(module.run(spec, *args, progress=progress)))

    return guarded(work)


def warm() -> Reply:
    """Load what every ``ask`` needs, so that the first request is as fast as the others."""
    from adjudicator.queries import answer  # noqa: F401, PLC0415 - imported for its side effect: loading
    from adjudicator.situation.load import load_situation_text  # noqa: F401, PLC0415 - same

    for game in games():
        if game.queries:
            load_spec(games=(game.id,))
    rulesets()
    return Reply(HTTP_OK, "{}")


def run_job(kind: str, payload: dict[str, Any], progress: Progress) -> Reply:
    """Dispatch one job by kind."""
    if kind == "ask":
        return ask(payload["text"], payload["shown"], svg=bool(payload.get("svg")))
    if kind == "validate":
        return validate(payload["text"], payload["shown"])
    if kind in {"diff", "check"}:
        return designer(kind, tuple(payload["args"]), progress)
    if kind == "warm":
        return warm()
    return error_reply(HTTP_BAD_REQUEST, f"unknown job {kind!r}")
