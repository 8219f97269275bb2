"""The games: what each game is, its profile, and the rule machinery the Clix games share.

The registry (:mod:`adjudicator.games.registry`) holds one :class:`Game` per
game; :func:`game_of` finds a ruleset's game, :func:`game_named` a game by id.
"""

from adjudicator.games import heroclix, horrorclix
from adjudicator.games.betrayal import GAME as BETRAYAL
from adjudicator.games.gloomhaven.game import GAME as GLOOMHAVEN
from adjudicator.games.registry import (
    Capabilities,
    Game,
    UnknownGame,
    game_named,
    game_of,
    games,
    register,
    ruleset_game,
    scenarios,
)

for _game in (horrorclix.GAME, heroclix.GAME, GLOOMHAVEN, BETRAYAL):
    register(_game)

__all__ = ["Capabilities", "Game", "UnknownGame", "game_named", "game_of", "games", "ruleset_game", "scenarios"]
