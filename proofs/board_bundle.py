"""The board scan of the shipped spec, shipped with the code: a designer's first run skips the scan.

A board table (:mod:`proofs.boards`) takes some ten thousand queries per Clix
ruleset through the engine: about fifteen CPU-seconds, the bulk of a first
``check`` or ``diff``. Its result depends only on the engine's code, the
enumeration bounds and what the spec's rules answer, so for the spec and code
as released it is the same on every machine. ``proofs/board_data/`` holds, per
ruleset with boards, one compressed JSON *bundle*: the scan's logs (every
query's decision calls, :mod:`proofs.board_logs`) and its table.

:func:`seed` copies a bundle into the cache folder when the cache has neither
the table nor the logs, and only when the bundle was made by this very code
(:func:`proofs.boards.code_fingerprint`, with the bounds). Then:

- the spec unchanged: the table is read as a cached one would be;
- the spec edited (its declarations unchanged): the logs are, and only the
  queries the edit changes are asked again (:func:`proofs.boards.rebuild`);
- the engine's code edited: the bundle no longer fits and is not read; the
  scan runs as before (``ADJUDICATOR_BOARD_DATA=0`` does the same on purpose).
  ``scripts/board_data.py`` makes the bundles again and ``--check`` (run by
  the tests) says when they are stale.

``check``, ``diff`` and ``witness`` ask for tables through :func:`start`,
:func:`load_many` and :func:`load`, which seed the cache first (the scan
module itself knows nothing of bundles).

A bundle is never trusted past its keys: the same checks guard it as guard the
cache's own files, and the tests compare a seeded table with a scanned one.
"""

from __future__ import annotations

import json
import lzma
import os
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any, Final

from adjudicator.core.spec import Spec
from proofs import board_logs, boards, decision_cache
from proofs.board_logs import Logs

FORMAT: Final = "adjudicator-board-bundle 1"
DISABLE_ENV: Final = "ADJUDICATOR_BOARD_DATA"
"""Set to ``0`` to leave the shipped scans unread (every table is scanned as if the engine had changed)."""
FOLDER: Final = Path(__file__).resolve().parent / "board_data"
"""Where the bundles are: a data folder of the ``proofs`` package (in a checkout and in a wheel alike)."""


def bundle_path(ruleset: str) -> Path:
    """The bundle of one ruleset (``horrorclix/2008`` → ``horrorclix-2008.json.xz``)."""
    return FOLDER / f"{ruleset.replace('/', '-')}.json.xz"


def make(spec: Spec, ruleset: str, table: boards.BoardTable, logs: Logs, count: int = boards.BOARD_COUNT) -> bytes:
    """A bundle's bytes: the table and logs of a scan of ``ruleset`` under ``spec``, with the keys they fit."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": ruleset,
        "count": count,
        "code": boards.code_fingerprint(ruleset, count),
        "table_key": boards.fingerprint(spec, ruleset, count),
        "declared": board_logs.declared_digest(spec, ruleset),
        "engine": decision_cache.engine_keys(spec, ruleset),
        "calls": [list(call) for call in logs.calls],
        "boards": [
            [index, list(size), kinds, queries] for index, (size, kinds, queries) in sorted(logs.boards.items())
        ],
        "table": table.to_json(),
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return lzma.compress(text.encode("utf-8"), preset=9)


def read(path: Path) -> dict[str, Any] | None:
    """A bundle's data, or None when it is missing, unreadable or of another format."""
    with suppress(OSError, ValueError, lzma.LZMAError):
        data = json.loads(lzma.decompress(path.read_bytes()))
        if isinstance(data, dict) and data.get("format") == FORMAT:
            return data
    return None


def logs_of(data: dict[str, Any]) -> Logs:
    """The logs a bundle holds, as the scan made them (calls as tuples, boards by index)."""
    logs = Logs()
    logs.calls = [(str(d), dict(f), str(k), o) for d, f, k, o in data["calls"]]
    logs.boards = {
        int(i): (tuple(size), list(kinds), [list(q) for q in queries]) for i, size, kinds, queries in data["boards"]
    }
    logs.engine = dict(data["engine"])
    return logs


def fits(data: dict[str, Any], ruleset: str, count: int) -> bool:
    """Whether a bundle was made by this code, for this ruleset and these bounds (its logs then apply)."""
    return (data.get("ruleset"), data.get("count"), data.get("code")) == (
        ruleset,
        count,
        boards.code_fingerprint(ruleset, count),
    )


def seed(spec: Spec, ruleset: str, count: int = boards.BOARD_COUNT) -> bool:
    """Copy the ruleset's bundle into the cache when the cache has neither its table nor its logs.

    The logs are written when the bundle fits the code (:func:`fits`); the table too when the spec answers
    as it did (its :func:`proofs.boards.fingerprint`). True when something was written.
    """
    if os.environ.get(DISABLE_ENV) == "0":
        return False
    table_path, logs_path = boards.table_path(spec, ruleset, count), boards.logs_path(ruleset, count)
    if table_path.is_file() or logs_path.is_file():
        return False
    data = read(bundle_path(ruleset))
    if data is None or not fits(data, ruleset, count):
        return False
    slug = ruleset.replace("/", "-")
    logs = logs_of(data)
    what = (ruleset, count, str(data["declared"]))
    board_logs.write(logs_path, [logs], what, f"witness-logs-{slug}-*.pickle", logs.engine)
    if data.get("table_key") == boards.fingerprint(spec, ruleset, count):
        with suppress(KeyError, TypeError, ValueError):
            boards.store(table_path, ruleset, boards.BoardTable.from_json(data["table"]))
    return True


def seeded(spec: Spec, rulesets: Sequence[str], count: int = boards.BOARD_COUNT) -> None:
    """:func:`seed` for every ruleset with boards (the shipped scans are of the full enumeration only)."""
    if count == boards.BOARD_COUNT:
        for ruleset in dict.fromkeys(rulesets):
            if boards.has_boards(ruleset):
                seed(spec, ruleset, count)


def start(spec: Spec, rulesets: Sequence[str], count: int = boards.BOARD_COUNT) -> boards.Started | None:
    """:func:`proofs.boards.start` once the shipped scans are in the cache: what ``check`` and ``diff`` call."""
    seeded(spec, rulesets, count)
    return boards.start(spec, rulesets, count)


def load_many(
    spec: Spec,
    rulesets: Sequence[str],
    count: int = boards.BOARD_COUNT,
    progress: Callable[[str], None] | None = None,
    started: boards.Started | None = None,
) -> dict[str, boards.BoardTable]:
    """:func:`proofs.boards.load_many` once the shipped scans are in the cache."""
    seeded(spec, rulesets, count)
    return boards.load_many(spec, rulesets, count, progress, started)


def load(spec: Spec, ruleset: str, count: int = boards.BOARD_COUNT) -> boards.BoardTable:
    """:func:`proofs.boards.load` once the shipped scan is in the cache."""
    return load_many(spec, (ruleset,), count)[ruleset]


def stale(spec: Spec, rulesets: list[str], count: int = boards.BOARD_COUNT) -> list[str]:
    """What is wrong with the shipped bundles for the code and spec as they are (empty: all current)."""
    out = []
    for ruleset in rulesets:
        data = read(bundle_path(ruleset))
        if data is None:
            out.append(f"{ruleset}: no bundle at {bundle_path(ruleset)}")
        elif not fits(data, ruleset, count):
            out.append(f"{ruleset}: made by other code (the engine changed since)")
        elif data.get("table_key") != boards.fingerprint(spec, ruleset, count):
            out.append(f"{ruleset}: made under another spec (its rules answer differently now)")
    return out
