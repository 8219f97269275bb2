"""The reach search against networkx: on houses where reach is a plain graph question, both give the same answer.

The reach query keeps a hand-written labelled search (it remembers the rolls
made this turn, stops where a card is drawn and asks every step of the rules;
``benchmarks/bench_betrayal.py`` times it against networkx's Dijkstra). On
random small ground floors of ordinary rooms (doors, undrawn tiles, file links of
any cost, one-way or not) with one explorer and no opponent, nothing but
distance decides, so the rooms it reaches are networkx's shortest paths
within the explorer's Speed, plus the neighbours its guaranteed first space
reaches (L487), and its unexplored doors those of the rooms left with a space
to spare.
"""

from __future__ import annotations

from typing import Any

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.games.betrayal.movement import Mover
from adjudicator.games.betrayal.queries.reach import Reach, search
from adjudicator.games.betrayal.rules import Rules
from adjudicator.spaces import SpaceId
from adjudicator.spaces.rooms import UNEXPLORED, RoomSpace
from tests.betrayal.support import explorer, situation, spec

GRID = 3


@st.composite
def houses(draw: st.DrawFn) -> tuple[list[dict[str, Any]], list[dict[str, Any]], str, int]:
    """Rooms on a 3 by 3 ground floor with random doors (some not drawn yet), file links, a start and a Speed."""
    square = st.tuples(st.integers(0, GRID - 1), st.integers(0, GRID - 1))
    squares = draw(st.lists(square, min_size=3, max_size=9, unique=True))
    rooms: list[dict[str, Any]] = []
    for i, (col, row) in enumerate(squares):
        doors = "".join(draw(st.sets(st.sampled_from("NESW"), min_size=3)))
        room = {"id": f"r{i}", "floor": "ground", "at": f"{'ABCD'[col]}{row + 1}", "doors": doors}
        rooms.append(room | ({"new": True} if i and draw(st.booleans()) else {}))
    ids = [room["id"] for room in rooms]
    links = [
        {"from": draw(st.sampled_from(ids)), "to": draw(st.sampled_from(ids))}
        | {"one_way": draw(st.booleans()), "cost": draw(st.integers(0, 3))}
        for _ in range(draw(st.integers(0, 3)))
    ]
    return rooms, links, "r0", draw(st.integers(0, 6))


def engine(rooms: list[dict[str, Any]], links: list[dict[str, Any]], start: str, speed: int) -> tuple[RoomSpace, Reach]:
    """The house read from the file and the reach search's answer for an explorer there."""
    s = situation(rooms, [explorer("ox", start, speed=speed)], {"kind": "reach", "piece": "ox"}, house={"links": links})
    rules = Rules(spec(), s)
    return s.board, search(Mover(rules, s, s.piece("ox")))


def networkx_reach(house: RoomSpace, start: str, speed: int) -> Reach:
    """Reach as a plain graph question: Dijkstra on the house's graph, each step costing its way's cost."""

    def cost(frm: SpaceId, to: SpaceId, _: object) -> int:
        return min(1 if p.cost is None else p.cost for p in house.passages(str(frm)) if p.to == to and p.step)

    graph = house.graph()
    spent: dict[SpaceId, float] = nx.single_source_dijkstra_path_length(graph, start, cutoff=speed, weight=cost)
    rooms = {str(place) for place in (*spent, *graph.successors(start))} - {start}
    left = [str(place) for place, used in spent.items() if used + 1 <= speed or place == start]
    doors = {f"{place}:{p.door}" for place in left for p in house.passages(place) if p.kind == UNEXPLORED}
    return Reach(frozenset(rooms), frozenset(), frozenset(doors))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(houses())
def test_reach_is_networkx_reach_on_plain_houses(house: tuple[list[dict[str, Any]], list[Any], str, int]) -> None:
    """The hand-written reach search finds exactly the rooms and doors networkx's Dijkstra finds."""
    rooms, links, start, speed = house
    board, found = engine(rooms, links, start, speed)
    assert found == networkx_reach(board, start, speed)
