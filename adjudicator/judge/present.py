"""The words of an answer for people: ruleset titles, citations in a sentence, the trace in plain steps.

``--json`` keeps the contract's plain data (:mod:`adjudicator.core.plain`);
these views name a ruleset by its game's title from the registry
(``HorrorClix 2008``), which the spec alone does not know.
"""

from __future__ import annotations

from adjudicator.core.engine import Step
from adjudicator.core.plain import cite_json, plain_note, step_title
from adjudicator.core.sources import Citation
from adjudicator.core.spec import Spec
from adjudicator.games import ruleset_title


def cite_text(spec: Spec, cite: Citation) -> str:
    """``HorrorClix 2008, L275-277 (Breaking Away)``: the citation for people (JSON keeps the seed file name)."""
    data = cite_json(spec, cite)
    source = spec.sources[cite.source]
    lines = f"L{cite.first}" if cite.first == cite.last else f"L{cite.first}-{cite.last}"
    section = f" ({data['section']})" if data["section"] else ""
    return f"{ruleset_title(source.ruleset, source.game)}, {lines}{section}"


def step_lines(spec: Spec, ruleset: str, steps: list[Step], *, verbose: bool = False) -> list[tuple[str, str, str]]:
    """The trace for people: ``(what was checked, citation, formal note)`` per step.

    A step that repeats the one before it (same rule, same plain words) is shown once; a step that settles
    the question says so (``decides:``), so a judge finds the ruling's own line at a glance.
    """
    out: list[tuple[str, str, str]] = []
    previous: tuple[str, str] | None = None
    for step in steps:
        plain = plain_note(spec, step)
        if previous == (step.rule, plain):
            continue
        previous = (step.rule, plain)
        cites = ", ".join(cite_text(spec, c) for c in step.cites[:1])
        formal = step.note if verbose else ""
        mark = "decides: " if step.deciding else ""
        out.append((f"{mark}{step_title(spec, ruleset, step)} [{step.rule}]: {plain}", cites, formal))
    return out
