"""A fifth game, written by the recipe for a new game and answered through the same path as the real four.

Pawns and Squares (``tests/toygame``) is a package of the same parts as every
game, with three cited rules over the square grid and one query kind. Once
registered, the CLI, the judge and the API's job runner answer it, write it
back, describe it as a JSON Schema and refuse its bad files, with no change to
any module of ``adjudicator``: what a game needs from the rest of the code
lies behind the registry and the space interface.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.core.errors import PositionedError
from adjudicator.games import game_of, games, register, unregister
from adjudicator.judge import dump_situation, judge_file, load_situation, situation_schema, supported
from adjudicator.web.jobs import run_job
from tests.conftest import ROOT
from tests.toygame import GAME

TOY = ROOT / "tests" / "toygame"
BOARD = """\
ruleset: toygame/1e
map:
  - "...."
  - ".#.."
  - "...."
pawns:
  - {id: red, at: A1}
  - {id: blue, at: C2}
query: {kind: step, pawn: red, to: TO}
"""


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The toy game registered, its rules and its text where the tool looks for them."""
    monkeypatch.setenv("ADJUDICATOR_SPEC", str(TOY / "spec"))
    monkeypatch.setenv("ADJUDICATOR_SEEDS", str(TOY / "seeds"))
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path / "cache"))
    register(GAME)
    try:
        yield
    finally:
        unregister(GAME.id)


def situation_file(tmp_path: Path, to: str) -> Path:
    """The board above with red asked to step to ``to``."""
    path = tmp_path / f"step-{to}.yaml"
    path.write_text(BOARD.replace("TO", to), encoding="utf-8")
    return path


@pytest.mark.usefixtures("toy")
def test_the_registry_holds_it() -> None:
    """Registered, the toy game is found from its ruleset and answers its one kind of question."""
    assert game_of("toygame/1e") is GAME
    assert GAME in games()
    assert supported("step", "toygame/1e")
    assert not supported("move", "toygame/1e")


@pytest.mark.usefixtures("toy")
@pytest.mark.parametrize(
    ("to", "verdict", "rule", "line"),
    [
        ("B1", "legal", "TOY.STEP.TOUCHING", 11),  # a touching open square
        ("B2", "illegal", "TOY.STEP.BLOCKING", 12),  # touching, but blocking
        ("C1", "illegal", "TOY.STEP.TOUCHING", 11),  # two squares away
    ],
)
def test_the_cli_answers_it_citing_the_deciding_line(
    tmp_path: Path, to: str, verdict: str, rule: str, line: int
) -> None:
    """``adjudicator ask --json`` gives the verdict; the deciding step cites the toy text's own line."""
    done = CliRunner().invoke(main, ["ask", str(situation_file(tmp_path, to)), "--json"])
    assert done.exit_code == 0, done.output
    answer = json.loads(done.output)
    assert (answer["ruleset"], answer["query"], answer["verdict"]) == ("toygame/1e", "step", verdict)
    assert answer["outcome"]["allowed"] is (verdict == "legal")
    steps = [s for s in answer["trace"] if s["rule"] == rule]
    assert steps, answer["trace"]
    assert (steps[0]["source"], steps[0]["lines"]) == ("toy.txt", [line, line])


@pytest.mark.usefixtures("toy")
def test_occupied_square_and_the_text_answer(tmp_path: Path) -> None:
    """Onto another pawn is illegal (toy L13); the text answer names the ruleset by its title and draws the board."""
    blue_next = BOARD.replace("{id: blue, at: C2}", "{id: blue, at: B1}").replace("TO", "B1")
    path = tmp_path / "occupied.yaml"
    path.write_text(blue_next, encoding="utf-8")
    done = CliRunner().invoke(main, ["ask", str(path)])
    assert done.exit_code == 0, done.output
    assert "ILLEGAL" in done.output
    assert "Pawns and Squares 1e, L13" in done.output
    assert "rb.." in done.output  # the picture: red on A1, blue on B1


@pytest.mark.usefixtures("toy")
def test_the_api_job_answers_as_the_cli(tmp_path: Path) -> None:
    """The web's job runner (the worker's side of ``POST /api/ask``) prints the CLI's JSON, plus the SVG board."""
    path = situation_file(tmp_path, "B1")
    cli = CliRunner().invoke(main, ["ask", str(path), "--json"])
    reply = run_job("ask", {"text": path.read_text(encoding="utf-8"), "shown": str(path), "svg": True}, print)
    assert reply.status == 200
    data = json.loads(reply.body)
    assert data.pop("svg").startswith("<svg")
    assert data == json.loads(cli.output)


@pytest.mark.usefixtures("toy")
def test_written_back_read_again_and_described(tmp_path: Path) -> None:
    """The writer's YAML reads to an equal situation, and the game's JSON Schema accepts the file."""
    path = situation_file(tmp_path, "B1")
    loaded = load_situation(path)
    again = tmp_path / "again.yaml"
    again.write_text(dump_situation(loaded), encoding="utf-8")
    assert load_situation(again) == loaded
    schema = situation_schema("toygame")
    jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), schema)
    assert schema["properties"]["ruleset"] == {"enum": ["toygame/1e"]}


@pytest.mark.usefixtures("toy")
def test_a_bad_file_is_refused_by_field(tmp_path: Path) -> None:
    """A field of another game, or a pawn on a blocking square: ``file:line: field: message``, exit status 2."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(BOARD.replace("TO", "B1") + "build_total: 100\n", encoding="utf-8")
    with pytest.raises(PositionedError, match=r"bad\.yaml:10: build_total: unknown field"):
        load_situation(bad)
    bad.write_text(BOARD.replace("TO", "B1").replace("at: C2", "at: B2"), encoding="utf-8")
    done = CliRunner().invoke(main, ["ask", str(bad), "--json"])
    assert done.exit_code == 2
    assert "bad.yaml:8: pawns[1].at: B2 is blocking" in done.output


@pytest.mark.usefixtures("toy")
def test_the_judge_answers_it_in_process(tmp_path: Path) -> None:
    """``judge_file`` loads the toy game's own rules for its answer and draws its own picture."""
    judged = judge_file(situation_file(tmp_path, "B1"))
    assert judged.spec.rulesets() == ["toygame/1e"]
    assert judged.answer.picture.splitlines()[0] == "r*.."
    assert judged.svg().startswith("<svg")


def test_unregistered_it_is_unknown() -> None:
    """Without registration no ruleset of the toy game is known to the registry."""
    assert all(game.id != "toygame" for game in games())
