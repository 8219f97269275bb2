"""The generated reference: anchors, links, solver pages, rulings with pictures, glossary, search."""

from __future__ import annotations

import fcntl
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.core.spec import load_spec
from adjudicator.docgen.build import anchor
from adjudicator.docgen.links import find_rulings
from adjudicator.docgen.proofs import check_page, checked_rulesets, diff_page, ruleset_pairs
from tests.conftest import ROOT

GENERATED = "reference/generated"


def build_site(factory: pytest.TempPathFactory) -> Path:
    """Build the docs once per test run (shared by xdist workers through a lock); return the HTML folder.

    ``ADJUDICATOR_DOCS_HTML`` names an already built site instead (``make browser`` uses it).
    """
    given = os.environ.get("ADJUDICATOR_DOCS_HTML")
    if given:
        return Path(given).resolve()
    shared = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    out = shared / "docs-site"
    with (shared / "docs-site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "built").is_file():
            result = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "sphinx",
                    "-n",
                    "-W",
                    "-q",
                    "-b",
                    "html",
                    "-d",
                    str(out / "doctrees"),
                    str(ROOT / "docs"),
                    str(out / "html"),
                ],
                capture_output=True,
                text=True,
                check=False,
            )
            assert result.returncode == 0, result.stderr[-3000:]
            (out / "built").touch()
    return out / "html"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real docs, built with warnings as errors and nitpicky references."""
    return build_site(tmp_path_factory)


@pytest.fixture(scope="module")
def pages(built: Path) -> dict[str, str]:
    """Every HTML page of the site by its path relative to the site root."""
    return {p.relative_to(built).as_posix(): p.read_text(encoding="utf-8") for p in built.rglob("*.html")}


def ids_of(text: str) -> set[str]:
    """The HTML ids of a page."""
    return set(re.findall(r'id="([^"]+)"', text))


def test_every_rule_has_an_anchor_in_each_ruleset(pages: dict[str, str]) -> None:
    """Each rule id of each ruleset appears as an HTML id in the generated pages."""
    spec = load_spec()
    ids = set().union(*(ids_of(t) for n, t in pages.items() if n.startswith(GENERATED)))
    missing = [(rs, r.id) for rs in spec.rulesets() for r in spec.rules_in(rs) if anchor(rs, r.id) not in ids]
    assert not missing


def test_cross_links_resolve(built: Path, pages: dict[str, str]) -> None:
    """Every internal link of every page points at an existing page, id or file."""
    ids = {name: ids_of(text) for name, text in pages.items()}
    broken = []
    for name, text in pages.items():
        for href in re.findall(r'href="([^"]+)"', text):
            if re.match(r"[a-z]+:", href) or href.startswith("//"):
                continue
            path, _, fragment = href.partition("#")
            path = path.partition("?")[0]
            target = os.path.normpath((Path(name).parent / path).as_posix()) if path else name
            if (path and not (built / target).exists()) or (
                fragment and target.endswith(".html") and fragment not in ids.get(target, set())
            ):
                broken.append((name, href))
    assert not broken, broken[:20]


def test_rule_entry_links_what_exercises_it(pages: dict[str, str]) -> None:
    """A rule shows its source heading, editions, formal part, rulings and tests."""
    page = pages[f"{GENERATED}/horrorclix-2008-06-movement.html"]
    start = page.index(f'id="{anchor("horrorclix/2008", "HX.BREAK.SUCCESS")}"')
    entry = page[start : page.index("<section", start + 1)]
    if load_spec().sources["hx2008"].lines is not None:  # section headings need the seed texts
        assert "Breaking Away" in entry
    for expected in ("Formal part", "breakaway.succeeds", "Rulings", "horrorclix/1e", "HorrorClix 2008, L277"):
        assert expected in entry, expected
    for bookkeeping in ("Tests", "test_", ".txt L"):  # test ids and seed file names: the maintainers' page
        assert bookkeeping not in entry, bookkeeping
    assert "rulings-movement.html#ruling-movement-" in entry
    assert "glossary.html#term-" in entry


def test_diff_and_check_pages_show_findings(pages: dict[str, str]) -> None:
    """The edition comparison and each ruleset's check have tables, rule links and board pictures."""
    spec = load_spec()
    names = [diff_page(a, b) for a, b in ruleset_pairs(spec)] + [check_page(rs) for rs in checked_rulesets(spec)]
    assert diff_page("horrorclix/1e", "horrorclix/2008") in names
    for name in names:
        page = pages[f"{GENERATED}/{name}.html"]
        assert "<table" in page or "found nothing to report" in page, name
    diff = pages[f"{GENERATED}/{diff_page('horrorclix/1e', 'horrorclix/2008')}.html"]
    assert "#rule-" in diff
    assert re.search(r'<img[^>]+src="[^"]+\.svg"', diff)


def test_rulings_embed_svg_pictures(built: Path, pages: dict[str, str]) -> None:
    """Every ruling has an entry with an SVG board picture that exists, and a doctest."""
    rulings = find_rulings(ROOT)
    assert rulings
    for ruling in rulings:
        name = next(
            n for n, t in pages.items() if n.startswith(f"{GENERATED}/rulings-") and f'id="{ruling.label}"' in t
        )
        text = pages[name]
        start = text.index(f'id="{ruling.label}"')
        entry = text[start : text.find('<section id="ruling-', start + 1)]
        images = re.findall(r'<img[^>]+src="([^"]+\.svg)"', entry)
        assert images, ruling.rel
        svg = (built / Path(name).parent / images[0]).resolve()
        assert svg.read_text(encoding="utf-8").startswith("<svg"), ruling.rel
        assert "&gt;&gt;&gt;" in entry, ruling.rel  # the doctest that re-runs it
        assert ruling.rel in entry, ruling.rel


