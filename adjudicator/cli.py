"""The ``adjudicator`` command line.

Exit status: 0 when the question was answered (whatever the answer), 2 for a
bad spec, a bad situation file or bad arguments, with ``file:line: message``
on stderr and never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from adjudicator.core.coverage import coverage
from adjudicator.core.engine import FactError, RuleConflict
from adjudicator.core.errors import PositionedError, SpecErrors, UsageError
from adjudicator.core.expr.types import BoolT, IntT
from adjudicator.core.resources import SEEDS_NEEDED
from adjudicator.core.spec import Spec, known_rulesets, load_spec
from adjudicator.games import game_of
from adjudicator.present import cite_text, result_json, rule_json, step_json

F = TypeVar("F", bound=Callable[..., Any])
out = Console(highlight=False, soft_wrap=True, width=None if sys.stdout.isatty() else 160)


def fail(message: str) -> None:
    """Print one message on stderr and exit with status 2."""
    click.echo(message, err=True)
    sys.exit(2)


def guarded(func: F) -> F:
    """Turn every expected error into a clear message and exit status 2."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except SpecErrors as exc:
            fail(str(exc) + f"\n{len(exc.errors)} problem(s) in the spec")
        except (PositionedError, UsageError, FactError) as exc:
            fail(str(exc))
        except RuleConflict as exc:
            fail(f"conflict: {exc}")
        return None

    return wrapper  # type: ignore[return-value]


def spec_or_fail() -> Spec:
    """The loaded spec (errors handled by :func:`guarded`)."""
    return load_spec()


def emit_json(data: Any) -> None:
    """Exactly one JSON document on stdout."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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
    rows = [summary(spec, rs) for rs in spec.rulesets()]
    if as_json:
        emit_json({"valid": True, "rulesets": rows})
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
    found = spec.rules.get(rule_id)
    if found is None:
        close = [r for r in spec.rules if rule_id.upper() in r]
        hint = f" (did you mean {', '.join(close[:5])}?)" if close else ""
        raise UsageError(f"unknown rule id {rule_id!r}{hint}")
    data = rule_json(spec, found)
    if as_json:
        emit_json(data)
        return
    print_rule(spec, data)


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
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@guarded
def coverage_cmd(ruleset: str, as_json: bool) -> None:
    """Share of RULESET's source lines cited by a rule or listed as non-rule text."""
    spec = spec_or_fail()
    if ruleset not in spec.rulesets():
        raise UsageError(f"unknown ruleset {ruleset!r} (known: {', '.join(spec.rulesets())})")
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
        raise UsageError(f"unknown decision {decision!r} for {ruleset}") from None
    given = {}
    for item in facts:
        name, _, text = item.partition("=")
        if name not in dec.facts:
            raise UsageError(f"{decision} has no fact {name!r} (facts: {', '.join(sorted(dec.facts))})")
        given[name] = parse_value(text, dec.facts[name].type)
    chosen = dict(r.split("=", 1) for r in readings if "=" in r)
    result = spec.decide(ruleset, decision, given, chosen)
    if as_json:
        emit_json(result_json(spec, result))
        return
    out.print(f"[bold]{decision}[/] = [bold]{result.value!r}[/] ({result.status})")
    for step in result.trace:
        data = step_json(spec, step)
        where = f"{data.get('source', '')} L{data.get('lines', ['?'])[0]}"
        out.print(f"  {step.rule}: {escape(step.note)}  ({escape(where)})")


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
@guarded
def ask(situation: str, as_json: bool, svg: str | None) -> None:
    """Answer the question of a SITUATION file: verdict, outcome, cited trace."""
    from adjudicator.queries import answer  # noqa: PLC0415 - the query engine loads only for ask and examples
    from adjudicator.situation.load import load_situation  # noqa: PLC0415 - situations only for ask and examples

    path = Path(situation)
    if not path.is_file():
        raise UsageError(f"{situation}: no such file")
    loaded = load_situation(path, known_rulesets())
    spec = load_spec(games=(game_of(loaded.ruleset).id,))
    result = answer(spec, loaded)
    if svg:
        Path(svg).write_text(loaded.board.svg_picture(loaded, result), encoding="utf-8")
    if as_json:
        emit_json(result.to_json(spec))
        return
    print_answer(spec, result)


