"""The ``line_of_sight`` query (see :mod:`adjudicator.games.betrayal.checks`)."""

from adjudicator.games.betrayal.checks import line_of_sight
from adjudicator.games.betrayal.rules import Rules
from adjudicator.situation.answer import Answer


def answer(rules: Rules) -> Answer:
    """Answer a ``line_of_sight`` query."""
    return line_of_sight(rules)
