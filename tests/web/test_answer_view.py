"""The judge's page's answer: headline words shared with the CLI, steps in people's words, rule pages that open.

``POST /api/ask?view=1`` adds ``view`` (the contract's fields are unchanged); ``/go/rule`` renders the rule
from the spec when no built reference is served, as from an installed wheel.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from typing import Any

import pytest
from starlette.testclient import TestClient

from adjudicator.core.spec import load_spec
from adjudicator.judge import judge_file
from adjudicator.judge.present import headline, percent
from adjudicator.web.app import Settings, create_app
from tests.conftest import ROOT, run_cli

# One situation per game whose line is blocked, and what its headline and citations say.
BLOCKED = {
    "horrorclix/2008": ("examples/contract/lof-blocking.yaml", "HorrorClix 2008"),
    "heroclix/core": ("examples/rulings/heroclix/lof-blocked-by-character.yaml", "HeroClix core"),
    "gloomhaven/1e": ("examples/gloomhaven/los-around-thin-wall.yaml", "Gloomhaven 1e"),
    "betrayal/2e": ("examples/rulings/betrayal/los-around-a-corner.yaml", "Betrayal at House on the Hill 2e"),
}
SEED_NAME = re.compile(r"\w+\.txt\b")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The app without a built reference (as an installed wheel serves it)."""
    with TestClient(create_app(Settings(workers=1, warm=False, reference=None))) as served:
        yield served


def ask_view(client: TestClient, relative: str) -> dict[str, Any]:
    got = client.post("/api/ask?view=1", content=(ROOT / relative).read_bytes())
    assert got.status_code == 200, got.text
    data: dict[str, Any] = got.json()
    return data


@pytest.mark.parametrize("ruleset", sorted(BLOCKED))
def test_view_steps_read_like_the_cli_and_each_rule_link_opens_a_page(client: TestClient, ruleset: str) -> None:
    relative, title = BLOCKED[ruleset]
    data = ask_view(client, relative)
    judged = judge_file(ROOT / relative)
    assert data["verdict"] == judged.answer.verdict  # the contract's word is unchanged
    view = data["view"]
    clear = judged.answer.outcome["clear"]
    assert view["headline"] == ("BLOCKED" if clear is False else "CLEAR" if clear else view["headline"])
    assert view["tone"] == ("bad" if clear is False else "good")
    assert view["ruleset_title"] == title
    assert view["steps"], "an answer has steps"
    for step in view["steps"]:
        assert step["title"]
        assert step["plain"]
        assert re.match(rf"^{re.escape(title)}, L\d+", step["citation"]), step["citation"]
        assert not SEED_NAME.search(step["citation"] + step["plain"] + step["title"])
        page = client.get(step["url"])
        assert page.status_code == 200, step["url"]
        assert page.headers["content-type"].startswith("text/html")
        text = unescape(page.text)
        assert step["title"] in text
        assert title in text
        assert not SEED_NAME.search(text)
    assert any(step["deciding"] for step in view["steps"])
    text = run_cli("ask", str(ROOT / relative)).stdout
    assert text.startswith(view["headline"] + "  ")  # the CLI prints the same words


def test_view_is_only_added_when_asked(client: TestClient) -> None:
    plain = client.post("/api/ask", content=(ROOT / BLOCKED["horrorclix/2008"][0]).read_bytes()).json()
    assert "view" not in plain
    viewed = ask_view(client, BLOCKED["horrorclix/2008"][0])
    assert {k: v for k, v in viewed.items() if k != "view"} == plain


def test_rule_page_shows_citation_formal_condition_and_readings(client: TestClient) -> None:
    spec = load_spec()
    rule = next(r for r in spec.rules.values() if r.readings and any(v.clauses for v in r.views.values()))
    ruleset = next(iter(rule.readings))
    page = client.get("/go/rule", params={"ruleset": ruleset, "rule": rule.id})
    assert page.status_code == 200
    text = unescape(page.text)
    view = rule.views[ruleset]
    assert view.title in text
    assert "Readings (by default: " + rule.readings[ruleset].default in text
    for name in rule.readings[ruleset].options:
        assert f"Reading: {name}" in text
    assert 'href="/"' in page.text


def test_rule_page_escapes_and_refuses_unknown_names(client: TestClient) -> None:
    unknown = client.get("/go/rule", params={"ruleset": "horrorclix/2008", "rule": "NO.SUCH"})
    assert unknown.status_code == 404
    assert "unknown rule id 'NO.SUCH'" in unknown.json()["error"]
    bad_set = client.get("/go/rule", params={"ruleset": "<b>x</b>", "rule": "HX.BREAK.WHEN"})
    assert bad_set.status_code == 404
    assert "unknown ruleset" in bad_set.json()["error"]
    wrong_game = client.get("/go/rule", params={"ruleset": "gloomhaven/1e", "rule": "HX.BREAK.WHEN"})
    assert wrong_game.status_code == 404
    assert "not a rule of 'gloomhaven/1e'" in wrong_game.json()["error"]
    assert client.get("/go/rule").status_code == 404


@pytest.mark.parametrize(
    ("verdict", "query", "outcome", "words", "tone"),
    [
        ("answered", "line_of_fire", {"clear": True, "hindering": True}, "HINDERED", "mixed"),
        ("answered", "line_of_sight", {"clear": None}, "UNDECIDED", "mixed"),
        ("depends", "attack", {"p_hit": {"x": "7/12"}}, "DEPENDS: 7/12 (58%) to hit", "mixed"),
        ("answered", "monster_turn", {"choices": [{"end": "C4"}, {"end": "D4"}]}, "2 CHOICES", "mixed"),
        ("illegal", "monster_turn", {"choices": [{"end": "C4"}, {"end": "D4"}]}, "ILLEGAL: 2 CHOICES", "bad"),
        ("answered", "attack", {"damage": {"5": "1"}, "mean": "5"}, "5 DAMAGE", "neutral"),
        ("answered", "value", {"stat": "attack", "value": 15}, "ATTACK 15", "neutral"),
        ("answered", "hex_state", {"empty": False}, "ANSWERED", "neutral"),
        ("legal", "move", {"p_success": "1"}, "LEGAL", "good"),
    ],
)
def test_headline_words(verdict: str, query: str, outcome: dict[str, Any], words: str, tone: str) -> None:
    assert headline(verdict, query, outcome) == (words, tone)


def test_percent_never_rounds_a_chance_to_zero_or_certainty() -> None:
    assert percent("1/729") == "1/729 (<1%)"
    assert percent("999/1000") == "999/1000 (>99%)"
    assert percent("1/2") == "1/2 (50%)"


def test_every_example_has_a_headline_without_a_traceback() -> None:
    """Each example's headline is words (never empty); lines say BLOCKED, CLEAR or HINDERED, never ANSWERED."""
    for path in sorted((ROOT / "examples").rglob("*.yaml")):
        try:
            judged = judge_file(path)
        except Exception:  # noqa: BLE001, S112 - examples that are refused are tested elsewhere
            continue
        result = judged.answer
        words, tone = headline(result.verdict, result.query, result.outcome)
        assert words, path
        assert tone in {"good", "bad", "mixed", "neutral"}, path
        if result.query in {"line_of_fire", "line_of_sight"} and result.verdict == "answered":
            assert words in {"BLOCKED", "CLEAR", "HINDERED", "UNDECIDED"}, path
