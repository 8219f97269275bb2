"""What the flat search reports without naming its states, and the step tables kept without the board's steps.

A reach query reads a flat search's stops and the squares and modes it reached straight from the numbered
states (naming them costs more than the rest of the answer); these must be what the named states give. The
square board no longer keeps its open steps (kept, they burdened every pass of the garbage collector): the step
tables kept by the map's content must hold the same facts as the board's steps made afresh.
"""

from __future__ import annotations

import random

import pytest

from adjudicator.core.spec import load_spec
from adjudicator.games.clix.model import MapObject, ReachQuery, Situation
from adjudicator.games.clix.movement import Search, plan
from adjudicator.games.clix.movement_facts import board_steps
from adjudicator.games.clix.queries import reach
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.variant import clix_game
from tests.movement_boards import free_squares, random_map, random_monster

RULESETS = ("horrorclix/2008", "heroclix/core")


def _situation(seed: int, ruleset: str, size: int = 14, pieces: int = 10) -> Situation:
    """A random outdoor map with walls and monsters of two players (some flying, some swimming)."""
    rng = random.Random(seed)  # noqa: S311 - a reproducible test board, nothing secret
    board = random_map(rng, size, size // 2)
    free = free_squares(rng, board)
    found = [random_monster(rng, i, free.pop(), (3, 10), 1 + i % 2, soaring=True) for i in range(pieces)]
    objects = (MapObject("tombstone", free.pop()),)
    return Situation(
        ruleset, "outdoor", board, tuple(found), ReachQuery("m0"), objects=objects, game=clix_game(ruleset)
    )


def _unnamed(search: Search) -> tuple[list[object], set[object]]:
    """The search's stops and squares with modes, as read before any state is named."""
    return list(search.stop_results()), set(search.squares_and_modes())


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("seed", range(6))
def test_the_numbered_states_report_what_the_named_ones_do(seed: int, ruleset: str) -> None:
    spec = load_spec()
    situation = _situation(seed, ruleset)
    table = Table(spec, situation)
    for piece in situation.pieces:
        search = plan(table, piece, None).strict
        if search is None:
            continue
        stops, reached = _unnamed(search)
        assert stops == [(state.square, result) for state, result in search.stops.items()]  # names them
        assert reached == {(state.square, state.flight) for state in search.dist}
        assert _unnamed(search) == (stops, reached)  # and the same once named


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("seed", range(6))
def test_a_reach_is_the_same_whether_the_states_were_named_or_not(seed: int, ruleset: str) -> None:
    spec = load_spec()
    situation = _situation(seed, ruleset)
    fresh = reach.answer(Table(spec, situation)).to_json(spec)
    table = Table(spec, situation)
    search = plan(table, situation.piece("m0"), None).strict
    if search is not None:
        _ = search.dist, search.ends  # named, and every end worked out, before the answer
    assert reach.answer(table).to_json(spec) == fresh


@pytest.mark.parametrize("seed", range(4))
def test_the_kept_step_tables_hold_the_board_steps_facts(seed: int) -> None:
    board = _situation(seed, "heroclix/core").board
    steps = board_steps(board)
    for square in board.spaces():
        for step in board.steps(square):
            assert step == board.step(square, step.to)  # made afresh, equal every time
            assert steps.is_vertex(square, step.to) == step.vertex
            if step.vertex:
                assert steps.corner_sides(square, step.to) == tuple(sorted(step.sides, key=board.sort_key))
        assert [b for b, _, _ in steps.steps(square)] == [step.to for step in board.steps(square)]
