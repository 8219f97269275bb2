"""A Gloomhaven situation: the hex map, its figures and traps, and one query.

The data of ``contract-gloomhaven.md`` as frozen dataclasses. The map is a
``HexSpace`` of :mod:`adjudicator.spaces.hex` built with the game's terrain
legend (:mod:`adjudicator.games.gloomhaven.terrain`); hexes are its ids (a
``Hex``: column and row counted from 0), named with
``situation.board.name(hex)``. The reader is
:mod:`adjudicator.games.gloomhaven.reader`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from adjudicator.games.gloomhaven.terrain import feature
from adjudicator.situation.base import Located
from adjudicator.situation.ruling import RulingQuery
from adjudicator.spaces.hex import Hex, HexSpace

PIECE_TYPES = ("character", "summon", "monster")
"""Characters and summons are one side, monsters the other (L1670-1671, L1790-1791, L1851)."""
PLAYER_SIDE = frozenset({"character", "summon"})
RANKS = ("normal", "elite", "boss", "named")
CONDITIONS = ("poison", "wound", "immobilize", "disarm", "stun", "muddle", "invisible", "strengthen")
QUERY_KINDS = (
    *("monster_turn", "line_of_sight", "range", "move", "attack", "initiative", "scenario_level"),
    *("push", "pull"),
    *("hex_state", "summon", "targets", "attack_targets"),
    *("heal", "elements", "long_rest", "card_attacks"),
    "ruling",
)
"""The contract's kinds, then the optional extensions (``initiative``, ``scenario_level``, ``push``, ``pull``)."""
PUSH_KINDS = ("push", "pull")
"""Push X and Pull X (L1019-1050)."""
ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")
"""The six elements of the infusion table (L1785-1787)."""
ELEMENT_STATES = ("inert", "waning", "strong")
"""The infusion table's columns (L1999-2001)."""
DIFFICULTIES = ("normal", "easy", "hard", "very_hard")
TOKEN_TYPES = ("money", "treasure", "pressure_plate", "token")
"""Objects besides traps: a money token, a treasure tile, a pressure plate, any other token (L1760-1769, L1951-1953)."""
OBJECT_TYPES = ("trap", *TOKEN_TYPES)
CARD_WORDS = ("x2", "null", "bless", "curse")
CARD_EFFECTS = (
    *("poison", "wound", "immobilize", "disarm", "stun", "muddle", "invisible", "strengthen", "curse", "bless"),
    *("fire", "ice", "air", "earth", "light", "dark", "any_element"),
    *("push", "pull", "pierce", "heal", "shield", "target"),
)
"""Effects a drawn modifier card may add to its number (``"+1 stun"``, ``"+0 push 1"``; L703-707)."""
"""Attack-modifier cards that are words; the others are ``+N``, ``-N`` and rolling ``r+N`` (``r-N``)."""
STANDARD_DECK: tuple[str, ...] = (
    *("+0",) * 6,
    *("+1",) * 5,
    *("-1",) * 5,
    "+2",
    "-2",
    "x2",
    "null",
)
"""The contract's reading of the 20 base cards (the seed gives only the count, L290, L1886-1889)."""


@dataclass(frozen=True)
class Piece:
    """A figure on the map."""

    id: str
    type: str
    """``character``, ``summon`` or ``monster``."""
    at: Hex
    initiative: Fraction | None = None
    """Its initiative this round (lower acts first); a fraction so that ``35.5`` is exact."""
    owner: str | None = None
    """A summon's character."""
    rank: str = "normal"
    flying: bool = False
    conditions: frozenset[str] = frozenset()
    shield: int = 0

    @property
    def side(self) -> str:
        """``players`` (characters and summons) or ``monsters``."""
        return "players" if self.type in PLAYER_SIDE else "monsters"

    def enemy_of(self, other: Piece) -> bool:
        """Whether the two figures are on opposite sides."""
        return self.side != other.side

    def has(self, condition: str) -> bool:
        """Whether the figure has this condition."""
        return condition in self.conditions


