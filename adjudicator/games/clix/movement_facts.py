"""The facts of one move, square by square, for the movement decisions.

A :class:`MoveFacts` is built once per query for one mover. It knows who
stands where (the mover itself removed from its start square, which it
vacates on its first step), which opposing monsters the mover escaped at the
start, the portals' doorway edges and the objects, and turns a step
``a -> b`` in a flight mode into the fact vectors of ``move.can_enter``,
``move.must_stop`` and ``move.can_end``. The rules decide; nothing here says
whether a step is allowed.

Fact vectors are plain tuples in a fixed internal order (see ``ENTER``,
``STOP`` and ``END``) so that the search can look decisions up in a dict
without building and sorting a mapping per step; :meth:`MoveFacts.decide`
projects a vector onto the facts the decision declares on a cache miss.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Final, Generic, TypeVar, cast
from weakref import ref

from adjudicator.core.engine import Result
from adjudicator.core.expr.compile import Value
from adjudicator.games.clix.model import HOURGLASS, Piece, Situation
from adjudicator.games.clix.table import FlightLevel, Relation, Table
from adjudicator.spaces.base import Edge, Space, SpaceId, Step

MAX_FACT_SPEED: Final = 20
"""Upper end of the speed facts' domain."""
MAX_MODE_CHANGES: Final = 4
"""Upper end of the ``mode_changes`` fact's domain."""
MAX_ADJACENT: Final = 8
"""Upper end of the ``adjacent_opposing`` fact's domain."""

SPEED_MODE: Final = {"foot": "foot", "flight": "wing", "swim": "water"}
"""The piece's ``move`` field to the ``speed_mode`` fact."""

ENTER: Final = (
    "flight",
    "terrain",
    "indoor",
    "occupant",
    "occupant_giant",
    "wall_between",
    "blocking_diagonal",
    "closed_doorway",
    "doorway_hostile",
    "level_change",
    "doorway_only_victims",
    "wall_indoor",
)
"""Order of the step-dependent facts of ``move.can_enter`` in a vector."""
STOP: Final = (
    "flight",
    "occupant",
    "adjacent_opposing_new",
    "new_adjacent_all_standard",
    "entered_hindering",
    "entered_water",
    "through_hindering_corner",
    "from_hindering",
)
"""Order of the step-dependent facts of ``move.must_stop`` in a vector."""
END: Final = ("flight", "occupant", "object", "terrain")
"""Order of the square-dependent facts of ``move.can_end`` in a vector."""

HINDERING: Final = "hindering"
WATER: Final = "water"
BLOCKING: Final = "blocking"

Vector = tuple[Value, ...]
NO_PAIR: Final[Vector] = (False, False, False, False, "none", False, False)
"""The pair part of an ``ENTER`` vector for a plain step (no wall, doorway or level change)."""


NO_STOP: Final[Vector] = (False, False, False, False)
"""The terrain part of a ``STOP`` vector for a step into clear terrain from clear terrain."""

StepInfo = tuple[SpaceId, Vector, Vector]
"""A step from a space: ``(b, pair part without doorways, terrain part of the stop vector)``."""
FlatStep = tuple[SpaceId, int, int, Vector, Vector]
"""A step from a space for the flat search: ``(b, b's index, landing key, pair part, terrain part)``; the landing
key is ``16 * index + `` the terrain part's four facts as bits for a plain step (pair part :data:`NO_PAIR`), and
``-2 - (that << 8 | `` the pair part's number in :data:`PAIR_NUMBERS` ``)`` (below -1) for any other (see
:meth:`BoardSteps.flat_steps`)."""
PAIR_NUMBERS: dict[Vector, int] = {}
"""Every pair part of a step that is not plain (a wall, a blocking diagonal, a level change), numbered as met: the
same numbers on every board."""
PAIR_LIMIT: Final = 256
"""The pair parts a landing key can number (eight bits); a step with a part met later has key -1, never kept."""


def pair_key(plain: int, pair: Vector) -> int:
    """The landing key of a step with pair part ``pair`` whose plain key (index and terrain bits) is ``plain``."""
    number = PAIR_NUMBERS.get(pair)
    if number is None:
        number = PAIR_NUMBERS[pair] = len(PAIR_NUMBERS)
    return -2 - (plain << 8 | number) if number < PAIR_LIMIT else -1


def outcome_kind(square_class: int, key: int) -> int:
    """Where a step's outcome is kept (``Search._run_flat``), by the parts it depends on.

    The class of the square entered and the key's terrain bits, and for a step that is not plain its pair
    part's number (never the same as a plain step's). ``key`` is a landing key other than -1 (:data:`FlatStep`).
    """
    if key >= 0:
        return square_class << 4 | key & 15
    plain = -2 - key
    return ~((square_class << 4 | plain >> 8 & 15) << 8 | plain & 255)


def key_index(key: int) -> int:
    """The number of the square a landing key enters (-1 for the key -1)."""
    return key >> 4 if key >= 0 else -1 if key == -1 else (-2 - key) >> 12


