"""Generate the rules reference (reStructuredText) from the spec.

One page per ruleset and topic, in the order of the topic files (which mirror
the rulebook's headings), one anchor per rule id and ruleset:
``rule-<game>-<edition>-<id>``. Never edit the generated pages by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.expr.unparse import unparse
from adjudicator.model import Rule, RuleView
from adjudicator.present import cite_text
from adjudicator.spec import Spec

_SPECIAL = re.compile(r"([\\*`|_\[\]])")


def esc(text: str) -> str:
    """Escape reStructuredText inline markup characters."""
    return _SPECIAL.sub(r"\\\1", " ".join(text.split()))


def slug(ruleset: str) -> str:
    """``horrorclix/2008`` -> ``horrorclix-2008``."""
    return ruleset.replace("/", "-")


def label(ruleset: str, rule_id: str) -> str:
    """The reference label of a rule in one ruleset."""
    return f"rule-{slug(ruleset)}-{rule_id}"


def anchor(ruleset: str, rule_id: str) -> str:
    """The HTML id docutils derives from :func:`label`."""
    return re.sub(r"[^a-z0-9]+", "-", label(ruleset, rule_id).lower()).strip("-")


def ref(ruleset: str, rule_id: str) -> str:
    """A cross-reference to a rule."""
    return f":ref:`{rule_id} <{label(ruleset, rule_id)}>`"


def heading(text: str, char: str) -> str:
    """An underlined heading."""
    return f"{text}\n{char * max(len(text), 4)}\n"


def generate(spec: Spec, out_dir: Path) -> list[Path]:
    """Write every reference page under ``out_dir``; return the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = [_write(out_dir / "index.rst", _index(spec))]
    for ruleset in spec.rulesets():
        rules = spec.rules_in(ruleset)
        if not rules:
            continue
        topics = [t for t in spec.topics if t.game == ruleset.split("/")[0]]
        pages = []
        for topic in topics:
            mine = [r for r in rules if r.topic == topic.name]
            if not mine:
                continue
            name = f"{slug(ruleset)}-{topic.order}"
            pages.append(name)
            written.append(_write(out_dir / f"{name}.rst", _topic_page(spec, ruleset, topic.title, mine)))
        written.append(_write(out_dir / f"{slug(ruleset)}.rst", _ruleset_page(spec, ruleset, pages)))
    return written


def _write(path: Path, text: str) -> Path:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return path


def _index(spec: Spec) -> str:
    lines = [heading("Rules by ruleset", "="), "", ".. toctree::", "   :maxdepth: 2", ""]
    lines += [f"   {slug(rs)}" for rs in spec.rulesets() if spec.rules_in(rs)]
    return "\n".join(lines) + "\n"


def _ruleset_page(spec: Spec, ruleset: str, pages: list[str]) -> str:
    sources = spec.sources_of(ruleset)
    lines = [f".. _ruleset-{slug(ruleset)}:", "", heading(ruleset, "="), ""]
    lines += [f"* Source ``{s.seed}``: {esc(s.title)} ({s.language})" for s in sources]
    lines += ["", ".. toctree::", "   :maxdepth: 1", ""] + [f"   {p}" for p in pages]
    game = ruleset.split("/", maxsplit=1)[0]
    merged = [m for m in spec.merged if f"/{game}/" in m.where.file]
    if merged:
        lines += ["", heading("Inventory ids recorded under other rules", "-"), ""]
        for m in merged:
            into = ", ".join(ref(ruleset, i) if _has(spec, i, ruleset) else f"``{i}``" for i in m.into)
            lines.append(f"* ``{m.id}``: see {into}. {esc(m.reason)}")
    return "\n".join(lines) + "\n"


def _topic_page(spec: Spec, ruleset: str, title: str, rules: list[Rule]) -> str:
    parts = [heading(f"{ruleset}: {title}", "="), ""]
    parts += [_rule_entry(spec, ruleset, rule) for rule in rules]
    return "\n".join(parts)


def _rule_entry(spec: Spec, ruleset: str, rule: Rule) -> str:
    view = rule.views[ruleset]
    lines = [f".. _{label(ruleset, rule.id)}:", "", heading(f"{rule.id}: {view.title}", "-"), esc(view.says), ""]
    lines += _fields(spec, ruleset, rule, view)
    readings = rule.readings.get(ruleset)
    if readings:
        lines += ["", f"**Readings** (default *{esc(readings.default)}*: {esc(readings.reason)})", ""]
        for name, option in readings.options.items():
            lines.append(f"* *{esc(name)}*: {esc(option.says)} ({_cites(spec, option)}){_formal_inline(option)}")
    return "\n".join(lines) + "\n"


def _fields(spec: Spec, ruleset: str, rule: Rule, view: RuleView) -> list[str]:
    others = [r for r in rule.rulesets if r != ruleset]
    lines = [f":Cites: {_cites(spec, view)}", f":Rulesets: {', '.join(rule.rulesets)}"]
    for other in others:
        if other in rule.views and rule.views[other].says != view.says:
            lines.append(f":In {other}: {esc(rule.views[other].says)} ({ref(other, rule.id)})")
        elif other in rule.views:
            lines.append(f":In {other}: same wording ({ref(other, rule.id)})")
    if rule.restates:
        lines.append(f":Restates: {ref(ruleset, rule.restates)}")
    if rule.reading_of:
        lines.append(f":Reading of: {ref(ruleset, rule.reading_of)}")
    lines += [f":Formal: {_formal(c.decision, c.when, c.then)}" for c in view.clauses]
    if view.not_modelled:
        lines.append(f":Not modelled: {esc(view.not_modelled)}")
    if view.overrides:
        lines.append(f":Overrides: {', '.join(ref(ruleset, o) for o in view.overrides if _has(spec, o, ruleset))}")
    above = [r.id for r in spec.rules_in(ruleset) if rule.id in r.views[ruleset].overrides]
    if above:
        lines.append(f":Overridden by: {', '.join(ref(ruleset, r) for r in above)}")
    also = rule.also_cited.get(ruleset, [])
    if also:
        lines.append(
            f":Also stated: {', '.join(f'{ref(ruleset, rid)} ({esc(cite_text(spec, c))})' for rid, c in also)}"
        )
    return lines


def _has(spec: Spec, rule_id: str, ruleset: str) -> bool:
    rule = spec.rules.get(rule_id)
    return rule is not None and ruleset in rule.views


def _cites(spec: Spec, view: RuleView) -> str:
    return "; ".join(esc(cite_text(spec, c)) for c in view.cites)


def _formal(decision: str, when: object, then: object) -> str:
    cond = f" when ``{unparse(when)}``" if when is not None else " (always)"  # type: ignore[arg-type]
    return f"``{decision}`` = ``{unparse(then)}``{cond}"  # type: ignore[arg-type]


def _formal_inline(view: RuleView) -> str:
    if not view.clauses:
        return ""
    return "; " + "; ".join(_formal(c.decision, c.when, c.then) for c in view.clauses)
