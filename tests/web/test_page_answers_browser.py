"""The judge's page's answers in headless Chromium: one situation per game built on the page, read as a judge reads.

Serves ``adjudicator serve`` with no built reference (as an installed wheel does), so every rule link opens
the page the app renders from the spec. For each of the four games the test builds a situation with the
editor's controls (a Betrayal attack after the haunt, a Gloomhaven monster turn with a tie), asks, and checks:
the verdict's words and colour (the CLI's words for the same file), each step's title and citation
(``<Game> <edition>, L<n>``, no seed file name visible), the formal note hidden until its toggle opens, every
choice of a tie drawn on the answer picture, and that each rule link opens a rule page (200, HTML, the
step's title). A screenshot per game goes to ``$ADJUDICATOR_SCREENSHOTS`` (default ``tests/_screenshots/``).
"""

from __future__ import annotations

import json
import os
import re
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from adjudicator.games import ruleset_title
from adjudicator.judge.present import headline
from tests.conftest import ROOT, run_cli
from tests.web.support import BROWSER_MARKS, WAIT, chromium, serving

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402 - after the skip when selenium is missing
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

pytestmark = BROWSER_MARKS
SEED_NAME = re.compile(r"\w+\.txt\b")
TONES = {"good", "bad", "mixed", "neutral"}


