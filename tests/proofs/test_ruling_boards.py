"""Ruling boards for ambiguities: one ruling per reading, replayed by the judge to two different answers."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.core.spec import Spec, load_spec
from adjudicator.judge import answer, load_situation_text
from proofs import ambiguity
from proofs.ruling_boards import differing_facts, for_finding, ruling_board

RULESET = "gloomhaven/1e"
RULE = "GH.TOWN.SANCTUARY"
"""A town rule whose two readings (body text, glossary) no board query asks: only a ruling shows them apart."""


@pytest.fixture(scope="module")
def spec() -> Spec:
    return load_spec()


@pytest.fixture(scope="module")
def finding(spec: Spec) -> dict[str, Any]:
    found = [f for f in ambiguity.run(spec, RULESET) if f["rule"] == RULE]
    assert len(found) == 1
    return found[0]


def test_the_finding_gets_a_ruling_per_reading_that_ask_answers_differently(
    spec: Spec, finding: dict[str, Any]
) -> None:
    """Each side's document sets ``readings:`` to its reading; answered by the judge, the values differ."""
    board = for_finding(spec, finding)
    assert board is not None
    assert board["query_kind"] == "ruling"
    assert board["board_match"] == "replay"
    assert set(board["docs"]) == set(finding["compared"])
    replies = {}
    for name, doc in board["docs"].items():
        assert doc["readings"] == {RULE: name}
        assert doc["query"] == {"kind": "ruling", "decision": finding["decision"], "facts": board["facts"]}
        result = answer(spec, load_situation_text(board["boards"][name], f"{name}.yaml", spec.rulesets()))
        replies[name] = (result.verdict, result.outcome["value"])
        assert board["replay"][name]["outcome"]["value"] == result.outcome["value"]
        assert any(step.reading == name for step in result.deciding) or result.verdict == "undecided"
    assert len(set(replies.values())) == 2


def test_the_solver_finds_the_same_smallest_facts_each_time(spec: Spec, finding: dict[str, Any]) -> None:
    """Deterministic: a fresh seeded context; the facts are where the decision's readings differ."""
    pair = tuple(finding["compared"])
    first = differing_facts(spec, RULESET, RULE, finding["decision"], pair)
    again = differing_facts(spec, RULESET, RULE, finding["decision"], pair)
    assert first is not None
    assert first == again
    values = {spec.decide(RULESET, finding["decision"], first, {RULE: name}).value for name in pair}
    assert len(values) == 2


def test_facts_where_the_readings_agree_give_no_board(spec: Spec, finding: dict[str, Any]) -> None:
    """Given facts under which both readings answer alike, there is nothing to show: ``None``."""
    pair = tuple(finding["compared"])
    decision = spec.decision(RULESET, finding["decision"])
    from itertools import product  # noqa: PLC0415 - only this test enumerates

    from adjudicator.core.expr.types import domain  # noqa: PLC0415

    names = list(decision.facts)
    agreeing = None
    for values in product(*(domain(decision.facts[n].type) for n in names)):
        facts = dict(zip(names, values, strict=True))
        if len({repr(spec.decide(RULESET, decision.id, facts, {RULE: n}).value) for n in pair}) == 1:
            agreeing = facts
            break
    assert agreeing is not None
    assert ruling_board(spec, RULESET, RULE, decision.id, pair, facts=agreeing) is None


def test_a_finding_without_a_decision_gives_no_board(spec: Spec, finding: dict[str, Any]) -> None:
    """A finding with no decision (the readings differ in wording only) has no ruling to ask."""
    assert for_finding(spec, {**finding, "decision": None}) is None
