"""``check`` kept part by part (issue 29): an edit of one rule solves again only the decisions it touches.

Each part (a decision under all its readings, a rule's ambiguity) is solved in a fresh Z3 context, so the
findings of a rerun after an edit are those of a cold run on the edited spec, and the parts solved in worker
processes are those of a serial run.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.spec import load_spec
from proofs import check, decision_cache, diff, findings_cache
from tests.proofs.conftest import FIXTURES

RULESET = "horrorclix/2008"
RULES = Path("horrorclix") / "06-rules.yaml"


@pytest.fixture
def spec_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the bad fixture (a conflict and a gap), with a private, enabled cache."""
    target = tmp_path / "spec"
    shutil.copytree(FIXTURES / "bad" / "spec", target)
    monkeypatch.setenv("ADJUDICATOR_SPEC", str(target))
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(findings_cache.DISABLE_ENV, raising=False)
    return target


class Solved:
    """Counts the parts :func:`proofs.check.solve_part` solves (in this process)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.parts: list[check.Part] = []
        real = check.solve_part

        def counted(spec: Any, ruleset: str, part: check.Part, variants: list[dict[str, str]]) -> Any:
            self.parts.append(part)
            return real(spec, ruleset, part, variants)

        monkeypatch.setattr(check, "solve_part", counted)
        monkeypatch.setenv("ADJUDICATOR_JOBS", "1")  # every part in this process, where it is counted


def run(spec_dir: Path, *, cached: bool = True) -> list[dict[str, Any]]:
    """``check`` of the fixture as the CLI runs it (through the findings cache), or cold (no cache at all)."""
    spec = load_spec.__wrapped__(spec_dir)

    def compute() -> list[dict[str, Any]]:
        return check.run(spec, RULESET, boards=False)

    if not cached:
        return findings_cache.normalise(compute())
    return findings_cache.cached_run("check", [RULESET], compute)


def edit(spec_dir: Path, old: str, new: str) -> None:
    path = spec_dir / RULES
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_paraphrase_edit_solves_its_decision_again_and_matches_a_cold_run(
    spec_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    solved = Solved(monkeypatch)
    first = run(spec_dir)
    everything = set(solved.parts)
    assert ("decision", "breakaway.succeeds") in everything
    assert run(spec_dir) == first  # the whole run from its entry: nothing solved
    assert len(solved.parts) == len(everything)
    solved.parts.clear()
    edit(spec_dir, "says: The monster stays put on a low roll.", "says: The monster stays where it is on a low roll.")
    again = run(spec_dir)
    assert solved.parts == [("decision", "breakaway.succeeds")]
    assert again == run(spec_dir, cached=False)
    assert {f["decision"] for f in again if f not in first} <= {"breakaway.succeeds"}


def test_a_condition_edit_changes_exactly_the_findings_of_its_decision(
    spec_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    solved = Solved(monkeypatch)
    first = run(spec_dir)
    solved.parts.clear()
    edit(
        spec_dir,
        '    when: die <= 3\n    then: "false"\n    variants:',
        '    when: die <= 2\n    then: "false"\n    variants:',
    )
    again = run(spec_dir)
    assert solved.parts == [("decision", "breakaway.succeeds")]
    assert again == run(spec_dir, cached=False)

    def others(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [f for f in found if f["decision"] != "breakaway.succeeds"]

    assert others(again) == others(first)
    assert [f for f in again if f["decision"] == "breakaway.succeeds"] != [
        f for f in first if f["decision"] == "breakaway.succeeds"
    ]


def test_parts_solved_in_worker_processes_are_those_of_a_serial_run(
    spec_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(check, "PARALLEL_MIN", 1)
    monkeypatch.setenv("ADJUDICATOR_JOBS", "2")
    parallel = run(spec_dir, cached=False)
    monkeypatch.setenv("ADJUDICATOR_JOBS", "1")
    assert run(spec_dir, cached=False) == parallel
    assert any(f["kind"] == "conflict" for f in parallel)


def test_no_cache_keeps_no_parts(spec_dir: Path) -> None:
    findings_cache.cached_run(
        "check", [RULESET], lambda: check.run(load_spec.__wrapped__(spec_dir), RULESET, boards=False), use=False
    )
    assert not list((spec_dir.parent / "cache").rglob("*.parts"))
    run(spec_dir)
    assert list((spec_dir.parent / "cache").rglob("*.parts"))


def test_the_engine_key_ignores_paraphrases_but_not_conditions(spec_dir: Path) -> None:
    key = decision_cache.engine_key(load_spec.__wrapped__(spec_dir), RULESET)
    edit(spec_dir, "says: The monster stays put on a low roll.", "says: Edited.")
    assert decision_cache.engine_key(load_spec.__wrapped__(spec_dir), RULESET) == key
    edit(
        spec_dir,
        '    when: die <= 3\n    then: "false"\n    variants:',
        '    when: die <= 2\n    then: "false"\n    variants:',
    )
    assert decision_cache.engine_key(load_spec.__wrapped__(spec_dir), RULESET) != key


def test_diff_after_a_paraphrase_edit_solves_one_decision_and_matches_a_cold_run(
    spec_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sides = ["horrorclix/1e", RULESET]
    solved: list[str] = []
    real = diff.solve_part

    def counted(spec: Any, a: str, b: str, decision: Any, other: Any) -> Any:
        solved.append(decision.id)
        return real(spec, a, b, decision, other)

    monkeypatch.setattr(diff, "solve_part", counted)

    def run_diff(*, cached: bool = True) -> list[dict[str, Any]]:
        spec = load_spec.__wrapped__(spec_dir)

        def compute() -> list[dict[str, Any]]:
            return diff.run(spec, *sides, boards=False)

        return findings_cache.cached_run("diff", sides, compute) if cached else findings_cache.normalise(compute())

    first = run_diff()
    assert "breakaway.succeeds" in solved
    solved.clear()
    edit(spec_dir, "says: The monster stays put on a low roll.", "says: The monster stays where it is on a low roll.")
    again = run_diff()
    assert solved == ["breakaway.succeeds"]
    assert again == run_diff(cached=False)
    assert {f.get("decision") for f in again if f not in first} <= {"breakaway.succeeds", None}
