"""A rule's page rendered from the spec, for ``/go/rule`` when no built reference is served (an installed wheel).

The page says what the reference's entry says: the rule's title and ruleset,
its paraphrase, each citation in people's words, the formal condition and the
decision it answers, and the readings of an ambiguous rule. Every text is
HTML-escaped; the page needs no other file.
"""

from __future__ import annotations

from html import escape

from adjudicator.core.errors import UsageError
from adjudicator.core.expr.unparse import unparse
from adjudicator.core.model import Rule, RuleView
from adjudicator.core.spec import Spec
from adjudicator.games import ruleset_title
from adjudicator.judge.present import cite_text

STYLE = (
    "body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}"
    "h1{font-size:1.4rem;margin-bottom:.2rem}.ruleset{color:#666;margin-top:0}"
    "code,pre{font-family:ui-monospace,monospace;font-size:.9em;white-space:pre-wrap}"
    "section{border-top:1px solid #ddd;margin-top:1rem}.id{color:#666}"
)


def find_rule(spec: Spec, ruleset: str, rule_id: str) -> tuple[Rule, RuleView]:
    """The rule and its version in ``ruleset``; :class:`UsageError` names what is unknown."""
    if ruleset not in spec.rulesets():
        raise UsageError(f"unknown ruleset {ruleset!r} (known: {', '.join(spec.rulesets())})")
    rule = spec.rules.get(rule_id)
    if rule is None:
        raise UsageError(f"unknown rule id {rule_id!r}")
    view = rule.views.get(ruleset)
    if view is None:
        raise UsageError(f"rule {rule_id!r} is not a rule of {ruleset!r} (its rulesets: {', '.join(rule.rulesets)})")
    return rule, view


def _version(spec: Spec, view: RuleView, heading: str = "") -> list[str]:
    """One version of a rule: paraphrase, citations, formal clauses and the decisions they answer."""
    out = [f"<h2>{escape(heading)}</h2>"] if heading else []
    out.append(f'<p class="says">{escape(view.says)}</p>')
    if view.cites:
        out.append('<h3>Where the rulebook says it</h3><ul class="cites">')
        out.extend(f"<li>{escape(cite_text(spec, cite))}</li>" for cite in view.cites)
        out.append("</ul>")
    if view.clauses:
        game = spec.rules[view.id].game
        out.append('<h3>Formally</h3><ul class="formal">')
        for clause in view.clauses:
            decision = spec.decisions.get((game, clause.decision))
            question = f" ({escape(decision.title)})" if decision is not None else ""
            when = f"when <code>{escape(unparse(clause.when))}</code>: " if clause.when is not None else "always: "
            out.append(
                f"<li>decides <code>{escape(clause.decision)}</code>{question}: "
                f"{when}<code>{escape(unparse(clause.then))}</code></li>"
            )
        out.append("</ul>")
    if view.not_modelled:
        out.append(f'<p class="not-modelled">Not modelled: {escape(view.not_modelled)}</p>')
    return out


def render(spec: Spec, ruleset: str, rule_id: str) -> str:
    """The HTML page of a rule in a ruleset (:class:`UsageError` for an unknown ruleset or rule)."""
    rule, view = find_rule(spec, ruleset, rule_id)
    title = ruleset_title(ruleset)
    body = [
        '<p><a href="/">Back to the judge\'s table</a></p>',
        f"<h1>{escape(view.title)}</h1>",
        f'<p class="ruleset">{escape(title)} · <span class="id">{escape(rule.id)}</span></p>',
        *_version(spec, view),
    ]
    readings = rule.readings.get(ruleset)
    if readings is not None:
        body.append(f'<section class="readings"><h2>Readings (by default: {escape(readings.default)})</h2>')
        body.append(f"<p>{escape(readings.reason)}</p>")
        for name, option in readings.options.items():
            body.extend(_version(spec, option, f"Reading: {name}"))
        body.append("</section>")
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(view.title)}: {escape(title)}</title><style>{STYLE}</style></head>"
        f"<body>{''.join(body)}</body></html>\n"
    )
