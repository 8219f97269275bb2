"""The ``monster_group_move`` query: monsters of one kind moving on one shared Speed roll, each along its own path.

Monsters of one kind make a single movement roll for the whole group, and
each of them may move that many spaces in its turn (bt2e L519); each still
moves on its own, one after the other (L517). So every path is walked as a
``move`` is (:func:`~adjudicator.games.betrayal.queries.move.walk`), all on
the same roll. Given the roll (``dice: {movement: N}``), each path is legal
or not on it; without it, ``p_success`` is the exact chance that one roll
lets every path through (each total weighted once, not once a monster), and
each path is shown on the best roll, as a single monster's ``move`` is.

Deciding steps: the shared roll (L519) and, for an illegal answer, the rule
that refused each refused path; for a legal one, every path's own deciding
steps.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from adjudicator.core.dice import probability
from adjudicator.games.betrayal.model import Piece
from adjudicator.games.betrayal.movement import Mover
from adjudicator.games.betrayal.queries.move import Walk, settle, walk, walk_outcome
from adjudicator.games.betrayal.rules import Rules
from adjudicator.games.betrayal.trace import Trace
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId


def _movers(rules: Rules) -> list[tuple[Piece, Mover, list[Any]]]:
    """Each monster of the group, its mover and its path, in the order the query lists them."""
    situation = rules.situation
    out = []
    for move in situation.query.get("moves") or []:
        piece = situation.piece(str(move["piece"]))
        out.append((piece, Mover(rules, situation, piece), list(move["path"])))
    return out


def answer(rules: Rules) -> Answer:
    """Answer a ``monster_group_move`` query."""
    situation = rules.situation
    group = _movers(rules)
    dice = situation.query.get("dice") or {}
    movement = dice.get("movement") if isinstance(dice, dict) else None
    first = group[0][1]
    dice_count = int(
        rules.value("roll.dice", {"kind": "monster_move", "named": 0, "value": min(first.speed_value(), 8)}) or 0
    )
    trace = Trace()
    ids = ", ".join(piece.id for piece, _, _ in group)
    rolled = "the roll given, " + str(movement) if movement is not None else "a roll not given yet"
    trace.note(
        rules.rule_step(
            "BT.MON.MOVE_ROLL",
            f"one movement roll of {dice_count} dice for the group {ids} ({rolled}): each may move that far",
        ),
        decides=True,
    )
    walks: list[tuple[Piece, Walk]]
    if movement is None:
        rolls = first.movement_rolls()
        chance = Fraction(0)
        for total, p in rolls.items():
            each = [walk(rules, mover, path, total) for _, mover, path in group]
            if all(w.problem is None for w in each):
                product = Fraction(1)
                for w in each:
                    product *= w.chance
                chance += p * product
        walks = [(piece, walk(rules, mover, path, max(rolls), best_roll=True)) for piece, mover, path in group]
    else:
        walks = [(piece, walk(rules, mover, path, int(movement))) for piece, mover, path in group]
        chance = Fraction(1)
        for _, w in walks:
            chance *= w.chance if w.problem is None else Fraction(0)
    verdicts = {piece.id: settle(w) for piece, w in walks}
    verdict = _group_verdict(set(verdicts.values()))
    for piece, w in walks:
        keep_marks = verdict != "illegal" or verdicts[piece.id] == "illegal"
        for step in w.trace.steps:
            trace.note(replace(step, deciding=False), decides=keep_marks and step.deciding)
    out = Answer(situation.ruleset, "monster_group_move", verdict)
    trace.into(out)
    moves: dict[str, Any] = {}
    for piece, w in walks:
        own = w.chance if movement is not None else _own_chance(rules, piece, w, group)
        moves[piece.id] = {
            "verdict": verdicts[piece.id],
            **walk_outcome(w, piece, w.remaining if movement is not None else None, own),
        }
    out.outcome = {
        "roll": movement,
        "dice": dice_count,
        "p_success": probability(Fraction(0) if verdict == "illegal" else chance),
        "moves": moves,
    }
    path: list[SpaceId] = []
    for piece, w in walks:
        path += [piece.at, *w.path]
    out.marks = {"path": path}
    return out


def _group_verdict(verdicts: set[str]) -> str:
    """The group's verdict: illegal when some path is, undecided when some path is, else legal."""
    for verdict in ("illegal", "undecided"):
        if verdict in verdicts:
            return verdict
    return "legal"


def _own_chance(rules: Rules, piece: Piece, best: Walk, group: list[tuple[Piece, Mover, list[Any]]]) -> Fraction:
    """The chance that the shared roll (not given) lets this one monster's path through."""
    if best.problem is not None:
        return Fraction(0)
    mover, path = next((m, p) for q, m, p in group if q.id == piece.id)
    total = Fraction(0)
    for roll, p in mover.movement_rolls().items():
        w = walk(rules, mover, path, roll)
        if w.problem is None:
            total += p * w.chance
    return total
