"""The ``attack`` query (see :mod:`adjudicator.games.betrayal.combat`)."""

from adjudicator.answer import Answer
from adjudicator.games.betrayal.combat import attack
from adjudicator.games.betrayal.rules import Rules


def answer(rules: Rules) -> Answer:
    """Answer a ``attack`` query."""
    return attack(rules)
