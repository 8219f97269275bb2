"""What a line of fire meets on the map alone, worked out once per board and pair of squares.

Everything here depends on the board (terrain, elevation, walls) and the two
end squares only: not on the pieces, the objects or the rules.
:mod:`adjudicator.games.clix.lof_facts` reads a :class:`LineMap` for every
line and adds what the situation holds (occupants, objects, doorways) and what
the rules decide. A board is shared by every table of a situation and by every
situation built from one map, so each line's map facts are computed once
(:func:`line_map`).

A :class:`BoardMap` also keeps, for the life of its board, two stores that do
depend on more than the map: line facts (:attr:`BoardMap.facts`) and line of
fire reports (:attr:`BoardMap.reports`), each entry holding what it was made
from; :func:`adjudicator.games.clix.lof_facts.line_facts` and
:func:`adjudicator.games.clix.lof.line_of_fire` say when an entry may be reused.

Elevation (see :mod:`adjudicator.games.clix.lof_facts`): with ``low`` the
lower of the two ends' levels, a square *counts* for the line when its level
is ``low`` or higher.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, NamedTuple

from adjudicator.spaces.base import Crossing, Edge, Line, Space, SpaceId

if TYPE_CHECKING:
    from collections.abc import Hashable

Kept = tuple[object, ...]
"""An entry of a :class:`BoardMap`'s stores, as the module that keeps it writes it and reads it back
(:data:`adjudicator.games.clix.lof_facts.KeptFacts`, :data:`adjudicator.games.clix.lof.KeptReport`)."""

BLOCKING = "blocking"
HINDERING = "hindering"

LINES_PER_BOARD = 1 << 14
"""Lines kept per board before its store is emptied (a bound for long scans over every pair of squares)."""


class CornerMap(NamedTuple):
    """The two squares a line passes exactly between at a vertex (``Crossing.sides``), per side."""

    sides: tuple[SpaceId, SpaceId]
    counted: tuple[bool, bool]
    """Whether the side counts for the line (its level is the line's or higher)."""
    blocking: tuple[bool, bool]
    """Blocking terrain that counts."""
    hindering: tuple[bool, bool]
    """Hindering terrain that counts (water is clear for line of fire)."""
    at_low: tuple[bool, bool]
    """Whether the side stands at the line's own level."""


class CrossingMap(NamedTuple):
    """One step of a line's path, with the board's walls."""

    crossing: Crossing
    edge: Edge | None
    """The shared edge of an orthogonal step; ``None`` at a vertex."""
    counted: bool
    """Whether either square of the step counts for the line."""
    wall_cut: bool
    """Walls cut the two squares apart here (and they count)."""
    wall_words: str
    """``the wall between C3 and C4`` when ``wall_cut``, else empty."""
    at_low: bool
    """Whether either square of the step stands at the line's own level."""
    wall_end: bool
    """A vertex the walls only touch, without cutting it (and the squares count)."""
    corner: CornerMap | None
    """The two side squares of a vertex step; ``None`` for an edge."""
    position: int
    """The step's place in ``Line.crossings``."""


class LineMap(NamedTuple):
    """The map facts of the line from the centre of ``line.start`` to the centre of ``line.end``."""

    line: Line
    path: tuple[SpaceId, ...]
    path_counted: tuple[bool, ...]
    """Per square of the path: whether it counts for the line."""
    path_at_low: tuple[bool, ...]
    """Per square of the path: whether it stands at the line's own level."""
    interior_counted: tuple[SpaceId, ...]
    """Interior squares that count for the line, in order."""
    low: int
    name: str
    """``A2-E2``."""
    crossings: tuple[CrossingMap, ...]
    """The steps that matter without doorways: every vertex, and every edge a wall cuts (see :meth:`every_crossing`)."""
    crosses_blocking: bool
    """Blocking terrain that counts on the path (walls and objects not included)."""
    lower_blocking: bool
    """Blocking terrain on the path at the line's own level."""
    levels_differ: bool
    higher: bool
    """Some interior square is above the line's level."""
    hindering_marks: tuple[bool, ...]
    """Hindering terrain that counts, per square of the path."""
    blocking_named: tuple[str, ...]
    """``blocking terrain at C3`` for each square of the path with blocking terrain that counts."""
    spaces_on_route: int
    crosses_hindering_boundary: bool
    same_hindering_area: bool
    start_area: int | None
    """The hindering area of the start square (:attr:`BoardMap.areas`)."""
    edge_exit_possible: bool
    """The attacker stands in hindering terrain and the line leaves it for good (hx2008 L461-465)."""
    target_in_hindering: bool

    def every_crossing(self) -> tuple[CrossingMap, ...]:
        """Every step of the path, in order (a doorway may sit on any edge)."""
        notable = {step.position: step for step in self.crossings}
        counted, at_low = self.path_counted, self.path_at_low
        return tuple(
            notable.get(i)
            or CrossingMap(
                crossing=crossing,
                edge=crossing.edges[0],
                counted=counted[i] or counted[i + 1],
                wall_cut=False,
                wall_words="",
                at_low=at_low[i] or at_low[i + 1],
                wall_end=False,
                corner=None,
                position=i,
            )
            for i, crossing in enumerate(self.line.crossings)
        )


class BoardMap:
    """A board's per-square data and the map facts of its lines, computed on demand and kept."""

    __slots__ = (
        "_areas",
        "_board",
        "_met",
        "facts",
        "flat",
        "levels",
        "lines",
        "names",
        "reports",
        "terrain",
        "walled",
    )

    def __init__(self, board: Space) -> None:
        self._board = weakref.ref(board)
        self.levels: dict[SpaceId, int] = {}
        self.terrain: dict[SpaceId, str | None] = {}
        for space in board.spaces():  # one pass: a board lists its spaces in order, sorting them each time
            self.levels[space] = board.level(space)
            self.terrain[space] = board.terrain_at(space)
        self.flat: int | None = next(iter(self.levels.values())) if len(set(self.levels.values())) == 1 else None
        """The level of every square of the map when they share one (the usual case), else ``None``."""
        self.walled: frozenset[SpaceId] = frozenset(space for wall in board.walls for space in wall)
        """Every square a wall touches."""
        self.lines: dict[tuple[SpaceId, SpaceId], LineMap] = {}
        self.names: dict[SpaceId, str] = {}
        self._met: dict[tuple[SpaceId, SpaceId], frozenset[Edge]] = {}
        self._areas: dict[SpaceId, int] | None = None
        self.facts: dict[Hashable, Kept] = {}
        """Line facts of :func:`adjudicator.games.clix.lof_facts.line_facts` kept with what they depend on
        beyond the board (that function says why keeping them is sound); :meth:`keep_facts` adds one."""
        self.reports: dict[Hashable, Kept] = {}
        """Reports of :func:`adjudicator.games.clix.lof.line_of_fire` kept with their facts and the decisions
        they asked (that function says why keeping them is sound); :meth:`keep_report` adds one."""

    @property
    def board(self) -> Space:
        """The board (alive while anyone asks: :func:`board_map` is reached through it)."""
        board = self._board()
        if board is None:  # pragma: no cover - a BoardMap is only reached through its live board
            raise ReferenceError("the board of this BoardMap is gone")
        return board

    def level(self, square: SpaceId) -> int:
        """The square's level (the board's answer for a square off the map)."""
        level = self.levels.get(square)
        return self.board.level(square) if level is None else level

    def name(self, square: SpaceId) -> str:
        """The square's name (``C3``), kept once made."""
        name = self.names.get(square)
        if name is None:
            name = self.names[square] = self.board.name(square)
        return name

    @property
    def areas(self) -> dict[SpaceId, int]:
        """Label of the continuous hindering area of every hindering square (see :func:`_hindering_areas`)."""
        if self._areas is None:
            self._areas = _hindering_areas(self.board)
        return self._areas

    def edges_met(self, line: LineMap) -> frozenset[Edge]:
        """Every edge the line crosses or touches at a vertex it passes through (asked where doorways are)."""
        key = (line.line.start, line.line.end)
        met = self._met.get(key)
        if met is None:
            if len(self._met) >= LINES_PER_BOARD:
                self._met.clear()
            met = self._met[key] = frozenset(edge for crossing in line.line.crossings for edge in crossing.edges)
        return met

    def keep_facts(self, key: Hashable, kept: Kept) -> None:
        """Keep one entry of :attr:`facts` (the store is emptied first when full, as :attr:`lines` is)."""
        if len(self.facts) >= LINES_PER_BOARD:
            self.facts.clear()
        self.facts[key] = kept

    def keep_report(self, key: Hashable, kept: Kept) -> None:
        """Keep one entry of :attr:`reports` (the store is emptied first when full, as :attr:`lines` is)."""
        if len(self.reports) >= LINES_PER_BOARD:
            self.reports.clear()
        self.reports[key] = kept

    def line(self, start: SpaceId, end: SpaceId) -> LineMap:
        """The map facts of the line ``start`` -> ``end`` (two different squares)."""
        key = (start, end)
        hit = self.lines.get(key)
        if hit is None:
            if len(self.lines) >= LINES_PER_BOARD:
                self.lines.clear()
            hit = self.lines[key] = _LineMapBuilder(self, start, end).build()
        return hit


class _LineMapBuilder:
    """Computes one :class:`LineMap`: a single pass over the path, then the steps that matter."""

    def __init__(self, board_map: BoardMap, start: SpaceId, end: SpaceId) -> None:
        self.board_map = board_map
        self.board = board_map.board
        self.start, self.end = start, end
        self.line = self.board.line(start, end)
        self.path = self.line.path()
        self.low = min(board_map.level(start), board_map.level(end))

    def build(self) -> LineMap:
        """Every map fact of the line."""
        board_map, path, low, crossings = self.board_map, self.path, self.low, self.line.crossings
        terrain = board_map.terrain
        kinds = [terrain.get(sq) for sq in path]
        walls = self.board.walls
        if board_map.flat is not None and None not in kinds:
            # one level everywhere on the path: every square counts and stands at the line's level
            counted = at_low = (True,) * len(path)
            levels_differ = higher = False
            interior_counted = self.line.interior
            blocking = [kind == BLOCKING for kind in kinds]
            marks = tuple([kind == HINDERING for kind in kinds])
            lower_blocking = BLOCKING in kinds
        else:
            levels = [board_map.level(sq) for sq in path]
            counted = tuple([level >= low for level in levels])
            at_low = tuple([level == low for level in levels])
            levels_differ = levels[0] != levels[-1]
            higher = any(level > low for level in levels[1:-1])
            interior_counted = tuple(sq for sq, c in zip(path[1:-1], counted[1:-1], strict=True) if c)
            blocking = [kind == BLOCKING and c for kind, c in zip(kinds, counted, strict=True)]
            marks = tuple([kind == HINDERING and c for kind, c in zip(kinds, counted, strict=True)])
            lower_blocking = any(kind == BLOCKING and a for kind, a in zip(kinds, at_low, strict=True))
        if board_map.walled.isdisjoint(path):  # no wall on an edge of the path: only its corners matter
            steps = tuple(
                [
                    self._step(i, crossing, counted[i] or counted[i + 1], at_low[i] or at_low[i + 1])
                    for i, crossing in enumerate(crossings)
                    if crossing.sides
                ]
            )
        else:
            steps = tuple(
                [
                    self._step(i, crossing, counted[i] or counted[i + 1], at_low[i] or at_low[i + 1])
                    for i, crossing in enumerate(crossings)
                    if crossing.sides or (crossing.edges[0] in walls and (counted[i] or counted[i + 1]))
                ]
            )
        crosses, same_area, start_area, edge_exit = False, False, None, False
        if True in marks:
            areas = board_map.areas
            start_area = areas.get(self.start)
            same_area = marks[0] and marks[-1] and start_area is not None and start_area == areas.get(self.end)
            if not marks[0]:
                crosses = True  # from clear ground into the hindering terrain further on
            elif False in marks:
                # leaving the attacker's hindering terrain: into hindering terrain again later, or for good
                crosses = True in marks[marks.index(False) :]
                edge_exit = not crosses
        name = board_map.name
        crosses_blocking = True in blocking
        return LineMap(
            line=self.line,
            path=path,
            path_counted=counted,
            path_at_low=at_low,
            interior_counted=interior_counted,
            low=low,
            name=f"{name(self.start)}-{name(self.end)}",
            crossings=steps,
            crosses_blocking=crosses_blocking,
            lower_blocking=lower_blocking,
            levels_differ=levels_differ,
            higher=higher,
            hindering_marks=marks,
            blocking_named=tuple(
                [f"blocking terrain at {name(sq)}" for sq, b in zip(path, blocking, strict=True) if b]
                if crosses_blocking
                else ()
            ),
            spaces_on_route=self.board.distance(self.start, self.end) + 1,
            crosses_hindering_boundary=crosses,
            same_hindering_area=bool(same_area),
            start_area=start_area,
            edge_exit_possible=edge_exit,
            target_in_hindering=kinds[-1] == HINDERING,
        )

    def _step(self, index: int, crossing: Crossing, counted: bool, at_low: bool) -> CrossingMap:
        """The walls and side squares of one step of the path."""
        board, walls = self.board, self.board.walls
        a, b = crossing.left, crossing.entered
        if not crossing.sides:
            words = self._wall_words(a, b)
            return CrossingMap(
                crossing=crossing,
                edge=crossing.edges[0],
                counted=counted,
                wall_cut=True,
                wall_words=words,
                at_low=at_low,
                wall_end=False,
                corner=None,
                position=index,
            )
        s1, s2 = crossing.sides[0], crossing.sides[1]
        near_wall = not self.board_map.walled.isdisjoint((a, b, s1, s2))  # the four squares at the vertex
        wall_cut = near_wall and counted and board.separates(walls, a, b)
        touching = near_wall and any(e in walls for e in crossing.edges)
        level, low, terrain = self.board_map.level, self.low, self.board_map.terrain
        l1, l2 = level(s1), level(s2)
        c1, c2 = l1 >= low, l2 >= low
        corner = CornerMap(
            sides=(s1, s2),
            counted=(c1, c2),
            blocking=(c1 and terrain.get(s1) == BLOCKING, c2 and terrain.get(s2) == BLOCKING),
            hindering=(c1 and terrain.get(s1) == HINDERING, c2 and terrain.get(s2) == HINDERING),
            at_low=(l1 == low, l2 == low),
        )
        words = self._wall_words(a, b, at_vertex=True) if wall_cut else ""
        return CrossingMap(
            crossing, None, counted, wall_cut, words, at_low, not wall_cut and touching and counted, corner, index
        )

    def _wall_words(self, a: SpaceId, b: SpaceId, *, at_vertex: bool = False) -> str:
        """``the wall between C3 and C4``, or the walls meeting at the corner a diagonal line passes through."""
        first, second = sorted((a, b), key=self.board.sort_key)
        names = f"{self.board_map.name(first)} and {self.board_map.name(second)}"
        return f"the walls at the corner between {names}" if at_vertex else f"the wall between {names}"


def _hindering_areas(board: Space) -> dict[SpaceId, int]:
    """Label of the continuous hindering area of every hindering square (edge or corner contact, hx2008 L453)."""
    labels: dict[SpaceId, int] = {}
    for square in board.spaces():
        if board.terrain_at(square) != HINDERING or square in labels:
            continue
        label = len(labels)
        labels[square] = label
        todo = [square]
        while todo:
            here = todo.pop()
            for other in board.neighbours(here):
                if other not in labels and board.terrain_at(other) == HINDERING:
                    labels[other] = label
                    todo.append(other)
    return labels


_BOARDS: dict[int, BoardMap] = {}
"""Board maps by the identity of their board (equal boards are not compared: that costs more than a line)."""


def board_map(board: Space) -> BoardMap:
    """The :class:`BoardMap` of a board, made on first use and dropped with the board."""
    key = id(board)
    found = _BOARDS.get(key)
    if found is None or found._board() is not board:  # noqa: SLF001 - this module's own class
        found = _BOARDS[key] = BoardMap(board)
        weakref.finalize(board, _BOARDS.pop, key, None).atexit = False
    return found


def line_map(board: Space, start: SpaceId, end: SpaceId) -> LineMap:
    """The map facts of the line ``start`` -> ``end`` on ``board``, computed once per board and pair."""
    return board_map(board).line(start, end)
