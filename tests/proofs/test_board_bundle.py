"""The board scan shipped with the code (issue 29): current, read only when it fits, and the tables a scan gives."""

from __future__ import annotations

import json
import lzma
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.core.spec import Spec
from proofs import board_bundle, board_logs, boards
from tests.conftest import ROOT

COUNT = 40
"""A small enumeration: the round trip does not depend on the number of boards."""
RULESET = "horrorclix/2008"


@pytest.fixture(scope="module")
def spec(real_spec: Spec) -> Spec:
    """The project's spec (the session's)."""
    return real_spec


@pytest.fixture(scope="module")
def scanned(spec: Spec) -> tuple[boards.BoardTable, board_logs.Logs]:
    """A small fresh scan of one ruleset: its table and its logs."""
    table, logs = boards.scan_fresh(spec, [RULESET], COUNT)[RULESET]
    return table, board_logs.joined(logs)


@pytest.fixture
def bundled(
    spec: Spec, scanned: tuple[boards.BoardTable, board_logs.Logs], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """The small scan written as a bundle in a private bundle folder."""
    folder = tmp_path / "bundles"
    folder.mkdir()
    monkeypatch.setattr(board_bundle, "FOLDER", folder)
    path = board_bundle.bundle_path(RULESET)
    path.write_bytes(board_bundle.make(spec, RULESET, *scanned, count=COUNT))
    return path


def as_json(table: boards.BoardTable) -> str:
    """A table as canonical JSON text."""
    return json.dumps(table.to_json(), sort_keys=True)


def test_the_shipped_bundles_fit_the_code_and_the_spec() -> None:
    """``scripts/board_data.py --check`` passes: a change of the engine or the spec has been scanned again."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "board_data.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_ruleset_with_boards_ships_one(spec: Spec) -> None:
    """Each Clix ruleset has its bundle, and no other file lies in the folder."""
    wanted = {board_bundle.bundle_path(rs).name for rs in spec.rulesets() if boards.has_boards(rs)}
    assert wanted == {"horrorclix-2008.json.xz", "horrorclix-1e.json.xz", "heroclix-core.json.xz"}
    assert {p.name for p in board_bundle.FOLDER.iterdir()} == wanted


def test_a_seeded_cache_gives_the_table_the_scan_gave(
    spec: Spec, scanned: tuple[boards.BoardTable, board_logs.Logs], bundled: Path, cache: Path
) -> None:
    """Under the spec it was made with, seeding writes the table's cache file: read back, the scan's table."""
    assert bundled.is_file()
    assert board_bundle.seed(spec, RULESET, COUNT)
    assert boards.table_path(spec, RULESET, COUNT).is_file()
    assert not boards.logs_path(RULESET, COUNT).is_file()  # needed only after an edit: then seeded
    assert as_json(boards.load(spec, RULESET, COUNT)) == as_json(scanned[0])
    assert not board_bundle.seed(spec, RULESET, COUNT)  # the cache has it now: nothing is written again


def test_the_seeded_logs_rebuild_the_same_table(
    spec: Spec, scanned: tuple[boards.BoardTable, board_logs.Logs], bundled: Path, cache: Path
) -> None:
    """Under another spec key only the logs are seeded; the table rebuilt from them is the scan's."""
    _rewrite(bundled, table_key="another spec")
    assert board_bundle.seed(spec, RULESET, COUNT)
    assert not boards.table_path(spec, RULESET, COUNT).is_file()
    logs = board_logs.read(boards.logs_path(RULESET, COUNT), RULESET, COUNT, board_logs.declared_digest(spec, RULESET))
    assert logs is not None
    assert logs.calls == [tuple(call) for call in scanned[1].calls]
    found = boards.rebuild(spec, RULESET, COUNT, logs)
    assert found is not None
    assert as_json(boards._table(RULESET, found[0], COUNT)) == as_json(scanned[0])
    assert not board_bundle.seed(spec, RULESET, COUNT)  # the cache has logs of its own now


def test_the_shipped_logs_rebuild_the_same_table_in_the_background(
    spec: Spec,
    scanned: tuple[boards.BoardTable, board_logs.Logs],
    bundled: Path,
    cache: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under another spec key ``start`` copies nothing: the rebuild reads the shipped logs, and stores what it made."""
    monkeypatch.setenv("ADJUDICATOR_JOBS", "2")
    _rewrite(bundled, table_key="another spec")
    started = board_bundle.start(spec, [RULESET], COUNT)
    assert started is not None
    try:
        assert started.rebuilds(RULESET, COUNT)
        assert not list(cache.glob("witness-logs-*"))  # not copied here: the rebuild parses them
        tables = board_bundle.load_many(spec, [RULESET], COUNT, started=started)
    finally:
        started.close()
    assert as_json(tables[RULESET]) == as_json(scanned[0])
    assert boards.table_path(spec, RULESET, COUNT).is_file()
    assert boards.logs_path(RULESET, COUNT).is_file()


def test_a_bundle_of_other_code_is_not_read(spec: Spec, bundled: Path, cache: Path) -> None:
    """A bundle made by other engine code seeds nothing (the scan then runs as before)."""
    _rewrite(bundled, code="other code")
    assert board_bundle.shipped_logs(spec, RULESET, COUNT) is None
    assert not board_bundle.seed(spec, RULESET, COUNT)
    assert not list(cache.glob("witness-*"))
    assert board_bundle.stale(spec, [RULESET], COUNT) == [f"{RULESET}: made by other code (the engine changed since)"]


def test_a_damaged_bundle_is_no_bundle(spec: Spec, bundled: Path, cache: Path) -> None:
    """Bytes that are not a bundle read as none."""
    bundled.write_bytes(b"not xz")
    assert board_bundle.read(bundled) is None
    assert not board_bundle.seed(spec, RULESET, COUNT)


def test_a_bundle_cut_short_reads_its_keys_and_seeds_nothing(spec: Spec, bundled: Path, cache: Path) -> None:
    """Only the keys are decompressed on reading; a body that cannot be decompressed seeds nothing, and fails nothing."""
    whole = bundled.read_bytes()
    bundled.write_bytes(whole[: len(whole) // 2])
    bundle = board_bundle.read(bundled)
    assert bundle is not None
    assert bundle.header["ruleset"] == RULESET
    assert not board_bundle.seed(spec, RULESET, COUNT)
    _rewrite_keys_only(bundled, whole, table_key="another spec")
    source = board_bundle.shipped_logs(spec, RULESET, COUNT)
    assert source is not None
    assert source() is None
    assert not list(cache.glob("witness-*"))


def _rewrite_keys_only(path: Path, whole: bytes, **keys: str) -> None:
    """A bundle cut short again, under changed keys (its body still cannot be decompressed)."""
    path.write_bytes(whole)
    _rewrite(path, **keys)
    changed = path.read_bytes()
    path.write_bytes(changed[: len(changed) // 2])


def _rewrite(path: Path, **keys: str) -> None:
    """Change keys of a bundle's first line (what it was made under), the rest left as it is."""
    bundle = board_bundle.read(path)
    assert bundle is not None
    header = {**bundle.header, **keys}
    text = "\n".join([json.dumps(header), bundle.table_text, bundle.logs_text])
    path.write_bytes(lzma.compress(text.encode("utf-8")))


def test_the_bundles_can_be_left_unread(
    spec: Spec, bundled: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ADJUDICATOR_BOARD_DATA=0`` seeds nothing (the timing of a scan from scratch)."""
    monkeypatch.setenv(board_bundle.DISABLE_ENV, "0")
    assert not board_bundle.seed(spec, RULESET, COUNT)
    monkeypatch.delenv(board_bundle.DISABLE_ENV)
    assert board_bundle.seed(spec, RULESET, COUNT)
