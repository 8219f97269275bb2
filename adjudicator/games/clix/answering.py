"""Answering a Clix query: the situation's table of facts, the query kind's module, the assumptions made."""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.spec import Spec
from adjudicator.games.clix.model import Situation
from adjudicator.games.clix.table import Table
from adjudicator.games.registry import Answerer
from adjudicator.situation.answer import Answer


def on_table(answer: Callable[[Table], Answer]) -> Answerer[Situation]:
    """An answerer for the registry: ``answer`` runs on the situation's table of facts.

    Facts no field of the situation gave are listed under ``assumed`` in the outcome.
    """

    def run(spec: Spec, situation: Situation) -> Answer:
        table = Table(spec, situation)
        result = answer(table)
        if table.assumed:
            previous = result.outcome.get("assumed")
            merged = dict(previous) if isinstance(previous, dict) else {}
            result.outcome["assumed"] = merged | {k: v for k, v in sorted(table.assumed.items()) if k not in merged}
        return result

    return run
