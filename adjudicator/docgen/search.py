"""The reference's own search: a rule by its id, a glossary term, or a phrase, the rule's own entry first.

Sphinx's full-text search ranks pages, not rules: a rule id is split into
words and "rule of 3" finds every page that mentions rules. This index has one
entry per rule and ruleset (id, title, paraphrase, link to its anchor) and one
per glossary term (with the rules that state it). :func:`rank` scores them; the
generated page ``search-rules`` embeds the index and the same scoring in
JavaScript (:data:`SCRIPT`), so what the test checks in Python is what a
reader gets in the browser.

Scores, highest first: the exact rule id; a glossary term, then the rules
that state it; a title equal to the query; the query as a phrase in a title,
then in a paraphrase; every word of the query in the entry (more in the
title first).
"""

from __future__ import annotations

import json
import re
from typing import Any

from adjudicator.core.spec import Spec
from adjudicator.docgen.glossary import Glossary
from adjudicator.docgen.rst import anchor, heading, slug

EXACT_ID, ID_PREFIX, TERM, TERM_RULE, TITLE_EQUAL = 1000, 600, 900, 850, 500
TITLE_PHRASE, SAYS_PHRASE, ALL_WORDS, TITLE_WORD = 400, 300, 100, 10
WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def _norm(text: str) -> str:
    return " ".join(_words(text))


def build_index(spec: Spec, pages: dict[str, str], glossary: Glossary | None) -> list[dict[str, Any]]:
    """Entries for every rule of every ruleset (``pages``: ``(ruleset, rule id)`` key ``ruleset|id`` -> page)."""
    entries: list[dict[str, Any]] = []
    for key, page in pages.items():
        ruleset, rule_id = key.split("|", 1)
        view = spec.rules[rule_id].views[ruleset]
        entries.append(
            {
                "kind": "rule",
                "id": rule_id,
                "ruleset": ruleset,
                "title": view.title,
                "says": view.says,
                "url": f"{page}.html#{anchor(ruleset, rule_id)}",
                "terms": [],
            }
        )
    if glossary is not None:
        for term in glossary.terms:
            forms = [term.term, *term.forms]
            entries.append(
                {
                    "kind": "term",
                    "id": term.term,
                    "ruleset": glossary.game,
                    "title": term.term,
                    "says": term.says,
                    "url": f"glossary.html#term-{'-'.join(_words(term.term))}",
                    "terms": [_norm(f) for f in forms],
                }
            )
            for entry in entries:
                if entry["kind"] == "rule" and entry["id"] in term.rules:
                    entry["terms"] += [_norm(f) for f in forms]
    return entries


def score(entry: dict[str, Any], query: str) -> int:  # noqa: PLR0911 - one return per documented tier
    """How well ``entry`` matches ``query`` (0: not at all)."""
    raw = query.strip().lower()
    phrase = _norm(query)
    if not phrase:
        return 0
    if entry["kind"] == "rule" and entry["id"].lower() == raw:
        return EXACT_ID
    if entry["kind"] == "rule" and entry["id"].lower().startswith(raw) and "." in raw:
        return ID_PREFIX
    if phrase in entry["terms"]:
        return TERM if entry["kind"] == "term" else TERM_RULE
    title, says = _norm(entry["title"]), _norm(entry["says"])
    if title == phrase:
        return TITLE_EQUAL
    if f" {phrase} " in f" {title} ":
        return TITLE_PHRASE
    if f" {phrase} " in f" {says} ":
        return SAYS_PHRASE
    words = phrase.split()
    have = set(title.split()) | set(says.split()) | set(_words(entry["id"]))
    if all(w in have for w in words):
        return ALL_WORDS + TITLE_WORD * sum(w in title.split() for w in words)
    return 0


def rank(entries: list[dict[str, Any]], query: str, limit: int = 30) -> list[dict[str, Any]]:
    """The matching entries, best first (ties: rules before terms, then by ruleset and id)."""
    scored = [(score(e, query), e) for e in entries]
    hits = [(s, e) for s, e in scored if s > 0]
    hits.sort(key=lambda se: (-se[0], se[1]["kind"] != "rule", se[1]["ruleset"], se[1]["id"]))
    return [e for _, e in hits[:limit]]


