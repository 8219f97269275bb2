"""The GH ids of the inventory rows in given sections of part B (shared by the inventory tests)."""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path

from tests.conftest import ROOT

REFERENCE = ROOT.parent / "shared" / "reference" / "betrayal-gloomhaven.md"


def section_ids(sections: Collection[str]) -> set[str]:
    """The GH ids of the inventory rows of part B under the ``### B1.n`` headings named in ``sections``."""
    text = Path(REFERENCE).read_text(encoding="utf-8")
    part = text[text.index("# PART B") : text.index("## B2.")]
    ids: set[str] = set()
    section = ""
    for line in part.splitlines():
        heading = re.match(r"### (B1\.\d+)", line)
        if heading:
            section = heading.group(1)
        row = re.match(r"\| (GH\.[A-Z0-9_.]+) \|", line)
        if row and section in sections:
            ids.add(row.group(1))
    return ids
