"""Load and validate ``spec/``: every problem is a ``file:line: message``.

Loading happens in passes: sources, then every file's decisions (so rules in
any topic may decide a decision declared in another), then rules and their
per-ruleset views and readings, then cross-references (overrides, readings,
restatements, defaults, merged ids) and the override graph.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.core import resources
from adjudicator.core.errors import PositionedError, Where
from adjudicator.core.expr import ast
from adjudicator.core.expr.parser import ExprSyntaxError, parse
from adjudicator.core.expr.types import BOOL, Checker, EnumT, ExprTypeError, IntT, Type
from adjudicator.core.model import Decision, Fact, Invariant, Merged, NonRule, Rule, Topic
from adjudicator.core.sources import Citation, Source, parse_citation, seeds_dir
from adjudicator.core.yamlpos import Node, is_map, is_seq, item_line, key_line, load_yaml

RULE_FIELDS = {"title", "says", "cite", "decides", "when", "then", "overrides", "formal", "not_modelled"}
RULE_KEYS = RULE_FIELDS | {
    "id",
    "rulesets",
    "variants",
    "readings",
    "reading_of",
    "reading",
    "reason",
    "default",
    "restates",
    "split_from",
    "note",
}


@dataclass
class RawRule:
    """A rule entry as written, with its file and line."""

    data: dict[str, Any]
    where: Where
    game: str
    topic: str


@dataclass
class LoadState:
    """Everything gathered while loading, plus the errors found so far."""

    root: Path
    sources: dict[str, Source] = field(default_factory=dict)
    topics: list[Topic] = field(default_factory=list)
    decisions: dict[tuple[str, str], Decision] = field(default_factory=dict)
    rules: dict[str, Rule] = field(default_factory=dict)
    raw_rules: list[RawRule] = field(default_factory=list)
    nonrule: list[NonRule] = field(default_factory=list)
    merged: list[Merged] = field(default_factory=list)
    errors: list[PositionedError] = field(default_factory=list)
    seeds_available: bool = True

    def error(self, where: Where, message: str) -> None:
        """Record one problem."""
        self.errors.append(PositionedError(where, message))

    def rulesets(self) -> set[str]:
        """Every ruleset named by a source."""
        return {s.ruleset for s in self.sources.values()}

    def rel(self, path: Path) -> str:
        """Path shown in messages, relative to the project root."""
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)


# --- sources ---------------------------------------------------------------


def load_sources(state: LoadState, spec_dir: Path) -> None:
    """Read ``spec/sources.yaml`` and check the seed files are there."""
    path = spec_dir / "sources.yaml"
    shown = state.rel(path)
    doc = load_yaml(path, shown)
    seeds = seeds_dir()
    items = doc.get("sources") if is_map(doc) else None
    if items is None or not is_seq(items):
        state.error(Where(shown, 1), "expected a 'sources' list")
        return
    for index, item in enumerate(items):
        where = Where(shown, item_line(items, index, 1))
        missing = [
            k for k in ("id", "ruleset", "game", "title", "language", "seed") if not is_map(item) or k not in item
        ]
        if missing:
            state.error(where, f"source is missing {', '.join(missing)}")
            continue
        ruleset = str(item["ruleset"])
        game = str(item["game"])
        if not ruleset.startswith(f"{game}/") or ruleset == f"{game}/":
            state.error(where, f"ruleset {ruleset!r} is not of the form {game}/edition (its game is {game!r})")
        source = Source(
            str(item["id"]), ruleset, game, str(item["title"]), str(item["language"]), str(item["seed"]), seeds
        )
        if source.id in state.sources:
            state.error(where, f"duplicate source id {source.id!r}")
        state.sources[source.id] = source
        if not source.available():
            state.seeds_available = False
            if resources.seeds_required():
                folder = seeds or "no folder (set ADJUDICATOR_SEEDS)"
                state.error(where, f"seed file {source.seed} not found in {folder} (required when CI=true)")


def check_citation(state: LoadState, text: object, where: Where, rulesets: set[str] | None = None) -> Citation | None:
    """Parse and check one citation: known source, lines inside, ends non-blank."""
    try:
        cite = parse_citation(str(text))
    except ValueError as exc:
        state.error(where, str(exc))
        return None
    source = state.sources.get(cite.source)
    if source is None:
        known = ", ".join(sorted(state.sources))
        state.error(where, f"citation {text!r}: unknown source {cite.source!r} (known: {known})")
        return None
    if rulesets is not None and source.ruleset not in rulesets:
        state.error(
            where,
            f"citation {text!r}: source {cite.source} belongs to {source.ruleset}, "
            f"which is not one of this rule's rulesets",
        )
    if source.lines is None:
        return cite
    if cite.last > source.line_count:
        state.error(where, f"citation {text!r}: {source.seed} has only {source.line_count} lines")
        return None
    for line in {cite.first, cite.last}:
        if source.is_blank(line):
            state.error(where, f"citation {text!r}: line {line} of {source.seed} is blank")
            return None
    return cite


# --- types and decisions -------------------------------------------------------


def parse_type(state: LoadState, spec: object, where: Where) -> Type | None:
    """``bool`` | ``{int: [lo, hi]}`` | ``{enum: [a, b]}``."""
    if spec == "bool":
        return BOOL
    if isinstance(spec, dict) and len(spec) == 1:
        ((kind, arg),) = spec.items()
        pair = is_seq(arg) and len(arg) == 2 and all(isinstance(v, int) for v in arg)  # noqa: PLR2004
        if kind == "int" and pair and int(arg[0]) <= int(arg[1]):
            return IntT(int(arg[0]), int(arg[1]))
        names = is_seq(arg) and arg and all(isinstance(v, str) for v in arg)
        if kind == "enum" and names and len(set(arg)) == len(arg):
            return EnumT(tuple(str(v) for v in arg))
    state.error(where, f"bad type {spec!r}: expected bool, {{int: [lo, hi]}} or {{enum: [a, b, ...]}}")
    return None


def load_decisions(state: LoadState, doc: Node, shown: str, game: str, topic: str) -> None:
    """Declare (or extend) the decisions of one topic file."""
    items = doc.get("decisions", []) if is_map(doc) else []
    if not is_seq(items):
        state.error(Where(shown, key_line(doc, "decisions", 1)), "'decisions' must be a list")
        return
    for index, item in enumerate(items):
        where = Where(shown, item_line(items, index, 1))
        if not is_map(item) or "id" not in item:
            state.error(where, "a decision needs an 'id'")
            continue
        key = (game, str(item["id"]))
        if item.get("extends"):
            extend_decision(state, key, item, where)
            continue
        if key in state.decisions:
            state.error(where, f"duplicate decision id {key[1]!r} (first at {state.decisions[key].where})")
            continue
        for required in ("title", "type"):
            if required not in item:
                state.error(where, f"decision {key[1]} is missing {required!r}")
        dtype = parse_type(state, item.get("type", "bool"), Where(shown, key_line(item, "type", where.line)))
        state.decisions[key] = Decision(
            key[1], game, str(item.get("title", "")), dtype or BOOL, {}, [], item.get("default"), where, topic
        )
        add_facts(state, state.decisions[key], item, shown)


def extend_decision(state: LoadState, key: tuple[str, str], item: Node, where: Where) -> None:
    """Add facts and invariants to a decision declared in another file."""
    decision = state.decisions.get(key)
    if decision is None:
        state.error(where, f"'extends: true' names unknown decision {key[1]!r} (decisions load in file order)")
        return
    add_facts(state, decision, item, where.file)


def add_facts(state: LoadState, decision: Decision, item: Node, shown: str) -> None:
    """Read the ``facts`` and ``invariants`` of a decision entry."""
    facts = item.get("facts", {})
    if not is_map(facts):
        state.error(Where(shown, key_line(item, "facts", 1)), "'facts' must be a mapping of name to type")
        return
    for name, spec in facts.items():
        where = Where(shown, key_line(facts, name, 1))
        if name in decision.facts:
            state.error(where, f"fact {name!r} of {decision.id} is declared twice")
            continue
        says = ""
        if is_map(spec) and "type" in spec:
            says = str(spec.get("says", ""))
            spec = spec["type"]  # noqa: PLW2901
        ftype = parse_type(state, spec, where)
        if ftype is not None:
            decision.facts[str(name)] = Fact(str(name), ftype, says)
    invariants = item.get("invariants", [])
    for index, text in enumerate(invariants if is_seq(invariants) else []):
        where = Where(shown, item_line(invariants, index, 1))
        typed = typed_expr(state, str(text), decision, BOOL, where)
        if typed is not None:
            decision.invariants.append(Invariant(str(text), typed, where))


def typed_expr(state: LoadState, text: str, decision: Decision, want: Type, where: Where) -> ast.Node | None:
    """Parse and type-check one expression against a decision's facts."""
    try:
        node = parse(text)
        checker = Checker({n: f.type for n, f in decision.facts.items()})
        return checker.expect(node, want)
    except (ExprSyntaxError, ExprTypeError) as exc:
        state.error(where, f"in {text!r}: {exc} (decision {decision.id})")
        return None


