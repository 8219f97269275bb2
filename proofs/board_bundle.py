"""The board scan of the shipped spec, shipped with the code: a designer's first run skips the scan.

A board table (:mod:`proofs.boards`) takes some ten thousand queries per Clix
ruleset through the engine: about fifteen CPU-seconds, the bulk of a first
``check`` or ``diff``. Its result depends only on the engine's code, the
enumeration bounds and what the spec's rules answer, so for the spec and code
as released it is the same on every machine. ``proofs/board_data/`` holds, per
ruleset with boards, one compressed JSON *bundle*: the scan's logs (every
query's decision calls, :mod:`proofs.board_logs`) and its table.

:func:`seed` copies what the cache lacks into it, only when the bundle was
made by this very code (:func:`proofs.boards.code_fingerprint`, with the
bounds). Then:

- the spec unchanged: the table, as its cache file's very text (nothing is
  parsed but the bundle's first line, its keys);
- the spec edited (its declarations unchanged): the logs, and only the
  queries the edit changes are asked again (:func:`proofs.boards.rebuild`);
- the engine's code edited: the bundle no longer fits and is not read; the
  scan runs as before (``ADJUDICATOR_BOARD_DATA=0`` does the same on purpose).
  ``scripts/board_data.py`` makes the bundles again and ``--check`` (run by
  the tests) says when they are stale.

``check``, ``diff`` and ``witness`` ask for tables through :func:`start`,
:func:`load_many` and :func:`load`, which seed the cache first (the scan
module itself knows nothing of bundles). :func:`start` copies only tables:
a table to rebuild after an edit is rebuilt in the background while the
solver runs, and that process parses the shipped logs (:func:`shipped_logs`)
when the cache has none of its own.

A bundle is never trusted past its keys: the same checks guard it as guard the
cache's own files, and the tests compare a seeded table with a scanned one.
"""

from __future__ import annotations

import json
import lzma
import os
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path
from typing import Any, Final

from adjudicator.core import resources
from adjudicator.core.collector import collector_paused
from adjudicator.core.spec import Spec
from proofs import board_logs, boards, decision_cache
from proofs.board_logs import Logs

FORMAT: Final = "adjudicator-board-bundle 2"
DISABLE_ENV: Final = "ADJUDICATOR_BOARD_DATA"
"""Set to ``0`` to leave the shipped scans unread (every table is scanned as if the engine had changed)."""
FOLDER: Final = Path(__file__).resolve().parent / "board_data"
"""Where the bundles are: a data folder of the ``proofs`` package (in a checkout and in a wheel alike)."""


def bundle_path(ruleset: str) -> Path:
    """The bundle of one ruleset (``horrorclix/2008`` → ``horrorclix-2008.json.xz``)."""
    return FOLDER / f"{ruleset.replace('/', '-')}.json.xz"


@dataclass(frozen=True)
class Bundle:
    """A bundle as read: its keys; the table as the cache file's text and the logs, decompressed when asked.

    A bundle whose body cannot be decompressed raises ``lzma.LZMAError`` or ``ValueError`` then.
    """

    header: dict[str, Any]
    data: bytes = field(repr=False)
    """The bundle's compressed bytes: most runs read only its keys (see :func:`read`)."""

    @cached_property
    def _rest(self) -> tuple[str, str]:
        """The table's and the logs' text (the lines after the keys)."""
        _, table_text, logs_text = lzma.decompress(self.data).decode("utf-8").split("\n", 2)
        return table_text, logs_text

    @property
    def table_text(self) -> str:
        """The table exactly as :func:`proofs.boards.store` writes it: seeding copies it, parsing nothing."""
        return self._rest[0]

    @property
    def logs_text(self) -> str:
        """The logs as JSON text (see :meth:`logs`)."""
        return self._rest[1]

    def logs(self) -> Logs:
        """The logs, as the scan made them (calls as tuples, boards by index)."""
        logs = Logs(distinct=True)  # made from logs of distinct calls (:func:`make`)
        with collector_paused():
            data = json.loads(self.logs_text)
            logs.calls = [(str(d), dict(f), str(k), o) for d, f, k, o in data["calls"]]
            logs.boards = {int(i): (tuple(size), kinds, queries) for i, size, kinds, queries in data["boards"]}
        logs.engine = dict(self.header["engine"])
        return logs


