"""What every designer finding carries: kinds, questions, citations on each side, ranking and exit statuses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli import PROGRESS_AFTER, LateStatus
from adjudicator.core.spec import Spec
from adjudicator.docgen.proofs import render_check
from proofs import ambiguity, check, diff, prove, witness
from proofs.render import render_text
from proofs.report import parse_side
from tests.conftest import run_cli

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SEED_1E, SEED_2008 = "000_eeebf12a78fda483.txt", "003_034cd29bedde3b51.txt"


def _well_cited(citations: list[dict[str, Any]]) -> bool:
    """``[{"source": FILE, "lines": [[lo, hi], ...]}]`` with real line ranges."""
    return bool(citations) and all(
        c["source"].endswith(".txt") and c["lines"] and all(1 <= lo <= hi for lo, hi in c["lines"]) for c in citations
    )


# --- check: ambiguities, gaps, exit status ---------------------------------------------


@pytest.mark.parametrize("ruleset", ["horrorclix/1e", "horrorclix/2008", "heroclix/core"])
def test_every_reading_is_an_ambiguity_with_citations(real_spec: Spec, ruleset: str) -> None:
    """Each rule with readings gives one ambiguity; each reading is cited; a witness replays to different answers."""
    found = ambiguity.run(real_spec, ruleset)
    readable = {r.id for r, _ in ambiguity.readable(real_spec, ruleset)}
    assert {f["rule"] for f in found} == readable
    assert len(readable) >= 5
    for finding in found:
        assert finding["kind"] == "ambiguity"
        assert finding["question"]
        assert finding["default"] in finding["options"]
        assert all(_well_cited(c) for c in finding["citations"].values()), finding["rule"]
        if not finding["answers_differ"]:
            continue
        default, other = finding["compared"]
        values = [
            real_spec.decide(ruleset, finding["decision"], finding["situation"], {finding["rule"]: name})
            for name in (default, other)
        ]
        shown = [v.value if v.status != "undecided" else "undecided" for v in values]
        assert shown[0] != shown[1], finding["rule"]
        assert shown == list(finding["answers"].values())


def test_restatement_that_disagrees_is_an_ambiguity(real_spec: Spec) -> None:
    """The 1e introduction's slaying without a move action (L39) is reported against the body (L518)."""
    found = {f["rule"]: f for f in ambiguity.run(real_spec, "horrorclix/1e")}
    slay = found["HX.SLAY.HOW"]
    assert slay["origin"] == "restatement"
    lines = {tuple(span) for c in slay["citations"]["intro"] for span in c["lines"]}
    assert (39, 39) in lines
    assert slay["answers_differ"]


def test_gap_says_its_question_closest_rules_and_severity(bad_spec: Spec) -> None:
    """The fixture's gap (no opponent) cites the rules that decide the neighbouring situations."""
    (gap,) = [f for f in check.run(bad_spec, "horrorclix/2008", boards=False) if f["kind"] == "gap"]
    assert gap["question"] == bad_spec.decision("horrorclix/2008", gap["decision"]).title
    assert gap["severity"] in {"reachable", "facts_only"}
    assert gap["closest"]
    assert all(r["facts_changed"] >= 1 for r in gap["closest"])
    assert _well_cited(gap["citations"]["horrorclix/2008"])


def test_closest_rules_are_bounded_by_effort_not_time(bad_spec: Spec, monkeypatch: pytest.MonkeyPatch) -> None:
    """A nearest-situation search that runs out of its resource limit names no rule (unknown never counts)."""
    from proofs import nearest  # noqa: PLC0415 - the module whose bound is lowered

    monkeypatch.setattr(nearest, "OPTIMISE_RLIMIT", 1)
    (gap,) = [f for f in check.run(bad_spec, "horrorclix/2008", boards=False) if f["kind"] == "gap"]
    assert gap["closest"] == []


def _cli_spec(name: str) -> Path:
    return FIXTURES / name / "spec"


