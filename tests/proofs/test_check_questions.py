"""Every ``check`` finding asks its own decision's question (issue 27: not another decision's)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator.core.spec import Spec, known_rulesets, load_spec
from proofs import ambiguity
from proofs.commands import command
from proofs.findings_cache import cached_run


def _check(ruleset: str) -> list[dict[str, Any]]:
    """The findings ``adjudicator check RULESET`` prints (from the findings cache when it is fresh)."""
    spec = load_spec()
    return cached_run("check", (ruleset,), lambda: list(command("check")(spec, ruleset)))


def _own_question(spec: Spec, finding: dict[str, Any]) -> bool:
    """Whether the finding's question is the question of the finding's own decision."""
    if finding.get("severity") == "not_in_ruleset" and "questions" in finding:  # one finding for a whole topic
        titles = [spec.decision(finding["ruleset"], d).title for d in finding["decisions"]]
        return bool(finding["questions"] == titles)
    decision = finding.get("decision")
    if decision is None:
        return "How is" in finding["question"]
    return str(finding["question"]).startswith(spec.decision(finding["ruleset"], decision).title)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(known_rulesets()))
def test_every_check_finding_asks_its_own_question(ruleset: str) -> None:
    """Conflicts, gaps and ambiguities alike: the question shown is that of the decision the finding is about."""
    spec = load_spec()
    findings = _check(ruleset)
    assert findings
    wrong = [
        (f["kind"], f.get("rule"), f.get("decision"), f["question"]) for f in findings if not _own_question(spec, f)
    ]
    assert not wrong


@pytest.mark.parametrize("ruleset", sorted(known_rulesets()))
def test_ambiguity_question_follows_its_witness_decision(ruleset: str) -> None:
    """An ambiguity whose readings differ on a decision asks that decision's question (Betrayal steal.allowed)."""
    spec = load_spec()
    for finding in ambiguity.run(spec, ruleset):
        assert _own_question(spec, finding), (finding["rule"], finding["decision"], finding["question"])


def test_steal_and_knockback_ask_their_own_questions() -> None:
    """The two cases of the issue: stealing an item, and how far knockback moves a character."""
    spec = load_spec()
    steal = next(f for f in ambiguity.run(spec, "betrayal/2e") if f["rule"] == "BT.ATK.STEAL")
    assert steal["decision"] == "steal.allowed"
    assert steal["question"].startswith(spec.decision("betrayal/2e", "steal.allowed").title)
    assert not steal["question"].startswith("How much damage")
    knockback = [f for f in ambiguity.run(spec, "heroclix/core") if f["decision"] == "knockback.distance"]
    assert knockback
    assert all("knockback damage" not in f["question"] for f in knockback)


def _answer(shown: dict[str, Any]) -> str:
    return json.dumps({k: shown.get(k) for k in ("verdict", "outcome")}, sort_keys=True)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(known_rulesets()))
def test_every_ambiguity_whose_readings_differ_has_a_board(ruleset: str) -> None:
    """Issue 28: each ambiguity whose readings answer differently carries a board that replays to two answers."""
    differing = [f for f in _check(ruleset) if f["kind"] == "ambiguity" and f.get("answers_differ")]
    assert differing
    unboarded = [f["rule"] for f in differing if not f.get("board")]
    assert not unboarded
    for finding in differing:
        assert len({_answer(shown) for shown in finding["replay"].values()}) >= 2, finding["rule"]
