"""Every YAML block of the per-game situation-format pages is a situation the judge answers.

A block marked ``:class: partial-situation`` shows only part of a file (a
query alone) and is excluded by that marker; every other ``.. code-block:: yaml``
is written to a file, read and answered as ``adjudicator ask`` would.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.core.spec import PROJECT_ROOT, Spec, load_spec
from adjudicator.docgen.fields import GAMES, fields_include, queries
from adjudicator.judge import answer, load_situation, situation_schema

PAGES = PROJECT_ROOT / "docs" / "situations"
PARTIAL = "partial-situation"
VERDICTS = {"legal", "illegal", "depends", "answered", "undecided"}


def yaml_blocks(text: str) -> list[tuple[int, str, bool]]:
    """Each ``.. code-block:: yaml`` of a page: its line, its text, and whether it is marked partial."""
    lines = text.splitlines()
    out: list[tuple[int, str, bool]] = []
    for n, line in enumerate(lines):
        if line.strip() != ".. code-block:: yaml":
            continue
        indent = len(line) - len(line.lstrip())
        i, partial = n + 1, False
        while i < len(lines) and lines[i].strip().startswith(":"):
            partial = partial or PARTIAL in lines[i]
            i += 1
        body: list[str] = []
        while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent):
            body.append(lines[i])
            i += 1
        width = min(len(b) - len(b.lstrip()) for b in body if b.strip())
        out.append((n + 1, "\n".join(b[width:] for b in body).strip() + "\n", partial))
    return out


BLOCKS = [
    pytest.param(game, line, text, id=f"{game}:{line}")
    for game in GAMES
    if (PAGES / f"{game}.rst").is_file()  # a missing page fails test_each_game_has_a_page_with_examples
    for line, text, partial in yaml_blocks((PAGES / f"{game}.rst").read_text(encoding="utf-8"))
    if not partial
]


@pytest.fixture(scope="module")
def spec() -> Spec:
    return load_spec()


def test_each_game_has_a_page_with_examples() -> None:
    """One page per game, each with whole situations, one at least for every query kind of the game."""
    for game in GAMES:
        page = (PAGES / f"{game}.rst").read_text(encoding="utf-8")
        blocks = [t for _, t, partial in yaml_blocks(page) if not partial]
        assert blocks, game
        asked = {m.group(1) for t in blocks for m in re.finditer(r"kind: (\w+)", t)}
        kinds = {k for k, _ in queries(situation_schema(game))}
        assert kinds <= asked, f"{game}: no example for {sorted(kinds - asked)}"
        assert f"_fields/{game}.inc" in page


@pytest.mark.parametrize(("game", "line", "text"), BLOCKS)
def test_yaml_block_is_answered(spec: Spec, tmp_path: Path, game: str, line: int, text: str) -> None:
    """The block reads as a situation of its game and gets an answer (not an error)."""
    path = tmp_path / f"{game}-{line}.yaml"
    path.write_text(text, encoding="utf-8")
    situation = load_situation(path, set(spec.rulesets()))
    assert situation.ruleset.startswith(f"{game}/"), situation.ruleset
    result = answer(spec, situation)
    assert result.verdict in VERDICTS
    assert result.trace, "an answer cites the rules behind it"


def test_partial_marker_is_found() -> None:
    """A block marked partial is recognised as such (and only those are left out)."""
    text = ".. code-block:: yaml\n   :class: partial-situation\n\n   query: {kind: move}\n\n.. code-block:: yaml\n\n   a: 1\n"
    assert [p for _, _, p in yaml_blocks(text)] == [True, False]
    assert [t for _, t, _ in yaml_blocks(text)] == ["query: {kind: move}\n", "a: 1\n"]


def test_field_tables_come_from_the_schema() -> None:
    """The generated tables list every query kind and fields the schema declares, with their values."""
    text = fields_include("gloomhaven")
    for kind, _ in queries(situation_schema("gloomhaven")):
        assert f"``{kind}``\n" in text
    for expected in ("``scenario_level``", "whole number 0 to 7", "``pieces[].rank``", "``elite``"):
        assert expected in text
    betrayal = fields_include("betrayal")
    assert "``house.rooms[].doors``" in betrayal
    assert "``haunt.traitor``" in betrayal
    assert "``expect``" not in betrayal


def test_front_page_quick_starts_say_what_the_judge_answers(spec: Spec, tmp_path: Path) -> None:
    """The front page's four quick starts are whole situations, one a game, answered as the prose says."""
    blocks = [t for _, t, _partial in yaml_blocks((PROJECT_ROOT / "docs" / "index.rst").read_text(encoding="utf-8"))]
    results = {}
    for n, text in enumerate(blocks):
        path = tmp_path / f"front-{n}.yaml"
        path.write_text(text, encoding="utf-8")
        situation = load_situation(path, set(spec.rulesets()))
        results[situation.ruleset.split("/")[0]] = answer(spec, situation)
    assert sorted(results) == sorted(GAMES)
    horror = results["horrorclix"]
    assert horror.verdict == "depends"
    assert [b["probability"] for b in horror.outcome["branches"]] == ["1/2", "1/2"]
    hero = results["heroclix"].outcome
    assert results["heroclix"].verdict == "legal"
    assert hero["damage"] == {"thug": 3}
    assert hero["knockback"]["thug"]["path"] == ["D2", "E2", "F2"]
    gloom = results["gloomhaven"].outcome
    assert [c["end"] for c in gloom["choices"]] == ["B2", "D2"]
    betrayal = results["betrayal"]
    assert betrayal.verdict == "legal"
    assert betrayal.outcome["winner"] == "attacker"
    assert betrayal.outcome["damage"]["vivian"] == 4
