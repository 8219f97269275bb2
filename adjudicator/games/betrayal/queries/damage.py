"""The ``damage`` query (see :mod:`adjudicator.games.betrayal.combat`)."""

from adjudicator.games.betrayal.combat import damage
from adjudicator.games.betrayal.rules import Rules
from adjudicator.situation.answer import Answer


def answer(rules: Rules) -> Answer:
    """Answer a ``damage`` query."""
    return damage(rules)
