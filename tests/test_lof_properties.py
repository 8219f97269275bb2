"""Properties of line of fire over random boards (hypothesis).

Symmetry holds only where the rules make it hold. Drawing the line the
other way round swaps attacker and target, and three rules look at which end
is which:

* a tombstone or Tree blocks only beside the *target* (hx2008 L531, L539),
  so the boards here carry no such objects;
* the first edition lets only the *soaring tracer* ignore the ground
  (hx1e L628), so in 1e neither end soars;
* the hindering modifier has the attacker-at-the-edge exception (hx2008
  L463) and, between levels, looks at the target's square (L495), so the
  modifier is compared only when neither end stands in hindering terrain.

Everything else (occupants and their flight levels, pairs, walls, blocking
diagonals, doorways, elevation, indoor/outdoor, giants, double bases) is
symmetric, and so is the distance, which is the king-move distance.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator.games.clix.lof import line_of_fire
from adjudicator.games.clix.model import MapObject, Piece, Size
from adjudicator.games.clix.table import Table
from adjudicator.spaces.square.board import Board, Square, distance, king_neighbours
from tests.test_lof_engine import make_table

RULESETS = ("horrorclix/2008", "horrorclix/1e")


@st.composite
def lof_tables(draw: st.DrawFn, ruleset: str, *, soaring_ends: bool = True) -> tuple[Table, Piece, Piece]:
    """A random board with pieces, walls, portals and elevation; two distinct end pieces."""
    width, height = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    rows = ["".join(draw(st.sampled_from("....hh~#")) for _ in range(width)) for _ in range(height)]
    elevation = ["".join(draw(st.sampled_from("1112")) for _ in range(width)) for _ in range(height)]
    indoor = ["".join(draw(st.sampled_from(".i")) for _ in range(width)) for _ in range(height)]
    squares = [(c, r) for r in range(height) for c in range(width)]
    free = [s for s in squares if rows[s[1]][s[0]] != "#"]
    assume(len(free) >= 2)
    walls = draw(st.lists(st.sampled_from(_orthogonal_pairs(width, height)), max_size=4, unique=True))
    order = draw(st.permutations(free))
    count = draw(st.integers(2, min(len(free), 7)))
    pieces: list[Piece] = []
    used: set[Square] = set()
    for i, square in enumerate(order[:count]):
        if square in used:
            continue
        pieces.append(_piece(draw, f"p{i}", square, free, used, end=len(pieces) < 2, soaring_ends=soaring_ends))
    assume(len(pieces) >= 2)
    portals = draw(st.lists(st.sampled_from(free), max_size=2, unique=True))
    objects = [MapObject("portal", at, draw(st.sampled_from(("north", "south", "east", "west")))) for at in portals]
    objects = [o for o in objects if _door_on_map(o, width, height)]
    table = make_table(
        rows,
        pieces,
        ruleset,
        kind="indoor/outdoor",
        elevation=elevation,
        indoor=indoor,
        walls=[(_name(a), _name(b)) for a, b in walls],
        objects=objects,
    )
    return table, pieces[0], pieces[1]


def _name(square: Square) -> str:
    return f"{chr(65 + square[0])}{square[1] + 1}"


def _orthogonal_pairs(width: int, height: int) -> list[tuple[Square, Square]]:
    pairs = [((c, r), (c + 1, r)) for r in range(height) for c in range(width - 1)]
    return pairs + [((c, r), (c, r + 1)) for r in range(height - 1) for c in range(width)]


def _door_on_map(portal: MapObject, width: int, height: int) -> bool:
    step = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}[portal.door or "east"]
    col, row = portal.at[0] + step[0], portal.at[1] + step[1]
    return 0 <= col < width and 0 <= row < height


def _piece(
    draw: st.DrawFn,
    piece_id: str,
    square: Square,
    free: list[Square],
    used: set[Square],
    *,
    end: bool,
    soaring_ends: bool,
) -> Piece:
    """A monster or victim on ``square`` (sometimes a double base reaching a free neighbour)."""
    used.add(square)
    if not end and draw(st.integers(0, 4)) == 0:
        return Piece(id=piece_id, type="victim", at=(square,), speed=4, face="down")
    fields: dict[str, Any] = {}
    flights = ["none", "hovering", "soaring"] if soaring_ends or not end else ["none", "hovering"]
    flight = draw(st.sampled_from(flights))
    if flight != "none":
        fields = {"move": "flight", "flight": flight}
    size: Size = draw(st.sampled_from(("standard", "standard", "giant", "double")))
    at: tuple[Square, ...] = (square,)
    if size == "double":
        options = [n for n in king_neighbours(square) if n in free and n not in used]
        if not options:
            size = "standard"
        else:
            other = draw(st.sampled_from(options))
            used.add(other)
            at = (square, other)
    defense: Any = draw(st.sampled_from((16, 16, 16, "hourglass")))
    return Piece(
        id=piece_id,
        type="monster",
        at=at,
        speed=6,
        player=draw(st.integers(1, 2)),
        attack=9,
        defense=defense,
        damage=2,
        range=6,
        size=size,
        **fields,
    )


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(data=st.data())
def test_clear_is_symmetric_2008(data: st.DataObject) -> None:
    """2008: swapping the ends never changes whether the line is clear (no tombstone/Tree on these boards)."""
    table, a, b = data.draw(lof_tables("horrorclix/2008"))
    forward = line_of_fire(table, a.square, b.square, a, b)
    backward = line_of_fire(table, b.square, a.square, b, a)
    assert forward.clear == backward.clear


@SETTINGS
@given(data=st.data())
def test_clear_is_symmetric_1e_without_soaring_ends(data: st.DataObject) -> None:
    """1e: with neither end soaring (hx1e L628 favours the soaring tracer), clear is symmetric.

    Giants are a 2008 notion (the Nightmares insert): in 1e nothing says a giant
    is fought as if soaring, so ends that are giants are left out.
    """
    table, a, b = data.draw(lof_tables("horrorclix/1e", soaring_ends=False))
    assume(a.size != "giant" and b.size != "giant")
    forward = line_of_fire(table, a.square, b.square, a, b)
    backward = line_of_fire(table, b.square, a.square, b, a)
    assert forward.clear == backward.clear


@SETTINGS
@given(data=st.data(), ruleset=st.sampled_from(RULESETS))
def test_distance_is_symmetric_king_distance(data: st.DataObject, ruleset: str) -> None:
    """The distance is the king-move distance, the same both ways (hx2008 L397, hx1e L604)."""
    table, a, b = data.draw(lof_tables(ruleset))
    forward = line_of_fire(table, a.square, b.square, a, b)
    backward = line_of_fire(table, b.square, a.square, b, a)
    assert forward.distance == backward.distance == distance(a.square, b.square)


@SETTINGS
@given(data=st.data(), ruleset=st.sampled_from(RULESETS))
def test_hindering_is_symmetric_when_no_end_is_in_hindering(data: st.DataObject, ruleset: str) -> None:
    """With neither end in hindering terrain, the +1 modifier does not depend on who shoots."""
    table, a, b = data.draw(lof_tables(ruleset, soaring_ends=ruleset == "horrorclix/2008"))
    assume(table.terrain(a.square) != "hindering" and table.terrain(b.square) != "hindering")
    forward = line_of_fire(table, a.square, b.square, a, b)
    backward = line_of_fire(table, b.square, a.square, b, a)
    assert forward.hindering == backward.hindering


@SETTINGS
@given(data=st.data(), ruleset=st.sampled_from(RULESETS))
def test_every_line_is_answered_with_a_cited_trace(data: st.DataObject, ruleset: str) -> None:
    """Every line gets a value or an honest undecided, and its trace cites rules."""
    table, a, b = data.draw(lof_tables(ruleset))
    report = line_of_fire(table, a.square, b.square, a, b)
    assert report.clear in {True, False, None}
    assert report.trace
    assert all(step.cites for step in report.trace)
    assert report.decided == all(step.rule != "HX.ETQ.ROLL" for step in report.trace)


@SETTINGS
@given(data=st.data())
def test_empty_clear_board_is_always_clear(data: st.DataObject) -> None:
    """On a clear, flat, wall-free board with only the two ends, every line is clear and unhindered."""
    width, height = data.draw(st.integers(2, 9)), data.draw(st.integers(2, 9))
    board = Board.from_rows(["." * width] * height)
    squares = board.squares()
    a_sq = data.draw(st.sampled_from(squares))
    b_sq = data.draw(st.sampled_from([s for s in squares if s != a_sq]))
    a = Piece(id="a", type="monster", at=(a_sq,), speed=6, player=1, attack=9, defense=16, damage=2, range=6)
    b = Piece(id="b", type="monster", at=(b_sq,), speed=6, player=2, attack=9, defense=16, damage=2, range=6)
    table = make_table(["." * width] * height, [a, b], data.draw(st.sampled_from(RULESETS)))
    report = line_of_fire(table, a_sq, b_sq, a, b)
    assert (report.clear, report.hindering, report.distance) == (True, False, distance(a_sq, b_sq))
