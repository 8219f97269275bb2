"""Pictures a person can read: unique labels derived from ids, a legend for everything drawn, every choice drawn.

Every example under ``examples/`` is answered and drawn as text and as SVG: no
two pieces share a label, each label is named in the legend, and every choice
of a tie, every push path and every knockback is drawn with its end. The label
rule is one rule in Python and in the web editor's JavaScript, held equal here.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.engine import FactError, RuleConflict
from adjudicator.core.errors import PositionedError, UsageError
from adjudicator.core.spec import Spec, known_rulesets, load_spec
from adjudicator.games import game_of
from adjudicator.judge import answer, load_situation, supported, svg_picture, text_picture
from adjudicator.situation.labels import LABEL_WIDTH, piece_labels
from tests.conftest import ROOT

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLES = sorted((ROOT / "examples").rglob("*.yaml"))
SPACES_JS = ROOT / "adjudicator" / "web" / "static" / "spaces.js"

LABEL_CASES: list[list[str]] = [
    ["crow1", "crow2"],
    ["mon1", "mon2", "mon3"],
    ["a", "b", "c1", "c2"],
    ["vampire_slayer", "vampire_hunter"],
    ["gargoyle", "gargoyles", "garg"],
    ["wolf", "wolfy"],
    ["zombie", "zombie1", "zombie2", "zombie10"],
    ["dog_soldier", "dogsoldier"],
    ["guard1", "guard2", "guard"],
    ["x12345", "x12346"],
    ["brute", "bear", "guard", "imp"],
    ["Wolf", "wolf", "WOLFMAN"],
    ["__", "--", "p", "p1"],
    ["behemoth", "behemoth2", "behemoth_2"],
]
"""Id lists whose labels the Python and the JavaScript rule must agree on."""


@cache
def spec_for(game: str) -> Spec:
    """One spec per game, loaded once."""
    return load_spec(games=(game,))


@cache
def drawn(path: Path) -> tuple[Any, Any, str, str]:
    """The situation, its answer, and its text and SVG pictures (skipped when the example is not answered)."""
    try:
        situation = load_situation(path, known_rulesets())
        if not supported(situation.query.kind, situation.ruleset):
            pytest.skip("query not supported")
        result = answer(spec_for(game_of(situation.ruleset).id), situation)
    except (PositionedError, UsageError, FactError, RuleConflict) as exc:
        pytest.skip(f"not answered: {exc}")
    return situation, result, text_picture(situation, result), svg_picture(situation, result)


def piece_ids(situation: Any) -> list[str]:
    """The situation's piece ids in order."""
    return [piece.id for piece in situation.pieces]


def test_labels_keep_the_ids_distinguishing_part() -> None:
    """The issue's cases: crow1/crow2 and mon1/mon2/mon3 get labels that keep their numbers, never shared."""
    assert piece_labels(["crow1", "crow2"]) == {"crow1": "cro1", "crow2": "cro2"}
    assert piece_labels(["mon1", "mon2", "mon3"]) == {"mon1": "mon1", "mon2": "mon2", "mon3": "mon3"}
    assert piece_labels(["a", "wolf"]) == {"a": "a", "wolf": "wolf"}  # full ids where they fit