class BoardSteps:
    """The board-only facts of every step from a space, computed once per board.

    It refers to its board weakly: kept per board (:func:`board_steps`), it must not keep the board alive.
    """

    def __init__(self, board: Space) -> None:
        self._board = ref(board)
        self._steps: dict[SpaceId, tuple[StepInfo, ...]] = {}
        self._vertex: dict[tuple[SpaceId, SpaceId], bool] = {}
        self._names: dict[SpaceId, str] = {}
        self._terrain: dict[SpaceId, str] = {}
        self._sides: dict[tuple[SpaceId, SpaceId], tuple[SpaceId, ...]] = {}
        self._neighbours: dict[SpaceId, tuple[SpaceId, ...]] = {}
        self._flat: tuple[
            dict[SpaceId, int], list[SpaceId], dict[int, tuple[FlatStep, ...]], dict[int, tuple[int, ...]]
        ] = ({}, [], {}, {})
        """:meth:`index` and :meth:`flat_steps`: each space's number (given as spaces are met), the spaces by
        number, and the flat steps and their landing keys by the number of the space they start from."""
        self._spaces: list[tuple[SpaceId, ...]] = []
        """:attr:`spaces` once worked out (a list, so that twins share it: ``Space.spaces`` sorts every call)."""

    @property
    def board(self) -> Space:
        """The board (alive while anyone asks about its steps)."""
        board = self._board()
        if board is None:
            raise ReferenceError("the board of these steps is gone")
        return board

    def twin(self, board: Space) -> BoardSteps:
        """Steps of ``board``, equal to this one's board, sharing the tables worked out so far (and from now on).

        Every table holds facts of the board's content only (terrain, levels, walls, stairs, names), so
        boards that compare equal share them; each twin refers (weakly) to its own board.
        """
        if self._board() is board:
            return self
        twin = BoardSteps(board)
        twin._steps, twin._vertex, twin._names, twin._terrain = self._steps, self._vertex, self._names, self._terrain
        twin._flat, twin._spaces, twin._sides = self._flat, self._spaces, self._sides
        twin._neighbours = self._neighbours
        return twin

    @property
    def numbered(self) -> list[SpaceId]:
        """The spaces numbered so far, by number (see :meth:`index`)."""
        return self._flat[1]

    @property
    def flat_made(self) -> dict[int, tuple[FlatStep, ...]]:
        """The :meth:`flat_steps` worked out so far, by the number of the space they start from."""
        return self._flat[2]

    @property
    def flat_keys(self) -> dict[int, tuple[int, ...]]:
        """The landing keys of :attr:`flat_made`'s steps, in their order, by the number of the space they start from."""
        return self._flat[3]

    def index(self, square: SpaceId) -> int:
        """The space's number: spaces are numbered as the searches meet them (so only those reached are)."""
        numbers, spaces, _, _ = self._flat
        hit = numbers.get(square)
        if hit is None:
            hit = numbers[square] = len(spaces)
            spaces.append(square)
        return hit

    def flat_steps(self, a: int) -> tuple[FlatStep, ...]:
        """:meth:`steps` from the space numbered ``a``, each with the number of the space entered and its landing key.

        The key is the number and the terrain part, and for a step that is not plain (a wall, a blocking
        diagonal, a level change) the number of its pair part too (:data:`FlatStep`): a step's outcome for a
        mover depends on nothing else. The flat search tells a plain step by its key's sign.
        """
        flat = self._flat[2]
        hit = flat.get(a)
        if hit is None:
            index = self.index
            made = []
            for b, pair, t in self.steps(self._flat[1][a]):
                plain = index(b) * 16 + sum(1 << n for n, fact in enumerate(t) if fact)
                made.append((b, index(b), plain if pair is NO_PAIR else pair_key(plain, pair), pair, t))
            hit = flat[a] = tuple(made)
            self._flat[3][a] = tuple(step[2] for step in hit)
        return hit

    def steps(self, a: SpaceId) -> tuple[StepInfo, ...]:
        """Every step from ``a`` with its board facts."""
        hit = self._steps.get(a)
        if hit is None:
            board = self.board
            hit = tuple((step.to, *self._step(board, step)) for step in board.steps(a))
            self._steps[a] = hit
        return hit

    @property
    def spaces(self) -> tuple[SpaceId, ...]:
        """The board's spaces in its order (``Space.spaces``, kept for every board of this content)."""
        kept = self._spaces
        if not kept:
            kept.append(self.board.spaces())
        return kept[0]

    def neighbours(self, square: SpaceId) -> tuple[SpaceId, ...]:
        """The board's neighbours of a space (``Space.neighbours``, kept: every mover asks about its own)."""
        hit = self._neighbours.get(square)
        if hit is None:
            hit = self._neighbours[square] = tuple(self.board.neighbours(square))
        return hit

    def name(self, square: SpaceId) -> str:
        """The board's name of a space (kept: answers name hundreds of squares)."""
        hit = self._names.get(square)
        if hit is None:
            hit = self._names[square] = self.board.name(square)
        return hit

    def terrain(self, square: SpaceId) -> str:
        """The terrain word of a space as a string (``"None"`` off the map), kept per board."""
        hit = self._terrain.get(square)
        if hit is None:
            hit = self._terrain[square] = str(self.board.terrain_at(square))
        return hit

    def is_vertex(self, a: SpaceId, b: SpaceId) -> bool:
        """Whether the step between neighbours ``a`` and ``b`` passes a vertex (a diagonal step)."""
        key = (a, b)
        hit = self._vertex.get(key)
        if hit is None:
            hit = self._vertex[key] = self.board.step(a, b).vertex
        return hit

    def corner_sides(self, a: SpaceId, b: SpaceId) -> tuple[SpaceId, ...]:
        """The two squares beside the corner point a diagonal step ``a -> b`` passes, in the board's order.

        Kept (as :meth:`is_vertex` is): HeroClix classes the corner point of every diagonal step it meets.
        """
        key = (a, b)
        hit = self._sides.get(key)
        if hit is None:
            board = self.board
            hit = self._sides[key] = tuple(sorted(board.step(a, b).sides, key=board.sort_key))
        return hit

    def _step(self, board: Space, step: Step) -> tuple[Vector, Vector]:
        a, b = step.frm, step.to
        self._vertex[a, b] = step.vertex
        wall = step.separated
        terrain = self.terrain  # kept strings: "None" off the map compares as None did
        ta, tb = terrain(a), terrain(b)
        blocking_diag = corner = False
        if step.vertex:
            t1, t2 = (terrain(side) for side in step.sides)
            blocking_diag = t1 == BLOCKING and t2 == BLOCKING
            corner = ta != HINDERING and t1 == HINDERING and t2 == HINDERING
        level = "none"
        if board.level(a) != board.level(b):
            level = "by_stairs" if board.has_stairs(a) and board.has_stairs(b) else "without_stairs"
        pair = (
            NO_PAIR
            if not (wall or blocking_diag or level != "none")
            else (wall, blocking_diag, False, False, level, False, False)
        )
        stop = (
            tb == HINDERING and ta != HINDERING,
            tb == WATER and ta != WATER,
            corner,
            ta in (HINDERING, WATER),
        )
        return pair, stop


T = TypeVar("T")


class PerBoard(Generic[T]):
    """Values worked out once per board object (or situation), found by the object's identity.

    Boards compare by value, and boards of one size hash alike: a ``WeakKeyDictionary`` compares a board
    with every live board of its size on each lookup. An entry goes when its board does.
    """

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[ref[object], T]] = {}

    def get(self, board: object) -> T | None:
        """The value kept for this very board, if any."""
        hit = self._by_id.get(id(board))
        return hit[1] if hit is not None and hit[0]() is board else None

    def put(self, board: object, value: T) -> T:
        """Keep ``value`` for ``board`` (until the board is gone) and return it."""
        key = id(board)
        entries = self._by_id

        def forget(gone: ref[object]) -> None:
            entry = entries.get(key)
            if entry is not None and entry[0] is gone:
                del entries[key]

        entries[key] = (ref(board, forget), value)
        return value


_BOARD_STEPS: PerBoard[BoardSteps] = PerBoard()
_BY_CONTENT: dict[Space, BoardSteps] = {}
"""The steps of the last few maps by their content (boards compare by value): a new board object of a map seen
before (a new ``ask`` on the same map, a server's repeated question) shares what was worked out for it."""
CONTENT_KEEP: Final = 8
"""At most this many maps are kept by content (each keeps one board object of that content alive while kept)."""


def board_steps(board: Space) -> BoardSteps:
    """The shared :class:`BoardSteps` of a board (of an equal board seen before, when there was one)."""
    return _BOARD_STEPS.get(board) or _BOARD_STEPS.put(board, _steps_by_content(board))


def _steps_by_content(board: Space) -> BoardSteps:
    """New steps for ``board``, sharing their tables with those of an equal board kept by content."""
    try:
        kept = _BY_CONTENT.pop(board, None)
    except TypeError:  # a space that does not hash: nothing shared
        return BoardSteps(board)
    if kept is None:
        kept = BoardSteps(board)
    _BY_CONTENT[board] = kept  # most recently used last
    while len(_BY_CONTENT) > CONTENT_KEEP:
        del _BY_CONTENT[next(iter(_BY_CONTENT))]
    return kept.twin(board)


