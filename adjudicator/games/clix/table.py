"""One situation as the rules see it: who stands where, who is friend or foe.

Every query builds a :class:`Table` and asks it for facts and decisions. The
table caches decisions by their fact vector (facts are finite, so a search
over hundreds of squares evaluates few distinct vectors).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from adjudicator.core.engine import Result
from adjudicator.core.expr.compile import Value
from adjudicator.core.spec import Spec
from adjudicator.games.profiles import Profile, profile
from adjudicator.situation.model import HOURGLASS, MapObject, Piece, Situation
from adjudicator.spaces.square.board import Board, Square, is_diagonal

Relation = Literal["none", "friendly", "opposing", "victim"]
FlightLevel = Literal["none", "hovering", "soaring"]


class Table:
    """Facts about one situation, and cached decisions under its ruleset."""

    def __init__(self, spec: Spec, situation: Situation) -> None:
        self.spec = spec
        self.situation = situation
        self.ruleset = situation.ruleset
        self.readings: Mapping[str, str] = situation.readings
        self.board: Board = situation.board
        self.occupant: dict[Square, Piece] = {sq: p for p in situation.pieces for sq in p.at}
        self.objects: dict[Square, MapObject] = {o.at: o for o in situation.objects}
        self._cache: dict[tuple[str, tuple[tuple[str, Value], ...]], Result] = {}
        self.profile: Profile = profile(self.ruleset)
        self.assumed: dict[str, str] = {}
        """Facts no situation field gave, taken at the game profile's documented default."""

    # --- decisions ------------------------------------------------------------------

    def decide(self, decision: str, facts: Mapping[str, Value]) -> Result:
        """Evaluate a decision under the situation's ruleset and readings (cached)."""
        key = (decision, tuple(sorted(facts.items())))
        cached = self._cache.get(key)
        if cached is None:
            facts, assumed = self.profile.adapt(self.spec.decision(self.ruleset, decision), facts)
            self.assumed.update(assumed)
            cached = self.spec.decide(self.ruleset, decision, facts, self.readings)
            self._cache[key] = cached
        return cached

    def has_decision(self, decision: str) -> bool:
        """Whether the ruleset's game declares ``decision``."""
        return (self.ruleset.split("/")[0], decision) in self.spec.decisions

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

    # --- squares ------------------------------------------------------------------

    def terrain(self, square: Square) -> str:
        """``clear``, ``hindering``, ``water`` or ``blocking``."""
        return str(self.board.terrain[square])

    def level(self, square: Square) -> int:
        """The square's elevation level."""
        return self.board.elevation.get(square, 1)

    def indoor(self, square: Square) -> bool:
        """Whether the square follows the indoor rules."""
        kind = self.situation.map_kind
        return kind == "indoor" or (kind == "indoor/outdoor" and square in self.board.indoor)

    def stair_pair(self, a: Square, b: Square) -> bool:
        """Whether ``a`` and ``b`` are the two ends of one stair or ladder."""
        stairs = self.board.stairs
        return a in stairs and b in stairs and self.level(a) != self.level(b)

    def adjacency_facts(self, a: Square, b: Square, *, close_combat: bool = False) -> dict[str, Value]:
        """The facts of ``adjacent.is`` for two squares."""
        dist = self.board.distance(a, b)
        near = dist == 1
        # The spec's facts: wall_between says some wall stands between or at the
        # crossed corner; wall_end_only says that on a diagonal those walls only end
        # at the corner and do not cut the two squares apart (board.separated).
        touching = near and self.board.wall_between(a, b)
        wall_end = near and is_diagonal(a, b) and touching and not self.board.separated(a, b)
        facts: dict[str, Value] = {
            "distance": min(dist, 3),
            "wall_between": touching,
            "same_level": self.level(a) == self.level(b),
            "stair_pair": self.stair_pair(a, b),
            "close_combat": close_combat,
            "wall_end_only": wall_end,
            "across_doublebase_diagonal": self.across_doublebase_diagonal(a, b),
        }
        return facts

    def across_doublebase_diagonal(self, a: Square, b: Square) -> bool:
        """Whether a diagonal double-base piece lies across the corner between ``a`` and ``b``."""
        if self.board.distance(a, b) != 1 or not is_diagonal(a, b):
            return False
        c1, c2 = self.board.corner_squares(a, b)
        first, second = self.occupant.get(c1), self.occupant.get(c2)
        return first is not None and first is second and first.size == "double"

    def squares_adjacent(self, a: Square, b: Square, *, close_combat: bool = False) -> Result:
        """The ``adjacent.is`` decision for two squares."""
        return self.decide("adjacent.is", self.adjacency_facts(a, b, close_combat=close_combat))

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

    def is_adjacent(self, p: Piece, q: Piece, *, close_combat: bool = False) -> bool:
        """Whether two pieces are adjacent under the rules."""
        result = self.adjacent(p, q, close_combat=close_combat)
        return result is not None and result.value is True
