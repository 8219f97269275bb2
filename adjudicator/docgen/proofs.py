"""Edition comparison and check pages from the solver's findings (``proofs.diff``, ``proofs.check``).

The solver runs once per build: findings are cached in ``_findings.json``
beside the generated pages, keyed by a hash of the spec and of the code that
produces them, so a second builder (doctest) or an unchanged rebuild reuses
them.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

from adjudicator.core.sources import parse_citation
from adjudicator.core.spec import Spec
from adjudicator.docgen.rst import (
    cites,
    decision_link,
    esc,
    heading,
    lit,
    rule_link,
    slug,
    table,
    write,
)
from adjudicator.docgen.situations import picture

PLURALS = {
    "diff": "differences",
    "textual": "wording differences",
    "ambiguity": "ambiguities",
    "conflict": "conflicts",
    "gap": "gaps",
    "vacuous": "vacuous decisions",
    "unknown": "searches the solver gave up",
}
Finding = dict[str, Any]
Findings = dict[str, list[Finding]]
Mentions = dict[tuple[str, str], list[tuple[str, str]]]
"""(ruleset, rule id) -> [(finding label, short description)]."""

KIND_TITLES = {
    "diff": "Difference",
    "textual": "Wording difference",
    "ambiguity": "Ambiguity",
    "conflict": "Conflict",
    "gap": "Gap",
    "vacuous": "Vacuous decision",
    "unknown": "Solver gave up",
}


def ruleset_pairs(spec: Spec) -> list[tuple[str, str]]:
    """Every pair of rulesets of one game that both have rules."""
    with_rules = [rs for rs in spec.rulesets() if spec.rules_in(rs)]
    return [(a, b) for a, b in combinations(with_rules, 2) if spec.game(a) == spec.game(b)]


def checked_rulesets(spec: Spec) -> list[str]:
    """Every ruleset that has rules."""
    return [rs for rs in spec.rulesets() if spec.rules_in(rs)]


def diff_page(a: str, b: str) -> str:
    """The page name of an edition comparison."""
    return f"editions-{slug(a)}-vs-{slug(b)}"


def check_page(ruleset: str) -> str:
    """The page name of a ruleset's check."""
    return f"check-{slug(ruleset)}"


def _fingerprint(spec: Spec) -> str:
    digest = hashlib.sha256()
    root = spec.root
    files = [
        *sorted((root / "spec").rglob("*.yaml")),
        *sorted((root / "proofs").glob("*.py")),
        *sorted((root / "adjudicator").rglob("*.py")),
    ]
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def load_findings(spec: Spec, cache: Path, progress: Callable[[str], None] | None = None) -> Findings:
    """Every diff and check finding, from the cache when the spec and code are unchanged."""
    key = _fingerprint(spec)
    if cache.is_file():
        stored = json.loads(cache.read_text(encoding="utf-8"))
        if stored.get("key") == key:
            findings: Findings = stored["findings"]
            return findings
    from proofs import check, diff  # noqa: PLC0415 - z3 only when the cache is stale

    findings = {}
    for a, b in ruleset_pairs(spec):
        findings[diff_page(a, b)] = diff.run(spec, a, b, progress=progress)
    for ruleset in checked_rulesets(spec):
        findings[check_page(ruleset)] = check.run(spec, ruleset, progress=progress)
    write(cache, json.dumps({"key": key, "findings": findings}, default=str))
    return json.loads(json.dumps(findings, default=str))  # type: ignore[no-any-return]


def finding_label(page: str, number: int) -> str:
    """The reference label of the ``number``-th finding of a page."""
    return f"finding-{page}-{number}"


