"""The value queries and rolls: ``roll``, ``haunt_roll``, ``line_of_sight``."""

from __future__ import annotations

from fractions import Fraction

from adjudicator.core.dice import probability
from adjudicator.games.betrayal.model import DIE, Piece
from adjudicator.games.betrayal.rules import Rules
from adjudicator.games.betrayal.trace import Trace
from adjudicator.situation.answer import Answer
from adjudicator.spaces.rooms import RoomSpace


def roll(rules: Rules) -> Answer:
    """Answer a ``roll`` query: dice, distribution, chance of success, and whether it may be made now.

    Deciding: the rule that gives the number of dice (a trait roll: the roller's current value, L385, L649),
    the X+ threshold behind ``p_success`` (L647), the result against it, and whether the roll may be made now.
    """
    s = rules.situation
    q = s.query
    out = Answer(s.ruleset, "roll", "legal")
    t = Trace()
    piece: Piece | None
    if q.get("trait") is not None:
        piece = s.piece(str(q.get("piece")))
        trait = piece.traits.get(str(q.get("trait")))
        value = 0 if trait is None else trait.value
        kind = "trait" if piece.type == "explorer" else "monster_trait"
        facts: dict[str, str | int] = {"kind": kind, "named": 0, "value": min(value, 8)}
        dice_r = t.cite(rules.decide("roll.dice", facts), f"{piece.id}'s {q.get('trait')}", decides=True)
    else:
        piece = s.piece(str(q.get("piece"))) if q.get("piece") else None
        facts = {"kind": "fixed", "named": min(int(q.get("dice")), 8), "value": 0}
        dice_r = t.cite(rules.decide("roll.dice", facts), decides=True)
    dice = int(dice_r.value or 0)
    dist = DIE.distribution(dice)
    faces = f"each of the {dice} dice shows 0, 1 or 2 pips, a third of the time each; the result is their sum"
    t.note(rules.rule_step("BT.ROLL.DIE", faces), decides=True)
    out.outcome = {"dice": dice, "distribution": {str(total): probability(p) for total, p in dist.items()}}
    target = q.get("target")
    if target is not None:
        chance = DIE.at_least(dice, int(target))
        out.outcome["p_success"] = probability(chance)
        note = f"{dice} dice succeed on {target} or more: chance {probability(chance)}"
        t.note(rules.rule_step("BT.ROLL.THRESHOLD", note), decides=True)
    if q.get("result") is not None:
        result = int(q.get("result"))
        if result > 2 * dice:
            _impossible(rules, t, dice, result)
            out.verdict = "illegal"
        elif target is not None:
            ok = t.cite(
                rules.decide("roll.success", {"total": min(result, 26), "target": min(int(target), 16)}), decides=True
            )
            out.outcome["success"] = bool(ok.value)
    if piece is not None:
        task = bool(q.get("task", False))
        name = q.get("name")
        allowed = rules.decide(
            "roll.allowed",
            {
                "same_roll_done": name is not None and str(name) in piece.turn.rolls,
                "task": task,
                "task_rolled": task and piece.turn.task_rolled,
            },
        )
        t.cite(allowed, decides=True)
        if not allowed.value:
            out.verdict = "illegal"
    t.into(out)
    return out


