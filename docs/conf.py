"""Sphinx configuration: the rules reference is generated from spec/ at build time."""

from __future__ import annotations

import sys
from pathlib import Path

from sphinx.application import Sphinx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

project = "Tabletop adjudicator"
author = "The adjudicator team"
copyright = "2026, the adjudicator team"
extensions = ["sphinx.ext.doctest"]
html_theme = "furo"
html_title = "Tabletop rules reference"
exclude_patterns = ["_build"]
nitpicky = True
suppress_warnings: list[str] = []


def generate_reference(app: Sphinx) -> None:
    """Write docs/reference/generated/ from the spec before reading sources."""
    from adjudicator.docgen import generate  # noqa: PLC0415 - import after sys.path is set
    from adjudicator.spec import load_spec  # noqa: PLC0415

    generate(load_spec(), Path(app.srcdir) / "reference" / "generated")


def setup(app: Sphinx) -> None:
    """Hook the generator into the build."""
    app.connect("builder-inited", generate_reference)
