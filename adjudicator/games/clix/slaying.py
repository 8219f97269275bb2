"""What follows a move: slaying a victim (responses, placement, blooded, Trees) and a frenzy's attack.

The move query calls these once the path is known. Every answer comes from a
spec decision, cited in the trace; what the situation cannot tell (whether a
Tree already gave its extra action this turn) is listed as assumed.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.engine import Result
from adjudicator.games.clix.model import HOURGLASS, Piece
from adjudicator.games.clix.movement import Citer, Why
from adjudicator.games.clix.table import Table
from adjudicator.spaces.base import SpaceId


def decide(table: Table, decision: str, facts: dict[str, Any]) -> Result | None:
    """A decision with only the facts it declares, or None in a game without slaying (HeroClix)."""
    if not table.game.capabilities.slaying:
        return None
    declared = table.spec.decision(table.ruleset, decision).facts
    return table.decide(decision, {k: v for k, v in facts.items() if k in declared})


def slaying(table: Table, mover: Piece, victim: Piece, end: SpaceId, citer: Citer) -> dict[str, Any]:
    """Who may answer the slaying and in which order, where a saved victim goes, and what the slayer gains."""
    out: dict[str, Any] = {"victim": victim.id}
    where = f"{mover.id} slays {victim.id} on {table.board.name(end)}"
    order = []
    for declined in (False, True):
        result = decide(table, "slay.responder", {"left_declined": declined, "twist_played": False})
        if result is None:
            break
        citer.cite(
            Why(result, where + (" (the first responder declined)" if declined else "")), always=True, decides=True
        )
        order.append(result.value)
    out["responders"] = order
    free = [sq for sq in table.board.neighbours(end) if sq not in table.occupant or sq == mover.square]
    free = [sq for sq in free if table.terrain(sq) != "blocking"]
    out["cornered"] = not free
    placer = decide(table, "slay.placer", {"adjacent_unoccupied_space": bool(free)})
    if placer is not None:
        citer.cite(Why(placer, f"if a plot twist saves {victim.id}"), always=True, decides=True)
        out["saved_victim_placed_by"] = placer.value
        out["saved_victim_squares"] = sorted(table.board.name(sq) for sq in free)
    blooded = decide(
        table,
        "monster.blooded",
        {"victims_on_card": min(12, mover.victims + 1), "has_slain": True, "has_rescued": False},
    )
    if blooded is not None:
        citer.cite(Why(blooded, f"{mover.id} after the slaying"), always=True, decides=True)
        out["blooded"] = blooded.value
    trees = sum(1 for o in table.situation.objects if o.type == "tree" and table.board.distance(o.at, end) == 1)
    if trees:
        extra = decide(table, "tree.extra_action", {"adjacent_trees": trees, "unused_adjacent_trees": trees})
        if extra is not None:
            citer.cite(
                Why(extra, f"{victim.id} is slain next to {trees} Tree(s) of the Damned"), always=True, decides=True
            )
            out["extra_actions"] = extra.value
            out["assumed"] = {"trees_unused_this_turn": True}
    return out


def frenzy_attack(
    table: Table, mover: Piece, at: SpaceId, citer: Citer, *, slew: bool, breakaway_failed: bool
) -> dict[str, Any]:
    """The optional free close attack that ends a frenzy: allowed?, against whom, with what damage value."""
    still = mover.victims > 0 or slew
    out: dict[str, Any] = {}
    allowed = decide(
        table,
        "frenzy.close_allowed",
        {"still_blooded": still, "breakaway_failed": breakaway_failed, "slew_victim": slew},
    )
    if allowed is not None:
        citer.cite(Why(allowed, f"{mover.id} ends its frenzy on {table.board.name(at)}"), always=True, decides=True)
        out["allowed"] = allowed.value
    moved = Piece(**{**mover.__dict__, "at": (at,)})
    targets = [
        p.id
        for p in table.monsters()
        if p.id != mover.id
        and table.relation(mover, p) == "opposing"
        and table.is_adjacent(moved, p, close_combat=True)
    ]
    out["targets"] = sorted(targets)
    damage = mover.damage if isinstance(mover.damage, int) else 0
    base = decide(
        table,
        "damage.base",
        {"damage_value": min(9, damage), "frenzy": True, "replaced": False, "replacement": 0},
    )
    if base is not None:
        citer.cite(Why(base, f"{mover.id}'s damage value while frenzying"), always=True, decides=True)
        out["damage_value"] = base.value
    if mover.attack == HOURGLASS:
        out["note"] = "the attack slot shows the hourglass: the monster is incapable"
    return out
