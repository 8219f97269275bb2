"""The ``haunt_roll`` query (see :mod:`adjudicator.games.betrayal.checks`)."""

from adjudicator.games.betrayal.checks import haunt_roll
from adjudicator.games.betrayal.rules import Rules
from adjudicator.situation.answer import Answer


def answer(rules: Rules) -> Answer:
    """Answer a ``haunt_roll`` query."""
    return haunt_roll(rules)
