"""Movement work shared between boards of one content and between the movers of one table (issue 29).

Sharing is an optimisation only: every answer must be the one worked out afresh.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from adjudicator.core.spec import load_spec
from adjudicator.games.clix.model import MapObject, ReachQuery, Situation
from adjudicator.games.clix.movement import plan
from adjudicator.games.clix.movement_facts import PARTS_PER_MOVER, MoveFacts, SharedParts, board_steps, moved
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


def _parts_of(base: Situation, piece_id: str) -> SharedParts:
    """The parts the movement facts of ``piece_id`` read in ``base`` (after its legal moves were worked out)."""
    table = Table(load_spec(), base)
    piece = table.piece(piece_id)
    plan(table, piece, None).squares()
    return MoveFacts(table, piece).shared


@pytest.mark.parametrize("count", [PARTS_PER_MOVER - 1, PARTS_PER_MOVER, PARTS_PER_MOVER + 1])
def test_a_mover_keeps_the_parts_of_the_last_situations_asked(count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A mover's parts in the last few situations on its board are kept; the one asked longest ago goes first."""
    monkeypatch.setattr("adjudicator.games.clix.movement_facts.PARTS_KEEP", 0)  # none kept by content: only these
    base = situation(1)
    first = _parts_of(base, "m0")
    taken = {sq for p in base.pieces for sq in p.at} | {o.at for o in base.objects}
    spare = [sq for sq in free_squares(random.Random(1), base.board) if sq not in taken]  # noqa: S311 - a test board
    later = [replace(base, objects=(MapObject("tree", spare[n]),)) for n in range(count - 1)]  # each its own content
    for other in later:
        assert _parts_of(other, "m0") is not first  # a situation of its own, with parts of its own
    assert (_parts_of(base, "m0") is first) == (count <= PARTS_PER_MOVER)


def test_parts_by_content_outlast_the_movers_of_one_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """The parts kept by content serve a new situation object while its movers fit the store, not beyond."""
    base = situation(2, pieces=6)
    monkeypatch.setattr("adjudicator.games.clix.movement_facts.PARTS_KEEP", 5)
    monkeypatch.setattr("adjudicator.games.clix.movement_facts._PARTS_BY_CONTENT", {})
    kept = {p.id: _parts_of(base, p.id) for p in base.pieces[:5]}
    again = replace(base, pieces=tuple(replace(p) for p in base.pieces))
    for piece_id, parts in kept.items():  # 5 movers: all kept, and shared with the equal situation
        shared = _parts_of(again, piece_id)
        assert shared.pieces is again.pieces
        assert shared.square_parts is parts.square_parts
    _parts_of(base, base.pieces[5].id)  # a sixth: the one asked longest ago goes
    newer = replace(base, pieces=tuple(replace(p) for p in base.pieces))
    assert _parts_of(newer, "m0").square_parts is not kept["m0"].square_parts


@pytest.mark.parametrize("seed", range(4))
def test_a_moved_table_carries_the_parts_of_the_squares_the_move_leaves_alone(seed: int) -> None:
    """After one piece moved, each mover's parts carry over but for the squares the piece left or entered and beside."""
    spec = load_spec()
    base = situation(seed)
    table = Table(spec, base)
    for piece in base.pieces:
        plan(table, piece, None).squares()
    rng = random.Random(seed)  # noqa: S311 - a reproducible test move, nothing secret
    mover = rng.choice(base.pieces)
    taken = {sq for p in base.pieces for sq in p.at}
    to = rng.choice([sq for sq in free_squares(rng, base.board) if sq not in taken])
    after = moved(table, mover.id, (to,))
    region = {*mover.at, to}
    region |= {n for sq in set(region) for n in base.board.neighbours(sq)}
    came = 0
    for piece in after.situation.pieces:
        carried = MoveFacts(after, piece).shared
        assert carried.pieces is after.situation.pieces
        assert not region & carried.square_parts.keys()
        came += len(carried.square_parts)
        fresh = MoveFacts(Table(spec, after.situation), piece)
        for square, part in carried.square_parts.items():
            assert fresh.square_part(square) == part, (piece.id, square)
        for square, part in carried.end_parts.items():
            assert fresh.end_part(square) == part, (piece.id, square)
    assert came  # the parts of the squares the move left alone came along
    assert _moves_of(after) == _moves_of(Table(spec, after.situation))


def _moves_of(table: Table) -> dict[str, tuple[object, ...]]:
    """Every piece's end squares, squares only maybe reached and undecided questions on ``table``."""
    out: dict[str, tuple[object, ...]] = {}
    for piece in table.situation.pieces:
        made = plan(table, piece, None)
        out[piece.id] = (made.squares(), made.maybe_squares(), [w.where for w in made.undecided])
    return out


def test_parts_kept_by_content_serve_a_board_numbered_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """A board equal to one seen before, whose step tables are no longer kept, numbers its squares afresh.

    The movers' parts kept by content serve it all the same (they are kept by square, not by number): the
    friendly monster's square stays no place to end, whichever square the new numbering met first.
    """
    spec = load_spec()

    def made() -> Situation:
        board = KIND.build(["...", ".h.", "..."])
        pieces = (
            random_monster(random.Random(0), 0, (1, 1), (2, 2), 1, soaring=False),  # noqa: S311 - a test piece
            random_monster(random.Random(0), 1, (0, 0), (8, 8), 1, soaring=False),  # noqa: S311 - a test piece
        )
        pieces = (replace(pieces[0], move="foot"), replace(pieces[1], move="foot"))
        ruleset = "horrorclix/1e"
        return Situation(ruleset, "outdoor", board, pieces, ReachQuery("m1"), game=clix_game(ruleset))

    first = made()
    expected = plan(Table(spec, first), first.pieces[1], None).squares()
    assert (1, 1) not in expected  # the friendly monster's square
    assert expected
    monkeypatch.setattr("adjudicator.games.clix.movement_facts._BY_CONTENT", {})  # the map's steps forgotten
    again = made()
    table = Table(spec, again)
    plan(table, again.pieces[0], None).squares()  # numbered from the other monster's square first
    assert (
        MoveFacts(table, again.pieces[1]).shared.end_classes
        is MoveFacts(Table(spec, first), first.pieces[1]).shared.end_classes
    )
    assert plan(table, again.pieces[1], None).squares() == expected
