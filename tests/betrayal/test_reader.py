"""Betrayal situation files: every field read, bad files refused with ``file:line: field: message`` (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.core.errors import PositionedError
from adjudicator.games.betrayal.model import Card, Trait, Turn
from adjudicator.judge import load_situation
from tests.betrayal.support import HALL, RULESET, explorer, monster, situation
from tests.conftest import ROOT

BAD = sorted((ROOT / "tests" / "fixtures" / "betrayal-bad").glob("*.yaml"))


def expected_error(path: Path) -> str:
    """The ``:line: field: message`` the file's first comment promises."""
    return path.read_text(encoding="utf-8").splitlines()[0].removeprefix("# expect: ")


def test_enough_bad_files() -> None:
    """There are bad files enough to cover the reader's refusals."""
    assert len(BAD) >= 15


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_file_is_refused_where_it_goes_wrong(path: Path) -> None:
    """Each bad file is refused at the line and field its first comment names."""
    with pytest.raises(PositionedError) as info:
        load_situation(path, {RULESET})
    assert str(info.value) == f"{path}{expected_error(path)}"


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_file_exits_2(path: Path) -> None:
    """Asking about a bad file exits 2 with the positioned message."""
    result = CliRunner().invoke(main, ["ask", str(path)])
    assert result.exit_code == 2, result.output
    assert f"{path}{expected_error(path)}" in result.output


def test_every_field_is_read() -> None:
    """Every field of a house situation is read into the model and the room space built from it."""
    rooms = [
        *HALL,
        {"id": "kitchen", "floor": "ground", "at": "D3", "doors": "WE", "symbol": "omen"},
        {"id": "pantry", "floor": "ground", "at": "E3", "doors": "W", "symbol": "item", "new": True},
        {
            "id": "chasm",
            "floor": "basement",
            "at": "D3",
            "doors": "WE",
            "obstacle": {"trait": "speed", "target": 3, "sides": {"a": "W", "b": "E"}},
        },
    ]
    ox = explorer(
        "ox",
        "kitchen",
        speed={"track": [2, 3, 4, 4, 5, 5, 6, 7], "value": 3},
        items=["revolver", {"name": "music_box", "tradeable": False}],
        omens=["dog"],
        turn={"moved": 1, "stopped_by": None, "attacked": True, "rolls": ["chasm"], "task_rolled": True},
    )
    s = situation(
        rooms,
        [ox, explorer("vivian", "chasm:b"), monster("zombie1", "kitchen", stunned=True)],
        {"kind": "move", "piece": "ox", "path": ["foyer", {"speed": -1}, "entrance_hall"]},
        haunt={"started": True, "traitor": "vivian", "omens_drawn": 4, "omens_in_play": 3},
        house={"tokens": [{"type": "secret_passage", "room": "kitchen"}], "tiles_left": {"upper": 0}},
        readings={"BT.MOVE.BUDGET": "turn_start"},
    )
    assert (s.haunt.started, s.haunt.traitor, s.haunt.omens_drawn, s.haunt.omens_in_play) == (True, "vivian", 4, 3)
    piece = s.piece("ox")
    assert piece.traits["speed"] == Trait(3, (2, 3, 4, 4, 5, 5, 6, 7), 2)
    assert piece.traits["might"] == Trait(4)
    assert piece.items == (Card("revolver"), Card("music_box", tradeable=False))
    assert piece.omens == (Card("dog", tradeable=False),)
    assert piece.ranged
    assert piece.turn == Turn(1, None, attacked=True, rolls=("chasm",), task_rolled=True)
    assert s.piece("vivian").side == "b"
    assert s.piece("zombie1").stunned
    house = s.house
    assert house.by_id["entrance_hall"].front_door == "S"
    assert s.board.by_id["entrance_hall"].sealed == {"S"}
    assert house.by_id["pantry"].new
    assert s.board.by_id["pantry"].undrawn
    assert house.by_id["kitchen"].symbol == "omen"
    assert [part.name for part in s.board.by_id["chasm"].parts] == ["a", "b"]
    assert house.tokens == (("secret_passage", "kitchen"),)
    assert house.tiles_left["upper"] == 0
    assert s.readings == {"BT.MOVE.BUDGET": "turn_start"}
    assert s.query.kind == "move"
    assert s.lines["pieces[0].speed"] > s.lines["pieces[0].at"]


def test_omens_drawn_default_to_the_omens_held() -> None:
    """Without a haunt section, the omens drawn and in play are those the pieces hold."""
    pieces = [explorer("ox", "foyer", omens=["dog", "skull"]), explorer("vivian", "foyer", omens=["ring"])]
    s = situation(HALL, pieces, {"kind": "haunt_roll"})
    assert (s.haunt.omens_drawn, s.haunt.omens_in_play, s.haunt.started) == (3, 3, False)
