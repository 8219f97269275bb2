"""The situation a question is asked about: board, pieces, objects and query.

These are the typed, validated values read from a situation file (see
``situation.py`` and the public contract).  Everything is frozen; equality
ignores the file path and the line numbers kept for messages.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

from adjudicator.core.dice import D6, Dice
from adjudicator.games.clix.variant import ClixGame
from adjudicator.situation.base import Located
from adjudicator.situation.ruling import RulingQuery
from adjudicator.spaces.base import Space, SpaceId

HOURGLASS: Final = "hourglass"
"""The word a dial shows instead of a number for speed, attack or defense."""

Stat = int | Literal["hourglass"]
"""A combat value showing on a dial: a number, or the hourglass."""

PieceType = Literal["monster", "victim", "character", "bystander"]
MapKind = Literal["outdoor", "indoor", "indoor/outdoor"]
MoveMode = Literal["foot", "flight", "swim"]
FlightMode = Literal["hovering", "soaring"]
Size = Literal["standard", "giant", "double"]
PieceState = Literal["normal", "insane", "possessed"]
Face = Literal["up", "down"]
ObjectType = Literal["portal", "tombstone", "tree"]
Door = Literal["north", "south", "east", "west"]
ActionKind = Literal["move", "close", "ranged", "free"]
AttackType = Literal["close", "ranged"]
StatName = Literal["speed", "attack", "defense", "damage", "range"]
EffectOp = Literal["replace", "halve", "modify"]
Phase = Literal["hunting", "hourglass"]

PIECE_TYPES: Final = ("monster", "victim", "character", "bystander")
TOKEN_TYPES: Final = frozenset({"victim"})
"""Piece types that are flat tokens with only a speed value (no dial)."""
MAP_KINDS: Final = ("outdoor", "indoor", "indoor/outdoor")
MOVE_MODES: Final = ("foot", "flight", "swim")
FLIGHT_MODES: Final = ("hovering", "soaring")
SIZES: Final = ("standard", "giant", "double")
PIECE_STATES: Final = ("normal", "insane", "possessed")
FACES: Final = ("up", "down")
OBJECT_TYPES: Final = ("portal", "tombstone", "tree")
DOORS: Final = ("north", "south", "east", "west")
ACTION_KINDS: Final = ("move", "close", "ranged", "free")
ATTACK_TYPES: Final = ("close", "ranged")
STAT_NAMES: Final = ("speed", "attack", "defense", "damage", "range")
EFFECT_OPS: Final = ("replace", "halve", "modify")
PHASES: Final = ("hunting", "hourglass")
QUERY_KINDS: Final = ("action", "move", "reach", "line_of_fire", "attack", "value", "end_turn", "score")

DEFAULT_BUILD_TOTAL: Final = 100
STAT_RANGES: Final = {"speed": (0, 20), "attack": (0, 20), "defense": (0, 30), "damage": (0, 12), "range": (0, 12)}
"""Allowed range of each dial value."""

DICE: Final = Dice(D6, 2)
"""An attack roll is two six-sided dice; a break-away roll is one of them (its faces)."""
ROLLS: Final = tuple((a, b) for a, b in DICE.rolls())
"""Every ordered outcome of an attack roll, each with probability 1/36."""


@dataclass(frozen=True)
class Piece:
    """A monster, victim, character or bystander on the map.

    ``at`` holds one square, or two for a ``size: double`` piece.  Dial
    values (``attack``, ``defense``, ``damage``, ``range``) are ``None`` for
    victims, which are tokens with only a speed value; ``player`` and
    ``owner`` are ``None`` for them too and ``face`` is ``None`` for
    everything else.  ``points`` is ``None`` when the file does not give it.
    """

    id: str
    type: PieceType
    at: tuple[SpaceId, ...]
    speed: Stat
    player: int | None = None
    owner: int | None = None
    attack: Stat | None = None
    defense: Stat | None = None
    damage: int | None = None
    range: int | None = None
    targets: int = 1
    points: int | None = None
    move: MoveMode = "foot"
    flight: FlightMode | None = None
    size: Size = "standard"
    tokens: int = 0
    victims: int = 0
    minion: bool = False
    state: PieceState = "normal"
    face: Face | None = None

    @property
    def square(self) -> SpaceId:
        """The piece's (first) square."""
        return self.at[0]

    @property
    def is_token(self) -> bool:
        """Whether this is a flat token (a victim) rather than a dialed figure."""
        return self.type in TOKEN_TYPES


@dataclass(frozen=True)
class MapObject:
    """An object on the map; a portal has its doorway on one edge."""

    type: ObjectType
    at: SpaceId
    door: Door | None = None


