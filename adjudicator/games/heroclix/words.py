"""What HeroClix calls its things: characters and bystanders, players, turns, squares."""

from __future__ import annotations

from typing import Final

from adjudicator.games.registry import Words

WORDS: Final = Words("character", "bystander", side="player", turn="turn", place="square")
"""A character has a dial; so has a bystander token."""
