"""The ``attack`` query (see :mod:`adjudicator.games.betrayal.combat`)."""

from adjudicator.games.betrayal.combat import attack
from adjudicator.games.betrayal.rules import Rules
from adjudicator.situation.answer import Answer


def answer(rules: Rules) -> Answer:
    """Answer a ``attack`` query."""
    return attack(rules)
