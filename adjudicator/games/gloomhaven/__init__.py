"""Gloomhaven: characters, summons and monsters on a hex map; monster turns, line of sight, range, attack modifiers.

:data:`GAME` is its registry entry. Its parts are those of every game
(``model``, ``reader``, ``writer``, ``schema``, ``queries``, ``pictures``,
``words``), each a module of this package; the rest of the package is the
game's rule engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from adjudicator.games.gloomhaven.queries import QUERIES
from adjudicator.games.gloomhaven.words import WORDS
from adjudicator.games.registry import Game, Part, Pictures, Reader, SchemaBuilder, Situations, Writer

if TYPE_CHECKING:
    from adjudicator.games.gloomhaven.model import Situation


def _reader() -> Reader[Situation]:
    from adjudicator.games.gloomhaven.reader import read_situation  # noqa: PLC0415 - a part loads when first used

    return read_situation


def _writer() -> Writer[Situation]:
    from adjudicator.games.gloomhaven.writer import dump_situation  # noqa: PLC0415 - a part loads when first used

    return dump_situation


def _schema() -> SchemaBuilder:
    from adjudicator.games.gloomhaven.schema import situation_schema  # noqa: PLC0415 - a part loads when first used

    return situation_schema


def _pictures() -> Pictures[Situation]:
    from adjudicator.games.gloomhaven.pictures import PICTURES  # noqa: PLC0415 - a part loads when first used

    return PICTURES


GAME: Final = Game["Situation"](
    id="gloomhaven",
    title="Gloomhaven",
    words=WORDS,
    space="hex",
    dice=None,
    situations=Situations(Part(_reader), Part(_writer), Part(_schema)),
    queries=QUERIES,
    pictures=Part(_pictures),
)
"""No dice: an attack draws from a modifier deck (the ``attack`` query)."""
