"""What every game's situation has, whatever else its file holds.

A situation is one table position and the question asked about it, read from
a situation file by its game's reader (``adjudicator.games.<game>.reader``).
The games' situation models differ (squares and dials, hexes and monster
cards, rooms and trait tracks); the judge, the web page and the docs need
only what :class:`Situation` names. :class:`Located` gives a model the field
positions every error message points at.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from adjudicator.core.errors import Where
from adjudicator.spaces.base import Space


class Query(Protocol):
    """A question about a situation; its ``kind`` picks the game's module that answers it."""

    @property
    def kind(self) -> str:
        """The query kind (``move``, ``monster_turn``...)."""
        ...


@runtime_checkable
class Situation(Protocol):
    """A validated situation file of some game."""

    @property
    def ruleset(self) -> str:
        """The ruleset the question is asked under (``game/edition``)."""
        ...

    @property
    def board(self) -> Space:
        """The playing area."""
        ...

    @property
    def query(self) -> Query:
        """The question."""
        ...

    @property
    def readings(self) -> Mapping[str, str]:
        """Named readings chosen for ambiguous rules (rule id -> reading)."""
        ...

    @property
    def expect(self) -> Any:
        """The file's ``expect:`` block, a golden answer for tests (``None`` when absent)."""
        ...

    @property
    def path(self) -> Path | None:
        """The file read (or the name a text was given under)."""
        ...

    def where(self, field_path: str) -> Where:
        """The position of a field, for messages about it."""
        ...


class Located:
    """Field positions for a situation model with ``path`` and ``lines`` (field path -> 1-based line)."""

    path: Path | None
    lines: Mapping[str, int]

    def line_of(self, field_path: str) -> int:
        """Line of a field, falling back to its nearest recorded parent, then 1."""
        path = field_path
        while path:
            if path in self.lines:
                return self.lines[path]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return 1

    def where(self, field_path: str) -> Where:
        """Position of a field, for messages about it."""
        return Where(str(self.path) if self.path is not None else "<situation>", self.line_of(field_path))