class SharedParts:
    """A mover's parts of the fact vectors by square, shared by every table of situations alike in all but the query.

    The square and end parts depend on the board, the map kind, the pieces, the objects and the mover only;
    the stop parts also on the opposing monsters escaped and on the ``adjacent.is`` decisions, which every
    table asks for itself (:meth:`MoveFacts.near_opponents`) before the search reads them, and which come
    out the same under one spec, ruleset, scenario, readings and given facts (:func:`shared_parts` keys on
    them). The situations of one witness board (two rulesets, many queries) share one board, pieces tuple
    and objects tuple.
    """

    def __init__(self, situation: Situation, mover: Piece, spec: object) -> None:
        self.mover = mover
        self.spec = spec
        self.pieces = situation.pieces
        """The situation's pieces (the very tuple: while kept here, no other tuple can take its identity)."""
        self.objects = situation.objects
        self.square_parts: dict[SpaceId, Vector] = {}
        self.end_parts: dict[SpaceId, Vector] = {}
        self.end_classes: dict[SpaceId, int] = {}
        """``MoveFacts.end_class`` by square (not by its number: boards alike share these parts, and a board's
        squares are numbered as its searches meet them)."""
        self.stop_parts: dict[frozenset[str], dict[SpaceId, Vector]] = {}
        """By the ids of the opposing monsters escaped at the start."""
        self.classes: dict[frozenset[str], dict[SpaceId, int]] = {}
        """``MoveFacts.square_class`` by square, by the ids of the opposing monsters escaped at the start."""

    def fits(self, situation: Situation, mover: Piece, spec: object) -> bool:
        """Whether these parts are those of ``mover`` in ``situation`` (the same pieces, objects and spec)."""
        return (
            self.mover is mover
            and self.spec is spec
            and self.pieces is situation.pieces
            and self.objects is situation.objects
        )

    def twin(self, situation: Situation, mover: Piece) -> SharedParts:
        """These parts for ``mover`` in ``situation``, equal in content to theirs: the same stores, filled alike."""
        twin = SharedParts(situation, mover, self.spec)
        twin.square_parts, twin.end_parts, twin.end_classes = self.square_parts, self.end_parts, self.end_classes
        twin.stop_parts, twin.classes = self.stop_parts, self.classes
        return twin

    def classes_for(self, escaped: frozenset[str]) -> dict[SpaceId, int]:
        """``MoveFacts.square_class`` by square when the mover escaped ``escaped``."""
        found = self.classes.get(escaped)
        if found is None:
            found = self.classes[escaped] = {}
        return found

    def stop_parts_for(self, escaped: frozenset[str]) -> dict[SpaceId, Vector]:
        """The stop parts by square when the mover escaped ``escaped``."""
        found = self.stop_parts.get(escaped)
        if found is None:
            found = self.stop_parts[escaped] = {}
        return found


PartsKey = tuple[str, str, str, str | None, tuple[tuple[str, str], ...], tuple[tuple[str, object, type], ...]]
"""Mover id, ruleset, map kind, scenario, readings and given facts (each with its type: ``True == 1``)."""
_BOARD_PARTS: PerBoard[dict[PartsKey, list[SharedParts]]] = PerBoard()
"""Per board object, then :data:`PartsKey`: the :class:`SharedParts` of that mover in the last few situations
asked about (most recently asked first: a situation and the ones made from it by moving a piece, :func:`moved`)."""
PARTS_PER_MOVER: Final = 4
"""At most this many situations' parts are kept per board and mover."""


def shared_parts(situation: Situation, mover: Piece, spec: object) -> SharedParts:
    """The parts of ``mover``'s moves in ``situation`` under ``spec`` (empty at first, filled as asked)."""
    movers = _BOARD_PARTS.get(situation.board)
    if movers is None:
        movers = _BOARD_PARTS.put(situation.board, {})
    key = _parts_key(situation, mover)
    parts = _parts_kept(movers, key, situation, mover, spec)
    if parts is None:
        parts = _parts_by_content(situation, mover, spec, key)
        _keep_parts(movers, key, parts)
    return parts


def _parts_key(situation: Situation, mover: Piece) -> PartsKey:
    """The :data:`PartsKey` of ``mover`` in ``situation``."""
    return (
        mover.id,
        situation.ruleset,
        situation.map_kind,
        situation.scenario,
        tuple(sorted(situation.readings.items())),
        tuple(sorted((name, value, type(value)) for name, value in situation.facts.items())),
    )


def _parts_kept(
    movers: dict[PartsKey, list[SharedParts]], key: PartsKey, situation: Situation, mover: Piece, spec: object
) -> SharedParts | None:
    """The parts of ``mover`` in this very ``situation`` kept for its board, if any (then kept first)."""
    kept = movers.get(key, [])
    for at, parts in enumerate(kept):
        if parts.fits(situation, mover, spec):
            if at:
                kept.insert(0, kept.pop(at))
            return parts
    return None


def _keep_parts(movers: dict[PartsKey, list[SharedParts]], key: PartsKey, parts: SharedParts) -> None:
    """Keep ``parts`` first for ``key`` (at most :data:`PARTS_PER_MOVER` situations' parts per mover)."""
    kept = movers.get(key)
    if kept is None:
        movers[key] = [parts]
        return
    kept[:] = [parts, *(other for other in kept if other is not parts)][:PARTS_PER_MOVER]  # (an equal situation's)


_PARTS_BY_CONTENT: dict[tuple[object, ...], SharedParts] = {}
"""The parts of the last few movers by the content of their situation (the map, the pieces, the objects and
:data:`PartsKey`): a new situation object of a situation seen before (a new ``ask`` on the same board) shares
what was worked out for it, as the map's step tables do (:data:`_BY_CONTENT`)."""
PARTS_KEEP: Final = 256
"""At most this many movers' parts are kept by content (more than the pieces of any map a table holds: the movers
of one board are asked in turn, so a store smaller than their number would lose each one before its next turn)."""


def _parts_by_content(situation: Situation, mover: Piece, spec: object, key: PartsKey) -> SharedParts:
    """The parts of an equal mover in an equal situation kept by content, else new ones (then kept)."""
    content = (situation.board, situation.pieces, situation.objects, mover, key)
    try:
        kept = _PARTS_BY_CONTENT.pop(content, None)
    except TypeError:  # something that does not hash: nothing shared
        return SharedParts(situation, mover, spec)
    if kept is None or kept.spec is not spec:
        kept = SharedParts(situation, mover, spec)
    elif not kept.fits(situation, mover, spec):
        kept = kept.twin(situation, mover)  # so that this situation finds them on its board
    _PARTS_BY_CONTENT[content] = kept  # most recently used last
    while len(_PARTS_BY_CONTENT) > PARTS_KEEP:
        del _PARTS_BY_CONTENT[next(iter(_PARTS_BY_CONTENT))]
    return kept


def moved(table: Table, piece_id: str, to: tuple[SpaceId, ...]) -> Table:
    """A table of ``table``'s situation with one piece moved to the squares ``to`` (the incremental path).

    The new table keeps what the move leaves true (see :func:`carry_over`): the decisions asked (pure
    functions of their facts) and the movers' landings on every square the move does not touch (the squares
    the piece leaves and enters, and their neighbours), so the next searches work out only those again. The
    answers are those of a fresh table of the moved situation; ``table`` stays as it was.
    """
    piece = table.piece(piece_id)
    now = replace(piece, at=tuple(to))
    pieces = tuple(now if p is piece else p for p in table.situation.pieces)
    new = Table(table.spec, replace(table.situation, pieces=pieces))
    carry_over(table, new, frozenset((*piece.at, *now.at)))
    return new


