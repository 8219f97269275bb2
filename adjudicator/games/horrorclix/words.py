"""What HorrorClix calls its things: monsters and victims, players, turns, squares."""

from __future__ import annotations

from typing import Final

from adjudicator.games.registry import Words

WORDS: Final = Words("monster", "victim", side="player", turn="turn", place="square")
"""A monster has a dial; a victim is a token with a speed value only."""
