"""Work shared among forked worker processes: how many, and one map every designer phase uses.

A designer run has phases whose items are independent (boards to replay, queries to ask again after an
edit, example boards to search): each item's result depends only on the spec and the item, so where it is
worked out does not change it. :func:`fork_map` hands the items one at a time to whichever of its
:func:`jobs` forked workers is free (items of very different costs keep every worker busy), which inherit
what the caller built (the spec, tables, a corpus) instead of receiving it; only the results travel back,
put in order.
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
            done = dict(pool.imap_unordered(_one, range(count), chunksize=1))
    except (OSError, multiprocessing.ProcessError):
        return None
    finally:
        _WORK.clear()
    return [done[index] for index in range(count)]


def _one(index: int) -> tuple[int, Any]:
    """One item's result, with its index (the items come back in the order they are done)."""
    return index, _WORK[0](index)
