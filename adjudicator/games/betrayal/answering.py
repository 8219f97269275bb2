"""Answer a house situation: dispatch its query kind, then draw the floors it touches."""

from __future__ import annotations

import importlib

from adjudicator.answer import Answer
from adjudicator.core.spec import Spec
from adjudicator.games.betrayal.model import HouseSituation
from adjudicator.games.betrayal.rules import Rules
from adjudicator.games.registry import game_of


def answer(spec: Spec, situation: HouseSituation) -> Answer:
    """The answer to the situation's query, with a text picture of each floor involved."""
    target = game_of(situation.ruleset).queries[situation.query.kind]
    result: Answer = importlib.import_module(target).answer(Rules(spec, situation))
    result.picture = situation.board.text_picture(situation, result)  # type: ignore[arg-type]
    return result
