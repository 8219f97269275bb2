"""The value queries and rolls: ``roll``, ``haunt_roll``, ``line_of_sight``."""

from __future__ import annotations

from fractions import Fraction

from adjudicator.core.dice import probability
from adjudicator.games.betrayal.model import DIE, Piece
from adjudicator.games.betrayal.rules import Rules
from adjudicator.situation.answer import Answer
from adjudicator.spaces.rooms import RoomSpace


def roll(rules: Rules) -> Answer:
    """Answer a ``roll`` query: dice, distribution, chance of success, and whether it may be made now."""
    s = rules.situation
    q = s.query
    out = Answer(s.ruleset, "roll", "legal")
    piece: Piece | None
    if q.get("trait") is not None:
        piece = s.piece(str(q.get("piece")))
        trait = piece.traits.get(str(q.get("trait")))
        value = 0 if trait is None else trait.value
        dice_r = out.cite(
            rules.decide("roll.dice", {"kind": "trait", "named": 0, "value": min(value, 8)}), f"{piece.id}", once=True
        )
    else:
        piece = s.piece(str(q.get("piece"))) if q.get("piece") else None
        dice_r = out.cite(
            rules.decide("roll.dice", {"kind": "fixed", "named": min(int(q.get("dice")), 8), "value": 0}), once=True
        )
    dice = int(dice_r.value or 0)
    dist = DIE.distribution(dice)
    out.outcome = {"dice": dice, "distribution": {str(t): probability(p) for t, p in dist.items()}}
    target = q.get("target")
    if target is not None:
        out.outcome["p_success"] = probability(DIE.at_least(dice, int(target)))
        out.note(rules.rule_step("BT.ROLL.THRESHOLD", f"success at {target} or more"))
    if q.get("result") is not None:
        result = int(q.get("result"))
        if result > 2 * dice:
            out.note(rules.rule_step("BT.ROLL.DIE", f"{dice} dice cannot total {result}: each die shows at most 2"))
            out.verdict = "illegal"
        elif target is not None:
            ok = out.cite(
                rules.decide("roll.success", {"total": min(result, 26), "target": min(int(target), 16)}), once=True
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
        out.cite(allowed, once=True)
        if not allowed.value:
            out.verdict = "illegal"
    return out


def haunt_roll(rules: Rules) -> Answer:
    """Answer a ``haunt_roll`` query."""
    s = rules.situation
    q = s.query
    h = s.haunt
    out = Answer(s.ruleset, "haunt_roll", "answered")
    required = out.cite(
        rules.decide(
            "haunt_roll.required",
            {
                "haunt_started": h.started,
                "drew_omen": bool(q.get("drew_omen", True)),
                "omen_room": bool(q.get("omen_room", True)),
            },
        ),
        once=True,
    )
    dice = int(
        out.cite(
            rules.decide("haunt_roll.dice", {"omens_drawn": h.omens_drawn, "omens_in_play": h.omens_in_play}), once=True
        ).value
        or 0
    )
    threshold = 0
    p_starts = Fraction(0)
    for total, p in DIE.distribution(dice).items():
        starts = rules.decide(
            "haunt.starts", {"total": min(total, 26), "omens_drawn": h.omens_drawn, "omens_in_play": h.omens_in_play}
        )
        if starts.value:
            p_starts += p
            threshold = max(threshold, total + 1)
    out.cite(
        rules.decide("haunt.starts", {"total": 0, "omens_drawn": h.omens_drawn, "omens_in_play": h.omens_in_play}),
        once=True,
    )
    out.outcome = {
        "roll_required": bool(required.value),
        "dice": dice,
        "threshold": threshold,
        "p_starts": probability(p_starts if required.value else Fraction(0)),
    }
    if q.get("result") is not None:
        total = int(q.get("result"))
        starts = out.cite(
            rules.decide(
                "haunt.starts",
                {"total": min(total, 26), "omens_drawn": h.omens_drawn, "omens_in_play": h.omens_in_play},
            ),
            once=True,
        )
        out.outcome["starts"] = bool(starts.value) and bool(required.value)
    return out


def place_of(rules: Rules, ref: str) -> str:
    """A piece's place, or the room named."""
    s = rules.situation
    return s.piece(ref).at if s.has_piece(ref) else ref


def sight(rules: Rules, a: str, b: str, out: Answer | None) -> tuple[bool, tuple[str, ...]]:
    """Whether there is line of sight between two places, and the chain of rooms."""
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
        out.cite(result, once=True)
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
    a, b = place_of(rules, str(s.query.get("from"))), place_of(rules, str(s.query.get("to")))
    clear, chain = sight(rules, a, b, out)
    out.outcome = {"clear": clear}
    if clear:
        out.outcome["rooms"] = list(chain)
    out.marks = {"line": list(chain) if chain else [a, b]}
    return out
