"""The hand-worked Betrayal rulings corpus: size, spread and citations.

The golden comparison of each ruling with the engine's answer is made by
``tests/test_rulings.py`` for every example with an ``expect`` block; this file
checks the corpus itself, without the engine, so that it holds while the engine
is being written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from adjudicator.core.sources import parse_citation
from tests.conftest import ROOT

CORPUS = ROOT / "examples" / "rulings" / "betrayal"
MINIMUM = 40
QUERY_KINDS = {"move", "reach", "roll", "attack", "haunt_roll", "damage", "line_of_sight"}


def rulings() -> dict[Path, dict[str, Any]]:
    """Every Betrayal situation under examples/rulings/betrayal that carries an ``expect`` block."""
    found: dict[Path, dict[str, Any]] = {}
    for path in sorted(CORPUS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("ruleset") == "betrayal/2e" and "expect" in data:
            found[path] = data
    return found


def test_corpus_has_at_least_forty_rulings() -> None:
    """At least 40 hand-worked Betrayal rulings exist."""
    assert len(rulings()) >= MINIMUM


def test_corpus_covers_every_query_kind() -> None:
    """Every query kind of the Betrayal contract is asked at least twice."""
    kinds = [data["query"]["kind"] for data in rulings().values()]
    for kind in QUERY_KINDS:
        assert kinds.count(kind) >= 2, kind


def test_rulings_cite_the_betrayal_rulebook() -> None:
    """Each ruling cites lines of the Betrayal rulebook and explains itself in a leading comment."""
    for path, data in rulings().items():
        sources = data["expect"].get("source", [])
        assert sources, path.name
        assert all(parse_citation(text).source == "bt2e" for text in sources), path.name
        assert path.read_text(encoding="utf-8").startswith("# "), path.name


def test_illegal_rulings_name_the_forbidding_rule() -> None:
    """An illegal ruling names at least one BT rule the trace must cite."""
    for path, data in rulings().items():
        expect = data["expect"]
        if expect["verdict"] == "illegal":
            assert expect.get("rules"), path.name
            assert all(rule.startswith("BT.") for rule in expect["rules"]), path.name
