"""Pawns and Squares: a toy fifth game, built by the recipe in CONTRIBUTING.md.

Its package has the parts of every game (``model``, ``reader``, ``writer``,
``schema``, ``queries``, ``pictures``, ``words``); its rules are in
``tests/toygame/spec`` and cite ``tests/toygame/seeds/toy.txt``.
``tests/test_fifth_game.py`` registers :data:`GAME` and asks it questions
through the same pipeline as the real games; it touches no module of
``adjudicator`` to do so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from adjudicator.games.registry import Game, Part, Pictures, Reader, SchemaBuilder, Situations, Writer
from tests.toygame.queries import QUERIES
from tests.toygame.words import WORDS

if TYPE_CHECKING:
    from tests.toygame.model import Situation


def _reader() -> Reader[Situation]:
    from tests.toygame.reader import read_situation  # noqa: PLC0415 - a part loads when first used

    return read_situation


def _writer() -> Writer[Situation]:
    from tests.toygame.writer import dump_situation  # noqa: PLC0415 - a part loads when first used

    return dump_situation


def _schema() -> SchemaBuilder:
    from tests.toygame.schema import situation_schema  # noqa: PLC0415 - a part loads when first used

    return situation_schema


def _pictures() -> Pictures[Situation]:
    from tests.toygame.pictures import PICTURES  # noqa: PLC0415 - a part loads when first used

    return PICTURES


GAME: Final = Game["Situation"](
    id="toygame",
    title="Pawns and Squares",
    words=WORDS,
    space="square",
    dice=None,
    situations=Situations(Part(_reader), Part(_writer), Part(_schema)),
    queries=QUERIES,
    pictures=Part(_pictures),
)
