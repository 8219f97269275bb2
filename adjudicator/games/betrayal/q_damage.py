"""The ``damage`` query (see :mod:`adjudicator.games.betrayal.combat`)."""

from adjudicator.answer import Answer
from adjudicator.games.betrayal.combat import damage
from adjudicator.games.betrayal.rules import Rules


def answer(rules: Rules) -> Answer:
    """Answer a ``damage`` query."""
    return damage(rules)
