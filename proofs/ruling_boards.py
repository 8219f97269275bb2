"""Ruling boards for ambiguities: the two readings of a rule asked as one ``ruling`` query, answering differently.

An ambiguity finding (:mod:`proofs.ambiguity`) names a rule, two of its
readings and the decision whose value depends on which is chosen, often with
the solver's facts where they differ (``situation``). Many of those decisions
are asked by no board query (set-up, scoring, campaign steps), so no board of
the game can show the difference. A ``ruling`` query
(:mod:`adjudicator.situation.ruling`) can: it asks the decision directly for
the facts written out. :func:`ruling_board` writes that query once per
reading, with ``readings:`` set to that reading, on the smallest example board
of the game, and replays both through the judge; it is kept only when the
two answers differ (verdict or outcome), in the shape
:mod:`proofs.replay_boards` gives its boards (``board``, ``boards``,
``query_kind``, ``board_match`` = ``replay``, ``replay``).

Without facts the solver finds the smallest facts where the readings give
different values (:func:`differing_facts`), deterministically: a fresh
seeded context and descent on the facts' size.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import yaml

from proofs.replay_boards import answer_doc, brief_reply, outcome_data
from proofs.rule_witness import RULING, ruling_boards, ruling_doc

if TYPE_CHECKING:
    from adjudicator.core.expr.compile import Value
    from adjudicator.core.spec import Spec
    from proofs.report import Finding

BOARD_MATCH: Final = "replay"
"""How the board was checked: both documents were answered by the judge (as :mod:`proofs.replay_boards`)."""


def differing_facts(
    spec: Spec, ruleset: str, rule_id: str, decision_id: str, readings: tuple[str, str]
) -> dict[str, Value] | None:
    """The smallest facts of ``decision_id`` under which the two readings of ``rule_id`` answer differently."""
    from proofs import encode, solver  # noqa: PLC0415 - Z3 only when a board is searched for

    decision = spec.decision(ruleset, decision_id)
    solver.fresh_context()
    facts = encode.Facts(decision)
    side_a = encode.encode(spec, ruleset, facts, {rule_id: readings[0]}, f"{rule_id}={readings[0]}")
    side_b = encode.encode(spec, ruleset, facts, {rule_id: readings[1]}, f"{rule_id}={readings[1]}")
    search = solver.new_solver([*facts.constraints, encode.disagree(side_a, side_b)])
    verdict = solver.search(search)
    if verdict.model is None:
        return None
    model, _ = solver.minimise(search, facts.size(), verdict.model)
    return dict(facts.situation(model))


def ruling_board(
    spec: Spec,
    ruleset: str,
    rule_id: str,
    decision_id: str,
    readings: tuple[str, str],
    *,
    facts: Mapping[str, Value] | None = None,
) -> dict[str, Any] | None:
    """A ruling situation per reading of ``rule_id`` where ``ask`` gives two different answers, or ``None``.

    ``facts`` are the decision's facts where the readings differ (the finding's ``situation``); without them
    the solver finds the smallest. The result: ``decision``, ``facts``, ``docs`` (reading -> situation
    document with ``readings: {rule_id: reading}``), ``answers`` (reading -> ``{verdict, outcome}``) and the
    board fields of :mod:`proofs.replay_boards` (``board``: the first reading's document as YAML, ``boards``:
    each reading's, ``query_kind``, ``board_match``, ``replay``).
    """
    given = dict(facts) if facts is not None else differing_facts(spec, ruleset, rule_id, decision_id, readings)
    if given is None:
        return None
    for board in ruling_boards(spec, ruleset):
        docs = {
            name: ruling_doc(board, decision_id, given) | {"readings": {rule_id: name}}
            for name in dict.fromkeys(readings)
        }
        answers: dict[str, dict[str, Any]] = {}
        for name, doc in docs.items():
            result = answer_doc(spec, doc, f"<ruling under {rule_id}={name}>")
            if result is None:
                break
            answers[name] = {"verdict": result.verdict, "outcome": outcome_data(result)}
        if len(answers) != len(docs):
            continue
        if len({yaml.safe_dump(a, sort_keys=True) for a in answers.values()}) < 2:  # noqa: PLR2004 - two sides
            return None
        texts = {name: _yaml(doc) for name, doc in docs.items()}
        return {
            "decision": decision_id,
            "facts": given,
            "docs": docs,
            "answers": answers,
            "board": texts[readings[0]],
            "boards": texts,
            "query_kind": RULING,
            "board_match": BOARD_MATCH,
            "replay": {name: {"verdict": a["verdict"], "outcome": a["outcome"]} for name, a in answers.items()},
        }
    return None


def for_finding(spec: Spec, finding: Finding) -> dict[str, Any] | None:
    """The ruling board of an ambiguity finding: its ``compared`` readings (else the default and the next one)."""
    options = list(finding.get("options") or {})
    compared = finding.get("compared") or [finding.get("default"), *(o for o in options if o != finding.get("default"))]
    decision_id = finding.get("decision")
    if decision_id is None or len(compared) < 2 or compared[0] is None:  # noqa: PLR2004 - a pair of readings
        return None
    facts = finding.get("situation")
    return ruling_board(
        spec,
        str(finding["ruleset"]),
        str(finding["rule"]),
        str(decision_id),
        (str(compared[0]), str(compared[1])),
        facts=facts if isinstance(facts, Mapping) else None,
    )


def finding_fields(spec: Spec, finding: Finding) -> dict[str, Any] | None:
    """The board fields of an ambiguity finding from its ruling board, in the shape of :mod:`proofs.replay_boards`.

    ``board``, ``boards`` and ``replay`` keyed by each side's label (``ruleset[RULE=reading]``), ``sides``,
    ``board_source`` (the decision asked and its facts), ``query_kind`` = ``ruling``, ``board_match``.
    """
    from proofs.report import label  # noqa: PLC0415 - the solver's report only when a finding is boarded

    found = for_finding(spec, finding)
    if found is None:
        return None
    ruleset, rule = str(finding["ruleset"]), str(finding["rule"])
    names = {reading: label(ruleset, {rule: reading}) for reading in found["docs"]}
    facts = ", ".join(f"{k}={v}" for k, v in found["facts"].items())
    fields = _fields(
        {names[r]: doc for r, doc in found["docs"].items()},
        {names[r]: answer for r, answer in found["answers"].items()},
        f"a ruling on {found['decision']} ({facts})",
    )
    return fields | {"sides": {names[r]: {"ruleset": ruleset, "readings": {rule: r}} for r in found["docs"]}}


def diff_fields(spec: Spec, finding: Finding) -> dict[str, Any] | None:
    """A board for a difference on one decision: the decision asked as a ruling on each side, answering differently.

    Each side's facts are the finding's ``situations[side]`` (across games, where the facts differ) or its
    ``situation``, kept to the facts that side's decision has; each side's ``readings`` apply. ``None`` when a
    side cannot be asked or the two answers agree. The fields as :func:`finding_fields` gives them.
    """
    decision_id, sides = finding.get("decision"), finding.get("sides")
    if decision_id is None or not isinstance(sides, Mapping) or len(sides) != 2:  # noqa: PLR2004 - two sides
        return None
    per_side, same = finding.get("situations") or {}, finding.get("situation")
    docs: dict[str, dict[str, Any]] = {}
    answers: dict[str, dict[str, Any]] = {}
    for name, side in sides.items():
        ruleset, readings = str(side["ruleset"]), dict(side.get("readings") or {})
        facts = per_side.get(name, same)
        boards = ruling_boards(spec, ruleset)
        if not isinstance(facts, Mapping) or not boards or (spec.game(ruleset), decision_id) not in spec.decisions:
            return None
        declared = spec.decision(ruleset, str(decision_id)).facts
        doc = ruling_doc(boards[0], str(decision_id), {k: v for k, v in facts.items() if k in declared})
        if readings:
            doc["readings"] = readings
        result = answer_doc(spec, doc, f"<ruling under {name}>")
        if result is None:
            return None
        docs[name] = doc
        answers[name] = {"verdict": result.verdict, "outcome": outcome_data(result)}
    said = {(a["verdict"], repr(a["outcome"].get("value")), a["outcome"].get("status")) for a in answers.values()}
    if len(said) < 2:  # noqa: PLR2004 - two sides
        return None
    return _fields(docs, answers, f"a ruling on {decision_id}, asked under each side")


def _fields(
    docs: Mapping[str, Mapping[str, Any]], answers: Mapping[str, dict[str, Any]], source: str
) -> dict[str, Any]:
    """The board fields of :mod:`proofs.replay_boards` for ruling documents and their answers, by side label."""
    texts = {name: _yaml(doc) for name, doc in docs.items()}
    return {
        "board": next(iter(texts.values())),
        "boards": texts,
        "board_source": source,
        "query_kind": RULING,
        "board_match": BOARD_MATCH,
        "replay": {
            name: answer | {"decision": brief_reply((answer["verdict"], answer["outcome"]))}
            for name, answer in answers.items()
        },
    }


def _yaml(doc: Mapping[str, Any]) -> str:
    """A situation document as the YAML a user would save and ``ask``."""
    return str(yaml.safe_dump(dict(doc), sort_keys=False, allow_unicode=True, width=110, default_flow_style=None))


__all__ = ["diff_fields", "differing_facts", "finding_fields", "for_finding", "ruling_board"]
