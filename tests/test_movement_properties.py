"""Properties of movement on generated boards: reach grows with speed, every reach square has a legal move."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator.core.spec import load_spec
from adjudicator.games.clix.model import MapObject, MoveQuery, Piece, ReachQuery, Situation
from adjudicator.games.clix.queries import move, reach
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.variant import clix_game
from adjudicator.spaces.square.board import Board, Square, parse_square, square_name

RULESETS = ("horrorclix/2008", "horrorclix/1e")
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def situations(draw: st.DrawFn) -> tuple[Situation, Piece]:
    """A small HorrorClix board (terrain, walls, objects, stairs in 2008) with a mover and up to four others."""
    ruleset = draw(st.sampled_from(RULESETS))
    width, height = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    terrain = ["".join(draw(st.sampled_from("......h~#")) for _ in range(width)) for _ in range(height)]
    elevation = None
    if ruleset == "horrorclix/2008" and draw(st.booleans()):
        elevation = ["".join(draw(st.sampled_from("112")) for _ in range(width)) for _ in range(height)]
    plain = Board.from_rows(terrain, elevation)
    squares = plain.squares()
    pairs = [(a, b) for a in squares for b in plain.neighbours(a) if a < b and (a[0] == b[0] or a[1] == b[1])]
    walls = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=3)) if pairs else []
    stairs = draw(st.lists(st.sampled_from(squares), unique=True, max_size=4)) if elevation else []
    board = Board.from_rows(terrain, elevation, None, walls, stairs)
    free = [sq for sq in squares if str(board.terrain[sq]) != "blocking"]
    assume(free)
    spots = draw(st.lists(st.sampled_from(free), unique=True, min_size=1, max_size=min(5, len(free))))
    placed = [_piece(draw, f"p{i}", sq, mover=i == 0) for i, sq in enumerate(spots)]
    left = [sq for sq in free if sq not in spots]
    kinds = ["tombstone", "tree"] if ruleset == "horrorclix/2008" else ["tombstone"]
    objects = (
        tuple(
            MapObject(draw(st.sampled_from(kinds)), sq)
            for sq in draw(st.lists(st.sampled_from(left), unique=True, max_size=2))
        )
        if left
        else ()
    )
    kind = draw(st.sampled_from(("outdoor", "indoor")))
    situation = Situation(
        ruleset, kind, board, tuple(placed), ReachQuery("p0"), objects=objects, game=clix_game(ruleset)
    )  # type: ignore[arg-type]
    return situation, placed[0]


def _piece(draw: st.DrawFn, piece_id: str, square: Square, *, mover: bool) -> Piece:
    """A monster of player 1 or 2 (the mover is player 1), or a victim."""
    if draw(st.integers(0, 4)) == 0:
        return Piece(piece_id, "victim", (square,), draw(st.integers(0, 6)), face=draw(st.sampled_from(("up", "down"))))
    move_mode = draw(st.sampled_from(("foot", "foot", "flight", "swim")))
    return Piece(
        id=piece_id,
        type="monster",
        at=(square,),
        speed=draw(st.integers(0, 6)),
        player=1 if mover else draw(st.integers(1, 2)),
        attack=9,
        defense=16,
        damage=2,
        range=0,
        move=move_mode,  # type: ignore[arg-type]
        flight=draw(st.sampled_from(("hovering", "soaring"))) if move_mode == "flight" else None,
    )


def reach_of(situation: Situation, piece: Piece) -> tuple[str, set[str]]:
    """Verdict and squares of the reach query for ``piece``."""
    result = reach.answer(Table(load_spec(), replace(situation, query=ReachQuery(piece.id))))
    return result.verdict, set(result.outcome["squares"])


def with_speed(situation: Situation, piece: Piece, speed: int) -> tuple[Situation, Piece]:
    """The situation with ``piece`` given another speed value."""
    faster = replace(piece, speed=speed)
    return replace(situation, pieces=tuple(faster if p.id == piece.id else p for p in situation.pieces)), faster


@SETTINGS
@given(situations())
def test_reach_grows_with_speed(case: tuple[Situation, Piece]) -> None:
    """With nothing else changed, speed s+1 reaches every square speed s reaches (monotone rules only)."""
    situation, mover = case
    assume(not (mover.is_token and situation.ruleset == "horrorclix/1e"))  # 1e victims use their whole speed
    verdict, slow = reach_of(situation, mover)
    faster_situation, faster = with_speed(situation, mover, int(mover.speed) + 1)
    verdict_fast, fast = reach_of(faster_situation, faster)
    assume(verdict == verdict_fast == "answered")
    assert slow <= fast, sorted(slow - fast)


@SETTINGS
@given(situations())
def test_every_reach_square_has_a_legal_move(case: tuple[Situation, Piece]) -> None:
    """The move query finds a legal path, step by step between touching squares, to every square of the reach."""
    situation, mover = case
    verdict, squares = reach_of(situation, mover)
    assume(verdict == "answered" and squares)
    spec = load_spec()
    for name in sorted(squares):
        target = parse_square(name)
        result = move.answer(Table(spec, replace(situation, query=MoveQuery(mover.id, target, die=6))))
        assert result.verdict == "legal", (name, [s.rule for s in result.trace])
        path = [parse_square(sq) for sq in result.outcome["path"]]
        assert path[0] == mover.square
        assert path[-1] == target
        assert all(Board.distance(a, b) == 1 for a, b in pairwise(path))
        assert len(path) - 1 <= int(mover.speed)


@SETTINGS
@given(situations())
def test_adjacency_is_symmetric(case: tuple[Situation, Piece]) -> None:
    """``adjacent.is`` gives the same answer both ways for any two touching squares of the board."""
    situation, _ = case
    table = Table(load_spec(), situation)
    for a in situation.board.squares():
        for b in situation.board.neighbours(a):
            there = table.squares_adjacent(a, b).value
            back = table.squares_adjacent(b, a).value
            assert there == back, (square_name(a), square_name(b))
