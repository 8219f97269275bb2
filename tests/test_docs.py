"""The generated reference: one anchor per rule and ruleset, links that resolve."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.docgen import anchor
from adjudicator.spec import load_spec
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the real docs once, with warnings as errors and nitpicky references."""
    out = tmp_path_factory.mktemp("html")
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-n", "-W", "-q", "-b", "html", str(ROOT / "docs"), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return out


def test_every_rule_has_an_anchor_in_each_ruleset(built: Path) -> None:
    """Each rule id of each ruleset appears as an HTML id in the generated pages."""
    spec = load_spec()
    html = "\n".join(p.read_text(encoding="utf-8") for p in (built / "reference" / "generated").glob("*.html"))
    ids = set(re.findall(r'id="([^"]+)"', html))
    missing = [(rs, r.id) for rs in spec.rulesets() for r in spec.rules_in(rs) if anchor(rs, r.id) not in ids]
    assert not missing


def test_cross_links_resolve(built: Path) -> None:
    """Every internal link in the reference points at an existing page and id."""
    pages = {p.relative_to(built).as_posix(): p.read_text(encoding="utf-8") for p in built.rglob("*.html")}
    ids = {name: set(re.findall(r'id="([^"]+)"', text)) for name, text in pages.items()}
    broken = []
    for name, text in pages.items():
        if not name.startswith("reference/generated/"):
            continue
        for href in re.findall(r'href="([^"#:]*\.html)?#([^"]+)"', text):
            target = (Path(name).parent / href[0]).as_posix() if href[0] else name
            if href[1] not in ids.get(target, set()):
                broken.append((name, href))
    assert not broken


def test_hand_written_pages_exist(built: Path) -> None:
    """Overview, quick start and the situation-file format are in the site."""
    for page in ("overview.html", "quickstart.html", "situation_format.html", "spec_format.html"):
        assert (built / page).is_file()