@pytest.mark.parametrize("ids", LABEL_CASES, ids=[",".join(c) for c in LABEL_CASES])
def test_labels_are_unique_short_and_never_recased(ids: list[str]) -> None:
    """Every label is distinct, at most the width, and keeps the id's own case (sides are told by colour)."""
    labels = piece_labels(ids)
    assert len(set(labels.values())) == len(ids)
    assert all(0 < len(label) <= LABEL_WIDTH for label in labels.values())
    for piece, label in labels.items():
        assert label == piece if len(piece) <= LABEL_WIDTH else label[0] in piece


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_javascript_rule_gives_the_same_labels() -> None:
    """``pieceLabels`` of the web editor gives the Python rule's labels for every case."""
    script = (
        f"const m = await import({json.dumps(SPACES_JS.as_uri())});"
        f"console.log(JSON.stringify({json.dumps(LABEL_CASES)}.map((ids) => m.pieceLabels(ids))));"
    )
    done = subprocess.run(
        [shutil.which("node") or "node", "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [piece_labels(ids) for ids in LABEL_CASES]


@pytest.mark.parametrize("path", EXAMPLES, ids=[str(p.relative_to(ROOT / "examples")) for p in EXAMPLES])
def test_every_example_picture_names_every_label_in_its_legend(path: Path) -> None:
    """Text and SVG: labels unique, every piece's label in the legend, every label on the board named there."""
    situation, result, text, svg = drawn(path)
    ids = piece_ids(situation)
    labels = piece_labels(ids)
    assert len(set(labels.values())) == len(labels)
    root = ET.fromstring(svg)  # noqa: S314 - our own output
    if root.get("data-picture") == "pipeline":  # a value's pipeline: its one piece, the label beside the full id
        piece = next(iter(result.target_names))
        assert [t.get("data-label") for t in root.iter(f"{SVG}text") if t.get("data-label")] == [labels[piece]]
        assert f"{labels[piece]} {piece}: " in text
        return
    legend = {g.get("data-label") for g in root.iter(f"{SVG}g") if g.get("data-legend") == "piece"}
    assert set(labels.values()) == legend
    on_board = {t.get("data-label") for t in root.iter(f"{SVG}text") if t.get("data-label")}
    assert on_board <= legend
    for piece, label in labels.items():
        assert f"{label} = {piece} (" in text


@pytest.mark.parametrize("path", EXAMPLES, ids=[str(p.relative_to(ROOT / "examples")) for p in EXAMPLES])
def test_every_decided_path_is_drawn_with_its_end(path: Path) -> None:
    """Every choice of a tie, every push or pull path and every knockback is drawn, each with its end."""
    _, result, _, svg = drawn(path)
    outcome = result.outcome
    root = ET.fromstring(svg)  # noqa: S314 - our own output
    ends = [
        (el.get("data-kind"), el.get("data-choice"), el.get("data-end")) for el in root.iter() if el.get("data-end")
    ]
    if result.query == "monster_turn" and len(outcome.get("choices", [])) > 1:
        for n, choice in enumerate(outcome["choices"], 1):
            assert ("choice", str(n), choice["end"]) in ends
        numbers = {t.get("data-choice-number") for t in root.iter(f"{SVG}text") if t.get("data-choice-number")}
        assert numbers == {str(n) for n in range(1, len(outcome["choices"]) + 1)}
    if result.query in {"push", "pull"} and "paths" in outcome:
        assert sorted(e for _, _, e in ends) == sorted(p["end"] for p in outcome["paths"])
    for target, knock in (outcome.get("knockback") or {}).items():
        if knock.get("path"):
            assert ("knockback", knock["path"][-1]) in {(kind, end) for kind, _, end in ends}, target


def test_knockback_path_and_end_square_are_drawn() -> None:
    """A HeroClix knockback into a wall: the path from the target and its end square, in both pictures."""
    _, result, text, svg = drawn(ROOT / "examples" / "rulings" / "heroclix" / "attack-knockback-fall.yaml")
    path = result.outcome["knockback"]["b"]["path"]
    assert 'data-kind="knockback"' in svg
    assert f'data-end="{path[-1]}" data-kind="knockback"' in svg
    assert f"knockback of b: C2 {' '.join(path)}" in text
    assert "> knockback path" in text
    assert "! where a path ends" in text


def test_text_board_shows_elevation() -> None:
    """A map with levels gets a grid of them under the board, and the SVG names its level marks."""
    _, _, text, svg = drawn(ROOT / "examples" / "rulings" / "heroclix" / "attack-knockback-fall.yaml")
    levels = text.split("levels (elevation of each square):\n", 1)[1].splitlines()
    assert levels[2].split()[:6] == ["2", "2", "2", "2", "2", "1"]  # row 2: A2-D2 on level 2
    assert 'data-legend="level"' in svg


def test_hex_text_board_explains_every_mark() -> None:
    """The hex board's ``#``, ``>`` and ``*`` (and the terrain letters) are in its legend."""
    _, _, text, _ = drawn(ROOT / "examples" / "gloomhaven" / "move-blocked-by-enemy.yaml")
    grid, legend = text.split("\n  brut = ", 1)
    assert "#" in grid
    assert ">" in grid
    assert "# where the path is blocked" in legend
    assert "> on a path" in legend
    assert "* where a path ends" in legend
    assert "d difficult" in legend


def test_tied_monster_turn_draws_every_choice() -> None:
    """Both plays of a tie: numbered, each with its own colour, path, end hex and targets, in the legend too."""
    _, result, text, svg = drawn(ROOT / "examples" / "gloomhaven" / "monster-turn-initiative-tie.yaml")
    choices = result.outcome["choices"]
    assert len(choices) == 2
    root = ET.fromstring(svg)  # noqa: S314 - our own output
    lines = [el for el in root.iter(f"{SVG}polyline") if el.get("data-kind") == "choice"]
    assert sorted(el.get("data-choice") for el in lines) == ["1", "2"]
    assert len({el.get("stroke") for el in lines}) == 2
    for n, choice in enumerate(choices, 1):
        assert f"choice {n}: " in text
        assert f"ends {choice['end']}" in text
        assert root.findall(f".//*[@data-choice-target='{n}']")


def test_gloomhaven_attack_marks_its_target() -> None:
    """An attack's picture rings the target the query names (the text board marks it ``!``)."""
    _, _, text, svg = drawn(ROOT / "examples" / "gloomhaven" / "attack-advantage-poison-shield.yaml")
    assert "guar!" in text
    assert 'data-mark="targets"' in svg


def test_betrayal_text_keeps_room_borders_and_explains_its_marks() -> None:
    """Side doors open a row of their own (never the text's), and every mark is a legend entry, not a stray word."""
    _, _, text, _ = drawn(ROOT / "examples" / "betrayal" / "reach-stunned-and-awake-monsters.yaml")
    board, legend = text.split("\nlegend:\n", 1)
    for line in board.splitlines():
        if re.search(r"[a-z]{2}", line) and "floor" not in line:  # a row holding a name, labels or a mark
            boxes = re.findall(r"\|[^|]*\|", line)
            assert boxes, line
            assert all(len(box) == 16 for box in boxes), line
    assert "\nline" not in board
    assert "|line" not in board
    assert "o reach: a room the piece may end in" in legend
    assert "zom1 = zombie1 (monster, in foyer)" in legend
    _, _, sight, _ = drawn(ROOT / "examples" / "betrayal" / "attack-might-two-against-three.yaml")
    assert "+ sight" in sight
    assert "+ sight: a room on the line of sight" in sight