def _impossible(rules: Rules, t: Trace, dice: int, result: int) -> None:
    """Cite why ``dice`` dice cannot total ``result``: some die would show more pips than a die has (L377)."""
    if dice == 0:
        t.note(rules.rule_step("BT.ROLL.DIE", f"no dice are rolled, so the total is 0, not {result}"), decides=True)
        return
    pips = min(-(-result // dice), 6)
    face = rules.decide("die.face_possible", {"pips": pips})
    t.cite(face, f"{dice} dice totalling {result} need a die showing {pips} pips or more", decides=True)


def haunt_roll(rules: Rules) -> Answer:
    """Answer a ``haunt_roll`` query.

    Deciding: whether a roll is due; when it is, its dice and the threshold below which the haunt starts (the
    result against it when given).
    """
    s = rules.situation
    q = s.query
    h = s.haunt
    out = Answer(s.ruleset, "haunt_roll", "answered")
    t = Trace()
    required = t.cite(
        rules.decide(
            "haunt_roll.required",
            {
                "haunt_started": h.started,
                "drew_omen": bool(q.get("drew_omen", True)),
                "omen_room": bool(q.get("omen_room", True)),
            },
        ),
        decides=True,
    )
    due = bool(required.value)
    dice_r = rules.decide("haunt_roll.dice", {"omens_drawn": h.omens_drawn, "omens_in_play": h.omens_in_play})
    dice = int(t.cite(dice_r, decides=due).value or 0)
    threshold = 0
    p_starts = Fraction(0)
    rule = ""
    for total, p in DIE.distribution(dice).items():
        starts = rules.decide(
            "haunt.starts", {"total": min(total, 26), "omens_drawn": h.omens_drawn, "omens_in_play": h.omens_in_play}
        )
        rule = rule or (starts.trace[0].rule if starts.trace else "")
        if starts.value:
            p_starts += p
            threshold = max(threshold, total + 1)
    if rule:
        would = "" if due else "no roll is due; if one were made, "
        note = f"{would}{dice} dice start the haunt on a total below {threshold}: chance {probability(p_starts)}"
        t.note(rules.rule_step(rule, note), decides=due)
    out.outcome = {
        "roll_required": due,
        "dice": dice,
        "threshold": threshold,
        "p_starts": probability(p_starts if due else Fraction(0)),
    }
    if q.get("result") is not None:
        total = int(q.get("result"))
        starts = t.cite(
            rules.decide(
                "haunt.starts",
                {"total": min(total, 26), "omens_drawn": h.omens_drawn, "omens_in_play": h.omens_in_play},
            ),
            f"a roll of {total}",
            decides=due,
        )
        out.outcome["starts"] = bool(starts.value) and due
    t.into(out)
    return out


def place_of(rules: Rules, ref: str) -> str:
    """A piece's place, or the room named."""
    s = rules.situation
    return s.piece(ref).at if s.has_piece(ref) else ref


def sight(rules: Rules, a: str, b: str, out: Trace | None) -> tuple[bool, tuple[str, ...]]:
    """Whether there is line of sight between two places, and the chain of rooms (cited as deciding into ``out``)."""
    house = rules.situation.board
    chain = house.straight_chain(a, b)
    straight = chain is not None
    joined = straight and all(house.doors_joined(x, y) for x, y in zip(chain or (), (chain or ())[1:], strict=False))
    crosses = False
    if chain:
        ends = {a.partition(":")[0]: a, b.partition(":")[0]: b}
        for room_id in chain:
            room = house.by_id[room_id]
            if room.parts and len(chain) > 1:
                crosses = crosses or _crosses(house, chain, room_id, ends.get(room_id))
    result = rules.decide(
        "line_of_sight.clear", {"straight": straight, "doors_joined": joined, "crosses_obstacle": crosses}
    )
    if out is not None:
        out.cite(result, f"{a} to {b}", decides=True)
    return bool(result.value), chain or ()


def _crosses(house: RoomSpace, chain: tuple[str, ...], room_id: str, end: str | None) -> bool:
    """Whether the chain goes from one side of an obstacle room to the other (its doors used, the end's side)."""
    room = house.by_id[room_id]
    i = chain.index(room_id)
    near = [chain[j] for j in (i - 1, i + 1) if 0 <= j < len(chain)]
    sides = {room.part_by_door(side) for other in near if (side := house.side_towards(room_id, other))}
    if end is not None and ":" in end:
        sides.add(end.partition(":")[2])
    return len(sides) > 1


def line_of_sight(rules: Rules) -> Answer:
    """Answer a ``line_of_sight`` query."""
    s = rules.situation
    out = Answer(s.ruleset, "line_of_sight", "answered")
    t = Trace()
    a, b = place_of(rules, str(s.query.get("from"))), place_of(rules, str(s.query.get("to")))
    clear, chain = sight(rules, a, b, t)
    t.into(out)
    out.outcome = {"clear": clear}
    if clear:
        out.outcome["rooms"] = list(chain)
    out.marks = {"line": list(chain) if chain else [a, b]}
    return out
