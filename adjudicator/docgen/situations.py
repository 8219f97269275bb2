"""Worked rulings: every example situation with ``expect:``, answered and drawn at build time.

Each ruling shows the situation, the hand-written expected answer with the
source lines behind it, the engine's answer with its cited trace, an SVG
picture of the board, and a doctest that re-runs it (``sphinx-build -b doctest``).
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path, PurePosixPath
from typing import Any

from ruamel.yaml import YAML

from adjudicator.core.engine import RuleConflict
from adjudicator.core.sources import parse_citation
from adjudicator.core.spec import PROJECT_ROOT, Spec, load_spec
from adjudicator.docgen.links import Ruling
from adjudicator.docgen.rst import cites, esc, heading, lit, rule_link, slug, table, write
from adjudicator.judge import answer, load_situation, svg_picture
from adjudicator.situation.answer import Answer
from adjudicator.situation.base import Situation

LONG = 160


def ask(path: str) -> Answer:
    """Answer the situation file at ``path`` (relative to the project): the docs' doctest helper."""
    spec = load_spec()
    return answer(spec, load_situation(PROJECT_ROOT / path, set(spec.rulesets())))


def picture(spec: Spec, path: Path, pictures: Path, name: str) -> list[str]:
    """Write the board of a situation file (answered) as SVG; return the image directive."""
    situation = load_situation(path, set(spec.rulesets()))
    target = pictures / f"{name}.svg"
    try:
        answered: Answer | None = answer(spec, situation)
    except RuleConflict:  # a board that shows a conflict: draw it without the answer's marks
        answered = None
    write(target, svg_picture(situation, answered))
    return [
        f".. image:: {pictures.name}/{target.name}",
        f"   :alt: The board of {path.name}, with the answer drawn on it",
        "   :class: adj-board",
        "",
    ]


TOPICS = {"bigbase": "Multi-base pieces"}
"""Folder names that are not games, in words (a game's folder takes the game's title from the registry)."""


def _titles() -> dict[str, str]:
    from adjudicator.games import games  # noqa: PLC0415 - the registry only when pages are written

    return {**{g.id: g.title for g in games()}, **TOPICS}


def group_of(folder: str) -> str:
    """The group of a folder of examples: ``betrayal`` and ``rulings/betrayal`` are one group, on one page."""
    return folder.removeprefix("rulings/")


def group_title(group: str) -> str:
    """A group title: ``rulings/values`` -> ``Values``; ``witnesses/heroclix/core`` -> ``Witnesses: HeroClix core``."""
    titles = _titles()
    words = [titles.get(part, part.replace("_", " ")) for part in PurePosixPath(group_of(group)).parts]
    first = words[0] if words[0] in titles.values() else words[0].capitalize()
    return first + (": " + " ".join(words[1:]) if len(words) > 1 else "")


def group_page(group: str) -> str:
    """The page name of a group of rulings (one page a group, whatever folders its files come from)."""
    return "rulings-" + group_of(group).replace("/", "-").replace("_", "-")


def title_of(ruling: Ruling) -> str:
    """``breakaway-roll-fails-1e`` -> ``Breakaway roll fails (1e)``."""
    words = ruling.path.stem.split("-")
    edition = f" ({words.pop()})" if words[-1] in {"1e", "2008"} else ""
    return " ".join(words).capitalize() + edition


def render_rulings(spec: Spec, rulings: list[Ruling], pictures: Path) -> dict[str, str]:
    """The rulings index and one page per folder of examples: page name -> text."""
    groups: dict[str, list[Ruling]] = defaultdict(list)
    for ruling in rulings:
        groups[group_of(ruling.group)].append(ruling)
    groups = dict(sorted(groups.items(), key=lambda item: group_title(item[0])))
    pages = {group_page(g): _group(spec, g, items, pictures) for g, items in groups.items()}
    pages["rulings"] = _index(spec, groups)
    return pages


def _index(spec: Spec, groups: dict[str, list[Ruling]]) -> str:
    lines = [
        ".. _rulings:",
        "",
        heading("Worked rulings", "="),
        (
            "Each ruling is a situation file from ``examples/`` with the answer a judge expects, written by hand from "
            "the cited rulebook lines, next to the adjudicator's answer. The test suite and this page's doctests "
            "check that the two agree."
        ),
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "",
        *[f"   {group_page(g)}" for g in groups],
        "",
    ]
    rows = []
    for items in groups.values():
        for ruling in items:
            expect = _raw(ruling.path).get("expect", {})
            rules = ", ".join(rule_link(spec, ruling.ruleset, r) for r in ruling.rules)
            rows.append(
                [
                    f":ref:`{esc(title_of(ruling))} <{ruling.label}>`",
                    esc(ruling.ruleset),
                    lit(expect.get("verdict", "")),
                    rules,
                ]
            )
    return "\n".join([*lines, *table(["Ruling", "Ruleset", "Verdict", "Rules"], rows)])


def _group(spec: Spec, group: str, items: list[Ruling], pictures: Path) -> str:
    folders = " and ".join(f"``examples/{f}/``" for f in dict.fromkeys(r.group for r in items))
    lines = [
        heading(f"Rulings: {group_title(group)}", "="),
        f"Situation files from {folders}.",
        "",
        ".. testsetup:: *",
        "",
        "   from adjudicator.docgen.situations import ask",
        "",
    ]
    for ruling in items:
        lines += _ruling(spec, ruling, pictures)
    return "\n".join(lines)


