"""What Betrayal calls its things: explorers and monsters, the heroes and the haunt, turns, rooms."""

from __future__ import annotations

from typing import Final

from adjudicator.games.registry import Words

WORDS: Final = Words(figure="explorer", token="", side="team", turn="turn", place="room")
