"""The shortcuts of the monster's turn give what the plain searches give, on random maps.

The turn keeps its searches cheap: costs packed into one integer and taken
bucket by bucket, range counted from the few red hexes of a ranged area (or
from its focus) instead of from each attack hex, counts of clear steps
carried on from where an earlier question left them, one pass over the map
for the turn's tables. Each test here works the plain way beside it: a heap of
``(cost, hex)`` for the best ways (whose first-found predecessor draws the
route), a count from the attack hex for each placement of an area, a fresh
breadth-first count for each question, and the 36 corner segments for sight.
"""

from __future__ import annotations

import heapq
import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.gloomhaven.monster_search import NEGATIVE, AttackShape, Cost, Mover, TurnMap, area_cells
from adjudicator.games.gloomhaven.terrain import DOORS, LEGEND, build_board, feature
from adjudicator.spaces.hex import Hex, HexSpace

STANDABLE = {"none", "trap", "hazardous", "difficult", "open_door"}
SHAPES = (
    (Hex(1, 0), (Hex(0, 1), Hex(1, 1))),  # melee: a grey hex and two red ones
    (None, (Hex(0, 0), Hex(1, 0), Hex(2, 0))),  # ranged: a line of three
    (None, (Hex(0, 0), Hex(1, 0), Hex(0, 1))),  # ranged: a triangle
)


def random_map(rng: random.Random) -> HexSpace:
    """A small map with walls, doors, obstacles, traps, hazardous and difficult hexes and thin walls."""
    width, height = rng.randint(4, 10), rng.randint(3, 7)
    rows = ["".join(rng.choices(".xothdDL/", weights=(60, 7, 8, 5, 5, 5, 3, 2, 3), k=width)) for _ in range(height)]
    board = build_board(rows)
    walls = []
    for _ in range(rng.randint(0, 5)):
        a = rng.choice(board.spaces())
        walls.append((a, rng.choice(board.neighbours(a))))
    return build_board(rows, walls)


def random_turn(seed: int) -> TurnMap | None:
    """A monster's normal move on a random map, with an ally or none and up to four enemies."""
    rng = random.Random(seed)  # noqa: S311 - random maps, not secrets
    board = random_map(rng)
    free = [h for h in board.spaces() if feature(board, h) in STANDABLE]
    if len(free) < 3:  # a monster and two enemies
        return None
    spots = rng.sample(free, rng.randint(3, min(6, len(free))))
    allies = frozenset(spots[1 : 1 + rng.randint(0, 1)])
    enemies = {f"c{i}": h for i, h in enumerate(spots[1 + len(allies) :])}
    return TurnMap(board, Mover(spots[0], rng.randint(1, 5)), allies, enemies, frozenset(enemies))


def enter(board: HexSpace, h: Hex) -> Cost:
    """What entering ``h`` costs a normal move: a negative hex or not, then 2 points for difficult terrain, else 1."""
    word = feature(board, h)
    return (int(word in NEGATIVE), 2 if word == "difficult" else 1)


def heap_ways(tmap: TurnMap) -> tuple[dict[Hex, Cost], dict[Hex, Hex]]:
    """Best ``(negative, points)`` and the first-found predecessor of each hex, by a heap of ``(cost, hex)``."""
    board, start = tmap.board, tmap.mover.start
    best: dict[Hex, Cost] = {start: (0, 0)}
    prev: dict[Hex, Hex] = {}
    heap: list[tuple[int, int, Hex]] = [(0, 0, start)]
    while heap:
        neg, pts, here = heapq.heappop(heap)
        if best[here] < (neg, pts) or (here != start and not tmap.passable(here)):
            continue
        for n in board.adjacent(here):
            if feature(board, n) in DOORS:
                continue
            dn, dp = enter(board, n)
            cost = (neg + dn, pts + dp)
            if n not in best or cost < best[n]:
                best[n], prev[n] = cost, here
                heapq.heappush(heap, (cost[0], cost[1], n))
    return best, prev


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6))
def test_bucketed_ways_are_the_heap_ways_and_routes(seed: int) -> None:
    """The packed costs taken bucket by bucket give a heap's best costs, and its routes (ties broken alike)."""
    tmap = random_turn(seed)
    if tmap is None:
        return
    best, prev = heap_ways(tmap)
    assert tmap.paths == {h: c for h, c in best.items() if tmap.can_end(h)}
    for end in tmap.paths:
        way = [end]
        while way[-1] != tmap.mover.start:
            way.append(prev[way[-1]])
        assert tmap.route(end) == way[::-1]


