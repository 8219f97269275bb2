"""HorrorClix: monsters and victims on a square map: slaying, the hourglass, portals, giants (the 1e and 2008 rulesets).

:data:`GAME` is its registry entry. Its parts are those of every game
(``model``, ``reader``, ``writer``, ``schema``, ``queries``, ``pictures``,
``words``); the rule engine behind them is the one HorrorClix and HeroClix
share (:mod:`adjudicator.games.clix`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from adjudicator.core.dice import D6, Dice
from adjudicator.games.horrorclix.queries import QUERIES
from adjudicator.games.horrorclix.words import WORDS
from adjudicator.games.registry import Game, Part, Pictures, Reader, SchemaBuilder, Situations, Writer

if TYPE_CHECKING:
    from adjudicator.games.clix.model import Situation


def _reader() -> Reader[Situation]:
    from adjudicator.games.horrorclix.reader import read_situation  # noqa: PLC0415 - a part loads when first used

    return read_situation


def _writer() -> Writer[Situation]:
    from adjudicator.games.horrorclix.writer import dump_situation  # noqa: PLC0415 - a part loads when first used

    return dump_situation


def _schema() -> SchemaBuilder:
    from adjudicator.games.horrorclix.schema import situation_schema  # noqa: PLC0415 - a part loads when first used

    return situation_schema


def _pictures() -> Pictures[Situation]:
    from adjudicator.games.horrorclix.pictures import PICTURES  # noqa: PLC0415 - a part loads when first used

    return PICTURES


GAME: Final = Game["Situation"](
    id="horrorclix",
    title="HorrorClix",
    words=WORDS,
    space="square",
    dice=Dice(D6, 2),
    situations=Situations(Part(_reader), Part(_writer), Part(_schema)),
    queries=QUERIES,
    pictures=Part(_pictures),
)
"""Two six-sided dice for an attack roll; one of them for a break-away roll."""
