"""The flat search (numbered states, landings shared by the movers of a table) against the general one (issue 29).

The flat search is an optimisation only: on any board it must meet the same states in the same order, with the
same stops, refused steps, undecided questions and ends, as the search over named states.
"""

from __future__ import annotations

import random
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.spec import load_spec
from adjudicator.games.clix.model import MapObject, ReachQuery, Situation
from adjudicator.games.clix.movement import Search, plan
from adjudicator.games.clix.movement_facts import PAIR_LIMIT, PAIR_NUMBERS, key_index, moved, pair_key
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.variant import clix_game
from adjudicator.spaces.base import Space
from adjudicator.spaces.square import KIND
from adjudicator.spaces.square.board import Board
from tests.movement_boards import free_squares, random_monster
from tests.strategies import boards

RULESETS = ("horrorclix/2008", "horrorclix/1e", "heroclix/core")
LEVELS = ("none", "by_stairs", "without_stairs")


def _situation(board: Space, seed: int, ruleset: str, pieces: int = 8) -> Situation | None:
    """Monsters of two players (some flying or swimming, some side by side) on ``board``; None if it is too small."""
    rng = random.Random(seed)  # noqa: S311 - a reproducible test board, nothing secret
    free = free_squares(rng, board)
    if len(free) < 3:
        return None
    found = [random_monster(rng, i, free.pop(), (2, 9), None, soaring=True) for i in range(min(pieces, len(free) - 1))]
    objects = (MapObject(rng.choice(["tombstone", "tree"]), free.pop()),)
    return Situation(
        ruleset, "outdoor", board, tuple(found), ReachQuery("m0"), objects=objects, game=clix_game(ruleset)
    )


def _seen(search: Search) -> tuple[object, ...]:
    """Everything a search worked out, in order."""
    return (
        list(search.dist.items()),
        list(search.stops.items()),
        list(search.refused.items()),
        search.moves_out,
        [w.where for w in search.undecided],
        search.changed,
        search.end_states,
    )


def _compare(base: Situation) -> None:
    """Every piece's plan on a table all share (flat searches) against one on its own table (named searches)."""
    spec = load_spec()
    shared = Table(spec, base)
    for piece in base.pieces:
        made = plan(shared, piece, None)
        with patch.object(Search, "_flat_fits", return_value=False):  # every search over named states
            alone = plan(Table(spec, base), piece, None)
        if made.strict is None or alone.strict is None:
            assert made.strict is alone.strict is None
            continue
        squares = made.squares()  # from the numbered states, before they are named
        assert squares == alone.squares(), piece.id
        assert _seen(made.strict) == _seen(alone.strict), piece.id
        assert (made.generous is None) == (alone.generous is None), piece.id
        if made.generous is not None and alone.generous is not None:
            assert _seen(made.generous) == _seen(alone.generous), piece.id
        assert made.maybe_squares() == alone.maybe_squares(), piece.id
        assert [w.where for w in made.undecided] == [w.where for w in alone.undecided], piece.id


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(board=boards(max_width=9, max_height=9), seed=st.integers(0, 10**6), ruleset=st.sampled_from(RULESETS))
def test_the_flat_search_meets_what_the_named_search_meets(board: Board, seed: int, ruleset: str) -> None:
    """Every piece's flat search (on a table all share) equals its search over named states (on a table of its own)."""
    base = _situation(board, seed, ruleset)
    if base is None:
        return
    _compare(base)


@pytest.mark.parametrize(("seed", "ruleset"), [(seed, ruleset) for seed in range(4) for ruleset in RULESETS])
def test_the_flat_search_on_larger_maps(seed: int, ruleset: str) -> None:
    """The same on 16x16 maps with walls, water and 24 pieces of two players, many side by side."""
    rng = random.Random(seed)  # noqa: S311 - a reproducible test board, nothing secret
    rows = ["".join(rng.choices(".h~#", weights=[70, 16, 7, 7])[0] for _ in range(16)) for _ in range(16)]
    walls = [((c, r), (c + 1, r)) for c, r in ((rng.randrange(15), rng.randrange(16)) for _ in range(8))]
    base = _situation(KIND.build(rows, walls=walls), seed, ruleset, pieces=24)
    assert base is not None
    _compare(base)


def test_the_flat_search_serves_the_common_boards() -> None:
    """On an outdoor HorrorClix map every search of a plain move is flat (the benchmark's boards)."""
    board = KIND.build(["....h", ".#~..", "..h..", "....."])
    base = _situation(board, 1, "horrorclix/2008", pieces=4)
    assert base is not None
    table = Table(load_spec(), base)
    for piece in base.pieces:
        search = plan(table, piece, None).strict
        assert search is None or search._flat_fits()


