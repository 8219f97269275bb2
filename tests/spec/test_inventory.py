"""Every inventory id of the shared reference exists in the spec, or is recorded as merged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.core.spec import load_spec
from tests.conftest import ROOT

REFERENCE = ROOT.parent / "shared" / "reference" / "horrorclix.md"


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference is not beside the project")
def test_every_reference_id_is_accounted_for() -> None:
    """HX ids of the inventory table are spec rules or merged records."""
    ids = set(re.findall(r"\| R\d+ \| (HX\.[A-Z0-9.]+) \|", Path(REFERENCE).read_text(encoding="utf-8")))
    assert len(ids) == 343
    spec = load_spec()
    merged = {m.id for m in spec.merged}
    assert sorted(i for i in ids if i not in spec.rules and i not in merged) == []


def test_merged_targets_exist() -> None:
    """Every merge points at rules that exist."""
    spec = load_spec()
    assert all(target in spec.rules for m in spec.merged for target in m.into)
