"""The ``reach`` query: every square a piece may end a move action on.

Any needed break away is assumed to succeed unless the query gives the die;
a die that fails leaves the piece where it is (no square reached).
"""

from __future__ import annotations

from adjudicator.games.clix.model import ReachQuery
from adjudicator.games.clix.movement import Citer, Plan, Why, cite_search, plan, unsupported
from adjudicator.games.clix.queries.move_double import answer_reach
from adjudicator.games.clix.table import Table
from adjudicator.situation.answer import Answer


def answer(table: Table) -> Answer:  # noqa: C901 - a two-square base branches off to move_double
    """Answer a reach query."""
    query = table.situation.query
    assert isinstance(query, ReachQuery)  # noqa: S101 - dispatch guarantees the kind
    mover = table.piece(query.piece)
    out = Answer(table.ruleset, "reach", "answered")
    citer = Citer(out.trace)
    size = unsupported(table, mover)
    if size is not None:
        out.verdict = "undecided"
        citer.cite(Why(size, f"{mover.id} is a giant"), decides=True)
        out.outcome = {"squares": [], "breakaway_required": None}
        return out
    if len(mover.at) > 1:  # a double-base monster, a multi-base character
        return answer_reach(table, mover, query, out, citer)
    moving = plan(table, mover, query.die)
    for why in moving.trace[:1]:
        citer.cite(why, decides=why.result.decision == "move.speed")  # the speed the reach counts
    for why in moving.breakaway.results:
        citer.cite(why, decides=bool(moving.breakaway.required))
    out.outcome = {"squares": [], "breakaway_required": moving.breakaway.required}
    if moving.breakaway.required:
        out.outcome["breakaway"] = moving.breakaway.outcome()
    if moving.blocked is not None:
        citer.cite(moving.blocked, always=True, decides=True)
        return out
    if _undecided(moving, citer, out):
        return out
    for why in moving.trace[1:]:
        citer.cite(why, decides=True)  # the speed the reach counts
    search = moving.search
    squares = moving.squares()
    cite_search(citer, search, decides=True)
    # (a search that never changed flight mode reached every state with none: no end needs a change)
    ends = search.ends.values() if search.changed else ()
    needed = sorted({min(state.changes for state in states) for states in ends if states} - {0})
    for changes in needed:  # squares reached only by changing flight mode: the elevation change modifier counts
        citer.cite(
            Why(moving.speed_results[changes], f"{mover.id} changes flight mode {changes} time(s)"), decides=True
        )
    board = table.board
    out.outcome["squares"] = [search.name(sq) for sq in sorted(squares, key=board.sort_key)]  # A2 before A10
    maybe = moving.maybe_squares()
    if maybe:
        out.verdict = "undecided"
        out.outcome["undecided_squares"] = [board.name(sq) for sq in sorted(maybe, key=board.sort_key)]
        for why in search.undecided:
            citer.cite(why, decides=True)
    out.marks = {"reach": [sq for sq in search.facts.steps.spaces if sq in squares]}
    return out


def _undecided(moving: Plan, citer: Citer, out: Answer) -> bool:
    """Mark the answer undecided when the break away or the speed is undecided."""
    if not moving.undecided:
        return False
    out.verdict = "undecided"
    for why in moving.undecided:
        citer.cite(why, decides=True)
    return True