# --- topic files -------------------------------------------------------------


def topic_files(spec_dir: Path) -> list[tuple[str, Path]]:
    """Every (game, file) pair under ``spec/<game>/``, in name order."""
    found: list[tuple[str, Path]] = []
    for game_dir in sorted(p for p in spec_dir.iterdir() if p.is_dir()):
        found.extend((game_dir.name, f) for f in sorted(game_dir.glob("*.yaml")))
    return found


def load_topic(state: LoadState, game: str, path: Path) -> Node | None:
    """Parse one topic file and register it; return the document."""
    shown = state.rel(path)
    try:
        doc = load_yaml(path, shown)
    except PositionedError as exc:
        state.errors.append(exc)
        return None
    if not is_map(doc):
        state.error(Where(shown, 1), "a topic file is a mapping with 'topic' and 'title'")
        return None
    for required in ("topic", "title"):
        if required not in doc:
            state.error(Where(shown, 1), f"topic file is missing {required!r}")
    unknown = set(doc) - {"topic", "title", "decisions", "rules", "nonrule", "merged", "fallback"}
    for key in sorted(unknown):
        state.error(Where(shown, key_line(doc, key, 1)), f"unknown top-level key {key!r}")
    state.topics.append(Topic(game, str(doc.get("topic", path.stem)), str(doc.get("title", "")), shown, path.stem))
    return doc


