"""The ``adjudicator`` command line.

Exit status: 0 when the question was answered (whatever the answer), 2 for a
bad spec, a bad situation file or bad arguments, with ``file:line: message``
on stderr and never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from adjudicator.core.engine import RuleConflict
from adjudicator.core.errors import UsageError
from adjudicator.core.expr.types import BoolT, IntT
from adjudicator.core.plain import result_json, rule_json
from adjudicator.core.resources import SEEDS_NEEDED
from adjudicator.core.spec import Spec, known_rulesets, load_spec
from adjudicator.games import UnknownGame, game_of, ruleset_title
from adjudicator.judge.errors import EXIT_FAULT, EXIT_REFUSED, fault_message, refusal
from adjudicator.judge.present import answer_headline, cite_text, step_lines

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table as RichTable

    from adjudicator.core.coverage import SourceCoverage
    from adjudicator.core.model import Rule

F = TypeVar("F", bound=Callable[..., Any])


# rich and the coverage report load on first use: ``ask --json`` prints plain JSON and needs neither.
class _LazyConsole:
    """The rich console of stdout, made on first use."""

    def __init__(self) -> None:
        self._console: Console | None = None

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console  # noqa: PLC0415

            class PipeSafeConsole(Console):
                """Rich exits 1 on a broken pipe; a reader that stopped reading is no failure (exit 0)."""

                def on_broken_pipe(self) -> None:
                    self.quiet = True
                    quiet_stdout()
                    raise SystemExit(0)

            self._console = PipeSafeConsole(highlight=False, soft_wrap=True, width=None if sys.stdout.isatty() else 160)
        return getattr(self._console, name)


out: Console = _LazyConsole()  # type: ignore[assignment]


def err_console() -> Console:
    """A rich console on stderr (rich is imported on first use)."""
    from rich.console import Console  # noqa: PLC0415

    return Console(stderr=True, highlight=False)


def Table(*args: Any, **kwargs: Any) -> RichTable:  # noqa: N802 - stands for rich's class, imported on first use
    """A rich table (rich is imported on first use)."""
    from rich.table import Table as RichTable  # noqa: PLC0415

    return RichTable(*args, **kwargs)


def escape(text: str) -> str:
    """Escape rich markup in ``text`` (rich is imported on first use)."""
    from rich.markup import escape as rich_escape  # noqa: PLC0415

    return rich_escape(text)


def coverage(spec: Spec, ruleset: str) -> list[SourceCoverage]:
    """The coverage report of a ruleset (:func:`adjudicator.core.coverage.coverage`, imported on first use)."""
    from adjudicator.core.coverage import coverage as report  # noqa: PLC0415

    return report(spec, ruleset)


def fail(message: str) -> None:
    """Print one message on stderr and exit with status 2."""
    click.echo(message, err=True)
    sys.exit(EXIT_REFUSED)


def guarded(func: F) -> F:
    """Turn every expected error into a clear message and exit status 2 (3 for a fault of the tool itself).

    What counts as expected, and its message, is the judge's one mapping (:mod:`adjudicator.judge.errors`).
    """

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (click.ClickException, BrokenPipeError):
            raise  # click's own, and a reader that stopped reading (:class:`PipeSafeGroup`)
        except RuleConflict as exc:
            report_conflict(exc, as_json=bool(kwargs.get("as_json")))
        except Exception as exc:  # noqa: BLE001 - a bug is reported in one line, never as a traceback
            found = refusal(exc)
            if found is not None:
                fail(found.message)
            click.echo(fault_message(exc), err=True)
            sys.exit(EXIT_FAULT)
        return None

    return wrapper  # type: ignore[return-value]


def report_conflict(exc: RuleConflict, *, as_json: bool) -> None:
    """Two rules of the spec disagree: both rules' ``file:line`` (JSON under ``--json``), exit status 2."""
    from adjudicator.core.conflicts import conflict_of  # noqa: PLC0415 - only when the spec conflicts

    found = conflict_of(load_spec(), exc)
    if as_json:
        emit_json({"error": "conflict", **found.to_json()})
    else:
        click.echo(found.text(), err=True)
    sys.exit(EXIT_REFUSED)


