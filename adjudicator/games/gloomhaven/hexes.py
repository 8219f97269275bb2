"""What lies on a hex, in the words of the glossary's empty, unoccupied and negative hexes (L1760-1769).

A hex holds figures (pieces), tokens (``objects`` of type ``money`` or
``token``) and overlay tiles: the terrain character's feature, or a treasure
tile or pressure plate of ``objects`` (L1951-1953). The facts read here feed
``scenario.hex_empty`` and ``scenario.hex_unoccupied``; the rules decide.
"""

from __future__ import annotations

from typing import Final

from adjudicator.games.gloomhaven.model import Situation
from adjudicator.games.gloomhaven.terrain import feature
from adjudicator.spaces.hex import Hex

NEGATIVE: Final = frozenset({"trap", "hazardous"})
"""The features that trigger on entering: a negative hex (L1268-1273, L1342-1346)."""
TOKENS: Final = frozenset({"money", "token"})
"""Objects that are tokens rather than overlay tiles."""


def holds(situation: Situation, h: Hex) -> list[str]:
    """What lies on ``h``, in words: ``figure brute``, its terrain feature, each token and tile of ``objects``."""
    out: list[str] = []
    piece = situation.piece_at(h)
    if piece is not None:
        out.append(f"{piece.type} {piece.id}")
    word = feature(situation.board, h)
    if word != "none":
        out.append(word)
    out += [t.type if t.name is None else f"{t.type} {t.name}" for t in situation.tokens_at(h)]
    return out


def overlay(situation: Situation, h: Hex) -> str:
    """The overlay tile on ``h`` in ``scenario.hex_empty``'s words: none, open_door, pressure_plate or other."""
    word = feature(situation.board, h)
    if word in {"none", "open_door"}:
        tiles = {t.type for t in situation.tokens_at(h)} - TOKENS
        if "pressure_plate" in tiles:
            return "pressure_plate"
        return "other" if tiles else word
    return "other"


def empty_facts(situation: Situation, h: Hex) -> dict[str, bool | str]:
    """The facts of ``scenario.hex_empty`` for ``h``."""
    return {
        "figure": situation.piece_at(h) is not None,
        "token": any(t.type in TOKENS for t in situation.tokens_at(h)),
        "overlay": overlay(situation, h),
    }


def unoccupied_facts(situation: Situation, h: Hex) -> dict[str, bool]:
    """The facts of ``scenario.hex_unoccupied`` for ``h`` (a summon is a figure and a summon token alike)."""
    piece = situation.piece_at(h)
    return {"figure": piece is not None, "summon_or_ally_token": piece is not None and piece.type == "summon"}