def test_glossary_terms_are_linked(pages: dict[str, str]) -> None:
    """The glossary defines about thirty terms, each citing lines, and rule titles link them."""
    glossary = pages[f"{GENERATED}/glossary.html"]
    terms = re.findall(r'<dt id="term-([^"]+)"', glossary)
    assert len(terms) >= 30
    assert glossary.count(", L") >= len(terms)  # "HorrorClix 2008, L277 (...)": citations for people
    linked = sum(t.count("glossary.html#term-") for n, t in pages.items() if n.startswith(f"{GENERATED}/horrorclix"))
    assert linked >= 30


def test_search_index_is_built(built: Path) -> None:
    """Furo's search page and the search index exist, and the index knows rule titles."""
    assert (built / "search.html").is_file()
    index = (built / "searchindex.js").read_text(encoding="utf-8")
    assert "frenzy" in index.lower()
    assert "breakaway" in index.lower()


def test_hand_written_pages_exist(built: Path) -> None:
    """Overview, quick start, the situation-file format and one situation page per game are in the site."""
    for page in ("overview.html", "quickstart.html", "situation_format.html", "spec_format.html"):
        assert (built / page).is_file()
    for game in ("horrorclix", "heroclix", "gloomhaven", "betrayal"):
        page = (built / "situations" / f"{game}.html").read_text(encoding="utf-8")
        assert "One example per query kind" in page
        assert "Query fields" in page  # the generated field tables are included


def _sidebar(page: str) -> str:
    start = page.index('class="sidebar-tree"')
    return page[start : page.index('<div class="main"', start)]


def test_front_page_is_for_judges_and_players(pages: dict[str, str]) -> None:
    """The sidebar leads with the judges' and players' pages; the architecture is under "For maintainers"."""
    front = pages["index.html"]
    for text in ("For judges", "For players", "How to ask", "<h2>The judge", ">serve</span>", "search-rules.html"):
        assert text in front
    for game in ("HorrorClix", "HeroClix", "Gloomhaven", "Betrayal at House on the Hill"):
        assert f">{game}<" in front
    nav = _sidebar(front)
    captions = re.findall(r'<span class="caption-text">([^<]+)</span>', nav)
    assert captions[0] == "For judges and players"
    assert captions[-1] == "For maintainers"
    assert nav.index("For maintainers") < nav.index("Architecture")
    assert not re.search(r"<h[1-6][^>]*>[^<]*issue \d+", front, re.IGNORECASE)


def test_sidebar_search_is_the_rule_search(pages: dict[str, str]) -> None:
    """Every page's sidebar search box submits its query (``q``) to the rule search page."""
    for name in ("index.html", "situations/gloomhaven.html", f"{GENERATED}/rulings.html"):
        form = re.search(r'<form class="sidebar-search-container"[^>]*>', pages[name])
        assert form is not None
        assert 'search-rules.html"' in form.group(0)
        assert 'name="q"' in pages[name]


def test_rulings_pages_appear_once_in_the_navigation(pages: dict[str, str]) -> None:
    """Each group of rulings has one page: no two entries of the sidebar share a title."""
    nav = _sidebar(pages[f"{GENERATED}/rulings.html"])
    titles = [re.sub(r"<[^>]+>", "", t) for t in re.findall(r'<a class="reference internal"[^>]*>(.*?)</a>', nav)]
    rulings = [t for t in titles if t.startswith("Rulings:")]
    assert rulings
    assert len(rulings) == len(set(rulings))
    assert "Rulings: Betrayal at House on the Hill" in rulings  # the game's title from the registry


def test_maintainers_page_holds_the_bookkeeping(pages: dict[str, str]) -> None:
    """Test ids and merged inventory ids are on the maintainers' page, not on the ruleset pages."""
    page = pages[f"{GENERATED}/maintainers.html"]
    assert "test_" in page
    assert "Inventory ids recorded under other rules" in page
    ruleset = pages[f"{GENERATED}/horrorclix-2008.html"]
    assert "Inventory ids recorded under other rules" not in ruleset


def test_rule_entry_shows_its_witness_board(pages: dict[str, str]) -> None:
    """A rule no hand-worked ruling exercises links the generated board where it decides (examples/witnesses)."""
    witnessed = sorted((ROOT / "examples" / "witnesses" / "horrorclix" / "2008").glob("*.yaml"))
    assert witnessed
    rule_id = witnessed[0].stem
    entries = [p for p in pages.values() if f'id="{anchor("horrorclix/2008", rule_id)}"' in p]
    assert entries, rule_id
    page = entries[0]
    start = page.index(f'id="{anchor("horrorclix/2008", rule_id)}"')
    end = page.find("<section", start + 1)
    entry = page[start : end if end > 0 else len(page)]
    assert "a table situation where this rule decides" in entry


def test_rule_search_page_is_built(pages: dict[str, str]) -> None:
    """The reference's own search page carries its index (rule ids, glossary terms) and script."""
    page = pages[f"{GENERATED}/search-rules.html"]
    assert "rule-search-box" in page
    assert "HX.BREAK.SUCCESS" in page
    assert "glossary.html#term-" in page
