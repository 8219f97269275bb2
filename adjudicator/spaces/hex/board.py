"""The hex map: terrain words per hex, thin walls, names, steps, clear distances and corner segments.

:class:`HexMap` implements :class:`adjudicator.spaces.hex.interface.HexSpace`
for a pointy-topped hex grid in odd-r offset layout (see
:mod:`adjudicator.spaces.hex.geometry`). Its :class:`Legend` says what each
terrain character stands for and which words are solid or opaque; from it the
map computes:

- :meth:`HexMap.adjacent`: neighbours sharing a side with no thin wall, solid
  hexes left out;
- :meth:`HexMap.clear_distances`: fewest steps from adjacent to adjacent hex
  never entering an opaque one (breadth first, cached per origin),
  :meth:`HexMap.clear_distance` (counted only as far as the second hex) and
  :meth:`HexMap.clear_within`: the hexes it puts within a limit (searched only
  that far); a count from one origin is kept and carried on, never restarted;
- :meth:`HexMap.visible` (cached, stops at the first clear segment),
  :meth:`HexMap.corner_segments` (what each of the 36 corner-to-corner
  segments touches) and :meth:`HexMap.clear_segment` (the first clear one);
- :meth:`HexMap.crossed`: the hexes whose interior a segment passes through.

The positions just outside the rows touch a segment like opaque hexes (see
:attr:`Segment.outside`), and no step leaves the map.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, NamedTuple, cast

if TYPE_CHECKING:
    import networkx as nx

from adjudicator.spaces.base import Away, Direction, Edge, Line, MapText, SpaceId, Step, step_graph
from adjudicator.spaces.hex import geometry
from adjudicator.spaces.hex.geometry import DIRECTIONS, Hex, Point
from adjudicator.spaces.hex.interface import Legend, Segment

_NAME = re.compile(r"^([A-Z]+)([1-9][0-9]*)$")
BLANK = Legend({".": "clear"})
"""The legend of a blank map: ``.`` is clear, nothing solid or opaque."""


def column_letters(col: int) -> str:
    """``0`` -> ``A``, ``25`` -> ``Z``, ``26`` -> ``AA``."""
    letters = ""
    n = col + 1
    while n > 0:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def hex_name(h: Hex) -> str:
    """The name people use: column letters then the 1-based row (``C3``)."""
    return f"{column_letters(h.col)}{h.row + 1}"


def parse_hex(name: str) -> Hex:
    """The hex a name such as ``C3`` denotes; ``ValueError`` for a malformed name."""
    match = _NAME.match(name.strip())
    if match is None:
        msg = f"{name!r} is not a hex name such as C3 (column letters, then row number)"
        raise ValueError(msg)
    col = 0
    for letter in match.group(1):
        col = col * 26 + ord(letter) - ord("A") + 1
    return Hex(col - 1, int(match.group(2)) - 1)


@cache
def _grid_neighbours(width: int, height: int) -> dict[Hex, tuple[Hex, ...]]:
    """Each position of a ``width`` by ``height`` grid with its on-grid neighbours, in direction order.

    Geometry alone (no terrain, no walls), so maps of one size share it.
    """
    grid = _grid(width, height)
    return {
        h: tuple(
            grid[(h.row + dr) * width + h.col + dc]
            for dc, dr in geometry.OFFSETS[h.row % 2]
            if 0 <= h.col + dc < width and 0 <= h.row + dr < height
        )
        for h in grid
    }


@cache
def _grid(width: int, height: int) -> tuple[Hex, ...]:
    """Every position of a ``width`` by ``height`` grid, in reading order (shared by maps of one size)."""
    return tuple(Hex(j, i) for i in range(height) for j in range(width))


@cache
def _outside(width: int, height: int) -> tuple[_Blocker, ...]:
    """The positions just off a ``width`` by ``height`` grid next to a hex of it, in order, as blockers."""
    outside: set[tuple[int, int]] = set()
    for row in range(height):
        for col in range(width):
            if 0 < col < width - 1 and 0 < row < height - 1:
                continue  # an inner hex: every neighbour is on the grid
            for dc, dr in geometry.OFFSETS[row % 2]:
                c, r = col + dc, row + dr
                if not (0 <= c < width and 0 <= r < height):
                    outside.add((c, r))
    return tuple(_blocker(None, Hex(*p)) for p in sorted(outside))


@cache
def _outside_corners(width: int, height: int) -> frozenset[Point]:
    """The corners of :func:`_outside`'s positions."""
    return frozenset(c for k in _outside(width, height) for c in geometry.corners(k.hex))


