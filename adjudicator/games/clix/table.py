"""One situation as the rules see it: who stands where, who is friend or foe.

Every query builds a :class:`Table` and asks it for facts and decisions. The
table caches decisions by their fact vector (facts are finite, so a search
over hundreds of squares evaluates few distinct vectors).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Literal
from weakref import WeakKeyDictionary

from adjudicator.core.engine import Result
from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.clix.model import HOURGLASS, MapObject, Piece, Situation
from adjudicator.games.clix.profiles import Profile
from adjudicator.games.clix.variant import ClixGame
from adjudicator.spaces.base import Space, SpaceId

Relation = Literal["none", "friendly", "opposing", "victim"]
FlightLevel = Literal["none", "hovering", "soaring"]


class Table(Ruling):
    """Facts about one situation, and its decisions asked under its ruleset and readings (cached).

    Facts a decision declares that the engine does not pass come from the game's fact profile
    (:attr:`profile`); facts the situation gives under ``query.facts`` (:attr:`given`) take the place of
    the profile's defaults; the defaults taken are kept in :attr:`assumed`.
    """

    def __init__(self, spec: Spec, situation: Situation) -> None:
        self.game: ClixGame = situation.game
        self.profile: Profile = self.game.profile
        super().__init__(spec, situation.ruleset, situation.readings, adapt=self.profile.adapt, given=situation.facts)
        self.situation = situation
        self.board: Space = situation.board
        self.occupant: dict[SpaceId, Piece] = {sq: p for p in situation.pieces for sq in p.at}
        self.objects: dict[SpaceId, MapObject] = {o.at: o for o in situation.objects}
        self._adjacent: dict[tuple[SpaceId, SpaceId, bool], Result] = {}
        self._adjacent_by_facts: dict[tuple[Value, ...], Result] = {}
        self._adjacency_memo: dict[tuple[SpaceId, SpaceId], AdjacencyPart] | None = None
        self._doubles = any(p.size == "double" for p in situation.pieces)
        self.memo: dict[Hashable, object] = {}
        """Work done once per situation and reused by every query on it (a mover's movement plan, by mover and die)."""

    # --- pieces -----------------------------------------------------------------------

    def piece(self, piece_id: str) -> Piece:
        """The piece with this id (the loader has checked it exists)."""
        return self.situation.piece(piece_id)

    def monsters(self) -> list[Piece]:
        """Every piece with a dial (monsters, characters)."""
        return [p for p in self.situation.pieces if not p.is_token]

    def relation(self, viewer: Piece, other: Piece | None) -> Relation:
        """How ``other`` stands to ``viewer``: none, friendly, opposing or victim."""
        if other is None:
            return "none"
        if other.is_token:
            return "victim"
        return "friendly" if other.player == viewer.player else "opposing"

    @staticmethod
    def flight(piece: Piece) -> FlightLevel:
        """The piece's flight mode, or ``none`` for a non-flier."""
        if piece.move != "flight":
            return "none"
        return piece.flight or "hovering"

    @staticmethod
    def hourglass(piece: Piece, stat: str) -> bool:
        """Whether the dial shows the hourglass in ``stat``'s slot."""
        return getattr(piece, stat, None) == HOURGLASS

    @staticmethod
    def giant(piece: Piece) -> bool:
        """Whether the piece is a giant."""
        return piece.size == "giant"

    def water_class(self, purpose: Literal["move", "lof"]) -> Result | None:
        """How the ruleset classes a water square for movement or line of fire (``terrain.square_class``).

        ``None`` when the game has no such decision (HorrorClix's water rules decide movement directly).
        """
        try:
            self.spec.decision(self.ruleset, "terrain.square_class")
        except KeyError:
            return None
        facts: dict[str, Value] = {
            "purpose": purpose,
            "green": False,
            "blue": True,
            "brown": False,
            "debris": False,
            "stairs": False,
        }
        result = self.decide("terrain.square_class", facts)
        return None if result.value is None else result

    # --- squares ------------------------------------------------------------------

    def terrain(self, square: SpaceId) -> str:
        """``clear``, ``hindering``, ``water`` or ``blocking``."""
        return str(self.board.terrain_at(square))

    def level(self, square: SpaceId) -> int:
        """The square's elevation level."""
        return self.board.level(square)

    def indoor(self, square: SpaceId) -> bool:
        """Whether the square follows the indoor rules."""
        kind = self.situation.map_kind
        return kind == "indoor" or (kind == "indoor/outdoor" and self.board.marked_indoor(square))

    def stair_pair(self, a: SpaceId, b: SpaceId) -> bool:
        """Whether ``a`` and ``b`` are the two ends of one stair or ladder."""
        board = self.board
        return board.has_stairs(a) and board.has_stairs(b) and self.level(a) != self.level(b)

    def adjacency_facts(self, a: SpaceId, b: SpaceId, *, close_combat: bool = False) -> dict[str, Value]:
        """The facts of ``adjacent.is`` for two squares."""
        memo = self._adjacency_memo
        if memo is None:
            memo = self._adjacency_memo = _board_adjacency_memo(self.board)
        part = memo.get((a, b))
        dist, touching, same_level, stair_pair, wall_end = part or _board_adjacency(self.board, a, b)
        return {
            "distance": dist,
            "wall_between": touching,
            "same_level": same_level,
            "stair_pair": stair_pair,
            "close_combat": close_combat,
            "wall_end_only": wall_end,
            "across_doublebase_diagonal": self.across_doublebase_diagonal(a, b),
        }

    def across_doublebase_diagonal(self, a: SpaceId, b: SpaceId) -> bool:
        """Whether a diagonal double-base piece lies across the corner between ``a`` and ``b``."""
        if not self._doubles or self.board.distance(a, b) != 1:
            return False
        step = self.board.step(a, b)
        if not step.vertex:
            return False
        c1, c2 = step.sides
        first, second = self.occupant.get(c1), self.occupant.get(c2)
        return first is not None and first is second and first.size == "double"

    def squares_adjacent(self, a: SpaceId, b: SpaceId, *, close_combat: bool = False) -> Result:
        """The ``adjacent.is`` decision for two squares (memoised per table: the facts depend on the squares only)."""
        key = (a, b, close_combat)
        hit = self._adjacent.get(key)
        if hit is None:
            memo = self._adjacency_memo
            if memo is None:
                memo = self._adjacency_memo = _board_adjacency_memo(self.board)
            dist, touching, same_level, stair_pair, wall_end = memo.get((a, b)) or _board_adjacency(self.board, a, b)
            # the values of adjacency_facts in its order: most pairs of squares have the same facts, decided once
            # here (the mapping is made only for those)
            same = (
                dist,
                touching,
                same_level,
                stair_pair,
                close_combat,
                wall_end,
                self.across_doublebase_diagonal(a, b),
            )
            hit = self._adjacent_by_facts.get(same)
            if hit is None:
                facts = self.adjacency_facts(a, b, close_combat=close_combat)
                hit = self._adjacent_by_facts[same] = self.decide("adjacent.is", facts)
            self._adjacent[key] = hit
        return hit

    def adjacent(self, p: Piece, q: Piece, *, close_combat: bool = False) -> Result | None:
        """The first ``adjacent.is`` result that holds between any squares of two pieces, else the last."""
        last: Result | None = None
        for a in p.at:
            for b in q.at:
                if a == b or self.board.distance(a, b) > 1:
                    continue
                last = self.squares_adjacent(a, b, close_combat=close_combat)
                if last.value is True:
                    return last
        return last

    def kept_apart(self, p: Piece, q: Piece, *, close_combat: bool = False) -> Result | None:
        """The ``adjacent.is`` result that keeps two pieces in touching squares apart (a wall, elevation).

        ``None`` when the pieces are adjacent, or touch nowhere: only a rule that says two touching squares
        are not adjacent is returned, a reason that often decides in a piece's favour (no break away, no
        engagement) and so belongs in the trace.
        """
        found: Result | None = None
        for a in p.at:
            for b in q.at:
                if a == b or self.board.distance(a, b) != 1:
                    continue
                result = self.squares_adjacent(a, b, close_combat=close_combat)
                if result.value is not False:
                    return None
                found = found or result
        return found

    def is_adjacent(self, p: Piece, q: Piece, *, close_combat: bool = False) -> bool:
        """Whether two pieces are adjacent under the rules."""
        result = self.adjacent(p, q, close_combat=close_combat)
        return result is not None and result.value is True


AdjacencyPart = tuple[int, bool, bool, bool, bool]
"""The board's part of the ``adjacent.is`` facts: distance (at most 3), wall_between, same_level, stair_pair,
wall_end_only."""
_BOARD_ADJACENCY: WeakKeyDictionary[Space, dict[tuple[SpaceId, SpaceId], AdjacencyPart]] = WeakKeyDictionary()


def _board_adjacency_memo(board: Space) -> dict[tuple[SpaceId, SpaceId], AdjacencyPart]:
    """The board's memo of :func:`_board_adjacency` (a table keeps it: the lookup compares boards)."""
    memo = _BOARD_ADJACENCY.get(board)
    if memo is None:
        memo = _BOARD_ADJACENCY[board] = {}
    return memo


def _board_adjacency(board: Space, a: SpaceId, b: SpaceId) -> AdjacencyPart:
    """The board's part of the ``adjacent.is`` facts of two squares, worked out once per board."""
    memo = _board_adjacency_memo(board)
    hit = memo.get((a, b))
    if hit is None:
        dist = board.distance(a, b)
        # The spec's facts: wall_between says some wall stands between or at the
        # crossed corner; wall_end_only says that on a diagonal those walls only end
        # at the corner and do not cut the two squares apart (Step.separated).
        step = board.step(a, b) if dist == 1 else None
        touching = step is not None and step.wall
        wall_end = step is not None and step.vertex and touching and not step.separated
        stairs = board.has_stairs(a) and board.has_stairs(b) and board.level(a) != board.level(b)
        hit = (min(dist, 3), touching, board.level(a) == board.level(b), stairs, wall_end)
        memo[a, b] = hit
    return hit
