"""The hex map: terrain per hex, thin walls, names, steps, range and line of sight.

:class:`HexMap` implements :class:`adjudicator.spaces.base.Space` for a
pointy-topped hex grid in odd-r offset layout (see
:mod:`adjudicator.spaces.hex.geometry`), and adds what a hex game needs:

- :meth:`HexMap.feature`: the word for what a hex is (``none``, ``wall``,
  ``obstacle``, ``trap``, ``hazardous``, ``difficult``, ``closed_door``,
  ``locked_door``, ``open_door``), the words of the movement decisions;
- :meth:`HexMap.adjacent`: neighbours sharing a side with no thin wall, wall
  hexes excluded (doors included: the rules judge them);
- :meth:`HexMap.range_distance` / :meth:`HexMap.range_distances`: fewest
  steps around thin walls, wall hexes and closed or locked doors (cached);
- :meth:`HexMap.sees` (cached, stops at the first clear line),
  :meth:`HexMap.sight_lines` (the facts of all 36 corner-to-corner lines) and
  :meth:`HexMap.clear_line` (the first clear one);
- :meth:`HexMap.crossed`: the hexes whose interior a segment passes through.

Everything outside the rows counts as wall: the off-map positions around the
map block lines of sight like wall hexes, and no path leaves the map.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Final, cast

if TYPE_CHECKING:
    import networkx as nx

from adjudicator.spaces.base import Away, Direction, Edge, Line, MapText, SpaceId, Step, step_graph
from adjudicator.spaces.hex import geometry
from adjudicator.spaces.hex.geometry import DIRECTIONS, Hex, Point

FEATURES: Final = {
    ".": "none",
    "x": "wall",
    "o": "obstacle",
    "t": "trap",
    "h": "hazardous",
    "d": "difficult",
    "D": "closed_door",
    "L": "locked_door",
    "/": "open_door",
}
"""Terrain character -> feature word."""
SIGHT_BLOCKERS: Final = frozenset({"wall", "closed_door", "locked_door"})
"""Features that block line of sight and range (a closed door is a wall but for a character entering it)."""
_NAME = re.compile(r"^([A-Z]+)([1-9][0-9]*)$")


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


def _hex(space: SpaceId) -> Hex:
    """An id as a :class:`Hex` (ids are hexes; rule code may pass any hashable)."""
    if isinstance(space, Hex):
        return space
    col, row = cast("tuple[int, int]", space)
    return Hex(int(col), int(row))


@dataclass(frozen=True)
class SightLine:
    """One corner-to-corner segment and what it touches (the facts of ``los.line_clear``)."""

    start: Point
    end: Point
    wall: bool
    """It touches a thin wall (beyond merely its end corner) or a wall hex."""
    wall_corner: bool
    """It touches an end corner of a thin wall."""
    door: bool
    """It touches a closed or locked door hex."""
    outside: bool
    """It touches the outside of the map (the off-map ring counts as partial hexes)."""

    @property
    def clear(self) -> bool:
        """Whether it touches nothing that blocks."""
        return not (self.wall or self.wall_corner or self.door or self.outside)


@dataclass(frozen=True)
class _Blocker:
    """A hexagon that blocks sight: a wall hex, a door, or an off-map position."""

    what: str  # wall | door | outside
    hex: Hex
    box: tuple[int, int, int, int]

    @cached_property
    def slab(self) -> tuple[int, int, int, int]:
        """The hexagon's extent on ``x + y`` and on ``x - y``: low, high, low, high."""
        x, y = geometry.centre(self.hex)
        return (x + y - 2, x + y + 2, x - y - 2, x - y + 2)


