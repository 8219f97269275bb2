"""Pictures drawn from the answer's own facts: the SVG never contradicts the verdict.

Every example situation on a square board is answered and drawn; for each
line of fire and each target in the answer, the picture must draw it with
the answer's own result (a blocked line never drawn as clear).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.spec import Spec, known_rulesets, load_spec
from adjudicator.games import game_of
from adjudicator.games.clix.model import Situation
from adjudicator.games.clix.pictures import piece_labels, text_board
from adjudicator.judge import answer, load_situation, supported, svg_picture
from adjudicator.spaces.square import KIND, EdgeMark, Square, SvgGrid, text_grid
from tests.conftest import ROOT

SVG = "{http://www.w3.org/2000/svg}"
CLIX = re.compile(r"^ruleset:\s*(horrorclix|heroclix)/", re.MULTILINE)
EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*.yaml") if CLIX.search(p.read_text(encoding="utf-8")))
"""The square-board games' examples (the other games draw their own pictures)."""


@cache
def spec_for(game: str) -> Spec:
    """One spec per game, loaded once."""
    return load_spec(games=(game,))


def answered(path: Path) -> tuple[Situation, Any, dict[str, Any]]:
    """The situation, its answer and the answer's JSON."""
    situation = load_situation(path, known_rulesets())
    if situation.board.kind != "square" or not supported(situation.query.kind):
        pytest.skip("pictures checked here are the square board's")
    spec = spec_for(game_of(situation.ruleset).id)
    result = answer(spec, situation)
    return situation, result, result.to_json(spec)


def expected_line_results(data: dict[str, Any]) -> dict[str, str]:
    """``{target: result}`` from the answer's JSON outcome alone."""
    outcome = data["outcome"]
    if data["query"] == "line_of_fire":
        pairs = {"": (outcome["clear"], outcome["hindering"])}
    elif "line_of_fire" in outcome:
        pairs = {t: (clear, outcome["hindering"].get(t)) for t, clear in outcome["line_of_fire"].items()}
    else:
        return {}
    out = {}
    for target, (clear, hindering) in pairs.items():
        out[target] = "undecided" if clear is None else "blocked" if not clear else "hindered" if hindering else "clear"
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=[str(p.relative_to(ROOT / "examples")) for p in EXAMPLES])
def test_svg_draws_every_line_and_target_with_the_answers_result(path: Path) -> None:
    """Each line of fire has the answer's result; every target is drawn by name."""
    situation, result, data = answered(path)
    root = ET.fromstring(svg_picture(situation, result))  # noqa: S314 - our own output
    drawn = {
        el.get("data-target", ""): el.get("data-result")
        for el in root.iter(f"{SVG}line")
        if el.get("data-line-of-fire")
    }
    want = expected_line_results(data)
    if data["query"] == "line_of_fire":
        assert len(drawn) == 1
        assert next(iter(drawn.values())) == want[""]
    else:
        assert drawn == want
    circled = {el.get("data-target") for el in root.iter(f"{SVG}circle") if el.get("data-target")}
    targets = set(data["outcome"].get("allowed", {})) if data["query"] == "attack" else set(result.target_names)
    assert targets <= circled


def test_blocked_line_is_never_drawn_as_clear() -> None:
    """The issue's case: a ranged attack through a wall is drawn blocked, and its blocker named."""
    path = ROOT / "examples" / "rulings" / "attack" / "giant-reach-wall-2008.yaml"
    situation, result, data = answered(path)
    svg = svg_picture(situation, result)
    blocked = [t for t, clear in data["outcome"].get("line_of_fire", {}).items() if clear is False]
    for target in blocked:
        assert f'data-target="{target}" data-result="blocked"' in svg
    assert 'data-result="clear"' not in svg or not blocked


def test_text_board_labels_are_unique_and_never_terrain_symbols() -> None:
    """Pieces by unique labels of letters and digits; the legend names each one."""
    path = ROOT / "examples" / "rulings" / "attack" / "critical-hit-two-targets-1e.yaml"
    situation, result, _ = answered(path)
    labels = piece_labels(situation)
    assert len(set(labels.values())) == len(labels)
    assert all(label.isalnum() for label in labels.values())
    picture = text_board(situation, result)
    for piece, label in labels.items():
        assert f"{label} = {piece}" in picture


def test_text_board_draws_walls_and_doorways() -> None:
    """A portal's doorway and the walls show in the text board and in its legend."""
    path = ROOT / "examples" / "movement" / "portal-victim-bars-1e.yaml"
    situation, result, _ = answered(path)
    picture = text_board(situation, result)
    grid, legend = picture.split("\npieces:")
    assert "|" in grid
    assert "]" in grid or "=" in grid
    assert "doorway" in legend
    assert "wall" in legend


