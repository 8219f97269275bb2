"""Rule pages: one per ruleset and topic, rules in the order of their first cited line.

Within a topic page the rules are grouped under the source's own section
headings (``Source.heading_of``). Each rule shows its paraphrase, citations,
editions (side by side where they differ), formal part, overrides both ways,
readings, restatements, and the rulings, tests and solver findings that
exercise it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.core.expr.unparse import unparse
from adjudicator.core.model import Clause, Decision, Rule, RuleView, Topic
from adjudicator.core.spec import Spec
from adjudicator.docgen.glossary import Glossary, link_terms
from adjudicator.docgen.links import Exercises
from adjudicator.docgen.proofs import Mentions, check_page, diff_page, ruleset_pairs
from adjudicator.docgen.rst import (
    cites,
    decision_label,
    decision_link,
    esc,
    formal_block,
    heading,
    label,
    lit,
    ref,
    rule_link,
    slug,
    table,
)


@dataclass(frozen=True)
class Context:
    """What every rule entry may link to."""

    spec: Spec
    exercises: Exercises
    mentions: Mentions
    glossary: Glossary | None


def topic_page_name(ruleset: str, topic: Topic) -> str:
    """``horrorclix-2008-06-movement``."""
    return f"{slug(ruleset)}-{topic.order}"


def first_line(spec: Spec, ruleset: str, view: RuleView) -> tuple[int, int]:
    """Sort key: (source order, first line) of the first citation into this ruleset's sources."""
    order = [s.id for s in spec.sources_of(ruleset)]
    own = [(order.index(c.source), c.first) for c in view.cites if c.source in order]
    return min(own) if own else (len(order), 0)


def section_of(spec: Spec, ruleset: str, view: RuleView) -> str:
    """The source heading above the rule's first citation in this ruleset."""
    own = [c for c in view.cites if spec.sources[c.source].ruleset == ruleset]
    if not own:
        return ""
    first = min(own, key=lambda c: c.first)
    source = spec.sources[first.source]
    return source.heading_of(first.first) if source.lines is not None else ""


def topic_pages(ctx: Context, ruleset: str) -> dict[str, str]:
    """The topic pages of a ruleset: page name -> text."""
    spec = ctx.spec
    rules = spec.rules_in(ruleset)
    game = spec.game(ruleset)
    pages = {}
    for topic in (t for t in spec.topics if t.game == game):
        mine = [r for r in rules if r.topic == topic.name]
        if mine:
            mine.sort(key=lambda r: first_line(spec, ruleset, r.views[ruleset]))
            pages[topic_page_name(ruleset, topic)] = _topic_page(ctx, ruleset, topic, mine)
    return pages


def _topic_page(ctx: Context, ruleset: str, topic: Topic, rules: list[Rule]) -> str:
    parts = [
        heading(f"{ruleset}: {esc(topic.title)}", "="),
        f"From ``{topic.file}``, in the order of the rulebook.",
        "",
    ]
    current = None
    for rule in rules:
        section = section_of(ctx.spec, ruleset, rule.views[ruleset]) or esc(topic.title)
        if section != current:
            current = section
            parts.append(heading(esc(section), "-"))
        parts.append(rule_entry(ctx, ruleset, rule))
    return "\n".join(parts)


def rule_entry(ctx: Context, ruleset: str, rule: Rule) -> str:
    """One rule as it stands in ``ruleset``."""
    spec = ctx.spec
    view = rule.views[ruleset]
    title = link_terms(ctx.glossary, rule.game, view.title)
    lines = [f".. _{label(ruleset, rule.id)}:", "", heading(f"{rule.id}: {title}", "~"), esc(view.says), ""]
    lines += _fields(ctx, ruleset, rule, view)
    if view.clauses:
        lines += formal_block(view.clauses)
    lines += _editions(spec, ruleset, rule, view)
    lines += _readings(spec, ruleset, rule)
    return "\n".join(lines) + "\n"


def _fields(ctx: Context, ruleset: str, rule: Rule, view: RuleView) -> list[str]:
    spec = ctx.spec
    lines = [f":Source: {cites(spec, view.cites)}", f":Rulesets: {_rulesets(ruleset, rule)}"]
    if rule.restates:
        lines.append(f":Restates: {rule_link(spec, ruleset, rule.restates)}")
    if rule.reading_of:
        lines.append(f":Reading of: {rule_link(spec, ruleset, rule.reading_of)}")
    if view.not_modelled:
        lines.append(f":Not modelled: {esc(view.not_modelled)}")
    decides = list(dict.fromkeys(c.decision for c in view.clauses))
    if decides:
        lines.append(f":Decides: {', '.join(decision_link(rule.game, d) for d in decides)}")
    if view.overrides:
        lines.append(f":Overrides: {', '.join(rule_link(spec, ruleset, o) for o in view.overrides)}")
    above = [r.id for r in spec.rules_in(ruleset) if rule.id in r.views[ruleset].overrides]
    if above:
        lines.append(f":Overridden by: {', '.join(ref(ruleset, r) for r in above)}")
    also = rule.also_cited.get(ruleset, [])
    if also:
        stated = ", ".join(f"{rule_link(spec, ruleset, rid)} ({cites(spec, [c])})" for rid, c in also)
        lines.append(f":Restated by: {stated}")
    return [*lines, *_exercised(ctx, ruleset, rule), ""]


