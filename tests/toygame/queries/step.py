"""The ``step`` query: may a pawn step to a square? (toy L11-13)."""

from __future__ import annotations

from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.situation.answer import Answer
from tests.toygame.model import Situation


def answer(spec: Spec, situation: Situation) -> Answer:
    """Legal when the square touches the pawn's own, is open and free; every fact from the board."""
    board, query = situation.board, situation.query
    pawn = situation.pawn(query.pawn)
    ruling = Ruling(spec, situation.ruleset, situation.readings)
    facts = {
        "touching": board.distance(pawn.at, query.to) == 1,
        "blocking": board.terrain_at(query.to) == "blocking",
        "occupied": any(p.at == query.to and p.id != pawn.id for p in situation.pawns),
    }
    result = Answer(situation.ruleset, "step", "undecided")
    decided = result.cite(ruling.decide("step.allowed", facts), f"{pawn.id} to {board.name(query.to)}")
    if decided.value is not None:
        result.verdict = "legal" if decided.value else "illegal"
    result.outcome = {"allowed": decided.value, "from": board.name(pawn.at), "to": board.name(query.to)}
    result.marks = {"path": [pawn.at, query.to]}
    return result
