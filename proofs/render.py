"""Findings as text for people: grouped by topic, each with its rules, its situation and its witness board.

The board is drawn by :func:`proofs.witness.picture` (a finding's board replayed
through the judge), so this module is above both :mod:`proofs.report` and
:mod:`proofs.witness`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from proofs.replay_boards import picture as replay_picture
from proofs.report import Finding, show, show_situation
from proofs.witness import picture


def _show_rules(rules: Iterable[Mapping[str, Any]]) -> str:
    parts = []
    for ref in rules:
        where = ", ".join(ref["cites"])
        value = f" says {show(ref['value'])}" if "value" in ref else ""
        parts.append(f"{ref['id']}{value} ({where}{'; ' + ref['source'] if ref['source'] else ''})")
    return "; ".join(parts) or "no rule"


def render_text(findings: Iterable[Finding]) -> str:
    """Findings grouped by topic (``check`` and ``diff`` rank them), each led by its question and summary."""
    lines: list[str] = []
    current = None
    for finding in findings:
        group = finding.get("topic") or finding.get("decision")
        if group != current:
            current = group
            lines.append(f"== {current}")
        lines.extend("  " + line for line in _block(finding))
    return "\n".join(lines)


def _block(finding: Finding) -> list[str]:
    out = [_head(finding), *_sides_lines(finding)]
    if finding.get("situation") is not None:
        out.append(f"  situation: {show_situation(finding['situation'])}")
    if finding["kind"] not in {"textual", "one_sided"}:
        for side, answer in finding.get("answers", {}).items():
            rules = finding.get("rules", {}).get(side, [])
            out.append(f"  {side}: {show(answer)} by {_show_rules(rules)}")
    near = finding.get("closest")
    out += [f"  decided in {side} by: {_show_rules(refs)}" for side, refs in finding.get("elsewhere", {}).items()]
    if isinstance(near, dict):
        out += [f"  closest rules in {side}: {_show_rules(refs)}" for side, refs in near.items()]
    elif near:
        out.append(f"  closest rules: {_show_rules(near)}")
    if "board" in finding:
        out += _board_lines(finding)
    elif finding.get("board_note"):
        out.append(f"  board: {finding['board_note']}")
    return out


def _head(finding: Finding) -> str:
    """The first line: kind, status, property, question, severity."""
    head = str(finding["kind"])
    head += f" [{finding['status']}]" if "status" in finding else ""
    head += f" {finding['property']}" if finding.get("property") else ""
    head += f" on {finding['decision']}" if finding.get("decision") and not finding.get("property") else ""
    head += f": {finding['question']}" if finding.get("question") else ""
    head += f" (severity: {finding['severity']})" if finding.get("severity") else ""
    return head


def _sides_lines(finding: Finding) -> list[str]:
    """Summary, notes, readings, counterparts and wordings of a finding."""
    out = [f"  {key}: {finding[key]}" for key in ("summary", "expected", "note") if finding.get(key)]
    if finding["kind"] == "ambiguity":
        for name, ref in finding["options"].items():
            mark = " (default)" if ref.get("default") else ""
            out.append(f"  reading {name}{mark}: {', '.join(ref['cites'])}: {ref['says']}")
    for side, refs in finding.get("counterparts", {}).items():
        if refs:
            out.append(f"  {side} words the same point in: {_show_rules(refs)}")
    if finding["kind"] == "textual":
        for side, refs in finding["rules"].items():
            out.append(f"  {side}: {_show_rules(refs)}: {refs[0]['says']}")
    if finding["kind"] == "one_sided":
        out += [f"  {side}: {_show_rules(refs)}" for side, refs in finding["rules"].items()]
    return out


def _board_lines(finding: Finding) -> list[str]:
    """The witness board drawn under a finding, with what ``ask`` answers on it under each ruleset."""
    if finding["board"] is None:
        return [f"  board: {finding.get('board_note', 'none')}"]
    match = finding.get("board_match", "")
    out = [f"  board ({finding.get('query_kind')} query, {match} match):"]
    drawn = replay_picture(finding) if "board_source" in finding else picture(finding)
    out += ["    " + line for line in drawn.splitlines()]
    for side, replay in finding.get("replay", {}).items():
        what = "answer" if "board_source" in finding else f"{finding['decision']} ="
        out.append(f"    ask under {side}: {replay['verdict']}, {what} {show(replay['decision'])}")
    return out
