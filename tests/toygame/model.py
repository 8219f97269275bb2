"""A Pawns and Squares situation: a square board of open and blocking squares, pawns, and one step asked about."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

from adjudicator.situation.base import Located
from adjudicator.spaces import Space, SpaceId

TOP_FIELDS: Final = ("ruleset", "map", "pawns", "query", "readings", "expect")
PAWN_FIELDS: Final = ("id", "at")
QUERY_FIELDS: Final = ("kind", "pawn", "to")
MAP_CHARS: Final = ".#"
"""A map row's characters: ``.`` an open square, ``#`` a blocking one (toy L5)."""


@dataclass(frozen=True)
class Pawn:
    """A pawn on its square."""

    id: str
    at: SpaceId


@dataclass(frozen=True)
class StepQuery:
    """The question whether ``pawn`` may step to ``to``."""

    pawn: str
    to: SpaceId
    kind: Literal["step"] = "step"


@dataclass(frozen=True)
class Situation(Located):
    """A validated Pawns and Squares situation file."""

    ruleset: str
    board: Space
    pawns: tuple[Pawn, ...]
    query: StepQuery
    readings: Mapping[str, str] = field(default_factory=dict, hash=False)
    expect: Any = field(default=None, compare=False, hash=False, repr=False)
    path: Path | None = field(default=None, compare=False)
    lines: Mapping[str, int] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def pawn(self, pawn_id: str) -> Pawn:
        """The pawn with this id (``KeyError`` if none)."""
        return next(p for p in self.pawns if p.id == pawn_id)
