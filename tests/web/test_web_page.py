"""The judge's page in Debian's headless Chromium (through its driver), for each board kind that exists.

Starts ``adjudicator serve`` on 127.0.0.1 (a free port) with the built rules
reference, then for each board kind: builds a board by clicks, asks, checks
the verdict and the cited trace, exports the YAML and checks that
``adjudicator ask`` on it gives the page's JSON, and follows a citation link
into the reference. Screenshots go to ``test-artifacts/``. A game whose
engine has not landed is listed as coming: its board is still built and
exported, and the ask is skipped with that reason.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, run_cli
from tests.test_browser import ARTIFACTS
from tests.test_docs import build_site
from tests.web.support import BROWSER_MARKS, WAIT, chromium, serving

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402 - after the skip when selenium is missing
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``adjudicator serve`` on a free loopback port, with the built reference."""
    with serving(build_site(tmp_path_factory)) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium driven by chromedriver."""
    with chromium("1400,1300") as driver:
        yield driver


def rulesets(base: str) -> dict[str, dict[str, Any]]:
    with urllib.request.urlopen(f"{base}/api/rulesets", timeout=10) as reply:  # noqa: S310 - loopback
        return {row["ruleset"]: row for row in json.load(reply)}


def open_page(driver: Any, base: str, ruleset: str, width: int, height: int) -> None:
    driver.get(base + "/")
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    Select(driver.find_element(By.ID, "ruleset")).select_by_value(ruleset)
    for name, value in (("width", width), ("height", height)):
        box = driver.find_element(By.ID, name)
        box.clear()
        box.send_keys(str(value))
    driver.find_element(By.ID, "resize").click()
    WebDriverWait(driver, WAIT).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-pending") == "0"
    )
    cells = driver.find_elements(By.CSS_SELECTOR, "#board [data-cell]")
    assert len({c.get_attribute("data-cell") for c in cells}) == width * height


def tool(driver: Any, tool_id: str, option: str | None = None) -> None:
    driver.find_element(By.CSS_SELECTOR, f'#tools [data-tool="{tool_id}"]').click()
    if option is not None:
        element = driver.find_element(By.ID, "tool-option")
        if element.tag_name == "select":
            Select(element).select_by_value(option)
        else:
            element.clear()
            element.send_keys(option)


def click_cell(driver: Any, name: str, floor: str | None = None) -> None:
    where = f'[data-floor="{floor}"]' if floor else ""
    driver.find_element(By.CSS_SELECTOR, f'#board [data-cell="{name}"]{where}').click()


def set_field(driver: Any, scope: str, name: str, value: str) -> None:
    element = driver.find_element(By.CSS_SELECTOR, f'{scope} [data-field="{name}"]')
    if element.tag_name == "select":
        Select(element).select_by_value(value)
    elif element.get_attribute("type") == "checkbox":
        if not element.is_selected():
            element.click()
    else:  # typing then leaving the field, as one step (the page redraws on change)
        driver.execute_script(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", element, value
        )


def piece_field(driver: Any, piece: str, name: str, value: str) -> None:
    details = driver.find_element(By.CSS_SELECTOR, f'#pieces details[data-piece="{piece}"]')
    if not details.get_attribute("open"):
        details.find_element(By.TAG_NAME, "summary").click()
    set_field(driver, f'#pieces details[data-piece="{piece}"]', name, value)


def query(driver: Any, kind: str, **fields: str) -> None:
    Select(driver.find_element(By.ID, "query-kind")).select_by_value(kind)
    for name, value in fields.items():
        set_field(driver, "#query-fields", name, value)


def ask(driver: Any) -> dict[str, Any]:
    driver.execute_script("document.getElementById('verdict').dataset.verdict = ''")
    driver.find_element(By.ID, "ask").click()
    WebDriverWait(driver, WAIT).until(
        lambda d: d.find_element(By.ID, "verdict").get_attribute("data-verdict") or d.find_element(By.ID, "error").text
    )
    assert not driver.find_element(By.ID, "error").text, driver.find_element(By.ID, "error").text
    shown = driver.find_element(By.ID, "answer-json").get_attribute("textContent")
    return dict(json.loads(shown))


def export_and_compare(driver: Any, tmp_path: Path, answer: dict[str, Any], name: str) -> str:
    """Export the YAML; ``adjudicator ask --json`` on it gives the page's answer."""
    driver.find_element(By.ID, "export").click()
    text = driver.find_element(By.ID, "yaml").get_attribute("value")
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    done = run_cli("ask", "--json", str(path))
    assert done.returncode == 0, done.stderr + text
    assert json.loads(done.stdout) == answer
    return str(text)


