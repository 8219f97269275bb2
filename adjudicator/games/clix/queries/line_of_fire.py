"""The ``line_of_fire`` query: whether the line is clear, its distance, the hindering modifier.

``from`` and ``to`` are piece ids or squares. A square with a piece on it
stands for that piece. For a piece on two squares (a double base) the best
line over its squares is reported (see :func:`adjudicator.games.clix.lof.best_line_of_fire`).
"""

from __future__ import annotations

from adjudicator.core.errors import PositionedError
from adjudicator.games.clix.lof import best_line_of_fire
from adjudicator.games.clix.lof_map import board_map
from adjudicator.games.clix.model import Endpoint, LineOfFireQuery, Piece
from adjudicator.games.clix.table import Table
from adjudicator.situation.answer import Answer, DrawnLine, line_result
from adjudicator.spaces.base import SpaceId


def _resolve(table: Table, end: Endpoint) -> tuple[tuple[SpaceId, ...], Piece | None]:
    """The squares and the piece (if any) of one end of the line."""
    if isinstance(end, str):
        piece = table.piece(end)
        return piece.at, piece
    return (end,), table.occupant.get(end)


def answer(table: Table) -> Answer:
    """Answer a ``line_of_fire`` query."""
    situation = table.situation
    query = situation.query
    assert isinstance(query, LineOfFireQuery)  # noqa: S101 - dispatch guarantees the kind
    starts, attacker = _resolve(table, query.from_)
    ends, target = _resolve(table, query.to)
    if (attacker is not None and attacker is target) or set(starts) == set(ends):
        raise PositionedError(situation.where("query.to"), "a line of fire needs two different ends")
    report = best_line_of_fire(table, starts, ends, attacker, target)
    name = board_map(table.board).name  # names kept per board: the line's map facts made them already
    result = Answer(
        ruleset=table.ruleset,
        query="line_of_fire",
        verdict="answered" if report.decided else "undecided",
        outcome={
            "clear": report.clear,
            "distance": report.distance,
            "hindering": report.hindering,
            "line": [name(report.start), name(report.end)],
        },
        trace=list(report.trace),
        marks={"line": [report.start, report.end]},
    )
    target_name = query.to if isinstance(query.to, str) else name(query.to)
    blocked_by = report.blocked_by
    result.lines = [
        DrawnLine(report.start, report.end, target_name, line_result(report.clear, report.hindering), blocked_by)
    ]
    if blocked_by:
        result.outcome["blocked_by"] = blocked_by
    return result
