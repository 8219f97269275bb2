"""The house as a room graph: room tiles on a grid per floor, doors on their sides, and extra connections.

A place is a tile id or, inside a tile split into parts, ``tile:part``.
:meth:`House.passages` lists every way out of a place as a
:class:`Passage`. The house itself makes the ways through doors: joined doors,
a door facing a doorless side, a door with nothing (or a tile not drawn yet)
behind it, a sealed door. Every other way is a :class:`Link` the builder
passes in, under a kind name of the builder's choosing. Which ways a piece may
take, and at what price, is for the rules to decide: the house knows no tile
by its name.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import networkx as nx

from adjudicator.spaces.base import Away, Direction, Edge, Line, SpaceId, Step, step_graph

FLOORS = ("basement", "ground", "upper")
"""The floors, lowest first."""
SIDES = ("N", "E", "S", "W")
"""Tile sides: north is up."""
OFFSET = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
"""The grid step (column, row) across each side."""
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
"""The side facing each side across a shared edge."""
REVERSED = {"up": "down", "down": "up"}
"""A link's direction seen from its other end."""

DOORS = "doors"
"""Passage kind: two tiles with doors on their shared side."""
FALSE_OPENING = "false_opening"
"""Passage kind: a door facing a side without one (it leads nowhere)."""
UNEXPLORED = "unexplored"
"""Passage kind: a door with no tile behind it, or facing a tile not drawn yet (``to`` is that tile's place)."""
SEALED = "sealed"
"""Passage kind: a door on a sealed side, or facing the neighbour's sealed side (it leads nowhere)."""


@dataclass(frozen=True)
class Part:
    """One part of a tile split in parts: its name and the doors that open onto it."""

    name: str
    doors: frozenset[str]


@dataclass(frozen=True)
class Room:
    """One room tile: where it lies, its doors, and how it is divided.

    ``parts``: the tile's parts, in order, when it is split (a piece in it stands
    on one); empty when the tile is one place. ``sealed``: sides whose door
    never opens. ``undrawn``: the tile is placed where it will be drawn but is
    not in the house yet (a door facing it is unexplored). ``stairs``: a stair
    end is printed on the tile.
    """

    id: str
    floor: str
    col: int
    row: int
    doors: frozenset[str]
    parts: tuple[Part, ...] = ()
    sealed: frozenset[str] = frozenset()
    undrawn: bool = False
    stairs: bool = False

    @property
    def square(self) -> str:
        """The grid square's name (``C3``)."""
        return f"{column_name(self.col)}{self.row + 1}"

    def places(self) -> tuple[str, ...]:
        """The places of the tile: itself, or one per part."""
        if not self.parts:
            return (self.id,)
        return tuple(f"{self.id}:{part.name}" for part in self.parts)

    def part_by_door(self, door: str) -> str:
        """The name of the part that holds ``door`` (the first part when none does; ``""`` for a whole tile)."""
        if not self.parts:
            return ""
        return next((part.name for part in self.parts if door in part.doors), self.parts[0].name)

    def place_by_door(self, door: str) -> str:
        """The place a piece entering through ``door`` arrives at."""
        if not self.parts:
            return self.id
        return f"{self.id}:{self.part_by_door(door)}"

    def doors_of(self, place: str) -> frozenset[str]:
        """The doors of one place of the tile."""
        if not self.parts:
            return self.doors
        name = place.partition(":")[2]
        return next((part.doors for part in self.parts if part.name == name), frozenset())


@dataclass(frozen=True)
class Link:
    """A way between two places beyond their doors, named by the builder (``kind``).

    ``frm`` and ``to`` are tile ids or places (``tile:part``): a way leaves from
    every place of a tile and arrives at its first place. A two-way link offers
    the same way back (its ``direction`` reversed); a ``one_way`` link is only
    travelled from ``frm``, and when ``against`` names a kind, ``to`` lists the way
    back under that kind, which is no step of :meth:`House.graph`. ``cost``,
    ``roll`` and ``direction`` (``up`` or ``down``) are data for the rules.
    """

    frm: str
    to: str
    kind: str
    one_way: bool = False
    against: str | None = None
    cost: int | None = None
    roll: tuple[str, int] | None = None
    direction: str | None = None


