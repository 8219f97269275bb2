"""Areas with extra single targets: the focus may be the added target while the area hits the others.

Hand-worked on a 7x5 open map (row 3 is an odd row, flush left): the
monster on D3, brute on C3, spell on E3 and tinker on F3, all in one row and
in sight. The area is a straight line of two red hexes from the attacker's
grey hex (gh1e L658-664), turned to any side (L710-716). Turned east it takes
spell and tinker (L660-661); the extra single target must be within the
attack's range, melee here, and in sight (L1056-1057, L673-674): brute, the
focus. The engine's turn is asked on model situations, so that Target Z with
an area (which the contract's reader refuses) is covered too.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from adjudicator.core.spec import load_spec
from adjudicator.games.gloomhaven.model import Area, MonsterAttack, MonsterTurnQuery, Piece, Situation
from adjudicator.games.gloomhaven.monster_search import AttackShape, Mover, TurnMap, area_cells
from adjudicator.games.gloomhaven.queries import monster_turn
from adjudicator.games.gloomhaven.terrain import build_board
from adjudicator.spaces.hex import Hex
from tests.gloomhaven.support import parse_hex

ROWS = [". . . . . . .", " . . . . . . .", ". . . . . . .", " . . . . . . .", ". . . . . . ."]
LINE = Area(("@**",), {Hex(0, 0): "@", Hex(1, 0): "*", Hex(2, 0): "*"})
"""The grey hex, then two red hexes in a straight line."""


def situation(attack: MonsterAttack, *, tinker: str = "F3") -> Situation:
    """The monster on D3, brute (10) on C3, spell (20) on E3 and tinker (30), with ``attack``."""
    pieces = (
        Piece("brute", "character", parse_hex("C3"), initiative=Fraction(10)),
        Piece("spell", "character", parse_hex("E3"), initiative=Fraction(20)),
        Piece("tinker", "character", parse_hex(tinker), initiative=Fraction(30)),
        Piece("m", "monster", parse_hex("D3")),
    )
    return Situation("gloomhaven/1e", build_board(ROWS), pieces, MonsterTurnQuery("m", 2, attack=attack))


def choices(s: Situation) -> tuple[list[str], set[tuple[str, tuple[str, ...]]]]:
    """The focus and the plays of the monster's turn."""
    outcome = monster_turn.answer(load_spec(), s).outcome
    return outcome["focus"], {(c["end"], tuple(c["targets"])) for c in outcome["choices"]}


@pytest.mark.parametrize(
    "attack",
    [MonsterAttack(area=LINE, add_targets=1), MonsterAttack(area=LINE, targets=2)],
    ids=["add-target", "target-2"],
)
def test_the_focus_is_the_extra_target_and_the_area_takes_two(attack: MonsterAttack) -> None:
    """Area east on spell and tinker, the focus brute as the extra target: three targets without moving."""
    assert choices(situation(attack)) == (["brute"], {("D3", ("brute", "spell", "tinker"))})


def test_without_an_extra_target_the_area_must_hold_the_focus() -> None:
    """No extra target: the area turned west holds brute only (B3 is empty): brute alone."""
    assert choices(situation(MonsterAttack(area=LINE))) == (["brute"], {("D3", ("brute",))})


def test_the_extra_target_is_melee_reach_for_a_melee_area() -> None:
    """A melee area's extra target is adjacent (range 1): tinker two hexes off on G3 stays out."""
    assert choices(situation(MonsterAttack(area=LINE, add_targets=1), tinker="G3")) == (
        ["brute"],
        {("D3", ("brute", "spell"))},
    )


def test_a_grey_area_written_with_a_range_is_melee() -> None:
    """attack.range 3 beside a grey hex (the stat card's range): still melee, the same three targets."""
    assert choices(situation(MonsterAttack(range=3, area=LINE, add_targets=1))) == (
        ["brute"],
        {("D3", ("brute", "spell", "tinker"))},
    )


def test_target_sets_list_every_placement_with_the_focus_added() -> None:
    """From D3 with Add Target 1: the east placement plus brute, and the west placement plus spell."""
    s = situation(MonsterAttack(area=LINE, add_targets=1))
    enemies = {p.id: p.at for p in s.pieces if p.type == "character"}
    tmap = TurnMap(s.board, Mover(parse_hex("D3"), 2), frozenset(), enemies, frozenset(enemies))
    shape = AttackShape(0, 1, area_cells(LINE.grey, LINE.red), melee_area=True, add_targets=1)
    sets = tmap.target_sets(shape, parse_hex("D3"), "brute")
    assert frozenset({"brute", "spell", "tinker"}) in sets
    assert frozenset({"brute", "spell"}) in sets
    assert all("brute" in t for t in sets)
    area, singles = tmap.split(shape, parse_hex("D3"), frozenset({"brute", "spell", "tinker"}), "brute")
    assert (area, singles) == (frozenset({"spell", "tinker"}), frozenset({"brute"}))
