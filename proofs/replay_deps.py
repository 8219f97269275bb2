"""What a board's replay read from the spec: kept with the board, so a spec edit replays only what it changes.

A witness board (:mod:`proofs.witness`) is found among a board table's entries
for the finding's decision and replayed through the engine under each side. The
engine reads the spec only through ``Table.decide`` (the premise the board scan
already rests on: :mod:`proofs.boards`, :mod:`proofs.board_logs`), so a replay
run again makes the very same calls, and gives the very same answers, as long as
every call it made still comes out as it did. :func:`recorded` notes each
distinct call (ruleset, readings, decision, facts as declared, outcome);
:func:`still_hold` asks them again. A finding's board is kept under the finding,
the table entries it was chosen from (:func:`entries_digest`) and the
declarations; it is read back only while its calls still hold.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from adjudicator.core.engine import Result, RuleConflict
from adjudicator.core.expr.compile import Value
from adjudicator.core.spec import Spec
from adjudicator.games.clix.table import Table
from proofs.boards import BoardTable, Outcome, facts_key, outcome_now, outcome_of, same_outcome

Call = list[Any]
"""One distinct decision call: ruleset, readings (``{rule: reading}``), decision, facts as declared, outcome."""


@contextmanager
def recorded() -> Iterator[list[Call]]:
    """Every distinct ``Table.decide`` call made while the block runs (also in calls a nested recorder wraps)."""
    calls: dict[tuple[str, str, str, str], Call] = {}
    original = Table.decide

    def decide(table: Table, decision: str, facts: Mapping[str, Value]) -> Result:
        declared = dict(table.profile.adapt(table.spec.decision(table.ruleset, decision), {**table.given, **facts})[0])
        readings = dict(sorted(table.readings.items()))
        key = (table.ruleset, json.dumps(readings), decision, facts_key(declared))
        try:
            result = original(table, decision, facts)
        except RuleConflict:
            calls.setdefault(key, [table.ruleset, readings, decision, declared, "conflict"])
            raise
        calls.setdefault(key, [table.ruleset, readings, decision, declared, outcome_of(result)])
        return result

    Table.decide = decide  # type: ignore[method-assign,assignment]
    out: list[Call] = []
    try:
        yield out
    finally:
        Table.decide = original  # type: ignore[method-assign]
        out += calls.values()


def outcome_under(
    spec: Spec, ruleset: str, decision: str, facts: Mapping[str, Value], readings: Mapping[str, str]
) -> Outcome:
    """:func:`proofs.boards.outcome_now` under readings, kept in the spec's memo (replays repeat their calls)."""
    memo = ("replay_deps.outcome", ruleset, tuple(sorted(readings.items())), decision, facts_key(facts))
    known = spec.memo.get(memo, memo)
    if known is memo:
        known = outcome_now(spec, ruleset, decision, facts, readings)
        spec.remember(memo, known)
    return known  # type: ignore[return-value]


def still_hold(spec: Spec, calls: Sequence[Call]) -> bool:
    """Whether every recorded call comes out as recorded under ``spec`` (a decision gone or refactored: no)."""
    for ruleset, readings, decision, facts, shown in calls:
        try:
            now = outcome_under(spec, ruleset, decision, facts, readings)
        except (KeyError, ValueError, TypeError):
            return False
        if not same_outcome(now, shown):
            return False
    return True


def entries_digest(table: BoardTable, decision: str, *, places: bool) -> str:
    """A hash of a table's entries for one decision, with the boards they name (what a witness is chosen from).

    A table keeps its boards in the scan's order, so within one table their order is that of their indices in
    the scan; a board's index names the board (the code that generates it is part of the parts file's key),
    and a table without indices gives the boards themselves. ``places``: the boards' places in the table too
    (a witness chosen among the boards of two tables compares places across them). Kept per table.
    """
    memo = (decision, places)
    known = table.digests.get(memo)
    if known is None:
        rows = [
            [key, entry.facts, entry.board if places else None, _board(table, entry.board), entry.query, entry.outcome]
            for key, entry in sorted(table.entries.get(decision, {}).items())
        ]
        text = json.dumps([table.ruleset, rows], ensure_ascii=False)
        known = table.digests[memo] = hashlib.blake2b(text.encode(), digest_size=20).hexdigest()
    return known


def _board(table: BoardTable, place: int) -> int | dict[str, Any]:
    """The board at ``place``: its index in the scan, or the board itself when the table has no indices."""
    return table.indices[place] if table.indices else table.boards[place]
