"""Every GH id of the combat sections (B1.8-B1.18) exists in the spec or is merged."""

from __future__ import annotations

import pytest

from adjudicator.core.spec import load_spec
from tests.spec.gloomhaven.inventory_support import REFERENCE, section_ids

SECTIONS = {f"B1.{n}" for n in range(8, 19)}


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference is not beside the project")
def test_every_combat_id_is_accounted_for() -> None:
    """The 198 ids of sections B1.8-B1.18 are rules or merged records."""
    ids = section_ids(SECTIONS)
    assert len(ids) == 198
    spec = load_spec()
    merged = {m.id for m in spec.merged}
    assert sorted(i for i in ids if i not in spec.rules and i not in merged) == []


def test_merged_combat_ids_point_at_combat_rules() -> None:
    """GH.MON.INFUSE is recorded under the element rules, which exist in the gloomhaven game."""
    spec = load_spec()
    merge = next(m for m in spec.merged if m.id == "GH.MON.INFUSE")
    assert set(merge.into) == {"GH.ELEM.INFUSE_END_OF_TURN", "GH.ELEM.INFUSE"}
    assert all(spec.rules[target].game == "gloomhaven" for target in merge.into)
