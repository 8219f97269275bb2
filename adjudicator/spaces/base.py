"""The space interface: what rule code may know about the geometry of a map.

A *space* is the playing area of one situation: a set of named places (the
squares of a grid, the hexes of a hex map, the rooms of a house) with the
facts of moving from one to the next and of drawing a straight line between
two of them. Rule code (``adjudicator.games``, ``adjudicator.situation``,
``proofs``) sees a map only through :class:`Space`, the small frozen records
below and the protocol of the kind it declares; it never imports an
implementation. The kinds live in their own packages (``square``, ``hex``,
``rooms``), each reached through the package's ``__init__``, its interface.

Ids
    :data:`SpaceId` is any hashable value; rule code treats ids as opaque. It
    may compare ids for equality and use them as dict keys, and orders them only
    through :meth:`Space.sort_key` (deterministic output). Names (``"C3"``)
    are for people: :meth:`Space.name` and :meth:`Space.parse` convert.

Positions off the map
    A few methods (:meth:`Space.beyond`, :meth:`Space.across`, the sides of a
    :class:`Step` or a :class:`Crossing`) may return the id of a position that
    is not part of the map (off the grid, or an absent square). Callers check
    with :meth:`Space.contains`; facts of such a position are ``None``/default.

Steps
    :meth:`Space.step` describes moving from a place to a neighbouring one
    (see :class:`Step`): whether the step passes a vertex (a square grid's
    diagonal), which boundaries (:data:`Edge`) it meets, which other places
    touch the vertex it passes, and whether walls cut the two places apart.
    Which of these facts block or hinder is for the rules to decide.

Lines
    :meth:`Space.line` traces the straight segment between the centres of two
    places (see :class:`Line`): the places whose interior it crosses and, for
    each move from one place on the path to the next, a :class:`Crossing`
    through the inside of one shared edge or exactly through a vertex, with
    the two places the line passes between there. A room graph may report
    the rooms of the straight route through its doors.

Map facts
    Terrain (a word such as ``"clear"``), level (elevation), the indoor mark,
    stairs and walls are properties of places and edges; the rules give them
    meaning.

The graph
    :meth:`Space.graph` offers the places and the steps between neighbours as
    a networkx graph, each edge carrying its :class:`Step`: plain graph
    questions (what is reachable, how far, what is connected) go through it.
    networkx is imported only when a graph is first asked for.

Drawing
    A space draws nothing of a game: the picture of a situation belongs to
    its game (``adjudicator.games.<game>.pictures``), which reads the
    geometry through this interface and the kind's own.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    import networkx as nx

SpaceId = Hashable
"""The id of one place of a space; opaque to rule code (see the module docstring)."""

Edge = frozenset[SpaceId]
"""A boundary between two neighbouring places: the unordered pair of places it separates."""

Direction = Hashable
"""A direction of travel in a space (opaque; see :meth:`Space.away` and :meth:`Space.beyond`)."""


class MapText(str):
    """A line of map text in :meth:`Space.map_fields`: a dump writes it quoted (it may start with ``#``)."""

    __slots__ = ()


@dataclass(frozen=True)
class Step:
    """The facts of a step from ``frm`` to its neighbour ``to``.

    ``vertex``: the step passes from one place to the other through a single
    point where several places meet (a square grid's diagonal step).
    ``sides``: for a vertex step, the two other places meeting at that point
    (unordered; either may be off the map); empty otherwise.
    ``edges``: the boundaries the step meets: the shared edge, or every edge
    meeting at the vertex (in a fixed order: ``frm``'s two edges, then ``to``'s).
    ``wall``: some wall lies on those edges (for a vertex step, a wall that
    only touches the vertex counts).
    ``separated``: walls cut the two places apart (see :meth:`Space.separates`).
    """

    frm: SpaceId
    to: SpaceId
    vertex: bool
    sides: tuple[SpaceId, ...]
    edges: tuple[Edge, ...]
    wall: bool
    separated: bool


@dataclass(frozen=True)
class Crossing:
    """How a line goes from one place on its path to the next.

    ``left`` and ``entered`` are the two consecutive places. ``edges`` are the
    boundaries met there (the shared edge, or every edge meeting at the
    vertex, ordered as in :class:`Step`). ``sides`` is empty for a crossing
    through the inside of an edge; for a crossing exactly through a vertex it
    is ``(left_side, right_side)``: the other places meeting there, which the
    line passes between, on its left and right in the direction of travel.
    """

    left: SpaceId
    entered: SpaceId
    edges: tuple[Edge, ...]
    sides: tuple[SpaceId, ...] = ()

    @property
    def at_vertex(self) -> bool:
        """Whether the line passes exactly through a vertex here."""
        return bool(self.sides)


@dataclass(frozen=True)
class Line:
    """The straight line from the centre of ``start`` to the centre of ``end``.

    ``interior``: the places other than the ends whose interior it crosses, in
    order. ``crossings``: one per consecutive pair of :meth:`path`, in order.
    """

    start: SpaceId
    end: SpaceId
    interior: tuple[SpaceId, ...]
    crossings: tuple[Crossing, ...]

    def path(self) -> tuple[SpaceId, ...]:
        """``(start, *interior, end)``, or ``(start,)`` when the ends coincide."""
        if self.start == self.end:
            return (self.start,)
        return (self.start, *self.interior, self.end)

    @property
    def vertices(self) -> tuple[Crossing, ...]:
        """The crossings exactly through a vertex, in order."""
        return tuple(c for c in self.crossings if c.at_vertex)


@dataclass(frozen=True)
class Away:
    """The directions that lead straight away from an origin, seen from a place.

    ``direction``: the preferred one; ``alternatives``: others equally allowed;
    ``straight``: the origin, the place and the direction lie on one line.
    """

    direction: Direction
    alternatives: tuple[Direction, ...]
    straight: bool


@runtime_checkable
class Space(Protocol):
    """The geometry of one map, as rule code sees it (see the module docstring)."""

    def __hash__(self) -> int:
        """Spaces are immutable and hashable (rule code caches facts per space)."""
        ...

    @property
    def kind(self) -> str:
        """The space kind's registry name (``"square"``)."""
        ...

    @property
    def walls(self) -> frozenset[Edge]:
        """Every edge that carries a wall."""
        ...

    # -- places and names

    def spaces(self) -> tuple[SpaceId, ...]:
        """Every place of the map, in reading order."""
        ...

    def contains(self, space: SpaceId) -> bool:
        """Whether ``space`` is a place of the map."""
        ...

    def name(self, space: SpaceId) -> str:
        """The name people use for a place (``"C3"``)."""
        ...

    def parse(self, name: str) -> SpaceId:
        """The place a name denotes (it may be off the map); ``ValueError`` for a malformed name."""
        ...

    def not_on_map(self, space: SpaceId) -> str:
        """Why ``space`` is not a place of the map, in words for an error message."""
        ...

    def extent(self) -> str:
        """The map's size in words, e.g. ``6 by 4 squares``."""
        ...

    def sort_key(self, space: SpaceId) -> tuple[int, ...]:
        """A key that orders ids deterministically (for stable output)."""
        ...

    # -- map facts

    def terrain_at(self, space: SpaceId) -> str | None:
        """The terrain word of a place, ``None`` off the map."""
        ...

    def level(self, space: SpaceId) -> int:
        """The elevation level of a place of the map."""
        ...

    def marked_indoor(self, space: SpaceId) -> bool:
        """Whether the map marks the place as indoor."""
        ...

    def has_stairs(self, space: SpaceId) -> bool:
        """Whether a stair or ladder end is on the place."""
        ...

    # -- neighbours and steps

    def neighbours(self, space: SpaceId) -> tuple[SpaceId, ...]:
        """The places one step from ``space`` (which may itself be off the map), in a fixed order."""
        ...

    def step(self, frm: SpaceId, to: SpaceId) -> Step:
        """The facts of the step between two neighbours; ``ValueError`` if they are not neighbours."""
        ...

    def steps(self, frm: SpaceId) -> tuple[Step, ...]:
        """The facts of every step from ``frm``, in :meth:`neighbours` order."""
        ...

    def separates(self, edges: Collection[Edge], a: SpaceId, b: SpaceId) -> bool:
        """Whether ``edges`` (walls, closed doors) cut neighbours ``a`` and ``b`` apart.

        For a shared edge: whether it is among ``edges``. For a vertex step:
        whether the edges run through the vertex between them (a straight run
        of edges across it, or two edges closing one of the two places), not
        merely end there.
        """
        ...

    def distance(self, a: SpaceId, b: SpaceId) -> int:
        """The number of steps between two places, ignoring walls and terrain."""
        ...

    def graph(self) -> nx.DiGraph[SpaceId]:
        """Every place and every step between neighbours, as a frozen networkx graph built once per space.

        An edge ``frm -> to`` carries the step's facts under the attribute ``step`` (a :class:`Step`); which of
        them block or cost is for the rules to decide, so no edge is left out for a wall or a terrain.
        """
        ...

    def length2(self, a: SpaceId, b: SpaceId) -> int:
        """The squared straight-line distance between centres, in the space's own units (for tie-breaks)."""
        ...

    # -- directions

    def away(self, origin: SpaceId, space: SpaceId) -> Away:
        """The directions leading from ``space`` straight away from ``origin``."""
        ...

    def beyond(self, space: SpaceId, direction: Direction) -> SpaceId:
        """The position one step from ``space`` in ``direction`` (it may be off the map)."""
        ...

    def across(self, space: SpaceId, side: str) -> SpaceId:
        """The position across the named side (``north``, ``east``...) of ``space`` (it may be off the map)."""
        ...

    # -- lines

    def line(self, a: SpaceId, b: SpaceId) -> Line:
        """The straight line between the centres of two places."""
        ...

    # -- map fields and drawing

    def map_fields(self, map_kind: str) -> dict[str, Any]:
        """The map as the situation file's ``map`` fields (``kind`` excluded), for dumping.

        Values are plain lists and strings; strings that are :class:`MapText` are to be written quoted.
        """
        ...


def step_graph(space: Space) -> nx.DiGraph[SpaceId]:
    """The graph :meth:`Space.graph` describes, built from :meth:`Space.spaces` and :meth:`Space.steps`, frozen.

    Off-map neighbours are left out (a step leads from a place of the map to another).
    """
    import networkx as nx  # noqa: PLC0415 - networkx loads only when a graph is asked for (ask stays light)

    graph: nx.DiGraph[SpaceId] = nx.DiGraph()
    graph.add_nodes_from(space.spaces())
    for place in space.spaces():
        graph.add_edges_from(
            (step.frm, step.to, {"step": step}) for step in space.steps(place) if space.contains(step.to)
        )
    nx.freeze(graph)  # in place: mutators now raise
    return graph
