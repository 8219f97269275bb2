"""Witness boards kept between runs (issue 29): a rule edit replays only the boards whose calls it changes.

A finding's board is kept with every decision call its replays made (:mod:`proofs.replay_deps`); the next
run reads it back while those calls come out the same, and replays it otherwise. The run after an edit must
give the findings a run without kept parts gives on the edited spec.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.spec import load_spec
from proofs import boards, check, findings_cache, witness
from proofs.replay_deps import recorded, still_hold
from tests.conftest import ROOT

RULESET = "horrorclix/2008"
RULE_FILE = Path("horrorclix") / "06-movement.yaml"
THRESHOLD = "when: die >= 4"
"""The break-away roll needed (``HX.BREAK.SUCCESS``): the edit makes it 5, which changes many moves."""


@pytest.fixture
def spec_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the project's spec, with a private, enabled cache and every replay in this process."""
    target = tmp_path / "spec"
    shutil.copytree(ROOT / "spec", target)
    monkeypatch.setenv("ADJUDICATOR_SPEC", str(target))
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("ADJUDICATOR_JOBS", "1")
    monkeypatch.delenv(findings_cache.DISABLE_ENV, raising=False)
    return target


def run(spec_dir: Path, *, kept: bool = True) -> list[dict[str, Any]]:
    """``check`` with boards as the CLI runs it (its parts kept), or with nothing kept (``kept`` false)."""
    spec = load_spec.__wrapped__(spec_dir)

    def compute() -> list[dict[str, Any]]:
        return check.run(spec, RULESET)

    return findings_cache.cached_run("check", [RULESET], compute, use=kept)


@pytest.mark.slow
def test_an_edit_replays_only_the_boards_it_reaches_and_matches_a_run_without_parts(
    spec_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replayed: list[str] = []
    real = witness.witness

    def counted(spec: Any, finding: dict[str, Any], tables: Any) -> dict[str, Any]:
        replayed.append(f"{finding['kind']} {finding['decision']}")
        return real(spec, finding, tables)

    monkeypatch.setattr(witness, "witness", counted)
    first = run(spec_dir)
    everything = len(replayed)
    assert everything > 10
    replayed.clear()
    path = spec_dir / RULE_FILE
    text = path.read_text(encoding="utf-8")
    assert text.count(THRESHOLD) == 1
    path.write_text(text.replace(THRESHOLD, "when: die >= 5"), encoding="utf-8")
    again = run(spec_dir)
    assert 0 < len(replayed) < everything  # the boards no changed call reaches are read back
    assert again != first
    assert again == run(spec_dir, kept=False)


@pytest.mark.slow
def test_an_edit_boards_again_only_the_ambiguities_whose_decision_it_changes(
    spec_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An ambiguity's ruling board is kept under what the ruling reads: its decision's rules under its readings.

    Editing the break-away roll changes no ambiguity's decision: every ruling board is read back, and the run
    gives the findings of a run without kept parts.
    """
    boarded: list[str] = []
    real = check._ruling_board

    def counted(spec: Any, finding: dict[str, Any], progress: Any) -> None:
        boarded.append(str(finding["rule"]))
        real(spec, finding, progress)

    monkeypatch.setattr(check, "_ruling_board", counted)
    run(spec_dir)
    assert len(set(boarded)) > 10
    boarded.clear()
    path = spec_dir / RULE_FILE
    path.write_text(path.read_text(encoding="utf-8").replace(THRESHOLD, "when: die >= 5"), encoding="utf-8")
    again = run(spec_dir)
    assert boarded == []
    assert again == run(spec_dir, kept=False)


def test_a_ruling_board_is_kept_under_its_decision_s_rules(tmp_path: Path) -> None:
    """What an ambiguity's ruling board is kept under changes with an edit of its decision's rules, only those."""
    target = tmp_path / "spec"
    shutil.copytree(ROOT / "spec", target)
    path = target / RULE_FILE
    text = path.read_text(encoding="utf-8")
    spec = load_spec.__wrapped__(target)
    path.write_text(text.replace(THRESHOLD, "when: die >= 5"), encoding="utf-8")
    edited = load_spec.__wrapped__(target)
    rule = next(r for r in spec.rules.values() if RULESET in r.readings and not r.reading_of)
    options = list(rule.readings[RULESET].options)
    for decision, changes in (("breakaway.succeeds", True), ("setup.victims_per_player", False)):
        finding = {"kind": "ambiguity", "ruleset": RULESET, "rule": rule.id, "decision": decision}
        finding |= {"default": options[0], "compared": options[:2], "options": dict.fromkeys(options)}
        assert (check._replay_inputs(spec, finding) != check._replay_inputs(edited, finding)) is changes


def test_recorded_calls_hold_until_an_answer_changes() -> None:
    """The calls a replay made hold under the spec that made them, and not once one outcome differs."""
    spec = load_spec.__wrapped__(ROOT / "spec")
    from adjudicator.judge import answer, load_situation  # noqa: PLC0415 - the engine only for this test

    situation = load_situation(ROOT / "examples" / "contract" / "breakaway-two-foes.yaml", {RULESET})
    with recorded() as calls:
        answer(spec, situation)
    assert calls
    assert any(call[2].startswith("breakaway.") for call in calls)
    assert still_hold(spec, calls)
    changed = [list(call) for call in calls]
    changed[0][4] = "something else"
    assert not still_hold(spec, changed)
    gone = [list(call) for call in calls]
    gone[0][2] = "no.such.decision"
    assert not still_hold(spec, gone)


def test_the_readings_block_is_the_one_the_writer_writes() -> None:
    """Every reading of a Clix ruleset, appended as :func:`witness.readings_block` writes it, gives the writer's file."""
    spec = load_spec.__wrapped__(ROOT / "spec")
    checked = 0
    for ruleset in ("horrorclix/2008", "horrorclix/1e", "heroclix/core"):
        game = ruleset.split("/")[0]
        doc, queries = next(
            board for index in range(200) if (board := boards.generate(index, boards.BOARD_COUNT, game))[1]
        )
        plain = boards.yaml_text(doc, ruleset, queries[0])
        for rule in spec.rules.values():
            for name in rule.readings[ruleset].options if ruleset in rule.readings else ():
                block = witness.readings_block({rule.id: name})
                assert block is not None, (rule.id, name)
                assert plain + block == boards.yaml_text(doc, ruleset, queries[0], {rule.id: name})
                checked += 1
    assert checked > 100
    assert witness.readings_block({"HX.X": "yes"}) is None  # a word the writer might quote: written by the writer
    assert witness.readings_block({}) == ""
