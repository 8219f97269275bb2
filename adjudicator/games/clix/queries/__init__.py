"""The Clix query kinds, one module each; a Clix game picks the kinds it answers with :func:`kinds`.

Each module's ``answer(table)`` answers one kind on the situation's table of
facts (:mod:`adjudicator.games.clix.table`); a module is imported when its
kind is first asked, so ``ask`` loads only the one it needs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from adjudicator.games.registry import Answerer, Part, QueryKind

if TYPE_CHECKING:
    from adjudicator.games.clix.model import Situation


def _action() -> Answerer[Situation]:
    from adjudicator.games.clix.answering import on_table  # noqa: PLC0415 - the engine loads when first asked
    from adjudicator.games.clix.queries import action  # noqa: PLC0415 - each kind loads when first asked

    return on_table(action.answer)


def _move() -> Answerer[Situation]:
    from adjudicator.games.clix.answering import on_table  # noqa: PLC0415 - the engine loads when first asked
    from adjudicator.games.clix.queries import move  # noqa: PLC0415 - each kind loads when first asked

    return on_table(move.answer)


def _reach() -> Answerer[Situation]:
    from adjudicator.games.clix.answering import on_table  # noqa: PLC0415 - the engine loads when first asked
    from adjudicator.games.clix.queries import reach  # noqa: PLC0415 - each kind loads when first asked

    return on_table(reach.answer)


def _line_of_fire() -> Answerer[Situation]:
    from adjudicator.games.clix.answering import on_table  # noqa: PLC0415 - the engine loads when first asked
    from adjudicator.games.clix.queries import line_of_fire  # noqa: PLC0415 - each kind loads when first asked

    return on_table(line_of_fire.answer)


def _attack() -> Answerer[Situation]:
    from adjudicator.games.clix.answering import on_table  # noqa: PLC0415 - the engine loads when first asked
    from adjudicator.games.clix.queries import attack  # noqa: PLC0415 - each kind loads when first asked

    return on_table(attack.answer)


def _value() -> Answerer[Situation]:
    from adjudicator.games.clix.answering import on_table  # noqa: PLC0415 - the engine loads when first asked
    from adjudicator.games.clix.queries import value  # noqa: PLC0415 - each kind loads when first asked

    return on_table(value.answer)


def _end_turn() -> Answerer[Situation]:
    from adjudicator.games.clix.answering import on_table  # noqa: PLC0415 - the engine loads when first asked
    from adjudicator.games.clix.queries import end_turn  # noqa: PLC0415 - each kind loads when first asked

    return on_table(end_turn.answer)


def _score() -> Answerer[Situation]:
    from adjudicator.games.clix.answering import on_table  # noqa: PLC0415 - the engine loads when first asked
    from adjudicator.games.clix.queries import score  # noqa: PLC0415 - each kind loads when first asked

    return on_table(score.answer)


def _ruling() -> Answerer[Situation]:
    from adjudicator.situation import ruling  # noqa: PLC0415 - each kind loads when first asked

    return ruling.answer


LOADERS: dict[str, tuple[Callable[[], Answerer[Situation]], str]] = {
    "action": (_action, "whether a piece may be given an action of a kind"),
    "move": (_move, "whether a piece may move to a square, by which path, and what happens"),
    "reach": (_reach, "every square a piece may end a move action on"),
    "line_of_fire": (_line_of_fire, "whether the line of fire between two pieces or squares is clear"),
    "attack": (_attack, "an attack: values, hits or their odds, damage"),
    "value": (_value, "a combat value after effects (replacement, then modifiers, rule of 3)"),
    "end_turn": (_end_turn, "tokens, pushing damage and kills when a player ends a turn"),
    "score": (_score, "victory points after a game's kills"),
    "ruling": (_ruling, "a rules question no board query asks: one decision's value for facts written out"),
}
"""Every Clix query kind: how to load its answerer, and what it asks."""


def kinds(*names: str) -> dict[str, QueryKind[Situation]]:
    """The query kinds a Clix game answers, by name (every name must be one of :data:`LOADERS`)."""
    return {name: QueryKind(name, Part(LOADERS[name][0]), LOADERS[name][1]) for name in names}