def plain_area_sets(tmap: TurnMap, attack: AttackShape, h: Hex, focus: str | None) -> frozenset[frozenset[str]]:
    """Every placement's enemies in sight, a ranged one kept when a red hex is within range of ``h`` (counted from ``h``)."""
    board = tmap.board
    by_hex = {tmap.enemies[e]: e for e in tmap.targetable}
    near = board.clear_within(h, attack.range)
    out: set[frozenset[str]] = set()
    for placed in tmap._placements(attack, h, focus):  # the placements themselves are not in question
        if not attack.melee_area and near.isdisjoint(placed):
            continue
        hit = frozenset(by_hex[p] for p in placed if p in by_hex and tmap.sees(h, p))
        if focus is None or focus in hit:
            out.add(hit)
    if focus is None:
        out = {hit for hit in out if hit} or {frozenset()}
    return frozenset(out)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(SHAPES), st.integers(1, 4))
def test_area_sets_count_range_as_from_the_attack_hex(
    seed: int, area: tuple[Hex | None, tuple[Hex, ...]], reach: int
) -> None:
    """Counting range from the red hexes, or from the focus, keeps the placements a count from the attacker keeps."""
    tmap = random_turn(seed)
    if tmap is None:
        return
    grey, red = area
    attack = AttackShape(0 if grey else reach, 1, area_cells(grey, red), melee_area=grey is not None)
    for h in sorted(tmap.paths):
        for focus in [*sorted(tmap.enemies), None]:
            assert tmap.area_sets(attack, h, focus) == plain_area_sets(tmap, attack, h, focus), (h, focus)


def networkx_clear_distances(board: HexSpace, origin: Hex) -> dict[Hex, int]:
    """Clear distances the plain way: a breadth-first count on the steps crossing no thin wall into no opaque hex."""
    graph = board.graph()
    shut = LEGEND.solid | LEGEND.opaque

    def open_step(frm: Hex, to: Hex) -> bool:
        return not graph[frm][to]["step"].wall and board.terrain_at(to) not in shut

    return dict(nx.single_source_shortest_path_length(nx.subgraph_view(graph, filter_edge=open_step), origin))


@settings(max_examples=100, deadline=None)
@given(
    st.integers(0, 10**6),
    st.lists(st.tuples(st.integers(0, 2), st.integers(0, 99), st.integers(0, 99), st.integers(0, 6))),
)
def test_counts_carried_on_answer_as_fresh_counts(seed: int, asks: list[tuple[int, int, int, int]]) -> None:
    """Distances, cut counts and full counts, asked in any order from any hexes, are each a fresh count's."""
    board = random_map(random.Random(seed))  # noqa: S311 - random maps, not secrets
    hexes = board.spaces()
    for kind, i, j, limit in asks:
        a, b = hexes[i % len(hexes)], hexes[j % len(hexes)]
        fresh = networkx_clear_distances(board, a)
        if kind == 0:
            assert board.clear_distance(a, b) == fresh.get(b)
        elif kind == 1:
            assert board.clear_within(a, limit) == {n for n, d in fresh.items() if d <= limit}
        else:
            assert dict(board.clear_distances(a)) == fresh


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99)), min_size=1, max_size=20))
def test_sight_is_some_clear_corner_segment(seed: int, pairs: list[tuple[int, int]]) -> None:
    """Two hexes see each other (asked either way, cached) when one of their 36 corner segments touches nothing."""
    board = random_map(random.Random(seed))  # noqa: S311 - random maps, not secrets
    hexes = board.spaces()
    for i, j in pairs:
        a, b = hexes[i % len(hexes)], hexes[j % len(hexes)]
        expected = a == b or any(s.clear for s in board.corner_segments(a, b))
        assert board.visible(a, b) == expected
        assert board.visible(b, a) == expected
