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
position kept for each pair is the one with the lowest far-end count. Its
path (shown only by a move answer) is worked out when first read.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from adjudicator.core.engine import Result
from adjudicator.core.expr.compile import Value
from adjudicator.games.clix.model import HOURGLASS, Piece
from adjudicator.games.clix.movement import Plan, Search, State, path_along
from adjudicator.games.clix.movement_facts import MAX_FACT_SPEED, PerBoard, board_steps
from adjudicator.spaces.base import Space, SpaceId

MAX_COUNT = 20
"""The largest far-end count the decision's fact domain holds."""


@dataclass(frozen=True)
class Position:
    """A legal-or-not end position of a two-square base, with how it was counted."""

    squares: tuple[SpaceId, SpaceId]
    start: SpaceId
    count: int
    legal: Result
    routes: _Routes = field(compare=False, repr=False)
    """The counting start's search, which :attr:`path` follows."""

    @cached_property
    def path(self) -> tuple[SpaceId, ...]:
        """The squares from the counting start to the farther end (the end with more steps; ties the first).

        Worked out when first read: a reach answer shows no path and a move answer only its chosen
        position's, and a path costs a recording re-run of the start's search and a Dijkstra. The value
        depends only on the start's search (deterministic, its decisions already asked while counting) and
        the squares, so reading it later gives what working it out at once gave.
        """
        a, b = self.squares
        far = max((a, b), key=self.routes.steps_to)
        return self.routes.path(far)


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
    if not moving.facts.landings and moving.strict is not None:  # its landings serve every start's search
        moving.strict.share_landings()
    facts = copy.copy(moving.facts)  # the copies share the facts' stores (landings included)
    facts.start = start
    budgets = [b - 1 if b >= 1 else -1 for b in moving.budgets]
    search = Search(facts, budgets, exact=False, generous=False, share=True)
    best: dict[SpaceId, int] = {}
    ends: dict[tuple[SpaceId, str], bool] = {}  # move.can_end holds, by square and flight mode
    for state, d in search.dist.items():
        where = state[:2]
        can_end = ends.get(where)
        if can_end is None:
            can_end = ends[where] = facts.decide("move.can_end", facts.end_vector(*where)).value is True
        if can_end and d < best.get(where[0], d + 1):
            best[where[0]] = d
    return search, best


def positions(moving: Plan) -> dict[frozenset[SpaceId], Position]:
    """Every end position of the base other than where it stands, each with its decided legality.

    Worked out once per plan (the table's memo keeps it for every later ask on the same plan).
    """
    key = ("bigbase.positions", id(moving))
    known = moving.table.memo.get(key)
    if isinstance(known, tuple) and known[0] is moving:
        found: dict[frozenset[SpaceId], Position] = known[1]
        return found
    found = _positions(moving)
    moving.table.memo[key] = (moving, found)
    return found


def _positions(moving: Plan) -> dict[frozenset[SpaceId], Position]:
    """Work out :func:`positions`."""
    mover = moving.mover
    if not moving.budgets or moving.budgets[0] < 1 or mover.speed == HOURGLASS:
        return {}
    board = moving.table.board
    neighbours = _neighbours(board)
    here = frozenset(mover.at)
    best: dict[frozenset[SpaceId], tuple[tuple[int, int, int], SpaceId, Search]] = {}
    for start in counting_starts(moving):
        search, reached = _reached(moving, start)
        away = {sq: board.length2(start, sq) for sq in reached}
        # each pair once, when its end met first in ``reached`` comes up: the other end's turn would give
        # the same rank, which never replaces an equal one
        later = dict(reached)
        for a, da in reached.items():
            del later[a]
            for b in neighbours(a):
                db = later.get(b)
                if db is None:
                    continue
                pair = frozenset((a, b))
                # the lowest far-end count; then the nearer, straighter count (for the path shown)
                rank = (1 + max(da, db), da + db, away[a] + away[b])
                known = best.get(pair)
                if (rank < known[0]) if known is not None else pair != here:
                    best[pair] = (rank, start, search)
    out: dict[frozenset[SpaceId], Position] = {}
    routes: dict[SpaceId, _Routes] = {}
    # legal_position by what lies under the base and the count: the plan fixes its other facts (the speed)
    decided: dict[tuple[UnderBase, int], Result] = {}
    for pair, ((count, _, _), start, search) in best.items():
        a, b = sorted(pair, key=board.sort_key)
        route = routes.get(start)
        if route is None:
            route = routes[start] = _Routes(search)
        under = _under_base(board, a, b)
        legal = decided.get((under, count))
        if legal is None:
            legal = decided[under, count] = _legal(moving, under, count)
        out[pair] = Position((a, b), start, count, legal, route)
    return out


