"""Read the optional query kinds ``initiative`` and ``scenario_level`` (extensions of the contract).

Called by :mod:`adjudicator.games.gloomhaven.reader` once the pieces are read;
every problem stops the reading with ``file:line: field: message`` (exit 2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from adjudicator.core.yamlpos import is_map, is_seq, key_line
from adjudicator.games.gloomhaven.model import (
    DIFFICULTIES,
    InitiativeQuery,
    Piece,
    ScenarioLevelQuery,
)
from adjudicator.situation.fields import Fields, describe, fail

INITIATIVE_FIELDS = ("types", "standees", "secondary", "long_rest")
SCENARIO_LEVEL_FIELDS = ("levels", "difficulty", "solo_or_open")
MAX_CHARACTERS = 4
MAX_CHARACTER_LEVEL = 9
MAX_CARD = 99
MAX_STANDEE = 10


def effective_initiative(piece: Piece, long_rest: Sequence[str]) -> int:
    """The initiative a character or monster acts on (99 for a long rest, L354)."""
    if piece.id in long_rest:
        return MAX_CARD
    return int(piece.initiative or Fraction(MAX_CARD))


class _InitiativeReader:
    """The fields of one ``initiative`` query, checked against the situation's pieces."""

    def __init__(self, f: Fields, pieces: Mapping[str, Piece]) -> None:
        self.f = f
        self.shown = f.shown
        self.pieces = pieces

    def mapping(self, key: str) -> list[tuple[str, int, Any]]:
        """``(key, line, value)`` for each entry of the mapping field ``key``."""
        value = self.f.raw(key)
        if not is_map(value):
            self.f.fail(key, f"expected a mapping, got {describe(value)}")
        out = []
        for name, item in value.items():
            line = key_line(value, name, self.f.line(key))
            if not isinstance(name, str):
                fail(self.shown, line, f"{self.f.name(key)}.{name}", f"expected an id, got {describe(name)}")
            out.append((name, line, item))
        return out

    def number(self, line: int, field: str, value: object, high: int) -> int:
        """A whole number in ``1..high``."""
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
            fail(self.shown, line, field, f"expected a whole number from 1 to {high}, got {describe(value)}")
        return value

    def ids(self, seq: Any, path: str, line: int, ptype: str) -> list[str]:
        """A list of piece ids of type ``ptype`` (none twice) at field ``path``."""
        if not is_seq(seq):
            fail(self.shown, line, path, f"expected a list of {ptype} ids, got {describe(seq)}")
        out: list[str] = []
        for index, item in enumerate(seq):
            field = f"{path}[{index}]"
            if not isinstance(item, str) or item not in self.pieces or self.pieces[item].type != ptype:
                fail(self.shown, line, field, f"expected the id of a {ptype} of the situation, got {describe(item)}")
            if item in out:
                fail(self.shown, line, field, f"{item} is listed twice")
            out.append(item)
        return out

    def types(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """``types``: type name -> its monsters, each monster in one type, one initiative a type."""
        types: list[tuple[str, tuple[str, ...]]] = []
        grouped: dict[str, str] = {}
        for name, line, members in self.mapping("types"):
            field = f"{self.f.name('types')}.{name}"
            ids = self.ids(members, field, line, "monster")
            if not ids:
                fail(self.shown, line, field, "a monster type lists at least one monster")
            for pid in ids:
                if pid in grouped:
                    fail(self.shown, line, field, f"{pid} is already of type {grouped[pid]}")
                grouped[pid] = name
            if len({self.pieces[pid].initiative for pid in ids}) > 1:
                fail(self.shown, line, field, "monsters of one type share its ability card, so one initiative")
            types.append((name, tuple(ids)))
        return tuple(types)

    def standees(self, types: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[tuple[str, int], ...]:
        """``standees``: monster id -> standee number, none twice within a type."""
        grouped = {pid for _, members in types for pid in members}
        standees: list[tuple[str, int]] = []
        for pid, line, number in self.mapping("standees"):
            field = f"{self.f.name('standees')}.{pid}"
            if pid not in grouped:
                fail(self.shown, line, field, f"{describe(pid)} is not a monster listed in query.types")
            standees.append((pid, self.number(line, field, number, MAX_STANDEE)))
        for name, members in types:
            numbers = [n for pid, n in standees if pid in members]
            if len(set(numbers)) != len(numbers):
                self.f.fail("standees", f"two standees of type {name} have the same number")
        return tuple(standees)

    def secondary(self) -> tuple[tuple[str, int], ...]:
        """``secondary``: character id -> the initiative of its other card."""
        out: list[tuple[str, int]] = []
        for pid, line, number in self.mapping("secondary"):
            field = f"{self.f.name('secondary')}.{pid}"
            if pid not in self.pieces or self.pieces[pid].type != "character":
                fail(self.shown, line, field, f"{describe(pid)} is not a character of the situation")
            out.append((pid, self.number(line, field, number, MAX_CARD)))
        return tuple(out)

    def check_initiatives(self, long_rest: Sequence[str]) -> None:
        """Every character and monster has a whole initiative from 1 to 99 (a long-rester's becomes 99)."""
        for index, piece in enumerate(self.pieces.values()):
            if piece.type == "summon" or piece.id in long_rest:
                continue
            value = piece.initiative
            if value is None or value.denominator != 1 or not 1 <= value <= MAX_CARD:
                shown_value = "none" if value is None else str(value)
                message = f"an initiative query needs each character's and monster's card, 1 to 99: got {shown_value}"
                line = self.f.lines.get(f"pieces[{index}].initiative", self.f.lines.get(f"pieces[{index}]", 1))
                fail(self.shown, line, f"pieces[{index}].initiative", message)

    def check_ties(self, secondary: Mapping[str, int], long_rest: Sequence[str]) -> None:
        """Characters tied on initiative need their other card's initiative (L355-357)."""
        characters = [p for p in self.pieces.values() if p.type == "character"]
        for i, a in enumerate(characters):
            for b in characters[i + 1 :]:
                tied = effective_initiative(a, long_rest) == effective_initiative(b, long_rest)
                missing = [p.id for p in (a, b) if p.id not in secondary]
                if tied and missing:
                    message = f"{a.id} and {b.id} tie on initiative: give {', '.join(missing)} in query.secondary"
                    self.f.fail("secondary" if self.f.has("secondary") else "kind", message)

    def read(self) -> InitiativeQuery:
        """The whole query."""
        f = self.f
        types = self.types() if f.has("types") else ()
        standees = self.standees(types) if f.has("standees") else ()
        secondary = self.secondary() if f.has("secondary") else ()
        long_rest = (
            self.ids(f.raw("long_rest"), f.name("long_rest"), f.line("long_rest"), "character")
            if f.has("long_rest")
            else []
        )
        self.check_initiatives(long_rest)
        self.check_ties(dict(secondary), long_rest)
        return InitiativeQuery(types, standees, secondary, tuple(long_rest))


def read_initiative(f: Fields, pieces: Mapping[str, Piece]) -> InitiativeQuery:
    """An ``initiative`` query: monster types, standees, characters' second cards, long rests."""
    return _InitiativeReader(f, pieces).read()


def read_scenario_level(f: Fields) -> ScenarioLevelQuery:
    """A ``scenario_level`` query: the characters' levels, the difficulty, solo or open play."""
    seq = f.seq("levels")
    if not 1 <= len(seq) <= MAX_CHARACTERS:
        f.fail("levels", f"expected the levels of 1 to {MAX_CHARACTERS} characters, got {len(seq)}")
    levels: list[int] = []
    for index, value in enumerate(seq):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_CHARACTER_LEVEL:
            field = f"{f.name('levels')}[{index}]"
            fail(f.shown, f.line("levels"), field, f"expected a level from 1 to 9, got {describe(value)}")
        levels.append(value)
    return ScenarioLevelQuery(
        tuple(levels), f.choice("difficulty", DIFFICULTIES, "normal"), f.flag("solo_or_open", default=False)
    )
