"""The kinds of space by name (``square``, ``hex``, ``room``), each package imported when first asked for.

A game's registry entry names its space kind; :func:`space_kind` gives the
kind's builder, whose :class:`SpaceKind` part every kind shares.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from adjudicator.spaces.base import Space


class SpaceKind(Protocol):
    """What every kind of space offers whatever it is built from (a kind's builder takes its own map fields)."""

    @property
    def name(self) -> str:
        """The kind's name (``square``, ``hex``, ``room``): what a game's registry entry names."""
        ...

    def position_name(self, column: int, row: int) -> str:
        """The name of the place at a 0-based column and row of the map's grid (for messages)."""
        ...

    def blank(self, width: int, height: int) -> Space:
        """A clear map of the given size without walls (for names and small drawings)."""
        ...


def _square() -> SpaceKind:
    from adjudicator.spaces.square import KIND  # noqa: PLC0415 - a kind is imported when first asked for

    return KIND


def _hex() -> SpaceKind:
    from adjudicator.spaces.hex import KIND  # noqa: PLC0415 - a kind is imported when first asked for

    return KIND


def _room() -> SpaceKind:
    from adjudicator.spaces.rooms import KIND  # noqa: PLC0415 - a kind is imported when first asked for

    return KIND


KINDS: dict[str, Callable[[], SpaceKind]] = {"square": _square, "hex": _hex, "room": _room}
"""Every kind of space, by name, each loaded on first use."""


def space_kind(name: str) -> SpaceKind:
    """The space kind called ``name`` (``KeyError`` for an unknown one)."""
    return KINDS[name]()
