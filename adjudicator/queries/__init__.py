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
"""Every query kind some game answers, and its module."""


def supported(kind: str) -> bool:
    """Whether a module for the query kind exists."""
    try:
        importlib.import_module(MODULES[kind])
    except (KeyError, ModuleNotFoundError):
        return False
    return True


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer the situation's query, through its game's answering module."""
    kind = situation.query.kind
    if not supported(kind):
        raise NotSupported(f"{situation.path}: query kind {kind!r} is not supported yet")
    game = game_of(situation.ruleset)
    if not game.answers(kind):
        raise NotSupported(f"{situation.path}: {kind} is not supported for {situation.ruleset} yet")
    result: Answer = importlib.import_module(game.answering).answer(spec, situation)
    return result