WITNESSES = "examples/witnesses/"
"""Where the generated boards of rules no hand-worked ruling exercises are kept."""


def _exercised(ctx: Context, ruleset: str, rule: Rule) -> list[str]:
    """The rulings and solver findings that exercise a rule (its tests are on the maintainers' page)."""
    lines = []
    found_here = [r for r in ctx.exercises.by_rule.get(rule.id, []) if r.ruleset == ruleset]
    witnesses = [r for r in found_here if r.rel.startswith(WITNESSES)]
    rulings = [r for r in found_here if r not in witnesses]
    if rulings:
        lines.append(f":Rulings: {', '.join(f':ref:`{r.path.stem} <{r.label}>`' for r in rulings)}")
    if witnesses:  # generated by ``adjudicator witness`` (scripts/witnesses.py), drawn on its rulings page
        shown = witnesses[0]
        said = f" (``ask`` answers {esc(shown.answer)})" if shown.answer else ""
        lines.append(f":Witness board: :ref:`a table situation where this rule decides <{shown.label}>`{said}")
    found = ctx.mentions.get((ruleset, rule.id), [])
    if found:
        lines.append(f":Solver: {', '.join(f':ref:`{esc(what)} <{target}>`' for target, what in found)}")
    return lines


def _rulesets(ruleset: str, rule: Rule) -> str:
    parts = []
    for other in rule.rulesets:
        if other == ruleset:
            parts.append(f"**{other}** (this page)")
        elif other in rule.views:
            parts.append(ref(other, rule.id, other))
        else:
            parts.append(esc(other))
    return ", ".join(parts)


def _formal_text(spec: Spec, view: RuleView) -> str:
    game = spec.game(view.ruleset)
    return "\n".join(f"| {_clause_text(game, c)}" for c in view.clauses) or "(none)"


def _clause_text(game: str, clause: Clause) -> str:
    cond = f" when {lit(unparse(clause.when))}" if clause.when is not None else " (always)"
    return f"{decision_link(game, clause.decision)} = {lit(unparse(clause.then))}{cond}"


def _signature(view: RuleView) -> tuple[object, ...]:
    clauses = tuple((c.decision, unparse(c.when) if c.when else None, unparse(c.then)) for c in view.clauses)
    return (view.title, view.says, clauses, view.overrides, view.not_modelled)


def _editions(spec: Spec, ruleset: str, rule: Rule, view: RuleView) -> list[str]:
    others = [rs for rs in rule.rulesets if rs != ruleset and rs in rule.views]
    differ = [rs for rs in others if _signature(rule.views[rs]) != _signature(view)]
    if not differ:
        if others:
            where = "; ".join(f"{ref(rs, rule.id, rs)}: {cites(spec, rule.views[rs].cites)}" for rs in others)
            return [f"Same rule in {where}.", ""]
        return []
    views = [view, *(rule.views[rs] for rs in differ)]
    header = [f"{ruleset} (this page)", *(ref(rs, rule.id, rs) for rs in differ)]
    rows: list[Sequence[str]] = [
        ["Title", *(esc(v.title) for v in views)],
        ["Says", *(esc(v.says) for v in views)],
        ["Source", *(cites(spec, v.cites) for v in views)],
        ["Formal", *(_formal_text(spec, v) if v.clauses else esc(v.not_modelled or "(none)") for v in views)],
    ]
    if any(v.overrides for v in views):
        rows.append(["Overrides", *(", ".join(lit(o) for o in v.overrides) or "(none)" for v in views)])
    same = [rs for rs in others if rs not in differ]
    note = [f"Same as this page in {', '.join(ref(rs, rule.id, rs) for rs in same)}.", ""] if same else []
    return [*table(["", *header], rows, caption="How the editions differ"), *note]


def _readings(spec: Spec, ruleset: str, rule: Rule) -> list[str]:
    readings = rule.readings.get(ruleset)
    if not readings:
        return []
    lines = [
        ".. rubric:: Readings",
        "",
        (
            f"The text can be read more than one way. The adjudicator uses *{esc(readings.default)}* by default: "
            f"{esc(readings.reason)}"
        ),
        "",
    ]
    rows = []
    for name, option in readings.options.items():
        default = " (default)" if name == readings.default else ""
        rows.append(
            [f"*{esc(name)}*{default}", esc(option.says), cites(spec, option.cites), _formal_text(spec, option)]
        )
    lines += table(["Reading", "Says", "Source", "Formal"], rows, widths="14 40 22 24")
    lines += [f"A situation file chooses one with ``readings: {{{rule.id}: <name>}}``.", ""]
    return lines