@dataclass(frozen=True)
class Trap:
    """A trap overlay (the ``t`` of the terrain rows), with the ``objects`` entry's details if any."""

    at: Hex
    damage: int | None = None
    """Damage it deals; ``None``: the rules' 2+N (L544)."""
    conditions: tuple[str, ...] = ()
    type: Literal["trap"] = "trap"


@dataclass(frozen=True)
class Token:
    """A money token, treasure tile, pressure plate or other token lying on a hex (an ``objects`` entry)."""

    type: str
    """One of :data:`TOKEN_TYPES`."""
    at: Hex
    name: str | None = None
    """What an other ``token`` is (free text, e.g. a scenario's numbered token)."""


MapObject = Trap | Token
"""An ``objects`` entry."""


Endpoint = str | Hex
"""One end of a line or range query: a piece id (``str``) or a hex."""


@dataclass(frozen=True)
class LineOfSightQuery:
    """Whether ``from_`` sees ``to``."""

    from_: Endpoint
    to: Endpoint
    kind: Literal["line_of_sight"] = "line_of_sight"


@dataclass(frozen=True)
class RangeQuery:
    """The range from ``from_`` to ``to``, and whether it is within ``range``."""

    from_: Endpoint
    to: Endpoint
    range: int | None = None
    kind: Literal["range"] = "range"


@dataclass(frozen=True)
class MoveQuery:
    """A character's (or summon's) proposed path: the hexes entered in order, without the start."""

    piece: str
    path: tuple[Hex, ...]
    points: int
    jump: bool = False
    kind: Literal["move"] = "move"


@dataclass(frozen=True)
class HexStateQuery:
    """Whether the hex ``at`` is empty, unoccupied and negative, and what lies on it."""

    at: Hex
    kind: Literal["hex_state"] = "hex_state"


TARGET_GROUPS = ("enemies", "allies")
"""Whom a "target all ..." ability affects: all enemies or all allies within its range."""


@dataclass(frozen=True)
class TargetsQuery:
    """The figures "all enemies" or "all allies" within ``range`` of ``figure`` (1: adjacent) are."""

    figure: str
    who: str
    """One of :data:`TARGET_GROUPS`."""
    range: int = 1
    kind: Literal["targets"] = "targets"


@dataclass(frozen=True)
class SummonQuery:
    """Where ``summoner`` may place a summon (``at``: a proposed hex to judge)."""

    summoner: str
    at: Hex | None = None
    kind: Literal["summon"] = "summon"


@dataclass(frozen=True)
class PushQuery:
    """Push X or Pull X: where ``attacker`` may move ``target`` (``path``: a proposed path to judge)."""

    attacker: str
    target: str
    amount: int
    path: tuple[Hex, ...] | None = None
    """The hexes the target is moved into, in order, without its own hex; ``None``: list every allowed path."""
    kind: Literal["push", "pull"] = "push"


@dataclass(frozen=True)
class Area:
    """An area-of-effect diagram, drawn like the map (first row odd and flush left).

    ``rows`` are the text rows with spaces removed; ``cells`` maps each
    ``@`` and ``*`` cell to its character, with hex ids counted in the
    diagram's own rows and columns (the same layout as the map, so the hex
    space's cube helpers apply: ``to_cube`` of :mod:`adjudicator.spaces.hex`).
    """

    rows: tuple[str, ...]
    cells: Mapping[Hex, str]

    @property
    def grey(self) -> Hex | None:
        """The attacker's hex (``@``), in a melee area only."""
        return next((h for h, c in self.cells.items() if c == "@"), None)

    @property
    def red(self) -> tuple[Hex, ...]:
        """The hexes the area hits (``*``), in reading order."""
        return tuple(sorted((h for h, c in self.cells.items() if c == "*"), key=lambda h: (h.row, h.col)))

    @property
    def melee(self) -> bool:
        """Whether the diagram has the attacker's grey hex."""
        return self.grey is not None


