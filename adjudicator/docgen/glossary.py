"""The glossary of game terms: our own definitions (``docs/glossary.yaml``), citing the rulebook lines.

Each term names the spec rules that define it; the glossary shows those rules'
citations (seed file, lines, section) in every ruleset that has them. Rule
titles on the reference pages link the terms they mention with ``:term:``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml import YAML

from adjudicator.core.sources import parse_citation
from adjudicator.core.spec import Spec
from adjudicator.docgen.rst import cites, esc, escape, heading, ref


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    term: str
    forms: tuple[str, ...]
    says: str
    rules: tuple[str, ...]
    cite: tuple[str, ...]


@dataclass(frozen=True)
class Glossary:
    """The terms of one game."""

    game: str
    terms: tuple[Term, ...]

    def pattern(self) -> re.Pattern[str] | None:
        """A regex matching any form of any term as whole words (longest first)."""
        forms = sorted({f for t in self.terms for f in (t.term, *t.forms)}, key=len, reverse=True)
        if not forms:
            return None
        return re.compile(r"(?<![\w-])(" + "|".join(re.escape(f) for f in forms) + r")(?![\w-])", re.IGNORECASE)

    def term_of(self, text: str) -> str:
        """The term a matched form belongs to."""
        low = text.lower()
        for term in self.terms:
            if low in (term.term.lower(), *(f.lower() for f in term.forms)):
                return term.term
        raise KeyError(text)


def load_glossary(path: Path) -> Glossary:
    """Read ``docs/glossary.yaml``."""
    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    terms = tuple(
        Term(
            term=str(item["term"]),
            forms=tuple(str(f) for f in item.get("also", [])),
            says=str(item["says"]),
            rules=tuple(str(r) for r in item.get("rules", [])),
            cite=tuple(str(c) for c in item.get("cite", [])),
        )
        for item in data["terms"]
    )
    return Glossary(str(data["game"]), terms)


def link_terms(glossary: Glossary | None, game: str, text: str) -> str:
    """Escaped ``text`` with each glossary term it mentions (first mention) linked by ``:term:``."""
    pattern = glossary.pattern() if glossary is not None and glossary.game == game else None
    if glossary is None or pattern is None:
        return esc(text)
    text = " ".join(text.split())
    out, last, seen = [], 0, set()
    for match in pattern.finditer(text):
        term = glossary.term_of(match.group(1))
        if term in seen:
            continue
        seen.add(term)
        out += [escape(text[last : match.start()]), f":term:`{match.group(1)} <{term}>`"]
        last = match.end()
    out.append(escape(text[last:]))
    return "".join(out)


def render_glossary(spec: Spec, glossary: Glossary) -> str:
    """The glossary page."""
    rulesets = [rs for rs in spec.rulesets_of(glossary.game) if spec.rules_in(rs)]
    lines = [
        ".. _glossary:",
        "",
        heading("Glossary", "="),
        (
            f"Game terms of {glossary.game}, defined in our own words. Each entry cites the rulebook lines that define "
            "the term, through the rules of the spec that state it, in each edition that has them. Rule titles on the "
            "reference pages link the terms they mention here."
        ),
        "",
        ".. glossary::",
        "   :sorted:",
        "",
    ]
    for term in glossary.terms:
        lines += [f"   {term.term}"]
        lines += [f"      {esc(term.says)}", ""]
        for ruleset in sorted(rulesets, reverse=True):
            found = [r for r in term.rules if r in spec.rules and ruleset in spec.rules[r].views]
            citations = [c for r in found for c in spec.rules[r].views[ruleset].cites]
            citations += [
                parse_citation(c) for c in term.cite if spec.sources[parse_citation(c).source].ruleset == ruleset
            ]
            if citations or found:
                rules = ", ".join(ref(ruleset, r) for r in found)
                lines += [
                    f"      *{ruleset}*: {cites(spec, dict.fromkeys(citations))}"
                    + (f"; see {rules}." if rules else "."),
                    "",
                ]
    return "\n".join(lines)
