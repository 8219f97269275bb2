"""The ``move`` query: walk a path room by room, asking every step of the rules, with the reason for a refusal."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from adjudicator.core.dice import probability
from adjudicator.games.betrayal.house import (
    BASEMENT_LANDING,
    BASEMENT_STAIRS,
    COAL_CHUTE,
    FOYER,
    JUNK_ROOM,
    MYSTIC_ELEVATOR,
    OBSTACLE_CROSS,
    STAIRS_FROM_BASEMENT,
    way_direction,
    way_kind,
)
from adjudicator.games.betrayal.movement import Mover
from adjudicator.games.betrayal.rules import Rules
from adjudicator.situation.answer import Answer
from adjudicator.spaces.rooms import DOORS, FALSE_OPENING, UNEXPLORED, Passage, RoomSpace


@dataclass
class Walk:
    """The state of a walk along a path."""

    place: str
    used: int
    allowance: int
    allowance_now: int
    moved_before: bool
    stopped: str | None
    speed_at: int | None
    path: list[str] = field(default_factory=list)
    discovers: list[str] = field(default_factory=list)
    draws: str | None = None
    elevator: dict[str, Any] | None = None
    chance: Fraction = Fraction(1)
    problem: str | None = None
    undecided: bool = False
    end: str = ""
    remaining: int = 0
    crossed: set[str] = field(default_factory=set)
    junk_exit: bool = False


def find_passage(mover: Mover, frm: str, to: str) -> Passage | None:
    """The way from ``frm`` to ``to`` (a closed way when it is the only one), or ``None``."""
    ways = [p for p in mover.house.passages(frm) if p.to == to]
    if ways:
        return ways[0]
    room_to = to.partition(":")[0]
    house = mover.house
    if room_to in house.by_id and house.adjacent(house.room_of(frm).id, room_to):
        for p in house.passages(frm):
            other = house.neighbour_through(house.room_of(frm), p.door) if p.door else None
            if other is not None and other.id == room_to:
                return p
    return None


def walk(rules: Rules, mover: Mover, items: list[Any], answer: Answer | None, roll: int = 0) -> Walk:  # noqa: C901, PLR0912, PLR0915
    """Walk ``items`` (rooms and Speed changes); cite into ``answer`` when given."""
    piece = mover.piece
    speed = piece.traits.get("speed")
    allowed = mover.allowance(mover.speed_value(), roll)
    if answer is not None and mover.kind == "monster":
        answer.cite(
            rules.decide("roll.dice", {"kind": "monster_move", "named": 0, "value": min(mover.speed_value(), 8)}),
            once=True,
        )
    if answer is not None:
        answer.cite(allowed, f"{piece.id}", once=True)
    turn = piece.turn
    w = Walk(
        place=piece.at,
        used=turn.moved,
        allowance=int(allowed.value or 0),
        allowance_now=int(allowed.value or 0),
        moved_before=turn.moved > 0,
        stopped=turn.stopped_by,
        speed_at=None if speed is None else speed.at,
        crossed={r for r in turn.rolls if r in mover.house.by_id},
    )
    w.end = w.place
    legal_used = w.used

    def note(result: Any, prefix: str = "") -> None:
        if answer is not None:
            answer.cite(result, prefix, once=True)

    def refuse(rule_id: str, text: str) -> None:
        if w.problem is None:
            w.problem = text
            if answer is not None:
                answer.note(rules.rule_step(rule_id, text))

    for item in items:
        if isinstance(item, dict):
            change = int(item["speed"])
            if speed is not None and speed.track is not None and w.speed_at is not None:
                after = rules.decide(
                    "trait.notch_after",
                    {
                        "at": max(w.speed_at, 1),
                        "top": len(speed.track),
                        "change": change,
                        "haunt_started": mover.situation.haunt.started,
                    },
                )
                note(after, f"{piece.id}'s Speed")
                w.speed_at = int(after.value or 0)
                now = mover.allowance(speed.value_at(w.speed_at))
                w.allowance_now = int(now.value or 0)
                if mover.house.room_of(w.place).id == JUNK_ROOM:
                    w.junk_exit = True
            continue
        target = str(item)
        if w.elevator is not None and w.elevator.get("moves"):
            w.undecided = True
            if answer is not None:
                answer.note(
                    rules.rule_step(
                        "BT.ROOM.ELEVATOR.MOVE", "the Mystic Elevator has moved; its new place is not in the situation"
                    )
                )
            break
        passage = find_passage(mover, w.place, target)
        if passage is None:
            closed = _closed_way(mover, w.place, target)
            if closed is not None:
                note(closed, f"{w.place} -> {target}")
                rule = closed.trace[0].rule if closed.trace else "BT.MOVE.DOOR_CONNECT"
                refuse(rule, f"no open way leads from {w.place} to {target}")
                break
            adjacent = target.partition(":")[0] in mover.house.by_id and mover.house.adjacent(
                mover.house.room_of(w.place).id, target.partition(":")[0]
            )
            rule = "BT.MOVE.DOOR_CONNECT" if adjacent else "BT.MOVE.ADJACENT"
            refuse(rule, f"no door or connection leads from {w.place} to {target}")
            break
        if passage.kind != OBSTACLE_CROSS:
            open_ = rules.decide("move.can_enter", _enter_facts(mover, passage))
            note(open_, f"{w.place} -> {target}")
            if not open_.value:
                refuse(
                    open_.trace[0].rule if open_.trace else "BT.MOVE.DOOR_CONNECT",
                    f"{piece.id} may not go from {w.place} to {target} ({way_kind(passage).replace('_', ' ')})",
                )
                break
        room_to = mover.state.tile_of(target)
        from_room = mover.house.room_of(w.place)
        into_chute = room_to.id == COAL_CHUTE and passage.kind == DOORS
        cost, priced = mover.cost(passage, into_chute=into_chute)
        slowing = mover.slowing(w.place)
        for result in slowing[2]:
            note(result, f"leaving {w.place}")
        if cost != 1 or slowing[0]:
            note(priced, f"leaving {w.place} ({', '.join(slowing[3]) or 'no opponent'})")
        leaving_junk = w.junk_exit and from_room.id == JUNK_ROOM
        step_ok = mover.step_allowed(
            used=w.used,
            cost=cost,
            allowance=w.allowance,
            allowance_now=w.allowance_now,
            moved_before=w.moved_before,
            stopped=w.stopped,
            leaving_junk=leaving_junk,
        )
        note(step_ok, f"{w.place} -> {target} ({w.used} + {cost} spaces)")
        if not step_ok.value:
            rule = step_ok.trace[0].rule if step_ok.trace else "BT.MOVE.BUDGET"
            refuse(rule, f"{piece.id} may not go on into {target}: {w.used} spaces used, this step costs {cost}")
            w.used += cost
            break
        mover.last_needed = None
        need = mover.roll_for(passage)
        if mover.last_needed is not None:
            note(mover.last_needed, f"{target}")
        failed = False
        if need is not None:
            note(need.needed, f"{target}")
            if need.name in w.crossed or need.name in piece.turn.rolls:
                allowed_roll = rules.decide(
                    "roll.allowed", {"same_roll_done": True, "task": False, "task_rolled": False}
                )
                note(allowed_roll)
                refuse("BT.ROLL.NO_REPEAT", f"the roll for {need.name} was already made this turn")
                break
            given = _given_roll(mover, need.name)
            if given is None:
                w.chance *= need.chance
            else:
                ok = rules.decide("roll.success", {"total": min(given, 26), "target": need.target})
                note(ok, f"{need.name} roll {given}")
                failed = not ok.value
            w.crossed.add(need.name)
        if failed:
            ends = mover.ends(draws=False, failed=True)
            note(ends)
            w.stopped = "obstacle"
            refuse("BT.ROOM.OBSTACLE.CROSS", f"{piece.id} failed the roll for {need.name if need else target}")
            break
        w.used += cost
        w.moved_before = True
        w.place = target
        w.path.append(target)
        if room_to.undiscovered and room_to.id not in w.discovers:
            w.discovers.append(room_to.id)
        drew, card = mover.entry(target, first_entry=room_to.new or room_to.placed_by == "haunt")
        if room_to.new or room_to.symbol:
            note(drew, f"entering {room_to.id}")
        if card is not None:
            w.draws = card
        junk_short = leaving_junk and w.used > w.allowance_now
        ends = mover.ends(draws=card is not None, junk_short=junk_short)
        if ends.value:
            note(ends, f"{room_to.id}")
            w.stopped = "card" if card is not None else "junk"
        if into_chute:
            slide = mover.slides(from_room.floor)
            note(slide)
            if slide.value and BASEMENT_LANDING in mover.house.by_id:
                w.place = mover.house.by_id[BASEMENT_LANDING].places()[0]
                w.path.append(w.place)
        if room_to.id == MYSTIC_ELEVATOR:
            moves = rules.decide(
                "elevator.moves", {"moved_this_turn": room_to.moved_this_turn, "free_door": True, "seals_floor": False}
            )
            note(moves)
            rolls = rules.decide("elevator.roll_needed", {"side": mover.side, "moment": "entered"})
            note(rolls)
            w.elevator = {"moves": bool(moves.value), "rolls": bool(rolls.value)}
        w.end = w.place
        legal_used = w.used
    if w.problem is None:
        w.end = w.place
    stopped = w.stopped is not None
    w.remaining = 0 if stopped else max(w.allowance_now - legal_used, 0)
    return w


def _closed_way(mover: Mover, frm: str, to: str) -> Any:
    """The rule that shuts the way between two rooms no passage joins (a wall, stairs not found), if any."""
    house = mover.house
    a, b = house.room_of(frm).id, to.partition(":")[0]
    if b not in house.by_id:
        return None
    kind = None
    if {a, b} == {FOYER, STAIRS_FROM_BASEMENT}:
        kind = BASEMENT_STAIRS
    elif house.adjacent(a, b) and _door_facing(house, a, b):
        kind = FALSE_OPENING
    if kind is None:
        return None
    facts = _enter_facts(mover, Passage(frm, None, kind, direction="down" if a == FOYER else "up"))
    return mover.rules.decide("move.can_enter", facts)


def _door_facing(house: RoomSpace, a: str, b: str) -> bool:
    """Whether one of two adjacent rooms has a door on their shared side."""
    ra, rb = house.by_id[a], house.by_id[b]
    for side in ra.doors:
        other = house.neighbour_through(ra, side)
        if other is not None and other.id == b:
            return True
    return any(house.neighbour_through(rb, side) is ra for side in rb.doors)


def _given_roll(mover: Mover, name: str) -> int | None:
    dice = mover.situation.query.get("dice") or {}
    value = dice.get(name) if isinstance(dice, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _enter_facts(mover: Mover, passage: Passage) -> dict[str, Any]:
    kind = way_kind(passage)
    floor = mover.house.room_of(passage.frm).floor
    if kind == UNEXPLORED and passage.to:
        floor = mover.house.room_of(passage.to).floor
    return {
        "passage": kind,
        "direction": way_direction(passage),
        "mover": mover.kind,
        "basement_stairs_found": mover.stairs_found,
        "tiles_left": mover.state.tiles_left.get(floor) != 0,
        "front_door_open": False,
        "monsters_explore": False,
    }


def answer(rules: Rules) -> Answer:
    """Answer a ``move`` query."""
    situation = rules.situation
    query = situation.query
    piece = situation.piece(str(query.get("piece")))
    mover = Mover(rules, situation, piece)
    items = list(query.get("path") or [])
    out = Answer(situation.ruleset, "move", "legal")
    dice = query.get("dice") or {}
    movement = dice.get("movement") if isinstance(dice, dict) else None
    chance = Fraction(1)
    if piece.type == "monster" and movement is None and not piece.stunned:
        rolls = mover.movement_rolls()
        chance = sum(
            (
                p * w.chance
                for total, p in rolls.items()
                if (w := walk(rules, mover, items, None, total)).problem is None
            ),
            Fraction(0),
        )
        result = walk(rules, mover, items, out, max(rolls))
        remaining: int | None = None
    else:
        result = walk(rules, mover, items, out, int(movement or 0))
        chance = result.chance if result.problem is None else Fraction(0)
        remaining = result.remaining
    if result.problem is not None:
        out.verdict = "illegal"
        chance = Fraction(0)
    elif result.undecided:
        out.verdict = "undecided"
    total_cost = result.used - piece.turn.moved
    out.outcome = {
        "path": result.path,
        "end": result.end,
        "cost": total_cost,
        "remaining": remaining if result.stopped is None else 0,
        "movement_ends": result.stopped is not None and result.stopped != piece.turn.stopped_by,
        "p_success": probability(chance),
        "discovers": result.discovers,
        "draws": result.draws,
        "elevator": result.elevator,
    }
    out.marks = {"path": [piece.at, *result.path]}
    return out
