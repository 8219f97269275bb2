"""Witness boards: every board attached to a finding replays the finding through the real engine."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.engine import Facts, RuleConflict
from adjudicator.core.spec import Spec
from adjudicator.games.clix.table import Table
from adjudicator.judge import answer, load_situation
from proofs import boards, check, diff, witness
from proofs.render import render_text
from proofs.report import NO_CHANGE
from tests.conftest import run_cli

A, B = "horrorclix/1e", "horrorclix/2008"
Finding = dict[str, Any]


@pytest.fixture(scope="module")
def diff_findings(real_spec: Spec) -> list[Finding]:
    """The real spec's edition differences, with boards."""
    return diff.run(real_spec, A, B)


@pytest.fixture(scope="module")
def check_findings(real_spec: Spec) -> list[Finding]:
    """The real spec's 2008 check, with boards."""
    return check.run(real_spec, B)


def with_boards(findings: list[Finding]) -> list[Finding]:
    """The findings that got a board."""
    return [f for f in findings if f.get("board")]


def board_facts(finding: Finding) -> dict[str, Any]:
    """The facts the engine computes on the board (the witness's own facts for an exact match)."""
    return dict(finding.get("board_facts") or finding["situation"])


def key(facts: Mapping[str, Any]) -> str:
    """A fact vector as a comparable string."""
    return json.dumps(sorted(facts.items()))


def ask(spec: Spec, path: Path, decision: str, facts: Mapping[str, Any]) -> tuple[Any, Any, Any]:
    """Answer a board file in-process: (verdict, outcome, what the decision came to at the board's facts)."""
    loaded = load_situation(path, set(spec.rulesets()))
    wanted = set(spec.decision(loaded.ruleset, decision).facts)
    target = key({k: v for k, v in facts.items() if k in wanted})
    seen: list[Any] = []
    original = Table.decide

    def spy(self: Table, name: str, given: Mapping[str, Any]) -> Any:
        try:
            result = original(self, name, given)
        except RuleConflict:
            if name == decision and key(given) == target:
                seen.append("conflict")
            raise
        if name == decision and key(given) == target:
            seen.append("undecided" if result.status == "undecided" else result.value)
        return result

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Table, "decide", spy)
        try:
            got = answer(spec, loaded)
            verdict, outcome = got.verdict, json.loads(json.dumps(got.outcome, default=str))
        except RuleConflict:
            verdict, outcome = "conflict", {}
    return verdict, outcome, seen[0] if seen else None


def write(tmp_path: Path, finding: Finding, ruleset: str, number: int) -> Path:
    """The finding's board under ``ruleset`` as a situation file."""
    path = tmp_path / f"board-{number}-{ruleset.replace('/', '-')}.yaml"
    path.write_text(witness.board_for(finding["board"], ruleset), encoding="utf-8")
    return path


def test_every_diff_board_reproduces_the_disagreement(
    real_spec: Spec, diff_findings: list[Finding], tmp_path: Path
) -> None:
    """Each diff board, asked under both editions, gives a different verdict or outcome (and decision, where seen)."""
    found = with_boards(diff_findings)
    assert found
    for number, finding in enumerate(found):
        facts = board_facts(finding)
        answers = [ask(real_spec, write(tmp_path, finding, rs, number), finding["decision"], facts) for rs in (A, B)]
        (verdict_a, outcome_a, seen_a), (verdict_b, outcome_b, seen_b) = answers
        if seen_a is not None and seen_b is not None:
            assert seen_a != seen_b, (finding["decision"], finding["board"])
            assert [seen_a, seen_b] == [finding["answers"][A], finding["answers"][B]]
        assert (verdict_a, outcome_a) != (verdict_b, outcome_b), finding["board"]


def test_every_check_board_meets_the_gap_or_conflict(
    real_spec: Spec, check_findings: list[Finding], tmp_path: Path
) -> None:
    """Each check board, asked under its ruleset, makes the decision undecided (gap) or conflicting."""
    for number, finding in enumerate(f for f in with_boards(check_findings) if f["kind"] in {"gap", "conflict"}):
        path = write(tmp_path, finding, finding["ruleset"], number)
        _, _, seen = ask(real_spec, path, finding["decision"], board_facts(finding))
        assert seen == {"gap": "undecided", "conflict": "conflict"}[finding["kind"]], finding["board"]