def carry_over(old: Table, new: Table, changed: frozenset[SpaceId]) -> None:
    """Put on ``new`` the movement work of ``old`` that stays true when one piece moves (``movement_facts.moved``).

    ``new`` is ``old``'s situation with one piece moved; ``changed`` holds the squares it left and entered.
    Decisions are pure functions of their facts: the table's asked ones (with the defaults they assumed) and
    the movers' decision stores carry over whole. A landing, an end or a flight-mode change depends on the
    square entered only through its parts (terrain, who stands there, which opposing monsters are adjacent:
    ``adjacent.is`` holds within one square), so those of every square but the changed ones and their
    neighbours carry over; the square classes' outcomes (by the parts themselves) carry over whole. A board
    with a double base is not carried (who lies across a corner changes adjacency); the plans never are.
    """
    new._cache.update(old._cache)  # noqa: SLF001 - the ruling's asked decisions, carried to its successor
    new.assumed.update(old.assumed)
    for key, value in old.memo.items():
        if isinstance(key, tuple) and key and key[0] == "movement_facts.stores":  # copied: each table its own
            caches, plain, stops, legal = cast("tuple[dict[str, dict[object, Result]], ...]", value)
            new.memo[key] = (*({k: dict(v) for k, v in store.items()} for store in (caches, plain, stops)), dict(legal))
    if old._doubles or new._doubles:  # noqa: SLF001 - whether adjacency depends on who stands where
        return
    board = new.board
    region = set(changed)
    for square in changed:
        region.update(board.neighbours(square))
    numbers = board_steps(board)._flat[0]  # noqa: SLF001 - the numbers of the squares met
    touched = {numbers[sq] for sq in region if sq in numbers}
    for key, value in old.memo.items():
        if isinstance(key, tuple) and key and key[0] == "movement_facts.lands":
            new.memo[key] = _stores_without(cast("LandStores", value), region, touched)
        elif isinstance(key, tuple) and key and key[0] == "movement_facts.squares_next_to":
            new.memo[key] = value  # kept with its piece: a moved piece's entry no longer matches it
    _carry_parts(old, new, region)


def _carry_parts(old: Table, new: Table, region: set[SpaceId]) -> None:
    """Give every mover of ``new``'s situation its :class:`SharedParts` of ``old``'s, less the squares in ``region``.

    A square's parts depend on who stands on it and which opposing monsters stand next to it (see
    :func:`carry_over`), so only those of the squares the moved piece left or entered and their neighbours
    (``region``) change; the parts are made anew for ``new``'s pieces, so those of
    ``old`` stay as they were for any other table of its situation.
    """
    movers = _BOARD_PARTS.get(new.board)
    if movers is None:
        return
    now = {piece.id: piece for piece in new.situation.pieces}
    for before in old.situation.pieces:
        mover = now.get(before.id)
        if mover is None:
            continue
        key = _parts_key(old.situation, before)
        parts = _parts_kept(movers, key, old.situation, before, old.spec)
        if parts is None:
            continue
        kept = SharedParts(new.situation, mover, new.spec)
        kept.square_parts = _without(parts.square_parts, region)
        kept.end_parts = _without(parts.end_parts, region)
        kept.end_classes = _without(parts.end_classes, region)
        kept.stop_parts = {escaped: _without(by, region) for escaped, by in parts.stop_parts.items()}
        kept.classes = {escaped: _without(by, region) for escaped, by in parts.classes.items()}
        _keep_parts(movers, key, kept)


K = TypeVar("K")
"""A key of a store copied by :func:`_without`."""
V = TypeVar("V")
"""A value of a store copied by :func:`_without`."""


def _without(kept: dict[K, V], keys: Iterable[K]) -> dict[K, V]:
    """A copy of ``kept`` without ``keys`` (copied whole, then the few keys taken out)."""
    out = dict(kept)
    for key in keys:
        out.pop(key, None)
    return out


def _stores_without(stores: LandStores, region: set[SpaceId], touched: set[int]) -> LandStores:
    """Copies of the landing stores without the entries of the squares in ``region`` (numbered ``touched``)."""
    landings, lands, flat_lands, outcomes, ends, stays = stores
    return (
        {key: _without(by, region) for key, by in landings.items()},
        {key: {terrain: _without(by, region) for terrain, by in parts.items()} for key, parts in lands.items()},
        {mode: {at: hit for at, hit in by.items() if key_index(at) not in touched} for mode, by in flat_lands.items()},
        {mode: dict(by) for mode, by in outcomes.items()},  # by the square parts themselves: true on any board
        dict(ends),  # so are these two
        dict(stays),
    )


SQUARE_CLASSES: dict[tuple[Vector, Vector], int] = {}
"""Every square part and stop part met (``MoveFacts.square_class``), numbered: a few hundred at most (the facts'
domains are finite), the same numbers for every mover, table and map."""
END_CLASSES: dict[Vector, int] = {}
"""Every end part met (``MoveFacts.end_class``), numbered as :data:`SQUARE_CLASSES` are."""
NOBODY_NEW: Final = (False, True)
"""``adjacent_new`` of a square beside no opposing monster the mover has not escaped."""


class UnknownFact(ValueError):
    """A movement decision declares a fact this engine does not compute."""


@dataclass(frozen=True)
class Doorway:
    """A portal's doorway edge: the portal's space and the space beyond the door."""

    portal: SpaceId
    beyond: SpaceId

    @property
    def sides(self) -> tuple[SpaceId, SpaceId]:
        """The two doorway-side spaces."""
        return self.portal, self.beyond

    @property
    def edge(self) -> Edge:
        """The doorway edge as a wall-like pair of spaces."""
        return frozenset(self.sides)


LandStores = tuple[
    dict[tuple[str, Vector], dict[SpaceId, bool | Result]],
    dict[tuple[str, int, int], dict[Vector, dict[SpaceId, object]]],
    dict[tuple[int, int], dict[int, int | Result]],
    dict[int, dict[int, bool | Result]],
    dict[int, Result],
    dict[int, Result],
]
"""The landing stores of :meth:`MoveFacts._share_lands`, in the order of its attributes."""


