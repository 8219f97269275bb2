"""``move`` and ``reach`` for a piece on a two-square base (see :mod:`adjudicator.games.clix.bigbase`).

A move query names both end squares (``to: [C3, C4]``), or one square, read
as "some end position with an end there" (the lowest far-end count is
taken). The outcome gives ``end`` as the two squares, the counting start, the
far-end count, the path from the start to the farther end, the break away
and the tokens after the action; a HorrorClix double base ending with each
end on a victim attempts to slay both (``doublebase.slay_count``). A reach
query lists every legal end position under ``positions`` and the squares
they cover under ``squares``.
"""

from __future__ import annotations

from adjudicator.core.dice import probability
from adjudicator.games.clix.bigbase import Position, describe, legal_position, positions
from adjudicator.games.clix.model import DICE, MoveQuery, Piece, ReachQuery
from adjudicator.games.clix.movement import Citer, Plan, Why, plan
from adjudicator.games.clix.table import Table
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId

MAX_TOKENS = 2


def _names(table: Table, squares: tuple[SpaceId, ...]) -> list[str]:
    return [table.board.name(sq) for sq in squares]


def _prepare(table: Table, mover: Piece, die: int | None, out: Answer, citer: Citer) -> Plan | None:
    """The plan, with its opening decisions cited; ``None`` when no movement follows."""
    moving = plan(table, mover, die)
    for why in moving.trace[:1]:
        citer.cite(why)
    for why in moving.breakaway.results:
        citer.cite(why, decides=bool(moving.breakaway.required))  # a needed break away decides whether it moves
    out.outcome["breakaway"] = moving.breakaway.outcome()
    if moving.blocked is not None:
        out.verdict = "illegal"
        citer.cite(moving.blocked, always=True, decides=True)
        return None
    if moving.undecided:
        out.verdict = "undecided"
        for why in moving.undecided:
            citer.cite(why, decides=True)
        return None
    for why in moving.trace[1:]:
        citer.cite(why)
    return moving


def answer_move(table: Table, mover: Piece, query: MoveQuery, out: Answer, citer: Citer) -> Answer:
    """Answer a move query for a two-square base."""
    out.outcome["end"] = None
    if query.to_also is not None and {query.to, query.to_also} == set(mover.at):
        out.outcome.update(
            path=_names(table, mover.at), end=_names(table, mover.at), tokens=_tokens(table, mover, citer)
        )
        pushing(table, mover, out, citer)
        return out
    moving = _prepare(table, mover, query.die, out, citer)
    if moving is None:
        return out
    found = positions(moving)
    if query.to_also is not None:
        chosen = found.get(frozenset((query.to, query.to_also)))
    else:
        legal = [p for p in found.values() if query.to in p.squares and p.legal.value is True]
        chosen = min(legal, key=lambda p: (p.count, table.board.sort_key(p.squares[0]))) if legal else None
    if chosen is None:
        return _unreachable(table, moving, query, out, citer)
    citer.cite(Why(chosen.legal, describe(moving, chosen)), always=True, decides=True)
    if chosen.legal.value is not True:
        out.verdict = "illegal" if chosen.legal.value is False else "undecided"
        return out
    _legal(table, moving, chosen, out, citer)
    good = moving.breakaway.succeeding
    if query.die is None and moving.breakaway.required and len(good) < len(DICE.die.faces):
        bad = [f for f in DICE.die.faces if f not in good]
        out.verdict = "depends"
        out.outcome["branches"] = [
            {
                "when": "the break-away roll succeeds",
                "rolls": list(good),
                "probability": probability(len(good), len(DICE.die.faces)),
                "verdict": "legal",
                "end": out.outcome["end"],
            },
            {
                "when": "the break-away roll fails: the piece stays where it is",
                "rolls": bad,
                "probability": probability(len(bad), len(DICE.die.faces)),
                "verdict": "illegal",
                "end": _names(table, mover.at),
            },
        ]
    return out


