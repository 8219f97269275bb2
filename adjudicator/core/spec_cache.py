"""A compiled form of the loaded spec, cached on disk and keyed by everything it is built from.

Loading the spec (parsing every YAML file, checking every citation against the
rulebook texts, type-checking every expression) costs about a tenth of a
second; ``ask`` needs the result, not the work. The loaded :class:`Spec` is
pickled into :func:`adjudicator.core.resources.cache_dir` (the user's cache
folder for an installed tool) under a key made of:

- the code that builds and holds it: every ``.py`` file of ``adjudicator/core``
  and its data files (the packaged headings), plus the Python version;
- the spec folder and the games loaded, and the bytes of ``sources.yaml`` and
  of every topic file of those games;
- the rulebook texts' folder and each file's name, size and modification time
  (the texts decide which citations check and whether they are available), and
  whether they are required (``CI``).

Any change to one of these gives another key, so a stale entry is never read:
the spec is loaded afresh and the entry rewritten. Each (spec folder, games)
pair has one entry file whose first line holds its key, so edits replace the
entry instead of piling up new ones. Entries are written to a temporary file
and renamed into place (atomic, so parallel test workers never read half a
file). The cache is an optimisation only: an unreadable, corrupt or
unwritable entry means a fresh load, never an error. Only a spec that loaded
without error is cached. The compiled predicates are closures, which do not
pickle: clauses and invariants keep their expression trees and compile them
on first use; each tree is pickled apart and unpickled when first read, as an
``ask`` evaluates few of the rules it loads (:mod:`adjudicator.core.model`).
The entry holds the work every question repeats, done once before it is
written (:meth:`adjudicator.core.spec.Spec.warm`).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar, cast

from adjudicator.core import resources
from adjudicator.core.collector import collector_paused

try:  # hashlib's own blake2b, without loading OpenSSL's bindings first (a few ms of every ``ask``)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter without the module
    from hashlib import blake2b

Loaded = TypeVar("Loaded")
"""What the cache keeps: the loaded spec (this module needs nothing of it but that it pickles)."""

FORMAT = b"adjudicator-spec-cache 1"
KEEP = 24
"""At most this many entries are kept (the least recently written go first): test fixture specs add their own."""
DISABLE_ENV = "ADJUDICATOR_SPEC_CACHE"
"""Set to ``0`` to load the spec afresh every time (and write no entry)."""


@cache
def code_fingerprint() -> bytes:
    """A digest of the code that builds and holds the spec (its classes must match the pickled ones)."""
    package = Path(__file__).resolve().parents[1]
    digest = blake2b(FORMAT + sys.version.encode(), digest_size=20)
    files = sorted([*(package / "core").rglob("*.py"), *(package / "core").glob("*.json")])
    for path in files:
        digest.update(str(path.relative_to(package)).encode() + b"\0")
        with contextlib.suppress(OSError):
            digest.update(path.read_bytes())
    return digest.digest()


def spec_files(spec_dir: Path, games: tuple[str, ...] | None) -> list[Path]:
    """The files a load of ``games`` (None: every game) reads: ``sources.yaml`` and the games' topic files."""
    found = [spec_dir / "sources.yaml"]
    for game_dir in sorted(p for p in spec_dir.iterdir() if p.is_dir()):
        if games is None or game_dir.name in games:
            found.extend(sorted(game_dir.glob("*.yaml")))
    return found


def cache_key(spec_dir: Path, games: tuple[str, ...] | None, kind: str = "spec") -> str:
    """The key of a load: code, spec files' bytes, rulebook texts' names, sizes and times (and what is kept)."""
    digest = blake2b(code_fingerprint(), digest_size=20)
    digest.update(f"{kind}\0{spec_dir}\0{games}\0".encode())
    for path in spec_files(spec_dir, games):
        data = path.read_bytes()
        digest.update(f"{path.relative_to(spec_dir)}\0{len(data)}\0".encode() + data)
    seeds = resources.seeds_dir()
    digest.update(f"seeds {seeds} required {resources.seeds_required()}\0".encode())
    if seeds is not None and seeds.is_dir():
        for entry in sorted(os.scandir(seeds), key=lambda e: e.name):
            if entry.is_file():
                stat = entry.stat()
                digest.update(f"{entry.name}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def entry_path(spec_dir: Path, games: tuple[str, ...] | None, kind: str = "spec") -> Path:
    """The one entry file of this (spec folder, games) pair (``kind``: the loaded spec, or the rulesets)."""
    slot = blake2b(f"{spec_dir}\0{games}".encode(), digest_size=8).hexdigest()
    return resources.cache_dir() / "spec" / f"{kind}-{slot}.pickle"


def read_entry(path: Path, key: str) -> object | None:
    """The cached spec when the entry exists and carries ``key``; None otherwise (or when unreadable)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    header = key.encode() + b"\n"
    if not data.startswith(header):
        return None
    try:
        with collector_paused():  # thousands of objects and no cycle to collect among them
            spec: object = pickle.loads(data[len(header) :])  # noqa: S301 - our own file in the user's cache
    except Exception:  # noqa: BLE001 - a corrupt or outdated entry is rebuilt, whatever the error
        return None
    return spec


def write_entry(path: Path, key: str, spec: object) -> None:
    """Write the entry atomically (temporary file, then rename); silently skip when it cannot be written."""
    try:
        payload = pickle.dumps(spec, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return
    if resources.write_atomically(path, key.encode() + b"\n" + payload):
        prune(path.parent)


def prune(folder: Path) -> None:
    """Remove the oldest entries beyond :data:`KEEP` (another process may remove them first: no matter)."""
    entries = sorted(folder.glob("*-*.pickle"), key=_mtime, reverse=True)
    for old in entries[KEEP:]:
        old.unlink(missing_ok=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def cached_load(
    spec_dir: Path, games: tuple[str, ...] | None, load: Callable[[], Loaded], kind: str = "spec"
) -> Loaded:
    """The spec from its cache entry when the key matches, else ``load()`` (then written to the cache).

    ``kind`` names what is kept: ``spec`` (the loaded spec of ``games``) or ``rulesets`` (the rulesets
    ``sources.yaml`` names, with ``games=()``: the key then covers ``sources.yaml`` alone).
    """
    if os.environ.get(DISABLE_ENV) == "0":
        return load()
    try:
        key = cache_key(spec_dir, games, kind)
    except OSError:
        return load()
    path = entry_path(spec_dir, games, kind)
    kept = read_entry(path, key)
    if kept is not None:
        return cast("Loaded", kept)
    spec = load()
    write_entry(path, key, spec)
    return spec
