"""Findings as plain data (JSON-ready dicts); :mod:`proofs.render` writes them as text for people.

Every finding is a dict with at least ``kind`` and ``decision``; most carry a
``situation`` (the facts), ``answers`` per side and ``rules`` per side, each
rule as ``{"id", "source" (seed file), "lines", "cites"}``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import z3

from adjudicator.core.expr.compile import Value
from adjudicator.core.model import Decision, RuleView
from adjudicator.core.sources import Citation
from adjudicator.core.spec import Spec
from proofs.encode import Side

Finding = dict[str, Any]
NO_CHANGE = "no query answer changes"
"""What a finding says when no board's replay shows it."""


def citations(spec: Spec, cites: Iterable[Citation]) -> list[dict[str, Any]]:
    """Citations grouped by seed file: ``[{"source": FILE, "lines": [[lo, hi], ...]}, ...]``."""
    grouped: dict[str, list[list[int]]] = {}
    for cite in cites:
        seed = spec.sources[cite.source].seed if cite.source in spec.sources else cite.source
        span = [cite.first, cite.last]
        if span not in grouped.setdefault(seed, []):
            grouped[seed].append(span)
    return [{"source": seed, "lines": sorted(lines)} for seed, lines in grouped.items()]


def merge_citations(*groups: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Several citation lists as one (same shape as :func:`citations`)."""
    grouped: dict[str, list[list[int]]] = {}
    for group in groups:
        for item in group:
            lines = grouped.setdefault(str(item["source"]), [])
            lines += [list(span) for span in item["lines"] if list(span) not in lines]
    return [{"source": seed, "lines": sorted(lines)} for seed, lines in grouped.items()]


def rule_ref(spec: Spec, view: RuleView, value: Value | None = None) -> dict[str, Any]:
    """A rule with its citations: id, seed file of its first source, cited line ranges, title and paraphrase."""
    cites = list(view.cites)
    first = cites[0].source if cites else None
    ref: dict[str, Any] = {
        "id": view.id,
        "source": spec.sources[first].seed if first in spec.sources else None,
        "lines": [[c.first, c.last] for c in cites if c.source == first],
        "cites": [str(c) for c in cites],
        "citations": citations(spec, cites),
        "title": view.title,
        "says": view.says,
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


def parse_side(text: str) -> tuple[str, dict[str, str]]:
    """``RULESET`` or ``RULESET@RULE=READING[,RULE=READING...]``: a ruleset and a choice of readings."""
    ruleset, _, chosen = text.partition("@")
    readings = {}
    for item in filter(None, (part.strip() for part in chosen.split(","))):
        rule, sep, reading = item.partition("=")
        if not sep or not rule or not reading:
            msg = f"a reading is written RULE=READING, not {item!r}"
            raise ValueError(msg)
        readings[rule.strip()] = reading.strip()
    return ruleset.strip(), readings


def shorten(text: str, width: int = 80) -> str:
    """``text`` on one line, cut to ``width`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1].rstrip() + "…"


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


def compatible(one: Decision, two: Decision) -> bool:
    """Same result type, and the smaller fact set is part of the larger with the same types."""
    small, large = sorted((one, two), key=lambda d: len(d.facts))
    return one.type == two.type and all(
        name in large.facts and large.facts[name].type == fact.type for name, fact in small.facts.items()
    )
