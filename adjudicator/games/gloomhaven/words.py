"""What Gloomhaven calls its things: figures (characters, summons, monsters), sides, turns, hexes."""

from __future__ import annotations

from typing import Final

from adjudicator.games.registry import Words

WORDS: Final = Words(figure="figure", token="", side="side", turn="turn", place="hex")
