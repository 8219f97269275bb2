"""Benchmark: the Gloomhaven monster's turn on 16x7 maps, and one attack over the modifier deck.

Generates many 16x7 situations (walls, obstacles, traps, hazardous and
difficult hexes, thin walls, two to four enemies, melee, ranged, Target Z and
area attacks, some jumps and fliers) and times ``monster_turn`` on each (a
fresh map each time, so no range or sight cache carries over), then times an
``attack`` with advantage over the 20-card deck with 2 curses. A baseline (an
empty function call and a 1000-step loop) is measured in the same run, so the
figures can be read against the machine's speed.

Last, the two searches of the monster's turn that stay hand-written are timed
against networkx on fresh copies of the same maps: the clear distances (range
counts) from every figure's hex, and the monster's best paths. networkx needs
the map's step graph (built per map, ``graph``), then searches it; the
figures give both, and networkx's search alone on a graph already built.

Run: ``.venv/bin/python benchmarks/bench_gloomhaven.py [situations] [seed]``.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Any, cast

from baseline import baseline_line  # the benchmarks folder (on the path when run)

from adjudicator.core.spec import load_spec
from adjudicator.games.gloomhaven.model import Area, MonsterAttack, MonsterTurnQuery, Piece, Situation
from adjudicator.games.gloomhaven.monster_search import NEGATIVE, Mover, TurnMap
from adjudicator.games.gloomhaven.queries import monster_turn
from adjudicator.games.gloomhaven.queries.attack import AttackInput, damage_answer
from adjudicator.games.gloomhaven.terrain import SIGHT_BLOCKERS, build_board, feature
from adjudicator.spaces.base import SpaceId
from adjudicator.spaces.hex import Hex, HexSpace

RULESET = "gloomhaven/1e"
WIDTH, HEIGHT = 16, 7
AREAS = (
    (". .", " @ *", "* *"),  # melee: three hexes round the attacker
    (". . .", " * * *"),  # ranged: a line of three
    ("* *", " * ."),  # ranged: a triangle
)


def read_area(rows: tuple[str, ...]) -> Area:
    """An area diagram from its rows (``@`` the attacker, ``*`` the red hexes)."""
    texts = tuple("".join(row.split()) for row in rows)
    cells = {Hex(j, i): c for i, text in enumerate(texts) for j, c in enumerate(text) if c in "@*"}
    return Area(texts, cells)


def random_situation(seed: int) -> Situation:
    """A 16x7 map with terrain and thin walls, one monster and two to four enemies."""
    rng = random.Random(seed)
    chars = rng.choices(".xotdh", weights=(72, 6, 8, 5, 5, 4), k=WIDTH * HEIGHT)
    rows = ["".join(chars[r * WIDTH : (r + 1) * WIDTH]) for r in range(HEIGHT)]
    board = build_board(rows)
    free = [h for h in board.spaces() if feature(board, h) in {"none", "difficult"}]
    walls = []
    for _ in range(rng.randint(0, 4)):
        h = rng.choice(free)
        n = rng.choice(board.adjacent(h))
        walls.append((h, n))
    board = build_board(rows, walls)
    spots = rng.sample(free, 6)
    pieces = [Piece("m", "monster", spots[0], flying=rng.random() < 0.1)]
    pieces += [Piece(f"ally{i}", "monster", spots[1 + i]) for i in range(rng.randint(0, 1))]
    for i in range(rng.randint(2, 4)):
        pieces.append(Piece(f"c{i}", "character", spots[2 + i], initiative=Fraction(rng.randint(1, 90))))
    kind = rng.random()
    if kind < 0.3:
        attack = MonsterAttack(range=0)
    elif kind < 0.6:
        attack = MonsterAttack(range=rng.randint(2, 5), targets=rng.randint(1, 2))
    else:
        area = read_area(rng.choice(AREAS))
        attack = MonsterAttack(range=0 if area.melee else rng.randint(2, 4), area=area)
    query = MonsterTurnQuery("m", move=rng.randint(2, 4), jump=rng.random() < 0.1, attack=attack)
    return Situation(RULESET, board, tuple(pieces), query)


def timed(fn: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU seconds one call takes (CPU time is steadier on a shared machine)."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def summary(times: list[tuple[float, float]]) -> str:
    """Median, 90th percentile and maximum, wall clock then CPU, in milliseconds."""
    out = []
    for label, values in (("wall", [t[0] for t in times]), ("cpu", [t[1] for t in times])):
        p90 = statistics.quantiles(values, n=10)[-1]
        out.append(
            f"{label}: median {statistics.median(values) * 1e3:.2f} ms, p90 {p90 * 1e3:.2f} ms, "
            f"max {max(values) * 1e3:.2f} ms"
        )
    return "; ".join(out)


def fresh(situation: Situation) -> HexSpace:
    """A new copy of the situation's map (no cache of the old one carries over)."""
    board = situation.board
    return build_board(board.rows, [(a, b) for a, b in (sorted(edge) for edge in board.walls)])


