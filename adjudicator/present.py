"""Plain-data views of rules, citations and results, for ``--json`` and for people."""

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


def cite_text(spec: Spec, cite: Citation) -> str:
    """``003_….txt L275-277 (Breaking Away)``."""
    data = cite_json(spec, cite)
    lines = f"L{cite.first}" if cite.first == cite.last else f"L{cite.first}-{cite.last}"
    section = f" ({data['section']})" if data["section"] else ""
    return f"{data['source']} {lines}{section}"


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