@dataclass(frozen=True)
class Passage:
    """One way out of a place.

    ``kind``: one of the door kinds (:data:`DOORS`, :data:`FALSE_OPENING`,
    :data:`UNEXPLORED`, :data:`SEALED`), or the kind of the :class:`Link` it
    comes from (its ``against`` kind when taken against a one-way link). ``to``
    is the place reached (``None`` for a door leading nowhere); ``door`` is the
    side of the tile left through, when the way is a door; ``link`` the link a
    way comes from.
    """

    frm: str
    to: str | None
    kind: str
    door: str | None = None
    cost: int | None = None
    roll: tuple[str, int] | None = None
    direction: str | None = None
    link: Link | None = None
    step: bool = True
    """Whether the way is a step of :meth:`House.graph` (a way against a one-way link is not)."""


def _way(link: Link, frm: str, to: str, kind: str, direction: str | None, *, step: bool = True) -> Passage:
    """The passage a link gives from one of its places."""
    return Passage(frm, to, kind, cost=link.cost, roll=link.roll, direction=direction, link=link, step=step)


def column_name(col: int) -> str:
    """Column letters of a 0-based column (``A``...``Z``, ``AA``...)."""
    name = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def parse_square(name: str) -> tuple[int, int]:
    """0-based (column, row) of a square name such as ``C3``; ``ValueError`` when malformed."""
    letters = "".join(ch for ch in name if ch.isalpha())
    digits = name[len(letters) :]
    if not letters or not letters.isupper() or not digits.isdigit() or int(digits) < 1:
        msg = f"expected a square name such as C3, got {name!r}"
        raise ValueError(msg)
    col = 0
    for ch in letters:
        col = col * 26 + ord(ch) - ord("A") + 1
    return col - 1, int(digits) - 1