class MoveFacts:
    """Facts about moving ``mover`` on ``table``'s board (see the module docstring)."""

    lands: dict[tuple[str, int, int], dict[Vector, dict[SpaceId, object]]]
    """The searches' :meth:`Search._land` of plain steps, per flight mode, mode changes and steps after the
    step, then by terrain part and square (shared as :attr:`landings` is; never a square of :attr:`own`)."""
    flat_lands: dict[tuple[int, int], dict[int, int | Result]]
    """The flat search's :attr:`lands` (``Search._run_flat``): per flight mode and mode changes (numbered), by
    landing key (:meth:`BoardSteps.flat_steps`), the numbered state entered, or the ``move.can_enter``
    refusing the step (shared as :attr:`lands` is)."""
    outcomes: dict[int, dict[int, bool | Result]]
    """Per flight mode (numbered), a step's decided outcome (whether the mover must stop there, or the
    ``move.can_enter`` refusing it) by :func:`outcome_kind` of the class of the square entered and the step's
    landing key: it depends on the square entered through its :meth:`square_class` only (shared as :attr:`lands`
    is)."""
    flat_ends: dict[int, Result]
    """``move.can_end`` by ``end_class(square) << 2 | flight`` (numbered as in ``Search._run_flat``): it depends on
    the square through its :meth:`end_part` only (shared as :attr:`outcomes` is)."""
    flat_stays: dict[int, Result]
    """``move.can_enter`` of a flight-mode change on the spot by ``square_class(square) << 2 | flight changed
    to``: it depends on the square through its :meth:`square_part` only (shared as :attr:`outcomes` is)."""
    _class_of: dict[SpaceId, int]
    """:meth:`square_class` by square (the mover's own, shared as its :attr:`stop_parts` are)."""

    def __init__(self, table: Table, mover: Piece) -> None:
        self.table = table
        self.board: Space = table.board
        self.mover = mover
        self.kind = table.profile.token if mover.is_token else table.profile.figure
        self.speed_mode = "foot" if mover.is_token else SPEED_MODE[mover.move]
        self.giant = table.giant(mover)
        self.start = mover.square
        self.occupant: dict[SpaceId, Piece] = dict(table.occupant)
        self.relation: dict[SpaceId, Relation] = dict(self._relations())
        self.steps = board_steps(self.board)
        self._vacate()
        self.objects = {o.at: o.type for o in table.situation.objects if o.type in {"tombstone", "tree"}}
        self.doorways = self._doorways()
        self.doorway_sides = frozenset(sq for d in self.doorways for sq in d.sides)
        self.indoor_walls = self._indoor_wall_squares()
        """The squares a step from which may cross a wall that touches an indoor space (fact ``wall_indoor``)."""
        self.door_sides = self.doorway_sides | self.indoor_walls
        """The squares whose steps need :meth:`with_doorways` (doorway sides, squares beside an indoor wall)."""
        self._game_parts()
        self.shared = shared_parts(table.situation, mover, table.spec)
        self.stop_parts = self.shared.stop_parts_for(frozenset())
        self._class_of = self.shared.classes_for(frozenset())
        """:meth:`stop_square` by square (read directly by the search's hot loop)."""
        self.opponents = self._opponents()
        self.escaped: frozenset[str] = frozenset()
        self.broke_away = False
        self._fixed: dict[str, Value] = {
            "mover": self.kind,
            "speed_mode": self.speed_mode,
            "giant": self.giant,
            "passage_power": "none",
            "began_in_hindering": self.terrain(self.start) == HINDERING,
        }
        self._fixed_key = tuple(self._fixed.items())
        self._named: dict[str, dict[Vector, dict[str, Value]]] = {}
        """:meth:`_named_of` by decision (for the current ``broke_away``)."""
        self.square_parts, self.end_parts = self.shared.square_parts, self.shared.end_parts
        """:meth:`square_part` by square (read directly by the search's hot loop), and ``end_vector``'s parts."""
        self._adj: dict[SpaceId, tuple[bool, bool]] = {}
        self.decision_caches: dict[str, dict[Vector, Result]]
        """:meth:`decide` per decision, by vector (read directly by the search's hot loop: one hash per lookup)."""
        self.plain_enter: dict[str, dict[Vector, Result]]
        """Per flight mode, ``move.can_enter`` of a plain step (pair part :data:`NO_PAIR`) by the square part."""
        self.stop_by_step: dict[str, dict[tuple[Vector, Vector], Result]]
        """Per flight mode, ``move.must_stop`` by the square's stop part and the step's terrain part."""
        self.legal: dict[tuple[int, int, bool], Result]
        """:meth:`distance_legal` by ``(speed, spaces, stopped_early)`` (read directly by the search's ends)."""
        self._share_stores()
        self.landings: dict[tuple[str, Vector], dict[SpaceId, bool | Result]]
        """Per flight mode and terrain part of a plain step (pair part :data:`NO_PAIR`), by the square entered:
        whether the mover must stop there, or the ``move.can_enter`` that refuses the step; only decided ones.

        Sound to share between the searches of these facts and their shallow copies (a double-base plan's
        counting starts): the outcome is ``move.can_enter`` of :meth:`square_part` and ``move.must_stop`` of
        :meth:`stop_square` and the terrain part, which depend on the flight mode, the square, the other
        pieces, the escaped opponents and ``broke_away`` - never on the start, the step count or the search's
        way with undecided questions (an undecided outcome is not kept). Shared, with :attr:`lands`, by every
        mover of the table alike (:meth:`_share_lands`); never holds a square of :attr:`own`.
        """
        self._share_lands()
        self._orders = {
            "move.can_enter": self._order("move.can_enter", ENTER),
            "move.must_stop": self._order("move.must_stop", (*STOP, "broke_away")),
            "move.can_end": self._order("move.can_end", END),
        }

    # --- decisions ----------------------------------------------------------------

    def _share_stores(self) -> None:
        """Take the decision stores of every mover on the table with the same fixed facts and ``broke_away``.

        What they keep (:meth:`decide` by vector, plain ``move.can_enter`` by square part, ``move.must_stop`` by
        stop and terrain parts, :meth:`distance_legal`) is a pure function of the vector, the fixed facts and
        ``broke_away`` under the table's ruleset and readings, never of the squares or the other pieces: the
        movers of a turn (every piece's legal moves) decide each vector once per table, not once per mover.
        """
        key = ("movement_facts.stores", self._fixed_key, self.broke_away)
        stores = self.table.memo.get(key)
        if not isinstance(stores, tuple):
            stores = ({}, {}, {}, {})
            self.table.memo[key] = stores
        self.decision_caches, self.plain_enter, self.stop_by_step, self.legal = stores

    def _opponents(self) -> list[Piece]:
        """The opposing monsters, in the situation's order (the same for every mover of one player: kept per table)."""
        key = ("movement_facts.opponents", self.mover.player)
        known = self.table.memo.get(key)
        if isinstance(known, list):
            return known
        table, mover = self.table, self.mover
        found = [p for p in table.monsters() if p is not mover and table.relation(mover, p) == "opposing"]
        table.memo[key] = found
        return found

    def _vacate(self) -> None:
        """Take the mover off its own squares (it leaves them on its first step)."""
        mover = self.mover
        for sq in mover.at:
            if self.occupant.get(sq) is mover:
                del self.occupant[sq], self.relation[sq]
        self.own: frozenset[SpaceId] = frozenset(sq for sq in mover.at if self.table.occupant.get(sq) is mover)
        """The squares the mover vacates: the only ones whose square and stop parts differ from those its
        player's other movers of the same fixed facts see (see :meth:`_share_lands`)."""
        self.near_own: frozenset[SpaceId] = frozenset(n for sq in self.own for n in self.steps.neighbours(sq))
        """The squares a step into :attr:`own` may start from."""

    def _share_lands(self) -> None:
        """Take the landing stores (:attr:`landings`, :attr:`lands`) of every mover on the table alike.

        A plain step's outcome is ``move.can_enter`` of :meth:`square_part` and ``move.must_stop`` of
        :meth:`stop_square` and the step's terrain part under the fixed facts and ``broke_away``: the square
        parts come from the relations of the mover's player and the stop parts from its player's
        :attr:`near_opponents` less the opponents escaped, so movers alike in those (all but the squares each
        vacates, :attr:`own`, which the stores never hold) land alike: the movers of a turn work out each
        landing once per table, not once per mover.
        """
        key = ("movement_facts.lands", self._fixed_key, self.broke_away, self.mover.player, self.escaped)
        stores = self.table.memo.get(key)
        if not isinstance(stores, tuple):
            stores = ({}, {}, {}, {}, {}, {})
            self.table.memo[key] = stores
        (
            self.landings,
            self.lands,
            self.flat_lands,
            self.outcomes,
            self.flat_ends,
            self.flat_stays,
        ) = cast("LandStores", stores)

    def square_class(self, square: SpaceId) -> int:
        """The number of the square's :meth:`square_part` and :meth:`stop_square` among those of the squares met.

        The parts are numbered once for every mover (:data:`SQUARE_CLASSES`), so the number means the same parts
        in every store; the mover's numbers by square are kept with its parts (:class:`SharedParts`).
        """
        hit = self._class_of.get(square)
        if hit is None:
            parts = (self.square_parts.get(square) or self.square_part(square), self.stop_square(square))
            hit = SQUARE_CLASSES.get(parts)
            if hit is None:
                hit = SQUARE_CLASSES[parts] = len(SQUARE_CLASSES)
            self._class_of[square] = hit
        return hit

    def end_class(self, square: SpaceId) -> int:
        """The number of the square's :meth:`end_part` among the end parts met.

        Numbered once for every mover (:data:`END_CLASSES`), as :meth:`square_class` is; the mover's numbers are
        kept with its parts (:class:`SharedParts`).
        """
        classes = self.shared.end_classes
        hit = classes.get(square)
        if hit is None:
            part = self.end_parts.get(square) or self.end_part(square)
            hit = END_CLASSES.get(part)
            if hit is None:
                hit = END_CLASSES[part] = len(END_CLASSES)
            classes[square] = hit
        return hit

    def _order(self, decision: str, names: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
        """Where each declared fact of ``decision`` comes from: a vector slot, or -1 for a fixed fact.

        The same for every mover under one ruleset: worked out once and kept in the spec's memo.
        """
        spec = self.table.spec
        key = ("movement_facts.order", self.table.ruleset, decision, names, tuple(self._fixed))
        known = spec.memo.get(key)
        if isinstance(known, tuple):
            return known
        found = self._work_out_order(decision, names)
        spec.remember(key, found)
        return found

    def _work_out_order(self, decision: str, names: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
        """Make the order of :meth:`_order`."""
        declared = self.table.spec.decision(self.table.ruleset, decision).facts
        out = []
        for name in declared:
            if name in names:
                out.append((name, names.index(name)))
            elif name in self._fixed:
                out.append((name, -1))
            elif name in self.table.profile.derived or name in self.table.profile.assumed:
                continue  # the game profile supplies it (see adjudicator.games.clix.profiles)
            else:
                raise UnknownFact(f"{decision} declares fact {name!r}, which the movement engine does not compute")
        return tuple(out)

    def decide(self, decision: str, vector: Vector) -> Result:
        """The decision for a fact vector in this engine's order (cached per query).

        The table is asked once per vector (so once per query: what the board scan records); the named
        facts it is given are kept in the spec's memo (:meth:`_named_of`), not rebuilt per query.
        """
        cache = self.cache_of(decision)
        hit = cache.get(vector)
        if hit is None:
            named = self._named.get(decision) or self._named_of(decision)
            facts = named.get(vector)
            if facts is None:
                facts = named[vector] = self.facts(decision, vector)
            hit = cache[vector] = self.table.decide(decision, facts)
        return hit

    def _named_of(self, decision: str) -> dict[Vector, dict[str, Value]]:
        """:meth:`facts` of ``decision`` by vector, kept in the spec's memo for every mover alike.

        The named facts are a pure function of the ruleset (which facts the decision declares), the fixed
        facts, ``broke_away`` and the vector: the key holds all but the vector (the vectors' facts have finite
        domains, so the memo stays bounded). The mappings are handed to ``Table.decide``, which only reads them.
        """
        spec = self.table.spec
        key = ("movement_facts.named", self.table.ruleset, decision, self._fixed_key, self.broke_away)
        known = spec.memo.get(key)
        if not isinstance(known, dict):
            known = {}
            spec.remember(key, known)
        self._named[decision] = known
        return known

    def distance_legal(self, speed: int, spaces: int, *, stopped_early: bool) -> Result:
        """``move.distance_legal`` for the mover (kept per facts: the plan's speed check and its searches share it).

        The facts are the mover's kind and the three arguments, so a result kept here is the one the table
        would give again; every vector is still asked of the table once per facts (so once per query).
        """
        key = (speed, spaces, stopped_early)
        hit = self.legal.get(key)
        if hit is None:
            hit = self.legal[key] = self.table.decide(
                "move.distance_legal",
                {"mover": self.kind, "speed": speed, "spaces": spaces, "stopped_early": stopped_early},
            )
        return hit

    def cache_of(self, decision: str) -> dict[Vector, Result]:
        """The cache of :meth:`decide` for one decision (filled as the search goes)."""
        cache = self.decision_caches.get(decision)
        if cache is None:
            cache = self.decision_caches[decision] = {}
        return cache

    def facts(self, decision: str, vector: Vector) -> dict[str, Value]:
        """The named facts of a vector, as the decision declares them."""
        if decision == "move.must_stop":
            vector = (*vector, self.broke_away)
        return {name: self._fixed[name] if i < 0 else vector[i] for name, i in self._orders[decision]}

    # --- squares ------------------------------------------------------------------

    def terrain(self, square: SpaceId) -> str:
        """Terrain of a map square."""
        return self.steps.terrain(square)

    def flight_of(self, piece: Piece) -> FlightLevel:
        """The piece's flight mode (``none`` for victims and non-fliers)."""
        return "none" if piece.is_token else self.table.flight(piece)

    def square_part(self, square: SpaceId) -> Vector:
        """``(terrain, indoor, occupant, occupant_giant)`` of a square."""
        part = self.square_parts.get(square)
        if part is None:
            occ = self.occupant.get(square)
            part = (
                self.terrain(square),
                self.table.indoor(square),
                self.relation.get(square, "none"),
                occ is not None and not occ.is_token and self.table.giant(occ),
            )
            self.square_parts[square] = part
        return part

    def object_at(self, square: SpaceId) -> str:
        """``tombstone``, ``tree`` or ``none``."""
        return self.objects.get(square, "none")

    def _relations(self) -> dict[SpaceId, Relation]:
        """How every piece on the table stands to the mover, by square (the same for every mover of its player).

        Worked out once per table and player (:meth:`Table.relation` reads the viewer's player only).
        """
        key = ("movement_facts.relations", self.mover.player)
        known = self.table.memo.get(key)
        if isinstance(known, dict):
            return known
        table, mover = self.table, self.mover
        found: dict[SpaceId, Relation] = {sq: table.relation(mover, p) for sq, p in table.occupant.items()}
        table.memo[key] = found
        return found

    @cached_property
    def near_opponents(self) -> dict[SpaceId, tuple[Piece, ...]]:
        """For every square, the opposing monsters adjacent to it (the ``adjacent.is`` decision).

        The same for every mover of one player on one table (its opponents are the other players' monsters):
        worked out once per table and player, and only read.
        """
        key = ("movement_facts.near_opponents", self.mover.player)
        known = self.table.memo.get(key)
        if isinstance(known, dict):
            return known
        found = self._near_opponents()
        self.table.memo[key] = found
        return found

    def _near_opponents(self) -> dict[SpaceId, tuple[Piece, ...]]:
        """Make :attr:`near_opponents`."""
        near: dict[SpaceId, list[Piece]] = {}
        for foe in self.opponents:
            for square in self.squares_next_to(foe):
                listed = near.get(square)
                if listed is None:
                    near[square] = [foe]
                else:
                    listed.append(foe)
        return {sq: tuple(foes) for sq, foes in near.items()}

    def squares_next_to(self, piece: Piece) -> tuple[SpaceId, ...]:
        """The squares adjacent to a piece (``adjacent.is``), worked out once per table for every mover."""
        key = ("movement_facts.squares_next_to", piece.id)
        known = self.table.memo.get(key)
        if isinstance(known, tuple) and known[0] is piece:
            found: tuple[SpaceId, ...] = known[1]
            return found
        squares: list[SpaceId] = []
        for at in piece.at:
            for square in self.steps.neighbours(at):
                fresh = square not in piece.at and square not in squares
                if fresh and self.table.squares_adjacent(square, at).value is True:
                    squares.append(square)
        self.table.memo[key] = (piece, tuple(squares))
        return tuple(squares)

    def adjacent_new(self, square: SpaceId) -> tuple[bool, bool]:
        """``(adjacent_opposing_new, new_adjacent_all_standard)`` for a square."""
        hit = self._adj.get(square)
        if hit is None and self.mover.is_token:
            hit = (False, True)  # victims never stop beside monsters (the must_stop invariant)
            self._adj[square] = hit
        if hit is None:
            near = self.near_opponents.get(square)
            new = [p for p in near if p.id not in self.escaped] if near else None
            hit = (True, all(p.size == "standard" for p in new)) if new else NOBODY_NEW
            self._adj[square] = hit
        return hit

    # --- break away ---------------------------------------------------------------

    def start_opponents(self) -> list[Piece]:
        """Opposing monsters adjacent to the mover before it moves."""
        found: list[Piece] = []
        for at in self.mover.at:
            for foe in self.near_opponents.get(at, ()):
                if foe not in found:
                    found.append(foe)
        return found

    def breakaway_count(self) -> int:
        """The ``adjacent_opposing`` fact: adjacent opposing monsters that are not immovable."""
        return min(MAX_ADJACENT, sum(1 for p in self.start_opponents() if p.speed != HOURGLASS))

    def escape(self, *, rolled: bool) -> None:
        """The mover leaves every opposing monster it starts next to (``rolled``: by a break-away roll)."""
        self.escaped = frozenset(p.id for p in self.start_opponents())
        self.broke_away = rolled
        self._named.clear()
        self._adj.clear()
        self.stop_parts = self.shared.stop_parts_for(self.escaped)
        self._class_of = self.shared.classes_for(self.escaped)
        self._share_stores()  # the stores of the decisions with this ``broke_away``
        self._share_lands()  # and of the landings with these escaped opponents

    # --- steps -------------------------------------------------------------------

    def pair_part(self, a: SpaceId, b: SpaceId) -> Vector:
        """The pair part of a step's ``move.can_enter`` vector (walls, diagonals, doorways, levels)."""
        for sq, pair, _ in self.steps.steps(a):
            if sq == b:
                pair = self.with_doorways(a, b, pair)  # noqa: PLW2901 - the step's own facts
                return self.corner(a, b, pair, NO_STOP)[0] if self.corner_points else pair
        raise ValueError(f"{self.board.name(a)} and {self.board.name(b)} are not neighbours on the map")

    def with_doorways(self, a: SpaceId, b: SpaceId, pair: Vector) -> Vector:
        """A step's pair part with the doorway facts and ``wall_indoor`` filled in.

        Only steps touching a doorway side can cross a doorway, and only steps from or to a square beside a
        wall touching an indoor space can cross an indoor wall.
        """
        if a not in self.door_sides and b not in self.door_sides:
            return pair
        closed = hostile = only_victims = False
        if a in self.doorway_sides or b in self.doorway_sides:
            closed, hostile, only_victims = self.doorway_facts(a, b, wall=bool(pair[0]))
        wall_indoor = bool(pair[0]) and self._wall_indoor(a, b)
        if not closed and not wall_indoor:
            return pair
        return (pair[0], pair[1], closed, hostile, pair[4], only_victims, wall_indoor)

    def corner(self, a: SpaceId, b: SpaceId, pair: Vector, terrain: Vector) -> tuple[Vector, Vector]:
        """A diagonal step's pair and terrain parts with its corner point classed by ``terrain.corner_point``.

        The point counts as the least restrictive of the two squares beside it that are off the path (hc
        L1439-1448): blocking (``blocking_diagonal``) bars the step, hindering (``through_hindering_corner``)
        is hindering terrain entered. Other steps are returned as they are.
        """
        if not self.steps.is_vertex(a, b):
            return pair, terrain
        point = self.corner_result(a, b).value
        if point is None:
            return pair, terrain
        blocking, hindering = point == BLOCKING, point == HINDERING
        if pair[1] != blocking:
            pair = (pair[0], blocking, *pair[2:])
            if pair == NO_PAIR:
                pair = NO_PAIR
        if terrain[2] != hindering:
            terrain = (terrain[0], terrain[1], hindering, terrain[3])
        return pair, terrain

    def corner_result(self, a: SpaceId, b: SpaceId) -> Result:
        """``terrain.corner_point`` for moving diagonally from ``a`` to ``b`` (kept per pair of side squares)."""
        sides = self.steps.corner_sides(a, b)
        hit = self._corners.get(sides)
        if hit is None:
            side_a, side_b = (self.side_class(sq) for sq in sides)
            hit = self._corners[sides] = self.table.decide(
                "terrain.corner_point", {"purpose": "move", "side_a": side_a, "side_b": side_b}
            )
        return hit

    def side_class(self, square: SpaceId) -> str:
        """How a square beside a corner point behaves for the mover's movement, its piece counted.

        Blocking terrain, a square off the map and a square the mover may not enter for the piece on it
        (an opposing character, a bystander) are blocking; hindering terrain and water (hindering for
        movement) are hindering; anything else is clear.
        """
        terrain = self.terrain(square) if self.board.contains(square) else "None"
        if terrain in {BLOCKING, "None"} or self.relation.get(square, "none") not in {"none", "friendly"}:
            return BLOCKING
        return HINDERING if terrain in {HINDERING, WATER} else "clear"

    def _game_parts(self) -> None:
        """The parts of the facts that only some games ask for: corner points, stairways crossed in full."""
        table = self.table
        self.corner_points = table.game.capabilities.corner_point_terrain
        """A diagonal step's corner point is classed from its two side squares, their pieces counted
        (``terrain.corner_point``, hc L1439-1448): every step then goes through :meth:`corner`."""
        if self.corner_points:
            self.door_sides = frozenset(board_steps(self.board).spaces)
        self._corners: dict[tuple[SpaceId, ...], Result] = {}
        self.stair_rank: dict[SpaceId, int] = {}
        """Each stair square's place in its stairway's part at its level, counted from the far end (1) to the
        boundary line (``stair_need``); empty unless the game asks for every stair square crossed."""
        self.stair_need: dict[SpaceId, int] = {}
        """For each stair square, the rank of the squares of its part next to the boundary line."""
        self.stairway: dict[SpaceId, int] = {}
        """Each stair square's stairway (a group of touching stair squares), by number."""
        if table.game.capabilities.stairway_crossing:
            for number, group in enumerate(self._stairways()):
                for level in {table.level(sq) for sq in group}:
                    self._rank_part(number, group, {sq for sq in group if table.level(sq) == level})

    def _stairways(self) -> list[set[SpaceId]]:
        """The board's stairways: groups of stair squares touching one another, in board order."""
        board = self.board
        stairs = {sq for sq in board.spaces() if board.has_stairs(sq)}
        seen: set[SpaceId] = set()
        out: list[set[SpaceId]] = []
        for first in sorted(stairs, key=board.sort_key):
            if first in seen:
                continue
            group, todo = {first}, [first]
            while todo:
                fresh = [n for n in board.neighbours(todo.pop()) if n in stairs and n not in group]
                group.update(fresh)
                todo += fresh
            seen |= group
            out.append(group)
        return out

    def _rank_part(self, number: int, group: set[SpaceId], part: set[SpaceId]) -> None:
        """Rank one level's part of a stairway by its distance from the boundary line with the other part.

        The farthest square is 1, those touching the other part the highest rank.
        """
        board = self.board
        edge = [sq for sq in part if any(n in group and n not in part for n in board.neighbours(sq))]
        depth = dict.fromkeys(edge, 0)
        todo = list(edge)
        while todo:
            here = todo.pop(0)
            for there in board.neighbours(here):
                if there in part and there not in depth:
                    depth[there] = depth[here] + 1
                    todo.append(there)
        far = max(depth.values(), default=0)
        for sq in part:
            self.stair_rank[sq] = far - depth.get(sq, far) + 1
            self.stair_need[sq] = far + 1
            self.stairway[sq] = number

    def stair_progress(self, a: SpaceId, b: SpaceId, stair: int) -> int:
        """The stair count after stepping from ``a`` (with count ``stair``) into ``b``.

        Entering a stairway's part at its far end starts the count at 1; each step on to the next square
        of the same part towards the boundary adds 1; any other step (one that skips a square, turns back,
        leaves the part or changes level) gives 0, or 1 when it lands on a far-end square.
        """
        rank = self.stair_rank.get(b, 0)
        if not rank:
            return 0
        same_part = self.stairway.get(a) == self.stairway[b] and self.table.level(a) == self.table.level(b)
        if same_part and stair and rank == self.stair_rank[a] + 1 and stair == self.stair_rank[a]:
            return stair + 1
        return 1 if rank == 1 else 0

    def stairs_crossed(self, a: SpaceId, b: SpaceId, stair: int) -> bool:
        """Whether a level change from stair square ``a`` into ``b`` crossed every stair square before it.

        The count must have come from the far end of ``a``'s part up to the boundary (hc L1395-1398); a
        step between two stairways, or between stair squares the game does not rank, is left as it is.
        """
        if a not in self.stair_rank or self.stairway.get(a) != self.stairway.get(b):
            return True
        return stair == self.stair_need[a] and self.stair_rank[a] == self.stair_need[a]

    def _wall_indoor(self, a: SpaceId, b: SpaceId) -> bool:
        """Whether a wall the step ``a -> b`` crosses touches an indoor space (it is then indoor terrain)."""
        step = self.board.step(a, b)
        return any(self.table.indoor(sq) for sq in (a, b, *step.sides))

    def _indoor_wall_squares(self) -> frozenset[SpaceId]:
        """Every square on or beside a wall that touches an indoor space (none on an outdoor map)."""
        if self.table.situation.map_kind == "outdoor":
            return frozenset()
        board, out = self.board, set[SpaceId]()
        for edge in board.walls:
            if any(self.table.indoor(sq) for sq in edge):
                for sq in edge:
                    out.add(sq)
                    out.update(board.neighbours(sq))
        return frozenset(out)

    def _doorways(self) -> list[Doorway]:
        """The doorway edge of every portal whose door faces a map square."""
        out = []
        for obj in self.table.situation.objects:
            if obj.type != "portal" or obj.door is None:
                continue
            beyond = self.board.across(obj.at, obj.door)
            if self.board.contains(beyond):
                out.append(Doorway(obj.at, beyond))
        return out

    @cached_property
    def door_walls(self) -> frozenset[Edge]:
        """The walls and every doorway edge drawn as a wall (to tell which vertex steps a door seals)."""
        return self.board.walls | {d.edge for d in self.doorways}

    def crossed_doorways(self, a: SpaceId, b: SpaceId, *, wall: bool) -> list[Doorway]:
        """Doorways the step ``a -> b`` crosses (for a vertex step: whose edge, as a wall, would seal it)."""
        step = self.board.step(a, b)
        if not step.vertex:
            return [d for d in self.doorways if d.edge == frozenset((a, b))]
        if wall or not self.board.separates(self.door_walls, a, b):
            return []
        edges = set(step.edges)
        return [d for d in self.doorways if d.edge in edges]

    def doorway_facts(self, a: SpaceId, b: SpaceId, *, wall: bool) -> tuple[bool, bool, bool]:
        """``(closed_doorway, doorway_hostile, doorway_only_victims)`` for the step, the mover standing on ``a``."""
        closed = hostile = only_victims = False
        for door in self.crossed_doorways(a, b, wall=wall):
            is_closed, is_hostile, by_victims = self.doorway_state(door, a)
            if is_closed:
                closed = True
                if is_hostile:
                    only_victims = by_victims if not hostile else (only_victims and by_victims)
                    hostile = True
        return closed, hostile, only_victims

    def doorway_state(self, door: Doorway, mover_at: SpaceId) -> tuple[bool, bool, bool]:
        """Whether the portal is closed (``portal.closed``), hostile, and hostile only because of victims."""
        pieces = [self.occupant[sq] for sq in door.sides if sq in self.occupant]
        here = mover_at in door.sides
        side_monster = any(not p.is_token for p in pieces) or (here and self.kind == self.table.profile.figure)
        side_victim = any(p.is_token for p in pieces) or (here and self.kind == self.table.profile.token)
        closed = self.table.decide("portal.closed", {"side_monster": side_monster, "side_victim": side_victim})
        relations = [self.table.relation(self.mover, p) for p in pieces]
        monsters = "opposing" in relations
        victims = "victim" in relations
        return closed.value is True, monsters or victims, victims and not monsters

    def enter_vector(self, a: SpaceId, b: SpaceId, flight: str) -> Vector:
        """The ``move.can_enter`` vector of the step ``a -> b`` in flight mode ``flight``."""
        return (flight, *self.square_part(b), *self.pair_part(a, b))

    def stay_vector(self, square: SpaceId, flight: str) -> Vector:
        """The ``move.can_enter`` vector for being in ``square`` in ``flight`` (a flight-mode change there)."""
        return (flight, *self.square_part(square), *NO_PAIR)

    def stop_square(self, square: SpaceId) -> Vector:
        """``(occupant, adjacent_opposing_new, new_adjacent_all_standard)`` of a square."""
        hit = self.stop_parts.get(square)
        if hit is None:
            hit = (self.relation.get(square, "none"), *self.adjacent_new(square))
            self.stop_parts[square] = hit
        return hit

    def stop_vector(self, a: SpaceId, b: SpaceId, flight: str) -> Vector:
        """The ``move.must_stop`` vector of the step ``a -> b``."""
        for sq, pair, terrain in self.steps.steps(a):
            if sq == b:
                part = self.corner(a, b, pair, terrain)[1] if self.corner_points else terrain
                return (flight, *self.stop_square(b), *part)
        raise ValueError(f"{self.board.name(a)} and {self.board.name(b)} are not neighbours on the map")

    def end_vector(self, square: SpaceId, flight: str) -> Vector:
        """The ``move.can_end`` vector of a square."""
        return (flight, *(self.end_parts.get(square) or self.end_part(square)))

    def end_part(self, square: SpaceId) -> Vector:
        """``(occupant, object, terrain)`` of a square, for its ``move.can_end`` vector."""
        part = self.end_parts.get(square)
        if part is None:
            part = self.end_parts[square] = (
                self.relation.get(square, "none"),
                self.object_at(square),
                self.terrain(square),
            )
        return part

    # --- describing ---------------------------------------------------------------

    def describe(self, decision: str, vector: Vector) -> str:
        """The facts of a vector that differ from a plain step, for trace notes."""
        plain: dict[str, Value] = {
            "flight": "none",
            "terrain": "clear",
            "indoor": False,
            "occupant": "none",
            "occupant_giant": False,
            "wall_between": False,
            "blocking_diagonal": False,
            "closed_doorway": False,
            "doorway_hostile": False,
            "level_change": "none",
            "doorway_only_victims": False,
            "adjacent_opposing_new": False,
            "new_adjacent_all_standard": True,
            "entered_hindering": False,
            "entered_water": False,
            "through_hindering_corner": False,
            "object": "none",
            "broke_away": False,
        }
        facts = self.facts(decision, vector)
        shown = [f"{k}={_show(v)}" for k, v in facts.items() if k in plain and plain[k] != v]
        return ", ".join(shown) or "plain step"


def _show(value: Value) -> str:
    """A fact value as the spec writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