def invariants_hold(spec: Spec, ruleset: str, decision: str, facts: Mapping[str, Any]) -> bool:
    """Whether the facts satisfy every invariant of the ruleset's decision."""
    declared = spec.decision(ruleset, decision)
    env = Facts(declared, {k: v for k, v in facts.items() if k in declared.facts})
    return all(bool(inv.fn(env)) for inv in declared.invariants)


def test_no_board_violates_the_decision_invariants(
    real_spec: Spec, diff_findings: list[Finding], check_findings: list[Finding]
) -> None:
    """The facts a board realises obey the invariants of the decision in every ruleset involved."""
    for finding in with_boards(diff_findings) + with_boards(check_findings):
        for ruleset in finding.get("rulesets") or [finding["ruleset"]]:
            assert invariants_hold(real_spec, ruleset, finding["decision"], board_facts(finding)), finding


def test_exact_boards_realise_the_witness_facts(diff_findings: list[Finding]) -> None:
    """An exact match carries no separate board facts; a region match names the facts it realises.

    A ruling board (the decision asked directly under each side) is ``replay``: both answers were replayed.
    """
    for finding in with_boards(diff_findings):
        assert finding["board_match"] in {"exact", "region", "replay"}
        assert (finding["board_match"] == "replay") == (finding["query_kind"] == "ruling")
        assert ("board_facts" in finding) == (finding["board_match"] == "region")
        if finding["board_match"] == "region":
            assert set(finding["board_facts"]) == set(finding["situation"])


def test_most_geometric_findings_have_boards(diff_findings: list[Finding], check_findings: list[Finding]) -> None:
    """Count the findings on situation-evaluated decisions that got a board, and those that did not."""
    geometric = [f for f in diff_findings if "board" in f]
    got = with_boards(geometric)
    missing = [f for f in geometric if f["board"] is None]
    print(f"diff {A} {B}: {len(got)} of {len(geometric)} geometric findings have boards")
    for finding in missing:
        shown = {k: v for k, v in finding["situation"].items() if v not in {False, "none"}}
        print(f"  no board: {finding['decision']} {shown}")
    checked = [f for f in check_findings if "board" in f]
    print(f"check {B}: {len(with_boards(checked))} of {len(checked)} geometric findings have boards")
    assert len(got) >= 25
    assert all(f["board_note"].startswith(f"{NO_CHANGE}: no board up to 5x4") for f in missing)


def test_non_geometric_findings_get_a_ruling_board(diff_findings: list[Finding]) -> None:
    """A decision no board query evaluates (scenario set-up) is shown by a ruling on it under each edition."""
    setup = [f for f in diff_findings if f["decision"] == "scenario.setup_value"]
    assert setup
    for finding in setup:
        assert finding["query_kind"] == "ruling"
        assert "kind: ruling" in finding["board"]
        assert "decision: scenario.setup_value" in finding["board"]
        values = {repr(shown["outcome"].get("value")) for shown in finding["replay"].values()}
        verdicts = {shown["verdict"] for shown in finding["replay"].values()}
        assert len(values) + len(verdicts) > 2


def test_boards_can_be_switched_off(real_spec: Spec) -> None:
    """With boards=False the findings are the solver's alone."""
    findings = diff.run(real_spec, A, B, boards=False)
    assert findings
    assert all("board" not in f and "replay" not in f for f in findings)


def test_replay_records_both_rulesets(diff_findings: list[Finding]) -> None:
    """The replay gives each ruleset's verdict, outcome and decision value."""
    for finding in with_boards(diff_findings):
        assert set(finding["replay"]) == {A, B}
        for shown in finding["replay"].values():
            assert {"verdict", "outcome", "decision"} <= set(shown)
        assert finding["query_kind"] in {"move", "reach", "line_of_fire", "attack", "action", "ruling"}


def test_board_runs_through_the_command_line(diff_findings: list[Finding], tmp_path: Path) -> None:
    """One board asked with ``adjudicator ask --json`` under each edition gives the replayed verdicts."""
    finding = with_boards(diff_findings)[0]
    for ruleset in (A, B):
        path = write(tmp_path, finding, ruleset, 0)
        result = run_cli("ask", str(path), "--json")
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["verdict"] == finding["replay"][ruleset]["verdict"]


