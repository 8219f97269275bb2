"""The built site in a real browser: pages render, with no console errors and no missing files.

Serves the docs with ``http.server`` on 127.0.0.1 (a free port, shut down
after the module or after :data:`SERVER_LIFETIME` seconds) and drives
headless Chromium with ``--dump-dom`` and ``--screenshot``. Screenshots go to
``test-artifacts/``. Skipped only when Chromium is not installed (``make``'s
environment step installs Debian's ``chromium``).
"""

from __future__ import annotations

import shutil
import subprocess
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag

import pytest

from tests.conftest import ROOT
from tests.test_docs import build_site

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SERVER_LIFETIME = 600
ARTIFACTS = ROOT / "test-artifacts"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
    "--virtual-time-budget=5000",
]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="chromium is not installed and could not be installed (make's environment step runs "
        "'apt-get install -y chromium', which needs root)",
    ),
]


class Handler(SimpleHTTPRequestHandler):
    """Serves the site quietly and records every request's path and status."""

    seen: list[tuple[str, int]]

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Record instead of printing."""
        del size
        self.seen.append((self.path, int(code) if str(code).isdigit() else 0))

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        """Stay quiet."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[tuple[str, int]]]]:
    """The built docs served on a free local port: (base URL, requests seen)."""
    html = build_site(tmp_path_factory)
    seen: list[tuple[str, int]] = []
    handler = type("SiteHandler", (Handler,), {"seen": seen})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(html)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    timer = threading.Timer(SERVER_LIFETIME, server.shutdown)
    timer.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", seen
    finally:
        timer.cancel()
        server.shutdown()
        server.server_close()


def chromium(url: str, profile: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium on ``url`` with a throwaway profile."""
    assert CHROMIUM is not None
    return subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *extra, url],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def console_errors(stderr: str) -> list[str]:
    """Console messages from Chromium's log (headless logs every level as ``INFO:CONSOLE``; the site logs none)."""
    return [line for line in stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]


PAGES = {
    "index": ("index.html", ["Tabletop rules reference", "How to ask", "For maintainers"]),
    "situations-gloomhaven": ("situations/gloomhaven.html", ["Terrain letters", "Query fields"]),
    "rule": (
        "reference/generated/horrorclix-2008-06-movement.html#rule-horrorclix-2008-hx-break-success",
        ["HX.BREAK.SUCCESS", "Formal part", "breakaway.succeeds"],
    ),
    "diff": (
        "reference/generated/editions-horrorclix-1e-vs-horrorclix-2008.html",
        ["Editions compared", "Difference 1", "Witness board"],
    ),
    "ruling": ("reference/generated/rulings-movement.html", ["Breakaway roll succeeds", "Expected (by hand)"]),
}


@pytest.mark.parametrize("name", list(PAGES))
def test_page_renders_without_errors(name: str, site: tuple[str, list[tuple[str, int]]], tmp_path: Path) -> None:
    """The page's DOM holds the expected text, the console shows no error, every file it loads exists."""
    base, seen = site
    path, expected = PAGES[name]
    before = len(seen)
    dom = chromium(f"{base}/{path}", tmp_path / "profile", "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    for text in expected:
        assert text in dom.stdout, text
    assert not console_errors(dom.stderr)
    missing = [(p, code) for p, code in seen[before:] if code >= 400 and p != "/favicon.ico"]
    assert not missing
    page, anchor = urldefrag(path)
    if anchor:
        assert f'id="{anchor}"' in dom.stdout, anchor
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"docs-{name}.png"
    # The shot is of the page's top: headless Chromium captures a page it is still scrolling
    # to an anchor (the theme scrolls smoothly) half drawn or blank, depending on the load.
    chromium(f"{base}/{page}", tmp_path / "profile", "--window-size=1280,1600", f"--screenshot={shot}")
    assert shot.is_file()
    assert shot.stat().st_size > 10_000


def test_search_finds_rules(site: tuple[str, list[tuple[str, int]]], tmp_path: Path) -> None:
    """Furo's search page loads the index and lists pages for a game term."""
    base, _ = site
    dom = chromium(f"{base}/search.html?q=frenzy", tmp_path / "profile", "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert not console_errors(dom.stderr)
    assert "search-summary" in dom.stdout or "Search Results" in dom.stdout
    assert "horrorclix-2008-07-combat.html" in dom.stdout


def test_sidebar_search_lists_rules(site: tuple[str, list[tuple[str, int]]], tmp_path: Path) -> None:
    """The sidebar box submits to the rule search, which lists the rule of 3 first, not a hundred pages."""
    base, _ = site
    index = chromium(f"{base}/index.html", tmp_path / "profile", "--dump-dom")
    assert 'action="reference/generated/search-rules.html"' in index.stdout
    dom = chromium(f"{base}/reference/generated/search-rules.html?q=rule+of+3", tmp_path / "profile", "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert not console_errors(dom.stderr)
    results = dom.stdout[dom.stdout.index('id="rule-search-results"') :]
    results = results[: results.index("</ol>")]
    hits = results.count("<li>")
    assert 0 < hits <= 30  # the rule search shows at most 30 entries
    assert "rule of 3" in results.lower() or "rule of three" in results.lower()
