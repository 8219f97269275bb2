"""``diff``: each distinct edition difference once, with witnesses and cited rules."""

from __future__ import annotations

from adjudicator.core.spec import Spec
from proofs import diff
from proofs.report import compatible

A, B = "horrorclix/1e", "horrorclix/2008"


def test_edition_difference_is_found_once(good_spec):
    """The fixture's one difference (a 4 breaks away only in 2008) is reported once, with both sides' rules."""
    findings = diff.run(good_spec, A, B)
    assert len(findings) == 1
    (finding,) = findings
    assert finding["decision"] == "breakaway.succeeds"
    assert finding["situation"] == {"die": 4}
    assert finding["answers"] == {A: False, B: True}
    assert [r["id"] for r in finding["rules"][A]] == ["HX.BREAK.FAIL"]
    assert [r["id"] for r in finding["rules"][B]] == ["HX.BREAK.SUCCESS"]
    assert finding["rules"][A][0]["cites"] == ["hx1e L486"]
    assert finding["rules"][B][0]["lines"] == [[277, 277]]


def test_same_ruleset_has_no_difference(good_spec):
    """A ruleset never differs from itself."""
    assert diff.run(good_spec, B, B) == []


def test_shared_conflict_is_no_difference(bad_spec):
    """A conflict both editions share (at a six) is no difference; only the 4 differs."""
    decision = bad_spec.decision(B, "breakaway.succeeds")
    findings = diff.diff_decision(bad_spec, A, B, decision)
    assert [f["situation"]["die"] for f in findings] == [4]


def _regions(findings: list[dict]) -> list[tuple]:
    return [(f["decision"], *(tuple(sorted(r["id"] for r in f["rules"][side])) for side in (A, B))) for f in findings]


def _respects_invariants(spec: Spec, finding: dict) -> bool:
    decision = spec.decision(A, finding["decision"])
    return all(inv.fn(finding["situation"]) for inv in decision.invariants)


def test_real_spec_diff_reports_each_region_once_within_invariants(real_spec):
    """On the real spec each (decision, rules of 1e, rules of 2008) appears once, in a realisable situation."""
    findings = diff.run(real_spec, A, B)
    assert findings
    assert all(f["kind"] in {"diff", "textual", "one_sided"} for f in findings), "unknown results must be fixed"
    findings = [f for f in findings if f["kind"] == "diff"]
    assert len(set(_regions(findings))) == len(findings)
    assert all(_respects_invariants(real_spec, f) for f in findings)
    for finding in findings:
        answers = finding["answers"]
        assert answers[A] != answers[B]
        for side in (A, B):
            want = real_spec.decide(side, finding["decision"], finding["situation"])
            if answers[side] not in {"conflict", "undecided"}:
                assert want.value == answers[side]


def test_cross_game_decisions_need_compatible_facts(real_spec):
    """Decisions of two games are compared only when their facts are compatible."""
    for one, two in diff.shared(real_spec, "heroclix/core", B):
        assert compatible(one, two)
        assert one.id == two.id
