"""The ASGI application: the HTTP API, the judge's page and the rules reference (Starlette).

``create_app`` builds it; ``adjudicator serve`` runs it with uvicorn on
127.0.0.1 unless told otherwise. Answers are computed in worker processes
(:mod:`adjudicator.web.workers`) with a time bound each; the event loop only
reads bodies and writes answers. Every error is a JSON document with a 4xx
status (503 when busy), never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from adjudicator.core.errors import UsageError
from adjudicator.web import api_docs
from adjudicator.web.bodies import SHOWN, BadBody, error_document, read_limited, situation_text
from adjudicator.web.jobs import Reply, dumps
from adjudicator.web.workers import Busy, Pool, TooLong

ASK_TIMEOUT = 10.0
"""Seconds an ``ask`` or ``validate`` may take."""
DESIGNER_TIMEOUT = 300.0
"""Seconds a ``diff`` or ``check`` may take."""
QUEUE_TIMEOUT = 5.0
"""Seconds a request waits for a free worker before 503."""
MAX_JOBS = 64
"""Designer jobs remembered (the oldest finished ones are forgotten first)."""

YES = frozenset({"1", "true", "yes"})
"""How a query parameter says yes (``?svg=1``)."""

HTTP_ACCEPTED = 202
HTTP_NOT_FOUND = 404
HTTP_TIMEOUT = 408
HTTP_TOO_MANY = 429
HTTP_UNAVAILABLE = 503


@dataclass
class Settings:
    """What ``serve`` may change."""

    workers: int = 2
    warm: bool = True
    reference: Path | None = None
    ask_timeout: float = ASK_TIMEOUT
    designer_timeout: float = DESIGNER_TIMEOUT


@dataclass
class Job:
    """A designer job (diff or check) and what is known of it so far."""

    id: str
    kind: str
    args: tuple[str, ...]
    state: str = "queued"
    progress: list[str] = field(default_factory=list)
    status: int = 0
    result: Any = None
    started: float = field(default_factory=time.monotonic)

    def view(self) -> dict[str, Any]:
        """The job as the API shows it."""
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "args": list(self.args), "state": self.state}
        out["progress"] = self.progress[-20:]
        if self.state in {"done", "failed"}:
            out["status"] = self.status
            out["result"] = self.result
        return out


def json_text(body: str, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """A JSON answer whose text is already written (byte-for-byte the CLI's, plus its final newline)."""
    return Response(body + "\n", status_code=status, media_type="application/json", headers=headers)


def json_error(status: int, text: str, **extra: Any) -> Response:
    """A JSON error answer."""
    return json_text(dumps(error_document(status, text, **extra)), status)


class Server:
    """The state behind the routes: the worker pools and the designer jobs."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.asks = Pool(settings.workers)
        self.designers = Pool(1)
        self.jobs: dict[str, Job] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    @contextlib.asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        """Start the workers before the first request; stop them at shutdown."""
        await self.asks.start(warm=self.settings.warm)
        await self.designers.start(warm=False)
        try:
            yield
        finally:
            await self.asks.stop()
            await self.designers.stop()

    async def situation_job(self, request: Request, kind: str, payload: dict[str, Any]) -> Response:
        """Read the body, run ``ask`` or ``validate`` on it in a worker, answer its reply."""
        try:
            raw = await read_limited(request)
            text = situation_text(raw, request.headers.get("content-type", ""))
        except BadBody as exc:
            return json_error(exc.status, exc.message)
        try:
            ran = await self.asks.run(
                kind,
                {"text": text, "shown": SHOWN, **payload},
                bound=self.settings.ask_timeout,
                queue_timeout=QUEUE_TIMEOUT,
            )
        except TooLong:
            return json_error(HTTP_TIMEOUT, f"{kind}: no answer within {self.settings.ask_timeout:g} s; stopped")
        except Busy:
            return json_error(HTTP_UNAVAILABLE, "every worker is busy; try again", retry_after=1)
        timing = f"queue;dur={ran.queued_ms:.2f}, {kind};dur={ran.work_ms:.2f}"
        return json_text(ran.reply.body, ran.reply.status, {"Server-Timing": timing})

    async def ask(self, request: Request) -> Response:
        """``POST /api/ask``: the answer, as ``adjudicator ask --json`` prints it."""
        svg = request.query_params.get("svg", "") in YES
        view = request.query_params.get("view", "") in YES
        return await self.situation_job(request, "ask", {"svg": svg, "view": view})

    async def validate(self, request: Request) -> Response:
        """``POST /api/validate``: whether the situation reads, and its document as JSON."""
        return await self.situation_job(request, "validate", {})

    async def start_diff(self, request: Request) -> Response:
        """``POST /api/diff``: see :meth:`start_designer`."""
        return await self.start_designer(request, "diff")

    async def start_check(self, request: Request) -> Response:
        """``POST /api/check``: see :meth:`start_designer`."""
        return await self.start_designer(request, "check")

    async def start_designer(self, request: Request, kind: str) -> Response:
        """Start a designer job; its progress is at ``/api/jobs/{id}`` (``?wait=S`` waits up to S seconds)."""
        try:
            raw = await read_limited(request, 4096)
            args = designer_args(kind, raw)
        except BadBody as exc:
            return json_error(exc.status, exc.message)
        running = [j for j in self.jobs.values() if j.state in {"queued", "running"}]
        if len(running) >= MAX_JOBS // 8:
            return json_error(HTTP_TOO_MANY, f"{len(running)} designer jobs are still running; try later")
        job = Job(uuid.uuid4().hex[:12], kind, args)
        self.remember(job)
        task = asyncio.create_task(self.run_designer(job))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        wait = request.query_params.get("wait", "")
        if wait.replace(".", "", 1).isdigit():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(task), min(float(wait), 60.0))
        status = HTTP_ACCEPTED if job.state in {"queued", "running"} else job.status
        return json_text(dumps(job.view()), status, {"Location": f"/api/jobs/{job.id}"})

    def remember(self, job: Job) -> None:
        """Keep the job, forgetting the oldest finished ones past :data:`MAX_JOBS`."""
        self.jobs[job.id] = job
        finished = [j for j in self.jobs.values() if j.state in {"done", "failed"}]
        for old in finished[: max(0, len(self.jobs) - MAX_JOBS)]:
            del self.jobs[old.id]

    async def run_designer(self, job: Job) -> None:
        """Run a designer job in the designer worker, recording progress and the result."""
        job.state = "running"
        try:
            ran = await self.designers.run(
                job.kind,
                {"args": list(job.args)},
                bound=self.settings.designer_timeout,
                queue_timeout=self.settings.designer_timeout,
                progress=job.progress.append,
            )
            reply = ran.reply
        except TooLong:
            reply = Reply(HTTP_TIMEOUT, dumps(f"no answer within {self.settings.designer_timeout:g} s; stopped"))
        except Busy:
            reply = Reply(HTTP_UNAVAILABLE, dumps("the designer worker stayed busy; try again"))
        job.status = reply.status
        job.state = "done" if reply.status == 200 else "failed"  # noqa: PLR2004 - HTTP OK
        job.result = _loads(reply.body)

    async def job(self, request: Request) -> Response:
        """``GET /api/jobs/{id}``: a designer job's state, progress and (when done) result."""
        job = self.jobs.get(request.path_params["job_id"])
        if job is None:
            return json_error(HTTP_NOT_FOUND, "no such job (jobs are forgotten after a while)")
        return json_text(dumps(job.view()))


def _loads(text: str) -> Any:
    """Parse a worker's JSON text."""
    import json  # noqa: PLC0415 - only for designer results

    return json.loads(text)


def designer_args(kind: str, raw: bytes) -> tuple[str, ...]:
    """The rulesets of a diff (``{"a": .., "b": ..}``) or check (``{"ruleset": ..}``) body."""
    import json  # noqa: PLC0415 - only for designer bodies

    try:
        data = json.loads(raw.decode("utf-8") or "null")
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise BadBody(400, "send a JSON object such as " + DESIGNER_BODIES[kind]) from None
    keys = ("a", "b") if kind == "diff" else ("ruleset",)
    if not isinstance(data, dict) or set(data) != set(keys) or not all(isinstance(data[k], str) for k in keys):
        raise BadBody(400, "send a JSON object such as " + DESIGNER_BODIES[kind])
    return tuple(data[k] for k in keys)


DESIGNER_BODIES = {"diff": '{"a": RULESET, "b": RULESET}', "check": '{"ruleset": RULESET}'}


@cache
def static_dir() -> Path:
    """The page's files, shipped in the package."""
    return Path(str(files("adjudicator.web") / "static"))


async def page(_request: Request) -> Response:
    """``GET /``: the judge's page."""
    return FileResponse(static_dir() / "index.html", media_type="text/html")


async def no_reference(_request: Request) -> Response:
    """``/reference/`` when the site is not built."""
    return json_error(HTTP_NOT_FOUND, "the rules reference is not built: run 'make docs', then serve again")


async def http_error(_request: Request, exc: Exception) -> Response:
    """Starlette's own errors (404, 405) as JSON."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    detail = exc.detail if isinstance(exc, HTTPException) else "internal error"
    return json_error(status, str(detail))


async def usage_error(_request: Request, exc: Exception) -> Response:
    """An unknown game, rule or ruleset named in a URL."""
    return json_error(HTTP_NOT_FOUND, str(exc))


async def internal_error(_request: Request, exc: Exception) -> Response:
    """The last resort: a JSON document naming the kind of error, never a traceback."""
    return json_error(500, f"internal error ({type(exc).__name__})")


def create_app(settings: Settings | None = None) -> Starlette:
    """The application (workers start with its lifespan)."""
    settings = settings or Settings()
    server = Server(settings)
    reference = settings.reference
    routes = [
        Route("/", page),
        Route("/api/ask", server.ask, methods=["POST"]),
        Route("/api/validate", server.validate, methods=["POST"]),
        Route("/api/diff", server.start_diff, methods=["POST"]),
        Route("/api/check", server.start_check, methods=["POST"]),
        Route("/api/jobs/{job_id}", server.job),
        *api_docs.routes(),
        Mount("/static", StaticFiles(directory=static_dir()), name="static"),
    ]
    if reference is not None and (reference / "index.html").is_file():
        routes.append(Mount("/reference", StaticFiles(directory=reference, html=True), name="reference"))
    else:
        routes.append(Route("/reference/{rest:path}", no_reference))
    app = Starlette(
        routes=routes,
        lifespan=server.lifespan,
        exception_handlers={HTTPException: http_error, UsageError: usage_error, Exception: internal_error},
    )
    app.state.server = server
    return app