@dataclass(frozen=True)
class ActionQuery:
    """Whether ``piece`` may be given an action of this kind."""

    piece: str
    action: ActionKind
    kind: Literal["action"] = "action"
    acted_this_turn: bool | None = None
    """Whether the piece was already given an action this turn (``None``: not said, assumed not)."""
    actions_left: int | None = None
    """Actions the player has left this turn (``None``: not said, assumed all of the turn's)."""
    free_action_granted: bool | None = None
    """Whether an effect grants the free action asked about (``None``: not said, assumed granted)."""


@dataclass(frozen=True)
class MoveQuery:
    """Whether ``piece`` may move to ``to``, and what happens (``die``: the break-away roll)."""

    piece: str
    to: SpaceId
    die: int | None = None
    frenzy: bool = False
    kind: Literal["move"] = "move"
    to_also: SpaceId | None = None
    """The second end square, for a piece on a two-square base (``to: [C3, C4]``)."""


@dataclass(frozen=True)
class ReachQuery:
    """Every square ``piece`` may end a move action on."""

    piece: str
    die: int | None = None
    kind: Literal["reach"] = "reach"


Endpoint = str | SpaceId
"""A line-of-fire end: a piece id (``str``) or a square (``(col, row)``)."""


@dataclass(frozen=True)
class LineOfFireQuery:
    """Whether the line of fire between two pieces or squares is clear, and its distance."""

    from_: Endpoint
    to: Endpoint
    kind: Literal["line_of_fire"] = "line_of_fire"


@dataclass(frozen=True)
class AttackQuery:
    """An attack by ``piece`` on ``targets`` (``roll`` is two d6, if rolled).

    A target is a piece id, or the name of a square holding a portal or a
    tombstone the attacker tries to smash.
    """

    piece: str
    type: AttackType
    targets: tuple[str, ...]
    roll: tuple[int, int] | None = None
    kind: Literal["attack"] = "attack"
    divide: tuple[tuple[str, int], ...] | None = None
    """How the damage is shared among the hit targets, ``(target, clicks)`` in the file's order (``None``: not said)."""


@dataclass(frozen=True)
class Effect:
    """One effect on a value: ``replace`` by ``n``, ``halve``, or ``modify`` by ``n``."""

    op: EffectOp
    n: int = 0


@dataclass(frozen=True)
class ValueQuery:
    """The value of ``piece``'s ``stat`` after ``effects`` (in the order they arose)."""

    piece: str
    stat: StatName
    effects: tuple[Effect, ...]
    kind: Literal["value"] = "value"


@dataclass(frozen=True)
class EndTurnQuery:
    """What happens when ``player`` ends a turn having given actions to ``acted``."""

    player: int
    acted: tuple[str, ...]
    kind: Literal["end_turn"] = "end_turn"


@dataclass(frozen=True)
class KillEvent:
    """Piece ``kill`` was defeated by ``by_player`` during ``phase``."""

    kill: str
    by_player: int
    phase: Phase


@dataclass(frozen=True)
class ScoreQuery:
    """Victory points after ``events`` (victims are counted from the pieces)."""

    events: tuple[KillEvent, ...]
    kind: Literal["score"] = "score"


Query = (
    ActionQuery
    | MoveQuery
    | ReachQuery
    | LineOfFireQuery
    | AttackQuery
    | ValueQuery
    | EndTurnQuery
    | ScoreQuery
    | RulingQuery
)
"""A question about the situation; ``query.kind`` names its kind."""


@dataclass(frozen=True)
class Situation(Located):
    """A validated situation file.

    ``lines`` maps a field path as used in messages (``"pieces[2].at"``,
    ``"query.to"``, ``"map.walls[0]"``) to its 1-based line in ``path``.
    ``path`` and ``lines`` are not compared.
    """

    ruleset: str
    map_kind: MapKind
    board: Space
    pieces: tuple[Piece, ...]
    query: Query
    build_total: int = DEFAULT_BUILD_TOTAL
    objects: tuple[MapObject, ...] = ()
    facts: Mapping[str, bool | int] = field(default_factory=dict, hash=False)
    """Facts the query gives (``query.facts``) in place of the game profile's assumed defaults."""
    scenario: str | None = None
    """The scenario played (from the game registry's ``scenarios``), whose own rules then apply; ``None``: none."""
    readings: Mapping[str, str] = field(default_factory=dict, hash=False)
    expect: Any = field(default=None, compare=False, hash=False, repr=False)
    path: Path | None = field(default=None, compare=False)
    lines: Mapping[str, int] = field(default_factory=dict, compare=False, hash=False, repr=False)
    game: ClixGame = field(kw_only=True, compare=False, hash=False, repr=False)
    """The Clix game the situation is in: its words, fact profile and rule concepts."""

    def piece(self, piece_id: str) -> Piece:
        """The piece with this id (``KeyError`` if none)."""
        for piece in self.pieces:
            if piece.id == piece_id:
                return piece
        raise KeyError(piece_id)

    def piece_at(self, square: SpaceId) -> Piece | None:
        """The piece occupying ``square``, if any."""
        for piece in self.pieces:
            if square in piece.at:
                return piece
        return None
