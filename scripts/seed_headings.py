"""Write ``adjudicator/core/seed_headings.json``: the section headings of every seed file.

Answers name the section of each citation. The headings ship with the package
so that an install without the rulebook texts answers exactly as a checkout
with them; the texts themselves never ship. Run after a seed file changes::

    .venv/bin/python scripts/seed_headings.py

``tests/test_wheel.py`` checks the file matches the texts.
"""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator.core import resources
from adjudicator.core.loader import LoadState, load_sources
from adjudicator.core.sources import HEADINGS_FILE, headings_index

TARGET = Path(__file__).resolve().parents[1] / "adjudicator" / "core" / HEADINGS_FILE


def render() -> str:
    """The file's content, from the texts of the sources in ``spec/sources.yaml``."""
    spec_dir = resources.spec_dir()
    state = LoadState(root=spec_dir.parent)
    load_sources(state, spec_dir)
    return json.dumps(headings_index(state.sources.values()), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    TARGET.write_text(render(), encoding="utf-8")
