"""Read the optional query kinds ``heal``, ``elements`` and ``long_rest`` (extensions of the contract).

Called by :mod:`adjudicator.games.gloomhaven.reader` once the pieces are read;
every problem stops the reading with ``file:line: field: message`` (exit 2).
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.yamlpos import is_map, item_line, key_line
from adjudicator.games.gloomhaven.model import (
    ELEMENT_STATES,
    ELEMENTS,
    CardAttacksQuery,
    ElementsQuery,
    HealQuery,
    LongRestQuery,
    Piece,
)
from adjudicator.situation.fields import Fields, describe, fail

HEAL_FIELDS = ("amount", "target", "poisoned", "wounded", "hit_points", "max_hit_points")
ELEMENTS_FIELDS = ("state", "infuse", "consume")
LONG_REST_FIELDS = ("character", "discard", "hit_points", "max_hit_points", "decline_heal")
CARD_ATTACKS_FIELDS = ("target", "hit_points", "damages")
MAX_ABILITIES = 6
MAX_DAMAGE = 80
MAX_HEAL = 20
MAX_HIT_POINTS = 40
MAX_DISCARD = 20


def _piece(f: Fields, key: str, pieces: Mapping[str, Piece], types: tuple[str, ...]) -> str:
    """The id of a piece of one of ``types``."""
    value = f.raw(key)
    if not isinstance(value, str) or value not in pieces or pieces[value].type not in types:
        known = ", ".join(p.id for p in pieces.values() if p.type in types) or "none"
        f.fail(key, f"expected the id of a {' or '.join(types)} of the situation, got {describe(value)} ({known})")
    return value


def _hit_points(f: Fields) -> tuple[int | None, int | None]:
    """``hit_points`` and ``max_hit_points``: both or neither, the first not above the second."""
    hp = f.opt_integer("hit_points", 0, MAX_HIT_POINTS, None)
    top = f.opt_integer("max_hit_points", 1, MAX_HIT_POINTS, None)
    if (hp is None) != (top is None):
        missing = "max_hit_points" if top is None else "hit_points"
        f.fail("hit_points" if hp is not None else "max_hit_points", f"give {missing} too (the two go together)")
    if hp is not None and top is not None and hp > top:
        f.fail("hit_points", f"{hp} is above max_hit_points {top}")
    return hp, top


def read_heal(f: Fields, pieces: Mapping[str, Piece]) -> HealQuery:
    """A ``heal`` query: Heal X on one figure, with its Poison, Wound and hit points."""
    target = _piece(f, "target", pieces, ("character", "summon", "monster")) if f.has("target") else None
    hp, top = _hit_points(f)
    return HealQuery(
        amount=f.integer("amount", 0, MAX_HEAL),
        target=target,
        poisoned=f.flag("poisoned", default=False) if f.has("poisoned") else None,
        wounded=f.flag("wounded", default=False) if f.has("wounded") else None,
        hit_points=hp,
        max_hit_points=top,
    )


def _elements(f: Fields, key: str) -> tuple[str, ...]:
    """A list of element names, none twice."""
    if not f.has(key):
        return ()
    seq = f.seq(key)
    out: list[str] = []
    for index, item in enumerate(seq):
        line, field = item_line(seq, index, f.line(key)), f"{f.name(key)}[{index}]"
        if not isinstance(item, str) or item not in ELEMENTS:
            fail(f.shown, line, field, f"unknown element {describe(item)} (elements: {', '.join(ELEMENTS)})")
        if item in out:
            fail(f.shown, line, field, f"{item} is listed twice")
        out.append(item)
    return tuple(out)


def read_elements(f: Fields) -> ElementsQuery:
    """An ``elements`` query: the table before the turn, what the figure infuses and what it consumes."""
    state: list[tuple[str, str]] = []
    if f.has("state"):
        value = f.raw("state")
        if not is_map(value):
            f.fail("state", f"expected a mapping of element to inert, waning or strong, got {describe(value)}")
        for name, column in value.items():
            line, field = key_line(value, name, f.line("state")), f"{f.name('state')}.{name}"
            if name not in ELEMENTS:
                fail(f.shown, line, field, f"unknown element {describe(name)} (elements: {', '.join(ELEMENTS)})")
            if column not in ELEMENT_STATES:
                fail(f.shown, line, field, f"expected one of {' | '.join(ELEMENT_STATES)}, got {describe(column)}")
            state.append((str(name), str(column)))
    return ElementsQuery(tuple(state), _elements(f, "infuse"), _elements(f, "consume"))


def read_long_rest(f: Fields, pieces: Mapping[str, Piece]) -> LongRestQuery:
    """A ``long_rest`` query: the resting character, its discard pile and hit points, a declined heal."""
    character = _piece(f, "character", pieces, ("character",))
    hp, top = _hit_points(f)
    return LongRestQuery(
        character=character,
        discard=f.opt_integer("discard", 0, MAX_DISCARD, 0) or 0,
        hit_points=hp,
        max_hit_points=top,
        decline_heal=f.flag("decline_heal", default=False),
    )


def read_card_attacks(f: Fields, pieces: Mapping[str, Piece]) -> CardAttacksQuery:
    """A ``card_attacks`` query: the first target, its hit points, the damage of each attack ability."""
    target = _piece(f, "target", pieces, ("character", "summon"))
    seq = f.seq("damages")
    if not 1 <= len(seq) <= MAX_ABILITIES:
        f.fail("damages", f"expected the damage of 1 to {MAX_ABILITIES} attack abilities, got {len(seq)}")
    damages: list[int] = []
    for index, value in enumerate(seq):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DAMAGE:
            line, field = item_line(seq, index, f.line("damages")), f"{f.name('damages')}[{index}]"
            fail(f.shown, line, field, f"expected a damage from 0 to {MAX_DAMAGE}, got {describe(value)}")
        damages.append(value)
    return CardAttacksQuery(target, f.integer("hit_points", 1, MAX_HIT_POINTS), tuple(damages))


__all__ = [
    "CARD_ATTACKS_FIELDS",
    "ELEMENTS_FIELDS",
    "HEAL_FIELDS",
    "LONG_REST_FIELDS",
    "read_card_attacks",
    "read_elements",
    "read_heal",
    "read_long_rest",
]
