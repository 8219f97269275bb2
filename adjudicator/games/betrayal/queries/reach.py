"""The ``reach`` query: every place a piece may end this turn, the doors it may open, the rolls it needs.

The search keeps, for each (place, rolled, obstacles crossed, moved yet), the
fewest spaces used; fewer spaces never allow less, so a label is expanded
once. Every step asks the rules through :class:`Mover` (answers cached).

The trace cites every rule the search relied on, once each. The deciding
ones are the allowance (the explorer's Speed, the monster's roll) and every
rule that opened, closed, priced or stopped a way; the plain rules of an
ordinary step (joined doors, a room is a space, the step fits the allowance)
are cited without the mark.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from adjudicator.core.dice import probability
from adjudicator.core.engine import Step
from adjudicator.games.betrayal.house import (
    BASEMENT_LANDING,
    COAL_CHUTE,
    COLLAPSED_FALL,
    MYSTIC_ELEVATOR,
    OBSTACLE_CROSS,
)
from adjudicator.games.betrayal.movement import Mover, Way, movement_end
from adjudicator.games.betrayal.rules import Rules
from adjudicator.games.betrayal.trace import Trace
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId
from adjudicator.spaces.rooms import DOORS, FALSE_OPENING, UNEXPLORED, Passage

PLAIN_RULES = frozenset(("BT.MOVE.DOOR_CONNECT", "BT.MOVE.ROOM_IS_SPACE", "BT.MOVE.BUDGET", "BT.MON.MOVE_ROLL"))
"""Rules of an ordinary step (joined doors, a room is a space, the step fits the allowance): cited, not deciding.

``BT.MOVE.BUDGET`` and ``BT.MON.MOVE_ROLL`` are deciding where they give the allowance itself."""


@dataclass(frozen=True)
class Reach:
    """Where a piece may end: places without a roll, places only through a roll, unexplored doors."""

    rooms: frozenset[str]
    need_roll: frozenset[str]
    doors: frozenset[str]


def search(  # noqa: C901, PLR0912, PLR0915 - one labelled search loop
    mover: Mover, roll: int = 0, stops: dict[str, dict[str, str]] | None = None
) -> Reach:
    """The reach of the mover with this movement roll (explorers: 0).

    ``stops`` collects, for each place where arriving ends the movement by a rule, what ends it
    (:func:`~adjudicator.games.betrayal.movement.movement_end`); pass the same mapping to every search of one mover.
    """
    piece = mover.piece
    allowance = int(mover.allowance(mover.speed_value(), roll).value or 0)
    start = piece.at
    turn = piece.turn
    crossed0 = frozenset(r for r in turn.rolls if r in mover.house.by_id)
    best: dict[tuple[str, bool, frozenset[str], bool], int] = {}
    heap: list[tuple[int, int, str, bool, frozenset[str], bool, bool]] = []
    counter = 0
    heapq.heappush(heap, (turn.moved, counter, start, False, crossed0, turn.moved > 0, turn.stopped_by is not None))
    plain: set[str] = set()
    rolled: set[str] = set()
    doors: set[str] = set()
    house = mover.house
    ways = mover.ways  # the same for every search of this mover (a monster's searches, one per roll)
    allowed: dict[tuple[int, int, bool, str | None], bool] = {}
    while heap:
        used, _, place, via_roll, crossed, moved, stopped = heapq.heappop(heap)
        key = (place, via_roll, crossed, moved)
        if key in best and best[key] <= used:
            continue
        best[key] = used
        if place != start:
            (rolled if via_roll else plain).add(place)
        if stopped:
            continue
        for passage in house.passages(place):
            way = ways.get(passage)
            if way is None:
                way = ways[passage] = way_facts(mover, passage, {} if stops is None else stops)
            if way is False:
                continue
            cost, needs, target, ends = way
            stopped_by = turn.stopped_by if not moved else None
            allowed_key = (used, cost, moved, stopped_by)
            ok = allowed.get(allowed_key)
            if ok is None:
                ok = allowed[allowed_key] = bool(
                    mover.step_allowed(
                        used=used,
                        cost=cost,
                        allowance=allowance,
                        allowance_now=allowance,
                        moved_before=moved,
                        stopped=stopped_by,
                    ).value
                )
            if not ok:
                continue
            if passage.kind == UNEXPLORED:  # no tile behind the door yet, or the `new` tile it will discover
                doors.add(f"{place.partition(':')[0]}:{passage.door}")
            if target is None:
                continue
            now_crossed = crossed
            if needs is not None:
                if needs in crossed:
                    continue
                now_crossed = crossed | {needs}
            counter += 1
            heapq.heappush(heap, (used + cost, counter, target, via_roll or needs is not None, now_crossed, True, ends))
    del best
    plain.discard(start)
    rolled -= plain
    rolled.discard(start)
    return Reach(frozenset(plain), frozenset(rolled), frozenset(doors))


def way_facts(mover: Mover, passage: Passage, stops: dict[str, dict[str, str]]) -> Way | Literal[False]:
    """A way's facts for the search (see :data:`Way`), or ``False`` when it is closed to the mover.

    A way into a place where the movement ends by a rule records what ends it in ``stops``.
    """
    house = mover.house
    if passage.kind != OBSTACLE_CROSS and not mover.can_enter(passage).value:
        return False
    if passage.kind == FALSE_OPENING:  # pragma: no cover - the rules never open a false opening
        return False
    if not mover.lands(passage)[0]:
        return False
    into_chute = passage.to is not None and passage.kind == DOORS and passage.to == COAL_CHUTE
    cost, _ = mover.cost(passage, into_chute=into_chute)
    if passage.to is None:
        return (cost, None, None, True)
    needs = mover.roll_for(passage)
    target = passage.to
    tile = mover.state.tile_of(target)
    card = None
    if tile.symbol:  # a room without a symbol has no card to draw (L319)
        first = tile.new or tile.placed_by == "haunt"
        _, card = mover.entry(target, first_entry=first, by_effect=passage.kind == COLLAPSED_FALL)
    discovered = tile.undiscovered and passage.kind == UNEXPLORED
    ended = mover.ends(draws=card is not None, discovered=discovered)
    ends = bool(ended.value)
    stop = movement_end(ended, target)
    if stop is not None:
        stops[target] = stop
    if tile.id == MYSTIC_ELEVATOR and not tile.moved_this_turn:
        ends = True
    if into_chute and mover.slides(house.room_of(passage.frm).floor).value and BASEMENT_LANDING in house.by_id:
        target = house.by_id[BASEMENT_LANDING].places()[0]
    return (cost, None if needs is None else needs.name, target, ends)


NUMBER = re.compile(r"(\d+)")


def natural(place: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key of a room id as people read it: ``room2`` before ``room10`` (text otherwise)."""
    return tuple((1, int(part)) if part.isdigit() else (0, part) for part in NUMBER.split(str(place)) if part)


