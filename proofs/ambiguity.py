"""Ambiguities of one ruleset: every place its text can be read two ways.

The spec records each such place as a rule with named **readings** (see
``docs/spec_format.rst``): a passage read two ways, an introduction, summary
or glossary that restates a rule differently from the body, or two passages
that disagree where the spec chose one. Each becomes one ``ambiguity``
finding with:

``question``
    What the reader has to decide, in plain words.
``options``
    Every reading: its paraphrase and citations, and which one is the default
    (with the spec's reason).
``citations``
    Per reading, ``[{"source": FILE, "lines": [[lo, hi], ...]}]``.
``situation`` / ``answers`` / ``rules``
    Where the default and another reading answer a decision differently: the
    smallest such situation (found by the solver), each reading's answer and
    firing rules. ``answers_differ`` is false when no decision's answer
    depends on the reading (the readings differ in wording only, or in
    matters no decision models).

:func:`proofs.witness.attach` then replays a board under each reading
(``sides``); it keeps the board only if the verdict or outcome differs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adjudicator.core.model import Readings, Rule, RuleView
from adjudicator.core.spec import Spec
from proofs.diff import compare
from proofs.encode import Facts, encode
from proofs.report import Finding, citations, label, rule_ref
from proofs.solver import fresh_context

SUMMARY_WIDTH = 90
"""How many characters of each reading's paraphrase the one-line summary keeps."""


def run(spec: Spec, ruleset: str) -> list[Finding]:
    """One ``ambiguity`` finding per rule of ``ruleset`` that carries readings, in spec order.

    Each is solved in a fresh Z3 context (as ``check`` solves it: its witness does not depend on the others).
    """
    out = []
    for rule, readings in readable(spec, ruleset):
        fresh_context()
        out.append(finding(spec, ruleset, rule, readings))
    return out


def readable(spec: Spec, ruleset: str) -> Iterator[tuple[Rule, Readings]]:
    """The rules of ``ruleset`` with more than one reading (readings declared elsewhere included)."""
    for rule in spec.rules.values():
        readings = rule.readings.get(ruleset)
        if readings is not None and not rule.reading_of and not rule.restates and len(readings.options) > 1:
            yield rule, readings


def finding(spec: Spec, ruleset: str, rule: Rule, readings: Readings) -> Finding:
    """The ambiguity finding of one rule, with a witness situation where its readings answer differently."""
    decisions = sorted({c.decision for view in readings.options.values() for c in view.clauses})
    default = readings.default
    result: Finding = {
        "kind": "ambiguity",
        "ruleset": ruleset,
        "rule": rule.id,
        "topic": rule.topic,
        "decision": decisions[0] if decisions else None,
        "decisions": decisions,
        "question": _question(spec, ruleset, rule, readings, decisions[0] if decisions else None),
        "summary": summary(readings),
        "default": default,
        "reason": readings.reason,
        "origin": origin(readings),
        "options": {name: _reading(spec, view, name == default) for name, view in readings.options.items()},
        "citations": {name: citations(spec, view.cites) for name, view in readings.options.items()},
        "situation": None,
        "answers_differ": False,
    }
    for name in readings.options:
        if name == default:
            continue
        for decision_id in decisions:
            witness = _witness(spec, ruleset, rule.id, (default, name), decision_id)
            if witness is not None:
                result.update(witness)
                result["answers_differ"] = True
                result["question"] = _question(spec, ruleset, rule, readings, decision_id)  # the witness's decision
                return result
    result["note"] = "no decision's answer depends on the reading: the readings differ in wording only"
    return result


def _witness(spec: Spec, ruleset: str, rule_id: str, names: tuple[str, str], decision_id: str) -> dict[str, Any] | None:
    """The smallest situation of one decision where the two readings of ``rule_id`` answer differently."""
    decision = spec.decision(ruleset, decision_id)
    facts = Facts(decision)
    labels = [label(ruleset, {rule_id: name}) for name in names]
    side_a = encode(spec, ruleset, facts, {rule_id: names[0]}, labels[0])
    side_b = encode(spec, ruleset, facts, {rule_id: names[1]}, labels[1])
    found = [f for f in compare(spec, side_a, side_b, list(facts.constraints), bound=1) if f["kind"] == "diff"]
    if not found:
        return None
    diff = found[0]
    return {
        "decision": decision_id,
        "situation": diff["situation"],
        "answers": diff["answers"],
        "rules": diff["rules"],
        "sides": {
            lab: {"ruleset": ruleset, "readings": {rule_id: name}} for lab, name in zip(labels, names, strict=True)
        },
        "compared": list(names),
    }


def _reading(spec: Spec, view: RuleView, is_default: bool) -> dict[str, Any]:
    ref = rule_ref(spec, view)
    ref["default"] = is_default
    ref["formal"] = bool(view.clauses)
    return ref


def origin(readings: Readings) -> str:
    """Where the second reading comes from: a restatement (intro, glossary, note) or the text itself."""
    names = " ".join(readings.options)
    for word, what in (("intro", "restatement"), ("glossary", "restatement"), ("summary", "restatement")):
        if word in names:
            return what
    return "reading"


def _question(spec: Spec, ruleset: str, rule: Rule, readings: Readings, decision: str | None) -> str:
    """The finding's question: that of its own ``decision`` (the one its witness answers differently)."""
    title = readings.options[readings.default].title or rule.id
    if decision is not None:
        asked = spec.decision(ruleset, decision).title
        return f"{asked} The text of {rule.id} ({title}) can be read {len(readings.options)} ways."
    return f"How is {rule.id} ({title}) to be read? The text allows {len(readings.options)} readings."


def summary(readings: Readings) -> str:
    """One line: each reading's name and the start of its paraphrase, the default first."""
    order = [readings.default, *(n for n in readings.options if n != readings.default)]
    parts = []
    for name in order:
        says = " ".join(readings.options[name].says.split())
        short = says if len(says) <= SUMMARY_WIDTH else says[: SUMMARY_WIDTH - 1].rstrip() + "…"
        parts.append(f"{name}{' (default)' if name == readings.default else ''}: {short}")
    return "; ".join(parts)
