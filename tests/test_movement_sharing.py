"""Movement work shared between boards of one content and between the movers of one table (issue 29).

Sharing is an optimisation only: every answer must be the one worked out afresh.
"""

from __future__ import annotations

import random

import pytest

from adjudicator.core.spec import load_spec
from adjudicator.games.clix.model import MapObject, Piece, ReachQuery, Situation
from adjudicator.games.clix.movement import plan
from adjudicator.games.clix.movement_facts import board_steps
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.variant import clix_game
from adjudicator.spaces.square import KIND

ROWS = ["..h.", ".#..", "~..h", "...."]


def test_an_equal_board_shares_its_step_tables() -> None:
    """A new board object of the same map shares the step tables; a map of other content does not."""
    board, again = KIND.build(ROWS, walls=[((0, 0), (1, 0))]), KIND.build(ROWS, walls=[((0, 0), (1, 0))])
    first, second = board_steps(board), board_steps(again)
    assert first is not second
    assert second.board is again
    assert first.steps((1, 1)) == second.steps((1, 1))
    assert second.steps((2, 2)) == first.steps((2, 2))  # filled through one, read through the other
    other = board_steps(KIND.build(["....", *ROWS[1:]], walls=[((0, 0), (1, 0))]))
    assert other.terrain((2, 0)) == "clear"
    assert first.terrain((2, 0)) == "hindering"


def situation(seed: int, size: int = 10, pieces: int = 14) -> Situation:
    """A random outdoor map with monsters of two players, some flying or swimming, some side by side."""
    rng = random.Random(seed)  # noqa: S311 - a reproducible test board, nothing secret
    rows = ["".join(rng.choices(".h~#", weights=[70, 16, 7, 7])[0] for _ in range(size)) for _ in range(size)]
    walls = [((c, r), (c + 1, r)) for c, r in ((rng.randrange(size - 1), rng.randrange(size)) for _ in range(4))]
    board = KIND.build(rows, walls=walls)
    free = [sq for sq in board.spaces() if board.terrain_at(sq) != "blocking"]
    rng.shuffle(free)
    found = []
    for i in range(pieces):
        move = rng.choice(["foot", "foot", "flight", "swim"])
        found.append(
            Piece(
                id=f"m{i}",
                type="monster",
                at=(free.pop(),),
                speed=rng.randint(3, 8),
                player=1 + i % 2,
                attack=9,
                defense=16,
                damage=2,
                range=4,
                move=move,  # type: ignore[arg-type]
                flight="hovering" if move == "flight" else None,
            )
        )
    objects = (MapObject("tombstone", free.pop()),)
    ruleset = "horrorclix/2008"
    return Situation(
        ruleset, "outdoor", board, tuple(found), ReachQuery("m0"), objects=objects, game=clix_game(ruleset)
    )


@pytest.mark.parametrize("seed", range(6))
def test_every_piece_moves_alike_on_one_shared_table_and_alone(seed: int) -> None:
    """Every piece's end squares and undecided questions on one table equal those on a table of its own."""
    spec = load_spec()
    base = situation(seed)
    shared = Table(spec, base)
    for piece in base.pieces:
        together, alone = plan(shared, piece, None), plan(Table(spec, base), piece, None)
        assert together.squares() == alone.squares(), piece.id
        assert together.maybe_squares() == alone.maybe_squares(), piece.id
        assert [w.where for w in together.undecided] == [w.where for w in alone.undecided], piece.id
