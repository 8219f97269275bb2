"""The ``value`` query: a combat value after replacements and modifiers, with the cited pipeline."""

from __future__ import annotations

from typing import Any

from adjudicator.core.errors import PositionedError
from adjudicator.games.clix.model import HOURGLASS, ValueQuery
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.values import combat_value, decide
from adjudicator.situation.answer import Answer


def answer(table: Table) -> Answer:
    """Answer a ``value`` query: outcome ``value`` (None when undecided), ``base``, ``modifiers``."""
    situation = table.situation
    query = situation.query
    assert isinstance(query, ValueQuery)  # noqa: S101 - dispatch guarantees the kind
    piece = table.piece(query.piece)
    result = Answer(table.ruleset, "value", "answered")
    result.marks["targets"] = list(piece.at)
    result.target_names = {piece.id: list(piece.at)}
    shown = getattr(piece, query.stat)
    if shown is None:
        raise PositionedError(
            situation.where("query.stat"), f"{piece.id} is a {piece.type} token: it has no {query.stat} value"
        )
    if table.game.capabilities.dial_value_rule:
        result.cite(decide(table, "value.on_dial", {"stat": query.stat}))
    outcome: dict[str, Any] = {"stat": query.stat, "printed": shown}
    if shown == HOURGLASS:
        result.verdict = "undecided"
        outcome["value"] = None
        result.note(
            decides=True,
            step=table.fallback_step(
                f"{piece.id} shows an hourglass in place of its {query.stat} value: there is no number "
                "to replace or modify, and no rule gives one"
            ),
        )
    else:
        computed = combat_value(table, int(shown), query.effects)
        result.trace.extend(computed.steps)
        outcome |= {"value": computed.value, "base": computed.base, "replaced": computed.replaced}
        outcome["modifiers"] = computed.modifiers
        outcome["pipeline"] = computed.pipeline
        if computed.undecided:
            result.verdict = "undecided"
    result.outcome = outcome
    return result
