"""reStructuredText building blocks shared by the reference generators.

Labels are stable: a rule is ``rule-<game>-<edition>-<id>``, a decision
``decision-<game>-<id>``, a ruling ``ruling-<path>``, a solver finding
``finding-<page>-<n>``. Links between generated pages use these labels only.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from adjudicator.core.expr import ast
from adjudicator.core.expr.unparse import unparse
from adjudicator.core.model import Clause
from adjudicator.core.sources import Citation
from adjudicator.core.spec import Spec
from adjudicator.judge.present import cite_text

_SPECIAL = re.compile(r"([\\*`|_\[\]<>])")
WIDTH = 72


def escape(text: str) -> str:
    """Escape reStructuredText inline markup characters, keeping whitespace."""
    return _SPECIAL.sub(r"\\\1", text)


def esc(text: str) -> str:
    """Escape reStructuredText inline markup characters (and fold whitespace)."""
    return escape(" ".join(str(text).split()))


def lit(text: object) -> str:
    """Inline literal text (``like this``), safe for any content."""
    body = " ".join(str(text).split()).replace("`", "'")
    return f"``{body}``" if body else "(empty)"


def slug(ruleset: str) -> str:
    """``horrorclix/2008`` -> ``horrorclix-2008``."""
    return ruleset.replace("/", "-")


def label(ruleset: str, rule_id: str) -> str:
    """The reference label of a rule in one ruleset."""
    return f"rule-{slug(ruleset)}-{rule_id}"


def html_id(name: str) -> str:
    """The HTML id docutils derives from a label."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def anchor(ruleset: str, rule_id: str) -> str:
    """The HTML id docutils derives from :func:`label`."""
    return html_id(label(ruleset, rule_id))


def ref(ruleset: str, rule_id: str, text: str | None = None) -> str:
    """A cross-reference to a rule."""
    return f":ref:`{esc(text or rule_id)} <{label(ruleset, rule_id)}>`"


def rule_link(spec: Spec, ruleset: str, rule_id: str) -> str:
    """A link to the rule if the ruleset has it, else the id as a literal."""
    rule = spec.rules.get(rule_id)
    return ref(ruleset, rule_id) if rule is not None and ruleset in rule.views else lit(rule_id)


def decision_label(game: str, decision_id: str) -> str:
    """The reference label of a decision."""
    return f"decision-{game}-{decision_id}"


def decision_link(game: str, decision_id: str) -> str:
    """A cross-reference to a decision."""
    return f":ref:`{decision_id} <{decision_label(game, decision_id)}>`"


def heading(text: str, char: str) -> str:
    """An underlined heading."""
    return f"{text}\n{char * max(len(text), 4)}\n"


def cites(spec: Spec, items: Iterable[Citation]) -> str:
    """Citations as text: seed file, lines, the source's section heading."""
    return "; ".join(esc(cite_text(spec, c)) for c in items) or "(no citation)"


def indent(lines: Iterable[str], by: int = 3) -> list[str]:
    """Indent non-empty lines."""
    pad = " " * by
    return [pad + line if line else "" for line in lines]


def table(header: Sequence[str], rows: Iterable[Sequence[str]], caption: str = "", widths: str = "") -> list[str]:
    """A ``list-table``; cells are reStructuredText (may be multi-line)."""
    out = [f".. list-table:: {caption}".rstrip(), "   :header-rows: 1", "   :class: adj-table"]
    if widths:
        out.append(f"   :widths: {widths}")
    out.append("")
    for row in [list(header), *rows]:
        for n, cell in enumerate(row):
            text = str(cell).split("\n")
            out.append((("   * - " if n == 0 else "     - ") + text[0]).rstrip())
            out += ["       " + t if t else "" for t in text[1:]]
    return [*out, ""]


def write(path: Path, text: str) -> Path:
    """Write ``text`` unless the file already holds it (keeps Sphinx builds incremental)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temp.write_text(text, encoding="utf-8")
        temp.replace(path)  # atomic: a concurrent build never reads half a file
    return path


def pretty(node: ast.Node, width: int = WIDTH) -> list[str]:
    """An expression laid out over lines: one operand of a long ``and``/``or`` per line."""
    text = unparse(node)
    if len(text) <= width:
        return [text]
    if isinstance(node, ast.BoolOp):
        out: list[str] = []
        for n, operand in enumerate(node.operands):
            inner = pretty(operand, width - 4)
            if isinstance(operand, ast.BoolOp | ast.IfElse):
                inner = ["(" + inner[0], *[" " + line for line in inner[1:]]]
                inner[-1] += ")"
            prefix = "    " if n == 0 else f"{node.op:<3} "
            out += [prefix + inner[0], *["    " + line for line in inner[1:]]]
        return out
    if isinstance(node, ast.IfElse):
        orelse = pretty(node.orelse, width - 5)
        return [
            *_prefixed("if ", pretty(node.cond, width - 5)),
            *_prefixed("then ", pretty(node.then, width - 5)),
            *_prefixed("else ", orelse),
        ]
    return [text]


def _prefixed(word: str, lines: list[str]) -> list[str]:
    return [word + lines[0], *[" " * len(word) + line for line in lines[1:]]]


def formal_block(clauses: Sequence[Clause]) -> list[str]:
    """The formal part as one code block: each clause's decision, value and condition, laid out."""
    body: list[str] = []
    for clause in clauses:
        value = pretty(clause.then, WIDTH - len(clause.decision) - 3)
        body += [f"{clause.decision} = {value[0]}", *["  " + line for line in value[1:]]]
        body += indent(_prefixed("when ", pretty(clause.when)), 2) if clause.when is not None else ["  (always)"]
    return [".. code-block:: text", "   :caption: Formal part", "", *indent(body, 3), ""]
