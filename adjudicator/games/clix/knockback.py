"""Knockback (HeroClix): whether a hit target is knocked back, along which path, where it stops.

The rules decide (spec/heroclix/08-knockback.yaml): ``knockback.occurs`` (a
double on a hit, hc L921-923), ``knockback.distance`` (one square per damage
taken, shortened by an obstacle, hc L931-933, L945-951, L975-992),
``knockback.stop`` and ``knockback.damage``; ``knockback.path_square_ok``
says which square beyond the target may start a path that is not straight
(hc L939-941). This module walks the board to find the facts: the squares
of the path away from the attacker, and the first obstacle on them (a wall
or blocking terrain or a rise in elevation, an occupied square, the edge of
the elevated terrain the target stands on, or the edge of the map).

When the line from the attacker through the target is not a straight line
(orthogonal or diagonal), the attacker chooses one of the first two squares
crossed beyond the target: the path here starts with the square the
extended line crosses first (the nearer axis step), and ``choice`` lists
the other one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.engine import Result
from adjudicator.core.expr.compile import Value
from adjudicator.games.clix.model import Piece
from adjudicator.games.clix.table import Table
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import Direction, SpaceId

MAX_KNOCKBACK = 12
"""Upper end of the ``damage_taken`` fact."""


@dataclass
class Walk:
    """The board facts of one knockback path."""

    squares: list[SpaceId] = field(default_factory=list)
    obstacle: str = "none"
    obstacle_at: int = 1
    ground_occupied: bool = False
    hindering: bool = False
    free_ground_at: int = 0
    map_edge: bool = False
    corner: Result | None = None
    """``terrain.corner_point`` of a diagonal step whose corner point counts as blocking (it stops the path)."""


def walk(table: Table, piece: Piece, step: Direction, length: int) -> Walk:
    """Follow ``length`` squares from the piece's square in direction ``step``, noting the first obstacle."""
    board = table.board
    out = Walk()
    here = piece.at[0]
    for k in range(1, length + 1):
        nxt = board.beyond(here, step)
        if not board.contains(nxt) or board.terrain_at(nxt) is None:
            out.map_edge = True
            return out
        corner = _corner(table, piece, here, nxt)
        if corner is not None and corner.value == "blocking":  # the point is met before the square beyond it
            out.obstacle, out.obstacle_at, out.corner = "blocking", k, corner
            return out
        if (
            board.separates(board.walls, here, nxt)
            or board.terrain_at(nxt) == "blocking"
            or table.level(nxt) > table.level(here)
        ):
            out.obstacle, out.obstacle_at = "blocking", k
            return out
        if table.level(nxt) < table.level(here):
            out.obstacle, out.obstacle_at = "elevated_edge", k
            out.ground_occupied = nxt in table.occupant
            out.free_ground_at = _free_ground(table, nxt, step, k, length) if out.ground_occupied else k
            return out
        if nxt in table.occupant:
            out.obstacle, out.obstacle_at = "occupied", k
            return out
        out.hindering = out.hindering or board.terrain_at(nxt) == "hindering"
        out.squares.append(nxt)
        here = nxt
    return out


def _corner(table: Table, piece: Piece, here: SpaceId, nxt: SpaceId) -> Result | None:
    """``terrain.corner_point`` of a diagonal knockback step (hc L1439-1448), ``None`` for another step.

    Knockback moves the character, so the point counts as the less restrictive of the two squares beside
    it off the path, for movement: blocking terrain, a square off the map and a square holding another
    character (no character is knocked through another) are blocking; hindering terrain and water are
    hindering, though a knockback path ignores hindering terrain (hc L942).
    """
    board = table.board
    step = board.step(here, nxt)
    if not step.vertex or not table.game.capabilities.corner_point_terrain:
        return None
    sides = []
    for square in sorted(step.sides, key=board.sort_key):
        terrain = board.terrain_at(square) if board.contains(square) else None
        holder = table.occupant.get(square)
        if terrain in {"blocking", None} or (holder is not None and holder is not piece):
            sides.append("blocking")
        else:
            sides.append("hindering" if terrain in {"hindering", "water"} else "clear")
    return table.decide("terrain.corner_point", {"purpose": "move", "side_a": sides[0], "side_b": sides[1]})


