"""What every query of the witness-board scan asked, kept so that a spec edit rescans only what it changes.

A board table (:mod:`proofs.boards`) keeps, per decision and fact vector, the
smallest board that met it; these *logs* keep, per board and query, the
distinct ``Table.decide`` calls its run made (decision, facts as declared,
outcome), each call stored once. The engine depends on the spec only through
what ``Table.decide`` returns and through the decisions' declared facts (see
the module docstring of :mod:`proofs.boards`), so after an edit of the spec
that leaves every declaration of the game as it was, a query whose calls all
come out as before would make the very same calls again: only the others are
run again (:func:`proofs.boards.rebuild`), and the table follows from the logs.

The logs are cached beside the tables, under a hash of the engine's code and
the enumeration bounds only (:func:`proofs.boards.code_fingerprint`), with a
digest of the game's declarations (:func:`declared_digest`) checked on use.
"""

from __future__ import annotations

import hashlib
import pickle
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from adjudicator.core import resources
from adjudicator.core.collector import collector_paused

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from adjudicator.core.expr.compile import Value
    from adjudicator.core.spec import Spec

VERSION: Final = 1
"""The layout of a logs file (another layout is not read)."""
Call = tuple[str, dict[str, "Value"], str, Any]
"""One distinct decision call: decision, facts as declared, their key, outcome (as :data:`proofs.boards.Met`)."""
Board = tuple[tuple[int, ...], list[int], list[list[int]]]
"""A board's size, and per query in order its kind's rank (``QUERY_RANK``) and its calls' numbers."""


@dataclass
class Logs:
    """One ruleset's scan, query by query."""

    calls: list[Call] = field(default_factory=list)
    boards: dict[int, Board] = field(default_factory=dict)
    """Per board index: its size, and per query in order its kind's rank and its calls' numbers."""
    engine: dict[str, str] = field(default_factory=dict)
    """Per decision, what the engine answered under the spec the logs were made with
    (:func:`proofs.decision_cache.engine_keys`; empty: unknown). A call of a decision whose key is the same
    under the current spec comes out as logged without being asked again."""
    distinct: bool = field(default=False, compare=False)
    """Whether each call (decision and facts) is logged once: as :func:`joined` and a rebuild give them (a scan's
    worker may log one call twice, from two ways of asking it)."""
    generated: dict[int, tuple[Any, list[Any]]] = field(default_factory=dict, compare=False, repr=False)
    """Boards a table made from these logs keeps, by index: the board's document and its queries as
    :func:`proofs.boards.generate` makes them (read back where the next rebuild needs them, not made again)."""
    _numbers: dict[int, int] = field(default_factory=dict, repr=False)
    """A call object's number, by the object's identity (the scan hands the same object for a repeated call;
    :attr:`calls` keeps every numbered object alive, so no other object takes its identity over)."""

    def add(self, index: int, size: tuple[int, ...], kind: int, met: Sequence[Call]) -> None:
        """Append one query's calls (``kind``: its kind's rank) to board ``index``, in the board's query order."""
        numbers, calls = self._numbers, self.calls
        ids = []
        for call in met:
            number = numbers.get(id(call))
            if number is None:
                number = numbers[id(call)] = len(calls)
                calls.append(call)
            ids.append(number)
        known = self.boards.get(index)
        if known is None:
            self.boards[index] = (size, [kind], [ids])
        else:
            known[1].append(kind)
            known[2].append(ids)

    def state(self) -> tuple[list[Call], dict[int, Board]]:
        """The calls and boards, as stored."""
        return self.calls, self.boards


def joined(parts: Sequence[Logs]) -> Logs:
    """Several workers' logs (of distinct boards) as one, each distinct call (decision and facts) once."""
    out = Logs(distinct=True)
    by_key: dict[tuple[str, str], int] = {}
    for part in parts:
        renumber = []
        for call in part.calls:
            key = (call[0], call[2])
            number = by_key.get(key)
            if number is None:
                number = by_key[key] = len(out.calls)
                out.calls.append(call)
            renumber.append(number)
        for index, (size, kinds, queries) in part.boards.items():
            out.boards[index] = (size, kinds, [[renumber[i] for i in ids] for ids in queries])
    return out


def declared_digest(spec: Spec, ruleset: str) -> str:
    """A hash of every decision of the ruleset's game as declared: id, type and facts (names, types, in order)."""
    game = spec.game(ruleset)
    digest = hashlib.sha256()
    for (owner, decision_id), decision in sorted(spec.decisions.items()):
        if owner != game:
            continue
        facts = [(name, repr(fact.type)) for name, fact in decision.facts.items()]
        digest.update(repr((decision_id, repr(decision.type), facts)).encode())
    return digest.hexdigest()[:16]


def read(path: Path, ruleset: str, count: int, declared: str) -> Logs | None:
    """The logs in ``path`` if made for this ruleset, board count and declarations, else None (none, stale, bad).

    The file is a pickle this module wrote into the user's own cache folder (as the spec cache is). Logs
    written as one part of distinct calls are read as they are; others are joined (:func:`joined`).
    """
    with suppress(OSError, ValueError, KeyError, TypeError, EOFError, AttributeError, pickle.UnpicklingError):
        with collector_paused():
            data = pickle.loads(path.read_bytes())  # noqa: S301 - our own cache file, checked field by field below
        if (data["version"], data["ruleset"], data["count"], data["declared"]) == (VERSION, ruleset, count, declared):
            parts = []
            for calls, boards in data["parts"]:
                part = Logs()
                part.calls, part.boards = calls, boards
                parts.append(part)
            if len(parts) == 1 and data.get("distinct") is True:
                out = parts[0]
                out.distinct = True
            else:
                out = joined(parts)
            engine = data.get("engine", {})
            out.engine = dict(engine) if isinstance(engine, dict) else {}
            generated = data.get("generated", {})
            out.generated = generated if isinstance(generated, dict) else {}
            return out
    return None


def write(
    path: Path,
    parts: Sequence[Logs],
    what: tuple[str, int, str],
    stale_glob: str,
    engine: Mapping[str, str] | None = None,
) -> None:
    """Write the logs of one scan, as its workers made them (joined when read), atomically.

    ``what``: the ruleset, board count and declarations digest they were made under; ``engine``: the
    decisions' engine keys under that spec (see :attr:`Logs.engine`), with the boards generated for a table
    (:attr:`Logs.generated`). The ruleset's other logs files
    (``stale_glob`` in the folder) are removed.
    """
    ruleset, count, declared = what
    data: dict[str, Any] = {
        "version": VERSION,
        "ruleset": ruleset,
        "count": count,
        "declared": declared,
        "engine": dict(engine or {}),
        "parts": [part.state() for part in parts],
        "distinct": len(parts) == 1 and parts[0].distinct,
        "generated": {index: board for part in parts for index, board in part.generated.items()},
    }
    with suppress(pickle.PicklingError):
        resources.write_atomically(path, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL), stale=stale_glob)
