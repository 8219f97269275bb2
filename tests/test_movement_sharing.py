"""Movement work shared between boards of one content and between the movers of one table (issue 29).

Sharing is an optimisation only: every answer must be the one worked out afresh.
"""

from __future__ import annotations

import random

import pytest

from adjudicator.core.spec import load_spec
from adjudicator.games.clix.model import MapObject, ReachQuery, Situation
from adjudicator.games.clix.movement import plan
from adjudicator.games.clix.movement_facts import board_steps
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.variant import clix_game
from adjudicator.spaces.square import KIND
from tests.movement_boards import free_squares, random_map, random_monster

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
    board = random_map(rng, size, 4)
    free = free_squares(rng, board)
    found = [random_monster(rng, i, free.pop(), (3, 8), 1 + i % 2, soaring=False) for i in range(pieces)]
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