def ruleset_page(ctx: Context, ruleset: str, pages: list[str]) -> str:
    """The page of one ruleset: its sources, topics, solver pages and merged inventory ids."""
    spec = ctx.spec
    game = spec.game(ruleset)
    lines = [f".. _ruleset-{slug(ruleset)}:", "", heading(ruleset, "="), ""]
    lines += [f"* Source ``{s.seed}``: {esc(s.title)} ({s.language})" for s in spec.sources_of(ruleset)]
    lines += [f"* {len(spec.rules_in(ruleset))} rules; decisions of {game}: :ref:`decisions-{game}`", ""]
    lines += [f"* Checked for conflicts and gaps: :ref:`{check_page(ruleset)}`"]
    for a, b in _pairs_with(spec, ruleset):
        lines.append(f"* Compared with {b if a == ruleset else a}: :ref:`{diff_page(a, b)}`")
    lines += ["", ".. toctree::", "   :maxdepth: 1", "   :caption: Topics, in rulebook order", ""]
    lines += [f"   {p}" for p in pages]
    return "\n".join(lines) + "\n"


def maintainers_page(ctx: Context, rulesets: list[str]) -> str:
    """For the project's maintainers: the tests that exercise each rule and the inventory ids merged into rules."""
    spec = ctx.spec
    lines = [
        ".. _maintainers:",
        "",
        heading("For maintainers", "="),
        (
            "Bookkeeping that players do not need: which tests exercise each rule (pytest node ids) and which "
            "ids of the rule inventories were recorded under other rules."
        ),
        "",
    ]
    for ruleset in rulesets:
        game = spec.game(ruleset)
        rows = [
            [ref(ruleset, r.id, r.id), ", ".join(lit(t) for t in ctx.exercises.tests[r.id])]
            for r in spec.rules_in(ruleset)
            if ctx.exercises.tests.get(r.id)
        ]
        merged = [m for m in spec.merged if f"/{game}/" in m.where.file]
        if not rows and not merged:
            continue
        lines += [heading(ruleset, "-")]
        if rows:
            lines += table(["Rule", "Tests"], rows, widths="30 70", caption=f"Tests of {ruleset}")
        if merged:
            lines += [heading(f"Inventory ids recorded under other rules ({ruleset})", "~"), ""]
            for m in merged:
                into = ", ".join(rule_link(spec, ruleset, i) for i in m.into)
                lines.append(f"* ``{m.id}``: see {into}. {esc(m.reason)}")
            lines.append("")
    return "\n".join(lines) + "\n"


def _pairs_with(spec: Spec, ruleset: str) -> list[tuple[str, str]]:
    return [p for p in ruleset_pairs(spec) if ruleset in p]


def decisions_page(spec: Spec, game: str) -> str:
    """Every decision of a game, grouped by topic, with its facts and the rules that decide it."""
    lines = [
        f".. _decisions-{game}:",
        "",
        heading(f"Decisions of {game}", "="),
        (
            "A decision is a question the rules answer, over typed facts of the table. Rules decide it under "
            "conditions on those facts; the adjudicator and the solver read the same definitions."
        ),
        "",
    ]
    topics = {t.name: t for t in spec.topics if t.game == game}
    current = None
    ordered = sorted(
        (d for (g, _), d in spec.decisions.items() if g == game),
        key=lambda d: (topics[d.topic].order if d.topic in topics else "", d.id),
    )
    for decision in ordered:
        topic = topics[decision.topic].title if decision.topic in topics else "Other"
        if topic != current:
            current = topic
            lines.append(heading(esc(topic), "-"))
        lines += _decision(spec, game, decision)
    return "\n".join(lines)


def _decision(spec: Spec, game: str, decision: Decision) -> list[str]:
    lines = [f".. _{decision_label(game, decision.id)}:", "", heading(f"{decision.id}: {esc(decision.title)}", "~")]
    lines += [f":Answer type: {lit(decision.type)}"]
    if decision.default:
        lines.append(f":Default rule: {lit(decision.default)}")
    lines += [f":Invariant: {lit(inv.text)}" for inv in decision.invariants]
    for ruleset in spec.rulesets_of(game):
        deciding = [
            r.id for r in spec.rules_in(ruleset) if any(c.decision == decision.id for c in r.views[ruleset].clauses)
        ]
        if deciding:
            lines.append(f":Decided in {ruleset} by: {', '.join(ref(ruleset, r) for r in deciding)}")
    lines.append("")
    rows = [[lit(f.name), lit(f.type), esc(f.says)] for f in decision.facts.values()]
    if rows:
        lines += table(["Fact", "Type", "Meaning"], rows, widths="25 25 50")
    return lines