def test_check_exit_status() -> None:
    """Exit 1 on a conflict; 0 without; --fail-on adds gaps or ambiguities; a bad kind is a usage error."""
    assert run_cli("check", "horrorclix/2008", "--json", spec=_cli_spec("bad")).returncode == 1
    assert run_cli("check", "horrorclix/2008", "--json", spec=_cli_spec("good")).returncode == 0
    failing = run_cli("check", "horrorclix/1e", "--json", "--fail-on", "ambiguities", spec=_cli_spec("good"))
    assert failing.returncode == 1
    assert run_cli("check", "horrorclix/2008", "--fail-on", "typos", spec=_cli_spec("good")).returncode == 2


# --- diff: counterparts, wording, ranking, readings ----------------------------------------


@pytest.fixture(scope="module")
def edition_diff(real_spec: Spec) -> list[dict[str, Any]]:
    """The real 1e/2008 diff without boards."""
    return diff.run(real_spec, "horrorclix/1e", "horrorclix/2008", boards=False)


def test_diff_cites_the_other_editions_wording(edition_diff: list[dict[str, Any]]) -> None:
    """The incapable monster: 1e L351 decides; the 2008 side also cites its own incapable rule (L172)."""
    incapable = [
        f for f in edition_diff if any(r["id"] == "HX.HG.INCAPABLE" for r in f["rules"].get("horrorclix/1e", []))
    ]
    assert incapable
    lines_2008 = {tuple(s) for c in incapable[0]["citations"]["horrorclix/2008"] for s in c["lines"]}
    assert (172, 172) in lines_2008


def test_every_finding_has_question_summary_and_sided_citations(edition_diff: list[dict[str, Any]]) -> None:
    """Question and summary first; citations per side in the JSON shape; most cite both editions."""
    both = 0
    for finding in edition_diff:
        assert finding["question"]
        assert finding["summary"]
        assert set(finding["citations"]) == {"horrorclix/1e", "horrorclix/2008"}
        sources = [{c["source"] for c in finding["citations"][side]} for side in ("horrorclix/1e", "horrorclix/2008")]
        both += SEED_1E in sources[0] and SEED_2008 in sources[1]
    assert both >= 0.75 * len(edition_diff)


def test_textual_differences_carry_both_wordings(edition_diff: list[dict[str, Any]]) -> None:
    """A rule worded differently by the editions, with no formal finding, is a textual difference."""
    textual = [f for f in edition_diff if f["kind"] == "textual"]
    assert textual
    for finding in textual:
        one, two = (finding["rules"][side][0] for side in ("horrorclix/1e", "horrorclix/2008"))
        assert one["id"] == two["id"] == finding["rule"]
        assert one["says"] != two["says"]
        assert one["source"] == SEED_1E
        assert two["source"] == SEED_2008
        assert finding["rank"] == diff.RANKS["textual"]


def test_findings_are_grouped_by_topic_and_ranked() -> None:
    """Boards first; a topic's findings stay together; topics ordered by their best finding."""
    items = [
        {"topic": "b", "rank": 1, "decision": "x"},
        {"topic": "a", "rank": 2, "decision": "y"},
        {"topic": "b", "rank": 0, "decision": "z"},
        {"topic": "a", "rank": 1, "decision": "w"},
    ]
    assert [(f["topic"], f["rank"]) for f in diff.ordered(items)] == [("b", 0), ("b", 1), ("a", 1), ("a", 2)]


def test_diff_between_two_readings_of_one_ruleset(real_spec: Spec) -> None:
    """``RULESET@RULE=READING`` compares two readings; the 1e intro's slaying differs from the body."""
    found = diff.run(real_spec, "horrorclix/1e", "horrorclix/1e@HX.SLAY.HOW=intro", boards=False)
    formal = [f for f in found if f["kind"] == "diff"]
    assert formal
    assert all(f["answers"]["horrorclix/1e"] != f["answers"]["horrorclix/1e@HX.SLAY.HOW=intro"] for f in formal)
    assert parse_side("heroclix/core@A=b,C=d") == ("heroclix/core", {"A": "b", "C": "d"})
    with pytest.raises(ValueError, match="RULE=READING"):
        parse_side("heroclix/core@A")