def _legal(table: Table, moving: Plan, chosen: Position, out: Answer, citer: Citer) -> None:
    """Fill in the outcome of a legal end position."""
    mover = moving.mover
    out.outcome.update(
        path=_names(table, chosen.path),
        end=_names(table, chosen.squares),
        count_from=table.board.name(chosen.start),
        far_end_count=chosen.count,
    )
    victims = [p for sq in chosen.squares if (p := table.occupant.get(sq)) is not None and p.is_token]
    if table.game.capabilities.victims:
        out.outcome["slays"] = None
    if victims and not mover.is_token:
        slay = table.decide("doublebase.slay_count", {"move_action": True, "ends_on_victims": len(victims)})
        citer.cite(Why(slay, f"{mover.id} ends on {len(victims)} victim(s)"), always=True, decides=True)
        if isinstance(slay.value, int) and slay.value:
            out.outcome["slays"] = [v.id for v in victims][: slay.value]
    out.outcome["tokens"] = _tokens(table, mover, citer)
    pushing(table, mover, out, citer)
    out.marks = {"path": list(chosen.path)}


def _unreachable(table: Table, moving: Plan, query: MoveQuery, out: Answer, citer: Citer) -> Answer:
    """No counting start brings both ends there within the speed: illegal, citing the speed and the count rule."""
    out.verdict = "illegal"
    out.outcome["reachable"] = False
    speed = max(moving.budgets[0], 0) if moving.budgets else 0
    if query.to_also is None:
        return out
    squares = (query.to, query.to_also)
    where = f"no space next to {moving.mover.id} starts a count reaching {'+'.join(_names(table, squares))}"
    result = legal_position(moving, squares, speed + 1)
    if result.value is not False and moving.speed_results:  # the game's rule has no count: the speed decides
        result = moving.speed_results[0]
    citer.cite(Why(result, f"{where} within speed {speed}"), always=True, decides=True)
    return out


def pushing(table: Table, mover: Piece, out: Answer, citer: Citer) -> None:
    """Pushing damage when the move action gives the piece its second action token (``damage.pushing``).

    Only in a game with pushing (HeroClix, hc L591-594): the damage is part of what the action does, so
    its rule is cited as deciding and the outcome gives ``pushing_damage``.
    """
    after = out.outcome.get("tokens")
    if not table.game.capabilities.pushing or mover.is_token or after is None or after <= mover.tokens:
        return
    result = table.decide("damage.pushing", {"tokens_before": mover.tokens, "token_received": True})
    if result.value:
        citer.cite(Why(result, f"{mover.id} receives its action token number {after}"), always=True, decides=True)
        out.outcome["pushing_damage"] = result.value


def _tokens(table: Table, mover: Piece, citer: Citer) -> int | None:
    """Action tokens after the move action."""
    if mover.is_token:
        return None
    gained = table.decide("action.tokens_gained", {"action": "move"})
    citer.cite(Why(gained, f"{mover.id} has {mover.tokens} token(s)"))
    if gained.value is None:
        return None
    return min(MAX_TOKENS, mover.tokens + int(gained.value))


def answer_reach(table: Table, mover: Piece, query: ReachQuery, out: Answer, citer: Citer) -> Answer:
    """Answer a reach query for a two-square base."""
    out.outcome = {"squares": [], "positions": [], "breakaway_required": None}
    moving = _prepare(table, mover, query.die, out, citer)
    out.outcome["breakaway_required"] = moving.breakaway.required if moving else None
    if moving is None:
        return out
    key = table.board.sort_key
    legal = sorted(
        (p for p in positions(moving).values() if p.legal.value is True),
        key=lambda p: (key(p.squares[0]), key(p.squares[1])),
    )
    for position in legal[:1]:
        citer.cite(Why(position.legal, describe(moving, position)), decides=True)
    refused = [p for p in positions(moving).values() if p.legal.value is False]
    for position in refused[:1]:
        citer.cite(Why(position.legal, describe(moving, position)), decides=True)
    covered = {sq for p in legal for sq in p.squares}
    out.outcome["positions"] = [_names(table, p.squares) for p in legal]
    out.outcome["squares"] = [table.board.name(sq) for sq in sorted(covered, key=table.board.sort_key)]  # A2, A10
    out.marks = {"reach": [sq for sq in table.board.spaces() if sq in covered]}
    return out
