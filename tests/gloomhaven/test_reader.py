"""Gloomhaven situation files: every contract field read, bad files refused with positioned errors (exit 2)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.core.errors import PositionedError
from adjudicator.games.gloomhaven.model import AttackQuery, MonsterTurnQuery, MoveQuery, Situation
from adjudicator.games.gloomhaven.terrain import feature
from adjudicator.judge import load_situation
from adjudicator.spaces.hex import Hex
from tests.conftest import ROOT
from tests.gloomhaven.support import parse_hex

KNOWN = {"gloomhaven/1e", "horrorclix/2008"}
BAD = sorted((ROOT / "tests" / "fixtures" / "gloomhaven-bad").glob("*.yaml"))
FULL = """\
ruleset: gloomhaven/1e
scenario_level: 2
map:
  terrain:
    - ". . . x . . ."
    - " . . o . . t ."
    - ". . d D . h ."
  walls: [[B1, C1], [C2, C3]]
pieces:
  - {id: brute, type: character, at: B2, initiative: 35.5}
  - {id: bear, type: summon, owner: brute, at: A3}
  - {id: guard, type: monster, at: E3, rank: elite, shield: 1}
  - {id: wisp, type: monster, at: C2, flying: true, conditions: [muddle]}
objects:
  - {type: trap, at: F2, damage: 3, conditions: [poison]}
query:
  kind: monster_turn
  monster: guard
  move: 2
  attack:
    add_targets: 1
    area:
      - ". ."
      - " @ *"
      - "* *"
  play: {end: D2, targets: [brute]}
"""


def load_text(tmp_path: Path, text: str) -> Situation:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    situation = load_situation(path, KNOWN)
    assert isinstance(situation, Situation)
    return situation


def test_every_field_is_read(tmp_path: Path) -> None:
    s = load_text(tmp_path, FULL)
    assert s.scenario_level == 2
    assert s.board.extent() == "7 hexes by 3 rows"
    assert feature(s.board, parse_hex("D3")) == "closed_door"
    assert frozenset((parse_hex("C2"), parse_hex("C3"))) in s.board.walls
    brute, bear, guard, wisp = s.pieces
    assert brute.initiative == Fraction(71, 2)
    assert bear.owner == "brute"
    assert bear.side == brute.side != guard.side
    assert (guard.rank, guard.shield) == ("elite", 1)
    assert wisp.flying
    assert wisp.has("muddle")
    trap = s.trap_at(parse_hex("F2"))
    assert trap is not None
    assert (trap.damage, trap.conditions) == (3, ("poison",))
    query = s.query
    assert isinstance(query, MonsterTurnQuery)
    assert query.attack is not None
    area = query.attack.area
    assert area is not None
    assert area.grey == Hex(0, 1)
    assert area.red == (Hex(1, 1), Hex(0, 2), Hex(1, 2))  # east, south-west, south-east of @
    assert query.attack.add_targets == 1
    assert query.play is not None
    assert query.play.end == parse_hex("D2")
    assert s.lines["query.play"] == 26


def test_defaults(tmp_path: Path) -> None:
    text = FULL.split("objects:", maxsplit=1)[0] + "query: {kind: attack, value: 3, deck: [+1, -1, x2, r+1]}\n"
    s = load_text(tmp_path, text.replace("scenario_level: 2\n", ""))
    assert s.scenario_level == 1
    assert s.pieces[0].conditions == frozenset()
    assert s.pieces[2].flying is False
    assert isinstance(s.query, AttackQuery)
    assert s.query.deck == ("+1", "-1", "x2", "r+1")
    assert (s.query.shield, s.query.poisoned, s.query.bless) == (None, None, 0)


def test_move_query(tmp_path: Path) -> None:
    text = (
        FULL.split("query:", maxsplit=1)[0]
        + "query: {kind: move, piece: brute, path: [C1, D1], points: 3, jump: true}\n"
    )
    query = load_text(tmp_path, text).query
    assert isinstance(query, MoveQuery)
    assert query.path == (parse_hex("C1"), parse_hex("D1"))
    assert query.jump


def test_enough_bad_files() -> None:
    assert len(BAD) >= 15


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_file(path: Path) -> None:
    """Each bad file fails at the line and field its first comment names."""
    expected = path.read_text(encoding="utf-8").splitlines()[0].removeprefix("# expect: ")
    with pytest.raises(PositionedError) as info:
        load_situation(path, KNOWN)
    assert f"{path}{expected}" in str(info.value)


@pytest.mark.parametrize("path", BAD[:5], ids=lambda p: p.stem)
def test_bad_file_exits_2(path: Path) -> None:
    result = CliRunner().invoke(main, ["ask", str(path)])
    assert result.exit_code == 2, result.output
    expected = path.read_text(encoding="utf-8").splitlines()[0].removeprefix("# expect: ")
    assert expected.split(": ", 1)[1] in result.output


def test_initiative_is_any_number(tmp_path: Path) -> None:
    """Initiative only orders turns: 101, 35.5 and -3 are read as given (contract: any number)."""
    for shown, value in (("101", Fraction(101)), ("35.5", Fraction(71, 2)), ("-3", Fraction(-3))):
        s = load_text(tmp_path, FULL.replace("initiative: 35.5", f"initiative: {shown}"))
        assert s.pieces[0].initiative == value


def test_initiative_must_be_a_finite_number(tmp_path: Path) -> None:
    """An infinite or non-numeric initiative is refused at its line."""
    for bad in (".inf", "soon"):
        with pytest.raises(PositionedError, match=re.escape("pieces[0].initiative: expected a number")):
            load_text(tmp_path, FULL.replace("initiative: 35.5", f"initiative: {bad}"))


def test_a_path_of_no_hex_is_read(tmp_path: Path) -> None:
    """A move of 0 hexes (L504): the path may be empty."""
    text = FULL.split("query:", maxsplit=1)[0] + "query: {kind: move, piece: brute, path: [], points: 3}\n"
    query = load_text(tmp_path, text).query
    assert isinstance(query, MoveQuery)
    assert query.path == ()


def test_grey_area_with_the_stat_cards_range_is_read_as_melee(tmp_path: Path) -> None:
    """A grey-hex area with attack.range copied from a stat card is accepted; the attack is melee (L1387-1389)."""
    s = load_text(tmp_path, FULL.replace("    add_targets: 1\n", "    add_targets: 1\n    range: 3\n"))
    query = s.query
    assert isinstance(query, MonsterTurnQuery)
    assert query.attack is not None
    assert (query.attack.range, query.attack.melee, query.attack.reach) == (3, True, 0)


def test_ranged_area_still_needs_a_range(tmp_path: Path) -> None:
    """An area without the grey hex and without a range is refused (a ranged area needs its range)."""
    text = FULL.replace('      - ". ."\n      - " @ *"\n', '      - ". ."\n      - " * *"\n')
    with pytest.raises(PositionedError, match=re.escape("give attack.range")):
        load_text(tmp_path, text)
