"""The witness-board scan of several rulesets at once, and in the background (issue 18): the same tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.core.spec import Spec, load_spec
from proofs import boards
from tests.conftest import ROOT

COUNT = 60
"""A small enumeration (every tier, a few boards each)."""
EDITIONS = ("horrorclix/1e", "horrorclix/2008")


@pytest.fixture(scope="module")
def spec() -> Spec:
    """The project's spec."""
    return load_spec(ROOT / "spec")


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private, empty cache folder."""
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path))
    return tmp_path


def as_json(table: boards.BoardTable) -> str:
    """A table as canonical JSON text."""
    return json.dumps(table.to_json(), sort_keys=True)


@pytest.mark.parametrize("order", [EDITIONS, EDITIONS[::-1]])
def test_one_pass_over_two_rulesets_equals_one_pass_each(
    spec: Spec, order: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``scan_many`` finds, per ruleset, exactly what ``scan`` finds for that ruleset alone.

    In one pass most queries of the second ruleset are not run again: the first ruleset's calls are
    replayed (:meth:`boards._Recorder.replays`). Both ways are taken here, so the replay is checked against
    running each ruleset on its own.
    """
    taken = {True: 0, False: 0}
    replays = boards._Recorder.replays

    def counted(self: boards._Recorder, *args: object) -> bool:
        found = replays(self, *args)  # type: ignore[arg-type]
        taken[found] += 1
        return found

    monkeypatch.setattr(boards._Recorder, "replays", counted)
    together = boards.scan_many(spec, order, COUNT, range(COUNT))
    assert taken[True] > taken[False] > 0
    for ruleset in order:
        alone = boards.scan(spec, ruleset, COUNT, range(COUNT))
        assert together[ruleset] == alone
        assert alone  # the boards meet decisions: not a vacuous match


def test_a_call_decided_otherwise_is_not_replayed(spec: Spec) -> None:
    """A record replays under another ruleset only if every call comes out the same there (value and type)."""
    recorder = boards._Recorder()
    facts = {"die": 4}
    key = boards.facts_key(facts)
    same = [("breakaway.succeeds", facts, key, True)]
    assert recorder.replays(spec, "horrorclix/2008", same)
    assert not recorder.replays(spec, "horrorclix/2008", [("breakaway.succeeds", facts, key, False)])
    assert not recorder.replays(spec, "horrorclix/2008", [("breakaway.succeeds", facts, key, 1)])
    low = {"die": 3}
    assert not recorder.replays(
        spec, "horrorclix/2008", [*same, ("breakaway.succeeds", low, boards.facts_key(low), True)]
    )


def test_scan_many_refuses_rulesets_of_two_games(spec: Spec) -> None:
    """Each game has its own stream of boards: one pass cannot serve two games."""
    with pytest.raises(ValueError, match="one board stream per game"):
        boards.scan_many(spec, ("horrorclix/2008", "heroclix/core"), COUNT, range(3))


def test_background_scan_gives_the_tables_a_plain_build_gives(
    spec: Spec, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``start`` then ``load_many``: the same tables as ``build``, written to the cache, the workers stopped."""
    monkeypatch.setenv("ADJUDICATOR_JOBS", "2")
    started = boards.start(spec, EDITIONS, COUNT)
    if started is None:
        pytest.skip("no fork on this platform: the background scan is not used")
    try:
        tables = boards.load_many(spec, EDITIONS, COUNT, started=started)
    finally:
        started.close()
    for ruleset in EDITIONS:
        assert as_json(tables[ruleset]) == as_json(boards.build(spec, ruleset, COUNT))
        assert boards.table_path(spec, ruleset, COUNT).is_file()


def test_nothing_starts_when_the_tables_are_cached_or_the_game_has_no_boards(
    spec: Spec, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No background scan for cached tables, for a game off the square grid, or with one worker."""
    monkeypatch.setenv("ADJUDICATOR_JOBS", "2")
    assert boards.start(spec, ["gloomhaven/1e"], COUNT) is None
    boards.load(spec, "horrorclix/2008", COUNT)
    assert boards.start(spec, ["horrorclix/2008"], COUNT) is None
    monkeypatch.setenv("ADJUDICATOR_JOBS", "1")
    assert boards.start(spec, ["horrorclix/1e"], COUNT) is None


def test_a_started_scan_for_other_rulesets_is_not_used(
    spec: Spec, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A background scan of 1e does not stand in for 2008's table; closing it twice is harmless."""
    monkeypatch.setenv("ADJUDICATOR_JOBS", "2")
    started = boards.start(spec, ["horrorclix/1e"], COUNT)
    if started is None:
        pytest.skip("no fork on this platform: the background scan is not used")
    try:
        assert not started.covers(["horrorclix/2008"], COUNT)
        assert not started.covers(["horrorclix/1e"], COUNT + 1)
        table = boards.load_many(spec, ["horrorclix/2008"], COUNT, started=started)["horrorclix/2008"]
    finally:
        started.close()
        started.close()
    assert as_json(table) == as_json(boards.build(spec, "horrorclix/2008", COUNT))


def test_boards_replayed_in_workers_equal_boards_replayed_here(spec: Spec, monkeypatch: pytest.MonkeyPatch) -> None:
    """Witness boards worked out in forked workers are the ones worked out in this process, in the same order."""
    from proofs import diff, witness  # noqa: PLC0415 - z3 only for this test

    findings = diff.run(spec, *EDITIONS, boards=False)
    monkeypatch.setenv("ADJUDICATOR_JOBS", "2")
    monkeypatch.setattr(witness, "PARALLEL_FROM", 1)
    shared = witness.attach(spec, json.loads(json.dumps(findings)))
    monkeypatch.setattr(witness, "PARALLEL_FROM", 10**6)
    here = witness.attach(spec, json.loads(json.dumps(findings)))
    assert json.dumps(shared) == json.dumps(here)
    assert sum(1 for f in here if f.get("board")) > 10
