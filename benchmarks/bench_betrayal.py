"""Benchmark: ``reach`` for an explorer in a 40-room house (target: under 1 ms at the engine).

The engine figure is the reach search alone, with the rules' answers cached as
a repeated query of one situation has them. Measured in the same run:

* the baseline, networkx's breadth-first walk of the house's graph (built once
  per house), which answers the plain question of the rooms within six steps;
* networkx's Dijkstra on a graph of the mover's open ways (built per search, as
  their costs depend on the mover), the reach search written as a plain graph
  question: it answers the same here, but no faster, and cannot carry what the
  hand-written search does (rolls made once a turn, movement ending where a card
  is drawn, the rules' verdict on every step), so the hand-written search stays
  (``tests/betrayal/test_reach_graph.py`` holds it to networkx's answer).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

import networkx as nx

from adjudicator.core.spec import load_spec
from adjudicator.games.betrayal.model import HouseSituation
from adjudicator.games.betrayal.movement import Mover
from adjudicator.games.betrayal.queries.reach import search
from adjudicator.games.betrayal.rules import Rules
from adjudicator.judge import load_situation

ROUNDS = 200


def house_yaml() -> str:
    """A ground floor of 8 by 5 rooms, every door open, the explorer in the middle with Speed 6."""
    rows = ["ruleset: betrayal/2e", "house:", "  rooms:"]
    for r in range(5):
        for c in range(8):
            name = "entrance_hall" if (c, r) == (0, 4) else f"room_{c}_{r}"
            rows.append(f'    - {{id: {name}, floor: ground, at: {chr(65 + c)}{r + 1}, doors: "NESW"}}')
    rows += [
        "pieces:",
        "  - {id: ox, type: explorer, at: room_4_2, might: 3, speed: 6, knowledge: 3, sanity: 3}",
        "query: {kind: reach, piece: ox}",
    ]
    return "\n".join(rows) + "\n"


def median_us(work: object) -> float:
    """Median wall time of ``work()`` in microseconds."""
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def main() -> None:
    """Print the engine's median and the baseline's."""
    spec = load_spec(games=("betrayal",))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "house.yaml"
        path.write_text(house_yaml(), encoding="utf-8")
        situation = load_situation(path, set(spec.rulesets()))
    if not isinstance(situation, HouseSituation):
        raise TypeError(situation)
    rules = Rules(spec, situation)
    mover = Mover(rules, situation, situation.piece("ox"))
    found = search(mover)
    house = situation.board
    start = mover.piece.at
    graph = house.graph()

    def baseline() -> dict[str, int]:
        return nx.single_source_shortest_path_length(graph, start, cutoff=6)

    def dijkstra() -> dict[str, float]:
        ways: nx.DiGraph[str] = nx.DiGraph()
        for passage, way in mover.ways.items():
            if way and way[2] is not None:
                ways.add_edge(passage.frm, way[2], weight=way[0])
        return nx.single_source_dijkstra_path_length(ways, start, cutoff=6)

    if set(dijkstra()) - {start} != found.rooms:
        raise AssertionError(found)
    engine = median_us(lambda: search(mover))
    base = median_us(baseline)
    plain = median_us(dijkstra)
    print(f"reach in a {len(house.rooms)}-room house: {len(found.rooms)} rooms, {len(found.doors)} unexplored doors")
    print(f"engine median {engine:.0f} us (target < 1000 us); baseline networkx BFS median {base:.0f} us")
    print(f"networkx Dijkstra on the mover's ways (graph built per search) median {plain:.0f} us")


if __name__ == "__main__":
    main()
