"""The monster search's hand-written searches meet networkx's answers on random maps.

The monster's turn is the hot path of a Gloomhaven answer, so
:mod:`adjudicator.games.gloomhaven.monster_search` keeps its own Dijkstra and
breadth-first searches (networkx is slower there: it needs a graph built per
turn). These tests build the plain graphs from the space's step graph and
ask networkx: the best ``(negative hexes, movement points)`` to every hex
(weights ``negative * BIG + points``), the plain step counts of a Jump or
a Flying move, the layered search within this turn's Move, and the reverse
search toward a goal hex.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.gloomhaven.monster_search import NEGATIVE, Cost, Mover, TurnMap
from adjudicator.games.gloomhaven.terrain import build_board, feature
from adjudicator.spaces.hex import Hex, HexSpace

BIG = 1000
"""More movement points than any path on these maps costs: one negative hex outweighs them all."""
STANDABLE = {"none", "trap", "hazardous", "difficult", "open_door"}


def random_turn(seed: int, mode: str) -> TurnMap | None:
    """A random map (walls, doors, terrain, thin walls) with a monster, its allies and enemies, as its turn sees it."""
    rng = random.Random(seed)  # noqa: S311 - random maps, not secrets
    width, height = rng.randint(4, 9), rng.randint(3, 6)
    weights = (60, 7, 8, 5, 5, 5, 3, 2, 3)
    rows = ["".join(rng.choices(".xothdDL/", weights=weights, k=width)) for _ in range(height)]
    board = build_board(rows)
    walls = []
    for _ in range(rng.randint(0, 5)):
        a = rng.choice(board.spaces())
        walls.append((a, rng.choice(board.neighbours(a))))
    board = build_board(rows, walls)
    free = [h for h in board.spaces() if feature(board, h) in STANDABLE]
    if len(free) < 4:  # a monster, an ally and two enemies
        return None
    spots = rng.sample(free, rng.randint(3, min(6, len(free))))
    allies = frozenset(spots[1 : 1 + rng.randint(0, 1)])
    enemies = {f"c{i}": h for i, h in enumerate(spots[1 + len(allies) :])}
    mover = Mover(spots[0], rng.randint(0, 5), mode)
    return TurnMap(board, mover, allies, enemies, frozenset(enemies))


def enter(tmap: TurnMap, h: Hex) -> Cost:
    """What entering ``h`` costs a normal move: a negative hex or not, then 2 points for difficult terrain, else 1."""
    word = feature(tmap.board, h)
    return (int(word in NEGATIVE), 2 if word == "difficult" else 1)


def steps(board: HexSpace) -> list[tuple[Hex, Hex]]:
    """The steps between adjacent hexes, from the space's graph: no thin wall crossed, no wall hex at either end."""
    graph = board.graph()
    return [
        (u, v)
        for u, v, step in graph.edges(data="step")
        if not step.wall and feature(board, u) != "wall" and feature(board, v) != "wall"
    ]


def dijkstra(
    edges: list[tuple[Hex, Hex]], keep: Callable[[Hex, Hex], bool], tmap: TurnMap, source: Hex
) -> nx.DiGraph[Hex]:
    """The graph of the kept steps, each weighing what entering its far end costs."""
    graph: nx.DiGraph[Hex] = nx.DiGraph()
    graph.add_node(source)
    for u, v in edges:
        if keep(u, v):
            neg, pts = enter(tmap, v)
            graph.add_edge(u, v, weight=neg * BIG + pts)
    return graph


def decoded(lengths: dict[Hex, int]) -> dict[Hex, Cost]:
    """Weights back to ``(negative, points)``."""
    return {h: divmod(w, BIG) for h, w in lengths.items()}


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 1_000_000))
def test_best_paths_are_networkx_dijkstra(seed: int) -> None:
    """A normal move's best cost to every hex it may end on is networkx's Dijkstra over passable hexes."""
    tmap = random_turn(seed, "normal")
    if tmap is None:
        return
    start = tmap.mover.start

    def keep(u: Hex, v: Hex) -> bool:
        return (u == start or tmap.passable(u)) and tmap.enterable(v)

    graph = dijkstra(steps(tmap.board), keep, tmap, start)
    expected = decoded(nx.single_source_dijkstra_path_length(graph, start))
    assert tmap.paths == {h: c for h, c in expected.items() if tmap.can_end(h)}


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 1_000_000), st.sampled_from(["jump", "flying"]))
def test_plain_steps_are_networkx_breadth_first(seed: int, mode: str) -> None:
    """A Jump or a Flying move counts plain steps over every enterable hex (networkx's count); a Jump pays its last."""
    tmap = random_turn(seed, mode)
    if tmap is None:
        return
    start = tmap.mover.start
    graph: nx.DiGraph[Hex] = nx.DiGraph()
    graph.add_node(start)
    graph.add_edges_from((u, v) for u, v in steps(tmap.board) if tmap.enterable(v))
    counts = nx.single_source_shortest_path_length(graph, start)
    expected: dict[Hex, Cost] = {}
    for h, n in counts.items():
        neg, pts = enter(tmap, h)
        last = (0, 0) if mode == "flying" or h == start else (neg, pts - 1)
        expected[h] = (last[0], n + last[1])
    assert tmap.paths == {h: c for h, c in expected.items() if tmap.can_end(h)}
    assert tmap.within == {h: c for h, c in tmap.paths.items() if c[1] <= tmap.mover.points}


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 1_000_000))
def test_this_turn_is_networkx_dijkstra_over_points_used(seed: int) -> None:
    """Within Move: networkx's fewest negative hexes to each (hex, points used), then the best per hex."""
    tmap = random_turn(seed, "normal")
    if tmap is None:
        return
    start, points = tmap.mover.start, tmap.mover.points
    graph: nx.DiGraph[tuple[Hex, int]] = nx.DiGraph()
    graph.add_node((start, 0))
    for u, v in steps(tmap.board):
        if (u == start or tmap.passable(u)) and tmap.enterable(v):
            neg, pts = enter(tmap, v)
            graph.add_edges_from(((u, p), (v, p + pts), {"weight": neg}) for p in range(points - pts + 1))
    best: dict[Hex, Cost] = {}
    for (h, used), neg in nx.single_source_dijkstra_path_length(graph, (start, 0)).items():
        if h not in best or (neg, used) < best[h]:
            best[h] = (neg, used)
    assert tmap.within == {h: c for h, c in best.items() if tmap.can_end(h)}


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 1_000_000), st.data())
def test_the_way_to_a_goal_is_networkx_dijkstra_backwards(seed: int, data: st.DataObject) -> None:
    """What is still needed from each hex to end on a goal is networkx's Dijkstra on the reversed steps."""
    tmap = random_turn(seed, "normal")
    if tmap is None:
        return
    goal = data.draw(st.sampled_from(sorted(tmap.paths)))

    def keep(u: Hex, v: Hex) -> bool:
        return tmap.enterable(u) and (v == goal or tmap.passable(v))

    graph = dijkstra(steps(tmap.board), keep, tmap, goal)
    expected = decoded(nx.single_source_dijkstra_path_length(graph.reverse(), goal))
    assert tmap.to_goal(goal) == expected
