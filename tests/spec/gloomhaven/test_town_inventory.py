"""Every GH id of the campaign, town, round, turn, end and glossary sections exists in the spec or is merged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.core.spec import load_spec
from tests.conftest import ROOT

REFERENCE = ROOT.parent / "shared" / "reference" / "betrayal-gloomhaven.md"
SECTIONS = {"B1.1", "B1.2", "B1.3", "B1.4", "B1.5", "B1.6", "B1.7", "B1.19", "B1.20", "B1.21"}


def section_ids() -> set[str]:
    """The GH ids of the inventory rows in this helper's sections of part B."""
    text = Path(REFERENCE).read_text(encoding="utf-8")
    part = text[text.index("# PART B") : text.index("## B2.")]
    ids: set[str] = set()
    section = ""
    for line in part.splitlines():
        heading = re.match(r"### (B1\.\d+)", line)
        if heading:
            section = heading.group(1)
        row = re.match(r"\| (GH\.[A-Z0-9_.]+) \|", line)
        if row and section in SECTIONS:
            ids.add(row.group(1))
    return ids


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference is not beside the project")
def test_every_town_id_is_accounted_for() -> None:
    """The 169 ids of sections B1.1-B1.7 and B1.19-B1.21 are rules or merged records."""
    ids = section_ids()
    assert len(ids) == 169
    spec = load_spec()
    merged = {m.id for m in spec.merged}
    assert sorted(i for i in ids if i not in spec.rules and i not in merged) == []