def follow_citation(driver: Any, base: str, name: str) -> None:
    """Click the first trace link: the reference page opens at the rule's entry."""
    link = driver.find_element(By.CSS_SELECTOR, "#trace a.rule-link")
    rule = driver.find_element(By.CSS_SELECTOR, "#trace .rule-id").get_attribute("textContent")
    driver.get(link.get_attribute("href"))  # the link opens a new tab: follow it in this one
    WebDriverWait(driver, WAIT).until(lambda d: "/reference/" in d.current_url)
    anchor = driver.current_url.split("#", 1)[1]
    assert driver.find_element(By.ID, anchor)
    assert rule in driver.find_element(By.TAG_NAME, "body").text
    shot(driver, f"{name}-reference")
    assert driver.current_url.startswith(base)


def shot(driver: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    target = ARTIFACTS / f"web-{name}.png"
    driver.save_screenshot(str(target))
    assert target.stat().st_size > 5_000


def test_square_grid_horrorclix(server: str, browser: Any, tmp_path: Path) -> None:
    """A move with a break away, then a ranged attack, on a board built by clicks."""
    open_page(browser, server, "horrorclix/2008", 6, 6)
    tool(browser, "terrain:h")
    click_cell(browser, "E5")
    tool(browser, "wall")
    click_cell(browser, "D5")
    click_cell(browser, "D6")
    tool(browser, "piece", "monster")
    click_cell(browser, "B2")
    click_cell(browser, "C2")
    click_cell(browser, "B5")
    piece_field(browser, "mon2", "player", "2")
    piece_field(browser, "mon3", "player", "2")
    piece_field(browser, "mon3", "range", "4")
    query(browser, "move", piece="mon1", to="D4", die="5")
    answer = ask(browser)
    assert answer["verdict"] == "legal"
    assert answer["outcome"]["breakaway"]["required"] is True
    assert answer["outcome"]["end"] == "D4"
    trace = browser.find_element(By.ID, "trace").get_attribute("textContent")  # rule ids are behind toggles
    assert "HX.BREAK" in trace
    assert "1/2 (50.0%)" in browser.find_element(By.ID, "outcome").text
    assert browser.find_element(By.CSS_SELECTOR, "#picture img")
    shot(browser, "square-move")
    text = export_and_compare(browser, tmp_path, answer, "square-move")
    assert "walls: [[D5, D6]]" in text
    assert '"....h."' in text

    query(browser, "attack", piece="mon3", type="ranged", targets="mon1")
    answer = ask(browser)
    assert answer["query"] == "attack"
    assert answer["verdict"] == "legal", answer
    assert answer["outcome"]["p_hit"]["mon1"].count("/") == 1
    assert "%" in browser.find_element(By.ID, "outcome").text
    assert browser.find_elements(By.CSS_SELECTOR, "#trace li")
    shot(browser, "square-attack")
    export_and_compare(browser, tmp_path, answer, "square-attack")

    browser.find_element(By.ID, "share").click()
    shared = browser.find_element(By.ID, "yaml").get_attribute("value")
    assert "#s=" in shared
    follow_citation(browser, server, "square")
    browser.get(shared)
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    assert browser.find_element(By.CSS_SELECTOR, '#pieces details[data-piece="mon2"]')
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "verdict").get_attribute("data-verdict"))
    assert json.loads(browser.find_element(By.ID, "answer-json").get_attribute("textContent")) == answer


def test_square_grid_heroclix_offers_only_its_fields(server: str, browser: Any, tmp_path: Path) -> None:
    """HeroClix's editor offers characters and bystanders, no map object, no HorrorClix piece field."""
    open_page(browser, server, "heroclix/core", 5, 5)
    tools = {b.get_attribute("data-tool") for b in browser.find_elements(By.CSS_SELECTOR, "#tools button")}
    assert "object" not in tools
    assert {"piece", "wall", "stairs"} <= tools
    tool(browser, "piece")
    offered = [o.get_attribute("value") for o in browser.find_elements(By.CSS_SELECTOR, "#tool-option option")]
    assert offered == ["character", "bystander"]
    tool(browser, "piece", "character")
    click_cell(browser, "B2")
    click_cell(browser, "D4")
    details = browser.find_element(By.CSS_SELECTOR, '#pieces details[data-piece="cha1"]')
    details.find_element(By.TAG_NAME, "summary").click()
    fields = {e.get_attribute("data-field") for e in details.find_elements(By.CSS_SELECTOR, "[data-field]")}
    assert "speed" in fields
    assert not fields & {"state", "minion", "victims", "face"}
    piece_field(browser, "cha2", "player", "2")
    query(browser, "move", piece="cha1", to="B4")
    answer = ask(browser)
    assert answer["ruleset"] == "heroclix/core"
    assert answer["verdict"] == "legal", answer
    assert "slays" not in answer["outcome"]
    export_and_compare(browser, tmp_path, answer, "heroclix-move")