def make(spec: Spec, ruleset: str, table: boards.BoardTable, logs: Logs, count: int = boards.BOARD_COUNT) -> bytes:
    """A bundle's bytes: three lines (keys, table, logs) of a scan of ``ruleset`` under ``spec``, compressed.

    The logs are kept with each distinct call once (:func:`proofs.board_logs.joined`, unless they are so).
    """
    if not logs.distinct:
        logs = board_logs.joined([logs])
    header: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": ruleset,
        "count": count,
        "code": boards.code_fingerprint(ruleset, count),
        "table_key": boards.fingerprint(spec, ruleset, count),
        "declared": board_logs.declared_digest(spec, ruleset),
        "engine": decision_cache.engine_keys(spec, ruleset),
    }
    calls = [list(call) for call in logs.calls]
    kept = [[i, list(size), kinds, queries] for i, (size, kinds, queries) in sorted(logs.boards.items())]
    logs_text = json.dumps({"calls": calls, "boards": kept}, ensure_ascii=False, separators=(",", ":"))
    text = "\n".join([json.dumps(header), boards.table_text(table), logs_text])
    return lzma.compress(text.encode("utf-8"), preset=9)


_READ: dict[Path, tuple[tuple[int, int], Bundle | None]] = {}
"""The bundles read in this process, by path, with the size and time they had (``start`` and ``load_many`` of
one run both seed: the second finds the bundle read)."""


def read(path: Path) -> Bundle | None:
    """A bundle, or None when it is missing, unreadable or of another format."""
    try:
        stat = path.stat()
    except OSError:
        return None
    seen = (stat.st_size, stat.st_mtime_ns)
    known = _READ.get(path)
    if known is None or known[0] != seen:
        known = _READ[path] = (seen, _read(path))
    return known[1]


def _read(path: Path) -> Bundle | None:
    """The bundle's keys, decompressed from its first bytes only; the rest is decompressed when asked."""
    with suppress(OSError, ValueError, lzma.LZMAError):
        data = path.read_bytes()
        decompressor = lzma.LZMADecompressor()
        start = chunk = decompressor.decompress(data, max_length=HEADER_CHUNK)
        while b"\n" not in start and chunk:
            chunk = decompressor.decompress(b"", max_length=HEADER_CHUNK)
            start += chunk
        header = json.loads(start.split(b"\n", 1)[0].decode("utf-8"))
        if isinstance(header, dict) and header.get("format") == FORMAT:
            return Bundle(header, data)
    return None


HEADER_CHUNK: Final = 1 << 16
"""How much of a bundle is decompressed at a time while looking for the end of its keys."""


def fits(header: dict[str, Any], ruleset: str, count: int) -> bool:
    """Whether a bundle was made by this code, for this ruleset and these bounds (its logs then apply)."""
    return (header.get("ruleset"), header.get("count"), header.get("code")) == (
        ruleset,
        count,
        boards.code_fingerprint(ruleset, count),
    )


def seed(spec: Spec, ruleset: str, count: int = boards.BOARD_COUNT, *, logs: bool = True) -> bool:
    """Copy what the cache lacks of the ruleset's bundle into it, when the bundle fits the code (:func:`fits`).

    The table when the spec answers as it did (its :func:`proofs.boards.fingerprint`), else (with ``logs``)
    the logs (the table is then rebuilt from them, :func:`proofs.boards.rebuild`); nothing when the cache has
    the table, or has logs of its own. True when something was written.
    """
    if os.environ.get(DISABLE_ENV) == "0":
        return False
    table_path, logs_path = boards.table_path(spec, ruleset, count), boards.logs_path(ruleset, count)
    if table_path.is_file():
        return False
    bundle = read(bundle_path(ruleset))
    if bundle is None or not fits(bundle.header, ruleset, count):
        return False
    slug = ruleset.replace("/", "-")
    if bundle.header.get("table_key") == boards.fingerprint(spec, ruleset, count):
        try:
            text = bundle.table_text
        except (lzma.LZMAError, ValueError):
            return False
        return resources.write_atomically(table_path, text.encode("utf-8"), stale=f"witness-boards-{slug}-*.json")
    return logs and not logs_path.is_file() and _seed_logs(bundle, ruleset, count, logs_path)


