"""Situation files: the contract examples, bad files and the dump/load round trip."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings

from adjudicator.core.errors import PositionedError
from adjudicator.games.clix.model import (
    HOURGLASS,
    AttackQuery,
    Effect,
    LineOfFireQuery,
    MapObject,
    MoveQuery,
    Piece,
    Situation,
    ValueQuery,
)
from adjudicator.judge import dump_situation, load_situation
from tests.strategies_situation import KNOWN_RULESETS, situations

ROOT = Path(__file__).resolve().parent.parent
CONTRACT = sorted((ROOT / "examples" / "contract").glob("*.yaml"))
BAD = sorted((ROOT / "tests" / "fixtures" / "bad_situations").glob("*.yaml"))


def load_text(tmp_path: Path, text: str, name: str = "s.yaml") -> Situation:
    """Write ``text`` to a file and load it."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_situation(path, KNOWN_RULESETS)


def round_trip(situation: Situation) -> Situation:
    """Dump ``situation`` and load it back."""
    with tempfile.TemporaryDirectory() as tmp:
        return load_text(Path(tmp), dump_situation(situation))


@pytest.mark.parametrize("path", CONTRACT, ids=lambda p: p.stem)
def test_contract_example_loads(path: Path) -> None:
    """Every contract example loads and survives a dump/load round trip."""
    situation = load_situation(path, KNOWN_RULESETS)
    assert situation.ruleset == "horrorclix/2008"
    assert round_trip(situation) == situation


def test_contract_examples_present() -> None:
    """The contract examples were copied into the project."""
    assert len(CONTRACT) >= 4


def test_breakaway_example_fields() -> None:
    """The break-away example reads into typed pieces and a move query."""
    s = load_situation(ROOT / "examples" / "contract" / "breakaway-two-foes.yaml", KNOWN_RULESETS)
    assert s.query == MoveQuery("scarecrow", (3, 2), die=5)
    assert s.piece("slayer").at == ((2, 1),)
    assert s.piece("vixen").owner == 2
    assert (s.board.width, s.board.height) == (6, 4)
    assert s.build_total == 100
    assert s.line_of("pieces[1].at") == 11
    assert s.line_of("query.to") == 13


def test_value_and_attack_examples() -> None:
    """Effects keep their order; attack targets and roll are read as given."""
    value = load_situation(ROOT / "examples" / "contract" / "value-replace-then-modify.yaml", KNOWN_RULESETS)
    assert value.query == ValueQuery(
        "wolf", "attack", (Effect("modify", 2), Effect("replace", 12), Effect("modify", 2))
    )
    attack = load_situation(ROOT / "examples" / "contract" / "multi-target-one-roll.yaml", KNOWN_RULESETS)
    assert attack.query == AttackQuery("witch", "ranged", ("brute", "runner"), (4, 4))


def test_line_of_fire_endpoints() -> None:
    """A line-of-fire end is a piece id when one matches, else a square."""
    s = load_situation(ROOT / "examples" / "contract" / "lof-blocking.yaml", KNOWN_RULESETS)
    assert s.query == LineOfFireQuery("dogsoldier", "vixen")


FULL = """\
ruleset: horrorclix/2008
build_total: 200
map:
  kind: indoor/outdoor
  terrain:
    - "......"
    - "..hh.."
    - "..#~.x"
  elevation:
    - "111122"
    - "111122"
    - "11111x"
  indoor:
    - "..iiii"
    - "......"
    - "......"
  walls: [[B2, C2], [D1, D2]]
  stairs: [E1, F1]
pieces:
  - id: slayer
    type: monster
    player: 1
    owner: 2
    at: D2
    speed: hourglass
    attack: 9
    defense: 16
    damage: 2
    range: 4
    targets: 1
    points: 45
    move: flight
    flight: soaring
    size: standard
    tokens: 1
    victims: 2
    minion: true
    state: insane
  - {id: ogre, type: monster, player: 2, at: [A1, A2], speed: 5, attack: 9, defense: 17,
     damage: 3, range: 0, size: double}
  - id: cheerleader
    type: victim
    at: E3
    speed: 4
    face: down
objects:
  - {type: portal, at: D1, door: east}
  - {type: tombstone, at: B3}
  - {type: tree, at: F2}
query: {kind: line_of_fire, from: slayer, to: F1}
readings: {HX.SOME.RULE: literal}
"""