def answer(rules: Rules) -> Answer:
    """Answer a ``reach`` query."""
    situation = rules.situation
    query = situation.query
    piece = situation.piece(str(query.get("piece")))
    mover = Mover(rules, situation, piece)
    out = Answer(situation.ruleset, "reach", "answered")
    dice = query.get("dice") or {}
    movement = dice.get("movement") if isinstance(dice, dict) else None
    key = situation.board.sort_key
    p_reach: dict[str, str] = {}
    trace = Trace()
    stops: dict[str, dict[str, str]] = {}
    if piece.type == "monster" and movement is None and not piece.stunned:
        rolls = mover.movement_rolls()
        chances: dict[str, Fraction] = {}
        for total, p in rolls.items():
            found = search(mover, total, stops)
            for place in found.rooms | found.need_roll:
                chances[place] = chances.get(place, Fraction(0)) + p
            trace.cite(mover.allowance(mover.speed_value(), total), f"{piece.id}, roll {total}", decides=True)
        result = search(mover, max(rolls), stops)
        p_reach = {place: probability(chances[place]) for place in sorted(chances, key=key)}
    else:
        result = search(mover, int(movement or 0), stops)
        trace.cite(mover.allowance(mover.speed_value(), int(movement or 0)), f"{piece.id}", decides=True)
    _cite_search(rules, trace)
    stays = _may_end(rules, mover, trace)
    rooms = {place for place in result.rooms if stays(place)}
    need_roll = {place for place in result.need_roll if stays(place)}
    p_reach = {place: p for place, p in p_reach.items() if stays(place)}
    trace.into(out)
    every = sorted(rooms | need_roll, key=natural)
    out.outcome = {
        "rooms": every,
        "need_roll": sorted(need_roll, key=natural),
        "unexplored_doors": sorted(result.doors, key=natural),
        "movement_ends_by": {place: stops[place] for place in every if place in stops},
    }
    if p_reach:
        out.outcome["p_reach"] = p_reach
    marks: dict[str, list[SpaceId]] = {"reach": [*every], "path": [piece.at]}
    out.marks = marks
    return out


def _cite_search(rules: Rules, trace: Trace) -> None:
    """Cite the decisions the search relied on, each rule once a decision (the cache holds them).

    The deciding ones are marked (see :func:`_deciding`).
    """
    seen: set[tuple[str, str]] = set()
    for (decision, _), result in list(rules._cache.items()):  # noqa: SLF001 - the cache is this package's own
        if decision == "move.allowance":
            continue
        for step in result.trace:
            if (step.rule, decision) not in seen and result.value is not None:
                seen.add((step.rule, decision))
                trace.note(step, decides=_deciding(step))


def _deciding(step: Step) -> bool:
    """Whether a step of the search settles part of the answer (see :data:`PLAIN_RULES`)."""
    return step.rule not in PLAIN_RULES


def _may_end(rules: Rules, mover: Mover, trace: Trace) -> Callable[[str], bool]:
    """Whether the piece may end its turn at a place: nobody ends a turn on the Coal Chute (L258)."""

    def stays(place: str) -> bool:
        if mover.state.tile_of(place).id != COAL_CHUTE:
            return True
        return bool(trace.cite(rules.decide("turn.may_end_in", {"coal_chute": True}), place, decides=True).value)

    return stays
