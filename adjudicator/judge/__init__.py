"""The judge: a situation file in, a cited answer out, for the command line, the web page and the docs.

One pipeline serves them all: :func:`read` finds the file's game from its
``ruleset`` and hands the document to that game's reader (positioned errors);
:func:`answer` puts the query to the game's module for its kind; the picture
is the game's own drawing. The CLI and the API report what goes wrong through
one mapping (:mod:`adjudicator.judge.errors`). Nothing here knows a game by
name: every game is reached through the registry (:mod:`adjudicator.games`).
"""

from __future__ import annotations

from collections.abc import Collection
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from adjudicator.core.errors import NotSupported, PositionedError, Where
from adjudicator.core.spec import Spec, known_rulesets, load_spec
from adjudicator.core.yamlpos import Node, is_map, key_line, load_yaml, parse_yaml
from adjudicator.games import Game, UnknownGame, game_named, game_of, games
from adjudicator.situation.answer import Answer
from adjudicator.situation.base import Situation
from adjudicator.situation.fields import describe

__all__ = [
    "Judged",
    "answer",
    "dump_situation",
    "game_of_situation",
    "judge_file",
    "judge_text",
    "load_situation",
    "load_situation_text",
    "read",
    "situation_schema",
    "supported",
    "svg_picture",
    "text_picture",
]


def read(doc: Node, path: Path, shown: str, rulesets: Collection[str]) -> Situation:
    """A parsed situation document, read and checked by the reader of the game its ``ruleset`` names.

    ``rulesets`` are the known ones (``sources.yaml``); a missing, unknown or
    unowned ruleset is reported here, the rest of the file by the game's reader.
    """
    if not is_map(doc):
        raise PositionedError(Where(shown, 1), "situation: expected a mapping with ruleset, a board, pieces and query")
    if "ruleset" not in doc:
        raise PositionedError(Where(shown, 1), "ruleset: required field is missing")
    ruleset = doc["ruleset"]
    where = Where(shown, key_line(doc, "ruleset", 1))
    if not isinstance(ruleset, str) or not ruleset.strip():
        what = f"expected text, got {describe(ruleset)} (quote it if it looks like a number)"
        raise PositionedError(where, f"ruleset: {what}")
    if ruleset not in rulesets:
        raise PositionedError(where, f"ruleset: unknown ruleset {ruleset!r} (known: {', '.join(sorted(rulesets))})")
    try:
        game = game_of(ruleset)
    except UnknownGame as exc:
        raise PositionedError(where, f"ruleset: {exc}") from None
    situation: Situation = game.situations.read()(doc, path, shown, rulesets)
    return situation


def load_situation(path: Path, rulesets: Collection[str] | None = None) -> Situation:
    """Read and check a situation file; the first problem raises :class:`PositionedError`."""
    shown = str(path)
    return read(load_yaml(path, shown), path, shown, known_rulesets() if rulesets is None else rulesets)


def load_situation_text(text: str, shown: str, rulesets: Collection[str] | None = None) -> Situation:
    """Read and check a situation given as text (an HTTP request body); no file is opened.

    Errors name ``shown`` as the file, exactly as :func:`load_situation` names its path.
    """
    return read(parse_yaml(text, shown), Path(shown), shown, known_rulesets() if rulesets is None else rulesets)


def game_of_situation(situation: Situation) -> Game[Any]:
    """The registered game a situation is in."""
    return game_of(situation.ruleset)


def dump_situation(situation: Situation) -> str:
    """The situation as YAML that :func:`load_situation` reads back to an equal situation (its game's writer)."""
    text: str = game_of_situation(situation).situations.write()(situation)
    return text


def situation_schema(game_id: str) -> dict[str, Any]:
    """The JSON Schema of a game's situation file (:class:`~adjudicator.games.UnknownGame` for an unknown game)."""
    game = game_named(game_id)
    return game.situations.schema()(sorted(rs for rs in known_rulesets() if game.owns(rs)))


def supported(kind: str, ruleset: str | None = None) -> bool:
    """Whether some game (the ruleset's, when given) answers this query kind."""
    return any(game.answers(kind) for game in games() if ruleset is None or game.owns(ruleset))


def answer(spec: Spec, situation: Situation) -> Answer:
    """The answer to the situation's query, by its game's module for the kind; the board picture drawn on demand.

    The readings the situation chooses must be readings of its ruleset's rules (checked first, by field).
    """
    for rule_id, reading in situation.readings.items():
        problem = spec.reading_problem(situation.ruleset, rule_id, reading)
        if problem is not None:
            raise PositionedError(situation.where(f"readings.{rule_id}"), f"readings.{rule_id}: {problem}")
    game = game_of_situation(situation)
    if not game.answers(situation.query.kind):
        raise NotSupported(f"{situation.path}: {situation.query.kind} is not supported for {situation.ruleset} yet")
    result = game.answer(spec, situation)
    if not result.has_picture:
        result.draw_later(partial(_text, game, situation))  # the pictures load when the picture is first read
    return result


def _text(game: Game[Any], situation: Situation, result: Answer) -> str:
    """The game's text picture of the situation with the answer's marks."""
    text: str = game.pictures().text(situation, result)
    return text


def text_picture(situation: Situation, result: Answer | None = None) -> str:
    """The situation (and an answer's marks) as text, in its game's drawing."""
    return game_of_situation(situation).pictures().text(situation, result)


def svg_picture(situation: Situation, result: Answer | None = None) -> str:
    """The situation (and an answer's marks) as an SVG document, in its game's drawing."""
    return game_of_situation(situation).pictures().svg(situation, result)


class Judged(NamedTuple):
    """A question answered: the situation read, the spec of its game, and the answer."""

    situation: Situation
    spec: Spec
    answer: Answer

    def json(self) -> dict[str, Any]:
        """The contract's JSON answer."""
        return self.answer.to_json(self.spec)

    def svg(self) -> str:
        """The board with the answer's marks, as an SVG document."""
        return svg_picture(self.situation, self.answer)


def _judge(situation: Situation) -> Judged:
    spec = load_spec(games=(game_of_situation(situation).id,))
    return Judged(situation, spec, answer(spec, situation))


def judge_file(path: Path, rulesets: Collection[str] | None = None) -> Judged:
    """Load a situation file, load its game's rules, answer its question."""
    return _judge(load_situation(path, rulesets))


def judge_text(text: str, shown: str, rulesets: Collection[str] | None = None) -> Judged:
    """The same for a situation given as text (an HTTP request body)."""
    return _judge(load_situation_text(text, shown, rulesets))
