"""Perft-style movement conformance: the number of squares a piece may reach, worked out by hand.

Each ``tests/perft/*.perft`` file holds a ``# Source:`` line naming the
rulebook lines that decide it, then YAML: ``id``, ``count`` (the expected
number of reach squares), optionally ``reach`` (rows of the map with ``*`` on
every expected square; then ``count`` must match it) and ``piece`` (ask the
reach of this piece instead of the situation's query), and last
``situation``: either a path to a situation file (relative to the project)
or the situation itself, indented under ``situation:``. A mismatch prints the
squares only expected and the squares only found.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from adjudicator.core.spec import load_spec
from adjudicator.games.clix.model import ReachQuery
from adjudicator.judge import answer, load_situation
from adjudicator.spaces.square.board import Square, parse_square, square_name
from tests.conftest import ROOT

PERFT = ROOT / "tests" / "perft"
CASES = sorted(PERFT.glob("*.perft"))
SOURCE = re.compile(r"^# Source: (hx2008|hx1e|hc) L\d+", re.MULTILINE)
MIN_CASES = 30


@dataclass(frozen=True)
class Perft:
    """One conformance case."""

    id: str
    count: int
    squares: frozenset[Square] | None
    piece: str | None
    situation: Path
    source: str


def read_perft(path: Path, scratch: Path) -> Perft:
    """Parse a perft file; an inline situation is written to ``scratch``."""
    text = path.read_text(encoding="utf-8")
    found = SOURCE.search(text)
    assert found, f"{path.name}: no '# Source: hx2008 L..' or '# Source: hx1e L..' line"
    head, sep, rest = text.partition("\nsituation:")
    assert sep, f"{path.name}: no situation"
    data = YAML(typ="safe").load(head)
    inline = rest.split("\n", 1)
    if inline[0].strip():
        situation = ROOT / inline[0].strip()
    else:
        situation = scratch / f"{path.stem}.yaml"
        situation.write_text(textwrap.dedent(inline[1]), encoding="utf-8")
    squares = None
    if "reach" in data:
        squares = frozenset(
            (col, row) for row, line in enumerate(data["reach"]) for col, ch in enumerate(line) if ch == "*"
        )
    return Perft(str(data["id"]), int(data["count"]), squares, data.get("piece"), situation, found.group(0))


def reach_of(case: Perft) -> list[str]:
    """The squares the engine answers."""
    spec = load_spec()
    situation = load_situation(case.situation, set(spec.rulesets()))
    if case.piece is not None:
        situation = replace(situation, query=ReachQuery(case.piece))
    result = answer(spec, situation)
    assert result.verdict == "answered", (result.verdict, [s.rule for s in result.trace])
    squares: list[str] = result.outcome["squares"]
    return squares


def difference(expected: frozenset[Square], got: list[str]) -> str:
    """The per-square difference, for a failing case."""
    found = {parse_square(name) for name in got}
    only_expected = sorted(square_name(sq) for sq in expected - found)
    only_got = sorted(square_name(sq) for sq in found - expected)
    return f"expected only: {only_expected}; got only: {only_got}"


def test_enough_cases() -> None:
    """There are at least 30 hand-worked perft files, each with a unique id."""
    ids = [re.search(r"^id: (\S+)", p.read_text(encoding="utf-8"), re.MULTILINE) for p in CASES]
    names = [m.group(1) for m in ids if m]
    assert len(CASES) >= MIN_CASES
    assert len(names) == len(CASES)
    assert len(names) == len(set(names))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_perft(path: Path, tmp_path: Path) -> None:
    """The reach count (and, when drawn, the reach squares) match the hand-worked answer."""
    case = read_perft(path, tmp_path)
    if case.squares is not None:
        assert len(case.squares) == case.count, f"{path.name}: the drawn reach has {len(case.squares)} squares"
    got = reach_of(case)
    detail = difference(case.squares, got) if case.squares is not None else f"got {got}"
    assert len(got) == case.count, f"{case.id}: expected {case.count}, got {len(got)}; {detail}"
    if case.squares is not None:
        assert {parse_square(name) for name in got} == case.squares, f"{case.id}: {detail}"
