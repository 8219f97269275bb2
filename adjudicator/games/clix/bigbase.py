"""Moving a piece whose base covers two squares: a double-base monster, a multi-base character.

The texts (hx2008 L611, hc L1503-1512) count the movement of such a piece
from any space adjacent to its base, chosen by its player, and ask that both
ends finish within its speed of that start. The count here takes the chosen
space as the first space moved (a single-base piece stepping next door also
moves one space), so an end reached in ``d`` steps from the start counts
``d + 1``.

For every counting start the ordinary movement search (:class:`Search`) runs
from that square with the speed less one, as if a single-base piece stood
there; the piece's own squares do not hold it back. An end position is a
pair of neighbouring squares both reached from the same start on which the
piece may end (``move.can_end`` for each); ``doublebase.move_legal`` then
decides the position (in HorrorClix the far-end count against the speed and
no wall between the centre dots; in HeroClix legal squares at one elevation
with no wall or blocking or elevated corner point under the base). The
position kept for each pair is the one with the lowest far-end count.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from adjudicator.core.engine import Result
from adjudicator.core.expr.compile import Value
from adjudicator.games.clix.movement import Plan, Search
from adjudicator.games.clix.movement_facts import MAX_FACT_SPEED
from adjudicator.situation.model import HOURGLASS, Piece
from adjudicator.spaces.base import SpaceId

MAX_COUNT = 20
"""The largest far-end count the decision's fact domain holds."""


@dataclass(frozen=True)
class Position:
    """A legal-or-not end position of a two-square base, with how it was counted."""

    squares: tuple[SpaceId, SpaceId]
    start: SpaceId
    count: int
    path: tuple[SpaceId, ...]
    """The squares from the counting start to the farther end."""
    legal: Result


def counting_starts(moving: Plan) -> list[SpaceId]:
    """The spaces adjacent to the base a count may begin from: free, not blocking, adjacent per the rules."""
    table, mover = moving.table, moving.mover
    board = table.board
    starts: list[SpaceId] = []
    for at in mover.at:
        for square in board.neighbours(at):
            if square in mover.at or square in starts or not board.contains(square):
                continue
            if board.terrain_at(square) == "blocking" or table.occupant.get(square) not in {None, mover}:
                continue
            if table.squares_adjacent(at, square).value is True:
                starts.append(square)
    return sorted(starts, key=board.sort_key)


def _reached(moving: Plan, start: SpaceId) -> tuple[Search, dict[SpaceId, int]]:
    """Fewest steps from ``start`` to every square the piece may end an end of its base on."""
    facts = copy.copy(moving.facts)
    facts.start = start
    budgets = [b - 1 if b >= 1 else -1 for b in moving.budgets]
    search = Search(facts, budgets, exact=False, generous=False)
    best: dict[SpaceId, int] = {}
    for state, d in search.dist.items():
        can_end = facts.decide("move.can_end", facts.end_vector(state.square, state.flight))
        if can_end.value is True and d < best.get(state.square, d + 1):
            best[state.square] = d
    return search, best


def positions(moving: Plan) -> dict[frozenset[SpaceId], Position]:
    """Every end position of the base other than where it stands, each with its decided legality."""
    mover = moving.mover
    if not moving.budgets or moving.budgets[0] < 1 or mover.speed == HOURGLASS:
        return {}
    board = moving.table.board
    best: dict[frozenset[SpaceId], tuple[tuple[int, int, int], SpaceId, Search]] = {}
    for start in counting_starts(moving):
        search, reached = _reached(moving, start)
        for a, da in reached.items():
            for b in board.neighbours(a):
                if b not in reached:
                    continue
                pair = frozenset((a, b))
                # the lowest far-end count; then the nearer, straighter count (for the path shown)
                rank = (1 + max(da, reached[b]), da + reached[b], board.length2(start, a) + board.length2(start, b))
                if pair != frozenset(mover.at) and (pair not in best or rank < best[pair][0]):
                    best[pair] = (rank, start, search)
    out: dict[frozenset[SpaceId], Position] = {}
    for pair, ((count, _, _), start, search) in best.items():
        a, b = sorted(pair, key=board.sort_key)
        far = max((a, b), key=lambda sq: _steps_to(search, sq))
        path = _path(search, far)
        out[pair] = Position((a, b), start, count, path, legal_position(moving, (a, b), count))
    return out


def _steps_to(search: Search, square: SpaceId) -> int:
    return min((d for s, d in search.dist.items() if s.square == square), default=MAX_COUNT)


def _path(search: Search, square: SpaceId) -> tuple[SpaceId, ...]:
    ends = [s for s in search.dist if s.square == square]
    end = min(ends, key=lambda s: search.dist[s])
    squares: list[SpaceId] = []
    for state in search.path_to(end):
        if not squares or squares[-1] != state.square:
            squares.append(state.square)
    return tuple(squares)


def legal_position(moving: Plan, squares: tuple[SpaceId, SpaceId], count: int) -> Result:
    """``doublebase.move_legal`` for the base ending on ``squares`` counted ``count`` from its start."""
    table, mover = moving.table, moving.mover
    board = table.board
    a, b = squares
    walls = board.walls
    diagonal = board.step(a, b).vertex
    corner = [sq for sq in board.neighbours(a) if sq in board.neighbours(b) and board.distance(sq, a) == 1]
    others = [sq for sq in corner if board.step(a, sq).vertex is False and board.step(b, sq).vertex is False]
    ground = min(board.level(a), board.level(b))
    speed = mover.speed if isinstance(mover.speed, int) else 0
    facts: dict[str, Value] = {
        "speed": min(speed, MAX_FACT_SPEED),
        "far_end_count": min(max(count, 1), MAX_COUNT),
        "wall_between_dots": board.separates(walls, a, b),
        "squares_legal": True,
        "same_elevation": board.level(a) == board.level(b),
        "wall_under_base": board.separates(walls, a, b),
        "blocking_point_under_base": diagonal and any(board.terrain_at(sq) == "blocking" for sq in others),
        "elevated_point_under_base": diagonal and any(board.level(sq) > ground for sq in others),
        "on_ground": ground == 0,
    }
    return table.decide("doublebase.move_legal", facts)


def describe(moving: Plan, position: Position) -> str:
    """Where a position's decision was met, in words."""
    name = moving.table.board.name
    a, b = position.squares
    return (
        f"{moving.mover.id} ends on {name(a)}+{name(b)}, counted from {name(position.start)} "
        f"(far end {position.count} of speed {moving.mover.speed})"
    )


def is_double(piece: Piece) -> bool:
    """Whether the piece stands on a two-square base."""
    return len(piece.at) > 1
