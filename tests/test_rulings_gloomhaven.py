"""The hand-worked Gloomhaven rulings corpus is large enough and covers every query kind.

The golden comparison of each ruling with the engine's answer is done by
``tests/test_rulings.py`` for every example with an ``expect`` block; this file
only checks the corpus itself: its size, its ruleset and its spread over the
query kinds of the Gloomhaven contract.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import yaml

from tests.conftest import ROOT

CORPUS = ROOT / "examples" / "rulings" / "gloomhaven"
MINIMUM = 40
QUERY_KINDS = {"monster_turn", "line_of_sight", "range", "move", "attack", "initiative", "scenario_level"}


def rulings() -> list[Path]:
    """Every Gloomhaven ruling: a situation file with an ``expect`` block."""
    return sorted(p for p in CORPUS.glob("*.yaml") if "expect:" in p.read_text(encoding="utf-8"))


def test_corpus_has_enough_rulings() -> None:
    """At least 40 hand-worked rulings, all for gloomhaven/1e, each citing gh1e lines."""
    files = rulings()
    assert len(files) >= MINIMUM
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data["ruleset"] == "gloomhaven/1e", path.name
        assert all(str(s).startswith("gh1e L") for s in data["expect"]["source"]), path.name


def test_corpus_spans_every_query_kind() -> None:
    """Every query kind of the Gloomhaven contract has at least three rulings (the extensions may have fewer)."""
    kinds = Counter(yaml.safe_load(p.read_text(encoding="utf-8"))["query"]["kind"] for p in rulings())
    assert set(kinds) >= QUERY_KINDS
    assert min(kinds[kind] for kind in QUERY_KINDS) >= 3, kinds
