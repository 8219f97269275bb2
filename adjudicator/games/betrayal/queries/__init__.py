"""The questions Betrayal answers, one module per kind; each module loads when its kind is first asked.

A module's ``answer(rules)`` answers one kind on the situation's
:class:`~adjudicator.games.betrayal.rules.Rules` (its decisions under the
situation's ruleset and readings; see ``contract-betrayal.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from adjudicator.core.spec import Spec
from adjudicator.games.registry import Answerer, Part, QueryKind
from adjudicator.situation.answer import Answer

if TYPE_CHECKING:
    from adjudicator.games.betrayal.model import HouseSituation
    from adjudicator.games.betrayal.rules import Rules


def on_rules(answer: Callable[[Rules], Answer]) -> Answerer[HouseSituation]:
    """An answerer for the registry: ``answer`` runs on the situation's rules."""

    def run(spec: Spec, situation: HouseSituation) -> Answer:
        from adjudicator.games.betrayal.rules import Rules  # noqa: PLC0415 - the engine loads when first asked

        return answer(Rules(spec, situation))

    return run


def _move() -> Answerer[HouseSituation]:
    from adjudicator.games.betrayal.queries import move  # noqa: PLC0415 - each kind loads when first asked

    return on_rules(move.answer)


def _reach() -> Answerer[HouseSituation]:
    from adjudicator.games.betrayal.queries import reach  # noqa: PLC0415 - each kind loads when first asked

    return on_rules(reach.answer)


def _roll() -> Answerer[HouseSituation]:
    from adjudicator.games.betrayal.queries import roll  # noqa: PLC0415 - each kind loads when first asked

    return on_rules(roll.answer)


def _attack() -> Answerer[HouseSituation]:
    from adjudicator.games.betrayal.queries import attack  # noqa: PLC0415 - each kind loads when first asked

    return on_rules(attack.answer)


def _haunt_roll() -> Answerer[HouseSituation]:
    from adjudicator.games.betrayal.queries import haunt_roll  # noqa: PLC0415 - each kind loads when first asked

    return on_rules(haunt_roll.answer)


def _damage() -> Answerer[HouseSituation]:
    from adjudicator.games.betrayal.queries import damage  # noqa: PLC0415 - each kind loads when first asked

    return on_rules(damage.answer)


def _line_of_sight() -> Answerer[HouseSituation]:
    from adjudicator.games.betrayal.queries import line_of_sight  # noqa: PLC0415 - each kind loads when first asked

    return on_rules(line_of_sight.answer)


def _monster_group_move() -> Answerer[HouseSituation]:
    from adjudicator.games.betrayal.queries import monster_group_move  # noqa: PLC0415 - each kind loads when first asked

    return on_rules(monster_group_move.answer)


def _tile_effect() -> Answerer[HouseSituation]:
    from adjudicator.games.betrayal.queries import tile_effect  # noqa: PLC0415 - each kind loads when first asked

    return on_rules(tile_effect.answer)


def _basement_rescue() -> Answerer[HouseSituation]:
    from adjudicator.games.betrayal.queries import basement_rescue  # noqa: PLC0415 - each kind loads when first asked

    return on_rules(basement_rescue.answer)


def _trade() -> Answerer[HouseSituation]:
    from adjudicator.games.betrayal.queries import trade  # noqa: PLC0415 - each kind loads when first asked

    return on_rules(trade.answer)


def _ruling() -> Answerer[HouseSituation]:
    from adjudicator.situation import ruling  # noqa: PLC0415 - each kind loads when first asked

    return ruling.answer


QUERIES: Final[dict[str, QueryKind[HouseSituation]]] = {
    "ruling": QueryKind("ruling", Part(_ruling), "a rules question no board query asks: one decision's value"),
    "move": QueryKind("move", Part(_move), "whether a piece may move along a path, and what it costs"),
    "reach": QueryKind(
        "reach", Part(_reach), "every place a piece may end its move in, with the odds where dice decide"
    ),
    "roll": QueryKind("roll", Part(_roll), "a trait or dice roll: the distribution and the chance of success"),
    "attack": QueryKind("attack", Part(_attack), "an attack: each side's dice, the odds and the damage"),
    "haunt_roll": QueryKind("haunt_roll", Part(_haunt_roll), "whether the haunt starts, and its odds"),
    "damage": QueryKind("damage", Part(_damage), "physical or mental damage taken on the traits"),
    "line_of_sight": QueryKind("line_of_sight", Part(_line_of_sight), "whether two rooms see each other"),
    "monster_group_move": QueryKind(
        "monster_group_move",
        Part(_monster_group_move),
        "monsters of one kind moving on one shared movement roll, each along its own path",
    ),
    "tile_effect": QueryKind(
        "tile_effect", Part(_tile_effect), "a room's instruction that raises or lowers a trait: taken or not, and after"
    ),
    "basement_rescue": QueryKind(
        "basement_rescue",
        Part(_basement_rescue),
        "whether a monster is stuck in the basement, so that the traitor may fetch the Stairs from Basement",
    ),
    "trade": QueryKind(
        "trade", Part(_trade), "whether a piece may trade, drop or pick up an item or omen now, and the rule that says"
    ),
}
