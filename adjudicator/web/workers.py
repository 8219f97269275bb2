"""Worker processes with a time bound: a job that runs too long is stopped by ending its process.

Python cannot stop a thread, so every answer is computed in a worker process
(:mod:`adjudicator.web.jobs`). The server waits for a free worker at most
``queue_timeout`` seconds (else :class:`Busy`, answered 503) and for the job
at most its own time bound (else :class:`TooLong`, answered 408): the worker
is then killed and a fresh one started in its place. A job may send progress
lines before its result; the caller's ``progress`` callback receives them.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import time
import traceback
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from adjudicator.web.jobs import Reply, run_job

KILL_GRACE = 2.0
"""Seconds a killed worker is given to exit before the pool stops waiting for it."""


class Busy(Exception):
    """No worker became free in time."""


class TooLong(Exception):
    """The job passed its time bound; its worker was stopped."""


def serve_jobs(conn: Connection) -> None:
    """A worker's loop: receive ``(kind, payload)``, send progress lines, then ``("done", Reply)``."""

    def progress(text: str) -> None:
        with suppress(OSError):  # the server stopped listening: the result will not be read either
            conn.send(("progress", str(text)))

    while True:
        try:
            kind, payload = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            reply = run_job(kind, payload, progress)
        except Exception as exc:  # noqa: BLE001 - a worker must answer, never die with a traceback
            traceback.print_exc()  # on the server's stderr for its keeper, never in an answer
            reply = Reply(500, f'{{"error": "internal error in the engine ({type(exc).__name__})", "status": 500}}')
        try:
            conn.send(("done", reply))
        except OSError:
            return


class Worker:
    """One worker process and the server's end of its pipe (not a daemon: designer jobs start processes)."""

    def __init__(self, context: Any) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=serve_jobs, args=(child,), daemon=False, name="adjudicator-worker")
        self.process.start()
        child.close()

    def run(self, kind: str, payload: dict[str, Any], deadline: float, progress: Callable[[str], None]) -> Reply:
        """Send one job and wait for its reply until ``deadline`` (``time.monotonic``); blocking."""
        self.conn.send((kind, payload))
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not self.conn.poll(left):
                raise TooLong
            try:
                tag, value = self.conn.recv()
            except (EOFError, OSError):
                raise TooLong from None
            if tag == "done":
                return value  # type: ignore[no-any-return]
            progress(value)

    def stop(self) -> None:
        """End the process now."""
        with suppress(OSError):
            self.conn.close()
        self.process.kill()
        self.process.join(KILL_GRACE)


@dataclass(frozen=True)
class Ran:
    """A job's reply, with the milliseconds it waited for a worker and the worker spent on it."""

    reply: Reply
    queued_ms: float
    work_ms: float


class Pool:
    """A fixed number of workers; each job takes one, and gives it back (or a fresh one) after."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.context = multiprocessing.get_context("spawn")
        self.idle: asyncio.Queue[Worker] | None = None
        self.workers: list[Worker] = []

    async def start(self, *, warm: bool = True) -> None:
        """Start the workers (and load the specs in each, when ``warm``)."""
        self.idle = asyncio.Queue()
        loop = asyncio.get_running_loop()
        self.workers = [Worker(self.context) for _ in range(self.size)]
        if warm:
            deadline = time.monotonic() + 120
            await asyncio.gather(
                *(loop.run_in_executor(None, w.run, "warm", {}, deadline, _ignore) for w in self.workers)
            )
        for worker in self.workers:
            self.idle.put_nowait(worker)

    async def stop(self) -> None:
        """Stop every worker."""
        for worker in self.workers:
            worker.stop()
        self.workers = []

    async def run(
        self,
        kind: str,
        payload: dict[str, Any],
        *,
        bound: float,
        queue_timeout: float,
        progress: Callable[[str], None] = lambda _text: None,
    ) -> Ran:
        """Run a job on a free worker within the time bounds; see the module docstring."""
        if self.idle is None:
            raise Busy
        asked = time.perf_counter()
        try:
            worker = await asyncio.wait_for(self.idle.get(), queue_timeout)
        except TimeoutError:
            raise Busy from None
        loop = asyncio.get_running_loop()
        deadline = time.monotonic() + bound
        started = time.perf_counter()
        try:
            reply = await loop.run_in_executor(None, worker.run, kind, payload, deadline, progress)
        except BaseException:  # TooLong, or the request was cancelled: the worker may be mid-job
            worker.stop()
            fresh = Worker(self.context)
            self.workers = [fresh if w is worker else w for w in self.workers]
            self.idle.put_nowait(fresh)
            raise
        self.idle.put_nowait(worker)
        done = time.perf_counter()
        return Ran(reply, (started - asked) * 1000, (done - started) * 1000)


def _ignore(_text: str) -> None:
    """A progress callback that drops the line."""
