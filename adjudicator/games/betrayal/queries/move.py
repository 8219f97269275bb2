"""The ``move`` query: walk a path room by room, asking every step of the rules, with the reason for a refusal.

The steps that settle the answer are marked as deciding: the rule that refuses
an illegal path; for a legal one the allowance (the explorer's Speed, the
monster's roll) and every special rule the path met on its way (a staircase,
the Coal Chute's slide, a fall and where it lands, a crossing and the roll it
needs, the card a room makes the piece draw or not, what ends the movement);
for an undecided one the rule that leaves it open and the game's fallback.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from adjudicator.core.dice import probability
from adjudicator.core.engine import Result
from adjudicator.games.betrayal.house import (
    BASEMENT_LANDING,
    COAL_CHUTE,
    COLLAPSED_FALL,
    JUNK_ROOM,
    MYSTIC_ELEVATOR,
    OBSTACLE_CROSS,
)
from adjudicator.games.betrayal.model import Piece
from adjudicator.games.betrayal.movement import Mover, movement_end
from adjudicator.games.betrayal.rules import Rules
from adjudicator.games.betrayal.trace import Trace
from adjudicator.situation.answer import Answer
from adjudicator.spaces.rooms import DOORS, UNEXPLORED, Passage

PLAIN_STEP_RULES = frozenset(("BT.MOVE.BUDGET", "BT.MON.MOVE_ROLL"))
"""Rules of ``move.step_allowed`` that only say whether the step fits the allowance: the allowance decides with
them (a legal path, or one refused for going too far)."""
SPECIAL_STEPS = frozenset(("entrance_tile", "coal_chute", "collapsed_fall", "obstacle_cross"))
"""Steps whose price a rule of their own states (L246, L254, L258, L262)."""


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
    trace: Trace
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
    slid: bool = False
    """The last step slid down the Coal Chute to the Basement Landing."""
    refused_by: str | None = None
    """The rule that refused the path, if one did."""
    allowance_steps: list[int] = field(default_factory=list)
    """Where the trace states the allowance (deciding once the path turns out legal)."""
    ended: dict[str, str] | None = None
    """What ended the movement in this move (:func:`movement_end`), or ``None``."""


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


def walk(  # noqa: C901, PLR0912, PLR0915
    rules: Rules, mover: Mover, items: list[Any], roll: int = 0, *, best_roll: bool = False
) -> Walk:
    """Walk ``items`` (rooms and Speed changes), citing every step into the walk's trace.

    ``best_roll``: ``roll`` is the best a monster's movement roll not given can be, so the spaces left at the
    end are no answer (they depend on the roll) and are not cited.
    """
    piece = mover.piece
    speed = piece.traits.get("speed")
    trace = Trace()
    allowance_steps: list[int] = []
    if mover.kind == "monster":
        trace.cite(
            rules.decide("roll.dice", {"kind": "monster_move", "named": 0, "value": min(mover.speed_value(), 8)})
        )
        allowance_steps += trace.last
    allowed = trace.cite(
        mover.allowance(mover.speed_value(), roll), f"{piece.id}, best roll" if best_roll else piece.id
    )
    allowance_steps += trace.last
    turn = piece.turn
    w = Walk(
        place=piece.at,
        used=turn.moved,
        allowance=int(allowed.value or 0),
        allowance_now=int(allowed.value or 0),
        moved_before=turn.moved > 0,
        stopped=turn.stopped_by,
        speed_at=None if speed is None else speed.at,
        trace=trace,
        crossed={r for r in turn.rolls if r in mover.house.by_id},
        allowance_steps=allowance_steps,
    )
    w.end = w.place
    legal_used = w.used

    def cite(result: Result, prefix: str = "", *, decides: bool = False) -> Result:
        return trace.cite(result, prefix, decides=decides)

    def refuse(rule_id: str, text: str) -> None:
        if w.problem is None:
            w.problem = text
            w.refused_by = rule_id
            trace.note(rules.rule_step(rule_id, text), decides=True)

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
                cite(after, f"{piece.id}'s Speed")
                w.speed_at = int(after.value or 0)
                now = mover.allowance(speed.value_at(w.speed_at))
                w.allowance_now = int(now.value or 0)
                if mover.house.room_of(w.place).id == JUNK_ROOM:
                    w.junk_exit = True
            continue
        target = str(item)
        if w.elevator is not None and w.elevator.get("moves"):
            w.undecided = True
            text = "the Mystic Elevator has moved; its new place is not in the situation"
            trace.note(rules.rule_step("BT.ROOM.ELEVATOR.MOVE", text), decides=True)
            trace.note(rules.fallback_step(f"where {piece.id} goes next is for the players to settle"), decides=True)
            break
        if w.slid and target == w.place:
            w.slid = False  # the path names the Basement Landing the chute has already slid the piece to (L258)
            continue
        w.slid = False
        passage = find_passage(mover, w.place, target)
        if passage is None:
            closed = mover.closed_way(w.place, target)
            if closed is not None:
                cite(closed, f"{w.place} -> {target}", decides=True)
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
            way = mover.way_fact(passage)
            open_ = mover.can_enter(passage)
            cite(open_, f"{w.place} -> {target}", decides=not open_.value or way != DOORS)
            if not open_.value:
                refuse(
                    open_.trace[0].rule if open_.trace else "BT.MOVE.DOOR_CONNECT",
                    f"{piece.id} may not go from {w.place} to {target} ({way.replace('_', ' ')})",
                )
                break
        lands, landing = mover.lands(passage)
        for result in landing:
            cite(result, f"{w.place} -> {target}", decides=True)
        if not lands:
            rule = landing[-1].trace[0].rule if landing and landing[-1].trace else "BT.ROOM.COLLAPSED.TILE"
            refuse(rule, f"a fall from {w.place} does not land at {target}")
            break
        room_to = mover.state.tile_of(target)
        from_room = mover.house.room_of(w.place)
        into_chute = room_to.id == COAL_CHUTE and passage.kind == DOORS
        cost, priced = mover.cost(passage, into_chute=into_chute)
        slowing = mover.slowing(w.place)
        for result in slowing[2]:
            cite(result, f"leaving {w.place}", decides=True)
        kind = mover.step_kind(passage, into_chute=into_chute)
        if cost != 1 or slowing[0] or kind in SPECIAL_STEPS:
            cite(priced, f"leaving {w.place} ({', '.join(slowing[3]) or 'no opponent'})", decides=True)
        step_ok, junk_short = _step_allowed(mover, w, cost, leaving_junk=w.junk_exit and from_room.id == JUNK_ROOM)
        rule = step_ok.trace[0].rule if step_ok.trace else "BT.MOVE.BUDGET"
        cite(
            step_ok,
            f"{w.place} -> {target} ({w.used} + {cost} spaces)",
            decides=not step_ok.value or rule not in PLAIN_STEP_RULES,
        )
        if not step_ok.value:
            refuse(rule, f"{piece.id} may not go on into {target}: {w.used} spaces used, this step costs {cost}")
            break  # the refused step is not taken: the cost is that of the path shown (issue 27)
        mover.last_needed = None
        need = mover.roll_for(passage)
        if mover.last_needed is not None:
            cite(mover.last_needed, f"{target}", decides=True)
        failed = False
        if need is not None:
            cite(need.dice_rule, f"{piece.id}'s {need.trait} roll for {need.name}", decides=True)
            if need.name in w.crossed or need.name in piece.turn.rolls:
                again = rules.decide("roll.allowed", {"same_roll_done": True, "task": False, "task_rolled": False})
                cite(again, decides=True)
                specific = "BT.ROOM.OBSTACLE.CROSS" if passage.kind == OBSTACLE_CROSS else "BT.ROLL.NO_REPEAT"
                refuse(specific, f"the roll for {need.name} was already made this turn")
                break
            given = _given_roll(mover, need.name)
            if given is None:
                w.chance *= need.chance
                note = (
                    f"{need.name}: {need.dice} dice succeed on {need.target} or more, chance {probability(need.chance)}"
                )
                trace.note(rules.rule_step("BT.ROLL.THRESHOLD", note), decides=True)
            else:
                ok = rules.decide("roll.success", {"total": min(given, 26), "target": min(need.target, 16)})
                cite(ok, f"{need.name} roll {given}", decides=True)
                failed = not ok.value
            w.crossed.add(need.name)
        if failed:
            end = cite(mover.ends(draws=False, failed=True), decides=True)
            w.stopped = "obstacle"
            w.ended = movement_end(end, w.place)
            refuse("BT.ROOM.OBSTACLE.CROSS", f"{piece.id} failed the roll for {need.name if need else target}")
            break
        w.used += cost
        w.moved_before = True
        w.place = target
        w.path.append(target)
        discovered = room_to.undiscovered and passage.kind == UNEXPLORED
        if room_to.undiscovered and room_to.id not in w.discovers:
            w.discovers.append(room_to.id)
        card = None
        if room_to.symbol:  # a room without a symbol has no card to draw (L319)
            first = room_to.new or room_to.placed_by == "haunt"
            drew, card = mover.entry(target, first_entry=first, by_effect=passage.kind == COLLAPSED_FALL)
            cite(drew, f"entering {room_to.id}", decides=True)
        if card is not None:
            w.draws = card
        ends = mover.ends(draws=card is not None, junk_short=junk_short, discovered=discovered)
        if ends.value or discovered:
            cite(ends, f"{room_to.id}", decides=True)
        if ends.value:
            w.stopped = "card" if card is not None else "junk"
            w.ended = movement_end(ends, w.place)
        if into_chute:
            slide = cite(mover.slides(from_room.floor), decides=True)
            if slide.value and BASEMENT_LANDING in mover.house.by_id:
                w.place = mover.house.by_id[BASEMENT_LANDING].places()[0]
                w.path.append(w.place)
                w.slid = True
        if room_to.id == MYSTIC_ELEVATOR:
            moves = rules.decide(
                "elevator.moves", {"moved_this_turn": room_to.moved_this_turn, "free_door": True, "seals_floor": False}
            )
            cite(moves, decides=True)
            rolls = cite(rules.decide("elevator.roll_needed", {"side": mover.side, "moment": "entered"}), decides=True)
            w.elevator = {"moves": bool(moves.value), "rolls": bool(rolls.value)}
        w.end = w.place
        legal_used = w.used
    if w.problem is None:
        w.end = w.place
    if w.stopped is not None:
        w.remaining = 0
    elif not best_roll:
        left = mover.spaces_left(used=legal_used, allowance=w.allowance, allowance_now=w.allowance_now)
        cite(left, f"{piece.id} at {w.end}", decides=w.problem is None and not w.undecided)
        w.remaining = int(left.value or 0)
    return w


def _step_allowed(mover: Mover, w: Walk, cost: int, *, leaving_junk: bool) -> tuple[Result, bool]:
    """``move.step_allowed`` for the next step, and whether it is the Junk Room's exit short of Speed (L270).

    The step is first asked as any other; only when that refuses it and the piece is leaving the Junk Room
    whose exit lowered its Speed is it asked again as that exit.
    """
    facts: dict[str, Any] = {
        "used": w.used,
        "cost": cost,
        "allowance": w.allowance,
        "allowance_now": w.allowance_now,
        "moved_before": w.moved_before,
        "stopped": w.stopped,
    }
    step_ok = mover.step_allowed(**facts)
    if step_ok.value or not leaving_junk or w.stopped is not None:
        return step_ok, False
    exit_ok = mover.step_allowed(**facts, leaving_junk=True)
    return exit_ok, bool(exit_ok.value)


def _given_roll(mover: Mover, name: str) -> int | None:
    dice = mover.situation.query.get("dice") or {}
    value = dice.get(name) if isinstance(dice, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def settle(result: Walk) -> str:
    """The verdict of a walk, marking the steps that decide it.

    An illegal walk is decided by the rule that refused it (with the allowance when it was refused for going too
    far); a legal one by its allowance and the special rules it met; an undecided one by what left it open.
    """
    if result.problem is not None:
        if result.refused_by in PLAIN_STEP_RULES:
            result.trace.mark(result.allowance_steps)
        return "illegal"
    if result.undecided:
        return "undecided"
    result.trace.mark(result.allowance_steps)
    return "legal"


def walk_outcome(result: Walk, piece: Piece, remaining: int | None, chance: Fraction) -> dict[str, Any]:
    """The outcome fields of one piece's walk (``remaining``: ``None`` when it depends on a roll not given)."""
    return {
        "path": result.path,
        "end": result.end,
        "cost": result.used - piece.turn.moved,
        "remaining": remaining if result.stopped is None else 0,
        "movement_ends": result.ended is not None,
        "movement_ends_by": result.ended,
        "p_success": probability(Fraction(0) if result.problem is not None else chance),
        "discovers": result.discovers,
        "draws": result.draws,
        "elevator": result.elevator,
    }


def answer(rules: Rules) -> Answer:
    """Answer a ``move`` query."""
    situation = rules.situation
    query = situation.query
    piece = situation.piece(str(query.get("piece")))
    mover = Mover(rules, situation, piece)
    items = list(query.get("path") or [])
    dice = query.get("dice") or {}
    movement = dice.get("movement") if isinstance(dice, dict) else None
    remaining: int | None
    if piece.type == "monster" and movement is None and not piece.stunned:
        rolls = mover.movement_rolls()
        chance = sum(
            (p * w.chance for total, p in rolls.items() if (w := walk(rules, mover, items, total)).problem is None),
            Fraction(0),
        )
        result = walk(rules, mover, items, max(rolls), best_roll=True)
        remaining = None
    else:
        result = walk(rules, mover, items, int(movement or 0))
        chance = result.chance
        remaining = result.remaining
    out = Answer(situation.ruleset, "move", settle(result))
    result.trace.into(out)
    out.outcome = walk_outcome(result, piece, remaining, chance)
    out.marks = {"path": [piece.at, *result.path]}
    return out
