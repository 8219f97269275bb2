"""The house as a room graph: room tiles on a grid per floor, doors per side, and the passages between them.

A place is a room id (``kitchen``) or, inside an obstacle room, ``room:side``
(``chasm:a``). :meth:`House.passages` lists every way out of a place as a
:class:`Passage` whose ``kind`` names the way taken (joined doors, a false
opening, the front door, an unexplored door, a staircase, the coal chute, a
fall, a printed or card link, an obstacle crossing); which of them a piece may
take, and at what price, is for the rules to decide. The special rooms are
known by their tile ids (see :data:`SPECIAL_ROOMS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
SPECIAL_ROOMS = (
    *("entrance_hall", "foyer", "grand_staircase", "upper_landing", "basement_landing", "stairs_from_basement"),
    *("coal_chute", "collapsed_room", "junk_room", "mystic_elevator", "vault", "chasm", "catacombs", "tower"),
    *("revolving_wall", "gallery"),
)
"""Room ids whose names carry rules."""
OBSTACLE_ROOMS = ("chasm", "catacombs", "tower", "vault")
"""Rooms with an obstacle inside: a piece in one stands on one of its sides."""
TOKEN_TYPES = ("secret_passage", "secret_stairs", "below_collapsed_room")


@dataclass(frozen=True)
class Obstacle:
    """The obstacle inside a room: the crossing roll printed on the tile and the doors of each side."""

    trait: str
    target: int
    sides: tuple[tuple[str, frozenset[str]], ...]
    """(side name, the doors on that part), in file order."""

    def side_of(self, door: str) -> str:
        """The side whose part holds ``door`` (the first side when none does)."""
        for name, doors in self.sides:
            if door in doors:
                return name
        return self.sides[0][0]


@dataclass(frozen=True)
class Room:
    """One room tile of the house."""

    id: str
    floor: str
    col: int
    row: int
    doors: frozenset[str]
    symbol: str | None = None
    new: bool = False
    placed_by: str = "discovery"
    obstacle: Obstacle | None = None
    moved_this_turn: bool = False
    front_door: str | None = None
    """The side of the front door (the entrance hall only)."""

    @property
    def undiscovered(self) -> bool:
        """A ``new`` tile still to be drawn: entering it discovers it (a haunt's new tile is already in the house)."""
        return self.new and self.placed_by == "discovery"

    @property
    def square(self) -> str:
        """The grid square's name (``C3``)."""
        return f"{column_name(self.col)}{self.row + 1}"

    def places(self) -> tuple[str, ...]:
        """The places of the room: itself, or one per side of its obstacle."""
        if self.obstacle is None:
            return (self.id,)
        return tuple(f"{self.id}:{name}" for name, _ in self.obstacle.sides)

    def place_by_door(self, door: str) -> str:
        """The place a piece entering through ``door`` arrives at."""
        if self.obstacle is None:
            return self.id
        return f"{self.id}:{self.obstacle.side_of(door)}"

    def doors_of(self, place: str) -> frozenset[str]:
        """The doors of one place of the room."""
        if self.obstacle is None:
            return self.doors
        side = place.partition(":")[2]
        return next((doors for name, doors in self.obstacle.sides if name == side), frozenset())


@dataclass(frozen=True)
class Link:
    """A passage printed on a tile or made by a card."""

    frm: str
    to: str
    one_way: bool = False
    cost: int = 1
    roll: tuple[str, int] | None = None


@dataclass(frozen=True)
class Passage:
    """One way out of a place.

    ``kind``: ``doors``, ``false_opening``, ``front_door``, ``unexplored`` (a
    door with no tile behind it, or the door facing a ``new`` tile),
    ``staircase``, ``basement_stairs``, ``coal_chute``, ``collapsed_room``,
    ``card_link``, ``against_one_way`` or ``obstacle_cross``. ``to`` is the
    place reached (``None`` for an unexplored door with no tile yet and for
    closed ways); ``door`` is the side of the tile left through, when the way
    is a door. ``direction`` is ``down`` or ``up`` for the chute and the fall.
    """

    frm: str
    to: str | None
    kind: str
    door: str | None = None
    cost: int | None = None
    roll: tuple[str, int] | None = None
    direction: str = "down"
    link: Link | None = None


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
    """The room graph of one situation (implements :class:`adjudicator.spaces.base.Space`)."""

    rooms: tuple[Room, ...]
    links: tuple[Link, ...] = ()
    tokens: tuple[tuple[str, str], ...] = ()
    """(token type, room id) pairs."""
    tiles_left: Mapping[str, int | None] = field(default_factory=dict)

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
        return {place: self._compute_passages(place) for place in self._places}

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
        """A place id is its own name; a bare obstacle room id means its first side."""
        if not name or not isinstance(name, str):
            msg = f"expected a room id, got {name!r}"
            raise ValueError(msg)
        room = self.by_id.get(name)
        if room is not None and room.obstacle is not None:
            return room.places()[0]
        return name

    def not_on_map(self, space: SpaceId) -> str:
        """Why a place is not in the house."""
        room_id, _, side = str(space).partition(":")
        room = self.by_id.get(room_id)
        if room is None:
            return f"no room {room_id!r} in the house"
        if room.obstacle is None:
            return f"{room_id} has no obstacle, so no sides"
        names = ", ".join(name for name, _ in room.obstacle.sides)
        return f"{room_id} has no side {side!r} (sides: {names})"

    def extent(self) -> str:
        """The house's size in words."""
        counts = {f: sum(1 for r in self.rooms if r.floor == f and not r.undiscovered) for f in FLOORS}
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
        """Rooms whose tiles carry a staircase."""
        return self.room_of(space).id in ("grand_staircase", "upper_landing", "stairs_from_basement", "foyer")

    # -- passages

    def passages(self, place: str) -> tuple[Passage, ...]:
        """Every way out of a place (see :class:`Passage`), in a fixed order."""
        return self._passages.get(place, ())

    def neighbour_through(self, room: Room, door: str) -> Room | None:
        """The tile on the other side of a room's side, if any."""
        dc, dr = OFFSET[door]
        return self.by_square.get((room.floor, room.col + dc, room.row + dr))

    def adjacent(self, a: str, b: str) -> bool:
        """Whether two rooms are on one floor and share a side (never diagonally)."""
        ra, rb = self.by_id[a], self.by_id[b]
        return ra.floor == rb.floor and abs(ra.col - rb.col) + abs(ra.row - rb.row) == 1

    def tokens_of(self, kind: str) -> tuple[str, ...]:
        """Rooms holding a token of this type, in file order."""
        return tuple(room for token, room in self.tokens if token == kind)

    def _compute_passages(self, place: str) -> tuple[Passage, ...]:
        room = self.room_of(place)
        out: list[Passage] = []
        for door in SIDES:
            if door not in room.doors_of(place):
                continue
            if room.front_door == door:
                out.append(Passage(place, None, "front_door", door))
                continue
            other = self.neighbour_through(room, door)
            if other is None:
                out.append(Passage(place, None, "unexplored", door))
            elif OPPOSITE[door] not in other.doors:
                out.append(Passage(place, None, "false_opening", door))
            else:
                target = other.place_by_door(OPPOSITE[door])
                out.append(Passage(place, target, "unexplored" if other.undiscovered else "doors", door))
        if room.obstacle is not None:
            out.extend(Passage(place, other, "obstacle_cross") for other in room.places() if other != place)
        out.extend(self._special_passages(room, place))
        return tuple(out)

    def _special_passages(self, room: Room, place: str) -> list[Passage]:  # noqa: C901 - one branch per special room
        out: list[Passage] = []
        rooms = self.by_id

        def first(room_id: str) -> str | None:
            target = rooms.get(room_id)
            return None if target is None else target.places()[0]

        pairs = {"grand_staircase": ("upper_landing", "staircase"), "upper_landing": ("grand_staircase", "staircase")}
        if room.id in pairs:
            to = first(pairs[room.id][0])
            if to is not None:
                out.append(Passage(place, to, pairs[room.id][1]))
        stairs = rooms.get("stairs_from_basement")
        if stairs is not None and not stairs.undiscovered:
            if room.id == "stairs_from_basement" and "foyer" in rooms:
                out.append(Passage(place, "foyer", "basement_stairs", direction="up"))
            if room.id == "foyer":
                out.append(Passage(place, first("stairs_from_basement"), "basement_stairs", direction="down"))
        if room.id == "basement_landing" and "coal_chute" in rooms:
            out.append(Passage(place, first("coal_chute"), "coal_chute", direction="up"))
        if room.id == "collapsed_room":
            out.extend(Passage(place, to, "collapsed_room", direction="down") for to in self.fall_targets())
        for kind in ("secret_passage", "secret_stairs"):
            holders = self.tokens_of(kind)
            if room.id in holders:
                out.extend(Passage(place, first(other), "card_link", cost=1) for other in holders if other != room.id)
        for link in self.links:
            if link.frm == room.id:
                out.append(Passage(place, first(link.to), "card_link", cost=link.cost, roll=link.roll, link=link))
            if link.to == room.id:
                kind = "against_one_way" if link.one_way else "card_link"
                out.append(Passage(place, first(link.frm), kind, cost=link.cost, roll=link.roll, link=link))
        return out

    def fall_targets(self) -> tuple[str, ...]:
        """Where a fall through the Collapsed Room may land (see the contract's connections)."""
        below = self.tokens_of("below_collapsed_room")
        if below:
            return tuple(self.by_id[r].places()[0] for r in below if r in self.by_id)
        basement = [r for r in self.rooms if r.floor == "basement"]
        return tuple(r.places()[0] for r in basement)

    # -- the generic space interface

    def neighbours(self, space: SpaceId) -> tuple[SpaceId, ...]:
        """Places joined to ``space`` by doors on both tiles or a connection (no new tiles)."""
        out: list[SpaceId] = []
        for p in self.passages(str(space)):
            if p.to is not None and p.kind != "against_one_way" and p.to not in out:
                out.append(p.to)
        return tuple(out)

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

    def separates(self, edges: Any, a: SpaceId, b: SpaceId) -> bool:
        """Whether the edge between two places is among ``edges``."""
        return frozenset((a, b)) in edges

    def distance(self, a: SpaceId, b: SpaceId) -> int:
        """Fewest steps between two places through joined doors and connections (-1 when none)."""
        if a == b:
            return 0
        seen = {a}
        frontier = [a]
        steps = 0
        while frontier:
            steps += 1
            nxt: list[SpaceId] = []
            for place in frontier:
                for other in self.neighbours(place):
                    if other == b:
                        return steps
                    if other not in seen:
                        seen.add(other)
                        nxt.append(other)
            frontier = nxt
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
        """The rooms from ``a`` to ``b`` along one row or column of one floor, or ``None``."""
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
            if room is None or room.undiscovered:
                return None
            chain.append(room.id)
        return tuple(chain)

    def doors_joined(self, a: str, b: str) -> bool:
        """Whether two adjacent rooms both have a door on their shared side."""
        ra, rb = self.by_id[a], self.by_id[b]
        if not self.adjacent(a, b):
            return False
        side = next(s for s, (dc, dr) in OFFSET.items() if (ra.col + dc, ra.row + dr) == (rb.col, rb.row))
        return (
            side in ra.doors
            and OPPOSITE[side] in rb.doors
            and ra.front_door != side
            and rb.front_door != OPPOSITE[side]
        )

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

    # -- drawing