def _raw(path: Path) -> dict[str, Any]:
    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else {}


def _comment(path: Path) -> str:
    """The comment block at the top of a situation file."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        out.append(line.lstrip("#").strip())
    return " ".join(out)


def _ruling(spec: Spec, ruling: Ruling, pictures: Path) -> list[str]:
    raw = _raw(ruling.path)
    expect: dict[str, Any] = raw.get("expect", {})
    situation = load_situation(ruling.path, set(spec.rulesets()))
    result = answer(spec, situation)
    lines = [f".. _{ruling.label}:", "", heading(esc(title_of(ruling)), "-")]
    if _comment(ruling.path):
        lines += [esc(_comment(ruling.path)), ""]
    lines += picture(spec, ruling.path, pictures, ruling.label)
    lines += [
        f":Ruleset: :ref:`{ruling.ruleset} <ruleset-{slug(ruling.ruleset)}>`",
        f":Board: {_board(situation, raw)}",
        f":Question: {lit(_flow(raw.get('query', {})))}",
        f":Source lines: {cites(spec, [parse_citation(str(c)) for c in expect.get('source', [])])}",
        f":File: ``{ruling.rel}`` (``adjudicator ask {ruling.rel}``)",
        "",
        *_raw_pieces(raw),
        *_compare(spec, ruling, expect, result),
        *_trace(spec, ruling.ruleset, result),
        *_doctest(ruling, expect),
    ]
    return lines


def _board(situation: Situation, raw: dict[str, Any]) -> str:
    """The board in words: its kind of map, its size and the objects on it, as the file writes them."""
    board = situation.board
    kind = getattr(situation, "map_kind", board.kind)
    objects = ", ".join(
        f"{o.get('type')} at {o.get('at')}" for o in raw.get("objects") or [] if isinstance(o, dict) and "at" in o
    )
    return f"{kind} map, {board.extent()}" + (f"; {objects}" if objects else "")


def _raw_pieces(raw: dict[str, Any]) -> list[str]:
    """The pieces as the situation file writes them (every game's pieces carry fields of their own)."""
    rows = [
        [
            lit(str(p.get("id", ""))),
            str(p.get("type", "")),
            esc(_flow({k: v for k, v in p.items() if k not in {"id", "type"}})),
        ]
        for p in raw.get("pieces", [])
        if isinstance(p, dict)
    ]
    if not rows:
        return []
    return table(["Piece", "Type", "Fields"], rows, caption="Pieces", widths="15 15 70")


def _flow(data: object) -> str:
    """A mapping in YAML flow style, as the situation file writes it."""
    if isinstance(data, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in data.items()) + "}"
    if isinstance(data, list):
        return "[" + ", ".join(_flow(v) for v in data) + "]"
    if isinstance(data, bool):
        return "true" if data else "false"
    return str(data)


def _value(value: object) -> str:
    text = json.dumps(value, default=str) if not isinstance(value, str) else value
    return lit(text if len(text) <= LONG else text[:LONG] + " …")


def _outcome(outcome: dict[str, Any]) -> str:
    return "\n".join(f"| {esc(k)}: {_value(v)}" for k, v in outcome.items()) or "(none)"


def _compare(spec: Spec, ruling: Ruling, expect: dict[str, Any], result: Answer) -> list[str]:
    cited = list(dict.fromkeys(step.rule for step in result.trace))
    agree = result.verdict == expect.get("verdict")
    rows = [
        ["Verdict", lit(expect.get("verdict", "")), lit(result.verdict) + ("" if agree else " (differs)")],
        ["Outcome", _outcome(expect.get("outcome", {})), _outcome(result.outcome)],
        [
            "Rules",
            ", ".join(rule_link(spec, ruling.ruleset, r) for r in ruling.rules) or "(none named)",
            ", ".join(rule_link(spec, ruling.ruleset, r) for r in cited) or "(none)",
        ],
    ]
    return table(["", "Expected (by hand)", "Adjudicator"], rows, caption="Answer", widths="14 43 43")


def _trace(spec: Spec, ruleset: str, result: Answer) -> list[str]:
    rows = [
        [
            rule_link(spec, ruleset, step.rule),
            cites(spec, step.cites[:1]) if step.cites else "",
            ("**decides:** " if step.deciding else "") + esc(step.note),
        ]
        for step in result.trace
    ]
    if not rows:
        return []
    return table(["Rule", "Source", "Step"], rows, caption="Trace", widths="22 30 48")


def _doctest(ruling: Ruling, expect: dict[str, Any]) -> list[str]:
    lines = [
        ".. doctest::",
        "",
        f"   >>> result = ask({ruling.rel!r})",
        "   >>> result.verdict",
        f"   {expect.get('verdict')!r}",
    ]
    for key, value in expect.get("outcome", {}).items():
        if isinstance(value, str | int | bool) and not isinstance(value, dict):
            lines += [f"   >>> result.outcome[{key!r}]", f"   {value!r}"]
    return [*lines, ""]