def _hex(space: SpaceId) -> Hex:
    """An id as a :class:`Hex` (ids are hexes; callers may pass any hashable)."""
    if isinstance(space, Hex):
        return space
    col, row = cast("tuple[int, int]", space)
    return Hex(int(col), int(row))


class _Blocker(NamedTuple):
    """A hexagon a clear segment never touches: an opaque hex (its word) or an off-map position (``None``)."""

    word: str | None
    hex: Hex
    box: tuple[int, int, int, int]
    slab: tuple[int, int, int, int]
    """The hexagon's extent on ``x + y`` and on ``x - y``: low, high, low, high."""


def _blocker(word: str | None, h: Hex) -> _Blocker:
    """The blocker on ``h`` (its bounding box and slabs from its centre)."""
    x, y = geometry.centre(h)
    return _Blocker(word, h, (x - 1, y - 2, x + 1, y + 2), (x + y - 2, x + y + 2, x - y - 2, x - y + 2))


def _box(points: Iterable[Point]) -> tuple[int, int, int, int]:
    xs, ys = zip(*points, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


_Row = tuple[tuple[int, ...], tuple[_Blocker, ...]]
"""The blockers of one row by the ``x`` of their centres, after those ``x`` values (for bisection)."""


def _row(blockers: Iterable[_Blocker]) -> _Row:
    """Blockers of one row as a :data:`_Row`."""
    found = sorted(blockers, key=lambda k: k.box[0])
    return tuple(k.box[0] + 1 for k in found), tuple(found)


@cache
def _outside_rows(width: int, height: int) -> dict[int, _Row]:
    """:func:`_outside`'s positions by row (see :attr:`HexMap._blocker_rows`); shared, never changed."""
    rows: dict[int, list[_Blocker]] = {}
    for k in _outside(width, height):
        rows.setdefault(k.hex.row, []).append(k)
    return {row: _row(found) for row, found in rows.items()}


class _Search:
    """A count of clear steps from one origin (breadth first), carried out ring by ring only as far as asked.

    :attr:`found` holds each hex reached with its count, in the order a queue would reach them; a complete
    search is :meth:`HexMap.clear_distances` of its origin (the map keeps it there).
    """

    __slots__ = ("found", "links", "ring", "step")

    def __init__(self, origin: Hex, links: Mapping[Hex, tuple[Hex, ...]]) -> None:
        self.found = {origin: 0}
        self.ring = [origin]
        self.step = 0
        self.links = links

    def _grow(self) -> None:
        """Count the next ring (the hexes one step beyond the last)."""
        found, links = self.found, self.links
        self.step = step = self.step + 1
        reached = []
        for here in self.ring:
            for n in links.get(here, ()):
                if n not in found:
                    found[n] = step
                    reached.append(n)
        self.ring = reached

    def upto(self, limit: int) -> dict[Hex, int]:
        """Every hex within ``limit`` steps counted (maybe more); :attr:`found`."""
        while self.ring and self.step < limit:
            self._grow()
        return self.found

    def find(self, target: Hex) -> int | None:
        """The count to ``target``, counting on until it is reached; ``None`` when nothing reaches it."""
        found = self.found
        while target not in found and self.ring:
            self._grow()
        return found.get(target)

    def complete(self) -> dict[Hex, int]:
        """Count every hex reached; :attr:`found`."""
        while self.ring:
            self._grow()
        return self.found


@dataclass(frozen=True)
class HexMap:
    """A hex map: rows of terrain characters (spaces removed), thin walls, and the legend of the characters.

    ``rows[i][j]`` is the character of ``Hex(j, i)``; every row has the same
    length and every character is a key of ``legend.words``. ``walls`` holds
    each thin wall as the edge (pair of hexes) it lies on.
    """

    rows: tuple[str, ...]
    walls: frozenset[frozenset[Hex]] = frozenset()
    legend: Legend = BLANK

    # -- places and names

    @property
    def kind(self) -> str:
        """The registry name ``hex``."""
        return "hex"

    @property
    def width(self) -> int:
        """Hexes per row."""
        return len(self.rows[0]) if self.rows else 0

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.rows)

    def spaces(self) -> tuple[Hex, ...]:
        """Every hex of the rows (solid ones included), in reading order."""
        return tuple(self._words)

    def contains(self, space: SpaceId) -> bool:
        """Whether ``space`` is a hex of the rows."""
        h = _hex(space)
        return 0 <= h.row < self.height and 0 <= h.col < self.width

    def name(self, space: SpaceId) -> str:
        """``C3``."""
        return hex_name(_hex(space))

    def parse(self, name: str) -> Hex:
        """The hex a name denotes (it may be off the map)."""
        return parse_hex(name)

    def not_on_map(self, space: SpaceId) -> str:
        """Why ``space`` is not on the map."""
        last = hex_name(Hex(self.width - 1, self.height - 1))
        return f"{self.name(space)} is not on the map (A1 to {last})"

    def extent(self) -> str:
        """``7 hexes by 3 rows``."""
        return f"{self.width} hexes by {self.height} rows"

    def sort_key(self, space: SpaceId) -> tuple[int, ...]:
        """Reading order: row, then column."""
        h = _hex(space)
        return (h.row, h.col)

    # -- map facts

    @cached_property
    def _words(self) -> dict[Hex, str]:
        words = self.legend.words  # every row is as long as the first (the builder checks): the grid fits them
        return dict(zip(_grid(self.width, self.height), map(words.__getitem__, "".join(self.rows)), strict=True))

    @cached_property
    def _index(self) -> dict[tuple[int, int], Hex]:
        """Each hex of the map by its column and row (a plain pair finds it: a :class:`Hex` is a tuple)."""
        return {h: h for h in self._words}

    def terrain_map(self) -> Mapping[Hex, str]:
        """Every hex of the map with its terrain word, in reading order (one shared mapping)."""
        return self._words

    def terrain_at(self, space: SpaceId) -> str | None:
        """The terrain word of a hex, ``None`` off the map."""
        return self._words.get(_hex(space))

    def level(self, space: SpaceId) -> int:  # noqa: ARG002 - hex maps are flat
        """Hex maps are flat: 0."""
        return 0

    def marked_indoor(self, space: SpaceId) -> bool:  # noqa: ARG002 - no indoor marks on a hex map
        """No indoor marks: ``False``."""
        return False

    def has_stairs(self, space: SpaceId) -> bool:  # noqa: ARG002 - no stairs on a hex map
        """No stairs: ``False``."""
        return False

    # -- neighbours and steps

    def neighbours(self, space: SpaceId) -> tuple[Hex, ...]:
        """The on-map positions sharing a side with ``space`` (walls ignored), in direction order."""
        return tuple(n for n in geometry.around(_hex(space)) if self.contains(n))

    def adjacent(self, space: SpaceId) -> tuple[Hex, ...]:
        """Neighbours on the map that are not solid and not across a thin wall, in direction order."""
        h = _hex(space)
        links = self._links.get(h)
        return self._link(h) if links is None else links

    def links(self) -> Mapping[Hex, tuple[Hex, ...]]:
        """Every hex of the map with its :meth:`adjacent` hexes, in reading order (one shared mapping)."""
        return self._links

    def _link(self, h: Hex) -> tuple[Hex, ...]:
        """:meth:`adjacent` of any position (on the map or not), computed."""
        index, words, solid, walls = self._index, self._words, self.legend.solid, self.walls
        col, row = h
        out = []
        for dc, dr in geometry.OFFSETS[row % 2]:
            n = index.get((col + dc, row + dr))
            if n is not None and words[n] not in solid and (not walls or frozenset((h, n)) not in walls):
                out.append(n)
        return tuple(out)

    @cached_property
    def _links(self) -> dict[Hex, tuple[Hex, ...]]:
        """:meth:`adjacent` of every hex of the map (the grid's neighbours, less solid hexes and thin walls).

        Only the hexes next to a solid one or by a thin wall lose a neighbour: the others keep the grid's.
        """
        solid = self.legend.solid
        walled: dict[Hex, set[Hex]] = {}
        for edge in self.walls:
            a, b = edge
            walled.setdefault(a, set()).add(b)
            walled.setdefault(b, set()).add(a)
        grid = _grid_neighbours(self.width, self.height)
        links = dict(grid)
        solid_hexes = {h for h, word in self._words.items() if word in solid} if solid else set()
        touched = (walled.keys() & grid.keys()).union(*(grid[h] for h in solid_hexes))
        for h in touched:
            shut = walled.get(h, ())
            links[h] = tuple([n for n in grid[h] if n not in solid_hexes and n not in shut])
        return links

    def graph(self) -> nx.DiGraph[SpaceId]:
        """Every step between neighbours, each edge carrying its :class:`Step`, cached and frozen."""
        return self._graph

    @cached_property
    def _graph(self) -> nx.DiGraph[SpaceId]:
        return step_graph(self)

    def step(self, frm: SpaceId, to: SpaceId) -> Step:
        """The facts of the step across the side shared by two neighbours."""
        a, b = _hex(frm), _hex(to)
        if b not in geometry.around(a):
            msg = f"{self.name(a)} and {self.name(b)} are not neighbours"
            raise ValueError(msg)
        edge: Edge = frozenset((a, b))
        wall = edge in self.walls
        return Step(a, b, vertex=False, sides=(), edges=(edge,), wall=wall, separated=wall)

    def steps(self, frm: SpaceId) -> tuple[Step, ...]:
        """The facts of every step to an on-map neighbour."""
        return tuple(self.step(frm, n) for n in self.neighbours(frm))

    def separates(self, edges: Collection[Edge], a: SpaceId, b: SpaceId) -> bool:
        """Whether the side between ``a`` and ``b`` is among ``edges``."""
        return frozenset((_hex(a), _hex(b))) in edges

    def distance(self, a: SpaceId, b: SpaceId) -> int:
        """Hex steps between two hexes, ignoring walls and terrain."""
        return geometry.hex_distance(_hex(a), _hex(b))

    def length2(self, a: SpaceId, b: SpaceId) -> int:
        """The squared distance between centres, scaled to integers: ``3dX² + dY²``."""
        (ax, ay), (bx, by) = geometry.centre(_hex(a)), geometry.centre(_hex(b))
        return 3 * (ax - bx) ** 2 + (ay - by) ** 2

    # -- directions

    def away(self, origin: SpaceId, space: SpaceId) -> Away:
        """Not defined on a hex map yet."""
        msg = "directions away from a hex are not defined on a hex map yet"
        raise NotImplementedError(msg)

    def beyond(self, space: SpaceId, direction: Direction) -> SpaceId:
        """The position next to ``space`` in ``direction`` (a name of :data:`DIRECTIONS`)."""
        return geometry.neighbour(_hex(space), DIRECTIONS.index(str(direction)))

    def across(self, space: SpaceId, side: str) -> SpaceId:
        """The position across the named side (``west``, ``northeast``...)."""
        return self.beyond(space, side)

    def line(self, a: SpaceId, b: SpaceId) -> Line:
        """Not offered: hex segments join corners, not centres (:meth:`corner_segments`)."""
        msg = "hex segments join corners, not centres: use visible() or corner_segments()"
        raise NotImplementedError(msg)

    # -- clear distances

    def clear_distances(self, origin: SpaceId) -> Mapping[Hex, int]:
        """Fewest steps from ``origin`` to every hex reached through adjacent hexes that are not opaque (cached)."""
        h = _hex(origin)
        found = self._distance_cache.get(h)
        if found is None:
            found = self._distance_cache[h] = self._search(h).complete()
        return found

    def _search(self, origin: Hex) -> _Search:
        """The count of clear steps from ``origin``, as far as it has gone (kept: later questions carry it on)."""
        search = self._searches.get(origin)
        if search is None:
            search = self._searches[origin] = _Search(origin, self._clear_links)
        return search

    def clear_distance(self, a: SpaceId, b: SpaceId) -> int | None:
        """The fewest clear steps from ``a`` to ``b``; ``None`` when none reach it.

        Counted from ``a`` only as far as ``b`` (the count is kept and carried on by later questions).
        """
        h = _hex(a)
        known = self._distance_cache.get(h)
        if known is not None:
            return known.get(_hex(b))
        return self._search(h).find(_hex(b))

    def clear_within(self, origin: SpaceId, limit: int) -> frozenset[Hex]:
        """The hexes :meth:`clear_distances` puts at ``limit`` steps or fewer from ``origin`` (cached per pair).

        Searched only that far, unless the count from ``origin`` has gone farther already.
        """
        h = _hex(origin)
        key = (h, limit)
        cache = self._within_cache
        found = cache.get(key)
        if found is None:
            known = self._distance_cache.get(h)
            if known is None:
                search = self._search(h)
                known = search.upto(limit)
                if search.step <= limit:
                    found = cache[key] = frozenset(known)
                    return found
            found = cache[key] = frozenset([n for n, d in known.items() if d <= limit])
        return found

    @cached_property
    def _distance_cache(self) -> dict[Hex, dict[Hex, int]]:
        """:meth:`clear_distances` of each origin whose count is complete."""
        return {}

    @cached_property
    def _searches(self) -> dict[Hex, _Search]:
        """The count from each origin asked about, as far as it has gone (:class:`_Search`)."""
        return {}

    @cached_property
    def _within_cache(self) -> dict[tuple[Hex, int], frozenset[Hex]]:
        return {}

    @cached_property
    def _clear_links(self) -> dict[Hex, tuple[Hex, ...]]:
        """Each hex's adjacent hexes that are not opaque (only those next to an opaque hex lose any)."""
        opaque, links = self.legend.opaque - self.legend.solid, self._links  # no hex links to a solid one
        shut = {h for h, word in self._words.items() if word in opaque} if opaque else set()
        if not shut:
            return links
        grid = _grid_neighbours(self.width, self.height)
        out = dict(links)
        for h in set().union(*(grid[k] for k in shut)):
            out[h] = tuple([n for n in links[h] if n not in shut])
        return out

    # -- corner segments

    @cached_property
    def _blockers(self) -> tuple[_Blocker, ...]:
        """The opaque hexes, in reading order (the off-map positions next to the map are :func:`_outside`'s)."""
        opaque = self.legend.opaque
        return tuple([_blocker(word, h) for h, word in self._words.items() if word in opaque]) if opaque else ()

    @cached_property
    def _blocker_rows(self) -> dict[int, _Row]:
        """:attr:`_blockers` and the off-map positions by row, each row's by the ``x`` of their centres.

        A segment can only touch the blockers of the rows its two hexes span and one more each way, and of
        those only the ones its ``x`` extent reaches (found by bisection). Rows without an opaque hex are
        shared by maps of one size (:func:`_outside_rows`).
        """
        rows = dict(_outside_rows(self.width, self.height))
        own: dict[int, list[_Blocker]] = {}
        for k in self._blockers:
            own.setdefault(k.hex.row, []).append(k)
        for row, found in own.items():
            _, outside = rows.get(row, ((), ()))
            rows[row] = _row([*outside, *found])
        return rows

    @cached_property
    def _thin_walls(self) -> tuple[tuple[Point, Point], ...]:
        ends = []
        for edge in self.walls:
            a, b = sorted(_hex(h) for h in edge)
            ends.append(geometry.side(a, b))
        return tuple(sorted(ends))

    @cached_property
    def _sight_cache(self) -> dict[tuple[SpaceId, SpaceId], bool]:
        """:meth:`visible` of each pair asked, in both orders."""
        return {}

    def _near(self, a: Hex, b: Hex) -> tuple[list[_Blocker], list[tuple[Point, Point]]]:
        """The blockers and thin walls that could touch a segment between corners of ``a`` and ``b``."""
        # a hexagon about (x, y) spans x - 1 to x + 1, y - 2 to y + 2, and 4 on x + y and on x - y
        (ax, ay), (bx, by) = geometry.centre(a), geometry.centre(b)
        x0, x1 = (ax - 1, bx + 1) if ax <= bx else (bx - 1, ax + 1)
        low_s, high_s = (ax + ay - 2, bx + by + 2) if ax + ay <= bx + by else (bx + by - 2, ax + ay + 2)
        low_d, high_d = (ax - ay - 2, bx - by + 2) if ax - ay <= bx - by else (bx - by - 2, ax - ay + 2)
        by_row = self._blocker_rows
        # the hull of both hexes spans y = 3 row - 2 to 3 row + 2 of their rows; a blocker's hexagon meets those
        # rows' span only from their rows and the one beyond each, and meets x0 to x1 when x0 - 1 <= x <= x1 + 1
        blockers = []
        for row in range(min(a.row, b.row) - 1, max(a.row, b.row) + 2):
            entry = by_row.get(row)
            if entry is None:
                continue
            xs, found = entry
            blockers += [
                k
                for k in found[bisect_left(xs, x0 - 1) : bisect_right(xs, x1 + 1)]
                if low_s <= (ks := k.slab)[1]  # the hull lies within the x + y and x - y slabs too
                and ks[0] <= high_s
                and low_d <= ks[3]
                and ks[2] <= high_d
            ]
        if not self.walls:
            return blockers, []
        box = (x0, min(ay, by) - 2, x1, max(ay, by) + 2)
        walls = [w for w, wall_box in self._thin_wall_boxes if _overlap(wall_box, box)]
        return blockers, walls

    @cached_property
    def _thin_wall_boxes(self) -> tuple[tuple[tuple[Point, Point], tuple[int, int, int, int]], ...]:
        """Each thin wall with its bounding box."""
        return tuple((w, _box(w)) for w in self._thin_walls)

    @staticmethod
    def _segment(p: Point, q: Point, blockers: Sequence[_Blocker], walls: Sequence[tuple[Point, Point]]) -> Segment:
        """Everything the segment ``p q`` touches."""
        touched = {k.word for k in blockers if geometry.segment_touches_hex(p, q, k.hex)}
        crosses = ends = False
        for a, b in walls:
            if not geometry.segments_touch(p, q, a, b):
                continue
            at_end = geometry.on_segment(a, p, q) or geometry.on_segment(b, p, q)
            collinear = geometry.orient(p, q, a) == 0 and geometry.orient(p, q, b) == 0
            if at_end and not collinear:
                ends = True
            else:
                crosses = True
        words = frozenset(w for w in touched if w is not None)
        return Segment(p, q, opaque=words, thin_wall=crosses, thin_wall_end=ends, outside=None in touched)

    @staticmethod
    def _clear(p: Point, q: Point, blockers: Sequence[_Blocker], walls: Sequence[tuple[Point, Point]]) -> bool:
        """Whether the segment ``p q`` touches no blocker and no thin wall (stops at the first).

        :func:`~adjudicator.spaces.hex.geometry.segment_touches_hex` on each blocker, its extents read from the
        blocker: the segment misses the hexagon when they part on ``x``, ``x + y`` or ``x - y``, or when the
        hexagon's centre lies farther from the segment's line than its corners reach (their offsets from the
        centre, projected on the line's normal, reach at most ``max(2|ox|, |ox| + |oy|)``).
        """
        (x1, y1), (x2, y2) = p, q
        low_x, high_x = (x1, x2) if x1 <= x2 else (x2, x1)
        s1, s2, d1, d2 = x1 + y1, x2 + y2, x1 - y1, x2 - y2
        low_s, high_s = (s1, s2) if s1 <= s2 else (s2, s1)
        low_d, high_d = (d1, d2) if d1 <= d2 else (d2, d1)
        ox, oy = x2 - x1, y2 - y1
        reach = max(2 * abs(ox), abs(ox) + abs(oy))
        for k in blockers:
            box, slab = k.box, k.slab
            if high_x < box[0] or low_x > box[2] or high_s < slab[0] or low_s > slab[1]:
                continue
            if high_d < slab[2] or low_d > slab[3]:
                continue
            if -reach <= ox * (box[1] + 2 - y1) - oy * (box[0] + 1 - x1) <= reach:
                return False
        return not any(geometry.segments_touch(p, q, a, b) for a, b in walls)

    def corner_segments(self, a: SpaceId, b: SpaceId) -> tuple[Segment, ...]:
        """The 36 corner-to-corner segments from ``a`` to ``b`` with what each touches, in corner order."""
        ha, hb = _hex(a), _hex(b)
        blockers, walls = self._near(ha, hb)
        return tuple(self._segment(p, q, blockers, walls) for p, q in geometry.corner_pairs(ha, hb))

    def clear_segment(self, a: SpaceId, b: SpaceId) -> Segment | None:
        """The first clear corner-to-corner segment from ``a`` to ``b``, or ``None``."""
        ha, hb = _hex(a), _hex(b)
        blockers, walls = self._near(ha, hb)
        found = self._first_clear(ha, hb, blockers, walls)
        return None if found is None else self._segment(*found, blockers, walls)

    def _first_clear(
        self, a: Hex, b: Hex, blockers: Sequence[_Blocker], walls: Sequence[tuple[Point, Point]]
    ) -> tuple[Point, Point] | None:
        """The corners of the first clear corner-to-corner segment from ``a`` to ``b``, or ``None``."""
        spoilt, outside = self._spoilt_corners, _outside_corners(self.width, self.height)
        ends = [q for q in geometry.corners(b) if q not in spoilt and q not in outside]
        if not ends:
            return None
        for p in geometry.corners(a):
            if p in spoilt or p in outside:
                continue
            for q in ends:
                if self._clear(p, q, blockers, walls):
                    return p, q
        return None

    @cached_property
    def _spoilt_corners(self) -> frozenset[Point]:
        """Corner points on an opaque hex or a thin wall's end: no clear segment starts there.

        So are the corners of the off-map positions (:func:`_outside_corners`, shared by maps of one size).
        """
        points = {c for k in self._blockers for c in geometry.corners(k.hex)}
        points.update(end for wall in self._thin_walls for end in wall)
        return frozenset(points)

    def visible(self, a: SpaceId, b: SpaceId) -> bool:
        """Whether some corner of ``a`` joins some corner of ``b`` by a clear segment (cached); a hex sees itself."""
        cache = self._sight_cache
        found = cache.get((a, b))
        if found is None:
            ha, hb = _hex(a), _hex(b)
            if ha == hb:
                return True
            found = cache[ha, hb] = cache[hb, ha] = self._first_clear(ha, hb, *self._near(ha, hb)) is not None
        return found

    def crossed(self, p: Point, q: Point) -> tuple[Hex, ...]:
        """The on-map hexes whose interior the segment ``p q`` passes through, in reading order."""
        box = _box((p, q))
        out = []
        for h in self._words:
            poly = geometry.corners(h)
            if _overlap(_box(poly), box) and geometry.segment_enters_polygon(p, q, poly):
                out.append(h)
        return tuple(out)

    # -- map fields

    def map_fields(self, map_kind: str) -> dict[str, Any]:  # noqa: ARG002 - one kind of hex map
        """``terrain`` rows (even rows indented by half a hex, characters spaced) and ``walls``."""
        terrain = [MapText((" " if i % 2 else "") + " ".join(row)) for i, row in enumerate(self.rows)]
        fields: dict[str, Any] = {"terrain": terrain}
        if self.walls:
            pairs = sorted(sorted((_hex(h) for h in edge), key=self.sort_key) for edge in self.walls)
            fields["walls"] = [[self.name(a), self.name(b)] for a, b in pairs]
        return fields


