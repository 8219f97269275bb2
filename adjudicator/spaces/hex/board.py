"""The hex map: terrain words per hex, thin walls, names, steps, clear distances and corner segments.

:class:`HexMap` implements :class:`adjudicator.spaces.hex.interface.HexSpace`
for a pointy-topped hex grid in odd-r offset layout (see
:mod:`adjudicator.spaces.hex.geometry`). Its :class:`Legend` says what each
terrain character stands for and which words are solid or opaque; from it the
map computes:

- :meth:`HexMap.adjacent`: neighbours sharing a side with no thin wall, solid
  hexes left out;
- :meth:`HexMap.clear_distances`: fewest steps from adjacent to adjacent hex
  never entering an opaque one (breadth first, cached per origin), and
  :meth:`HexMap.clear_within`: the hexes it puts within a limit (searched only
  that far);
- :meth:`HexMap.visible` (cached, stops at the first clear segment),
  :meth:`HexMap.corner_segments` (what each of the 36 corner-to-corner
  segments touches) and :meth:`HexMap.clear_segment` (the first clear one);
- :meth:`HexMap.crossed`: the hexes whose interior a segment passes through.

The positions just outside the rows touch a segment like opaque hexes (see
:attr:`Segment.outside`), and no step leaves the map.
"""

from __future__ import annotations

