"""Benchmark: the ``reach`` query on a 24x24 map with mixed terrain and 20 pieces.

Prints the median time of ``reach`` for a speed-10 monster (target: under
5 ms, in-process, after warm-up, one cached Table per situation) and the time
to work out all legal moves (every reach set) of 20 monsters (target: under
100 ms).

Run: ``.venv/bin/python benchmarks/bench_movement.py [repeats] [seed] [--profile]``.
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from adjudicator.core.spec import load_spec
from adjudicator.games.clix.model import ReachQuery, Situation
from adjudicator.games.clix.queries import reach
from adjudicator.games.clix.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_table import situation

SIZE = 24
PIECES = 20
MOVER_SPEED = 10


def make_situation(seed: int) -> Situation:
    """A 24x24 outdoor map (about 15% hindering, 5% water, 6% blocking), walls, objects and 20 monsters."""
    return situation(SIZE, PIECES, seed, MOVER_SPEED)


def time_ms(table: Table, repeats: int) -> list[float]:
    """Milliseconds of each of ``repeats`` reach queries on one table."""
    out = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        reach.answer(table)
        out.append((time.perf_counter_ns() - start) / 1e6)
    return out


def main() -> None:
    """Print the figures (and a profile with ``--profile``)."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    repeats = int(args[0]) if args else 50
    seed = int(args[1]) if len(args) > 1 else 0
    spec = load_spec()
    situation = make_situation(seed)
    table = Table(spec, situation)
    time_ms(table, 5)  # warm-up: decisions cached on the table
    single = time_ms(table, repeats)
    answer = reach.answer(table)
    squares = len(answer.outcome["squares"])
    print(f"reach, speed {MOVER_SPEED} monster, {SIZE}x{SIZE} map, {PIECES} pieces: {squares} squares")
    print(f"  median {statistics.median(single):.2f} ms  min {min(single):.2f} ms  max {max(single):.2f} ms")
    tables = [Table(spec, replace(situation, query=ReachQuery(p.id))) for p in situation.pieces]
    for t in tables:
        reach.answer(t)
    rounds = []
    for _ in range(max(3, repeats // 10)):
        start = time.perf_counter_ns()
        for t in tables:
            reach.answer(t)
        rounds.append((time.perf_counter_ns() - start) / 1e6)
    print(f"all legal moves of {PIECES} monsters: median {statistics.median(rounds):.1f} ms per round")
    if "--profile" in sys.argv:
        profile = cProfile.Profile()
        profile.enable()
        time_ms(table, repeats)
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
