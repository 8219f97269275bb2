"""``python -m adjudicator`` and the ``adjudicator`` command: the command line, with a fast path for ``ask --json``.

``adjudicator ask FILE --json`` is the command a program runs once per question,
so it answers without loading click (nor rich): :func:`main` recognises exactly
``ask`` followed by one readable file, ``--json`` and optionally ``-v`` /
``--verbose`` (in any order), and answers as :func:`adjudicator.cli.ask` does,
with the same output, messages and exit statuses. Every other command line
(another command, ``--svg``, ``--help``, an option it does not know, a file that
is missing, unreadable or a folder) goes to the click command line
(:mod:`adjudicator.cli`), which reports it as it always has.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

if TYPE_CHECKING:
    from adjudicator.core.engine import RuleConflict

ESC = "\x1b"
"""Output holding an escape character is written by click itself (it strips ANSI codes off a non-terminal)."""
VERBOSE = frozenset({"-v", "--verbose"})
"""Flags the fast path accepts beside ``--json`` (``--verbose`` changes nothing in a JSON answer)."""


def fast_ask_file(args: Sequence[str]) -> str | None:
    """The situation file of an ``ask FILE --json`` command line the fast path answers; ``None`` for any other.

    The file must be a readable regular file: click reports a folder or an unreadable file itself, and
    :func:`adjudicator.cli.ask` a missing one.
    """
    if len(args) < 3 or args[0] != "ask" or "--json" not in args[1:]:  # noqa: PLR2004 - ask, FILE, --json
        return None
    files = [a for a in args[1:] if a != "--json" and a not in VERBOSE]
    if len(files) != 1 or not files[0] or files[0].startswith("-"):
        return None
    path = files[0]
    try:
        readable = Path(path).is_file() and os.access(path, os.R_OK)
    except (OSError, ValueError):  # a name the system refuses (too long, a NUL byte): click says so
        return None
    return path if readable else None


def plain_stream(stream: TextIO | None) -> bool:
    """Whether click would write to ``stream`` as it is (a text stream not set to ASCII: click re-wraps that)."""
    encoding = getattr(stream, "encoding", None)
    if stream is None or not encoding:
        return False
    import codecs  # noqa: PLC0415 - loaded by the interpreter already

    try:
        return codecs.lookup(encoding).name != "ascii"
    except LookupError:
        return True  # click keeps a stream of an unknown encoding as it is


def echo(text: str, *, err: bool = False) -> None:
    """``click.echo(text, err=err)``: the line, then a flush (click itself for escape codes or an ASCII stream)."""
    stream = sys.stderr if err else sys.stdout
    if ESC in text or not plain_stream(stream):
        import click  # noqa: PLC0415 - only for output click treats specially

        click.echo(text, err=err)
        return
    stream.write(text + "\n")
    stream.flush()


def quiet_stdout() -> None:
    """Point stdout at the null device, as :func:`adjudicator.cli.quiet_stdout` does after a broken pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        return


def answer_json(situation: str) -> int:
    """Answer ``ask SITUATION --json`` as :func:`adjudicator.cli.ask` under :func:`adjudicator.cli.guarded` does.

    Returns the exit status: 0 answered, 2 refused (the message on stderr; a conflict of the rules as JSON on
    stdout), 3 a fault of the tool.
    """
    import json  # noqa: PLC0415 - the fast path loads what answering needs, when it answers

    from adjudicator.core.engine import RuleConflict  # noqa: PLC0415
    from adjudicator.core.spec import known_rulesets  # noqa: PLC0415
    from adjudicator.judge import judge_file  # noqa: PLC0415
    from adjudicator.judge.errors import EXIT_FAULT, EXIT_REFUSED, fault_message, refusal  # noqa: PLC0415

    try:
        judged = judge_file(Path(situation), known_rulesets())
        echo(json.dumps(judged.json(), indent=2, ensure_ascii=False))
    except BrokenPipeError:
        raise
    except RuleConflict as exc:
        report_conflict(exc)
        return EXIT_REFUSED
    except Exception as exc:  # noqa: BLE001 - a bug is reported in one line, never as a traceback
        found = refusal(exc)
        if found is not None:
            echo(found.message, err=True)
            return EXIT_REFUSED
        echo(fault_message(exc), err=True)
        return EXIT_FAULT
    return 0


def report_conflict(exc: RuleConflict) -> None:
    """Two rules disagree: both rules' ``file:line`` as JSON on stdout (:func:`adjudicator.cli.report_conflict`)."""
    import json  # noqa: PLC0415

    from adjudicator.core.conflicts import conflict_of  # noqa: PLC0415 - only when the spec conflicts
    from adjudicator.core.spec import load_spec  # noqa: PLC0415

    found = conflict_of(load_spec(), exc)
    echo(json.dumps({"error": "conflict", **found.to_json()}, indent=2, ensure_ascii=False))


def run_fast(situation: str) -> NoReturn:
    """Answer on the fast path and exit as the click command line would (a closed pipe: quietly, status 0).

    The process answers one question and ends, and what it makes (modules, classes, the spec read from the
    cache) is kept to the end or freed by reference counting: the cyclic garbage collector stays off (it would
    only walk all that again and again), and once the output is flushed the process ends at once
    (:func:`os._exit`: no module teardown, nothing registered to run at exit on this path). Together that
    is a tenth of an ``ask``.
    """
    import gc  # noqa: PLC0415 - loaded by the interpreter already

    gc.disable()
    try:
        status = answer_json(situation)
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()
        status = 0
    except KeyboardInterrupt:
        echo("\nAborted!", err=True)  # click's words for an interrupted command
        status = 1
    with contextlib.suppress(OSError, ValueError):  # stderr closed or gone: nothing is left to write there
        sys.stderr.flush()
    os._exit(status)


def main() -> None:
    """Run the command line: ``ask FILE --json`` on the fast path, anything else through click."""
    situation = fast_ask_file(sys.argv[1:])
    if situation is not None:
        run_fast(situation)
    from adjudicator.cli import main as click_main  # noqa: PLC0415 - click loads only for the other commands

    click_main()


if __name__ == "__main__":
    main()
