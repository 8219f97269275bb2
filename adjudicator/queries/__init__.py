"""One module per query kind; :func:`answer` dispatches a situation's query.

Which game answers which kind, with which module, is the game registry's
(:mod:`adjudicator.games`): a game's ``answering`` module answers its
situations (the Clix games' builds a table of facts and calls the query
module of the kind, whose ``answer(table)`` returns the answer). Modules are
imported lazily, so ``ask`` loads only what its query needs (and never z3).
"""

from __future__ import annotations

import importlib

from adjudicator.answer import Answer
from adjudicator.core.errors import NotSupported
from adjudicator.core.spec import Spec
from adjudicator.games import game_of, games
from adjudicator.situation.model import Situation

__all__ = ["MODULES", "NotSupported", "answer", "supported"]

MODULES = {kind: module for game in games() for kind, module in game.queries.items()}
"""Every query kind some game answers, and its module (one game's, when several answer a kind)."""


def _importable(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ModuleNotFoundError:
        return False
    return True


def supported(kind: str, ruleset: str | None = None) -> bool:
    """Whether some game (the ruleset's, when given) has an importable module for the query kind."""
    modules = [
        game.queries[kind] for game in games() if kind in game.queries and (ruleset is None or game.owns(ruleset))
    ]
    return any(_importable(module) for module in modules)


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer the situation's query, through its game's answering module."""
    kind = situation.query.kind
    if not supported(kind, situation.ruleset):
        raise NotSupported(f"{situation.path}: query kind {kind!r} is not supported yet")
    game = game_of(situation.ruleset)
    if not game.answers(kind):
        raise NotSupported(f"{situation.path}: {kind} is not supported for {situation.ruleset} yet")
    result: Answer = importlib.import_module(game.answering).answer(spec, situation)
    return result