def _box(points: Iterable[Point]) -> tuple[int, int, int, int]:
    xs, ys = zip(*points, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


@dataclass(frozen=True)
class HexMap:
    """A hex map: rows of terrain characters (spaces removed) and thin walls.

    ``rows[i][j]`` is the character of ``Hex(j, i)``; every row has the same
    length. ``walls`` holds each thin wall as the edge (pair of hexes) it lies on.
    """

    rows: tuple[str, ...]
    walls: frozenset[Edge] = frozenset()

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

    def spaces(self) -> tuple[SpaceId, ...]:
        """Every hex of the rows (wall hexes included), in reading order."""
        return tuple(Hex(j, i) for i in range(self.height) for j in range(self.width))

    def contains(self, space: SpaceId) -> bool:
        """Whether ``space`` is a hex of the rows."""
        h = _hex(space)
        return 0 <= h.row < self.height and 0 <= h.col < self.width

    def name(self, space: SpaceId) -> str:
        """``C3``."""
        return hex_name(_hex(space))

    def parse(self, name: str) -> SpaceId:
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

    def feature(self, space: SpaceId) -> str:
        """What the hex is (a word of :data:`FEATURES`); ``wall`` off the map."""
        h = _hex(space)
        if not self.contains(h):
            return "wall"
        return FEATURES[self.rows[h.row][h.col]]

    def terrain_at(self, space: SpaceId) -> str | None:
        """The feature word of a hex, ``None`` off the map."""
        return self.feature(space) if self.contains(space) else None

    def level(self, space: SpaceId) -> int:  # noqa: ARG002 - hex maps are flat
        """Hex maps are flat: 0."""
        return 0

    def marked_indoor(self, space: SpaceId) -> bool:  # noqa: ARG002 - no indoor marks on a hex map
        """No indoor marks: ``False``."""
        return False

    def has_stairs(self, space: SpaceId) -> bool:  # noqa: ARG002 - no stairs on a hex map
        """No stairs: ``False``."""
        return False

    def blocks_sight(self, space: SpaceId) -> bool:
        """Whether the hex blocks line of sight and range: a wall hex, a closed or locked door, off the map."""
        return self.feature(space) in SIGHT_BLOCKERS

    # -- neighbours and steps

    def neighbours(self, space: SpaceId) -> tuple[SpaceId, ...]:
        """The on-map positions sharing a side with ``space`` (walls ignored), in direction order."""
        return tuple(n for n in geometry.around(_hex(space)) if self.contains(n))

    def adjacent(self, space: SpaceId) -> tuple[Hex, ...]:
        """Neighbours that are not wall hexes and not behind a thin wall (L1659-1660); doors included."""
        h = _hex(space)
        return tuple(
            n
            for n in geometry.around(h)
            if self.contains(n) and self.feature(n) != "wall" and frozenset((h, n)) not in self.walls
        )

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
        """Four times the squared distance between centres in units of half a hex side... scaled: ``3dX² + dY²``."""
        (ax, ay), (bx, by) = geometry.centre(_hex(a)), geometry.centre(_hex(b))
        return 3 * (ax - bx) ** 2 + (ay - by) ** 2

    # -- directions

    def away(self, origin: SpaceId, space: SpaceId) -> Away:
        """Not defined on a hex map yet (push and pull choose among hexes farther away)."""
        msg = "directions away from a hex are not defined on a hex map yet"
        raise NotImplementedError(msg)

    def beyond(self, space: SpaceId, direction: Direction) -> SpaceId:
        """The position next to ``space`` in ``direction`` (a name of :data:`DIRECTIONS`)."""
        return geometry.neighbour(_hex(space), DIRECTIONS.index(str(direction)))

    def across(self, space: SpaceId, side: str) -> SpaceId:
        """The position across the named side (``west``, ``northeast``...)."""
        return self.beyond(space, side)

    def line(self, a: SpaceId, b: SpaceId) -> Line:
        """Not used on a hex map: line of sight is corner to corner (:meth:`sight_lines`)."""
        msg = "hex line of sight joins corners, not centres: use sees() or sight_lines()"
        raise NotImplementedError(msg)

    # -- range

    def passable_for_range(self, space: SpaceId) -> bool:
        """Whether a range count may go through the hex (not a wall hex, closed or locked door, off map)."""
        return self.contains(space) and not self.blocks_sight(space)

    def range_distances(self, origin: SpaceId) -> Mapping[Hex, int]:
        """Fewest steps from ``origin`` to every hex a range count reaches (L499-502): BFS, cached."""
        h = _hex(origin)
        cache = self._range_cache
        if h not in cache:
            found = {h: 0}
            queue = deque([h])
            links = self._range_links
            while queue:
                here = queue.popleft()
                for n in links.get(here, ()):
                    if n not in found:
                        found[n] = found[here] + 1
                        queue.append(n)
            cache[h] = found
        return cache[h]

    def range_distance(self, a: SpaceId, b: SpaceId) -> int | None:
        """The range from ``a`` to ``b`` counted around walls and closed doors; ``None`` when no path."""
        return self.range_distances(a).get(_hex(b))

    @cached_property
    def _range_cache(self) -> dict[Hex, dict[Hex, int]]:
        return {}

    @cached_property
    def _range_links(self) -> dict[Hex, tuple[Hex, ...]]:
        """Each hex's adjacent hexes that a range count may enter."""
        return {_hex(h): tuple(n for n in self.adjacent(h) if self.passable_for_range(n)) for h in self.spaces()}

    # -- line of sight

    @cached_property
    def _blockers(self) -> tuple[_Blocker, ...]:
        found: list[_Blocker] = []
        outside: set[Hex] = set()
        for space in self.spaces():
            h = _hex(space)
            feature = self.feature(h)
            if feature in SIGHT_BLOCKERS:
                what = "wall" if feature == "wall" else "door"
                found.append(_Blocker(what, h, _box(geometry.corners(h))))
            outside.update(n for n in geometry.around(h) if not self.contains(n))
        found.extend(_Blocker("outside", h, _box(geometry.corners(h))) for h in sorted(outside))
        return tuple(found)

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
        points = (*geometry.corners(a), *geometry.corners(b))
        box = _box(points)
        sums = [x + y for x, y in points]
        diffs = [x - y for x, y in points]
        low_s, high_s, low_d, high_d = min(sums), max(sums), min(diffs), max(diffs)

        x0, y0, x1, y1 = box
        blockers = [
            k
            for k in self._blockers
            if k.box[0] <= x1
            and x0 <= k.box[2]
            and k.box[1] <= y1
            and y0 <= k.box[3]
            and low_s <= k.slab[1]  # the hull of both hexes lies within the x + y and x - y slabs too
            and k.slab[0] <= high_s
            and low_d <= k.slab[3]
            and k.slab[2] <= high_d
        ]
        walls = [w for w in self._thin_walls if _overlap(_box(w), box)]
        return blockers, walls

    def _line(
        self, p: Point, q: Point, blockers: Sequence[_Blocker], walls: Sequence[tuple[Point, Point]]
    ) -> SightLine:
        """Everything the segment ``p q`` touches."""
        touched = {k.what for k in blockers if geometry.segment_touches_hex(p, q, k.hex)}
        wall, corner = "wall" in touched, False
        for a, b in walls:
            if not geometry.segments_touch(p, q, a, b):
                continue
            at_end = geometry.on_segment(a, p, q) or geometry.on_segment(b, p, q)
            collinear = geometry.orient(p, q, a) == 0 and geometry.orient(p, q, b) == 0
            if at_end and not collinear:
                corner = True
            else:
                wall = True
        return SightLine(p, q, wall=wall, wall_corner=corner, door="door" in touched, outside="outside" in touched)

    @staticmethod
    def _clear(p: Point, q: Point, blockers: Sequence[_Blocker], walls: Sequence[tuple[Point, Point]]) -> bool:
        """Whether the segment ``p q`` touches no blocker and no thin wall (stops at the first)."""
        for k in blockers:
            if geometry.segment_touches_hex(p, q, k.hex):
                return False
        return not any(geometry.segments_touch(p, q, a, b) for a, b in walls)

    def sight_lines(self, a: SpaceId, b: SpaceId) -> tuple[SightLine, ...]:
        """The 36 corner-to-corner segments from ``a`` to ``b`` with what each touches, in corner order."""
        ha, hb = _hex(a), _hex(b)
        blockers, walls = self._near(ha, hb)
        return tuple(self._line(p, q, blockers, walls) for p, q in geometry.corner_pairs(ha, hb))

    def clear_line(self, a: SpaceId, b: SpaceId) -> SightLine | None:
        """The first clear corner-to-corner segment from ``a`` to ``b``, or ``None`` (GH.LOS.DEF's test)."""
        ha, hb = _hex(a), _hex(b)
        blockers, walls = self._near(ha, hb)
        spoilt = self._spoilt_corners
        for p, q in geometry.corner_pairs(ha, hb):
            if p not in spoilt and q not in spoilt and self._clear(p, q, blockers, walls):
                return self._line(p, q, blockers, walls)
        return None

    @cached_property
    def _spoilt_corners(self) -> frozenset[Point]:
        """Corner points on a blocker (wall hex, door, outside, thin wall end): no clear line starts there."""
        points = {c for k in self._blockers for c in geometry.corners(k.hex)}
        points.update(end for wall in self._thin_walls for end in wall)
        return frozenset(points)

    def sees(self, a: SpaceId, b: SpaceId) -> bool:
        """Whether some corner of ``a`` joins some corner of ``b`` touching nothing that blocks (cached).

        A hex sees itself. Figures, obstacles and terrain are not considered (they never block).
        """
        ha, hb = _hex(a), _hex(b)
        if ha == hb:
            return True
        key = frozenset((ha, hb))
        cache = self._sight_cache
        if key not in cache:
            cache[key] = self.clear_line(ha, hb) is not None
        return cache[key]

    def crossed(self, p: Point, q: Point) -> tuple[Hex, ...]:
        """The on-map hexes whose interior the segment ``p q`` passes through, in reading order."""
        box = _box((p, q))
        out = []
        for space in self.spaces():
            h = _hex(space)
            poly = geometry.corners(h)
            if _overlap(_box(poly), box) and geometry.segment_enters_polygon(p, q, poly):
                out.append(h)
        return tuple(out)

    # -- map fields and drawing

    def map_fields(self, map_kind: str) -> dict[str, Any]:  # noqa: ARG002 - one kind of hex map
        """``terrain`` rows (even rows indented, as the contract writes them) and ``walls``."""
        terrain = [MapText((" " if i % 2 else "") + " ".join(row)) for i, row in enumerate(self.rows)]
        fields: dict[str, Any] = {"terrain": terrain}
        if self.walls:
            pairs = sorted(sorted((_hex(h) for h in edge), key=self.sort_key) for edge in self.walls)
            fields["walls"] = [[self.name(a), self.name(b)] for a, b in pairs]
        return fields


def build_map(terrain: Sequence[str], walls: Iterable[tuple[SpaceId, SpaceId]] = ()) -> HexMap:
    """A map from terrain rows (spaces ignored) and wall pairs; ``ValueError`` naming the bad row or wall."""
    rows = tuple("".join(text.split()) for text in terrain)
    if not rows or not rows[0]:
        msg = "a map needs at least one row with at least one hex"
        raise ValueError(msg)
    for number, row in enumerate(rows, 1):
        if len(row) != len(rows[0]):
            msg = f"row {number} has {len(row)} hexes, row 1 has {len(rows[0])} (every row has the same number)"
            raise ValueError(msg)
        bad = sorted({c for c in row if c not in FEATURES})
        if bad:
            msg = f"row {number}: unknown terrain character {bad[0]!r} (known: {' '.join(FEATURES)})"
            raise ValueError(msg)
    board = HexMap(rows)
    edges: set[Edge] = set()
    for a, b in walls:
        ha, hb = _hex(a), _hex(b)
        for h in (ha, hb):
            if not board.contains(h):
                raise ValueError(board.not_on_map(h))
        if hb not in geometry.around(ha):
            msg = f"{hex_name(ha)} and {hex_name(hb)} do not share a side, so no thin wall lies between them"
            raise ValueError(msg)
        edges.add(frozenset((ha, hb)))
    return HexMap(rows, frozenset(edges))
