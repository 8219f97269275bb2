"""Every piece size and every Clix query kind is answered (issue 19): nothing ends in ``NotSupported``.

The walk puts a piece of each size (standard, giant, double base) on a small
board beside an opposing piece and a victim or bystander, and asks every
query kind about it under HorrorClix 2008 (the ruleset with giants and double
bases, hx2008 L587-613) and HeroClix (multi-base characters, hc L1495-1545).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.spec import Spec, load_spec
from adjudicator.judge import answer, load_situation
from adjudicator.situation.answer import Answer
from tests.conftest import ROOT

STATS = "attack: 9, defense: 16, damage: 2, range: 4"
AT = {"standard": "B2", "giant": "B2", "double": "[B2, B3]"}
QUERIES = {
    "action": "{kind: action, piece: p, action: move}",
    "move": "{kind: move, piece: p, to: E4}",
    "reach": "{kind: reach, piece: p}",
    "line_of_fire": "{kind: line_of_fire, from: p, to: f}",
    "attack": "{kind: attack, piece: p, type: ranged, targets: [f]}",
    "value": "{kind: value, piece: p, stat: speed, effects: []}",
    "end_turn": "{kind: end_turn, player: 1, acted: [p]}",
    "score": "{kind: score, events: [{kill: f, by_player: 1, phase: hunting}]}",
}
GAMES = {
    "horrorclix/2008": ("monster", "victim", "face: up"),
    "heroclix/core": ("character", "bystander", f"player: 1, {STATS}"),
}


@pytest.fixture(scope="module")
def spec() -> Spec:
    """The project's spec."""
    return load_spec(ROOT / "spec")


def ask(spec: Spec, tmp_path: Path, ruleset: str, size: str, query: str, speed: int = 4) -> Answer:
    """Answer one query about piece ``p`` of this size."""
    figure, token, token_stats = GAMES[ruleset]
    text = f"""ruleset: {ruleset}
map: {{kind: outdoor, terrain: ["......", "......", "......", "......", "......"]}}
pieces:
  - {{id: p, type: {figure}, player: 1, at: {AT[size]}, size: {size}, speed: {speed}, {STATS}, points: 50}}
  - {{id: f, type: {figure}, player: 2, at: E2, speed: 4, {STATS}, points: 30}}
  - {{id: v, type: {token}, at: A5, speed: 3, {token_stats}}}
query: {query if "horrorclix" in ruleset else query.replace(", phase: hunting", "")}
"""
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return answer(spec, load_situation(path, set(spec.ruleset_games)))


@pytest.mark.parametrize("ruleset", sorted(GAMES))
@pytest.mark.parametrize("size", sorted(AT))
@pytest.mark.parametrize("kind", sorted(QUERIES))
def test_every_size_and_kind_is_answered(spec: Spec, tmp_path: Path, ruleset: str, size: str, kind: str) -> None:
    """No query kind on any piece size raises ``NotSupported``; a move or reach of the piece is decided."""
    result = ask(spec, tmp_path, ruleset, size, QUERIES[kind])
    assert result.verdict in {"legal", "illegal", "answered", "depends", "undecided"}
    if kind in {"move", "reach"} and size == "double":
        assert result.verdict in {"legal", "answered"}


def test_double_base_end_beyond_speed_is_illegal(spec: Spec, tmp_path: Path) -> None:
    """Both ends must lie within the speed of the chosen start (hx2008 L611): from C4, E4 counts 3 > speed 2."""
    result = ask(spec, tmp_path, "horrorclix/2008", "double", "{kind: move, piece: p, to: [D4, E4]}", speed=2)
    assert result.verdict == "illegal"
    near = ask(spec, tmp_path, "horrorclix/2008", "double", "{kind: move, piece: p, to: [C4, D4]}", speed=2)
    assert near.verdict == "legal"
    assert near.outcome["end"] == ["C4", "D4"]
    assert near.outcome["far_end_count"] == 2  # C4 counted 1, D4 counted 2


def test_multibase_wall_under_base_is_illegal(spec: Spec, tmp_path: Path) -> None:
    """A multi-base character may not end with a wall under its base (hc L1505-1512)."""
    text = f"""ruleset: heroclix/core
map: {{kind: indoor, terrain: ["......", "......", "......"], walls: [[D1, E1]]}}
pieces:
  - {{id: p, type: character, player: 1, at: [A1, A2], size: double, speed: 6, {STATS}}}
query: {{kind: move, piece: p, to: [D1, E1]}}
"""
    path = tmp_path / "w.yaml"
    path.write_text(text, encoding="utf-8")
    result = answer(spec, load_situation(path, set(spec.ruleset_games)))
    assert result.verdict == "illegal"
    assert any(step.rule == "HE.MB.MOVE_END" for step in result.trace)
