"""Betrayal's house: the tiles as the situation file gives them, the special rooms, and the ways they add.

The room space (:mod:`adjudicator.spaces.rooms`) knows tiles, doors and the
links it is handed, never a tile by name. This module says which tile names
carry rules (contract: room ids) and turns them, the tokens and the file's
links into the links of the house it builds (:meth:`HouseState.build`), in
the order a room lists them after its doors:

* the crossing between the two sides of an obstacle room, with the roll printed on it (L244-246);
* the Grand Staircase and the Upper Landing, joined both ways (L254, L301);
* the Stairs from Basement and the Foyer, once the stairs are in the house (L301);
* the Coal Chute, a way up from the Basement Landing that only the rules may open (L258, L525);
* the fall from the Collapsed Room to each place of each room it may land in, and from the room below it
  (once the token marks it) the way back up, which only monsters take (L262-266, L525);
* rooms holding tokens of one secret type, joined both ways (L526);
* the file's links, one-way or not, with their cost and roll.

The space names its own door ways (joined doors, a false opening, an
unexplored door); its sealed door is the entrance hall's front door, which
:func:`way_kind` names for the rules.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from adjudicator.spaces.rooms import KIND, SEALED, Link, Part, Passage, Room, RoomSpace

ENTRANCE_HALL = "entrance_hall"
"""The room with the front door (L299, L643)."""
FOYER = "foyer"
GRAND_STAIRCASE = "grand_staircase"
UPPER_LANDING = "upper_landing"
BASEMENT_LANDING = "basement_landing"
STAIRS_FROM_BASEMENT = "stairs_from_basement"
COAL_CHUTE = "coal_chute"
COLLAPSED_ROOM = "collapsed_room"
JUNK_ROOM = "junk_room"
"""Leaving it lowers Speed; the movement may end in the next room (L270)."""
MYSTIC_ELEVATOR = "mystic_elevator"
"""It moves when a piece enters it, once a turn (L274, L279)."""
VAULT = "vault"
"""An obstacle room whose sides are named ``outside`` and ``inside`` (L289)."""
REVOLVING_WALL = "revolving_wall"
"""The traitor and monsters use a link touching it without its roll (L495, L525)."""
GALLERY = "gallery"
SPECIAL_ROOMS = (
    *(ENTRANCE_HALL, FOYER, GRAND_STAIRCASE, UPPER_LANDING, BASEMENT_LANDING, STAIRS_FROM_BASEMENT),
    *(COAL_CHUTE, COLLAPSED_ROOM, JUNK_ROOM, MYSTIC_ELEVATOR, VAULT, "chasm", "catacombs", "tower"),
    *(REVOLVING_WALL, GALLERY),
)
"""Room ids whose names carry rules (contract: room ids)."""
OBSTACLE_ROOMS = ("chasm", "catacombs", "tower", VAULT)
"""Rooms with an obstacle inside: a piece in one stands on one of its sides (L244-246)."""
ENTRANCE_TILE = frozenset((ENTRANCE_HALL, FOYER, GRAND_STAIRCASE))
"""The three rooms of the entrance tile: a step between two of them costs one space (L254)."""
STAIR_ROOMS = (GRAND_STAIRCASE, UPPER_LANDING, STAIRS_FROM_BASEMENT, FOYER)
"""Tiles that carry a staircase end (L254, L301)."""

SECRET_PASSAGE = "secret_passage"  # noqa: S105 - a token's name
SECRET_STAIRS = "secret_stairs"  # noqa: S105 - a token's name
BELOW_COLLAPSED_ROOM = "below_collapsed_room"
"""The token marking where a fall from the Collapsed Room lands (L264)."""
TOKEN_TYPES = (SECRET_PASSAGE, SECRET_STAIRS, BELOW_COLLAPSED_ROOM)

# The kinds of the ways, as the rules name them (move.can_enter's passage fact).
FRONT_DOOR = "front_door"
STAIRCASE = "staircase"
BASEMENT_STAIRS = "basement_stairs"
COAL_CHUTE_WAY = "coal_chute"
COLLAPSED_FALL = "collapsed_room"
CARD_LINK = "card_link"
AGAINST_ONE_WAY = "against_one_way"
OBSTACLE_CROSS = "obstacle_cross"
DEFAULT_DIRECTION = "down"
"""The direction fact of a way that has none of its own."""


@dataclass(frozen=True)
class Obstacle:
    """The crossing roll printed on an obstacle room (its sides are the tile's parts)."""

    trait: str
    target: int


@dataclass(frozen=True)
class Tile:
    """One room tile as the file gives it: its geometry and the facts the rules read."""

    room: Room
    symbol: str | None = None
    new: bool = False
    placed_by: str = "discovery"
    obstacle: Obstacle | None = None
    moved_this_turn: bool = False
    front_door: str | None = None
    """The side of the front door (the entrance hall only)."""

    @property
    def id(self) -> str:
        """The tile's name."""
        return self.room.id

    @property
    def undiscovered(self) -> bool:
        """A ``new`` tile still to be drawn: entering it discovers it (a haunt's new tile is already in the house)."""
        return self.new and self.placed_by == "discovery"


def tile_room(
    room_id: str,
    floor: str,
    at: tuple[int, int],
    doors: frozenset[str],
    sides: tuple[tuple[str, frozenset[str]], ...] = (),
    *,
    front_door: str | None = None,
    undiscovered: bool = False,
) -> Room:
    """The room-space tile of a Betrayal room: its sides as parts, its front door sealed, its stairs marked."""
    return Room(
        room_id,
        floor,
        at[0],
        at[1],
        doors,
        parts=tuple(Part(name, side_doors) for name, side_doors in sides),
        sealed=frozenset() if front_door is None else frozenset((front_door,)),
        undrawn=undiscovered,
        stairs=room_id in STAIR_ROOMS,
    )


@dataclass(frozen=True)
class HouseState:
    """The house section of a situation: its tiles, the file's links, the tokens and the tiles left per floor."""

    tiles: tuple[Tile, ...]
    links: tuple[Link, ...] = ()
    """The file's links (kind :data:`CARD_LINK`, going against a one-way one is :data:`AGAINST_ONE_WAY`)."""
    tokens: tuple[tuple[str, str], ...] = ()
    """(token type, room id) pairs."""
    tiles_left: Mapping[str, int | None] = field(default_factory=dict)

    @cached_property
    def by_id(self) -> dict[str, Tile]:
        """Tiles by id."""
        return {tile.id: tile for tile in self.tiles}

    def tile_of(self, place: str) -> Tile:
        """The tile a place (``room`` or ``room:side``) belongs to."""
        return self.by_id[place.partition(":")[0]]

    def tokens_of(self, kind: str) -> tuple[str, ...]:
        """Rooms holding a token of this type, in file order."""
        return tuple(room for token, room in self.tokens if token == kind)

    @property
    def stairs_found(self) -> bool:
        """Whether the Stairs from Basement are in the house (L301)."""
        stairs = self.by_id.get(STAIRS_FROM_BASEMENT)
        return stairs is not None and not stairs.undiscovered

    def fall_targets(self) -> tuple[str, ...]:
        """Rooms a fall through the Collapsed Room may reach: the token's, else every basement room.

        Which of them a given fall may land in is the rules' (``fall.lands_in``, L264, L266).
        """
        below = self.tokens_of(BELOW_COLLAPSED_ROOM)
        if below:
            return tuple(room for room in below if room in self.by_id)
        return tuple(tile.id for tile in self.tiles if tile.room.floor == "basement")

    def connections(self) -> tuple[Link, ...]:
        """Every way the house has beyond its doors, in the order a room lists them."""
        return (*self._crossings(), *self._special(), *self._secret(), *self.links)

    def build(self) -> RoomSpace:
        """The room space of this house."""
        return KIND.house((tile.room for tile in self.tiles), self.connections())

    def _crossings(self) -> Iterator[Link]:
        """Each pair of sides of an obstacle room, joined both ways by the roll printed on the tile (L246)."""
        for tile in self.tiles:
            places = tile.room.places()
            roll = None if tile.obstacle is None else (tile.obstacle.trait, tile.obstacle.target)
            for i, frm in enumerate(places):
                yield from (Link(frm, to, OBSTACLE_CROSS, roll=roll) for to in places[i + 1 :])

    def _special(self) -> Iterator[Link]:
        """The staircases, the Coal Chute and the Collapsed Room's fall (L254, L258, L262-266, L301)."""
        have = self.by_id
        if GRAND_STAIRCASE in have and UPPER_LANDING in have:
            yield Link(GRAND_STAIRCASE, UPPER_LANDING, STAIRCASE)
        if self.stairs_found and FOYER in have:
            yield Link(FOYER, STAIRS_FROM_BASEMENT, BASEMENT_STAIRS, direction="down")
        if BASEMENT_LANDING in have and COAL_CHUTE in have:
            yield Link(BASEMENT_LANDING, COAL_CHUTE, COAL_CHUTE_WAY, one_way=True, direction="up")
        if COLLAPSED_ROOM in have:
            below = self.tokens_of(BELOW_COLLAPSED_ROOM)
            for room in self.fall_targets():
                back = COLLAPSED_FALL if room in below else None  # the climb back up, for monsters (L525)
                for place in have[room].room.places():
                    yield Link(COLLAPSED_ROOM, place, COLLAPSED_FALL, one_way=True, against=back, direction="down")

    def _secret(self) -> Iterator[Link]:
        """Rooms holding tokens of one secret type, joined both ways for one space (L526)."""
        for kind in (SECRET_PASSAGE, SECRET_STAIRS):
            holders = tuple(dict.fromkeys(self.tokens_of(kind)))
            for i, frm in enumerate(holders):
                yield from (Link(frm, to, CARD_LINK, cost=1) for to in holders[i + 1 :])


def file_link(frm: str, to: str, *, one_way: bool, cost: int, roll: tuple[str, int] | None) -> Link:
    """A link of the file (``house.links``): printed on a tile or made by a card."""
    return Link(frm, to, CARD_LINK, one_way=one_way, against=AGAINST_ONE_WAY, cost=cost, roll=roll)


def way_kind(passage: Passage) -> str:
    """The passage fact the rules read for a way: the room space's sealed door is the front door."""
    return FRONT_DOOR if passage.kind == SEALED else passage.kind


def way_direction(passage: Passage) -> str:
    """The direction fact the rules read for a way (``down`` when it has none)."""
    return passage.direction or DEFAULT_DIRECTION
