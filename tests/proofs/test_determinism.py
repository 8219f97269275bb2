"""A designer run gives the same findings whatever the process solved before (each starts a fresh Z3 context)."""

from __future__ import annotations

import json
import platform
import subprocess
import sys

from adjudicator.core.spec import Spec
from proofs import check, diff, solver

A, B = "horrorclix/1e", "horrorclix/2008"


def test_diff_is_the_same_after_other_solving(real_spec: Spec) -> None:
    """The same diff, before and after a check in the same process: the same findings, witnesses included.

    Z3 picks its models by the context's history; without a fresh context per run the second diff found
    another witness for most findings (and a different number of them).
    """
    first = diff.run(real_spec, A, B, boards=False)
    check.run(real_spec, B, boards=False)
    second = diff.run(real_spec, A, B, boards=False)
    assert len(first) > 50
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)


def test_the_solver_memory_is_kept_on_glibc() -> None:
    """On Linux with glibc the C heap is told to keep what a Z3 context frees; elsewhere nothing is changed."""
    glibc = platform.system() == "Linux" and platform.libc_ver()[0] == "glibc"
    assert solver.keep_solver_memory() is glibc
    assert solver.keep_solver_memory() is glibc  # once per process: the second call is the first's answer
    assert solver.keep_solver_memory.cache_info().misses == 1


def test_the_findings_do_not_depend_on_where_the_memory_lies() -> None:
    """A diff in a process whose C heap keeps the solver's memory finds what one under glibc's defaults finds.

    Each runs in its own process (the setting is for the whole process): one made with the memory kept
    (as ``check`` and ``diff`` make it), one in which :func:`proofs.solver.keep_solver_memory` does nothing.
    """
    run = "import json, sys; from adjudicator.core.spec import load_spec; from proofs import diff; "
    run += f"json.dump(diff.run(load_spec(), {A!r}, {B!r}, boards=False), sys.stdout, sort_keys=True)"
    kept = subprocess.run([sys.executable, "-c", run], capture_output=True, text=True, check=True).stdout
    plain = "import proofs.solver as s; s.keep_solver_memory = lambda: False; " + run
    default = subprocess.run([sys.executable, "-c", plain], capture_output=True, text=True, check=True).stdout
    assert len(json.loads(kept)) > 50
    assert kept == default
