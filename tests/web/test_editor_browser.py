"""The judge's page's editor in Debian's headless Chromium: every field a file holds, only the ruleset's.

Starts ``adjudicator serve`` on a free loopback port (no rules reference: these
tests follow no citation) and checks that the situation's top-level fields are
inputs named as in the file, taken from the game's schema and from no other
game's; that setting a Betrayal haunt lets an attack be answered; and that a
failed "Import YAML" leaves the board shown as it was, says the error is the
pasted text's, and that Ask then sends the board shown (the YAML box shows the
document sent, so an Ask error's line is a line of that box).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from adjudicator.judge import situation_schema
from tests.web.support import BROWSER_MARKS, WAIT, serving
from tests.web.test_web_page import (
    browser,
    click_cell,
    open_page,
    query,
    set_field,
    shot,
    tool,
)

By = pytest.importorskip("selenium.webdriver.common.by").By
WebDriverWait = pytest.importorskip("selenium.webdriver.support.ui").WebDriverWait
__all__ = ["browser"]  # the fixture, shared with the page's other browser tests

pytestmark = BROWSER_MARKS
RULESETS = {
    "horrorclix/2008": "horrorclix",
    "heroclix/core": "heroclix",
    "gloomhaven/1e": "gloomhaven",
    "betrayal/2e": "betrayal",
}
EDITED_ELSEWHERE = {"ruleset", "expect", "query", "pieces", "objects", "map", "house"}


@pytest.fixture(scope="module")
def page_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``adjudicator serve`` on a free loopback port, without the rules reference."""
    with serving(tmp_path_factory.mktemp("no-reference") / "html") as base:
        yield base


def situation_inputs(driver: Any) -> set[str]:
    """The names of the inputs of the situation fieldset (the readings chooser and a mapping's own fields aside)."""
    found = driver.find_elements(By.CSS_SELECTOR, "#situation-fields [data-field]")
    return {str(e.get_attribute("name")) for e in found} - {
        str(e.get_attribute("name")) for e in found if "." in str(e.get_attribute("name"))
    }


def top_fields(game: str) -> set[str]:
    """The top-level fields of a game's situation file that are not the board, pieces or question."""
    return set(situation_schema(game)["properties"]) - EDITED_ELSEWHERE


def send_ask(driver: Any) -> tuple[dict[str, Any] | None, str]:
    """Click Ask; the answer as JSON (None on an error) and the error shown."""
    driver.execute_script(
        "document.getElementById('verdict').dataset.verdict = '';"
        "const pre = document.getElementById('answer-json'); if (pre) pre.textContent = '';"
    )
    driver.find_element(By.ID, "ask").click()
    WebDriverWait(driver, WAIT).until(
        lambda d: d.find_element(By.ID, "verdict").get_attribute("data-verdict") or d.find_element(By.ID, "error").text
    )
    error = driver.find_element(By.ID, "error").text
    if error:
        return None, str(error)
    shown = driver.find_element(By.ID, "answer-json").get_attribute("textContent")
    return dict(json.loads(shown)), ""


def test_situation_fields_are_the_rulesets_own(page_server: str, browser: Any) -> None:
    """Each ruleset's top-level fields, one input each named as in the file, and no other game's."""
    every = set().union(*(top_fields(game) for game in RULESETS.values()))
    for ruleset, game in RULESETS.items():
        open_page(browser, page_server, ruleset, 5, 5)
        names = situation_inputs(browser)
        assert names == top_fields(game), ruleset
        assert not (every - top_fields(game)) & names, ruleset
        legend = browser.find_element(By.CSS_SELECTOR, "#situation-fields legend")
        assert legend.is_displayed()
        shot(browser, f"editor-fields-{game}")
    open_page(browser, page_server, "horrorclix/2008", 5, 5)
    for kind in ("move", "attack", "line_of_fire"):
        query(browser, kind)
        offered = {
            e.get_attribute("name") for e in browser.find_elements(By.CSS_SELECTOR, "#query-fields [data-field]")
        }
        assert "facts" not in offered, kind
    assert browser.find_element(By.CSS_SELECTOR, '#situation-fields select[name="scenario"]')
    for kind, fields in (("move", {"piece", "to"}), ("attack", {"piece", "targets"}), ("end_turn", {"acted"})):
        query(browser, kind)
        tool(browser, "query")
        offered = {e.get_attribute("value") for e in browser.find_elements(By.CSS_SELECTOR, "#tool-option option")}
        assert offered == fields, kind  # the question tool fills only the fields this kind of question has
    open_page(browser, page_server, "gloomhaven/1e", 5, 5)
    assert browser.find_element(By.CSS_SELECTOR, '#situation-fields select[name="scenario_level"]')
    chooser = browser.find_elements(By.CSS_SELECTOR, "#readings-chooser select[data-reading]")
    assert chooser, "the ruleset's readings are offered"


