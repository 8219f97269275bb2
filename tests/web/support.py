"""What the browser tests of the judge's page share: the server they ask, the browser they drive, the skip rule."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, SEEDS

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
WAIT = 30
"""Seconds a page load or a wait for the answer may take."""
BROWSER_MARKS = [
    pytest.mark.slow,
    pytest.mark.skipif(
        CHROMIUM is None or DRIVER is None,
        reason="chromium and chromium-driver are not installed (make's environment step installs both; needs root)",
    ),
]
"""The ``pytestmark`` of a module of browser tests."""


def free_port() -> int:
    """A free TCP port on the loopback address."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serving(reference: Path) -> Iterator[str]:
    """``adjudicator serve`` on a free loopback port with ``reference`` as its built site (a missing folder: none).

    Yields the base URL once ``/api/rulesets`` answers; the server is stopped afterwards.
    """
    port = free_port()
    env = {**os.environ, "ADJUDICATOR_SEEDS": str(SEEDS)}
    command = [sys.executable, "-m", "adjudicator", "serve", "--port", str(port), "--workers", "1"]
    process = subprocess.Popen([*command, "--reference", str(reference)], env=env, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/rulesets", timeout=5) as reply:  # noqa: S310 - loopback
                    if reply.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.3)
        yield base
    finally:
        process.terminate()
        process.wait(20)


@contextmanager
def chromium(window: str) -> Iterator[Any]:
    """Headless Chromium driven by chromedriver, its window ``window`` (``1400,1300``) in size."""
    from selenium import webdriver  # noqa: PLC0415 - the test modules skip first when selenium is missing
    from selenium.webdriver.chrome.service import Service  # noqa: PLC0415

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--window-size={window}"):  # fmt: skip
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=str(DRIVER)), options=options)
    driver.set_page_load_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()
