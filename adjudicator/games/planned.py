"""Games whose rulebooks the spec holds but which the engine does not play yet.

They are registered so that ``validate`` and the docs can name them; they
answer no query kind, so a query about them is refused as not supported.
"""

from __future__ import annotations

from typing import Final

from adjudicator.games.profiles import Profile
from adjudicator.games.registry import Game

GLOOMHAVEN: Final = Game("gloomhaven", "Gloomhaven", Profile("gloomhaven", "", ""), space="hex")
BETRAYAL: Final = Game("betrayal", "Betrayal at House on the Hill", Profile("betrayal", "", ""), space="room")
