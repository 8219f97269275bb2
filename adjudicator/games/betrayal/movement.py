"""Moving through the house: the facts of each way out of a room, asked of the rules, for a path or for reach.

:class:`Mover` holds one piece's facts (its kind, side, Speed, the opponents
that slow it) and asks the movement decisions for a :class:`Passage`: whether
the way is open (``move.can_enter``), what the step costs
(``move.step_cost`` with ``opponent.slows``), whether it needs a roll
(``passage.roll_needed``) and whether it may be taken now
(``move.step_allowed``). Answers are cached per facts, so a reach search over
a large house asks each distinct question once.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from adjudicator.core.engine import Result
from adjudicator.games.betrayal.house import (
    BASEMENT_STAIRS,
    BELOW_COLLAPSED_ROOM,
    COLLAPSED_FALL,
    ENTRANCE_HALL,
    ENTRANCE_TILE,
    FOYER,
    FRONT_DOOR,
    OBSTACLE_CROSS,
    REVOLVING_WALL,
    STAIRS_FROM_BASEMENT,
    VAULT,
    way_direction,
    way_kind,
)
from adjudicator.games.betrayal.model import DIE, HouseSituation, Piece
from adjudicator.games.betrayal.rules import Rules
from adjudicator.spaces.rooms import DOORS, FALSE_OPENING, OPPOSITE, SEALED, UNEXPLORED, Passage, RoomSpace

Way = tuple[int, str | None, str | None, bool]
"""A way's facts for a reach search: spaces it costs, the roll it needs (by name), the place reached (``None``
for a door with no tile behind it), whether the movement ends there."""

STEP_KIND = {OBSTACLE_CROSS: "obstacle_cross", COLLAPSED_FALL: "collapsed_fall"}
"""Passage kind -> the kind of step ``move.step_cost`` prices (others are a step into a room)."""


ENDED_BY: dict[str, str] = {
    "BT.MOVE.CARD_STOP": "card",
    "BT.ROOM.OBSTACLE.CROSS": "failed_crossing",
    "BT.ROOM.JUNK": "room",
}
"""The rules of ``move.ends`` that end a movement before its spaces run out, and what each is called in an answer."""


def movement_end(ends: Result, place: str) -> dict[str, str] | None:
    """``{by, at, rule}`` when ``move.ends`` ended the movement at ``place`` by a rule, else ``None``.

    ``by`` is ``card`` (a card was drawn, L222), ``failed_crossing`` (an obstacle roll failed, L246) or
    ``room`` (a room's own rule, the Junk Room's exit, L270). Running out of spaces is not such an end: it
    shows as ``remaining: 0``.
    """
    rule = ends.trace[0].rule if ends.trace else ""
    if not ends.value or rule not in ENDED_BY:
        return None
    return {"by": ENDED_BY[rule], "at": place, "rule": rule}


@dataclass(frozen=True)
class Roll:
    """A roll a way needs: its name (for the once-a-turn rule), trait, dice and target."""

    name: str
    trait: str
    dice: int
    target: int
    needed: Result
    dice_rule: Result
    """The decision that says how many dice the roll uses (a trait roll: the trait's current value)."""

    @property
    def chance(self) -> Fraction:
        """The chance it succeeds."""
        return DIE.at_least(self.dice, self.target)


class Mover:
    """One piece moving in one situation."""

    def __init__(self, rules: Rules, situation: HouseSituation, piece: Piece) -> None:
        self.rules, self.situation, self.piece = rules, situation, piece
        self.house: RoomSpace = situation.board
        self.state = situation.house
        self.kind = piece.type
        self.traitor = situation.is_traitor(piece)
        self.side = "monster" if self.kind == "monster" else "traitor" if self.traitor else "hero"
        self.last_needed: Result | None = None
        self._slowing: dict[str, tuple[int, int, tuple[Result, ...], tuple[str, ...]]] = {}
        self.ways: dict[Passage, Way | Literal[False]] = {}
        """Each way's facts for this mover (``False`` when closed to it), filled by the reach search."""
        self.stairs_found = self.state.stairs_found

    # -- allowance

    def allowance(self, speed: int, roll: int = 0) -> Result:
        """``move.allowance`` for an explorer's Speed value or a monster's movement roll."""
        if self.kind == "explorer":
            return self.rules.decide(
                "move.allowance", {"mover": "explorer", "speed": min(speed, 8), "roll": 0, "stunned": False}
            )
        return self.rules.decide(
            "move.allowance",
            {"mover": "monster", "speed": min(speed, 8), "roll": min(roll, 16), "stunned": self.piece.stunned},
        )

    def movement_rolls(self) -> dict[int, Fraction]:
        """A monster's movement roll totals and their chances (its Speed in dice)."""
        dice = self.rules.value("roll.dice", {"kind": "monster_move", "named": 0, "value": min(self.speed_value(), 8)})
        return DIE.distribution(int(dice or 0))

    def speed_value(self) -> int:
        """The current Speed value (0 for a piece without Speed)."""
        trait = self.piece.traits.get("speed")
        return 0 if trait is None else trait.value

    # -- the facts of a way out

    def slowing(self, place: str) -> tuple[int, int, tuple[Result, ...], tuple[str, ...]]:
        """Opponents in the room of ``place`` that slow the mover: count, those across an obstacle, steps, ids."""
        cached = self._slowing.get(place)
        if cached is not None:
            return cached
        room_id, _, side = place.partition(":")
        count = other = 0
        results: list[Result] = []
        names: list[str] = []
        for piece in self.situation.pieces:
            if piece.id == self.piece.id or piece.room != room_id:
                continue
            opponent = self.situation.opponents(self.piece, piece)
            result = self.rules.decide(
                "opponent.slows",
                {
                    "haunt_started": self.situation.haunt.started,
                    "is_opponent": opponent,
                    "stunned_monster": piece.type == "monster" and piece.stunned,
                },
            )
            if opponent:
                results.append(result)
            if result.value:
                count += 1
                names.append(piece.id)
                if side and piece.side != side:
                    other += 1
        out = (count, other, tuple(results), tuple(names))
        self._slowing[place] = out
        return out

    def way_fact(self, passage: Passage) -> str:
        """The passage fact the rules read for a way, the front door included from either side (L299, L643)."""
        if self.crosses_front_door(passage):
            return FRONT_DOOR
        kind = way_kind(passage)
        return "doors" if kind == OBSTACLE_CROSS else kind

    def crosses_front_door(self, passage: Passage) -> bool:
        """Whether a door way goes through the entrance hall's front door, from inside or from outside."""
        if passage.kind == SEALED:
            return True
        hall = self.state.by_id.get(ENTRANCE_HALL)
        if passage.door is None or hall is None or hall.front_door is None:
            return False
        room = self.house.room_of(passage.frm)
        if room.id == ENTRANCE_HALL:
            return passage.door == hall.front_door
        other = self.house.neighbour_through(room, passage.door)
        return other is not None and other.id == ENTRANCE_HALL and OPPOSITE[passage.door] == hall.front_door

    def enter_facts(self, passage: Passage) -> dict[str, str | bool]:
        """The facts of ``move.can_enter`` for a way out."""
        floor = self.house.room_of(passage.frm).floor
        if passage.kind == UNEXPLORED and passage.to:
            floor = self.house.room_of(passage.to).floor
        return {
            "passage": self.way_fact(passage),
            "direction": way_direction(passage),
            "mover": self.kind,
            "basement_stairs_found": self.stairs_found,
            "tiles_left": self.state.tiles_left.get(floor) != 0,
            "front_door_open": False,
            "monsters_explore": False,
        }

    def can_enter(self, passage: Passage) -> Result:
        """``move.can_enter`` for a way out."""
        return self.rules.decide("move.can_enter", self.enter_facts(passage))

    def closed_way(self, frm: str, to: str) -> Result | None:
        """The rule that shuts the way between two rooms no passage joins, if any.

        The front door, a false opening (a door facing a wall), the Stairs from Basement not found yet.
        """
        house = self.house
        a, b = house.room_of(frm).id, to.partition(":")[0]
        if b not in house.by_id:
            return None
        kind = None
        side = house.side_towards(a, b) if house.adjacent(a, b) else None
        hall = self.state.by_id.get(ENTRANCE_HALL)
        front = None if hall is None else hall.front_door
        if {a, b} == {FOYER, STAIRS_FROM_BASEMENT}:
            kind = BASEMENT_STAIRS
        elif side is not None and front is not None and ENTRANCE_HALL in (a, b):
            kind = FRONT_DOOR if (side if a == ENTRANCE_HALL else OPPOSITE[side]) == front else None
        if kind is None and side is not None and self._door_facing(a, b, side):
            kind = FALSE_OPENING
        if kind is None:
            return None
        direction = "down" if a == FOYER else "up"
        door = side if kind != BASEMENT_STAIRS else None
        passage = Passage(frm, None, SEALED if kind == FRONT_DOOR else kind, door, direction=direction)
        return self.can_enter(passage)

    def _door_facing(self, a: str, b: str, side: str) -> bool:
        """Whether one of two adjacent rooms has a door on their shared side."""
        return side in self.house.by_id[a].doors or OPPOSITE[side] in self.house.by_id[b].doors

    def step_kind(self, passage: Passage, *, into_chute: bool = False) -> str:
        """The kind of step ``move.step_cost`` prices (a climb up the Collapsed Room is a step into a room)."""
        if into_chute:
            return "coal_chute"
        if passage.kind == COLLAPSED_FALL and passage.direction == "up":
            return "room"
        if passage.kind == DOORS and passage.to is not None:
            ends = {self.house.room_of(passage.frm).id, self.house.room_of(passage.to).id}
            if ends <= ENTRANCE_TILE:
                return "entrance_tile"
        return STEP_KIND.get(passage.kind, "room")

    def cost(self, passage: Passage, *, into_chute: bool = False) -> tuple[int, Result]:
        """Spaces the step uses, penalties included, and the decision that says so."""
        kind = self.step_kind(passage, into_chute=into_chute)
        slowing, other, _, _ = self.slowing(passage.frm)
        result = self.rules.decide(
            "move.step_cost", {"kind": kind, "slowing": min(slowing, 6), "slowing_other_side": min(other, 6)}
        )
        value = int(result.value or 0)
        if passage.cost is not None and passage.cost != 1:
            value += passage.cost - 1
        return max(value, 0), result

    def roll_for(self, passage: Passage) -> Roll | None:
        """The roll the way needs from this mover, if any."""
        if passage.roll is None:
            return None
        room = self.house.room_of(passage.frm)
        trait, target = passage.roll
        if passage.kind == OBSTACLE_CROSS:
            what = "vault_door" if room.id == VAULT else "obstacle"
            name = room.id
        else:
            touches = passage.link is not None and REVOLVING_WALL in (passage.link.frm, passage.link.to)
            what = "revolving_wall" if touches else "tile_roll"
            name = f"{passage.frm.partition(':')[0]}-{str(passage.to).partition(':')[0]}"
        needed = self.rules.decide(
            "passage.roll_needed", {"passage": what, "mover": self.kind, "is_traitor": self.traitor}
        )
        self.last_needed = needed
        if not needed.value:
            return None
        value = self.piece.traits.get(trait)
        dice = self.rules.decide(
            "roll.dice",
            {
                "kind": "trait" if self.kind == "explorer" else "monster_trait",
                "named": 0,
                "value": min(0 if value is None else value.value, 8),
            },
        )
        return Roll(name, trait, int(dice.value or 0), target, needed, dice)

    def lands(self, passage: Passage) -> tuple[bool, tuple[Result, ...]]:
        """For a fall through the Collapsed Room: whether it may land at the passage's place, and the decisions.

        Where it lands (``fall.lands_in``: the token's room, the basement tile drawn for the fall, any basement
        room) and, in an obstacle room, on which side it arrives (``sent.arrival_side``, L250, L289).
        """
        if passage.kind != COLLAPSED_FALL or passage.direction == "up" or passage.to is None:
            return True, ()
        tile = self.state.tile_of(passage.to)
        below = self.state.tokens_of(BELOW_COLLAPSED_ROOM)
        new_tile = tile.undiscovered
        left = self.state.tiles_left.get("basement") != 0 or new_tile
        lands = self.rules.decide(
            "fall.lands_in",
            {
                "mover": self.kind,
                "token_placed": bool(below),
                "token_here": tile.id in below,
                "new_tile": new_tile,
                "tiles_left": left,
            },
        )
        if not lands.value or ":" not in passage.to:
            return bool(lands.value), (lands,)
        side = self.rules.decide("sent.arrival_side", {"room": "vault" if tile.id == VAULT else "obstacle_room"})
        ok = side.value == "chosen" or passage.to.partition(":")[2] == "outside"
        return ok, (lands, side)

    def step_allowed(
        self,
        *,
        used: int,
        cost: int,
        allowance: int,
        allowance_now: int,
        moved_before: bool,
        stopped: str | None,
        leaving_junk: bool = False,
    ) -> Result:
        """``move.step_allowed``."""
        return self.rules.decide(
            "move.step_allowed",
            {
                "mover": self.kind,
                "moved": min(used, 16),
                "cost": min(cost, 8),
                "allowance": min(allowance, 16),
                "allowance_now": min(allowance_now, 16),
                "moved_before": moved_before,
                "stopped_by": stopped or "none",
                "stunned": self.kind == "monster" and self.piece.stunned,
                "leaving_junk": leaving_junk,
            },
        )

    def entry(self, place: str, first_entry: bool, *, by_effect: bool = False) -> tuple[Result, str | None]:
        """``room.draws_card`` on entering a place, and the card kind drawn (or ``None``).

        ``by_effect``: the room is entered through a tile's effect (a fall through the Collapsed Room), so a
        room discovered that way is discovered by an effect (L327).
        """
        tile = self.state.tile_of(place)
        entry = "later"
        if first_entry and tile.placed_by == "haunt":
            entry = "haunt"
        elif first_entry and tile.new:
            entry = "effect" if by_effect else "discovery"
        result = self.rules.decide("room.draws_card", {"entry": entry, "symbol": tile.symbol is not None})
        return result, tile.symbol if result.value else None

    def ends(self, *, draws: bool, failed: bool = False, junk_short: bool = False, discovered: bool = False) -> Result:
        """``move.ends`` in the room just entered."""
        return self.rules.decide(
            "move.ends",
            {"draws_card": draws, "failed_crossing": failed, "left_junk_short": junk_short, "discovered": discovered},
        )

    def spaces_left(self, *, used: int, allowance: int, allowance_now: int) -> Result:
        """``move.spaces_left``: what remains of the allowance after ``used`` spaces."""
        return self.rules.decide(
            "move.spaces_left",
            {
                "mover": self.kind,
                "moved": min(used, 16),
                "allowance": min(allowance, 16),
                "allowance_now": min(allowance_now, 16),
            },
        )

    def slides(self, from_floor: str) -> Result:
        """``chute.slides`` for the mover entering the Coal Chute from a room on ``from_floor``.

        The decision knows the floors a chute can be entered from (ground, or basement for a monster); a
        house that puts the chute elsewhere is asked as if it were entered from the ground floor.
        """
        floor = from_floor if from_floor in ("ground", "basement") else "ground"
        if self.kind == "explorer":
            floor = "ground"
        return self.rules.decide("chute.slides", {"mover": self.kind, "from_floor": floor, "is_traitor": self.traitor})
