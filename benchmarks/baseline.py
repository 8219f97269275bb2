"""The interpreter's own speed, measured in the same run as a benchmark's in-process figures.

A shared machine's speed wanders from one run to the next (and one machine differs from another): an empty
call and a short loop, timed beside the figures, tell how fast this run's interpreter was.
"""

from __future__ import annotations

import statistics
import time


def interpreter_baseline() -> tuple[float, float]:
    """The median seconds of an empty call and of a 1000-step loop.

    Calls are timed in batches of 1000 (one alone is below the clock's resolution).
    """

    def empty() -> None:
        return None

    calls = []
    for _ in range(50):
        start = time.perf_counter()
        for _ in range(1000):
            empty()
        calls.append((time.perf_counter() - start) / 1000)
    loops = []
    for _ in range(200):
        start = time.perf_counter()
        sum(range(1000))
        loops.append(time.perf_counter() - start)
    return statistics.median(calls), statistics.median(loops)


def baseline_line() -> str:
    """:func:`interpreter_baseline` as the line the benchmarks print."""
    call, loop = interpreter_baseline()
    return f"baseline: empty call {call * 1e6:.2f} us, 1000-step loop {loop * 1e3:.3f} ms"