import re
from collections import deque
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
        chars = (char for row in self.rows for char in row)
        return dict(zip(_grid(self.width, self.height), (words[char] for char in chars), strict=True))

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
        """:meth:`adjacent` of every hex of the map (the grid's neighbours, less solid hexes and thin walls)."""
        words, solid = self._words, self.legend.solid
        walled: dict[Hex, set[Hex]] = {}
        for edge in self.walls:
            a, b = edge
            walled.setdefault(a, set()).add(b)
            walled.setdefault(b, set()).add(a)
        solid_hexes = {h for h, word in words.items() if word in solid}
        links: dict[Hex, tuple[Hex, ...]] = {}
        for h, around in _grid_neighbours(self.width, self.height).items():
            shut = walled.get(h)
            if shut is None and solid_hexes.isdisjoint(around):
                links[h] = around  # every neighbour is adjacent
            else:
                links[h] = tuple([n for n in around if n not in solid_hexes and (shut is None or n not in shut)])
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
        cache = self._distance_cache
        found = cache.get(h)
        if found is None:
            found = cache[h] = self._breadth_first(h)
        return found

    def _breadth_first(self, origin: Hex, limit: int | None = None) -> dict[Hex, int]:
        """The search behind :meth:`clear_distances`, ``limit`` steps deep at most (off the map it reaches nothing)."""
        found = {origin: 0}
        queue = deque([origin])
        links = self._clear_links
        while queue:
            here = queue.popleft()
            step = found[here] + 1
            if limit is not None and step > limit:
                break  # breadth first: every hex left in the queue is as far
            for n in links.get(here, ()):
                if n not in found:
                    found[n] = step
                    queue.append(n)
        return found

    def clear_distance(self, a: SpaceId, b: SpaceId) -> int | None:
        """The fewest clear steps from ``a`` to ``b``; ``None`` when none reach it."""
        return self.clear_distances(a).get(_hex(b))

    def clear_within(self, origin: SpaceId, limit: int) -> frozenset[Hex]:
        """The hexes :meth:`clear_distances` puts at ``limit`` steps or fewer from ``origin`` (cached per pair).

        Searched only that far, unless the full count from ``origin`` is known already.
        """
        h = _hex(origin)
        key = (h, limit)
        cache = self._within_cache
        found = cache.get(key)
        if found is None:
            known = self._distance_cache.get(h)
            if known is not None:
                found = frozenset(n for n, d in known.items() if d <= limit)
            else:
                found = frozenset(self._breadth_first(h, limit))
            cache[key] = found
        return found

    @cached_property
    def _distance_cache(self) -> dict[Hex, dict[Hex, int]]:
        return {}

    @cached_property
    def _within_cache(self) -> dict[tuple[Hex, int], frozenset[Hex]]:
        return {}

    @cached_property
    def _clear_links(self) -> dict[Hex, tuple[Hex, ...]]:
        """Each hex's adjacent hexes that are not opaque."""
        opaque = self.legend.opaque
        shut = {h for h, word in self._words.items() if word in opaque}
        return {
            h: links if shut.isdisjoint(links) else tuple([n for n in links if n not in shut])
            for h, links in self._links.items()
        }

    # -- corner segments

    @cached_property
    def _blockers(self) -> tuple[_Blocker, ...]:
        """The opaque hexes in reading order, then the off-map positions next to the map in order."""
        opaque = self.legend.opaque
        found = [_blocker(word, h) for h, word in self._words.items() if word in opaque]
        return (*found, *_outside(self.width, self.height))

    @cached_property
    def _blocker_rows(self) -> dict[int, list[_Blocker]]:
        """:attr:`_blockers` by row (a segment can only touch those of the rows its two hexes span, and one more)."""
        rows: dict[int, list[_Blocker]] = {}
        for k in self._blockers:
            rows.setdefault(k.hex.row, []).append(k)
        return rows

    @cached_property
    def _thin_walls(self) -> tuple[tuple[Point, Point], ...]:
        ends = []
        for edge in self.walls:
            a, b = sorted(_hex(h) for h in edge)
            ends.append(geometry.side(a, b))
        return tuple(sorted(ends))

    @cached_property
    def _sight_cache(self) -> dict[frozenset[Hex], bool]:
        return {}

    def _near(self, a: Hex, b: Hex) -> tuple[list[_Blocker], list[tuple[Point, Point]]]:
        """The blockers and thin walls that could touch a segment between corners of ``a`` and ``b``."""
        # a hexagon about (x, y) spans x - 1 to x + 1, y - 2 to y + 2, and 4 on x + y and on x - y
        (ax, ay), (bx, by) = geometry.centre(a), geometry.centre(b)
        box = (min(ax, bx) - 1, min(ay, by) - 2, max(ax, bx) + 1, max(ay, by) + 2)
        low_s, high_s = min(ax + ay, bx + by) - 2, max(ax + ay, bx + by) + 2
        low_d, high_d = min(ax - ay, bx - by) - 2, max(ax - ay, bx - by) + 2

        x0, y0, x1, y1 = box
        by_row = self._blocker_rows
        low, high = min(a.row, b.row) - 1, max(a.row, b.row) + 1  # a blocker's hexagon spans y = 3 row +- 2
        blockers = [
            k
            for row in range(low, high + 1)
            for k in by_row.get(row, ())
            if (kb := k.box)[0] <= x1
            and x0 <= kb[2]
            and kb[1] <= y1
            and y0 <= kb[3]
            and low_s <= (ks := k.slab)[1]  # the hull of both hexes lies within the x + y and x - y slabs too
            and ks[0] <= high_s
            and low_d <= ks[3]
            and ks[2] <= high_d
        ]
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
        """Whether the segment ``p q`` touches no blocker and no thin wall (stops at the first)."""
        for k in blockers:
            if geometry.segment_touches_hex(p, q, k.hex):
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
        spoilt = self._spoilt_corners
        ends = [q for q in geometry.corners(b) if q not in spoilt]
        if not ends:
            return None
        for p in geometry.corners(a):
            if p in spoilt:
                continue
            for q in ends:
                if self._clear(p, q, blockers, walls):
                    return p, q
        return None

    @cached_property
    def _spoilt_corners(self) -> frozenset[Point]:
        """Corner points on a blocker (opaque hex, off-map position, thin wall end): no clear segment starts there."""
        points = set(_outside_corners(self.width, self.height))
        points.update(c for k in self._blockers if k.word is not None for c in geometry.corners(k.hex))
        points.update(end for wall in self._thin_walls for end in wall)
        return frozenset(points)

    def visible(self, a: SpaceId, b: SpaceId) -> bool:
        """Whether some corner of ``a`` joins some corner of ``b`` by a clear segment (cached); a hex sees itself."""
        ha, hb = _hex(a), _hex(b)
        if ha == hb:
            return True
        key = frozenset((ha, hb))
        cache = self._sight_cache
        found = cache.get(key)
        if found is None:
            found = cache[key] = self._first_clear(ha, hb, *self._near(ha, hb)) is not None
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
