"""The ``move`` query: may the piece move to ``to``, and what happens.

The outcome gives the path taken (a shortest legal one), the end square, the
break away (required, and the exact chance of success, or the roll given),
the victim slain by ending on its space, the action tokens after the action
and the face-down victims turned face up on the way. A failed break-away roll
leaves the piece where it was with one more token.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from adjudicator.core.dice import probability
from adjudicator.core.engine import Result
from adjudicator.core.errors import PositionedError
from adjudicator.games.clix.model import DICE, MoveQuery, Piece
from adjudicator.games.clix.movement import Citer, Plan, Search, State, Why, explain_unreachable, plan, unsupported
from adjudicator.games.clix.queries.move_double import answer_move, pushing
from adjudicator.games.clix.slaying import frenzy_attack, slaying
from adjudicator.games.clix.table import Table
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId

MAX_TOKENS = 2


def answer(table: Table) -> Answer:
    """Answer a move query."""
    query = table.situation.query
    assert isinstance(query, MoveQuery)  # noqa: S101 - dispatch guarantees the kind
    mover = table.piece(query.piece)
    if not table.board.contains(query.to):
        raise PositionedError(table.situation.where("query.to"), f"{table.board.name(query.to)} is not on the map")
    out = Answer(table.ruleset, "move", "legal")
    citer = Citer(out.trace)
    victims = table.game.capabilities.victims
    out.outcome = {"path": None, "end": None, "breakaway": {"required": None, "p_success": None}}
    if victims:
        out.outcome["slays"] = None
    out.outcome["tokens"] = None if mover.is_token else mover.tokens
    if victims:
        out.outcome["revealed"] = []
    size = unsupported(table, mover)
    if size is not None:
        out.verdict = "undecided"
        citer.cite(Why(size, f"{mover.id} is a giant"), decides=True)
        return out
    if query.frenzy and not _frenzy(table, mover, out, citer):
        return out
    if len(mover.at) > 1:  # a double-base monster, a multi-base character
        return answer_move(table, mover, query, out, citer)
    if query.to == mover.square:
        return _stay(table, mover, out, citer, frenzy=query.frenzy)
    return _move(table, mover, query, out, citer)


def _move(table: Table, mover: Piece, query: MoveQuery, out: Answer, citer: Citer) -> Answer:
    """Plan the move action and answer for ``query.to``."""
    moving = plan(table, mover, query.die, paths=True)
    for why in moving.trace[:1]:
        citer.cite(why)
    for why in moving.breakaway.results:
        citer.cite(why, decides=bool(moving.breakaway.required))  # a needed break away decides whether it moves
    out.outcome["breakaway"] = moving.breakaway.outcome()
    if moving.blocked is not None:
        return _blocked(table, moving, out, citer, frenzy=query.frenzy)
    if moving.undecided:
        out.verdict = "undecided"
        for why in moving.undecided:
            citer.cite(why, decides=True)
        return out
    for why in moving.trace[1:]:
        citer.cite(why)
    ends = moving.search.ends.get(query.to)
    if not ends:
        return _unreachable(table, moving, query.to, out, citer)
    _legal(table, moving, ends[0], out, citer, frenzy=query.frenzy)
    if query.die is None and moving.breakaway.required and len(moving.breakaway.succeeding) < len(DICE.die.faces):
        _depends(table, moving, out)
    return out


def _depends(table: Table, moving: Plan, out: Answer) -> None:
    """No die given and the break-away roll can fail: the move happens on some rolls only.

    The verdict is ``depends``; ``branches`` gives each branch's rolls, exact
    probability and what happens (``path`` and ``end`` stay those of the move
    when the roll succeeds).
    """
    good = moving.breakaway.succeeding
    bad = tuple(f for f in DICE.die.faces if f not in good)
    start = table.board.name(moving.mover.square)
    out.verdict = "depends"
    out.outcome["branches"] = [
        {
            "when": "the break-away roll succeeds",
            "rolls": list(good),
            "probability": probability(len(good), len(DICE.die.faces)),
            "verdict": "legal",
            "end": out.outcome["end"],
        },
        {
            "when": "the break-away roll fails: the piece stays where it is",
            "rolls": list(bad),
            "probability": probability(len(bad), len(DICE.die.faces)),
            "verdict": "illegal",
            "end": start,
        },
    ]


def _frenzy(table: Table, mover: Piece, out: Answer, citer: Citer) -> bool:
    """Check that the monster may declare a frenzy; record it in the outcome."""
    out.outcome["frenzy"] = True
    if mover.is_token:
        out.verdict = "illegal"
        return False
    blooded = table.decide(
        "monster.blooded",
        {"victims_on_card": min(mover.victims, 12), "has_slain": mover.victims > 0, "has_rescued": False},
    )
    citer.cite(Why(blooded, f"{mover.id} has {mover.victims} victim(s) on its card"), decides=blooded.value is None)
    if blooded.value is None:
        out.verdict = "undecided"
        return False
    allowed = table.decide("frenzy.declare_allowed", {"blooded": bool(blooded.value), "declared_at": "move_start"})
    citer.cite(Why(allowed, f"{mover.id} declares a frenzy"), always=True, decides=True)
    if allowed.value is not True:
        out.verdict = "illegal" if allowed.value is False else "undecided"
        return False
    return True


def _tokens(table: Table, mover: Piece, citer: Citer, *, frenzy: bool) -> int | None:
    """Action tokens after the action (``frenzy.tokens`` for a frenzy)."""
    if mover.is_token:
        return None
    if frenzy:
        gained = table.decide("frenzy.tokens", {"attacked": False})
    else:
        gained = table.decide("action.tokens_gained", {"action": "move"})
    citer.cite(Why(gained, f"{mover.id} has {mover.tokens} token(s)"), decides=frenzy)  # a frenzy's own count
    if gained.value is None:
        return None
    return min(MAX_TOKENS, mover.tokens + int(gained.value))


def _stay(table: Table, mover: Piece, out: Answer, citer: Citer, *, frenzy: bool) -> Answer:
    """A move of 0 spaces: no movement, hence no break away."""
    if not mover.is_token:
        required = table.decide(
            "breakaway.required", {"adjacent_opposing": 0, "adjacent_immovable": False, "action_moves": False}
        )
        citer.cite(Why(required, f"{mover.id} moves 0 spaces"))
        out.outcome["breakaway"] = {"required": required.value, "p_success": None}
    out.outcome.update(path=[table.board.name(mover.square)], end=table.board.name(mover.square))
    out.outcome["tokens"] = _tokens(table, mover, citer, frenzy=frenzy)
    pushing(table, mover, out, citer)
    out.marks = {"path": [mover.square]}
    return out


def _blocked(table: Table, moving: Plan, out: Answer, citer: Citer, *, frenzy: bool) -> Answer:
    """The action is not allowed, or the break-away roll failed."""
    assert moving.blocked is not None  # noqa: S101 - the caller checked
    out.verdict = "illegal"
    citer.cite(moving.blocked, always=True, decides=True)
    if moving.blocked.result.decision == "breakaway.succeeds":
        start = moving.mover.square
        out.outcome.update(path=[table.board.name(start)], end=table.board.name(start))
        out.outcome["tokens"] = _tokens(table, moving.mover, citer, frenzy=frenzy)
        pushing(table, moving.mover, out, citer)
        out.marks = {"path": [start]}
        if frenzy:
            out.outcome["frenzy_attack"] = frenzy_attack(
                table, moving.mover, start, citer, slew=False, breakaway_failed=True
            )
    return out


def _unreachable(table: Table, moving: Plan, to: SpaceId, out: Answer, citer: Citer) -> Answer:
    """``to`` cannot be the end of the move: illegal, or undecided if an undecided rule is in the way."""
    search = moving.search
    if to in moving.maybe_squares():
        out.verdict = "undecided"
        generous = moving.generous
        assert generous is not None  # noqa: S101 - maybe_squares is empty without it
        for why in _undecided_on_way(generous, to):
            citer.cite(why, decides=True)
        return out
    out.verdict = "illegal"
    reason = explain_unreachable(search, to)
    if reason is not None and reason.result.decision == "move.must_stop":
        _water(table, [s.square for s in search.dist if s.stopped], citer)
    if reason is not None:
        citer.cite(reason, always=True, decides=True)
        for skipped in _stairs_skipped(search, to):  # the stairs rule made the way too long
            citer.cite(skipped, decides=True)
    out.outcome["reachable"] = False
    return out


def _undecided_on_way(generous: Search, to: SpaceId) -> list[Why]:
    """The undecided questions met on the generous way to ``to``."""
    ends = generous.ends.get(to, [])
    if not ends:
        return generous.undecided[:1]
    path = generous.path_to(ends[0])
    squares = {generous.name(s.square) for s in path}
    found = [w for w in generous.undecided if any(name in w.where for name in squares)]
    return found or generous.undecided[:1]


def _legal(table: Table, moving: Plan, end: State, out: Answer, citer: Citer, *, frenzy: bool) -> None:
    """Fill in the outcome and the trace of a legal move ending in state ``end``."""
    search, mover = moving.search, moving.mover
    name = table.board.name
    states = search.path_to(end)
    can_end, legal = search.end_results(end)
    general = {step.rule for result in (legal, can_end, *moving.speed_results[:1]) for step in result.trace}
    for u, v in pairwise(states):
        place = name(v.square) if u.square != v.square else f"{name(v.square)} (flight mode change to {v.flight})"
        for result in search.step_results(u, v):
            specific = _lets_pass(result, general)
            citer.cite(
                Why(result, place),
                always=v == end and result.decision == "move.must_stop",
                decides=bool(specific),
                only=specific,
            )
    if end.changes:
        budget = moving.budgets[end.changes]
        citer.cite(
            Why(moving.speed_results[end.changes], f"{mover.id} changes flight mode {end.changes} time(s)"),
            always=True,
            decides=True,
        )
        out.outcome["mode_changes"] = end.changes
        out.outcome["speed"] = budget
    _kept_apart(table, mover, [s.square for s in states[1:]], citer)
    _water(table, [s.square for s in states], citer)
    end_rules = frozenset(step.rule for step in can_end.trace) - {step.rule for step in legal.trace}
    citer.cite(
        Why(can_end, f"{name(end.square)} is the end"),
        always=True,
        decides=can_end.status == "decided" and bool(end_rules),
        only=end_rules,
    )
    citer.cite(Why(legal, f"{search.dist[end]} space(s) moved"), always=True, decides=True)
    squares: list[SpaceId] = []
    for state in states:
        if not squares or squares[-1] != state.square:
            squares.append(state.square)
    out.outcome.update(path=[name(sq) for sq in squares], end=name(end.square))
    if end.flight != "none":
        out.outcome["flight"] = end.flight
    _at_the_end(table, mover, end, squares, out, citer, frenzy=frenzy)
    out.marks = {"path": squares}


def _lets_pass(result: Result, general: set[str]) -> frozenset[str]:
    """The rules of their own (exceptions to the general movement rule) by which a step let the mover on.

    A step allowed into a square, or not stopped there, by a rule other than the general movement rule
    (swimming, hovering over terrain, moving on after breaking away) is a rule the legal move rests on.
    """
    permits = (result.decision == "move.can_enter" and result.value is True) or (
        result.decision == "move.must_stop" and result.value is False
    )
    if not permits or result.status != "decided":
        return frozenset()
    return frozenset(step.rule for step in result.trace if step.rule not in general)


def _at_the_end(  # noqa: PLR0917 - the parts of one legal move
    table: Table, mover: Piece, end: State, squares: list[SpaceId], out: Answer, citer: Citer, *, frenzy: bool
) -> None:
    """What happens where the move ends: a victim slain (and a frenzy's attack), tokens, victims turned face up.

    A game without victims (HeroClix) has no ``slays`` or ``revealed`` in the outcome.
    """
    victims = table.game.capabilities.victims
    slain = _slays(table, mover, end, citer) if victims else None
    if victims:
        out.outcome["slays"] = slain
    if slain:
        out.outcome["slaying"] = slaying(table, mover, table.piece(slain), end.square, citer)
    if frenzy:
        out.outcome["frenzy_attack"] = frenzy_attack(
            table, mover, end.square, citer, slew=bool(slain), breakaway_failed=False
        )
    out.outcome["tokens"] = _tokens(table, mover, citer, frenzy=frenzy)
    pushing(table, mover, out, citer)
    if victims:
        out.outcome["revealed"] = _revealed(table, mover, squares, citer)


def _water(table: Table, squares: list[SpaceId], citer: Citer) -> None:
    """Cite how water is classed for movement when the path starts, enters or stops in water (hc L1208-1211).

    Water counting as hindering terrain for movement is what makes the hindering rules apply to it.
    """
    wet = [table.board.name(sq) for sq in dict.fromkeys(squares) if table.board.terrain_at(sq) == "water"]
    result = table.water_class("move") if wet else None
    if result is not None:
        citer.cite(Why(result, f"water at {', '.join(wet)}"))


def _kept_apart(table: Table, mover: Piece, squares: list[SpaceId], citer: Citer) -> None:
    """Cite the rule that keeps an opposing monster beside the path from being adjacent (a wall, elevation).

    Such a rule decides in the mover's favour (it need not stop there), so the trace names it.
    """
    if mover.is_token:
        return
    name = table.board.name
    for square in dict.fromkeys(squares):
        for foe in table.monsters():
            if foe is mover or table.relation(mover, foe) != "opposing":
                continue
            for at in foe.at:
                if at == square or table.board.distance(square, at) != 1:
                    continue
                result = table.squares_adjacent(square, at)
                if result.value is False:
                    citer.cite(Why(result, f"{foe.id} beside {name(square)}"), decides=True)


def _slays(table: Table, mover: Piece, end: State, citer: Citer) -> str | None:
    """The victim slain by ending on its space (``slay.outcome``), if any."""
    victim = table.occupant.get(end.square)
    if mover.is_token or victim is None or not victim.is_token:
        return None
    around = [sq for sq in table.board.neighbours(end.square) if sq not in table.occupant or sq == mover.square]
    facts: dict[str, Any] = {
        "ends_on_victim": True,
        "move_action": True,
        "kind": "slay",
        "counter": "none",
        "adjacent_unoccupied_space": bool(around),
        "soaring": end.flight == "soaring",
    }
    declared = table.spec.decision(table.ruleset, "slay.outcome").facts
    result = table.decide("slay.outcome", {k: v for k, v in facts.items() if k in declared})
    citer.cite(Why(result, f"{mover.id} ends on victim {victim.id}"), always=True, decides=True)
    return victim.id if result.value == "on_card" else None


def _revealed(table: Table, mover: Piece, squares: list[SpaceId], citer: Citer) -> list[str]:
    """Face-down victims the monster moved next to (``victim.turned_face_up``)."""
    if mover.is_token:
        return []
    out: list[str] = []
    for victim in table.situation.pieces:
        if not victim.is_token or victim.face != "down":
            continue
        for square in squares[1:]:
            if square == victim.square or table.board.distance(square, victim.square) != 1:
                continue
            if table.squares_adjacent(square, victim.square).value is not True:
                continue
            result = table.decide("victim.turned_face_up", {"face_down": True, "trigger": "monster_moved_adjacent"})
            citer.cite(
                Why(result, f"{mover.id} moves next to {victim.id} on {table.board.name(square)}"),
                decides=result.value is True,
            )
            if result.value is True:
                out.append(victim.id)
            break
    return sorted(out)


def _stairs_skipped(search: Search, to: SpaceId) -> list[Why]:
    """Climbs (or descents) refused on the way to ``to`` because the path skipped a stair square.

    A shorter way up the stairs that does not cross every stair square is a level change without stairs;
    when the speed then falls short of the way that does, that refusal is a reason as much as the speed.
    """
    board, name = search.facts.board, search.name
    return [
        Why(result, f"step {name(frm)}->{name(square)}: a stair square skipped")
        for (frm, square), result in search.skipped.items()
        if board.distance(square, to) < board.distance(frm, to)
    ][:1]