@dataclass(frozen=True)
class MonsterAttack:
    """The attack on a monster's ability card (``query.attack``)."""

    range: int = 0
    """0: melee (range 1, an adjacent enemy); with a melee area, the stat card's range as written (unused).

    With ``stat_range`` given, the Range the ability card itself states (0: none).
    """
    targets: int = 1
    area: Area | None = None
    add_targets: int = 0
    stat_range: int | None = None
    """The stat card's base range (0: melee), told apart from ``range``; ``None``: ``range`` says it all."""

    @property
    def base(self) -> int:
        """The range before the area rule: the card's Range, else the stat card's (L1372-1373)."""
        return self.range or (self.stat_range or 0)

    @property
    def melee(self) -> bool:
        """A melee attack: no range, or an area with the attacker's grey hex whatever the range (L1387-1389)."""
        return self.base == 0 or (self.area is not None and self.area.melee)

    @property
    def reach(self) -> int:
        """The range the attack uses: 0 (melee) for a melee area, else :attr:`base` (L662-664, L1387-1389)."""
        return 0 if self.melee else self.base


@dataclass(frozen=True)
class AttackTargetsQuery:
    """Which sets of enemies a character's attack from its hex may target (``targets``: a proposed set)."""

    attacker: str
    attack: MonsterAttack
    """Range, Target Z, area and Add Target, as a monster card's attack is written (``stat_range`` unused)."""
    targets: tuple[str, ...] | None = None
    kind: Literal["attack_targets"] = "attack_targets"


@dataclass(frozen=True)
class Play:
    """A proposed monster play: the hex it ends on and the figures it attacks."""

    end: Hex
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class MonsterTurnQuery:
    """What the monster ``monster`` does this turn."""

    monster: str
    move: int = 0
    jump: bool = False
    attack: MonsterAttack | None = None
    play: Play | None = None
    kind: Literal["monster_turn"] = "monster_turn"


@dataclass(frozen=True)
class AttackQuery:
    """The damage distribution of one attack.

    ``None`` for ``shield``/``poisoned`` means "from the target, else 0/false";
    ``deck`` ``None`` means the standard deck (:data:`STANDARD_DECK`).
    """

    value: int
    target: str | None = None
    shield: int | None = None
    pierce: int = 0
    poisoned: bool | None = None
    advantage: bool = False
    disadvantage: bool = False
    deck: tuple[str, ...] | None = None
    bless: int = 0
    curse: int = 0
    attacker: str | None = None
    """The attacking figure: with ``target``, the range between them for Retaliate; its Shield never stops Retaliate."""
    retaliate: int = 0
    """The target's active Retaliate X (0: none)."""
    retaliate_range: int = 0
    """The Retaliate's Range Y (0: none stated, so 1)."""
    distance: int | None = None
    """Range from the target to the attacker; ``None``: counted from the pieces, else 1 (adjacent)."""
    hit_points: int | None = None
    """The target's hit points before the attack; ``None``: it survives (its Retaliate always answers)."""
    effects: tuple[str, ...] = ()
    """Conditions the attack gives the target (resolved after its damage, L773-774)."""
    drawn: tuple[str, ...] = ()
    """The two cards drawn under advantage or disadvantage, in order, each with its effects (``"+1 stun"``)."""
    kind: Literal["attack"] = "attack"


@dataclass(frozen=True)
class InitiativeQuery:
    """The order in which the figures act this round (an optional extension of the contract).

    ``types`` groups monsters of one type (standees in the order listed); a
    monster in no group is a type of its own. ``standees`` holds the standee
    numbers given (the default is the place in the group, from 1);
    ``secondary`` the other card's initiative of characters; ``long_rest``
    the characters who long rest (initiative 99).
    """

    types: tuple[tuple[str, tuple[str, ...]], ...] = ()
    standees: tuple[tuple[str, int], ...] = ()
    secondary: tuple[tuple[str, int], ...] = ()
    long_rest: tuple[str, ...] = ()
    kind: Literal["initiative"] = "initiative"


@dataclass(frozen=True)
class ScenarioLevelQuery:
    """The scenario level from the characters' levels and the difficulty, and the numbers it sets."""

    levels: tuple[int, ...]
    difficulty: str = "normal"
    solo_or_open: bool = False
    kind: Literal["scenario_level"] = "scenario_level"


