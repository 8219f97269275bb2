"""What a game may know of a hex map beyond :class:`~adjudicator.spaces.base.Space`.

A hex map is built from rows of terrain characters and a :class:`Legend`,
data the game supplies: the word each character stands for, the words of
*solid* hexes (left out of every hex's adjacent ones) and the
words of *opaque* hexes (a segment touching one is not clear, and a count of
clear steps never enters one). From that data the space computes geometry
only: adjacency, clear distances, corner-to-corner segments and what they
touch (:class:`Segment`), and the hexes a segment crosses. Which words a
game calls solid or opaque, and why, is the game's business.

Ids are :class:`~adjudicator.spaces.hex.geometry.Hex` values; points are the
integer corner and centre coordinates of :mod:`adjudicator.spaces.hex.geometry`.
Positions off the map count as opaque for segments (see :attr:`Segment.outside`)
and are never adjacent to anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from adjudicator.spaces.base import Space, SpaceId
from adjudicator.spaces.hex.geometry import Hex, Point


@dataclass(frozen=True)
class Legend:
    """What the terrain characters of a map stand for (supplied by the game that builds the map).

    ``words``: each terrain character's word. ``solid``: words of hexes no
    hex is adjacent to. ``opaque``: words of hexes that a clear segment never
    touches and a count of clear steps never enters.
    """

    words: Mapping[str, str]
    solid: frozenset[str] = frozenset()
    opaque: frozenset[str] = frozenset()

    def __hash__(self) -> int:
        """Legends are values: equal legends hash alike (``words`` is a mapping)."""
        return hash((tuple(self.words.items()), self.solid, self.opaque))


@dataclass(frozen=True)
class Segment:
    """A segment from a corner of one hex to a corner of another, and what it touches.

    ``opaque`` holds the words of the opaque hexes it touches (their closed
    hexagons, boundary included). ``thin_wall``: it crosses a thin wall or
    runs along one. ``thin_wall_end``: it touches a thin wall's end corner
    from the side (without running along the wall). ``outside``: it touches a
    position off the map.
    """

    start: Point
    end: Point
    opaque: frozenset[str]
    thin_wall: bool
    thin_wall_end: bool
    outside: bool

    @property
    def clear(self) -> bool:
        """Whether it touches nothing: no opaque hex, no thin wall nor its end, nothing off the map."""
        return not (self.opaque or self.thin_wall or self.thin_wall_end or self.outside)


@runtime_checkable
class HexSpace(Space, Protocol):
    """A hex map as a game sees it: :class:`Space` and the members below (see the module docstring)."""

    @property
    def walls(self) -> frozenset[frozenset[Hex]]:
        """Every side that carries a thin wall, as the pair of hexes it separates."""
        ...

    @property
    def rows(self) -> tuple[str, ...]:
        """The terrain characters, one string per row (``rows[i][j]`` is ``Hex(j, i)``'s)."""
        ...

    @property
    def width(self) -> int:
        """Hexes per row."""
        ...

    @property
    def height(self) -> int:
        """Number of rows."""
        ...

    def spaces(self) -> tuple[Hex, ...]:
        """Every hex of the map (solid ones included), in reading order."""
        ...

    def parse(self, name: str) -> Hex:
        """The hex a name such as ``C3`` denotes (it may be off the map); ``ValueError`` for a malformed name."""
        ...

    def terrain_map(self) -> Mapping[Hex, str]:
        """Every hex of the map with its terrain word, in reading order (one shared mapping: do not change it)."""
        ...

    def adjacent(self, space: SpaceId) -> tuple[Hex, ...]:
        """The neighbours of ``space`` on the map that are not solid and not across a thin wall, in direction order."""
        ...

    def links(self) -> Mapping[Hex, tuple[Hex, ...]]:
        """Every hex of the map with its :meth:`adjacent` hexes, in reading order (one shared mapping: keep it)."""
        ...

    def clear_distances(self, origin: SpaceId) -> Mapping[Hex, int]:
        """The fewest steps from ``origin`` to every hex reached from adjacent to adjacent hex, none entered opaque.

        ``origin`` is at 0 whatever its word (off the map it reaches nothing else); computed once per origin.
        """
        ...

    def clear_distance(self, a: SpaceId, b: SpaceId) -> int | None:
        """``clear_distances(a)`` of ``b``; ``None`` when no such chain of steps reaches it."""
        ...

    def clear_within(self, origin: SpaceId, limit: int) -> frozenset[Hex]:
        """The hexes of :meth:`clear_distances` from ``origin`` at ``limit`` steps or fewer (cached per pair)."""
        ...

    def corner_segments(self, a: SpaceId, b: SpaceId) -> tuple[Segment, ...]:
        """The 36 segments from a corner of ``a`` to a corner of ``b``, with what each touches, in corner order."""
        ...

    def clear_segment(self, a: SpaceId, b: SpaceId) -> Segment | None:
        """The first clear one of :meth:`corner_segments`, or ``None``."""
        ...

    def visible(self, a: SpaceId, b: SpaceId) -> bool:
        """Whether some corner-to-corner segment between the two is clear (a hex sees itself; cached)."""
        ...

    def crossed(self, p: Point, q: Point) -> tuple[Hex, ...]:
        """The hexes of the map whose open interior the segment ``p q`` passes through, in reading order."""
        ...