def test_cross_game_diff_is_cited(real_spec: Spec) -> None:
    """HeroClix against HorrorClix 2008: findings on shared decisions, cited on both sides."""
    found = diff.run(real_spec, "heroclix/core", "horrorclix/2008", boards=False)
    assert found
    for finding in found:
        assert finding["question"]
        assert any(finding["citations"].values())


def test_a_board_must_change_the_answer() -> None:
    """A replay where only an inner decision differs does not show a difference."""
    finding = {"kind": "diff", "rulesets": ["x", "y"]}
    same = {"verdict": "illegal", "outcome": {"path": None}}
    assert not witness.reproduces(finding, {"x": {**same, "decision": True}, "y": {**same, "decision": False}})
    moved = {"verdict": "legal", "outcome": {"path": ["A1"]}, "decision": False}
    assert witness.reproduces(finding, {"x": {**same, "decision": True}, "y": moved})


# --- prove, progress, pages -------------------------------------------------------


def test_expected_findings_need_a_reason_and_match_by_pattern() -> None:
    """A refuted property listed as expected does not fail ``prove``; others do."""
    findings = [
        {"status": "refuted", "property": "a == a [R=x]", "decision": "d"},
        {"status": "refuted", "property": "in range under z", "decision": "d"},
        {"status": "proved", "property": "in range under y", "decision": "d"},
    ]
    prove.mark_expected(findings, [{"property": "* == * [*]", "reason": "readings differ"}])
    assert findings[0]["expected"] == "readings differ"
    assert prove.failures(findings) == [findings[1]]
    assert prove.matches("x [R=1]", "x [*]")
    assert not prove.matches("x (R=1)", "x [*]")
    assert all(entry["reason"] for entry in prove.expected_findings())


class _Console:
    def __init__(self) -> None:
        self.started: list[str] = []

    def status(self, text: str) -> _Console:
        self.started.append(text)
        return self

    def start(self) -> None:
        """Nothing to draw."""

    def update(self, text: str) -> None:
        self.started.append(text)

    def stop(self) -> None:
        """Nothing to remove."""


def test_progress_appears_only_after_two_seconds() -> None:
    """Short runs show no progress; a long run starts the display on its next update."""
    console = _Console()
    status = LateStatus(console)  # type: ignore[arg-type]
    status.update("first")
    assert console.started == []
    status.started -= PROGRESS_AFTER
    status.update("later")
    status.update("last")
    assert console.started == ["later", "last"]


def test_check_page_shows_ambiguities_and_text_renders(real_spec: Spec, tmp_path: Path) -> None:
    """The site's check page and the text output show the same ambiguity findings, with their readings."""
    findings = check.run(real_spec, "horrorclix/1e", boards=False)
    page = render_check(real_spec, "horrorclix/1e", findings, tmp_path)
    text = render_text(findings)
    for finding in (f for f in findings if f["kind"] == "ambiguity"):
        assert f"Readings of {finding['rule']}" in page
        assert finding["question"] in text


def test_gap_on_a_question_the_ruleset_lacks_cites_the_other_edition(real_spec: Spec) -> None:
    """2008 has no scenarios: one finding says so for the whole topic and cites how the first edition decides it."""
    findings = check.run(real_spec, "horrorclix/2008", boards=False)
    gaps = [f for f in findings if f["kind"] == "gap" and f["decision"].startswith("scenario.")]
    assert len(gaps) == 1
    gap = gaps[0]
    assert gap["severity"] == "not_in_ruleset"
    assert len(gap["decisions"]) >= 2
    assert all(d.startswith("scenario.") for d in gap["decisions"])
    assert gap["question"].startswith("Not in this ruleset: ")
    assert _well_cited(gap["citations"]["horrorclix/1e"])
    assert all(c["source"] == SEED_1E for c in gap["citations"]["horrorclix/1e"])
    assert findings[-1]["severity"] == "not_in_ruleset", "a topic of another edition is ranked last"