@dataclass(frozen=True)
class HealQuery:
    """Heal X on one figure: the hit points it gets back and the Poison and Wound it loses.

    ``None`` for ``poisoned``/``wounded`` means "from the target's conditions, else false";
    ``hit_points`` and ``max_hit_points`` come together (the HP after the heal is then answered).
    """

    amount: int
    target: str | None = None
    poisoned: bool | None = None
    wounded: bool | None = None
    hit_points: int | None = None
    max_hit_points: int | None = None
    kind: Literal["heal"] = "heal"


@dataclass(frozen=True)
class ElementsQuery:
    """One figure's turn on the infusion table: the elements it infuses and consumes, and the table after."""

    state: tuple[tuple[str, str], ...] = ()
    """Element -> its column before the turn; an element left out is inert."""
    infuse: tuple[str, ...] = ()
    consume: tuple[str, ...] = ()
    kind: Literal["elements"] = "elements"


@dataclass(frozen=True)
class LongRestQuery:
    """A character's long rest: cards, its Heal 2 Self (which it may decline), and its summons."""

    character: str
    discard: int = 0
    """Cards in its discard pile."""
    hit_points: int | None = None
    max_hit_points: int | None = None
    decline_heal: bool = False
    kind: Literal["long_rest"] = "long_rest"


@dataclass(frozen=True)
class CardAttacksQuery:
    """The attack abilities of one monster ability card, in order, begun on ``target``.

    ``damages`` holds the damage each ability deals to the figure it attacks;
    ``hit_points`` the target's before the first.
    """

    target: str
    hit_points: int
    damages: tuple[int, ...]
    kind: Literal["card_attacks"] = "card_attacks"


Query = (
    MonsterTurnQuery
    | LineOfSightQuery
    | RangeQuery
    | MoveQuery
    | AttackQuery
    | InitiativeQuery
    | ScenarioLevelQuery
    | PushQuery
    | HexStateQuery
    | SummonQuery
    | TargetsQuery
    | AttackTargetsQuery
    | HealQuery
    | ElementsQuery
    | LongRestQuery
    | CardAttacksQuery
    | RulingQuery
)
"""A Gloomhaven question; ``query.kind`` names its kind."""


@dataclass(frozen=True)
class Situation(Located):
    """A validated Gloomhaven situation file.

    ``lines`` maps a field path as used in messages (``"pieces[2].at"``,
    ``"query.path[1]"``) to its 1-based line in ``path``.
    """

    ruleset: str
    board: HexSpace
    pieces: tuple[Piece, ...]
    query: Query
    scenario_level: int = 1
    objects: tuple[MapObject, ...] = ()
    readings: Mapping[str, str] = field(default_factory=dict, hash=False)
    expect: Any = field(default=None, compare=False, hash=False, repr=False)
    path: Path | None = field(default=None, compare=False)
    lines: Mapping[str, int] = field(default_factory=dict, compare=False, hash=False, repr=False)
    map_kind: str = "hex"
    """For the shared docs code, which names the kind of map."""

    def piece(self, piece_id: str) -> Piece:
        """The piece with this id (``KeyError`` if none)."""
        for piece in self.pieces:
            if piece.id == piece_id:
                return piece
        raise KeyError(piece_id)

    def piece_at(self, hex_: Hex) -> Piece | None:
        """The figure on ``hex_``, if any."""
        for piece in self.pieces:
            if piece.at == hex_:
                return piece
        return None

    def trap_at(self, hex_: Hex) -> Trap | None:
        """The trap on ``hex_`` (an ``objects`` entry or a bare ``t``), if any."""
        for trap in self.objects:
            if isinstance(trap, Trap) and trap.at == hex_:
                return trap
        return Trap(hex_) if feature(self.board, hex_) == "trap" else None

    def tokens_at(self, hex_: Hex) -> tuple[Token, ...]:
        """The tokens, treasure tiles and pressure plates of ``objects`` on ``hex_``."""
        return tuple(o for o in self.objects if isinstance(o, Token) and o.at == hex_)
