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


def _push() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import push  # noqa: PLC0415 - each kind loads when first asked

    return push.answer


def _heal() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import heal  # noqa: PLC0415 - each kind loads when first asked

    return heal.answer


def _elements() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import elements  # noqa: PLC0415 - each kind loads when first asked

    return elements.answer


def _long_rest() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import long_rest  # noqa: PLC0415 - each kind loads when first asked

    return long_rest.answer


def _hex_state() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import hex_state  # noqa: PLC0415 - each kind loads when first asked

    return hex_state.answer


def _summon() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import summon  # noqa: PLC0415 - each kind loads when first asked

    return summon.answer


def _card_attacks() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import card_attacks  # noqa: PLC0415 - each kind loads when first asked

    return card_attacks.answer


def _targets() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import targets  # noqa: PLC0415 - each kind loads when first asked

    return targets.answer


def _attack_targets() -> Answerer[Situation]:
    from adjudicator.games.gloomhaven.queries import attack_targets  # noqa: PLC0415 - each kind loads when first asked

    return attack_targets.answer


def _ruling() -> Answerer[Situation]:
    from adjudicator.situation import ruling  # noqa: PLC0415 - each kind loads when first asked

    return ruling.answer


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
    "heal": QueryKind("heal", Part(_heal), "Heal X on a figure: hit points back, Poison and Wound taken off"),
    "elements": QueryKind("elements", Part(_elements), "a turn on the infusion table: consuming, infusing, waning"),
    "long_rest": QueryKind("long_rest", Part(_long_rest), "a long rest: cards, its Heal 2 Self, its summons"),
    "card_attacks": QueryKind(
        "card_attacks", Part(_card_attacks), "a monster card's attack abilities in turn: whom each one attacks"
    ),
    "push": QueryKind("push", Part(_push), "where Push X may move the target, and the traps it springs"),
    "pull": QueryKind("pull", Part(_push), "where Pull X may move the target, and the traps it springs"),
    "hex_state": QueryKind("hex_state", Part(_hex_state), "whether a hex is empty, unoccupied or negative"),
    "summon": QueryKind("summon", Part(_summon), "the empty hexes next to a character where its summon may go"),
    "targets": QueryKind("targets", Part(_targets), "whom 'all adjacent enemies' or 'all allies in range' affects"),
    "attack_targets": QueryKind(
        "attack_targets", Part(_attack_targets), "the sets of enemies a character's attack may target"
    ),
    "ruling": QueryKind("ruling", Part(_ruling), "a rules question no board query asks: one decision's value"),
}