def test_value_answer_is_drawn_as_its_pipeline() -> None:
    """A value question's picture is the value pipeline (each step, then the value), not a lone piece on a board."""
    path = ROOT / "examples" / "rulings" / "values" / "rule-of-3-up-2008.yaml"
    situation, result, data = answered(path)
    root = ET.fromstring(svg_picture(situation, result))  # noqa: S314 - our own output
    steps = [el for el in root.iter(f"{SVG}rect") if el.get("data-step")]
    assert len(steps) == len(data["outcome"]["pipeline"])
    texts = "".join(el.text or "" for el in root.iter(f"{SVG}text"))
    assert all(step in texts for step in data["outcome"]["pipeline"])
    assert [el.get("data-value") for el in root.iter(f"{SVG}text") if el.get("data-value")] == [
        str(data["outcome"]["value"])
    ]
    assert not [el for el in root.iter(f"{SVG}rect") if el.get("data-square")]
    text = text_board(situation, result)
    assert text.splitlines()[-1].strip() == f"= {data['outcome']['value']}"
    assert all(step in text for step in data["outcome"]["pipeline"])
    assert "pieces:" not in text


# ---------------------------------------------------------------------------
# The square grid's drawing primitives (adjudicator.spaces.square), which the pictures above draw on
# ---------------------------------------------------------------------------

WALL = EdgeMark("|", "-")
SMALL = KIND.build([".h", "#x"], ["12", "1x"], walls=[((0, 0), (1, 0)), ((0, 0), (0, 1))], stairs=[(1, 0)])
"""A 2x2 grid with one absent position, a wall on each side of A1 that faces another square, stairs on B1."""


def _initial(square: Square, terrain: str) -> str:
    """A text cell showing the terrain's first letter."""
    del square
    return terrain[0] + " "


def test_text_grid_lays_out_cells_and_edge_marks() -> None:
    """Column names, row numbers, each cell after its left edge's mark, and a line of marks between rows."""
    edges = dict.fromkeys(SMALL.walls, WALL)
    assert text_grid(SMALL, _initial, edges) == ["    A  B ", " 1  c |h ", "    --   ", " 2  b    "]


def test_text_grid_leaves_out_blank_lines_between_rows() -> None:
    """Without marks only the header and the rows are drawn; an edge off the grid's left side may be marked."""
    edges = {frozenset({(-1, 1), (0, 1)}): EdgeMark("]", "=")}
    rows = text_grid(SMALL, lambda _, terrain: terrain[:3], edges, cell_width=3)
    assert rows == ["    A   B  ", " 1  cle hin", " 2 ]blo    "]


def test_svg_grid_places_squares_and_edges() -> None:
    """A margin of one cell; an edge's end points lie on the side the two squares share."""
    grid = SvgGrid(10)
    assert grid.size(SMALL) == (40, 40)
    assert grid.corner((1, 0)) == (20, 10)
    assert grid.centre((1, 0)) == (25, 15)
    assert grid.edge({(1, 0), (0, 0)}) == (20, 10, 20, 20)
    assert grid.edge([(0, 1), (0, 0)]) == (10, 20, 20, 20)


def test_svg_grid_draws_the_map_squares_names_and_walls() -> None:
    """Every square of the map by name and terrain, a level other than the default, stairs, names and walls."""
    grid = SvgGrid(40)
    squares = grid.squares(SMALL, {"clear": "white", "hindering": "green", "blocking": "brown"})
    assert [s for s in squares if "data-square" in s] == [
        '<rect x="40" y="40" width="40" height="40" fill="white" stroke="#999" data-square="A1" data-terrain="clear"/>',
        '<rect x="80" y="40" width="40" height="40" fill="green" stroke="#999" data-square="B1" data-terrain="hindering"/>',
        '<rect x="40" y="80" width="40" height="40" fill="brown" stroke="#999" data-square="A2" data-terrain="blocking"/>',
    ]
    assert '<text x="83" y="52" font-size="10" fill="#a33">L2</text>' in squares
    assert '<text x="108" y="52" font-size="10">≡</text>' in squares
    assert len(squares) == 5
    names = grid.names(SMALL)
    assert [n.rsplit(">", 2)[1].removesuffix("</text") for n in names] == ["A", "B", "1", "2"]
    walls = sorted(grid.walls(SMALL))
    assert walls == [
        '<line x1="40" y1="80" x2="80" y2="80" stroke="black" stroke-width="5" data-wall="1"/>',
        '<line x1="80" y1="40" x2="80" y2="80" stroke="black" stroke-width="5" data-wall="1"/>',
    ]
