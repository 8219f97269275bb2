"""Work shared among forked worker processes: how many, and one map every designer phase uses.

A designer run has phases whose items are independent (boards to replay, queries to ask again after an
edit, example boards to search): each item's result depends only on the spec and the item, so where it is
worked out does not change it. :func:`fork_map` hands every ``stride``-th item to each of :func:`jobs`
forked workers, which inherit what the caller built (the spec, tables, a corpus) instead of receiving it;
only the results travel back, in order.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from typing import Any, TypeVar

R = TypeVar("R")
_WORK: list[Callable[[int], Any]] = []
"""The work of the map being run (set just before forking; the workers read it from their copy)."""


def jobs() -> int:
    """Worker processes for parallel work: ``$ADJUDICATOR_JOBS``, else up to 2 CPUs; 1 in a daemon process.

    A daemon process (a worker of the web server's pool) may start no processes of its own.
    """
    if multiprocessing.current_process().daemon:
        return 1
    env = os.environ.get("ADJUDICATOR_JOBS", "")
    return max(1, int(env)) if env.isdigit() else min(2, os.cpu_count() or 1)


def fork_map(work: Callable[[int], R], count: int, *, least: int) -> list[R] | None:
    """``work(i)`` for every ``i`` below ``count``, in forked workers (one per ``least`` items, up to :func:`jobs`).

    None, with nothing done, when one worker would do, or the machine cannot fork: the caller then works
    here (the same results). Results must pickle.
    """
    workers = min(jobs(), count // max(1, least) + 1, count)
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    _WORK[:] = [work]
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_share, [(first, workers, count) for first in range(workers)])
    except (OSError, multiprocessing.ProcessError):
        return None
    finally:
        _WORK.clear()
    done = {index: result for part in parts for index, result in part}
    return [done[index] for index in range(count)]


def _share(job: tuple[int, int, int]) -> list[tuple[int, Any]]:
    """One worker's items: every ``stride``-th from ``first``."""
    first, stride, count = job
    work = _WORK[0]
    return [(index, work(index)) for index in range(first, count, stride)]
