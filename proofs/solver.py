"""Deterministic, bounded Z3 queries with three-valued results.

Every solver is built by :func:`new_solver`: fixed seeds and a resource limit
(``rlimit``, counted per query, not wall-clock time). A proof first checks
that its premises are satisfiable (the vacuity guard); ``unknown`` and vacuous
premises are :attr:`Status.UNKNOWN` and never count as a pass.
"""

from __future__ import annotations

import ctypes
import enum
import functools
import platform
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import z3

RLIMIT = 50_000_000
"""Resource limit per query: far above what any real-spec query needs."""


class Status(enum.Enum):
    """The outcome of a proof."""

    PROVED = "proved"
    REFUTED = "refuted"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Verdict:
    """A proof's status, the counterexample model when refuted, and a note."""

    status: Status
    model: z3.ModelRef | None = None
    note: str = ""

    @property
    def passed(self) -> bool:
        """Only a proof passes; refuted and unknown do not."""
        return self.status is Status.PROVED


M_TRIM_THRESHOLD: Final = -1
M_MMAP_THRESHOLD: Final = -3
"""glibc's ``mallopt`` parameters (``malloc.h``)."""
KEPT_BLOCK: Final = 32 << 20
"""The C heap serves blocks up to this size itself (a Z3 context's largest are a few megabytes) ..."""
KEPT_FREE: Final = 64 << 20
"""... and keeps up to this much freed memory at its top for the next ones."""


@functools.cache
def keep_solver_memory() -> bool:
    """Let the C heap keep the memory a Z3 context frees for the next context (glibc only; once per process).

    ``check`` and ``diff`` solve each decision in a fresh context. By default glibc maps every large block a
    context allocates straight from the system and unmaps it when the context goes, so each new context paid
    again for faulting its pages in: about 8 ms a context, a second of a ``diff`` (1.3 ms with the memory
    kept). The process keeps at most :data:`KEPT_FREE` more. Returns whether the setting took.
    """
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, KEPT_BLOCK)) and bool(mallopt(M_TRIM_THRESHOLD, KEPT_FREE))


def configure() -> None:
    """Fix Z3's global seeds so that every run finds the same models (and keep its memory for the next context)."""
    keep_solver_memory()
    z3.set_param("smt.random_seed", 0)
    z3.set_param("sat.random_seed", 0)
    z3.set_param("smt.arith.random_initial_value", False)  # noqa: FBT003 - z3 takes positional pairs


def fresh_context() -> None:
    """Start a new main Z3 context: a run's results must not depend on what the process solved before.

    Z3's answers (which model, which core) depend on the context's history (the terms it has made); a
    fresh process always starts with a fresh context, and every designer run (``check``, ``diff``,
    ``prove``) starts with one too, so running it twice in one process (tests, the web workers, the
    docs build) gives the same findings as the CLI. z3py has no public reset: the next ``main_ctx()``
    call makes the new context. Objects of the old context stay valid with it; none is kept across runs.
    """
    configure()
    z3.z3._main_ctx = None  # noqa: SLF001 - z3py has no other handle on the main context


def new_solver(constraints: Sequence[z3.BoolRef] = (), rlimit: int = RLIMIT) -> z3.Solver:
    """A seeded solver with a per-query resource limit, holding ``constraints``."""
    configure()
    solver = z3.Solver()
    solver.set("random_seed", 0)
    solver.set("rlimit", rlimit)
    solver.add(*constraints)
    return solver


def search(solver: z3.Solver, goal: z3.BoolRef | None = None) -> Verdict:
    """Look for a model of the solver's constraints (and ``goal``).

    ``REFUTED`` carries the model found (the goal is reachable), ``PROVED``
    means there is none, ``UNKNOWN`` that the limit was hit.
    """
    result = solver.check(goal) if goal is not None else solver.check()
    if result == z3.sat:
        return Verdict(Status.REFUTED, solver.model())
    if result == z3.unsat:
        return Verdict(Status.PROVED)
    return Verdict(Status.UNKNOWN, note=f"solver gave up: {solver.reason_unknown()}")


def prove(premises: Sequence[z3.BoolRef], claim: z3.BoolRef, rlimit: int = RLIMIT) -> Verdict:
    """Prove ``premises -> claim`` after checking that the premises can hold."""
    solver = new_solver(premises, rlimit)
    guard = search(solver)
    if guard.status is Status.PROVED:
        return Verdict(Status.UNKNOWN, note="vacuous: the premises cannot hold")
    if guard.status is Status.UNKNOWN:
        return guard
    return search(solver, z3.Not(claim))


def minimise(solver: z3.Solver, size: z3.ArithRef, model: z3.ModelRef) -> tuple[z3.ModelRef, bool]:
    """A model of ``solver`` with the least ``size``, descending from ``model``.

    Returns the best model found and whether it is proven minimal (a query
    that hits the limit stops the descent with the best model so far).
    """
    best = model
    while True:
        bound = best.eval(size, model_completion=True)
        verdict = search(solver, size < bound)
        if verdict.status is Status.PROVED:
            return best, True
        if verdict.model is None:
            return best, False
        best = verdict.model


def minimal_core(solver: z3.Solver, literals: Sequence[z3.BoolRef]) -> list[z3.BoolRef]:
    """A minimal subset of ``literals`` that the solver refutes (deletion-based MUS).

    The solver must be unsatisfiable under all of ``literals``; its unsat
    core is shrunk one literal at a time until every literal is needed.
    """
    if solver.check(*literals) != z3.unsat:
        return []
    core = [lit for lit in literals if any(lit.eq(c) for c in solver.unsat_core())]
    index = 0
    while index < len(core):
        trial = core[:index] + core[index + 1 :]
        if solver.check(*trial) == z3.unsat:
            core = trial
        else:
            index += 1
    return core
