"""What Pawns and Squares calls its things: pawns on squares."""

from __future__ import annotations

from typing import Final

from adjudicator.games.registry import Words

WORDS: Final = Words("pawn", side="player", turn="turn", place="square")