def _free_ground(table: Table, first: SpaceId, step: Direction, at: int, length: int) -> int:
    """Position of the first unoccupied ground square beyond the elevated edge (0 if none within ``length``)."""
    square = first
    for k in range(at, length + 1):
        if not table.board.contains(square) or square not in table.occupant:
            return k if table.board.contains(square) else 0
        square = table.board.beyond(square, step)
    return 0


def knockback(
    table: Table, answer: Answer, attacker: Piece, target: Piece, roll: tuple[int, int], *, hit: bool, taken: int | None
) -> dict[str, Any]:
    """The knockback of one target: ``{occurs, distance, path, stopped_by, damage}`` (cited in ``answer``)."""
    occurs_result = table.decide(
        "knockback.occurs", {"die1": roll[0], "die2": roll[1], "hit": hit, "target_multibase": target.size == "double"}
    )
    occurs = _cite(answer, target.id, occurs_result, decides=occurs_result.value is not False)
    out: dict[str, Any] = {"occurs": occurs.value, "distance": 0, "path": [], "stopped_by": None, "damage": 0}
    if occurs.value is not True:
        if occurs.value is None:
            out["distance"] = out["damage"] = None
        return out
    if taken is None:
        out.update({"distance": None, "path": None, "damage": None})
        out["note"] = "the damage each hit target takes is the attacker's choice (the split), so the distance is open"
        return out
    away = table.board.away(attacker.at[0], target.at[0])
    step, others, straight = away.direction, away.alternatives, away.straight
    for rank, _ in enumerate([step, *others], start=1):
        _cite(
            answer,
            f"{target.id} path square {rank}",
            table.decide("knockback.path_square_ok", {"line_straight": straight, "crossed_rank": rank}),
        )
    length = min(taken, MAX_KNOCKBACK)
    found = walk(table, target, step, length)
    facts: dict[str, Value] = {
        "damage_taken": length,
        "obstacle": found.obstacle,
        "obstacle_at": found.obstacle_at,
        "ground_occupied": found.ground_occupied,
        "hindering_on_path": found.hindering,
        "flight": target.move == "flight",
        "free_ground_at": found.free_ground_at if found.obstacle == "elevated_edge" else 0,
        "free_ground_beyond": found.ground_occupied and found.free_ground_at > found.obstacle_at,
        "map_edge": found.map_edge and found.obstacle == "none",
    }
    if found.corner is not None:
        _cite(answer, f"{target.id} (the diagonal step past the corner point)", found.corner, decides=True)
    hindering = [table.board.name(sq) for sq in found.squares if table.board.terrain_at(sq) == "hindering"]
    where = f"{target.id} (hindering terrain on the path at {', '.join(hindering)})" if hindering else target.id
    distance = _cite(answer, where, table.decide("knockback.distance", facts), decides=True)
    stop = _cite(answer, where, table.decide("knockback.stop", facts), decides=True)
    damage_result = table.decide("knockback.damage", facts)
    damage = _cite(answer, target.id, damage_result, decides=damage_result.value != 0)
    if distance.value is None:
        out.update({"distance": None, "path": None, "damage": damage.value})
        return out
    moved = int(str(distance.value))
    squares = list(found.squares)
    here = squares[-1] if squares else target.at[0]
    while len(squares) < moved and not found.map_edge:  # falling: on into the ground squares beyond the edge
        here = table.board.beyond(here, step)
        squares.append(here)
    path = squares[:moved] if not found.map_edge else squares
    out["distance"] = len(path)
    out["path"] = [table.board.name(sq) for sq in path]
    out["stopped_by"] = "map_edge" if found.map_edge else (None if found.obstacle == "none" else found.obstacle)
    out["stop"] = stop.value
    out["damage"] = damage.value
    if others:
        # the other directions a judge may choose, where they lead onto the map (off it, the piece stays put)
        beyond = [table.board.beyond(target.at[0], other) for other in others]
        out["choice"] = [table.board.name(sq) for sq in beyond if table.board.contains(sq)]
    return out


def _cite(answer: Answer, where: str, result: Result, *, decides: bool = False) -> Result:
    """Cite ``result`` with a note naming ``where`` (``decides``: it gives a value of the knockback)."""
    answer.cite(result, f"knockback of {where}", decides=decides)
    return result
