"""What HorrorClix and HeroClix share: the table of facts, movement, line of fire, combat, values."""

from __future__ import annotations

from typing import Final

QUERIES: Final = {
    "action": "adjudicator.queries.action",
    "move": "adjudicator.queries.move",
    "reach": "adjudicator.queries.reach",
    "line_of_fire": "adjudicator.queries.line_of_fire",
    "attack": "adjudicator.queries.attack",
    "value": "adjudicator.queries.value",
    "end_turn": "adjudicator.queries.end_turn",
    "score": "adjudicator.queries.score",
}
"""The query kinds the Clix games answer, each mapped to its module (imported only when asked)."""
