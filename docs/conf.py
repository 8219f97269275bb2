"""Sphinx configuration: the rules reference is generated from spec/ at build time."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util import logging

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

project = "Tabletop adjudicator"
author = "The adjudicator team"
copyright = "2026, the adjudicator team"
extensions = ["sphinx.ext.doctest"]
html_theme = "furo"
html_title = "Tabletop rules reference"
html_static_path = ["_static"]
templates_path = ["_templates"]  # sidebar/search.html: the sidebar search box is the rule search
html_css_files = ["reference.css"]
exclude_patterns = ["_build", "_templates"]
nitpicky = True
suppress_warnings: list[str] = []
doctest_global_setup = "from pathlib import Path"

LOG = logging.getLogger(__name__)


def generate_reference(app: Sphinx) -> None:
    """Write docs/reference/generated/ from the spec before reading sources."""
    from adjudicator.core.spec import load_spec  # noqa: PLC0415
    from adjudicator.docgen.build import generate  # noqa: PLC0415 - import after sys.path is set

    start = time.perf_counter()
    srcdir = Path(app.srcdir)
    pages = generate(load_spec(), srcdir / "reference" / "generated", srcdir / "glossary.yaml")
    LOG.info("generated %d reference pages in %.1fs", len(pages), time.perf_counter() - start)


def setup(app: Sphinx) -> None:
    """Hook the generator into the build."""
    app.connect("builder-inited", generate_reference)