def turn_map(situation: Situation, board: HexSpace) -> TurnMap:
    """The monster's turn map on ``board``, moving normally."""
    monster = situation.piece("m")
    enemies = {p.id: p.at for p in situation.pieces if p.enemy_of(monster)}
    allies = frozenset(p.at for p in situation.pieces if p.side == monster.side and p.id != "m")
    return TurnMap(board, Mover(monster.at, 3), allies, enemies, frozenset(enemies))


def hand_distances(board: HexSpace, origins: list[Hex]) -> object:
    """The clear distances from each origin, the hand-written way (the space's own breadth-first count)."""
    return [board.clear_distances(o) for o in origins]


def best_paths(tmap: TurnMap) -> object:
    """The monster's best paths, the hand-written way (the turn map's own search)."""
    return tmap.paths


def networkx_distances(board: HexSpace, origins: list[Hex]) -> object:
    """The clear distances the networkx way: a breadth-first count on the open steps of the map's graph."""
    import networkx as nx  # noqa: PLC0415 - only this comparison loads networkx

    graph = board.graph()

    def open_step(a: SpaceId, b: SpaceId) -> bool:
        return not graph[a][b]["step"].wall and board.terrain_at(b) not in SIGHT_BLOCKERS

    view = nx.subgraph_view(graph, filter_edge=open_step)
    return [dict(nx.single_source_shortest_path_length(view, o)) for o in origins]


def networkx_paths(tmap: TurnMap) -> object:
    """The monster's best paths the networkx way: Dijkstra on the map's graph, weights ``negative * 1000 + points``."""
    import networkx as nx  # noqa: PLC0415 - only this comparison loads networkx

    board, start = tmap.board, tmap.mover.start
    graph = board.graph()

    def cost(a: SpaceId, b: SpaceId, edge: dict[str, Any]) -> float | None:
        u, v = cast("Hex", a), cast("Hex", b)
        if edge["step"].wall or u not in tmap.features or not tmap.enterable(v):
            return None
        if u != start and not tmap.passable(u):
            return None
        word = tmap.features[v]
        return (1000 if word in NEGATIVE else 0) + (2 if word == "difficult" else 1)

    return nx.single_source_dijkstra_path_length(graph, start, weight=cost)


def graph_searches(situations: list[Situation]) -> None:
    """Print the hand-written searches against networkx's, on fresh copies of the maps."""
    origins = [[p.at for p in s.pieces] for s in situations]
    rows = {
        "clear distances, hand-written": [
            timed(partial(hand_distances, fresh(s), o)) for s, o in zip(situations, origins, strict=True)
        ],
        "clear distances, networkx (graph built)": [
            timed(partial(networkx_distances, fresh(s), o)) for s, o in zip(situations, origins, strict=True)
        ],
        "best paths, hand-written": [timed(partial(best_paths, turn_map(s, fresh(s)))) for s in situations],
        "best paths, networkx (graph built)": [
            timed(partial(networkx_paths, turn_map(s, fresh(s)))) for s in situations
        ],
    }
    built = [fresh(s) for s in situations]
    for board in built:
        board.graph()
    rows["clear distances, networkx (graph given)"] = [
        timed(partial(networkx_distances, b, o)) for b, o in zip(built, origins, strict=True)
    ]
    for label, times in rows.items():
        print(f"{label}: {summary(times)}")


def main(count: int = 300, seed: int = 1) -> None:
    """Print the monster-turn median and maximum, the attack time and the baseline."""
    spec = load_spec()
    situations = [random_situation(seed * 100_000 + i) for i in range(count)]
    baseline = baseline_line()
    monster_turn.answer(spec, random_situation(seed - 1))  # warm up: the spec's first decisions
    damage_answer(spec, RULESET, {}, AttackInput(value=1))
    gc.collect()
    gc.freeze()  # the spec and the inputs are permanent: a full collection need not walk them (~100 ms each)
    turns = [timed(partial(monster_turn.answer, spec, situation)) for situation in situations]
    attack = AttackInput(value=3, shield=1, advantage=True, curse=2)
    attacks = [timed(lambda: damage_answer(spec, RULESET, {}, attack)) for _ in range(50)]
    print(baseline)
    print(f"monster_turn over {count} 16x7 situations: {summary(turns)}")
    print(f"attack, advantage, 20 cards + 2 curses: {summary(attacks)}")
    graph_searches(situations)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
