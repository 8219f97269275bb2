"""Every GH id of the campaign, town, round, turn, end and glossary sections exists in the spec or is merged."""

from __future__ import annotations

import pytest

from adjudicator.core.spec import load_spec
from tests.spec.gloomhaven.inventory_support import REFERENCE, section_ids

SECTIONS = {"B1.1", "B1.2", "B1.3", "B1.4", "B1.5", "B1.6", "B1.7", "B1.19", "B1.20", "B1.21"}


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference is not beside the project")
def test_every_town_id_is_accounted_for() -> None:
    """The 169 ids of sections B1.1-B1.7 and B1.19-B1.21 are rules or merged records."""
    ids = section_ids(SECTIONS)
    assert len(ids) == 169
    spec = load_spec()
    merged = {m.id for m in spec.merged}
    assert sorted(i for i in ids if i not in spec.rules and i not in merged) == []
