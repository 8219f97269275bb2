"""Findings as plain data (JSON-ready dicts) and as text for people.

Every finding is a dict with at least ``kind`` and ``decision``; most carry a
``situation`` (the facts), ``answers`` per side and ``rules`` per side, each
rule as ``{"id", "source" (seed file), "lines", "cites"}``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import z3

from adjudicator.core.expr.compile import Value
from adjudicator.core.model import RuleView
from adjudicator.core.spec import Spec
from proofs.encode import Side

Finding = dict[str, Any]


def rule_ref(spec: Spec, view: RuleView, value: Value | None = None) -> dict[str, Any]:
    """A rule with its citations: id, seed file of its first source, cited line ranges."""
    cites = list(view.cites)
    first = cites[0].source if cites else None
    ref: dict[str, Any] = {
        "id": view.id,
        "source": spec.sources[first].seed if first in spec.sources else None,
        "lines": [[c.first, c.last] for c in cites if c.source == first],
        "cites": [str(c) for c in cites],
    }
    if view.reading is not None:
        ref["reading"] = view.reading
    if value is not None:
        ref["value"] = value
    return ref


def fired_refs(spec: Spec, side: Side, model: z3.ModelRef) -> list[dict[str, Any]]:
    """The rules that fire on ``side`` in ``model``, each with the value its clause gives."""
    return [
        rule_ref(spec, arm.view, side.arm_value(arm, model))
        for arm in side.arms
        if z3.is_true(model.eval(arm.fires, model_completion=True))
    ]


def label(ruleset: str, readings: Mapping[str, str]) -> str:
    """A side's name: the ruleset, with any non-default readings chosen."""
    chosen = ", ".join(f"{r}={o}" for r, o in sorted(readings.items()))
    return f"{ruleset} [{chosen}]" if chosen else ruleset


def show(value: object) -> str:
    """A value as the spec writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def show_situation(situation: Mapping[str, Any]) -> str:
    """``name=value`` pairs, in fact order."""
    return ", ".join(f"{k}={show(v)}" for k, v in situation.items()) or "(no facts)"


def _show_rules(rules: Iterable[Mapping[str, Any]]) -> str:
    parts = []
    for ref in rules:
        where = ", ".join(ref["cites"])
        value = f" says {show(ref['value'])}" if "value" in ref else ""
        parts.append(f"{ref['id']}{value} ({where}{'; ' + ref['source'] if ref['source'] else ''})")
    return "; ".join(parts) or "no rule"


def render_text(findings: Iterable[Finding]) -> str:
    """Findings grouped by decision, one block per distinct difference."""
    lines: list[str] = []
    current = None
    for finding in sorted(findings, key=lambda f: (str(f.get("decision")), str(f.get("kind")))):
        if finding.get("decision") != current:
            current = finding.get("decision")
            lines.append(f"{current}")
        lines.extend("  " + line for line in _block(finding))
    return "\n".join(lines)


def _block(finding: Finding) -> list[str]:
    head = finding["kind"]
    if "status" in finding:
        head += f" [{finding['status']}]"
    if finding.get("property"):
        head += f" {finding['property']}"
    if finding.get("note"):
        head += f": {finding['note']}"
    out = [head]
    if finding.get("situation") is not None:
        out.append(f"  situation: {show_situation(finding['situation'])}")
    for side, answer in finding.get("answers", {}).items():
        rules = finding.get("rules", {}).get(side, [])
        out.append(f"  {side}: {show(answer)} by {_show_rules(rules)}")
    if "board" in finding:
        out += _board_lines(finding)
    return out


def _board_lines(finding: Finding) -> list[str]:
    """The witness board drawn under a finding, with what ``ask`` answers on it under each ruleset."""
    if finding["board"] is None:
        return [f"  board: {finding.get('board_note', 'none')}"]
    from proofs.witness import picture  # noqa: PLC0415 - loads the engine only for findings with boards

    match = finding.get("board_match", "")
    out = [f"  board ({finding.get('query_kind')} query, {match} match):"]
    out += ["    " + line for line in picture(finding).splitlines()]
    for ruleset, replay in finding.get("replay", {}).items():
        out.append(f"    ask under {ruleset}: {replay['verdict']}, {finding['decision']} = {show(replay['decision'])}")
    return out
