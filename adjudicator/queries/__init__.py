"""One module per query kind; :func:`answer` dispatches a situation's query.

Each query module defines ``answer(table) -> Answer``. Modules are imported
lazily, so ``ask`` loads only what its query needs (and never z3).
"""

from __future__ import annotations

import importlib

from adjudicator.answer import Answer
from adjudicator.core.errors import UsageError
from adjudicator.core.spec import Spec
from adjudicator.games.clix.table import Table
from adjudicator.situation.model import Situation

MODULES = {
    "action": "adjudicator.queries.action",
    "move": "adjudicator.queries.move",
    "reach": "adjudicator.queries.reach",
    "line_of_fire": "adjudicator.queries.line_of_fire",
    "attack": "adjudicator.queries.attack",
    "value": "adjudicator.queries.value",
    "end_turn": "adjudicator.queries.end_turn",
    "score": "adjudicator.queries.score",
}


class NotSupported(UsageError):
    """The engine cannot answer this query kind (yet) for this ruleset."""


def supported(kind: str) -> bool:
    """Whether a module for the query kind exists."""
    try:
        importlib.import_module(MODULES[kind])
    except (KeyError, ModuleNotFoundError):
        return False
    return True


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer the situation's query."""
    kind = situation.query.kind
    if not supported(kind):
        raise NotSupported(f"{situation.path}: query kind {kind!r} is not supported yet")
    module = importlib.import_module(MODULES[kind])
    table = Table(spec, situation)
    result: Answer = module.answer(table)
    if table.assumed:
        previous = result.outcome.get("assumed")
        merged = dict(previous) if isinstance(previous, dict) else {}
        result.outcome["assumed"] = merged | {k: v for k, v in sorted(table.assumed.items()) if k not in merged}
    return result
