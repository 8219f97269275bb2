"""Answer a Clix situation: build its table of facts, run the query module, report assumptions."""

from __future__ import annotations

import importlib

from adjudicator.answer import Answer
from adjudicator.core.spec import Spec
from adjudicator.games.clix.table import Table
from adjudicator.games.registry import game_of
from adjudicator.situation.model import Situation


def answer(spec: Spec, situation: Situation) -> Answer:
    """The answer to the situation's query; facts no field gave are listed under ``assumed``."""
    module = importlib.import_module(game_of(situation.ruleset).queries[situation.query.kind])
    table = Table(spec, situation)
    result: Answer = module.answer(table)
    if table.assumed:
        previous = result.outcome.get("assumed")
        merged = dict(previous) if isinstance(previous, dict) else {}
        result.outcome["assumed"] = merged | {k: v for k, v in sorted(table.assumed.items()) if k not in merged}
    return result
