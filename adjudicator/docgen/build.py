"""Generate the rules reference (reStructuredText) from the spec, at docs build time.

Pages, all under ``docs/reference/generated/`` and never edited by hand:

* per ruleset and topic, the rules in rulebook order (:mod:`adjudicator.docgen.rules`),
  one anchor per rule id and ruleset: ``rule-<game>-<edition>-<id>``;
* the decisions of each game, with their facts;
* edition comparisons and ruleset checks from the solver (:mod:`adjudicator.docgen.proofs`);
* the worked rulings with board pictures and doctests (:mod:`adjudicator.docgen.situations`);
* the glossary (:mod:`adjudicator.docgen.glossary`, from ``docs/glossary.yaml``);
* the field tables of each game's situation file (:mod:`adjudicator.docgen.fields`), in ``_fields/``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from adjudicator.core.spec import Spec
from adjudicator.docgen.fields import GAMES, fields_include
from adjudicator.docgen.glossary import Glossary, load_glossary, render_glossary
from adjudicator.docgen.links import exercises
from adjudicator.docgen.proofs import (
    check_page,
    checked_rulesets,
    diff_page,
    load_findings,
    mentions,
    render_check,
    render_diff,
    ruleset_pairs,
)
from adjudicator.docgen.rst import anchor, esc, heading, label, ref, slug, write
from adjudicator.docgen.rules import (
    Context,
    decisions_page,
    maintainers_page,
    ruleset_page,
    topic_page_name,
    topic_pages,
)
from adjudicator.docgen.search import build_index, render_search, rule_pages
from adjudicator.docgen.situations import render_rulings

__all__ = ["anchor", "esc", "generate", "heading", "label", "ref", "slug"]

PICTURES = "_pictures"
FIELDS = "_fields"  # the field tables the situation-format pages include (not pages themselves)


def generate(
    spec: Spec, out_dir: Path, glossary: Path | None = None, progress: Callable[[str], None] | None = None
) -> list[Path]:
    """Write every reference page under ``out_dir``; return the files written (or kept)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    pictures = out_dir / PICTURES
    terms: Glossary | None = load_glossary(glossary) if glossary is not None and glossary.is_file() else None
    findings = load_findings(spec, out_dir / "_findings.json", progress)
    ctx = Context(spec, exercises(spec.root), mentions(findings), terms)
    pages: dict[str, str] = {}
    rulesets = [rs for rs in spec.rulesets() if spec.rules_in(rs)]
    for ruleset in rulesets:
        topics = topic_pages(ctx, ruleset)
        pages.update(topics)
        pages[slug(ruleset)] = ruleset_page(ctx, ruleset, list(topics))
    games = sorted({spec.game(rs) for rs in rulesets})
    for game in games:
        pages[f"decisions-{game}"] = decisions_page(spec, game)
    for a, b in ruleset_pairs(spec):
        pages[diff_page(a, b)] = render_diff(spec, a, b, findings[diff_page(a, b)], pictures)
    for ruleset in checked_rulesets(spec):
        pages[check_page(ruleset)] = render_check(spec, ruleset, findings[check_page(ruleset)], pictures)
    pages.update(render_rulings(spec, ctx.exercises.rulings, pictures))
    if terms is not None:
        pages["glossary"] = render_glossary(spec, terms)
    pages["search-rules"] = render_search(build_index(spec, rule_pages(spec, rulesets, topic_page_name), terms))
    pages["maintainers"] = maintainers_page(ctx, rulesets)
    pages["index"] = _index(spec, rulesets, games, has_glossary=terms is not None)
    written = [write(out_dir / f"{name}.rst", text) for name, text in pages.items()]
    written += [write(out_dir / FIELDS / f"{game}.inc", fields_include(game)) for game in GAMES]
    for stale in out_dir.glob("*.rst"):
        if stale.stem not in pages:
            stale.unlink()
    return written


def _index(spec: Spec, rulesets: list[str], games: list[str], *, has_glossary: bool) -> str:
    lines = [
        heading("Rules reference", "="),
        (
            "Generated from ``spec/`` at build time. Every rule has one entry per ruleset, with its paraphrase, "
            "citations, editions, formal part, and the rulings that exercise it."
        ),
        "",
    ]
    lines += _toc("Search", ["search-rules"])
    lines += _toc("Rules by ruleset", [slug(rs) for rs in rulesets])
    lines += _toc("Decisions", [f"decisions-{g}" for g in games])
    lines += _toc("Editions compared", [diff_page(a, b) for a, b in ruleset_pairs(spec)])
    lines += _toc("Checks", [check_page(rs) for rs in checked_rulesets(spec)])
    lines += _toc("Worked rulings", ["rulings"])
    if has_glossary:
        lines += _toc("Glossary", ["glossary"])
    lines += _toc("For maintainers", ["maintainers"])
    return "\n".join(lines)


def _toc(caption: str, entries: list[str]) -> list[str]:
    if not entries:
        return []
    return [".. toctree::", "   :maxdepth: 1", f"   :caption: {esc(caption)}", "", *[f"   {e}" for e in entries], ""]
