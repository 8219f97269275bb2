"""The ``roll`` query (see :mod:`adjudicator.games.betrayal.checks`)."""

from adjudicator.games.betrayal.checks import roll
from adjudicator.games.betrayal.rules import Rules
from adjudicator.situation.answer import Answer


def answer(rules: Rules) -> Answer:
    """Answer a ``roll`` query."""
    return roll(rules)
