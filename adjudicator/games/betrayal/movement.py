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
    COLLAPSED_FALL,
    OBSTACLE_CROSS,
    REVOLVING_WALL,
    VAULT,
    way_direction,
    way_kind,
)
from adjudicator.games.betrayal.model import DIE, HouseSituation, Piece
from adjudicator.games.betrayal.rules import Rules
from adjudicator.spaces.rooms import UNEXPLORED, Passage, RoomSpace

Way = tuple[int, str | None, str | None, bool]
"""A way's facts for a reach search: spaces it costs, the roll it needs (by name), the place reached (``None``
for a door with no tile behind it), whether the movement ends there."""

STEP_KIND = {OBSTACLE_CROSS: "obstacle_cross", COLLAPSED_FALL: "collapsed_fall"}
"""Passage kind -> the kind of step ``move.step_cost`` prices (others are a step into a room)."""


@dataclass(frozen=True)
class Roll:
    """A roll a way needs: its name (for the once-a-turn rule), trait, dice and target."""

    name: str
    trait: str
    dice: int
    target: int
    needed: Result

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

    def can_enter(self, passage: Passage) -> Result:
        """``move.can_enter`` for a way out."""
        kind = way_kind(passage)
        if kind == OBSTACLE_CROSS:
            kind = "doors"
        floor = None
        if kind == UNEXPLORED:
            room = self.house.room_of(passage.frm)
            floor = self.house.by_id[passage.to.partition(":")[0]].floor if passage.to else room.floor
        left = self.state.tiles_left.get(floor) if floor else None
        return self.rules.decide(
            "move.can_enter",
            {
                "passage": kind,
                "direction": way_direction(passage),
                "mover": self.kind,
                "basement_stairs_found": self.stairs_found,
                "tiles_left": left != 0,
                "front_door_open": False,
                "monsters_explore": False,
            },
        )

    def cost(self, passage: Passage, *, into_chute: bool = False) -> tuple[int, Result]:
        """Spaces the step uses, penalties included, and the decision that says so."""
        kind = "coal_chute" if into_chute else STEP_KIND.get(passage.kind, "room")
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
        dice = self.rules.value(
            "roll.dice", {"kind": "trait", "named": 0, "value": min(0 if value is None else value.value, 8)}
        )
        return Roll(name, trait, int(dice or 0), target, needed)

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

    def entry(self, place: str, first_entry: bool) -> tuple[Result, str | None]:
        """``room.draws_card`` on entering a place, and the card kind drawn (or ``None``)."""
        tile = self.state.tile_of(place)
        entry = "later"
        if first_entry and tile.placed_by == "haunt":
            entry = "haunt"
        elif first_entry and tile.new:
            entry = "discovery"
        result = self.rules.decide("room.draws_card", {"entry": entry, "symbol": tile.symbol is not None})
        return result, tile.symbol if result.value else None

    def ends(self, *, draws: bool, failed: bool = False, junk_short: bool = False) -> Result:
        """``move.ends`` in the room just entered."""
        return self.rules.decide(
            "move.ends", {"draws_card": draws, "failed_crossing": failed, "left_junk_short": junk_short}
        )

    def slides(self, from_floor: str) -> Result:
        """``chute.slides`` for the mover entering the Coal Chute from a room on ``from_floor``.

        The decision knows the floors a chute can be entered from (ground, or basement for a monster); a
        house that puts the chute elsewhere is asked as if it were entered from the ground floor.
        """
        floor = from_floor if from_floor in ("ground", "basement") else "ground"
        return self.rules.decide("chute.slides", {"mover": self.kind, "from_floor": floor})
