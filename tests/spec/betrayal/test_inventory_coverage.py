"""Every BT id of the shared inventory is in the spec or merged, and the Betrayal seed is fully covered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.core.coverage import coverage
from adjudicator.core.spec import load_spec
from tests.conftest import ROOT

REFERENCE = ROOT.parent / "shared" / "reference" / "betrayal-gloomhaven.md"


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference is not beside the project")
def test_every_reference_id_is_accounted_for() -> None:
    """BT ids of the inventory tables (part A) are spec rules or merged records."""
    text = Path(REFERENCE).read_text(encoding="utf-8")
    inventory = text[text.index("## A1. Rule inventory") : text.index("## A2.")]
    ids = set(re.findall(r"^\| (BT\.[A-Z0-9_.]+) \|", inventory, re.MULTILINE))
    assert len(ids) == 176
    spec = load_spec()
    merged = {m.id for m in spec.merged}
    assert sorted(i for i in ids if i not in spec.rules and i not in merged) == []


def test_glossary_restatements_point_at_betrayal_rules() -> None:
    """Each BT.GLOSS restatement names a Betrayal rule that exists."""
    spec = load_spec()
    gloss = [r for r in spec.rules.values() if r.id.startswith("BT.GLOSS.") and r.restates]
    assert len(gloss) > 40
    assert all(spec.rules[r.restates].id.startswith("BT.") for r in gloss if r.restates)


def test_seed_fully_covered() -> None:
    """Every non-blank line of the Betrayal seed, the unterminated last line included, is cited or listed as non-rule."""
    (cov,) = coverage(load_spec(), "betrayal/2e")
    assert cov.uncovered == ()
    assert cov.by_rules + cov.by_nonrule == cov.nonblank == 354