def test_import_yaml_and_errors(server: str, browser: Any) -> None:
    """An example imported as YAML is answered as the CLI answers it; a bad one shows the CLI's message."""
    example = ROOT / "examples" / "contract" / "breakaway-two-foes.yaml"
    browser.get(server + "/")
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    area = browser.find_element(By.ID, "yaml")
    browser.execute_script("arguments[0].value = arguments[1]", area, example.read_text(encoding="utf-8"))
    browser.find_element(By.ID, "import").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#pieces [data-piece="vixen"]'))
    answer = ask(browser)
    assert answer == json.loads(run_cli("ask", "--json", str(example)).stdout)
    browser.execute_script("arguments[0].value = 'ruleset: horrorclix/2008\\nmap: [1'", area)
    browser.find_element(By.ID, "import").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "error").text)
    error = browser.find_element(By.ID, "error")  # the pasted text's error, at its line; the board stays
    assert error.get_attribute("data-source") == "import"
    assert "The pasted YAML, line 3: YAML syntax error" in error.text


def test_hex_grid_gloomhaven(server: str, browser: Any, tmp_path: Path) -> None:
    """A Gloomhaven monster turn on a hex board built by clicks."""
    open_page(browser, server, "gloomhaven/1e", 7, 5)
    assert browser.find_elements(By.CSS_SELECTOR, '#board svg[data-space="hex"] polygon')
    tool(browser, "terrain:o")
    click_cell(browser, "D3")
    tool(browser, "wall")
    click_cell(browser, "C2")
    click_cell(browser, "C3")
    tool(browser, "piece", "character")
    click_cell(browser, "B3")
    tool(browser, "piece", "monster")
    click_cell(browser, "F3")
    browser.find_element(By.ID, "export").click()
    text = browser.find_element(By.ID, "yaml").get_attribute("value")
    assert "walls: [[C2, C3]]" in text
    assert '". . . o . . ."' in text
    shot(browser, "hex-board")
    if not rulesets(server)["gloomhaven/1e"]["ready"]:
        pytest.skip("the Gloomhaven engine is coming: the board is built and exported, not asked")
    query(browser, "monster_turn", monster="mon1", move="2")
    answer = ask(browser)
    assert answer["query"] == "monster_turn"
    assert browser.find_elements(By.CSS_SELECTOR, "#trace li")
    shot(browser, "hex-answer")
    export_and_compare(browser, tmp_path, answer, "hex")
    follow_citation(browser, server, "hex")


def test_room_graph_betrayal(server: str, browser: Any, tmp_path: Path) -> None:
    """A Betrayal move through rooms placed and doored by clicks."""
    open_page(browser, server, "betrayal/2e", 3, 3)
    assert browser.find_elements(By.CSS_SELECTOR, '#board svg[data-space="room"] rect')
    tool(browser, "room", "foyer")
    click_cell(browser, "B2", "ground")
    tool(browser, "door")
    for side in ("N", "S"):
        cell = browser.find_element(By.CSS_SELECTOR, '#board [data-cell="B2"][data-floor="ground"]')
        offset = {"N": (0, -20), "S": (0, 20)}[side]
        webdriver.ActionChains(browser).move_to_element_with_offset(cell, *offset).click().perform()
    tool(browser, "piece", "explorer")
    click_cell(browser, "B3", "ground")
    tool(browser, "query", "piece")
    click_cell(browser, "B3", "ground")
    tool(browser, "query", "path")
    click_cell(browser, "B2", "ground")
    browser.find_element(By.ID, "export").click()
    text = browser.find_element(By.ID, "yaml").get_attribute("value")
    assert "id: foyer" in text
    assert "doors: NS" in text
    assert "piece: exp1" in text
    assert "path: [foyer]" in text
    shot(browser, "room-board")
    if not rulesets(server)["betrayal/2e"]["ready"]:
        pytest.skip("the Betrayal engine is coming: the house is built and exported, not asked")
    answer = ask(browser)
    assert answer["query"] == "move"
    shot(browser, "room-answer")
    export_and_compare(browser, tmp_path, answer, "room")
    follow_citation(browser, server, "room")
