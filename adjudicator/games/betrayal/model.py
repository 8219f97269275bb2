"""What a house situation holds: the haunt, the pieces with their trait tracks, the turn so far, the query."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from adjudicator.core.dice import D6_PIPS_0_TO_2, Dice
from adjudicator.situation.base import Located

if TYPE_CHECKING:
    from adjudicator.games.betrayal.house import HouseState
    from adjudicator.spaces.rooms import RoomSpace

DIE: Final = D6_PIPS_0_TO_2
"""One die of the house game: two faces each of 0, 1 and 2 pips (L377, L647); a roll is the sum of its dice (L381)."""
DICE: Final = Dice(DIE)
"""As many dice as the trait, the card or the rule says for each roll."""

TRAITS = ("might", "speed", "knowledge", "sanity")


class QueryField(NamedTuple):
    """One field of a query: the kind of value it holds, and its range or its words.

    Kinds: ``piece``, ``place`` (a piece or a room), ``path``, ``count`` (a whole number in ``low..high``),
    ``counts`` (names mapped to such numbers), ``pair`` (two of them), ``flag``, ``trait``, ``text``,
    ``choice`` (one of ``choices``) and ``moves`` (a list of ``{piece, path}``, one for each monster of a group).
    """

    kind: str
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()


QUERY_FIELDS: Final[dict[str, dict[str, QueryField]]] = {
    "move": {"piece": QueryField("piece"), "path": QueryField("path"), "dice": QueryField("counts", 0, 16)},
    "reach": {"piece": QueryField("piece"), "dice": QueryField("counts", 0, 16)},
    "roll": {
        "piece": QueryField("piece"),
        "trait": QueryField("trait"),
        "dice": QueryField("count", 0, 16),
        "target": QueryField("count", 0, 99),
        "result": QueryField("count", 0, 99),
        "name": QueryField("text"),
        "task": QueryField("flag"),
    },
    "attack": {
        "attacker": QueryField("piece"),
        "defender": QueryField("piece"),
        "trait": QueryField("trait"),
        "ranged": QueryField("flag"),
        "rolls": QueryField("pair", 0, 99),
    },
    "haunt_roll": {
        "drew_omen": QueryField("flag"),
        "omen_room": QueryField("flag"),
        "result": QueryField("count", 0, 99),
    },
    "damage": {
        "piece": QueryField("piece"),
        "type": QueryField("choice", choices=("physical", "mental")),
        "amount": QueryField("count", 0, 99),
        "dice": QueryField("count", 0, 16),
        "split": QueryField("counts", 0, 16),
    },
    "line_of_sight": {"from": QueryField("place"), "to": QueryField("place")},
    "monster_group_move": {"moves": QueryField("moves"), "dice": QueryField("counts", 0, 16)},
    "tile_effect": {"piece": QueryField("piece"), "trait": QueryField("trait"), "change": QueryField("count", -8, 8)},
    "basement_rescue": {"piece": QueryField("piece"), "monsters_explore": QueryField("flag")},
    "trade": {
        "piece": QueryField("piece"),
        "action": QueryField("choice", choices=("trade", "drop", "pickup")),
        "card": QueryField("text"),
        "with": QueryField("piece"),
        "at": QueryField("text"),
        "both_agree": QueryField("flag"),
        "card_acted": QueryField("flag"),
        "action_done": QueryField("flag"),
    },
}
"""Each query kind's fields and what each holds: the reader checks them, the schema describes them."""
UNTRADEABLE = ("bite", "dog", "girl", "madman")
"""Cards that can never be traded or stolen (L347)."""
WEAPONS = ("axe", "blood_dagger", "revolver", "sacrificial_dagger", "spear")


@dataclass(frozen=True)
class Trait:
    """A trait: its printed track and clip notch (explorers), or just its value (a bare number, a monster)."""

    value: int
    track: tuple[int, ...] | None = None
    at: int | None = None
    """Notch: 1 is the lowest printed number, 0 the skull."""

    @property
    def movable(self) -> bool:
        """Whether the clip can be moved (a track was given)."""
        return self.track is not None and self.at is not None

    def value_at(self, notch: int) -> int:
        """The value shown at a notch (0 at the skull)."""
        if self.track is None or notch <= 0:
            return 0
        return self.track[min(notch, len(self.track)) - 1]


@dataclass(frozen=True)
class Card:
    """An item or omen card held."""

    name: str
    tradeable: bool = True


@dataclass(frozen=True)
class Turn:
    """What the piece has already done this turn."""

    moved: int = 0
    stopped_by: str | None = None
    attacked: bool = False
    rolls: tuple[str, ...] = ()
    task_rolled: bool = False


@dataclass(frozen=True)
class Piece:
    """An explorer or a monster."""

    id: str
    type: str
    at: str
    traits: dict[str, Trait]
    items: tuple[Card, ...] = ()
    omens: tuple[Card, ...] = ()
    ranged: bool = False
    stunned: bool = False
    turn: Turn = field(default_factory=Turn)

    @property
    def room(self) -> str:
        """The room id (without the obstacle side)."""
        return self.at.partition(":")[0]

    @property
    def side(self) -> str | None:
        """The obstacle side it stands on, if any."""
        return self.at.partition(":")[2] or None

    def cards(self) -> tuple[Card, ...]:
        """Items and omens."""
        return (*self.items, *self.omens)


@dataclass(frozen=True)
class Haunt:
    """The haunt's state."""

    started: bool = False
    traitor: str | None = None
    omens_drawn: int = 0
    omens_in_play: int = 0


@dataclass(frozen=True)
class Query:
    """The question: its kind and its fields as plain data."""

    kind: str
    fields: dict[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        """A field's value, or ``default``."""
        return self.fields.get(key, default)


@dataclass(frozen=True)
class HouseSituation(Located):
    """One situation file of a house game."""

    ruleset: str
    haunt: Haunt
    board: RoomSpace
    """The house as a room space, built from :attr:`house`."""
    house: HouseState
    """The house as the file gives it: tiles with their symbols and marks, links, tokens, tiles left."""
    pieces: tuple[Piece, ...]
    query: Query
    readings: dict[str, str]
    expect: Any
    path: Path
    lines: dict[str, int]

    def piece(self, piece_id: str) -> Piece:
        """The piece with this id (``KeyError`` if none)."""
        return next(p for p in self.pieces if p.id == piece_id)

    def has_piece(self, piece_id: str) -> bool:
        """Whether a piece has this id."""
        return any(p.id == piece_id for p in self.pieces)

    def is_traitor(self, piece: Piece) -> bool:
        """Whether the piece is the traitor's explorer."""
        return piece.type == "explorer" and self.haunt.started and self.haunt.traitor == piece.id

    def team(self, piece: Piece) -> str:
        """``haunt`` (the traitor and the monsters) or ``heroes``."""
        return "haunt" if piece.type == "monster" or self.is_traitor(piece) else "heroes"

    def opponents(self, a: Piece, b: Piece) -> bool:
        """Whether two pieces are on opposite sides (only once the haunt has started, L485, L553)."""
        return self.haunt.started and self.team(a) != self.team(b)