_NEIGHBOURS: PerBoard[dict[SpaceId, tuple[SpaceId, ...]]] = PerBoard()


def _neighbours(board: Space) -> Callable[[SpaceId], tuple[SpaceId, ...]]:
    """``board.neighbours``, kept per board object and square (a board's squares and neighbours never change)."""
    memo = _NEIGHBOURS.get(board)
    if memo is None:
        memo = _NEIGHBOURS.put(board, {})

    def neighbours(square: SpaceId) -> tuple[SpaceId, ...]:
        found = memo.get(square)
        if found is None:
            found = memo[square] = tuple(board.neighbours(square))
        return found

    return neighbours


class _Routes:
    """The fewest steps to each square of one counting start's search, and the way there (worked out when asked)."""

    def __init__(self, search: Search) -> None:
        self.search = search

    @cached_property
    def nearest(self) -> dict[SpaceId, State]:
        """Per square, its first state (in search order) with the fewest steps."""
        dist = self.search.dist
        nearest: dict[SpaceId, State] = {}
        for state, d in dist.items():
            known = nearest.get(state.square)
            if known is None or d < dist[known]:
                nearest[state.square] = state
        return nearest

    def steps_to(self, square: SpaceId) -> int:
        """The fewest steps to ``square`` (``MAX_COUNT`` when the search never reaches it)."""
        state = self.nearest.get(square)
        return MAX_COUNT if state is None else self.search.dist[state]

    def path(self, square: SpaceId) -> tuple[SpaceId, ...]:
        """The squares of a shortest way from the start to ``square`` (one Dijkstra for every square).

        The way :meth:`Search.path_to` takes: Dijkstra from the start reaches each state by the same
        predecessors whether or not it stops at a target.
        """
        squares: list[SpaceId] = []
        for state in path_along(self.search, self.nearest[square]):
            if not squares or squares[-1] != state.square:
                squares.append(state.square)
        return tuple(squares)


UnderBase = tuple[bool, bool, bool, bool, bool]
"""The board's part of ``doublebase.move_legal``: wall between the dots, same elevation, a blocking and an
elevated corner point under a diagonal base, on the ground."""
_UNDER_BASE: PerBoard[dict[tuple[SpaceId, SpaceId], UnderBase]] = PerBoard()


def _under_base(board: Space, a: SpaceId, b: SpaceId) -> UnderBase:
    """What lies under a base on ``a`` and ``b``, worked out once per board and pair."""
    memo = _UNDER_BASE.get(board)
    if memo is None:
        memo = _UNDER_BASE.put(board, {})
    hit = memo.get((a, b))
    if hit is None:
        vertex = board_steps(board).is_vertex  # ``board.step(...).vertex``, kept per board
        diagonal = vertex(a, b)
        others: list[SpaceId] = []
        if diagonal:  # the corner points matter only under a diagonal base
            around_b = board.neighbours(b)
            corner = [sq for sq in board.neighbours(a) if sq in around_b and board.distance(sq, a) == 1]
            others = [sq for sq in corner if vertex(a, sq) is False and vertex(b, sq) is False]
        ground = min(board.level(a), board.level(b))
        hit = memo[a, b] = (
            board.separates(board.walls, a, b),
            board.level(a) == board.level(b),
            diagonal and any(board.terrain_at(sq) == "blocking" for sq in others),
            diagonal and any(board.level(sq) > ground for sq in others),
            ground == 0,
        )
    return hit


def legal_position(moving: Plan, squares: tuple[SpaceId, SpaceId], count: int) -> Result:
    """``doublebase.move_legal`` for the base ending on ``squares`` counted ``count`` from its start."""
    return _legal(moving, _under_base(moving.table.board, *squares), count)


def _legal(moving: Plan, under: UnderBase, count: int) -> Result:
    """:func:`legal_position` given what lies under the base."""
    table, mover = moving.table, moving.mover
    wall, same_level, blocking_point, elevated_point, on_ground = under
    speed = mover.speed if isinstance(mover.speed, int) else 0
    facts: dict[str, Value] = {
        "speed": min(speed, MAX_FACT_SPEED),
        "far_end_count": min(max(count, 1), MAX_COUNT),
        "wall_between_dots": wall,
        "squares_legal": True,
        "same_elevation": same_level,
        "wall_under_base": wall,
        "blocking_point_under_base": blocking_point,
        "elevated_point_under_base": elevated_point,
        "on_ground": on_ground,
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