def spec_or_fail() -> Spec:
    """The loaded spec (errors handled by :func:`guarded`)."""
    return load_spec()


def emit_json(data: Any) -> None:
    """Exactly one JSON document on stdout."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


class PipeSafeGroup(click.Group):
    """The command group; a reader that stops reading (``adjudicator ask … | head``) ends it quietly, status 0."""

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; on a broken pipe, drop the rest of the output and exit 0 (click would exit 1)."""
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a pipe closed early fails here, not at exit
        except BrokenPipeError:
            quiet_stdout()
            ctx.exit(0)
        return result


def quiet_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush does not fail again on the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor (stdout replaced): nothing is flushed to the pipe then
        return


@click.group(cls=PipeSafeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tabletop-adjudicator", prog_name="adjudicator")
def main() -> None:
    """Formal rules verifier and reference adjudicator for tabletop rules."""


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@guarded
def validate(as_json: bool) -> None:
    """Load and validate every spec file; print a summary per ruleset."""
    spec = spec_or_fail()
    if not spec.seeds_available:
        raise UsageError(f"validate: the spec loads, but its citations cannot be checked: {SEEDS_NEEDED}")
    from adjudicator.core.conflicts import DOMAIN_LIMIT, check_conflicts  # noqa: PLC0415 - only validate checks

    rows = [summary(spec, rs) for rs in spec.rulesets()]
    conflicts, checked, skipped = check_conflicts(spec)
    if as_json:
        emit_json(
            {
                "valid": not conflicts,
                "rulesets": rows,
                "conflict_check": {"checked": checked, "skipped": skipped, "domain_limit": DOMAIN_LIMIT},
                "conflicts": [c.to_json() for c in conflicts],
            }
        )
        if conflicts:
            sys.exit(1)
        return
    table = Table(title="Spec summary")
    for col in ("ruleset", "rules", "formal", "not modelled", "readings", "decisions", "coverage"):
        table.add_column(col, justify="left" if col == "ruleset" else "right")
    for row in rows:
        table.add_row(
            row["ruleset"],
            str(row["rules"]),
            str(row["formal"]),
            str(row["not_modelled"]),
            str(row["readings"]),
            str(row["decisions"]),
            f"{row['coverage']:.1f}%",
        )
    out.print(table)
    out.print(
        "rules: the ruleset's own rules (restatements and readings, which `rules` also lists, not counted); "
        "formal: rules that decide something"
    )
    out.print(
        f"conflict check: {checked} decision(s) checked on every fact combination, {skipped} with more than "
        f"{DOMAIN_LIMIT} combinations left to `adjudicator check`: {len(conflicts)} conflict(s)"
    )
    for found in conflicts:
        out.print(found.text(), markup=False)
    if conflicts:
        sys.exit(1)


def summary(spec: Spec, ruleset: str) -> dict[str, Any]:
    """Counts for one ruleset."""
    rules = [r for r in spec.rules_in(ruleset) if not r.restates and not r.reading_of]
    views = [r.views[ruleset] for r in rules]
    game = spec.game(ruleset)
    report = coverage(spec, ruleset)
    nonblank = sum(s.nonblank for s in report)
    covered = sum(s.covered for s in report)
    return {
        "ruleset": ruleset,
        "rules": len(rules),
        "formal": sum(1 for v in views if v.formal),
        "not_modelled": sum(1 for v in views if v.not_modelled),
        "readings": sum(1 for r in rules if ruleset in r.readings),
        "decisions": sum(1 for (g, _) in spec.decisions if g == game),
        "coverage": 100.0 * covered / nonblank if nonblank else 0.0,
    }


@main.command()
@click.argument("ruleset", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@guarded
def rules(ruleset: str | None, as_json: bool) -> None:
    """List the rules (of one RULESET, or of all)."""
    spec = spec_or_fail()
    chosen = [ruleset] if ruleset else spec.rulesets()
    if ruleset and ruleset not in spec.rulesets():
        raise UsageError(f"unknown ruleset {ruleset!r} (known: {', '.join(spec.rulesets())})")
    listing = [(rs, r) for rs in chosen for r in spec.rules_in(rs)]
    if as_json:
        emit_json([rule_row(spec, rs, r.id) for rs, r in listing])
        return
    table = Table(title=f"Rules of {ruleset or 'every ruleset'}")
    for col in ("ruleset", "id", "title", "kind", "cites"):
        table.add_column(col)
    for rs, r in listing:
        row = rule_row(spec, rs, r.id)
        table.add_row(rs, r.id, row["title"], row["kind"], ", ".join(row["cites"]))
    out.print(table)


def rule_row(spec: Spec, ruleset: str, rule_id: str) -> dict[str, Any]:
    """One line of the rules table."""
    rule = spec.rules[rule_id]
    view = rule.views[ruleset]
    if rule.restates:
        kind = f"restates {rule.restates}"
    elif rule.reading_of:
        kind = f"reading of {rule.reading_of}"
    elif view.clauses:
        kind = "decides " + ", ".join(sorted({c.decision for c in view.clauses}))
    else:
        kind = "not modelled"
    return {"ruleset": ruleset, "id": rule_id, "title": view.title, "kind": kind, "cites": [str(c) for c in view.cites]}


@main.command()
@click.argument("rule_id")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@guarded
def rule(rule_id: str, as_json: bool) -> None:
    """Show one rule: paraphrase, citations, rulesets and formal part."""
    spec = spec_or_fail()
    found = known_rule(spec, rule_id)
    data = rule_json(spec, found)
    if as_json:
        emit_json(data)
        return
    print_rule(spec, data)


def known_rule(spec: Spec, rule_id: str) -> Rule:
    """The rule of that id; a usage error naming the ids that contain it when there is none."""
    found = spec.rules.get(rule_id)
    if found is None:
        close = [r for r in spec.rules if rule_id.upper() in r]
        hint = f" (did you mean {', '.join(close[:5])}?)" if close else ""
        raise UsageError(f"unknown rule id {rule_id!r}{hint}")
    return found


def print_rule(spec: Spec, data: dict[str, Any]) -> None:
    """A rule for people."""
    out.print(f"[bold]{data['id']}[/]  ({data['game']}, topic {data['topic']}; defined at {data['defined_at']})")
    rule_obj = spec.rules[data["id"]]
    for ruleset, version in data["versions"].items():
        out.print(f"\n[bold cyan]{ruleset}[/]: {escape(version['title'])}")
        out.print(f"  {escape(version['says'])}")
        for cite in rule_obj.views[ruleset].cites:
            out.print(f"  cites {cite_text(spec, cite)}")
        for clause in version.get("formal", []):
            cond = f"when {clause['when']}" if clause["when"] else "always"
            out.print(f"  decides {clause['decides']} = {clause['then']}  {cond}")
        if version.get("overrides"):
            out.print(f"  overrides {', '.join(version['overrides'])}")
        if version.get("not_modelled"):
            out.print(f"  not modelled: {escape(version['not_modelled'])}")
        if "readings" in version:
            readings = version["readings"]
            names = ", ".join(readings["options"])
            out.print(f"  readings: {names} (default {readings['default']}: {escape(readings['reason'])})")
        for also in version.get("also_stated", []):
            out.print(f"  also stated by {also['rule']} at {also['source']} L{also['lines'][0]}-{also['lines'][1]}")


@main.command(name="coverage")
@click.argument("ruleset")
@click.option("--rules", "by_rules", is_flag=True, help="Instead: the formal rules the examples' answers rest on.")
@click.option(
    "--examples",
    "folder",
    default="examples",
    show_default=True,
    type=click.Path(file_okay=False),
    help="With --rules: the folder of situation files.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@guarded
def coverage_cmd(ruleset: str, by_rules: bool, folder: str, as_json: bool) -> None:
    """Share of RULESET's source lines cited by a rule or listed as non-rule text.

    With --rules: which formal rules of RULESET decide a step of some example's answer, and which none does.
    """
    spec = spec_or_fail()
    if ruleset not in spec.rulesets():
        raise UsageError(f"unknown ruleset {ruleset!r} (known: {', '.join(spec.rulesets())})")
    if by_rules:
        rules_coverage(ruleset, Path(folder), as_json=as_json)
        return
    if not spec.seeds_available:
        raise UsageError(f"coverage: {SEEDS_NEEDED}")
    report = coverage(spec, ruleset)
    nonblank = sum(s.nonblank for s in report)
    covered = sum(s.covered for s in report)
    percent = 100.0 * covered / nonblank if nonblank else 0.0
    if as_json:
        emit_json(
            {
                "ruleset": ruleset,
                "percent": round(percent, 2),
                "nonblank": nonblank,
                "covered": covered,
                "sources": [
                    {
                        "source": s.seed,
                        "nonblank": s.nonblank,
                        "covered": s.covered,
                        "by_rules": s.by_rules,
                        "by_nonrule": s.by_nonrule,
                        "uncovered": [list(r) for r in s.uncovered],
                    }
                    for s in report
                ],
            }
        )
        return
    out.print(f"{ruleset}: {percent:.1f}% of {nonblank} non-blank lines covered")
    for src in report:
        out.print(
            f"  {src.seed}: {src.covered}/{src.nonblank} ({src.by_rules} by rules, "
            f"{src.by_nonrule} listed as non-rule text)"
        )
        for first, last in src.uncovered:
            out.print(f"    uncovered L{first}" + (f"-{last}" if last != first else ""))


def rules_coverage(ruleset: str, folder: Path, *, as_json: bool) -> None:
    """``coverage RULESET --rules``: the examples each formal rule settles, the share exercised, the rest listed."""
    from adjudicator.judge.examples import rules_exercised  # noqa: PLC0415 - the query engine loads only here

    if not folder.is_dir():
        raise UsageError(f"{folder}: no such folder")
    spec = load_spec(games=(game_of(ruleset).id,))
    report = rules_exercised(spec, ruleset, folder)
    if as_json:
        emit_json(report.to_json())
        return
    out.print(
        f"{report.exercised} of {report.formal} formal rules decide a step of some example "
        f"({100.0 * report.share:.1f}%)"
    )
    if report.unexercised:
        table = Table(title=f"Formal rules of {ruleset} that no example in {folder}/ exercises")
        for col in ("id", "title", "cites"):
            table.add_column(col)
        for found in report.unexercised:
            table.add_row(found.id, escape(found.title), escape(", ".join(cite_text(spec, c) for c in found.cites[:1])))
        out.print(table)
    for shown, why in report.unanswered:
        out.print(f"[yellow]not answered[/] {escape(shown)}: {escape(why)}")


@main.command()
@click.argument("ruleset")
@click.argument("decision")
@click.argument("facts", nargs=-1)
@click.option("--reading", "readings", multiple=True, help="RULE_ID=NAME: choose a reading.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@guarded
def decide(ruleset: str, decision: str, facts: tuple[str, ...], readings: tuple[str, ...], as_json: bool) -> None:
    """Evaluate one DECISION under RULESET for FACTS given as name=value."""
    spec = spec_or_fail()
    if ruleset not in spec.rulesets():
        raise UsageError(f"unknown ruleset {ruleset!r} (known: {', '.join(spec.rulesets())})")
    try:
        dec = spec.decision(ruleset, decision)
    except KeyError:
        raise UsageError(
            f"unknown decision {decision!r} for {ruleset}{did_you_mean(spec, ruleset, decision)}"
        ) from None
    given = {}
    for item in facts:
        name, _, text = item.partition("=")
        if name not in dec.facts:
            raise UsageError(f"{decision} has no fact {name!r} (facts: {', '.join(sorted(dec.facts))})")
        given[name] = parse_value(text, dec.facts[name].type)
    chosen: dict[str, str] = {}
    for item in readings:
        rule_id, sign, name = item.partition("=")
        problem = spec.reading_problem(ruleset, rule_id, name) if sign else "expected RULE_ID=NAME"
        if problem is not None:
            raise UsageError(f"--reading {item}: {problem}")
        chosen[rule_id] = name
    result = spec.decide(ruleset, decision, given, chosen)
    if as_json:
        emit_json(result_json(spec, result))
        return
    out.print(f"[bold]{decision}[/]: [bold]{escape(value_words(result.value, result.status))}[/]")
    for step in result.trace:
        out.print(f"  {step.rule}: {escape(step.note)}")
        if step.cites:
            out.print(f"    cites {escape(cite_text(spec, step.cites[0]))}")


STATUS_WORDS = {"decided": "decided by a rule", "default": "the decision's default"}
"""How ``decide`` says where a value comes from."""


def value_words(value: object, status: str) -> str:
    """A decision's value for people: ``yes``/``no`` for a boolean, ``undecided (no rule applies)`` for none."""
    if value is None or status == "undecided":
        return "undecided (no rule applies)"
    shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
    return f"{shown} ({STATUS_WORDS.get(status, status)})"


def did_you_mean(spec: Spec, ruleset: str, decision: str) -> str:
    """`` (did you mean a, b?)`` for the ruleset's decisions closest to a mistyped one (else where to list them)."""
    from difflib import get_close_matches  # noqa: PLC0415 - only for a mistyped decision

    game = spec.game(ruleset)
    known = sorted(d for (g, d) in spec.decisions if g == game)
    close = get_close_matches(decision, known, n=3, cutoff=0.6)
    return f" (did you mean {', '.join(close)}?)" if close else f" (see `adjudicator rules {ruleset}`)"


def parse_value(text: str, ftype: object) -> bool | int | str:
    """A fact value written on the command line."""
    if isinstance(ftype, BoolT):
        if text not in ("true", "false"):
            raise UsageError(f"expected true or false, got {text!r}")
        return text == "true"
    if isinstance(ftype, IntT):
        try:
            return int(text)
        except ValueError:
            raise UsageError(f"expected an integer, got {text!r}") from None
    return text


@main.command()
@click.argument("situation", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--svg", "svg", type=click.Path(dir_okay=False), help="Also draw the board to this SVG file.")
@click.option("--verbose", "-v", is_flag=True, help="Also show each step's formal condition.")
@guarded
def ask(situation: str, as_json: bool, svg: str | None, verbose: bool) -> None:
    """Answer the question of a SITUATION file: verdict, outcome, cited trace."""
    from adjudicator.judge import judge_file  # noqa: PLC0415 - the judge loads only for ask and examples

    path = Path(situation)
    if not path.is_file():
        raise UsageError(f"{situation}: no such file")
    judged = judge_file(path, known_rulesets())
    if svg:
        Path(svg).write_text(judged.svg(), encoding="utf-8")
    if as_json:
        emit_json(judged.json())
        return
    print_answer(judged.spec, judged.answer, verbose=verbose)


VERDICT_COLOUR = {"legal": "green", "answered": "cyan", "illegal": "red", "depends": "magenta", "undecided": "yellow"}
TONE_COLOUR = {"good": "green", "bad": "red", "mixed": "yellow", "neutral": "cyan"}
"""The headline's colour by its tone (:func:`adjudicator.judge.present.headline`): a blocked line is red."""


def print_answer(spec: Spec, result: Any, *, verbose: bool = False) -> None:
    """An answer for people: verdict, outcome, the trace in plain words with citations, board picture."""
    words, tone = answer_headline(result)
    colour = TONE_COLOUR.get(tone, VERDICT_COLOUR.get(result.verdict, "white"))
    out.print(f"[bold {colour}]{escape(words)}[/]  {result.query} under {ruleset_title(result.ruleset)}")
    if result.verdict == "depends":
        out.print("  the dice decide: see branches for each roll's exact probability")
    for key, value in result.outcome.items():
        out.print(f"  {key}: {escape(json.dumps(value, ensure_ascii=False))}")
    steps = step_lines(spec, result.ruleset, result.trace, verbose=verbose)
    if steps:
        out.print("[bold]Why[/]")
    for number, (what, where, formal) in enumerate(steps, 1):
        out.print(f"  {number}. {escape(what)}\n     [dim]{escape(where)}[/]")
        if formal:
            out.print(f"     [dim]formal: {escape(formal)}[/]")
    if result.picture:
        out.print("[bold]Board[/]")
        out.print(result.picture, markup=False)


@main.command()
@click.argument("folder", default="examples", type=click.Path(file_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@guarded
def examples(folder: str, as_json: bool) -> None:
    """The main job: validate the spec, then answer every example and check its ``expect:`` block.

    Prints a pass/fail table; exits with status 1 when an answer differs from its
    ``expect:`` block, a file is bad or the spec conflicts (each reported, the run
    goes on).
    """
    from adjudicator.judge.examples import run_examples  # noqa: PLC0415 - the query engine loads only here

    spec = spec_or_fail()
    if not as_json:
        try:
            validate.callback(as_json=False)  # type: ignore[misc]
        except SystemExit as exc:
            if exc.code:
                out.print("[red]the spec's conflict check failed; answering the examples anyway[/]")
    rows = run_examples(spec, Path(folder))
    failed = [r for r in rows if r["status"] not in ("pass", "no expect", "not supported")]
    if as_json:
        emit_json({"folder": folder, "passed": not failed, "examples": rows})
    else:
        print_examples(folder, rows, failed)
    if failed:
        sys.exit(1)


def print_examples(folder: str, rows: list[dict[str, Any]], failed: list[dict[str, Any]]) -> None:
    """The pass/fail table, then what differs for each failing example, then the counts."""
    table = Table(title=f"Situations in {folder}/")
    for col in ("file", "ruleset", "query", "verdict", "check"):
        table.add_column(col)
    style = {"pass": "green", "no expect": "dim", "not supported": "yellow"}
    for row in rows:
        mark = style.get(row["status"], "red")
        table.add_row(row["file"], row["ruleset"], row["query"], row["verdict"], f"[{mark}]{row['status']}[/]")
    out.print(table)
    for row in failed:
        out.print(f"[red]{row['status']}[/] {escape(row['file'])}")
        for problem in row["problems"]:
            out.print(f"  {escape(problem)}")
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["status"]] = counts.get(row["status"], 0) + 1
    out.print(", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no situations found")


PROGRESS_AFTER = 2.0
"""Seconds a designer command runs before its progress display appears."""


class LateStatus:
    """A rich status line on stderr that appears only once a run has lasted :data:`PROGRESS_AFTER` seconds."""

    def __init__(self, console: Console) -> None:
        import time  # noqa: PLC0415 - only the designer commands time themselves

        self.clock = time.monotonic
        self.started = self.clock()
        self.console = console
        self.status: Any = None

    def update(self, text: str) -> None:
        """Show ``text`` (starting the display if the run is already long)."""
        if self.status is None and self.clock() - self.started >= PROGRESS_AFTER:
            self.status = self.console.status(text)
            self.status.start()
        elif self.status is not None:
            self.status.update(text)

    def stop(self) -> None:
        """Remove the display."""
        if self.status is not None:
            self.status.stop()


def _check_side(spec: Spec, text: str) -> None:
    """A ruleset, optionally with readings (``RULESET@RULE=READING,...``), that the spec knows."""
    from proofs.report import parse_side  # noqa: PLC0415 - proofs only for the designer commands

    try:
        ruleset, readings = parse_side(text)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    if ruleset not in spec.rulesets():
        raise UsageError(f"unknown ruleset {ruleset!r} (known: {', '.join(spec.rulesets())})")
    for rule_id, reading in readings.items():
        rule = spec.rules.get(rule_id)
        options = rule.readings.get(ruleset) if rule is not None else None
        if options is None or reading not in options.options:
            known = ", ".join(options.options) if options is not None else "none"
            raise UsageError(f"{rule_id} has no reading {reading!r} in {ruleset} (readings: {known})")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (loopback unless told).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 16), help="Processes answering asks.")
@click.option(
    "--reference",
    default="docs/_build/html",
    show_default=True,
    type=click.Path(file_okay=False),
    help="The built rules reference, served at /reference/ (make docs).",
)
@guarded
def serve(host: str, port: int, workers: int, reference: str) -> None:
    """Serve the judge's page and the HTTP API (see /api/openapi.json)."""
    import uvicorn  # noqa: PLC0415 - the server loads only for serve

    from adjudicator.web.app import Settings, create_app  # noqa: PLC0415 - same

    app = create_app(Settings(workers=workers, reference=Path(reference).resolve()))
    click.echo(f"adjudicator: the judge's table on http://{host}:{port}/ (stop with Ctrl-C)", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", limit_concurrency=256, timeout_keep_alive=5)


@main.command()
@click.argument("game")
@guarded
def schema(game: str) -> None:
    """Print the JSON Schema of GAME's situation file (for editors that check YAML as it is typed)."""
    from adjudicator.judge import situation_schema  # noqa: PLC0415 - the judge loads only when needed

    emit_json(situation_schema(game))


NO_CACHE = click.option(
    "--no-cache",
    "no_cache",
    is_flag=True,
    help="Compute the findings afresh (by default an unchanged spec, text and code reuse the last run's).",
)


def _designer_spec(sides: tuple[str, ...]) -> Spec:
    """The spec a designer command needs: the games of its rulesets (``check``, ``diff``), or all (``prove``).

    A ruleset no game owns loads the whole spec, so :func:`_check_side` names the known ones.
    """
    games: set[str] = set()
    for side in sides:
        try:
            games.add(game_of(side.split("@", 1)[0]).id)
        except UnknownGame:
            return spec_or_fail()
    return load_spec(games=tuple(sorted(games))) if games else spec_or_fail()


def _designer_run(kind: str, as_json: bool, *args: str, use_cache: bool = True) -> list[dict[str, Any]]:
    """Run a proofs/ command (z3 is imported only here), with progress in a terminal; return its findings.

    The findings of an unchanged spec, texts, code and arguments come from :mod:`proofs.findings_cache`.
    """
    from proofs.commands import command  # noqa: PLC0415 - only the designer commands load proofs/ (and z3)
    from proofs.findings_cache import cached_run  # noqa: PLC0415 - same

    spec = _designer_spec(args)
    for side in args:
        _check_side(spec, side)
    err = err_console()

    def compute() -> list[dict[str, Any]]:
        run = command(kind)
        if err.is_terminal and not as_json:
            status = LateStatus(err)
            try:
                found: list[dict[str, Any]] = run(spec, *args, progress=status.update)
            finally:
                status.stop()
            return found
        return list(run(spec, *args))

    findings = cached_run(kind, args, compute, use=use_cache)
    if as_json:
        emit_json(findings)
        return findings
    counts: dict[str, int] = {}
    for finding in findings:
        key = finding["kind"] + (f" ({finding['status']})" if "status" in finding else "")
        counts[key] = counts.get(key, 0) + 1
    from proofs.render import render_text  # noqa: PLC0415 - findings as text, with their boards drawn

    out.print(render_text(findings), markup=False)
    out.print("\n" + (", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no findings"))
    return findings


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@NO_CACHE
@guarded
def prove(as_json: bool, no_cache: bool) -> None:
    """Prove the arithmetic properties of every ruleset and reading (Z3): value pipelines, damage, levels, traits.

    Exits 1 when a property is refuted, unless proofs/expected.yaml lists it as an expected finding with a reason.
    """
    findings = _designer_run("prove", as_json, use_cache=not no_cache)
    failed = [f for f in findings if f.get("status") == "refuted" and "expected" not in f]
    if failed:
        if not as_json:
            out.print(f"{len(failed)} refuted propert{'y' if len(failed) == 1 else 'ies'} not listed as expected")
        sys.exit(1)


@main.command()
@click.argument("ruleset")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option(
    "--fail-on",
    "fail_on",
    default="",
    metavar="KINDS",
    help="Also exit 1 on these kinds of finding (comma-separated: gaps, ambiguities).",
)
@NO_CACHE
@guarded
def check(ruleset: str, as_json: bool, fail_on: str, no_cache: bool) -> None:
    """Look for conflicts, gaps and ambiguities in RULESET's decisions (Z3).

    Exits 1 when a conflict is found, and, with --fail-on, when a gap or an ambiguity is.
    """
    kinds = {"conflict"}
    for word in filter(None, (w.strip() for w in fail_on.split(","))):
        kind = {"gaps": "gap", "gap": "gap", "ambiguities": "ambiguity", "ambiguity": "ambiguity"}.get(word)
        if kind is None:
            raise UsageError(f"--fail-on takes gaps and/or ambiguities, not {word!r}")
        kinds.add(kind)
    findings = _designer_run("check", as_json, ruleset, use_cache=not no_cache)
    if any(f["kind"] in kinds for f in findings):
        sys.exit(1)


@main.command()
@click.argument("ruleset_a")
@click.argument("ruleset_b")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@NO_CACHE
@guarded
def diff(ruleset_a: str, ruleset_b: str, as_json: bool, no_cache: bool) -> None:
    """Every distinct way RULESET_A and RULESET_B decide or word a shared question differently (Z3).

    A side may choose readings: RULESET@RULE=READING[,RULE=READING].
    """
    _designer_run("diff", as_json, ruleset_a, ruleset_b, use_cache=not no_cache)


@main.command()
@click.argument("rule_id")
@click.option("--ruleset", default=None, help="The ruleset to find it under (default: the rule's first ruleset).")
@click.option("-o", "--output", default=None, type=click.Path(dir_okay=False), help="Write the situation file here.")
@guarded
def witness(rule_id: str, ruleset: str | None, output: str | None) -> None:
    """Find a table situation where RULE_ID decides the answer, checked with ask; print it or write it (-o).

    A board of the game where one is found, else a ruling (the rule's decision asked for the smallest facts
    under which it decides). Exits 1, saying why, when the rule decides under no facts at all.
    """
    from proofs.rule_witness import NoWitness, find  # noqa: PLC0415 - the solver's boards only for this command

    spec = spec_or_fail()
    found = known_rule(spec, rule_id)
    chosen = ruleset or next(iter(found.views))
    if chosen not in found.views:
        raise UsageError(f"{rule_id} is not a rule of {chosen} (its rulesets: {', '.join(found.views)})")
    try:
        result = find(spec, rule_id, chosen)
    except NoWitness as exc:
        click.echo(f"no witness for {rule_id} under {chosen}: {exc}", err=True)
        sys.exit(1)
    text = result.text(spec)
    if output is None:
        click.echo(text, nl=False)
        return
    Path(output).write_text(text, encoding="utf-8")
    click.echo(f"{output}: {rule_id} decides {result.verdict} ({result.origin})", err=True)