def screenshots() -> Path:
    folder = Path(os.environ.get("ADJUDICATOR_SCREENSHOTS") or ROOT / "tests" / "_screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def fetch(url: str) -> tuple[int, str, str]:
    """GET on the loopback server: status, content type, text."""
    with urllib.request.urlopen(url, timeout=20) as reply:  # noqa: S310 - loopback only
        return reply.status, reply.headers.get("content-type", ""), reply.read().decode("utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``adjudicator serve`` on a free loopback port without a built reference."""
    with serving(tmp_path_factory.mktemp("no-reference") / "html") as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium at a laptop's size."""
    with chromium("1440,1500") as driver:
        yield driver


# -- the editor's controls --------------------------------------------------------------------------------------


def settled(driver: Any) -> None:
    WebDriverWait(driver, WAIT).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-pending") == "0"
    )


def open_page(driver: Any, base: str, ruleset: str, width: int, height: int) -> None:
    driver.get(base + "/")
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    Select(driver.find_element(By.ID, "ruleset")).select_by_value(ruleset)
    settled(driver)
    for name, value in (("width", width), ("height", height)):
        box = driver.find_element(By.ID, name)
        box.clear()
        box.send_keys(str(value))
    driver.find_element(By.ID, "resize").click()
    settled(driver)


def tool(driver: Any, tool_id: str, option: str | None = None) -> None:
    driver.find_element(By.CSS_SELECTOR, f'#tools [data-tool="{tool_id}"]').click()
    if option is not None:
        element = driver.find_element(By.ID, "tool-option")
        if element.tag_name == "select":
            Select(element).select_by_value(option)
        else:
            driver.execute_script(
                "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", element, option
            )


def click_cell(driver: Any, name: str, floor: str | None = None) -> None:
    where = f'[data-floor="{floor}"]' if floor else ""
    driver.find_element(By.CSS_SELECTOR, f'#board [data-cell="{name}"]{where}').click()


def set_input(driver: Any, element: Any, value: str) -> None:
    """Set a field as a person does: choose, tick, or type and leave (the page redraws on change)."""
    if element.tag_name == "select":
        Select(element).select_by_value(value)
    elif element.get_attribute("type") == "checkbox":
        if not element.is_selected():
            element.click()
    else:
        driver.execute_script(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", element, value
        )


def piece_field(driver: Any, piece: str, name: str, value: str) -> None:
    scope = f'#pieces details[data-piece="{piece}"]'
    details = driver.find_element(By.CSS_SELECTOR, scope)
    if not details.get_attribute("open"):
        details.find_element(By.TAG_NAME, "summary").click()
    set_input(driver, driver.find_element(By.CSS_SELECTOR, f'{scope} [data-field="{name}"]'), value)


def rename(driver: Any, ids: dict[str, str]) -> None:
    """Name the pieces as a player would: the editor's ``mon1``, ``cha2`` also read as squares (column MON)."""
    for old, new in ids.items():
        piece_field(driver, old, "id", new)


def situation_field(driver: Any, name: str, value: str) -> None:
    """A top-level field of the file (``haunt``, ``scenario_level``), in the situation's fieldset."""
    set_input(driver, driver.find_element(By.CSS_SELECTOR, f'#situation-fields [name="{name}"]'), value)


def query(driver: Any, kind: str, **fields: str) -> None:
    Select(driver.find_element(By.ID, "query-kind")).select_by_value(kind)
    for name, value in fields.items():
        set_input(driver, driver.find_element(By.CSS_SELECTOR, f'#query-fields [data-field="{name}"]'), value)


def ask(driver: Any) -> dict[str, Any]:
    driver.execute_script("document.getElementById('verdict').dataset.verdict = ''")
    driver.find_element(By.ID, "ask").click()
    WebDriverWait(driver, WAIT).until(
        lambda d: d.find_element(By.ID, "verdict").get_attribute("data-verdict") or d.find_element(By.ID, "error").text
    )
    assert not driver.find_element(By.ID, "error").text, driver.find_element(By.ID, "error").text
    return dict(json.loads(driver.find_element(By.ID, "answer-json").get_attribute("textContent")))


def exported(driver: Any, tmp_path: Path, name: str) -> Path:
    driver.find_element(By.ID, "export").click()
    path = tmp_path / f"{name}.yaml"
    path.write_text(driver.find_element(By.ID, "yaml").get_attribute("value"), encoding="utf-8")
    return path


# -- what a judge reads -----------------------------------------------------------------------------------------


def check_answer(driver: Any, base: str, answer: dict[str, Any], path: Path) -> list[Any]:
    """The verdict's words and colour, each step's title and citation, hidden formal notes, rule links that open."""
    words, tone = headline(answer["verdict"], answer["query"], answer["outcome"])
    verdict = driver.find_element(By.ID, "verdict")
    assert verdict.text == words
    assert verdict.get_attribute("data-tone") == tone
    assert f"tone-{tone}" in verdict.get_attribute("class").split()
    assert run_cli("ask", str(path)).stdout.startswith(words + "  ")  # the CLI says the same words
    title = ruleset_title(answer["ruleset"])
    steps = driver.find_elements(By.CSS_SELECTOR, "#trace li")
    assert steps
    assert any("deciding" in (s.get_attribute("class") or "").split() for s in steps)
    panel = driver.find_element(By.ID, "answer-panel").text
    assert not SEED_NAME.search(panel), "a seed file name is visible"
    for step in steps:
        name = step.find_element(By.CSS_SELECTOR, ".step-title").text
        assert name.strip()
        link = step.find_element(By.CSS_SELECTOR, "a.rule-link")
        assert re.match(rf"^{re.escape(title)}, L\d+", link.text), link.text
        formal = step.find_element(By.CSS_SELECTOR, ".formal-note")
        assert not formal.is_displayed()
    first = steps[0]
    first.find_element(By.CSS_SELECTOR, "details.formal summary").click()
    assert first.find_element(By.CSS_SELECTOR, ".formal-note").is_displayed()
    assert first.find_element(By.CSS_SELECTOR, ".rule-id").text == answer["trace"][0]["rule"]
    for step in steps:
        link = step.find_element(By.CSS_SELECTOR, "a.rule-link")
        status, kind, page = fetch(link.get_attribute("href"))
        assert (status, kind.split(";")[0]) == (200, "text/html")
        text = unescape(page)
        assert step.find_element(By.CSS_SELECTOR, ".step-title strong:last-child").text in text
        assert title in text
    return list(steps)


def shot(driver: Any, name: str) -> None:
    target = screenshots() / f"answer-{name}.png"
    driver.find_element(By.ID, "answer-panel").location_once_scrolled_into_view  # noqa: B018 - scrolls
    driver.save_screenshot(str(target))
    assert target.stat().st_size > 5_000


def answer_svg(driver: Any) -> str:
    source = driver.find_element(By.CSS_SELECTOR, "#picture img").get_attribute("src")
    assert source.startswith("data:image/svg+xml")
    return urllib.parse.unquote(source.split(",", 1)[1])


def picture_width(driver: Any) -> float:
    return float(driver.execute_script("return document.querySelector('#picture img').getBoundingClientRect().width"))


# -- one situation per game ------------------------------------------------------------------------------------


def horrorclix_blocked_line(driver: Any, base: str) -> None:
    """A HorrorClix line of fire across a blocking square: BLOCKED, in red."""
    open_page(driver, base, "horrorclix/2008", 5, 3)
    tool(driver, "terrain:#")
    click_cell(driver, "C2")
    tool(driver, "piece", "monster")
    click_cell(driver, "A2")
    click_cell(driver, "E2")
    piece_field(driver, "mon2", "player", "2")
    rename(driver, {"mon1": "wolf", "mon2": "priest"})
    query(driver, "line_of_fire", **{"from": "wolf", "to": "priest"})


def heroclix_clear_line(driver: Any, base: str) -> None:
    """A HeroClix line of fire past hindering terrain beside it: CLEAR, in green."""
    open_page(driver, base, "heroclix/core", 5, 3)
    tool(driver, "terrain:h")
    click_cell(driver, "C1")
    tool(driver, "piece", "character")
    click_cell(driver, "A2")
    click_cell(driver, "E2")
    piece_field(driver, "cha2", "player", "2")
    rename(driver, {"cha1": "hero", "cha2": "foe"})
    query(driver, "line_of_fire", **{"from": "hero", "to": "foe"})


def gloomhaven_tie(driver: Any, base: str) -> None:
    """A Gloomhaven monster turn with two equally good hexes to attack from: 2 CHOICES, both drawn."""
    open_page(driver, base, "gloomhaven/1e", 7, 5)
    tool(driver, "piece", "character")
    click_cell(driver, "D1")
    click_cell(driver, "D5")
    tool(driver, "piece", "monster")
    click_cell(driver, "D3")
    piece_field(driver, "cha1", "initiative", "40")
    piece_field(driver, "cha2", "initiative", "20")
    query(driver, "monster_turn", monster="mon1", move="2", attack="{targets: 1}")


def betrayal_attack_after_the_haunt(driver: Any, base: str) -> None:
    """A Betrayal hero attacks a monster once the haunt has begun, with both rolls given."""
    open_page(driver, base, "betrayal/2e", 3, 3)
    tool(driver, "piece", "explorer")
    click_cell(driver, "B3", "ground")
    click_cell(driver, "B3", "ground")
    tool(driver, "piece", "monster")
    click_cell(driver, "B3", "ground")
    situation_field(driver, "haunt", "{started: true, traitor: exp2}")
    query(driver, "attack", attacker="exp1", defender="mon1", rolls="5, 3")


GAMES: dict[str, tuple[Callable[[Any, str], None], str]] = {
    "horrorclix": (horrorclix_blocked_line, "BLOCKED"),
    "heroclix": (heroclix_clear_line, "CLEAR"),
    "gloomhaven": (gloomhaven_tie, "2 CHOICES"),
    "betrayal": (betrayal_attack_after_the_haunt, "LEGAL"),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_answer_reads_like_the_cli(server: str, browser: Any, tmp_path: Path, game: str) -> None:
    build, words = GAMES[game]
    build(browser, server)
    path = exported(browser, tmp_path, game)
    answer = ask(browser)
    assert answer == json.loads(run_cli("ask", "--json", str(path)).stdout)  # the page asked with the board shown
    assert browser.find_element(By.ID, "verdict").text.startswith(words)
    check_answer(browser, server, answer, path)
    assert picture_width(browser) >= 560  # readable on a laptop
    if game == "gloomhaven":
        choices = answer["outcome"]["choices"]
        assert len(choices) > 1, "the situation is a tie"
        drawn = answer_svg(browser)
        ends = set(re.findall(r'<polygon[^>]*data-kind="choice"[^>]*data-choice="(\d+)"[^>]*data-end="([^"]+)"', drawn))
        assert ends == {(str(n), choice["end"]) for n, choice in enumerate(choices, 1)}
    if game == "betrayal":
        assert answer["outcome"]["winner"] == "attacker"
    shot(browser, game)
