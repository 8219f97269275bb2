"""Plain-data views of rules, citations and trace steps, as the contract's JSON shows them.

Every view here needs only the loaded spec; the words for people (a ruleset's
title, a citation in a sentence) are the judge's (:mod:`adjudicator.judge.present`).
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.engine import Result, Step
from adjudicator.core.expr.unparse import unparse
from adjudicator.core.model import Rule, RuleView
from adjudicator.core.sources import Citation
from adjudicator.core.spec import Spec


def cite_json(spec: Spec, cite: Citation) -> dict[str, Any]:
    """A citation as the contract shows it: seed file, line range, heading."""
    source = spec.sources[cite.source]
    heading = source.heading_of(cite.first)  # from the text, or the headings shipped with the package
    return {"source": source.seed, "source_id": cite.source, "lines": [cite.first, cite.last], "section": heading}


def view_json(spec: Spec, view: RuleView) -> dict[str, Any]:
    """One ruleset's (and reading's) version of a rule."""
    data: dict[str, Any] = {
        "title": view.title,
        "says": view.says,
        "cite": [cite_json(spec, c) for c in view.cites],
    }
    if view.clauses:
        data["formal"] = [
            {"decides": c.decision, "when": unparse(c.when) if c.when is not None else None, "then": unparse(c.then)}
            for c in view.clauses
        ]
    if view.overrides:
        data["overrides"] = list(view.overrides)
    if view.not_modelled:
        data["not_modelled"] = view.not_modelled
    return data


def rule_json(spec: Spec, rule: Rule) -> dict[str, Any]:
    """A rule with every ruleset's version, readings and restatements."""
    data: dict[str, Any] = {
        "id": rule.id,
        "game": rule.game,
        "topic": rule.topic,
        "rulesets": list(rule.rulesets),
        "defined_at": str(rule.where),
    }
    if rule.restates:
        data["restates"] = rule.restates
    if rule.reading_of:
        data["reading_of"] = rule.reading_of
    data["versions"] = {rs: view_json(spec, v) for rs, v in rule.views.items()}
    for ruleset, readings in rule.readings.items():
        data["versions"][ruleset]["readings"] = {
            "default": readings.default,
            "reason": readings.reason,
            "options": {name: view_json(spec, v) for name, v in readings.options.items()},
        }
    for ruleset, also in rule.also_cited.items():
        data["versions"][ruleset]["also_stated"] = [{"rule": rid, **cite_json(spec, c)} for rid, c in also]
    return data


def step_json(spec: Spec, step: Step) -> dict[str, Any]:
    """A trace step as the contract shows it (first citation flattened)."""
    first = step.cites[0] if step.cites else None
    data: dict[str, Any] = {"rule": step.rule}
    if first is not None:
        cj = cite_json(spec, first)
        data.update({"source": cj["source"], "lines": cj["lines"], "section": cj["section"]})
    data["note"] = step.note
    if len(step.cites) > 1 or step.also:
        data["cites"] = [cite_json(spec, c) for c in (*step.cites, *step.also)]
    if step.reading:
        data["reading"] = step.reading
    if step.deciding:
        data["deciding"] = True
    return data


def result_json(spec: Spec, result: Result) -> dict[str, Any]:
    """A decision result."""
    return {
        "ruleset": result.ruleset,
        "decision": result.decision,
        "status": result.status,
        "value": result.value,
        "trace": [step_json(spec, s) for s in result.trace],
    }


def plain_note(spec: Spec, step: Step) -> str:
    """A step's note without the formal condition (kept in ``--json`` and ``--verbose``)."""
    note = step.note
    rule = spec.rules.get(step.rule)
    if rule is not None:
        views = [*rule.views.values(), *(o for r in rule.readings.values() for o in r.options.values())]
        for clause in (c for v in views for c in v.clauses):
            if clause.when is not None:
                note = note.replace(f"{unparse(clause.when)}: ", "")
    return note.replace("default: ", "by default ")


def step_title(spec: Spec, ruleset: str, step: Step) -> str:
    """The rule's own title in ``ruleset`` (its id when the rule is unknown)."""
    rule = spec.rules.get(step.rule)
    if rule is None:
        return step.rule
    view = rule.views.get(ruleset) or next(iter(rule.views.values()))
    return view.title