SCRIPT = r"""
(function () {
  const W = (t) => (t.toLowerCase().match(/[a-z0-9]+/g) || []);
  const N = (t) => W(t).join(" ");
  function score(e, q) {
    const raw = q.trim().toLowerCase(), phrase = N(q);
    if (!phrase) return 0;
    if (e.kind === "rule" && e.id.toLowerCase() === raw) return 1000;
    if (e.kind === "rule" && e.id.toLowerCase().startsWith(raw) && raw.includes(".")) return 600;
    if (e.terms.includes(phrase)) return e.kind === "term" ? 900 : 850;
    const title = N(e.title), says = N(e.says);
    if (title === phrase) return 500;
    if ((" " + title + " ").includes(" " + phrase + " ")) return 400;
    if ((" " + says + " ").includes(" " + phrase + " ")) return 300;
    const words = phrase.split(" "), tw = title.split(" ");
    const have = new Set([...tw, ...says.split(" "), ...W(e.id)]);
    if (words.every((w) => have.has(w))) return 100 + 10 * words.filter((w) => tw.includes(w)).length;
    return 0;
  }
  function rank(q) {
    const hits = INDEX.map((e) => [score(e, q), e]).filter((p) => p[0] > 0);
    hits.sort((a, b) => b[0] - a[0] || (a[1].kind !== "rule") - (b[1].kind !== "rule")
      || a[1].ruleset.localeCompare(b[1].ruleset) || a[1].id.localeCompare(b[1].id));
    return hits.slice(0, 30).map((p) => p[1]);
  }
  function show(q) {
    const list = document.getElementById("rule-search-results");
    list.innerHTML = "";
    for (const e of rank(q)) {
      const li = document.createElement("li"), a = document.createElement("a");
      a.href = e.url;
      a.textContent = (e.kind === "rule" ? e.id + " (" + e.ruleset + "): " : "Glossary: ") + e.title;
      li.appendChild(a);
      li.appendChild(document.createTextNode(" " + e.says));
      list.appendChild(li);
    }
  }
  const box = document.getElementById("rule-search-box");
  box.addEventListener("input", () => show(box.value));
  const q = new URLSearchParams(window.location.search).get("q");
  if (q) { box.value = q; show(q); }
})();
"""


def render_search(entries: list[dict[str, Any]]) -> str:
    """The ``search-rules`` page: a box, the results, the index and the script."""
    data = json.dumps(entries, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    html = [
        (
            '<input id="rule-search-box" type="search" placeholder="rule id, glossary term or phrase" '
            'aria-label="Search the rules" style="width: 100%; font-size: 1.1em"/>'
        ),
        '<ol id="rule-search-results"></ol>',
        f"<script>const INDEX = {data};</script>",
        f"<script>{SCRIPT}</script>",
    ]
    lines = [
        ".. _search-rules:",
        "",
        heading("Search the rules", "="),
        (
            "Type a rule id (``HX.BREAK.SUCCESS``), a glossary term (*frenzy*) or a phrase (*rule of 3*): the "
            "rule's own entry comes first, then the rules that mention it."
        ),
        "",
        ".. raw:: html",
        "",
        *(f"   {line}" if line else "" for chunk in html for line in chunk.splitlines()),
        "",
    ]
    return "\n".join(lines)


def rule_pages(spec: Spec, rulesets: list[str], topic_page: Any) -> dict[str, str]:
    """``ruleset|rule id`` -> the topic page that holds the rule's entry (``topic_page(ruleset, topic)``)."""
    out: dict[str, str] = {}
    for ruleset in rulesets:
        game = spec.game(ruleset)
        topics = {t.name: t for t in spec.topics if t.game == game}
        for rule in spec.rules_in(ruleset):
            if rule.topic in topics:
                out[f"{ruleset}|{rule.id}"] = topic_page(ruleset, topics[rule.topic])
    return out


__all__ = ["build_index", "rank", "render_search", "rule_pages", "score", "slug"]
