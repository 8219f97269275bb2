"""The designer commands' findings, cached on disk and keyed by everything they are computed from.

``check``, ``diff`` and ``prove`` are pure: the same spec, rulebook texts,
code and arguments give the same findings. A run stores its findings (as the
JSON ``--json`` prints) in :func:`adjudicator.core.resources.cache_dir`
under ``findings/``, one entry file per command and arguments, whose first
line is the key it was computed under:

- the spec's load key (:func:`adjudicator.core.spec_cache.cache_key`: the
  spec files, the rulebook texts' names, sizes and times, the rule core's code);
- every ``.py`` file of ``adjudicator`` that answers queries or loads
  situations (witness boards are replayed through them) and every file of
  ``proofs`` (the solver's code, ``expected.yaml``), the Python version and
  the z3 and ruamel versions;
- the command, its arguments (rulesets with their readings) and whether boards are wanted.

A run whose key matches reads the entry instead of solving again; any change
to one of these gives another key, so a stale entry is never read (the entry
is then recomputed and replaced). The cache is an optimisation only: an
unreadable or unwritable entry means a fresh run, never an error. Findings
always pass through JSON (:func:`normalise`), so a fresh run and a cached one
print the same bytes. ``--no-cache`` on the commands, or
``ADJUDICATOR_FINDINGS_CACHE=0``, recomputes without reading or writing an entry.

This module does not import z3: a cached run loads no solver.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from adjudicator.core import resources, spec_cache

FORMAT = "adjudicator-findings-cache 1"
DISABLE_ENV = "ADJUDICATOR_FINDINGS_CACHE"
"""Set to ``0`` to compute findings afresh every time (and write no entry)."""
UNHASHED = ("docgen", "web")
"""Packages of ``adjudicator`` that only present findings (their changes keep the entries)."""
VERSIONED = ("z3-solver", "ruamel.yaml")
"""Libraries whose version can change a finding (the solver; the YAML writer of witness boards)."""

Findings = list[dict[str, Any]]


def enabled() -> bool:
    """Whether entries are read and written (``ADJUDICATOR_FINDINGS_CACHE`` is not ``0``)."""
    return os.environ.get(DISABLE_ENV) != "0"


@cache
def code_fingerprint() -> str:
    """A digest of the code findings come from: ``adjudicator`` (but its presenters), ``proofs``, library versions."""
    package = Path(__file__).resolve().parents[1] / "adjudicator"
    proofs = Path(__file__).resolve().parent
    digest = hashlib.blake2b(f"{FORMAT}\0{sys.version}\0".encode(), digest_size=20)
    for name in VERSIONED:
        with contextlib.suppress(metadata.PackageNotFoundError):
            digest.update(f"{name} {metadata.version(name)}\0".encode())
    files = [p for p in sorted(package.rglob("*.py")) if p.relative_to(package).parts[0] not in UNHASHED]
    files += [p for p in sorted(proofs.iterdir()) if p.suffix in {".py", ".yaml"}]
    root = resources.checkout_root()  # its examples are the boards replayed for the hex and house games' readings
    files += sorted((root / "examples").rglob("*.yaml")) if root is not None else []
    for path in files:
        digest.update(path.name.encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def run_key(command: str, args: Sequence[str], *, boards: bool = True) -> str:
    """The key of one run: spec and texts, code, command and arguments."""
    spec_key = spec_cache.cache_key(resources.spec_dir().resolve(), None)
    what = json.dumps([command, list(args), boards])
    return hashlib.blake2b(f"{spec_key}\0{code_fingerprint()}\0{what}".encode(), digest_size=20).hexdigest()


def entry_path(command: str, args: Sequence[str]) -> Path:
    """The one entry file of a command with these arguments (in this spec folder)."""
    what = json.dumps([command, list(args)])  # the arguments as the key writes them (a tuple or a list alike)
    slot = hashlib.blake2b(f"{resources.spec_dir().resolve()}\0{what}".encode(), digest_size=8)
    return resources.cache_dir() / "findings" / f"{command}-{slot.hexdigest()}.json"


def normalise(findings: Findings) -> Findings:
    """The findings as JSON gives them back (tuples become lists): what a cached run reads."""
    return list(json.loads(json.dumps(findings, ensure_ascii=False)))


def read(path: Path, key: str) -> Findings | None:
    """The entry's findings when it exists and carries ``key``; None otherwise (or when unreadable)."""
    try:
        with path.open(encoding="utf-8") as handle:
            if handle.readline().rstrip("\n") != key:
                return None
            findings = json.load(handle)
    except (OSError, ValueError):
        return None
    return findings if isinstance(findings, list) else None


def write(path: Path, key: str, findings: Findings) -> None:
    """Write the entry atomically (temporary file, then rename); silently skip when it cannot be written."""
    text = key + "\n" + json.dumps(findings, ensure_ascii=False)
    resources.write_atomically(path, text.encode("utf-8"))


def cached_run(command: str, args: Sequence[str], compute: Callable[[], Findings], *, use: bool = True) -> Findings:
    """The findings of ``command args``: from the entry when its key matches, else ``compute()`` (then stored).

    With ``use`` false (``--no-cache``) or the cache disabled, always ``compute()`` and store nothing.
    """
    if not (use and enabled()):
        return normalise(compute())
    try:
        key = run_key(command, args)
    except OSError:
        return normalise(compute())
    path = entry_path(command, args)
    found = read(path, key)
    if found is None:
        found = normalise(compute())
        write(path, key, found)
    return found