def _moves(table: Table) -> dict[str, tuple[object, ...]]:
    """Every piece's legal moves on ``table``: end squares, squares only maybe reached, undecided questions."""
    out: dict[str, tuple[object, ...]] = {}
    for piece in table.situation.pieces:
        made = plan(table, piece, None)
        out[piece.id] = (made.squares(), made.maybe_squares(), [w.where for w in made.undecided], made.budgets)
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    board=boards(max_width=10, max_height=10),
    seed=st.integers(0, 10**6),
    ruleset=st.sampled_from(RULESETS),
    data=st.data(),
)
def test_one_piece_moved_gives_the_legal_moves_of_a_fresh_table(
    board: Board, seed: int, ruleset: str, data: st.DataObject
) -> None:
    """A table made by moving one piece (``movement_facts.moved``: the old table's work carried over) answers as a fresh one.

    Several moves in a row, each after every piece's legal moves were worked out on the table before.
    """
    base = _situation(board, seed, ruleset)
    if base is None:
        return
    spec = load_spec()
    table = Table(spec, base)
    for _ in range(3):
        _moves(table)  # fill the table's stores, as a turn planner does
        taken = {sq for p in table.situation.pieces for sq in p.at}
        free = [sq for sq in board.spaces() if sq not in taken and str(board.terrain_at(sq)) != "blocking"]
        if not free:
            return
        piece = data.draw(st.sampled_from(table.situation.pieces))
        to = data.draw(st.sampled_from(free))
        table = moved(table, piece.id, (to,))
        assert table.piece(piece.id).at == (to,)
        assert _moves(table) == _moves(Table(spec, table.situation))


@pytest.mark.parametrize("seed", range(3))
def test_one_piece_moved_on_a_larger_map(seed: int) -> None:
    """The same on a 16x16 map with 24 pieces, moving pieces next to others and away again."""
    rng = random.Random(seed)  # noqa: S311 - a reproducible test board, nothing secret
    rows = ["".join(rng.choices(".h~#", weights=[70, 16, 7, 7])[0] for _ in range(16)) for _ in range(16)]
    walls = [((c, r), (c + 1, r)) for c, r in ((rng.randrange(15), rng.randrange(16)) for _ in range(8))]
    board = KIND.build(rows, walls=walls)
    base = _situation(board, seed, "horrorclix/2008", pieces=24)
    assert base is not None
    spec = load_spec()
    table = Table(spec, base)
    for _ in range(6):
        _moves(table)
        taken = {sq for p in table.situation.pieces for sq in p.at}
        piece = rng.choice(table.situation.pieces)
        beside = [  # a free square next to another piece, so adjacency and break-away facts change
            n
            for p in table.situation.pieces
            if p is not piece
            for n in board.neighbours(p.at[0])
            if n not in taken and str(board.terrain_at(n)) != "blocking"
        ]
        if not beside:
            continue
        table = moved(table, piece.id, (rng.choice(beside),))
        assert _moves(table) == _moves(Table(spec, table.situation))


@given(index=st.integers(0, 1 << 20), bits=st.integers(0, 15), walls=st.booleans(), level=st.sampled_from(LEVELS))
def test_a_landing_key_names_its_square(index: int, bits: int, walls: bool, level: str) -> None:
    """A step's landing key gives back the number of the square it enters, for a plain step and any other."""
    plain = index * 16 + bits
    assert key_index(plain) == index
    pair = (walls, not walls, False, False, level, False, False)
    key = pair_key(plain, pair)
    assert key < -1
    assert key_index(key) == index
    assert (-2 - key) & 255 == PAIR_NUMBERS[pair]  # the pair part's number, which the search's outcome store keys on
    assert (-2 - key) >> 8 & 15 == bits


def test_the_pair_parts_a_key_can_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pair parts numbered up to the limit get keys of their own; the one past it gets -1 (never kept)."""
    numbers = {(False, False, False, False, f"part{n}", False, False): n for n in range(PAIR_LIMIT - 1)}
    monkeypatch.setattr("adjudicator.games.clix.movement_facts.PAIR_NUMBERS", numbers)
    last = pair_key(5 * 16 + 3, (True, False, False, False, "none", False, False))  # numbered limit - 1
    assert last < -1
    assert key_index(last) == 5
    assert (-2 - last) & 255 == PAIR_LIMIT - 1
    assert pair_key(5 * 16 + 3, (True, True, False, False, "none", False, False)) == -1  # numbered limit
    assert pair_key(5 * 16 + 3, (True, True, True, False, "none", False, False)) == -1  # and past it
    assert key_index(-1) == -1
