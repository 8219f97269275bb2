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

Inside one run, ``check`` keeps its findings part by part too
(:class:`Parts`): one decision (under all its readings) or one rule's
ambiguity, each solved in a fresh Z3 context and keyed by what it reads
(:mod:`proofs.decision_cache`). After an edit of one rule, the run's key
changes but only the parts that rule touches are solved again; the others
come from the parts file, with the bytes a fresh solve gives (they pass
through JSON either way).

This module does not import z3: a cached run loads no solver.
"""

from __future__ import annotations

import contextlib
import contextvars
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


_PARTS: contextvars.ContextVar[bool] = contextvars.ContextVar("adjudicator_findings_parts", default=False)
"""Whether the run :func:`cached_run` is computing may keep its parts (false under ``--no-cache``)."""
PARTS_FORMAT = "adjudicator-findings-parts 1"


class Parts:
    """The findings of one command's parts, by key, kept in one file per command and arguments.

    :meth:`get` returns a part's findings from the file when its key is there, else computes them; both pass
    through JSON. :meth:`save` writes the parts this run used (and only those: stale ones go). Inactive (a
    part always computed, nothing written) outside :func:`cached_run`, with ``--no-cache`` or the cache disabled.
    """

    def __init__(self, command: str, args: Sequence[str], *, active: bool | None = None) -> None:
        self.active = (_PARTS.get() and enabled()) if active is None else active
        self.path = entry_path(command, args).with_suffix(".parts")
        self.old: dict[str, str] = {}
        self.new: dict[str, str] = {}
        self.reused = 0
        if self.active:
            self.old = self._read()

    def _header(self) -> str:
        return f"{PARTS_FORMAT} {code_fingerprint()}"

    def _read(self) -> dict[str, str]:
        try:
            with self.path.open(encoding="utf-8") as handle:
                if handle.readline().rstrip("\n") != self._header():
                    return {}
                parts = json.load(handle)
        except (OSError, ValueError):
            return {}
        return parts if isinstance(parts, dict) else {}

    def stored(self, key: str) -> Findings | None:
        """The findings stored under ``key`` (kept for the next run), or None."""
        text = self.old.get(key)
        if text is not None:
            with contextlib.suppress(ValueError):
                found = json.loads(text)
                if isinstance(found, list):
                    self.new[key] = text
                    self.reused += 1
                    return found
        return None

    def get(self, key: str, compute: Callable[[], Findings]) -> Findings:
        """The part's findings (JSON-normalised): stored under ``key``, else ``compute()``."""
        found = self.stored(key)
        if found is not None:
            return found
        text = json.dumps(compute(), ensure_ascii=False)
        self.new[key] = text
        return list(json.loads(text))

    def add(self, key: str, found: Findings) -> Findings:
        """Record a part computed elsewhere (a worker process); its findings normalised."""
        text = json.dumps(found, ensure_ascii=False)
        self.new[key] = text
        return list(json.loads(text))

    def has(self, key: str) -> bool:
        """Whether the part is stored."""
        return key in self.old

    def save(self) -> None:
        """Write the parts used in this run (when active and something changed)."""
        if self.active and self.new != self.old:
            text = self._header() + "\n" + json.dumps(self.new, ensure_ascii=False)
            with contextlib.suppress(OSError):
                resources.write_atomically(self.path, text.encode("utf-8"))


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
        token = _PARTS.set(True)
        try:
            found = normalise(compute())
        finally:
            _PARTS.reset(token)
        write(path, key, found)
    return found