def mentions(findings: Findings) -> Mentions:
    """Which findings cite each rule, for the rule pages."""
    out: Mentions = defaultdict(list)
    for page, items in findings.items():
        for number, finding in enumerate(_ordered(items), start=1):
            for side, refs in finding.get("rules", {}).items():
                ruleset = finding.get("ruleset") or side
                what = f"{KIND_TITLES.get(finding['kind'], str(finding['kind'])).lower()} on {finding['decision']}"
                if finding["kind"] == "diff":
                    other = [rs for rs in finding["rulesets"] if rs != side]
                    what += f" with {other[0]}" if other else ""
                for rule in refs:
                    entry = (finding_label(page, number), what)
                    if entry not in out[(ruleset, rule["id"])]:
                        out[(ruleset, rule["id"])].append(entry)
    return out


def _ordered(items: list[Finding]) -> list[Finding]:
    """Findings as the solver ranked them: grouped by topic, those a board shows first."""
    return list(items)


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def render_diff(spec: Spec, a: str, b: str, items: list[Finding], pictures: Path) -> str:
    """The edition comparison page of ``a`` and ``b``."""
    page = diff_page(a, b)
    intro = [
        f".. _{page}:",
        "",
        heading(f"Editions compared: {a} and {b}", "="),
        (
            f"For every decision both rulesets answer, the solver (``proofs.diff``) looks for table situations where "
            f"{ref_ruleset(a)} and {ref_ruleset(b)} give different answers. Each difference below is the smallest "
            "situation found for one combination of responsible rules; situations where the same rules fire on both "
            "sides are reported once. Run it yourself with ``adjudicator diff "
            f"{a} {b}``."
        ),
        "",
    ]
    return _render(spec, page, intro, items, pictures, [a, b])


def render_check(spec: Spec, ruleset: str, items: list[Finding], pictures: Path) -> str:
    """The check page of one ruleset."""
    page = check_page(ruleset)
    intro = [
        f".. _{page}:",
        "",
        heading(f"Checked: {ruleset}", "="),
        (
            f"For every decision of {ref_ruleset(ruleset)}, under its default readings and then under each other "
            "reading, the solver (``proofs.check``) looks for a **conflict** (two applicable rules that give different "
            "answers and that no override settles) and a **gap** (a situation no rule and no default decides). "
            f"Run it yourself with ``adjudicator check {ruleset}``."
        ),
        "",
    ]
    return _render(spec, page, intro, items, pictures, [ruleset])


def ref_ruleset(ruleset: str) -> str:
    """A link to a ruleset's page."""
    return f":ref:`{ruleset} <ruleset-{slug(ruleset)}>`"


def _render(  # noqa: PLR0917 - one page's parts, all needed
    spec: Spec, page: str, intro: list[str], items: list[Finding], pictures: Path, sides: list[str]
) -> str:
    lines = [*intro]
    ordered = _ordered(items)
    if not ordered:
        lines += ["The solver found nothing to report.", ""]
        return "\n".join(lines)
    lines += _summary(spec, page, ordered, sides[0])
    current = None
    for number, finding in enumerate(ordered, start=1):
        topic = _group(finding)
        if topic != current:
            current = topic
            lines += [heading(esc(f"Topic: {current}"), "-")]
        lines += _finding(spec, page, number, finding, pictures, sides)
    return "\n".join(lines)


def _group(finding: Finding) -> str:
    return str(finding.get("topic") or finding.get("decision") or "other")


def _summary(spec: Spec, page: str, ordered: list[Finding], ruleset: str) -> list[str]:
    del spec, ruleset  # the summary is by topic
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    first: dict[str, int] = {}
    for number, finding in enumerate(ordered, start=1):
        counts[_group(finding)][finding["kind"]] += 1
        first.setdefault(_group(finding), number)
    rows = []
    for topic, kinds in counts.items():
        found = ", ".join(_count(n, k) for k, n in sorted(kinds.items()))
        rows.append([esc(topic), f":ref:`{found} <{finding_label(page, first[topic])}>`"])
    total = ", ".join(
        _count(sum(c.get(k, 0) for c in counts.values()), k)
        for k in KIND_TITLES
        if any(k in c for c in counts.values())
    )
    return [
        heading("Summary", "-"),
        f"{len(ordered)} findings: {total}.",
        "",
        *table(["Topic", "Findings"], rows),
    ]