def print_answer(spec: Spec, result: Any) -> None:
    """An answer for people: verdict, outcome, cited trace, board picture."""
    colour = {"legal": "green", "answered": "cyan", "illegal": "red", "undecided": "yellow"}[result.verdict]
    out.print(f"[bold {colour}]{result.verdict.upper()}[/]  {result.query} under {result.ruleset}")
    for key, value in result.outcome.items():
        out.print(f"  {key}: {escape(json.dumps(value, ensure_ascii=False))}")
    if result.trace:
        out.print("[bold]Why[/]")
    for number, step in enumerate(result.trace, 1):
        data = step_json(spec, step)
        where = f"{data.get('source', '')} L{data['lines'][0]}-{data['lines'][1]}" if "lines" in data else ""
        section = f" ({data['section']})" if data.get("section") else ""
        out.print(f"  {number}. {step.rule}: {escape(step.note)}\n     [dim]{escape(where + section)}[/]")
    if result.picture:
        out.print("[bold]Board[/]")
        out.print(result.picture, markup=False)


@main.command()
@click.argument("folder", default="examples", type=click.Path(file_okay=False))
@guarded
def examples(folder: str) -> None:
    """The main job: validate the spec, summarise each ruleset, answer every example."""
    from adjudicator.queries import answer, supported  # noqa: PLC0415 - the query engine loads only for ask and examples
    from adjudicator.situation.load import load_situation  # noqa: PLC0415 - situations only for ask and examples

    spec = spec_or_fail()
    validate.callback(as_json=False)  # type: ignore[misc]
    table = Table(title=f"Situations in {folder}/")
    for col in ("file", "ruleset", "query", "verdict"):
        table.add_column(col)
    counts: dict[str, int] = {}
    for path in sorted(Path(folder).rglob("*.yaml")):
        try:
            loaded = load_situation(path, set(spec.rulesets()))
        except PositionedError as exc:
            table.add_row(str(path), "", "", f"[red]bad file: {exc.message}[/]")
            counts["bad file"] = counts.get("bad file", 0) + 1
            continue
        verdict = "not supported yet" if not supported(loaded.query.kind) else answer(spec, loaded).verdict
        counts[verdict] = counts.get(verdict, 0) + 1
        table.add_row(str(path), loaded.ruleset, loaded.query.kind, verdict)
    out.print(table)
    out.print(", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no situations found")


def _designer_run(kind: str, as_json: bool, *args: str) -> None:
    """Run a proofs/ command (z3 is imported only here), with progress in a terminal."""
    import importlib  # noqa: PLC0415 - only the designer commands import modules by name

    spec = spec_or_fail()
    for ruleset in args:
        if ruleset not in spec.rulesets():
            raise UsageError(f"unknown ruleset {ruleset!r} (known: {', '.join(spec.rulesets())})")
    module = importlib.import_module(f"proofs.{kind}")
    report = importlib.import_module("proofs.report")
    err = Console(stderr=True, highlight=False)
    if err.is_terminal and not as_json:
        with err.status(f"{kind}…") as status:
            findings = module.run(spec, *args, progress=status.update)
    else:
        findings = module.run(spec, *args)
    if as_json:
        emit_json(findings)
        return
    counts: dict[str, int] = {}
    for finding in findings:
        key = finding["kind"] + (f" ({finding['status']})" if "status" in finding else "")
        counts[key] = counts.get(key, 0) + 1
    out.print(report.render_text(findings), markup=False)
    out.print("\n" + (", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no findings"))


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@guarded
def prove(as_json: bool) -> None:
    """Prove the value-pipeline properties of every ruleset and reading (Z3)."""
    _designer_run("prove", as_json)


@main.command()
@click.argument("ruleset")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@guarded
def check(ruleset: str, as_json: bool) -> None:
    """Look for conflicts and gaps in RULESET's decisions (Z3)."""
    _designer_run("check", as_json, ruleset)


@main.command()
@click.argument("ruleset_a")
@click.argument("ruleset_b")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@guarded
def diff(ruleset_a: str, ruleset_b: str, as_json: bool) -> None:
    """Every distinct way RULESET_A and RULESET_B decide a shared question differently (Z3)."""
    _designer_run("diff", as_json, ruleset_a, ruleset_b)
