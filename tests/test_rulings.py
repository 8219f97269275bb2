"""Golden situations: every example with an ``expect`` block is answered as expected.

The expected answers are written by hand from the rulebook lines named in
``expect.source``, never produced by the program. Compared: the verdict, the
listed outcome fields (a subset match) and the rule ids the trace must cite,
not the wording of notes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.sources import parse_citation
from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation, supported
from adjudicator.judge.examples import subset_mismatches
from tests.conftest import ROOT

CORPUS_MINIMUM = 60
CASES = sorted(p for p in (ROOT / "examples").rglob("*.yaml") if "expect:" in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(ROOT / "examples")) for p in CASES])
def test_golden_situation(path: Path) -> None:
    """The engine's verdict, outcome and cited rules match the hand-written expectation."""
    spec = load_spec()
    situation = load_situation(path, set(spec.rulesets()))
    expect = situation.expect
    assert isinstance(expect, dict)
    for text in expect.get("source", []):
        cite = parse_citation(text)
        assert cite.source in spec.sources, f"unknown source in {text!r}"
    assert expect.get("source"), "every ruling names the source lines that justify it"
    if expect["verdict"] == "illegal":
        assert expect.get("rules"), "an illegal ruling names the forbidding rule, which the trace must cite"
    if not supported(situation.query.kind):
        pytest.fail(f"query kind {situation.query.kind} is not supported")
    result = answer(spec, situation).to_json(spec)
    assert result["verdict"] == expect["verdict"], result["trace"]
    problems = subset_mismatches(expect.get("outcome", {}), result["outcome"])
    assert not problems, problems
    cited = {step["rule"] for step in result["trace"]}
    missing = set(expect.get("rules", [])) - cited
    assert not missing, f"trace does not cite {sorted(missing)}; it cites {sorted(cited)}"


def test_rulings_corpus_spans_both_editions() -> None:
    """examples/rulings holds at least 60 hand-worked rulings, in both HorrorClix editions."""
    rulings = [p for p in CASES if "rulings" in p.parts]
    texts = [p.read_text(encoding="utf-8") for p in rulings]
    assert len(rulings) >= CORPUS_MINIMUM
    assert any("horrorclix/1e" in t for t in texts)
    assert any("horrorclix/2008" in t for t in texts)
