"""Shared fixtures: the seed folder, the fixture specs and a CLI runner."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path(os.environ.get("ADJUDICATOR_SEEDS", ROOT.parent / "shared" / "seeds"))
GOOD = ROOT / "tests" / "fixtures" / "good" / "spec"
BAD = ROOT / "tests" / "fixtures" / "bad"

os.environ.setdefault("ADJUDICATOR_SEEDS", str(SEEDS))


@pytest.fixture
def good_spec_dir(tmp_path: Path) -> Path:
    """A writable copy of the good fixture spec (as ``tmp/spec``)."""
    target = tmp_path / "spec"
    shutil.copytree(GOOD, target)
    return target


def run_cli(*args: str, spec: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the ``adjudicator`` command as a user would."""
    env = {**os.environ, "ADJUDICATOR_SEEDS": str(SEEDS)}
    if spec is not None:
        env["ADJUDICATOR_SPEC"] = str(spec)
    return subprocess.run(
        [sys.executable, "-m", "adjudicator", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        cwd=ROOT,
    )
