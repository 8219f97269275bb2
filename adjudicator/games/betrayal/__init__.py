"""Betrayal at House on the Hill: explorers and monsters with trait tracks in a house of room tiles on three floors.

:data:`GAME` is its registry entry. Its parts are those of every game
(``model``, ``reader``, ``writer``, ``schema``, ``queries``, ``pictures``,
``words``), each a module of this package; the rest of the package is the
game's rule engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from adjudicator.core.dice import D6_PIPS_0_TO_2, Dice
from adjudicator.games.betrayal.queries import QUERIES
from adjudicator.games.betrayal.words import WORDS
from adjudicator.games.registry import Game, Part, Pictures, Reader, SchemaBuilder, Situations, Writer

if TYPE_CHECKING:
    from adjudicator.games.betrayal.model import HouseSituation


def _reader() -> Reader[HouseSituation]:
    from adjudicator.games.betrayal.reader import read_situation  # noqa: PLC0415 - a part loads when first used

    return read_situation


def _writer() -> Writer[HouseSituation]:
    from adjudicator.games.betrayal.writer import dump_situation  # noqa: PLC0415 - a part loads when first used

    return dump_situation


def _schema() -> SchemaBuilder:
    from adjudicator.games.betrayal.schema import situation_schema  # noqa: PLC0415 - a part loads when first used

    return situation_schema


def _pictures() -> Pictures[HouseSituation]:
    from adjudicator.games.betrayal.pictures import PICTURES  # noqa: PLC0415 - a part loads when first used

    return PICTURES


GAME: Final = Game["HouseSituation"](
    id="betrayal",
    title="Betrayal at House on the Hill",
    words=WORDS,
    space="room",
    dice=Dice(D6_PIPS_0_TO_2),
    situations=Situations(Part(_reader), Part(_writer), Part(_schema)),
    queries=QUERIES,
    pictures=Part(_pictures),
)
"""As many dice as a trait or a rule says each roll, each showing 0, 0, 1, 1, 2 or 2 pips (L377, L647)."""
