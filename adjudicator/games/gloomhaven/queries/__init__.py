"""The questions Gloomhaven answers, one module per kind; each module loads when its kind is first asked.

A module's ``answer(spec, situation)`` answers one kind (see
``contract-gloomhaven.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from adjudicator.games.registry import Answerer, Part, QueryKind

if TYPE_CHECKING:
    from adjudicator.games.gloomhaven.model import Situation


def _monster_turn() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import monster_turn  # noqa: PLC0415 - each kind loads when first asked

    return monster_turn.answer


def _line_of_sight() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import line_of_sight  # noqa: PLC0415 - each kind loads when first asked

    return line_of_sight.answer


def _range() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import range as range_query  # noqa: PLC0415 - loads when first asked

    return range_query.answer


def _move() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import move  # noqa: PLC0415 - each kind loads when first asked

    return move.answer


def _attack() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import attack  # noqa: PLC0415 - each kind loads when first asked

    return attack.answer


def _initiative() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import initiative  # noqa: PLC0415 - each kind loads when first asked

    return initiative.answer


def _scenario_level() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import scenario_level  # noqa: PLC0415 - each kind loads when first asked

    return scenario_level.answer


QUERIES: Final[dict[str, QueryKind[Situation]]] = {
    "monster_turn": QueryKind(
        "monster_turn", Part(_monster_turn), "the monster's turn: its focus, where it moves, whom it attacks"
    ),
    "line_of_sight": QueryKind(
        "line_of_sight", Part(_line_of_sight), "whether two hexes see each other, and the clear line found"
    ),
    "range": QueryKind("range", Part(_range), "the range from one hex to another, counted around walls"),
    "move": QueryKind("move", Part(_move), "whether a figure may move along a path"),
    "attack": QueryKind("attack", Part(_attack), "an attack: the modifier cards, damage and its odds"),
    "initiative": QueryKind("initiative", Part(_initiative), "the order of the round's turns"),
    "scenario_level": QueryKind("scenario_level", Part(_scenario_level), "the scenario level and what it sets"),
}
