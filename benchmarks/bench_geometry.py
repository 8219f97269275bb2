"""Benchmark: median time of ``trace_line`` over random pairs on a 24x24 board.

It measures the square grid's line module itself, so it imports ``geometry`` directly; the board comes
through the kind's interface like any other caller's.

Run: ``.venv/bin/python benchmarks/bench_geometry.py [pairs] [seed]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from adjudicator.spaces.square import KIND, Square, SquareSpace
from adjudicator.spaces.square.geometry import trace_line

SIZE = 24
REPEATS = 20


def random_pairs(board: SquareSpace, count: int, seed: int) -> list[tuple[Square, Square]]:
    """``count`` random (possibly equal) pairs of map squares."""
    rng = random.Random(seed)
    squares = board.spaces()
    return [(rng.choice(squares), rng.choice(squares)) for _ in range(count)]


def time_pair(a: Square, b: Square) -> float:
    """Mean microseconds of one ``trace_line(a, b)`` over ``REPEATS`` calls."""
    start = time.perf_counter_ns()
    for _ in range(REPEATS):
        trace_line(a, b)
    return (time.perf_counter_ns() - start) / REPEATS / 1000


def main() -> None:
    """Print the median, 90th percentile and max over the random pairs."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    board = KIND.blank(SIZE, SIZE)
    times = sorted(time_pair(a, b) for a, b in random_pairs(board, count, seed))
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"trace_line on {SIZE}x{SIZE}, {count} random pairs, {REPEATS} calls each")
    print(f"median {statistics.median(times):.2f} us  p90 {p90:.2f} us  max {times[-1]:.2f} us")


if __name__ == "__main__":
    main()