def collect_rules(state: LoadState, doc: Node, shown: str, game: str) -> None:
    """Remember a file's rule entries for the rule pass."""
    items = doc.get("rules", [])
    if not is_seq(items):
        state.error(Where(shown, key_line(doc, "rules", 1)), "'rules' must be a list")
        return
    topic = str(doc.get("topic", ""))
    for index, item in enumerate(items):
        where = Where(shown, item_line(items, index, 1))
        if not is_map(item) or "id" not in item:
            state.error(where, "a rule needs an 'id'")
            continue
        state.raw_rules.append(RawRule(item, where, game, topic))


def load_nonrule(state: LoadState, doc: Node, shown: str) -> None:
    """Read the non-rule line ranges and the merged-id records."""
    items = doc.get("nonrule", [])
    for index, item in enumerate(items if is_seq(items) else []):
        where = Where(shown, item_line(items, index, 1))
        if not is_map(item) or "cite" not in item or not str(item.get("reason", "")).strip():
            state.error(where, "a nonrule entry needs 'cite' and a non-empty 'reason'")
            continue
        cites = item["cite"] if is_seq(item["cite"]) else [item["cite"]]
        for text in cites:
            cite = check_citation(state, text, where)
            if cite is not None:
                state.nonrule.append(NonRule(cite, str(item["reason"]), where))
    merged = doc.get("merged", [])
    for index, item in enumerate(merged if is_seq(merged) else []):
        where = Where(shown, item_line(merged, index, 1))
        if not is_map(item) or "id" not in item or "into" not in item:
            state.error(where, "a merged entry needs 'id' and 'into'")
            continue
        into = item["into"] if is_seq(item["into"]) else [item["into"]]
        state.merged.append(Merged(str(item["id"]), tuple(str(i) for i in into), str(item.get("reason", "")), where))