def build_map(terrain: Sequence[str], legend: Legend, walls: Iterable[tuple[SpaceId, SpaceId]] = ()) -> HexMap:
    """A map from terrain rows (spaces ignored), their legend and wall pairs; ``ValueError`` naming the bad one."""
    rows = tuple("".join(text.split()) for text in terrain)
    if not rows or not rows[0]:
        msg = "a map needs at least one row with at least one hex"
        raise ValueError(msg)
    for number, row in enumerate(rows, 1):
        if len(row) != len(rows[0]):
            msg = f"row {number} has {len(row)} hexes, row 1 has {len(rows[0])} (every row has the same number)"
            raise ValueError(msg)
        bad = sorted({c for c in row if c not in legend.words})
        if bad:
            msg = f"row {number}: unknown terrain character {bad[0]!r} (known: {' '.join(legend.words)})"
            raise ValueError(msg)
    board = HexMap(rows, legend=legend)
    edges: set[frozenset[Hex]] = set()
    for a, b in walls:
        ha, hb = _hex(a), _hex(b)
        for h in (ha, hb):
            if not board.contains(h):
                raise ValueError(board.not_on_map(h))
        if hb not in geometry.around(ha):
            msg = f"{hex_name(ha)} and {hex_name(hb)} do not share a side, so no thin wall lies between them"
            raise ValueError(msg)
        edges.add(frozenset((ha, hb)))
    return HexMap(rows, frozenset(edges), legend)