@dataclass(frozen=True, eq=False)
class House:
    """The room graph of one situation (implements :class:`adjudicator.spaces.rooms.RoomSpace`)."""

    rooms: tuple[Room, ...]
    links: tuple[Link, ...] = ()

    # -- indexes

    @cached_property
    def by_id(self) -> dict[str, Room]:
        """Rooms by id."""
        return {room.id: room for room in self.rooms}

    @cached_property
    def by_square(self) -> dict[tuple[str, int, int], Room]:
        """Rooms by (floor, column, row)."""
        return {(r.floor, r.col, r.row): r for r in self.rooms}

    @cached_property
    def _places(self) -> tuple[str, ...]:
        ordered = sorted(self.rooms, key=lambda r: (FLOORS.index(r.floor), r.row, r.col))
        return tuple(place for room in ordered for place in room.places())

    @cached_property
    def _index(self) -> dict[str, int]:
        return {place: i for i, place in enumerate(self._places)}

    @cached_property
    def _passages(self) -> dict[str, tuple[Passage, ...]]:
        linked = self._linked()
        return {place: (*self._door_passages(place), *linked.get(place, ())) for place in self._places}

    @cached_property
    def _neighbours(self) -> dict[str, tuple[str, ...]]:
        return {place: self._compute_neighbours(place) for place in self._places}

    def __hash__(self) -> int:
        return id(self)

    @property
    def kind(self) -> str:
        """The registry name of this space kind."""
        return "room"

    @property
    def walls(self) -> frozenset[Edge]:
        """Rooms have no walls apart from their doorless sides (not edges of the graph)."""
        return frozenset()

    # -- places and names

    def room_of(self, place: SpaceId) -> Room:
        """The room a place belongs to (``KeyError`` off the house)."""
        return self.by_id[str(place).partition(":")[0]]

    def spaces(self) -> tuple[SpaceId, ...]:
        """Every place, floor by floor (basement first), in reading order."""
        return self._places

    def contains(self, space: SpaceId) -> bool:
        """Whether ``space`` is a place of the house."""
        return space in self._index

    def name(self, space: SpaceId) -> str:
        """Places are named by their ids."""
        return str(space)

    def parse(self, name: str) -> SpaceId:
        """A place id is its own name; a bare id of a split tile means its first part."""
        if not name or not isinstance(name, str):
            msg = f"expected a room id, got {name!r}"
            raise ValueError(msg)
        room = self.by_id.get(name)
        if room is not None and room.parts:
            return room.places()[0]
        return name

    def not_on_map(self, space: SpaceId) -> str:
        """Why a place is not in the house."""
        room_id, _, side = str(space).partition(":")
        room = self.by_id.get(room_id)
        if room is None:
            return f"no room {room_id!r} in the house"
        if not room.parts:
            return f"{room_id} is not split, so it has no part {side!r}"
        names = ", ".join(part.name for part in room.parts)
        return f"{room_id} has no part {side!r} (parts: {names})"

    def extent(self) -> str:
        """The house's size in words."""
        counts = {f: sum(1 for r in self.rooms if r.floor == f and not r.undrawn) for f in FLOORS}
        return ", ".join(f"{n} {f} room{'s' * (n != 1)}" for f, n in counts.items() if n)

    def sort_key(self, space: SpaceId) -> tuple[int, ...]:
        """Reading order, unknown places last."""
        return (self._index.get(str(space), len(self._index)),)

    # -- map facts

    def terrain_at(self, space: SpaceId) -> str | None:
        """Every room is clear floor."""
        return "clear" if self.contains(space) else None

    def level(self, space: SpaceId) -> int:
        """The floor's number: basement 0, ground 1, upper 2."""
        return FLOORS.index(self.room_of(space).floor)

    def marked_indoor(self, space: SpaceId) -> bool:
        """A house is indoors."""
        return self.contains(space)

    def has_stairs(self, space: SpaceId) -> bool:
        """Whether the tile carries a stair end (see :attr:`Room.stairs`)."""
        return self.room_of(space).stairs

    # -- passages

    def passages(self, place: str) -> tuple[Passage, ...]:
        """Every way out of a place (see :class:`Passage`): its doors in side order, then its links in order."""
        return self._passages.get(place, ())

    def neighbour_through(self, room: Room, door: str) -> Room | None:
        """The tile on the other side of a room's side, if any."""
        dc, dr = OFFSET[door]
        return self.by_square.get((room.floor, room.col + dc, room.row + dr))

    def adjacent(self, a: str, b: str) -> bool:
        """Whether two rooms are on one floor and share a side (never diagonally)."""
        ra, rb = self.by_id[a], self.by_id[b]
        return ra.floor == rb.floor and abs(ra.col - rb.col) + abs(ra.row - rb.row) == 1

    def _door_passages(self, place: str) -> list[Passage]:
        room = self.room_of(place)
        out: list[Passage] = []
        for door in SIDES:
            if door not in room.doors_of(place):
                continue
            if door in room.sealed:
                out.append(Passage(place, None, SEALED, door))
                continue
            other = self.neighbour_through(room, door)
            if other is None:
                out.append(Passage(place, None, UNEXPLORED, door))
            elif OPPOSITE[door] in other.sealed:
                out.append(Passage(place, None, SEALED, door))
            elif OPPOSITE[door] not in other.doors:
                out.append(Passage(place, None, FALSE_OPENING, door))
            else:
                target = other.place_by_door(OPPOSITE[door])
                out.append(Passage(place, target, UNEXPLORED if other.undrawn else DOORS, door))
        return out

    def _ends(self, ref: str) -> tuple[str, ...]:
        """The places a link end names: a place itself, or every place of a tile (none off the house)."""
        if ref in self._index and ref not in self.by_id:
            return (ref,)
        room = self.by_id.get(ref)
        return () if room is None else room.places()

    def _linked(self) -> dict[str, list[Passage]]:
        """The ways every link gives, by the place they leave from, in link order."""
        out: dict[str, list[Passage]] = {}
        for link in self.links:
            frm, to = self._ends(link.frm), self._ends(link.to)
            if not frm or not to:
                continue
            for place in frm:
                out.setdefault(place, []).append(_way(link, place, to[0], link.kind, link.direction))
            if link.one_way and link.against is None:
                continue
            kind = link.against if link.one_way and link.against is not None else link.kind
            back = REVERSED.get(link.direction or "", link.direction)
            for place in to:
                out.setdefault(place, []).append(_way(link, place, frm[0], kind, back, step=not link.one_way))
        return out

    # -- the generic space interface

    def _compute_neighbours(self, place: str) -> tuple[str, ...]:
        out: list[str] = []
        for p in self.passages(place):
            if p.to is not None and p.step and p.to not in out:
                out.append(p.to)
        return tuple(out)

    def neighbours(self, space: SpaceId) -> tuple[SpaceId, ...]:
        """Places joined to ``space`` by doors on both tiles (an undrawn tile too: entering draws it) or a step link."""
        return self._neighbours.get(str(space), ())

    def graph(self) -> nx.DiGraph[SpaceId]:
        """Every step between neighbours, each edge carrying its :class:`Step`, cached and frozen."""
        return self._graph

    @cached_property
    def _graph(self) -> nx.DiGraph[SpaceId]:
        return step_graph(self)

    def step(self, frm: SpaceId, to: SpaceId) -> Step:
        """A step between joined places never passes a vertex nor a wall."""
        if to not in self.neighbours(frm):
            msg = f"{frm} and {to} are not joined"
            raise ValueError(msg)
        return Step(frm, to, vertex=False, sides=(), edges=(frozenset((frm, to)),), wall=False, separated=False)

    def steps(self, frm: SpaceId) -> tuple[Step, ...]:
        """The steps to every joined place."""
        return tuple(self.step(frm, to) for to in self.neighbours(frm))

    def separates(self, edges: Collection[Edge], a: SpaceId, b: SpaceId) -> bool:
        """Whether the edge between two places is among ``edges``."""
        return frozenset((a, b)) in edges

    def distance(self, a: SpaceId, b: SpaceId) -> int:
        """Fewest steps between two places through joined doors and links (-1 when none), on :meth:`graph`."""
        if a == b:
            return 0
        import networkx as nx  # noqa: PLC0415 - loaded with the graph, which imports it first

        try:
            return int(nx.shortest_path_length(self.graph(), a, b))
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            return -1

    def length2(self, a: SpaceId, b: SpaceId) -> int:
        """Squared grid distance between two tiles' centres (floors apart count as far)."""
        ra, rb = self.room_of(a), self.room_of(b)
        floors = (FLOORS.index(ra.floor) - FLOORS.index(rb.floor)) * 100
        return (ra.col - rb.col) ** 2 + (ra.row - rb.row) ** 2 + floors**2

    def away(self, origin: SpaceId, space: SpaceId) -> Away:
        """Not meaningful in a house (nothing is pushed away)."""
        msg = "a house of rooms has no directions away from a place"
        raise NotImplementedError(msg)

    def beyond(self, space: SpaceId, direction: Direction) -> SpaceId:
        """The room across a side (``N``, ``E``, ``S``, ``W``), or ``room:SIDE`` when there is none."""
        room = self.room_of(space)
        other = self.neighbour_through(room, str(direction))
        return other.places()[0] if other is not None else f"{room.id}:{direction}"

    def across(self, space: SpaceId, side: str) -> SpaceId:
        """The room across a named side (``north``...)."""
        return self.beyond(space, side[:1].upper())

    def straight_chain(self, a: str, b: str) -> tuple[str, ...] | None:
        """The rooms from ``a`` to ``b`` along one row or column of one floor, or ``None`` (a gap, an undrawn tile)."""
        ra, rb = self.room_of(a), self.room_of(b)
        if ra.floor != rb.floor or (ra.col != rb.col and ra.row != rb.row):
            return None
        dc = (rb.col > ra.col) - (rb.col < ra.col)
        dr = (rb.row > ra.row) - (rb.row < ra.row)
        chain = [ra.id]
        col, row = ra.col, ra.row
        while (col, row) != (rb.col, rb.row):
            col, row = col + dc, row + dr
            room = self.by_square.get((ra.floor, col, row))
            if room is None or room.undrawn:
                return None
            chain.append(room.id)
        return tuple(chain)

    def side_towards(self, a: str, b: str) -> str | None:
        """The side of room ``a`` that room ``b`` lies across, when they are adjacent."""
        ra, rb = self.by_id[a], self.by_id[b]
        if ra.floor != rb.floor:
            return None
        return next((s for s, (dc, dr) in OFFSET.items() if (ra.col + dc, ra.row + dr) == (rb.col, rb.row)), None)

    def doors_joined(self, a: str, b: str) -> bool:
        """Whether two adjacent rooms both have an unsealed door on their shared side."""
        side = self.side_towards(a, b)
        if side is None:
            return False
        ra, rb = self.by_id[a], self.by_id[b]
        back = OPPOSITE[side]
        return side in ra.doors and back in rb.doors and side not in ra.sealed and back not in rb.sealed

    def line(self, a: SpaceId, b: SpaceId) -> Line:
        """The straight chain of rooms between two rooms (empty interior when there is none)."""
        chain = self.straight_chain(str(a), str(b)) or (str(a), str(b))
        interior = chain[1:-1] if len(chain) > 1 else ()
        return Line(a, b, interior, ())

    def map_fields(self, map_kind: str) -> dict[str, Any]:  # noqa: ARG002 - one kind of house
        """The house as the situation file's ``house.rooms`` list."""
        return {
            "rooms": [
                {"id": r.id, "floor": r.floor, "at": r.square, "doors": "".join(s for s in SIDES if s in r.doors)}
                for r in self.rooms
            ]
        }