def _count(n: int, kind: str) -> str:
    """``3 differences``, ``1 gap``."""
    word = KIND_TITLES.get(kind, str(kind)).lower()
    return f"{n} {word if n == 1 else PLURALS.get(kind, word)}"


def _finding(  # noqa: PLR0917 - one finding's parts, all needed
    spec: Spec, page: str, number: int, finding: Finding, pictures: Path, sides: list[str]
) -> list[str]:
    kind = KIND_TITLES.get(finding["kind"], finding["kind"])
    lines = [f".. _{finding_label(page, number)}:", "", heading(f"{kind} {number}", "~")]
    lines += _lead(spec, finding, sides)
    readings = finding.get("readings")
    if readings and finding["kind"] != "ambiguity":
        chosen = ", ".join(f"{rule_link(spec, sides[0], r)} read as *{esc(o)}*" for r, o in sorted(readings.items()))
        lines += [f"Under the readings: {chosen}.", ""]
    if finding.get("note"):
        lines += [f"*{esc(finding['note'])}*", ""]
    situation = finding.get("situation")
    if situation is not None:
        lines += _situation_table(spec, sides[0], finding["decision"], situation)
    if finding.get("answers"):
        lines += _answers_table(spec, finding)
    if finding.get("board"):
        lines += _board(spec, finding, pictures, f"{page}-{number}")
    elif finding.get("board_note"):
        lines += [f"No board picture: {esc(finding['board_note'])}", ""]
    return lines


def _lead(spec: Spec, finding: Finding, sides: list[str]) -> list[str]:
    """Question, one-line summary, decision, severity, readings and citations on each side."""
    lines = []
    if finding.get("question"):
        lines += [f"**{esc(finding['question'])}**", ""]
    if finding.get("summary"):
        lines += [esc(finding["summary"]), ""]
    decision = finding.get("decision")
    game = spec.game(finding.get("ruleset") or sides[0].split("@")[0])
    if decision is not None and (game, decision) in spec.decisions:
        lines += [f"Decision: {decision_link(game, decision)}.", ""]
    if finding.get("severity"):
        lines += [f"Severity: *{esc(finding['severity'])}* ({esc(finding.get('severity_note', ''))}).", ""]
    return [*lines, *_wordings(spec, finding)]


def _wordings(spec: Spec, finding: Finding) -> list[str]:
    """The readings or wordings of a finding, and the rules it cites on each side."""
    lines: list[str] = []
    if finding["kind"] == "ambiguity":
        rows = []
        for name, ref in finding["options"].items():
            mark = " (default)" if ref.get("default") else ""
            rows.append([f"*{esc(name)}*{mark}", esc(ref["says"]), _cited(spec, ref)])
        lines += table(["Reading", "Paraphrase", "Where"], rows, caption=f"Readings of {finding['rule']}")
        lines += [f"Why the default: {esc(finding['reason'])}", ""]
    if finding["kind"] == "textual":
        rows = [[esc(side), esc(refs[0]["says"]), _cited(spec, refs[0])] for side, refs in finding["rules"].items()]
        lines += table(["Side", "Paraphrase", "Where"], rows, caption=f"Wording of {finding['rule']}")
    for side, refs in (finding.get("counterparts") or {}).items():
        if refs:
            where = "; ".join(f"{r['id']} ({_cited(spec, r)})" for r in refs)
            lines += [f"The same point in {esc(side)}: {where}.", ""]
    for side, refs in (finding.get("elsewhere") or {}).items():
        where = "; ".join(f"{r['id']} ({_cited(spec, r)})" for r in refs)
        lines += [f"{esc(side)} decides it by: {where}.", ""]
    near = finding.get("closest")
    if near:
        groups = near.items() if isinstance(near, dict) else [(finding.get("ruleset", ""), near)]
        for side, refs in groups:
            if refs:
                where = "; ".join(f"{r['id']} ({_cited(spec, r)})" for r in refs)
                lines += [f"Closest rules in {esc(side)}: {where}.", ""]
    return lines


