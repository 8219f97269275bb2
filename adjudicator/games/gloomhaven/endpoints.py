"""The ends of a line or range query: piece ids or hexes, as hexes."""

from __future__ import annotations

from adjudicator.games.gloomhaven.model import Endpoint, Situation
from adjudicator.spaces.hex import Hex


def hex_of(situation: Situation, end: Endpoint) -> Hex:
    """The hex of an endpoint (a piece's hex, or the hex itself)."""
    return situation.piece(end).at if isinstance(end, str) else end


def label(situation: Situation, end: Endpoint) -> str:
    """``brute (B2)`` or ``C3``."""
    at = hex_of(situation, end)
    name = situation.board.name(at)
    return f"{end} ({name})" if isinstance(end, str) else name
