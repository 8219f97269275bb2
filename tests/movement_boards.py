"""Random Clix boards for the movement tests: a map of mixed terrain and walls, and monsters of two players.

Each test draws from its own seeded stream (reproducible boards, nothing secret); the helpers draw in a fixed
order, so one seed gives one board.
"""

from __future__ import annotations

import random

from adjudicator.games.clix.model import Piece
from adjudicator.spaces.base import Space, SpaceId
from adjudicator.spaces.square import KIND


def random_map(rng: random.Random, size: int, walls: int) -> Space:
    """A ``size`` x ``size`` outdoor map, mostly clear, with hindering, water and blocking squares and ``walls`` walls."""
    rows = ["".join(rng.choices(".h~#", weights=[70, 16, 7, 7])[0] for _ in range(size)) for _ in range(size)]
    edges = [((c, r), (c + 1, r)) for c, r in ((rng.randrange(size - 1), rng.randrange(size)) for _ in range(walls))]
    return KIND.build(rows, walls=edges)


def free_squares(rng: random.Random, board: Space) -> list[SpaceId]:
    """The squares a piece may stand on, shuffled."""
    free = [sq for sq in board.spaces() if str(board.terrain_at(sq)) != "blocking"]
    rng.shuffle(free)
    return free


def random_monster(
    rng: random.Random, number: int, at: SpaceId, speeds: tuple[int, int], player: int | None, *, soaring: bool
) -> Piece:
    """Monster ``m<number>`` on foot, flying or swimming; ``player`` None: drawn (1 or 2) after its speed.

    ``soaring``: a flier hovers or soars (drawn); else it hovers.
    """
    move = rng.choice(["foot", "foot", "flight", "swim"])
    speed = rng.randint(*speeds)
    owner = 1 + rng.randrange(2) if player is None else player
    flight = (rng.choice(["hovering", "soaring"]) if soaring else "hovering") if move == "flight" else None
    return Piece(
        id=f"m{number}",
        type="monster",
        at=(at,),
        speed=speed,
        player=owner,
        attack=9,
        defense=16,
        damage=2,
        range=4,
        move=move,  # type: ignore[arg-type]
        flight=flight,  # type: ignore[arg-type]
    )
