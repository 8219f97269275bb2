"""The designer commands' findings cache (issue 18): the same findings, never stale, never in the way."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from proofs import findings_cache
from tests.conftest import ROOT, SEEDS

FINDING: dict[str, Any] = {"kind": "gap", "decision": "d.x", "situation": {"a": 1}, "lines": (1, 2)}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache folder, with the findings cache on."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(folder))
    monkeypatch.delenv(findings_cache.DISABLE_ENV, raising=False)
    return folder


class Counter:
    """A compute function that counts its calls."""

    def __init__(self, findings: list[dict[str, Any]] | None = None) -> None:
        self.calls = 0
        self.findings = findings if findings is not None else [dict(FINDING)]

    def __call__(self) -> list[dict[str, Any]]:
        """Count the call; return the findings."""
        self.calls += 1
        return self.findings


def entries(cache: Path) -> list[Path]:
    """The cache's findings entries."""
    return sorted((cache / "findings").glob("*.json"))


def test_second_run_reads_the_entry_and_gives_the_same_findings(cache: Path) -> None:
    """The first run computes and stores; the second reads the entry, as JSON gives it back."""
    compute = Counter()
    first = findings_cache.cached_run("check", ["x/1"], compute)
    second = findings_cache.cached_run("check", ["x/1"], compute)
    assert compute.calls == 1
    assert first == second == [{**FINDING, "lines": [1, 2]}]
    assert len(entries(cache)) == 1


def test_other_arguments_or_commands_compute_again(cache: Path) -> None:
    """Each command and argument list has its own entry."""
    compute = Counter()
    findings_cache.cached_run("check", ["x/1"], compute)
    findings_cache.cached_run("check", ["x/2"], compute)
    findings_cache.cached_run("diff", ["x/1", "x/2"], compute)
    findings_cache.cached_run("diff", ["x/1", "x/2@R=b"], compute)
    assert compute.calls == 4
    assert len(entries(cache)) == 4


def test_a_changed_spec_file_is_never_read_stale(
    cache: Path, good_spec_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Editing any spec file gives another key: the findings are computed afresh and the entry replaced."""
    monkeypatch.setenv("ADJUDICATOR_SPEC", str(good_spec_dir))
    compute = Counter()
    findings_cache.cached_run("check", ["x/1"], compute)
    topic = min(p for p in good_spec_dir.rglob("*.yaml") if p.name != "sources.yaml")
    topic.write_text(topic.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    findings_cache.cached_run("check", ["x/1"], compute)
    findings_cache.cached_run("check", ["x/1"], compute)
    assert compute.calls == 2
    assert len(entries(cache)) == 1


def test_the_key_covers_code_spec_and_arguments(
    cache: Path, good_spec_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key changes with the arguments, the boards flag and the spec; it is stable otherwise."""
    monkeypatch.setenv("ADJUDICATOR_SPEC", str(good_spec_dir))
    key = findings_cache.run_key("check", ["x/1"])
    assert key == findings_cache.run_key("check", ["x/1"])
    assert key != findings_cache.run_key("check", ["x/2"])
    assert key != findings_cache.run_key("check", ["x/1"], boards=False)
    (good_spec_dir / "sources.yaml").write_text(
        (good_spec_dir / "sources.yaml").read_text(encoding="utf-8") + "\n", encoding="utf-8"
    )
    assert key != findings_cache.run_key("check", ["x/1"])
    assert len(findings_cache.code_fingerprint()) == 40


@pytest.mark.parametrize("damage", ["", "not a key\n[]", "KEY\n{not json", 'KEY\n{"a": 1}'])
def test_a_corrupt_or_foreign_entry_is_recomputed(cache: Path, damage: str) -> None:
    """An entry that is empty, has another key, is not JSON or is not a list means a fresh run, then a good entry."""
    compute = Counter()
    findings_cache.cached_run("check", ["x/1"], compute)
    (path,) = entries(cache)
    key = path.read_text(encoding="utf-8").splitlines()[0]
    path.write_text(damage.replace("KEY", key), encoding="utf-8")
    again = findings_cache.cached_run("check", ["x/1"], compute)
    assert compute.calls == 2
    assert again == findings_cache.normalise([FINDING])
    assert findings_cache.read(path, key) == again


def test_disabled_or_unwanted_cache_computes_and_writes_nothing(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``use=False`` (``--no-cache``) and ``ADJUDICATOR_FINDINGS_CACHE=0`` always compute and store nothing."""
    compute = Counter()
    findings_cache.cached_run("check", ["x/1"], compute, use=False)
    monkeypatch.setenv(findings_cache.DISABLE_ENV, "0")
    findings_cache.cached_run("check", ["x/1"], compute)
    findings_cache.cached_run("check", ["x/1"], compute)
    assert compute.calls == 3
    assert not entries(cache)


def test_an_unwritable_cache_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache folder that cannot be created (a file is in the way) only means no entry."""
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(blocker))
    monkeypatch.delenv(findings_cache.DISABLE_ENV, raising=False)
    compute = Counter()
    assert findings_cache.cached_run("check", ["x/1"], compute) == findings_cache.normalise([FINDING])
    assert findings_cache.cached_run("check", ["x/1"], compute) == findings_cache.normalise([FINDING])
    assert compute.calls == 2


def test_cli_prints_the_same_bytes_from_the_cache_and_afresh(tmp_path: Path) -> None:
    """``check`` twice (the second from the entry) and with ``--no-cache`` print the same JSON and text."""
    env = {**os.environ, "ADJUDICATOR_CACHE": str(tmp_path / "cache"), "ADJUDICATOR_SEEDS": str(SEEDS)}
    env.pop(findings_cache.DISABLE_ENV, None)
    exe = [sys.executable, "-m", "adjudicator", "check", "betrayal/2e"]

    def run(*extra: str) -> str:
        done = subprocess.run([*exe, *extra], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout

    fresh = run("--json")
    assert entries(tmp_path / "cache")
    assert run("--json") == fresh
    assert run("--json", "--no-cache") == fresh
    assert json.loads(fresh)
    text = run()
    assert run("--no-cache") == text
    shutil.rmtree(tmp_path / "cache")
    assert run() == text