def test_betrayal_haunt_lets_an_attack_be_answered(page_server: str, browser: Any) -> None:
    """Before the haunt an attack is refused; typing the haunt into its field gets it answered."""
    open_page(browser, page_server, "betrayal/2e", 4, 4)
    tool(browser, "piece", "explorer")
    click_cell(browser, "C4", "ground")
    click_cell(browser, "C4", "ground")
    query(browser, "attack", attacker="exp1", defender="exp2")
    before, error = send_ask(browser)
    assert before is not None, error
    assert before["verdict"] == "illegal"
    assert before["outcome"]["refused_by"] == "BT.ATK.PREHAUNT"
    haunt = browser.find_element(By.CSS_SELECTOR, '#situation-fields input[name="haunt"]')
    haunt.clear()
    haunt.send_keys("{started: true, traitor: exp2}")
    after, error = send_ask(browser)  # leaving the field by clicking Ask sets it
    assert after is not None, error
    assert after["verdict"] == "legal", after
    assert after["outcome"]["attacker_dice"] == 3
    sent = browser.find_element(By.ID, "yaml").get_attribute("value")
    assert "haunt: {started: true, traitor: exp2}" in sent or "started: true" in sent
    shot(browser, "editor-betrayal-haunt")
    browser.find_element(By.CSS_SELECTOR, '#situation-fields input[name="haunt"]').clear()  # the fields redraw
    haunt = browser.find_element(By.CSS_SELECTOR, '#situation-fields input[name="haunt"]')
    haunt.send_keys("{started: true, traitor")
    browser.find_element(By.ID, "query-kind").click()
    assert "haunt" in browser.find_element(By.ID, "error").text
    assert "invalid" in str(haunt.get_attribute("class"))


def test_room_symbol_and_new_are_editable(page_server: str, browser: Any) -> None:
    """A room's own fields (symbol, new, ...) are in its entry; the haunt's one at a time; both go into the file."""
    open_page(browser, page_server, "betrayal/2e", 4, 4)
    browser.find_element(By.CSS_SELECTOR, '#situation-fields details[data-group="haunt"] summary').click()
    set_field(browser, "#situation-fields", "haunt.started", "true")
    set_field(browser, "#situation-fields", "haunt.traitor", "ox")
    haunt = browser.find_element(By.CSS_SELECTOR, '#situation-fields input[name="haunt"]')
    assert haunt.get_attribute("value") == "{started: true, traitor: ox}"
    room = browser.find_element(By.CSS_SELECTOR, '#items details[data-room="entrance_hall"]')
    room.find_element(By.TAG_NAME, "summary").click()
    set_field(browser, '#items details[data-room="entrance_hall"]', "symbol", "omen")
    set_field(browser, '#items details[data-room="entrance_hall"]', "new", "true")
    browser.find_element(By.ID, "export").click()
    text = browser.find_element(By.ID, "yaml").get_attribute("value")
    assert "symbol: omen" in text
    assert "new: true" in text
    assert "haunt:" in text


def test_failed_import_keeps_the_board_and_ask_sends_it(page_server: str, browser: Any) -> None:
    """A failed import is the pasted text's error; the board stays; Ask sends it and the box shows it."""
    open_page(browser, page_server, "horrorclix/2008", 5, 5)
    tool(browser, "piece", "monster")
    click_cell(browser, "B2")
    query(browser, "reach", piece="mon1")
    pasted = 'ruleset: gloomhaven/1e\nmap:\n  terrain: [". ."]\npieces: nonsense\nquery: {kind: move}\n'
    box = browser.find_element(By.ID, "yaml")
    browser.execute_script("arguments[0].value = arguments[1]", box, pasted)
    browser.find_element(By.ID, "import").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "error").text)
    error = browser.find_element(By.ID, "error")
    assert error.get_attribute("data-source") == "import"
    assert "The pasted YAML, line 4" in error.text, error.text
    assert "unchanged" in error.text
    assert browser.find_element(By.ID, "ruleset").get_attribute("value") == "horrorclix/2008"
    assert len(browser.find_elements(By.CSS_SELECTOR, '#board [data-piece="mon1"]')) == 1
    answer, error_text = send_ask(browser)
    assert answer is not None, error_text
    assert answer["ruleset"] == "horrorclix/2008"
    sent = str(browser.find_element(By.ID, "yaml").get_attribute("value"))
    assert sent.startswith("ruleset: horrorclix/2008")
    assert "mon1" in sent
    # an Ask error names a line of the document sent, which the box now shows
    set_field(browser, "#query-fields", "piece", "nobody")
    answer, error_text = send_ask(browser)
    assert answer is None
    assert browser.find_element(By.ID, "error").get_attribute("data-source") == "ask"
    sent = str(browser.find_element(By.ID, "yaml").get_attribute("value"))
    line = int(error_text.split(", line ", 1)[1].split(":", 1)[0])
    assert "nobody" in sent.splitlines()[line - 1], (error_text, sent)
    shot(browser, "editor-failed-import")