def test_full_contract_template(tmp_path: Path) -> None:
    """The contract's annotated template (with a double base) reads every field."""
    s = load_text(tmp_path, FULL)
    slayer = s.piece("slayer")
    assert slayer.owner == 2
    assert slayer.speed == HOURGLASS
    assert slayer.flight == "soaring"
    assert slayer.minion
    assert slayer.state == "insane"
    assert s.piece("ogre").at == ((0, 0), (0, 1))
    assert s.piece("ogre").targets == 1
    assert s.piece("ogre").points is None
    assert s.piece("cheerleader") == Piece("cheerleader", "victim", ((4, 2),), 4, face="down")
    assert s.board.elevation[(5, 0)] == 2
    assert (2, 0) in s.board.indoor
    assert frozenset({(1, 1), (2, 1)}) in s.board.walls
    assert s.board.stairs == frozenset({(4, 0), (5, 0)})
    assert s.objects[0] == MapObject("portal", (3, 0), "east")
    assert s.query == LineOfFireQuery("slayer", (5, 0))
    assert s.readings == {"HX.SOME.RULE": "literal"}
    assert s.build_total == 200
    assert round_trip(s) == s


def test_indoor_map_is_all_indoor(tmp_path: Path) -> None:
    """On a kind: indoor map every square is indoor."""
    text = FULL.replace("indoor/outdoor", "indoor").replace('    - "..iiii"\n    - "......"\n    - "......"\n', "")
    s = load_text(tmp_path, text.replace("  indoor:\n", ""))
    assert s.board.indoor == frozenset(s.board.squares())
    assert round_trip(s) == s


def test_victim_face_defaults_down(tmp_path: Path) -> None:
    """A victim's face defaults to down, as victims are placed."""
    s = load_text(tmp_path, FULL.replace("    face: down\n", ""))
    assert s.piece("cheerleader").face == "down"


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_situation(path: Path) -> None:
    """Each bad situation fails with the expected positioned message."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect: ")
    expected = first.removeprefix("# expect: ")
    with pytest.raises(PositionedError) as info:
        load_situation(path, KNOWN_RULESETS)
    assert str(info.value).startswith(f"{path}:")
    assert expected in str(info.value)


def test_enough_bad_situations() -> None:
    """The bad-situation family covers at least 15 files."""
    assert len(BAD) >= 15


@settings(max_examples=150, deadline=None)
@given(situations())
def test_dump_load_round_trip(situation: Situation) -> None:
    """Generated situations survive dump then load unchanged."""
    assert round_trip(situation) == situation


@pytest.mark.parametrize(("end", "refused"), [("mon1", False), ("b2", True), ("d9", False)])
def test_piece_id_that_reads_as_a_square(tmp_path: Path, end: str, refused: bool) -> None:
    """A line-of-fire end that is a piece id is that piece, unless it also names a square of this map (B2 does)."""
    text = f"""ruleset: horrorclix/2008
map: {{kind: outdoor, terrain: ["....", "....", "...."]}}
pieces:
  - {{id: a, type: monster, player: 1, at: A1, speed: 6, attack: 9, defense: 16, damage: 2, range: 6}}
  - {{id: {end}, type: monster, player: 2, at: D3, speed: 6, attack: 9, defense: 16, damage: 2, range: 6}}
query: {{kind: line_of_fire, from: a, to: {end}}}
"""
    if refused:
        with pytest.raises(PositionedError, match="both a piece id and a square of the map"):
            load_text(tmp_path, text)
    else:
        situation = load_text(tmp_path, text)
        assert situation.query.to == end  # type: ignore[attr-defined]