def test_report_draws_the_board(diff_findings: list[Finding]) -> None:
    """The text report draws each board under its finding, and says when there is none."""
    text = render_text(diff_findings)
    assert "line_of_fire query" in text
    assert "ask under horrorclix/2008:" in text
    assert "ruling query" in text


def test_board_for_changes_only_the_ruleset_line() -> None:
    """The same board under another ruleset differs only in its ruleset line."""
    text = "ruleset: horrorclix/1e\nmap: {kind: outdoor}\n"
    assert witness.board_for(text, B) == "ruleset: horrorclix/2008\nmap: {kind: outdoor}\n"


def test_generation_is_deterministic() -> None:
    """A board index always gives the same board and queries."""
    assert boards.generate(17, 100, "horrorclix") == boards.generate(17, 100, "horrorclix")


def test_an_unknown_game_enumerates_nothing(real_spec: Spec) -> None:
    """A game the generator has no piece types for gives an empty table, quickly."""
    assert boards.build(real_spec, "gloomhaven/1e", count=50).entries == {}


def test_table_round_trips_through_json(real_spec: Spec) -> None:
    """A built table written as JSON reads back equal (the disk cache)."""
    table = boards.build(real_spec, B, count=12)
    again = boards.BoardTable.from_json(json.loads(json.dumps(table.to_json())))
    assert again.entries == table.entries
    assert again.boards == table.boards


def test_cache_is_read_when_present(real_spec: Spec, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second load reads the cached file instead of enumerating again."""
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path))
    first = boards.load(real_spec, B, count=8)
    assert list(tmp_path.glob("witness-boards-horrorclix-2008-*.json"))

    def refuse(*_: object, **__: object) -> Iterator[None]:
        raise AssertionError("enumerated again")

    monkeypatch.setattr(boards, "build", refuse)
    assert boards.load(real_spec, B, count=8).entries == first.entries


def test_invariant_breaks_are_listed(real_spec: Spec) -> None:
    """Fact vectors the engine computes against a spec invariant are listed with their boards (printed)."""
    for ruleset in (A, B):
        table = boards.load(real_spec, ruleset)
        for decision, text, entry in boards.invariant_breaks(real_spec, table):
            assert decision in table.entries
            assert entry.board < len(table.boards)
            print(f"{ruleset} {decision}: engine breaks '{text}' with {entry.query}")


def test_every_ambiguity_board_changes_the_answer(check_findings: list[Finding]) -> None:
    """An ambiguity's board, replayed under each reading, gives a different verdict or outcome."""
    for finding in (f for f in with_boards(check_findings) if f["kind"] == "ambiguity"):
        first, second = (finding["replay"][label] for label in finding["sides"])
        assert (first["verdict"], first["outcome"]) != (second["verdict"], second["outcome"]), finding["rule"]
        assert set(finding["boards"]) == set(finding["sides"])


def test_every_difference_on_a_decision_has_a_board(diff_findings: list[Finding]) -> None:
    """Issue 28: each formal difference carries a board (a board query, else a ruling) replaying two answers."""
    formal = [f for f in diff_findings if f["kind"] == "diff"]
    assert formal
    assert [f["decision"] for f in formal if not f.get("board")] == []
    for finding in formal:
        answers = {
            (shown["verdict"], json.dumps(shown["outcome"], sort_keys=True)) for shown in finding["replay"].values()
        }
        assert len(answers) == 2, finding["decision"]


def test_a_board_built_in_memory_is_the_board_its_file_loads(real_spec: Spec) -> None:
    """A board built from its document is the very situation its file loads as (each ruleset, with a reading).

    The witness search replays a board as built before writing it: one that does not replay a finding built
    would not from its file either.
    """
    rule = next(r for r in real_spec.rules.values() if B in r.readings and not r.reading_of)
    reading = next(name for name in rule.readings[B].options if name != rule.readings[B].default)
    tables = {rs: boards.build(real_spec, rs, 120) for rs in (A, B)}
    compared = 0
    for ruleset, table in tables.items():
        for entries in table.entries.values():
            for entry in list(entries.values())[:3]:
                doc = table.boards[entry.board]
                for readings in ({}, {rule.id: reading}):
                    runs = {"side": (ruleset, readings)}
                    built = witness._built(doc, entry.query, runs)
                    assert built is not None
                    loaded = witness.load_text(witness._texts(doc, entry.query, runs)["side"])
                    assert loaded == built["side"]
                    assert loaded.readings == readings
                    compared += 1
    assert compared > 100
