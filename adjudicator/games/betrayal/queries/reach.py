"""The ``reach`` query: every place a piece may end this turn, the doors it may open, the rolls it needs.

The search keeps, for each (place, rolled, obstacles crossed, moved yet), the
fewest spaces used; fewer spaces never allow less, so a label is expanded
once. Every step asks the rules through :class:`Mover` (answers cached).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from adjudicator.core.dice import probability
from adjudicator.games.betrayal.house import BASEMENT_LANDING, COAL_CHUTE, MYSTIC_ELEVATOR, OBSTACLE_CROSS
from adjudicator.games.betrayal.movement import Mover, Way
from adjudicator.games.betrayal.queries.move import _enter_facts
from adjudicator.games.betrayal.rules import Rules
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId
from adjudicator.spaces.rooms import DOORS, FALSE_OPENING, SEALED, UNEXPLORED, Passage


@dataclass(frozen=True)
class Reach:
    """Where a piece may end: places without a roll, places only through a roll, unexplored doors."""

    rooms: frozenset[str]
    need_roll: frozenset[str]
    doors: frozenset[str]


def search(rules: Rules, mover: Mover, roll: int = 0) -> Reach:  # noqa: C901, PLR0912, PLR0915 - one labelled search loop
    """The reach of the mover with this movement roll (explorers: 0)."""
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
                way = ways[passage] = _way(rules, mover, passage)
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


def _way(rules: Rules, mover: Mover, passage: Passage) -> Way | Literal[False]:
    """A way's facts for the search (see :data:`Way`), or ``False`` when it is closed to the mover."""
    house = mover.house
    if passage.kind != OBSTACLE_CROSS:
        if passage.kind in (FALSE_OPENING, SEALED):
            return False
        if not rules.value("move.can_enter", _enter_facts(mover, passage)):
            return False
    into_chute = passage.to is not None and passage.kind == DOORS and passage.to == COAL_CHUTE
    cost, _ = mover.cost(passage, into_chute=into_chute)
    if passage.to is None:
        return (cost, None, None, True)
    needs = mover.roll_for(passage)
    target = passage.to
    tile = mover.state.tile_of(target)
    _, card = mover.entry(target, first_entry=tile.new or tile.placed_by == "haunt")
    ends = bool(mover.ends(draws=card is not None).value)
    if tile.id == MYSTIC_ELEVATOR and not tile.moved_this_turn:
        ends = True
    if into_chute and mover.slides(house.room_of(passage.frm).floor).value and BASEMENT_LANDING in house.by_id:
        target = house.by_id[BASEMENT_LANDING].places()[0]
    return (cost, None if needs is None else needs.name, target, ends)


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
    if piece.type == "monster" and movement is None and not piece.stunned:
        rolls = mover.movement_rolls()
        chances: dict[str, Fraction] = {}
        for total, p in rolls.items():
            found = search(rules, mover, total)
            for place in found.rooms | found.need_roll:
                chances[place] = chances.get(place, Fraction(0)) + p
        result = search(rules, mover, max(rolls))
        p_reach = {place: probability(chances[place]) for place in sorted(chances, key=key)}
        out.cite(mover.allowance(mover.speed_value(), max(rolls)), f"{piece.id}, best roll", once=True)
    else:
        result = search(rules, mover, int(movement or 0))
        out.cite(mover.allowance(mover.speed_value(), int(movement or 0)), f"{piece.id}", once=True)
    _cite_search(rules, mover, out)
    every = sorted(result.rooms | result.need_roll)
    out.outcome = {
        "rooms": every,
        "need_roll": sorted(result.need_roll),
        "unexplored_doors": sorted(result.doors),
    }
    if p_reach:
        out.outcome["p_reach"] = p_reach
    marks: dict[str, list[SpaceId]] = {"reach": [*every], "path": [piece.at]}
    out.marks = marks
    return out


def _cite_search(rules: Rules, mover: Mover, out: Answer) -> None:
    """Cite the decisions the search relied on, once each (the cache holds them)."""
    seen: set[str] = set()
    for (decision, _), result in list(rules._cache.items()):  # noqa: SLF001 - the cache is this package's own
        if decision == "move.allowance":
            continue
        for step in result.trace:
            if step.rule not in seen and (result.value is not None):
                seen.add(step.rule)
                out.note(step)
    del mover
