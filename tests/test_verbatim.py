"""No rulebook sentence is copied into the project (the shared verbatim check)."""

from __future__ import annotations

import subprocess

import pytest

from tests.conftest import ROOT

CHECK = ROOT.parent / "shared" / "tools" / "verbatim-check"


@pytest.mark.skipif(not CHECK.exists(), reason="the shared verbatim check is not beside the project")
def test_verbatim_check_finds_nothing() -> None:
    """verbatim-check lists no passage of ten words copied from a seed text."""
    result = subprocess.run([str(CHECK), str(ROOT)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-3000:]
    assert result.stdout.strip() == ""
