"""The witness-board scan's shortcuts (issue 18) meet exactly what the plain way meets.

The scan builds each board once for all its queries, records decisions with
its own recorder, never draws pictures and finds movement paths without
networkx; these tests hold each shortcut to the straightforward way.
"""

from __future__ import annotations

from contextlib import suppress

import networkx as nx
import pytest

from adjudicator.core.spec import Spec, load_spec
from adjudicator.games.clix import movement
from adjudicator.games.clix.movement import STEP_WEIGHT, Search, State, path_along
from adjudicator.judge import answer
from adjudicator.situation.answer import Answer
from proofs import boards
from tests.conftest import ROOT

BOARDS = 3000
"""The enumeration bound the indices below are drawn from (it sets each board's tier)."""
INDICES = range(0, BOARDS, 97)
"""A spread of boards over every tier."""


@pytest.fixture(scope="module")
def spec() -> Spec:
    """The project's spec."""
    return load_spec(ROOT / "spec")


def plain_scan(spec: Spec, ruleset: str) -> boards.Best:
    """The scan the plain way: a fresh situation per query, :func:`boards.recording`, JSON keys per call."""
    best: boards.Best = {}
    for index in INDICES:
        doc, queries = boards.generate(index, BOARDS, "horrorclix")
        for query in queries:
            rank = (*boards.size(doc), boards.QUERY_RANK[query["kind"]], index)
            with boards.recording() as log, suppress(Exception):
                answer(spec, boards.situation(doc, ruleset, query))
            for decision, facts, outcome in log:
                vectors = best.setdefault(decision, {})
                key = boards.facts_key(facts)
                if key not in vectors or rank < vectors[key][0]:
                    vectors[key] = (rank, boards.Entry(facts, index, query, outcome))
    return best


@pytest.mark.parametrize("ruleset", ["horrorclix/2008", "horrorclix/1e"])
def test_scan_meets_what_the_plain_way_meets(spec: Spec, ruleset: str) -> None:
    """Same decisions, fact vectors, smallest boards, queries and outcomes."""
    fast = boards.scan(spec, ruleset, BOARDS, INDICES)
    plain = plain_scan(spec, ruleset)
    assert fast == plain
    assert sum(len(v) for v in fast.values()) > 100  # the boards meet many vectors, not a vacuous match


def networkx_path(search: Search, end: State) -> list[State]:
    """The path the movement search took before it dropped networkx."""
    graph: nx.DiGraph[State] = nx.DiGraph()
    graph.add_node(search.start)
    for u, v, cost, results in search.edges:
        if u in search.dist and v in search.dist and not graph.has_edge(u, v):
            diagonal = cost and search.facts.steps.is_vertex(u.square, v.square)
            graph.add_edge(u, v, weight=cost * STEP_WEIGHT + (1 if diagonal else 0), results=results)
    _, path = nx.single_source_dijkstra(graph, search.start, target=end, weight="weight")
    return list(path)


def test_paths_are_networkx_paths(spec: Spec, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every state's path, one at a time or from the shared tree, is the one networkx's Dijkstra takes."""
    made: list[Search] = []
    start = Search.__init__

    def keep(self: Search, *args: object, **kwargs: object) -> None:
        start(self, *args, **kwargs)  # type: ignore[arg-type]
        made.append(self)

    monkeypatch.setattr(movement.Search, "__init__", keep)
    for index in INDICES:
        doc, queries = boards.generate(index, BOARDS, "horrorclix")
        for query in (q for q in queries if q["kind"] in {"reach", "move"}):
            with suppress(Exception):
                answer(spec, boards.situation(doc, "horrorclix/2008", query))
    assert len(made) > 20
    for search in made:
        for state in search.dist:
            expected = networkx_path(search, state)
            assert search.path_to(state) == expected
            assert path_along(search, state) == expected


def test_picture_is_drawn_once_when_read_from_the_answer_as_it_stood() -> None:
    """``draw_later`` draws on first access only, from the marks as they were when it was called."""
    calls: list[Answer] = []

    def draw(shown: Answer) -> str:
        calls.append(shown)
        return f"reach {len(shown.marks['reach'])}"

    out = Answer("horrorclix/2008", "reach", "answered", marks={"reach": [(0, 0)]})
    out.draw_later(draw)
    out.marks["reach"].append((1, 0))  # changed after the query asked for its picture
    assert calls == []
    assert out.picture == "reach 1"
    assert out.picture == "reach 1"
    assert len(calls) == 1
    out.picture = "set"
    assert out.picture == "set"