def _seed_logs(bundle: Bundle, ruleset: str, count: int, path: Path) -> bool:
    """Write a bundle's logs to the cache as the scan writes its own; False when they cannot be read."""
    try:
        logs = bundle.logs()
        what = (ruleset, count, str(bundle.header["declared"]))
    except (KeyError, TypeError, ValueError, lzma.LZMAError):
        return False
    slug = ruleset.replace("/", "-")
    board_logs.write(path, [logs], what, f"witness-logs-{slug}-*.pickle", logs.engine)
    return True


def shipped_logs(spec: Spec, ruleset: str, count: int) -> Callable[[], Logs | None] | None:
    """A reader of the ruleset's shipped logs, when its bundle fits the code (:func:`fits`); else None.

    The reader parses them (the costly part, left to whoever rebuilds the table) and gives None when they
    were made under other declarations (:func:`proofs.board_logs.declared_digest`) or cannot be read.
    """
    if os.environ.get(DISABLE_ENV) == "0":
        return None
    bundle = read(bundle_path(ruleset))
    if bundle is None or not fits(bundle.header, ruleset, count):
        return None

    def parsed() -> Logs | None:
        if bundle.header.get("declared") != board_logs.declared_digest(spec, ruleset):
            return None
        try:
            return bundle.logs()
        except (KeyError, TypeError, ValueError, lzma.LZMAError):
            return None

    return parsed


def seeded(spec: Spec, rulesets: Sequence[str], count: int = boards.BOARD_COUNT, *, logs: bool = True) -> None:
    """:func:`seed` for every ruleset with boards (the shipped scans are of the full enumeration only)."""
    if count == boards.BOARD_COUNT:
        for ruleset in dict.fromkeys(rulesets):
            if boards.has_boards(ruleset):
                seed(spec, ruleset, count, logs=logs)


def start(spec: Spec, rulesets: Sequence[str], count: int = boards.BOARD_COUNT) -> boards.Started | None:
    """:func:`proofs.boards.start` once the shipped tables that fit are in the cache: what ``check`` and ``diff`` call.

    The shipped logs are not copied: a table to rebuild from them is rebuilt in the background, which reads
    them (:func:`shipped_logs`).
    """
    seeded(spec, rulesets, count, logs=False)
    return boards.start(spec, rulesets, count, partial(shipped_logs, spec))


def load_many(
    spec: Spec,
    rulesets: Sequence[str],
    count: int = boards.BOARD_COUNT,
    progress: Callable[[str], None] | None = None,
    started: boards.Started | None = None,
) -> dict[str, boards.BoardTable]:
    """:func:`proofs.boards.load_many` once the shipped scans are in the cache (but for tables ``started`` rebuilds)."""
    seeded(spec, [rs for rs in rulesets if started is None or not started.rebuilds(rs, count)], count)
    return boards.load_many(spec, rulesets, count, progress, started)


def load(spec: Spec, ruleset: str, count: int = boards.BOARD_COUNT) -> boards.BoardTable:
    """:func:`proofs.boards.load` once the shipped scan is in the cache."""
    return load_many(spec, (ruleset,), count)[ruleset]


def stale(spec: Spec, rulesets: list[str], count: int = boards.BOARD_COUNT) -> list[str]:
    """What is wrong with the shipped bundles for the code and spec as they are (empty: all current)."""
    out = []
    for ruleset in rulesets:
        bundle = read(bundle_path(ruleset))
        if bundle is None:
            out.append(f"{ruleset}: no bundle at {bundle_path(ruleset)}")
        elif not fits(bundle.header, ruleset, count):
            out.append(f"{ruleset}: made by other code (the engine changed since)")
        elif bundle.header.get("table_key") != boards.fingerprint(spec, ruleset, count):
            out.append(f"{ruleset}: made under another spec (its rules answer differently now)")
    return out
