"""The reference's own search finds a rule by id, a glossary term and a phrase, the rule's own entry first."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.spec import load_spec
from adjudicator.docgen.glossary import load_glossary
from adjudicator.docgen.rules import topic_page_name
from adjudicator.docgen.search import SCRIPT, build_index, rank, render_search, rule_pages
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def index() -> list[dict[str, Any]]:
    """The index of the real spec and glossary."""
    spec = load_spec()
    rulesets = [rs for rs in spec.rulesets() if spec.rules_in(rs)]
    return build_index(
        spec, rule_pages(spec, rulesets, topic_page_name), load_glossary(ROOT / "docs" / "glossary.yaml")
    )


def test_rule_id_finds_the_rule_first(index: list[dict[str, Any]]) -> None:
    """Searching HX.BREAK.SUCCESS lists that rule's entries (one per edition) before anything else."""
    found = rank(index, "HX.BREAK.SUCCESS")
    assert [e["id"] for e in found[:2]] == ["HX.BREAK.SUCCESS", "HX.BREAK.SUCCESS"]
    assert found[0]["url"].endswith("#rule-horrorclix-1e-hx-break-success")
    assert rank(index, "hx.break.success")[0]["id"] == "HX.BREAK.SUCCESS"


def test_glossary_term_first_then_the_rules_that_state_it(index: list[dict[str, Any]]) -> None:
    """A glossary term: its entry first, then the rules the glossary names for it."""
    found = rank(index, "break away")
    assert found[0]["kind"] == "term"
    assert found[0]["url"] == "glossary.html#term-break-away"
    assert {e["id"] for e in found[1:4]} <= {"HX.BREAK.WHEN", "HX.BREAK.SUCCESS", "HX.BREAK.FAIL", "HX.BREAK.NEWADJ"}


def test_rule_of_3_ranks_its_section_first(index: list[dict[str, Any]]) -> None:
    """The issue's case: "rule of 3" put the right section 16th; now the term and its rule lead."""
    found = rank(index, "rule of 3")
    assert found[0]["title"] == "rule of 3"
    assert found[1]["id"].startswith("HX.R3.")


def test_phrase_from_a_paraphrase_finds_its_rule(index: list[dict[str, Any]]) -> None:
    """A phrase of a rule's own paraphrase finds that rule among the first results."""
    rule = next(e for e in index if e["id"] == "HX.BREAK.SUCCESS" and e["ruleset"] == "horrorclix/2008")
    phrase = " ".join(rule["says"].split()[2:7])
    assert rule in rank(index, phrase)[:5]
    assert rank(index, "zzz qqq") == []


def test_search_page_embeds_the_index_and_script(index: list[dict[str, Any]]) -> None:
    """The page carries the index and the script that ranks it."""
    page = render_search(index[:3])
    assert "rule-search-box" in page
    assert "const INDEX = [" in page
    assert "function score" in page


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_browser_script_ranks_as_python(index: list[dict[str, Any]], tmp_path: Path) -> None:
    """The page's JavaScript gives the same order as :func:`rank` (run under node)."""
    body = SCRIPT.split("function show", 1)[0].replace("(function () {", "", 1)
    queries = ["HX.BREAK.SUCCESS", "rule of 3", "frenzy", "line of fire", "hx.move"]
    program = (
        f"const INDEX = {json.dumps(index)};\n{body}\n"
        f"console.log(JSON.stringify({json.dumps(queries)}.map((q) => rank(q).map((e) => e.id + '|' + e.ruleset))));"
    )
    script = tmp_path / "rank.js"
    script.write_text(program, encoding="utf-8")
    out = subprocess.run(["node", str(script)], capture_output=True, text=True, check=True, timeout=120)
    expected = [[f"{e['id']}|{e['ruleset']}" for e in rank(index, q)] for q in queries]
    assert json.loads(out.stdout) == expected
