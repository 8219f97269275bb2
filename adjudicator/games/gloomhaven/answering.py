"""Answer a Gloomhaven situation: dispatch its query to the module of its kind.

Each query module has ``answer(spec, situation) -> Answer``; the modules are
the game entry's ``queries`` (:mod:`adjudicator.games.gloomhaven.game`).
"""

from __future__ import annotations

import importlib
from typing import Any

from adjudicator.answer import Answer
from adjudicator.core.errors import NotSupported
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.game import GAME


def answer(spec: Spec, situation: Any) -> Answer:
    """Answer ``situation`` (a :class:`adjudicator.games.gloomhaven.situation.Situation`)."""
    kind = situation.query.kind
    module = GAME.queries.get(kind)
    if module is None:
        raise NotSupported(f"{situation.path}: query kind {kind!r} is not supported for {situation.ruleset}")
    result: Answer = importlib.import_module(module).answer(spec, situation)
    return result
