"""Witness-board tables rebuilt after a spec edit from the logs of the last scan (issue 18): the same tables."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from adjudicator.core.spec import Spec, load_spec_uncached
from proofs import board_logs, boards
from tests.conftest import ROOT

COUNT = 60
"""A small enumeration (every tier, a few boards each)."""
EDITIONS = ("horrorclix/1e", "horrorclix/2008")
RULE_FILE = "horrorclix/06-movement.yaml"
THRESHOLD = "when: die >= 4"
"""The break-away roll needed (both editions' rule): the edit makes it 5."""


@pytest.fixture(scope="module")
def spec() -> Spec:
    """The project's spec."""
    return load_spec_uncached(ROOT / "spec")


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> Spec:
    """The project's spec with the break-away roll raised from 4 to 5."""
    root = tmp_path_factory.mktemp("edited")
    shutil.copytree(ROOT / "spec", root / "spec")
    path = root / "spec" / RULE_FILE
    text = path.read_text(encoding="utf-8")
    assert text.count(THRESHOLD) == 1
    path.write_text(text.replace(THRESHOLD, "when: die >= 5"), encoding="utf-8")
    return load_spec_uncached(root / "spec")


def as_json(table: boards.BoardTable) -> str:
    """A table as canonical JSON text."""
    return json.dumps(table.to_json(), sort_keys=True)


class Asked:
    """Counts the queries the engine answers (``_Recorder.ask``) and the rebuilds from logs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.queries = 0
        self.rebuilds: list[bool] = []
        ask, rebuild = boards._Recorder.ask, boards.rebuild

        def counted_ask(recorder: boards._Recorder, *args: object) -> boards.Met:
            self.queries += 1
            return ask(recorder, *args)  # type: ignore[arg-type]

        def counted_rebuild(*args: object, **kwargs: object) -> boards.Scanned | None:
            found = rebuild(*args, **kwargs)  # type: ignore[arg-type]
            self.rebuilds.append(found is not None)
            return found

        monkeypatch.setattr(boards._Recorder, "ask", counted_ask)
        monkeypatch.setattr(boards, "rebuild", counted_rebuild)


def test_a_spec_edit_runs_again_only_the_queries_it_changes(
    spec: Spec, edited: Spec, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After an edit, the tables come from the logs and a few queries run again: the tables a full scan gives."""
    before = boards.load_many(spec, EDITIONS, COUNT)
    assert sorted(p.name.split("-")[2] for p in cache.glob("witness-logs-*.pickle")) == ["horrorclix", "horrorclix"]
    asked = Asked(monkeypatch)
    after = boards.load_many(edited, EDITIONS, COUNT)
    total = sum(len(boards.generate(i, COUNT, "horrorclix")[1]) for i in range(COUNT)) * len(EDITIONS)
    assert asked.rebuilds == [True, True]
    assert 0 < asked.queries < total / 10
    for ruleset in EDITIONS:
        full = boards.build(edited, ruleset, COUNT)
        assert as_json(after[ruleset]) == as_json(full)
        assert as_json(before[ruleset]) != as_json(full)  # the edit shows on these boards: not a vacuous match


def test_the_rebuilt_tables_rebuild_again(spec: Spec, edited: Spec, cache: Path) -> None:
    """The logs written by a rebuild serve the next edit (here: back to the original spec)."""
    first = boards.load_many(spec, EDITIONS, COUNT)
    boards.load_many(edited, EDITIONS, COUNT)
    back = boards.load_many(spec, EDITIONS, COUNT)
    for ruleset in EDITIONS:
        assert as_json(back[ruleset]) == as_json(first[ruleset])


def test_other_declarations_or_bad_logs_mean_a_full_scan(
    spec: Spec, edited: Spec, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Logs made under other decision declarations, or unreadable, are not used; nothing fails."""
    boards.load_many(spec, EDITIONS, COUNT)
    for path in cache.glob("witness-logs-horrorclix-1e-*.pickle"):
        path.write_bytes(b"not a pickle")
    monkeypatch.setattr(board_logs, "declared_digest", lambda *_: "another declaration")
    asked = Asked(monkeypatch)
    after = boards.load_many(edited, EDITIONS, COUNT)
    assert asked.rebuilds == []
    for ruleset in EDITIONS:
        assert as_json(after[ruleset]) == as_json(boards.build(edited, ruleset, COUNT))


def test_with_logs_the_background_rebuilds_instead_of_scanning(
    spec: Spec, edited: Spec, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With logs of this engine, ``start`` rebuilds the tables from them in one more process (no scan).

    That process writes the tables and their logs to the cache and hands the tables over: those a full scan
    gives. Without logs, ``start`` scans.
    """
    monkeypatch.setenv("ADJUDICATOR_JOBS", "2")
    boards.load_many(spec, EDITIONS, COUNT)
    started = boards.start(edited, EDITIONS, COUNT)
    assert started is not None
    try:
        assert all(started.rebuilds(rs, COUNT) and not started.covers([rs], COUNT) for rs in EDITIONS)
        after = boards.load_many(edited, EDITIONS, COUNT, started=started)
    finally:
        started.close()
    for ruleset in EDITIONS:
        assert boards.table_path(edited, ruleset, COUNT).is_file()
        assert as_json(after[ruleset]) == as_json(boards.build(edited, ruleset, COUNT))
    for path in cache.glob("witness-*"):
        path.unlink()
    started = boards.start(edited, EDITIONS, COUNT)
    assert started is not None
    try:
        assert started.covers(EDITIONS, COUNT)
        assert not any(started.rebuilds(rs, COUNT) for rs in EDITIONS)
    finally:
        started.close()


def test_rebuilt_logs_keep_each_call_once_only_calls_met_and_the_boards(spec: Spec, edited: Spec, cache: Path) -> None:
    """After an edit that changes outcomes, the logs name each distinct call once and no call no query meets.

    They keep the table's boards as generated (documents and queries), for the next rebuild to read.
    """
    boards.load_many(spec, EDITIONS, COUNT)
    boards.load_many(edited, EDITIONS, COUNT)
    for ruleset in EDITIONS:
        path = boards.logs_path(ruleset, COUNT)
        logs = board_logs.read(path, ruleset, COUNT, board_logs.declared_digest(edited, ruleset))
        assert logs is not None
        assert logs.distinct
        keys = [(call[0], call[2]) for call in logs.calls]
        assert len(keys) == len(set(keys))
        met = {i for _, _, queries in logs.boards.values() for ids in queries for i in ids}
        assert met == set(range(len(logs.calls)))
        assert any(call[3] != boards.outcome_now(spec, ruleset, call[0], call[1]) for call in logs.calls)
        table = boards.load(edited, ruleset, COUNT)
        assert sorted(logs.generated) == table.indices  # the table's boards, kept for the next rebuild
        for index, board in logs.generated.items():
            assert board == boards.generate(index, COUNT, "horrorclix")


def test_logs_read_back_as_written(spec: Spec, cache: Path) -> None:
    """Two workers' logs written as they are read back as one: every query's calls, each call once."""
    found = boards._scan(spec, ("horrorclix/2008",), COUNT, range(0, COUNT, 2))["horrorclix/2008"][1]
    other = boards._scan(spec, ("horrorclix/2008",), COUNT, range(1, COUNT, 2))["horrorclix/2008"][1]
    path = cache / "logs.pickle"
    what = ("horrorclix/2008", COUNT, "digest")
    board_logs.write(path, [*found, *other], what, "nothing-*")
    assert board_logs.read(path, "horrorclix/2008", COUNT + 1, "digest") is None
    assert board_logs.read(path, "horrorclix/2008", COUNT, "other") is None
    back = board_logs.read(path, *what)
    assert back is not None
    assert sorted(back.boards) == sorted([*found[0].boards, *other[0].boards])
    keys = [(call[0], call[2]) for call in back.calls]
    assert len(keys) == len(set(keys))
    for part in (*found, *other):
        for index, (size, kinds, queries) in part.boards.items():
            assert back.boards[index][:2] == (size, kinds)
            assert [[back.calls[i] for i in ids] for ids in back.boards[index][2]] == [
                [part.calls[i] for i in ids] for ids in queries
            ]
