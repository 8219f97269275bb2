"""The games, one package each with the same parts, and the registry that holds them.

:mod:`adjudicator.games.registry` defines a game's entry; this package
registers the four games' entries (objects, never module paths).
:func:`game_of` finds a ruleset's game, :func:`game_named` a game by id.
HorrorClix and HeroClix share one rule engine, :mod:`adjudicator.games.clix`.
"""

from adjudicator.games import betrayal, gloomhaven, heroclix, horrorclix
from adjudicator.games.registry import (
    Game,
    Part,
    Pictures,
    QueryKind,
    Situations,
    UnknownGame,
    Words,
    game_named,
    game_of,
    games,
    register,
    ruleset_game,
    ruleset_title,
    unregister,
)

for _game in (horrorclix.GAME, heroclix.GAME, gloomhaven.GAME, betrayal.GAME):
    register(_game)

__all__ = [
    "Game",
    "Part",
    "Pictures",
    "QueryKind",
    "Situations",
    "UnknownGame",
    "Words",
    "game_named",
    "game_of",
    "games",
    "register",
    "ruleset_game",
    "ruleset_title",
    "unregister",
]