def _cited(spec: Spec, ref: dict[str, Any]) -> str:
    return cites(spec, [parse_citation(c) for c in ref.get("cites", [])])


def _board(spec: Spec, finding: Finding, pictures: Path, name: str) -> list[str]:
    """The witness board: a situation file that shows the finding, drawn and answered under each ruleset."""
    text = str(finding["board"])
    first = _ruleset_line(text)
    rulesets = list(finding.get("replay") or {}) or [first]
    match = finding.get("board_match", "")
    how = {
        "exact": "exactly these facts",
        "replay": "the same board asked under each side",
    }.get(match, "facts that fire the same rules")
    lines = [
        f".. rubric:: A board that shows it ({esc(finding.get('query_kind', ''))} query, {how})",
        "",
    ]
    header, pics, verdicts = [], [], []
    boards = finding.get("boards") or {}
    for ruleset in rulesets:
        board = boards.get(ruleset) or (text if ruleset == first else _with_ruleset(text, ruleset))
        stem = re.sub(r"[^A-Za-z0-9_-]+", "-", f"{name}-{slug(ruleset)}").strip("-")
        path = pictures / f"{stem}.yaml"
        write(path, board)
        header.append(esc(ruleset))
        pics.append("\n".join(picture(spec, path, pictures, path.stem)).rstrip())
        replay = (finding.get("replay") or {}).get(ruleset, {})
        decided = lit(_show(replay.get("decision", "?")))
        verdict = f"``adjudicator ask`` says {lit(replay.get('verdict', '?'))}; the decision comes to {decided}"
        verdicts.append(f"{verdict}. Situation file: :download:`{path.name} <{pictures.name}/{path.name}>`")
    lines += table(header, [pics, verdicts], caption="Witness board")
    return lines


def _ruleset_line(text: str) -> str:
    match = re.search(r"^ruleset:\s*(\S+)", text, re.MULTILINE)
    return match.group(1) if match else ""


def _with_ruleset(text: str, ruleset: str) -> str:
    return re.sub(r"^ruleset:.*$", f"ruleset: {ruleset}", text, count=1, flags=re.MULTILINE)


def _situation_table(spec: Spec, ruleset: str, decision: str, situation: dict[str, Any]) -> list[str]:
    try:
        facts = spec.decision(ruleset, decision).facts
    except KeyError:
        facts = {}
    if not situation:
        return ["The situation has no facts.", ""]
    rows = [
        [lit(name), lit(_show(value)), esc(facts[name].says) if name in facts else ""]
        for name, value in situation.items()
    ]
    return table(["Fact", "Value", "Meaning"], rows, caption="Situation", widths="25 15 60")


def _answers_table(spec: Spec, finding: Finding) -> list[str]:
    sides = list(finding["answers"])
    rows = [["Answer", *[lit(_show(finding["answers"][s])) for s in sides]]]
    cells = []
    for side in sides:
        ruleset = finding.get("ruleset") or side
        refs = finding.get("rules", {}).get(side, [])
        cells.append("\n".join(_rule_cell(spec, ruleset, r) for r in refs) or "no rule applies")
    rows.append(["Rules", *cells])
    return table(["", *[esc(s) for s in sides]], rows, caption="Answers")


def _rule_cell(spec: Spec, ruleset: str, rule: dict[str, Any]) -> str:
    says = f" says {lit(_show(rule['value']))}" if "value" in rule else ""
    reading = f" (reading *{esc(rule['reading'])}*)" if rule.get("reading") else ""
    where = cites(spec, [parse_citation(c) for c in rule.get("cites", [])])
    return f"| {rule_link(spec, ruleset, rule['id'])}{reading}{says}\n| {where}"
