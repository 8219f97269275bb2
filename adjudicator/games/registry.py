"""The game registry: one :class:`Game` per game, looked up from a ruleset id or a name.

A ruleset id is ``game/edition`` (``horrorclix/2008``); :func:`ruleset_game` is
the one place that reads the game out of it. Everything else asks the registry
(:func:`game_of`, :func:`game_named`, :func:`games`) or the loaded spec, whose
sources name each ruleset's game.

Games that are known but not built yet (rulebooks in the spec, no engine) are
registered with no query kinds: ``validate`` and the docs can name them, and a
query about them is refused as not supported.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from adjudicator.core.errors import UsageError
from adjudicator.games.profiles import Profile


class UnknownGame(UsageError):
    """A ruleset or name that no registered game owns."""


@dataclass(frozen=True)
class Capabilities:
    """Rule concepts a game has, each asked through the decisions named here.

    The engine code shared by several games asks these flags instead of probing
    whether the game's spec declares a decision.
    """

    square_movement: bool = False
    """Pieces move square by square (``move.can_enter`` and the movement decisions)."""
    slaying: bool = False
    """Moving into a victim slays it: responders, blooded monsters, frenzies, Trees (``slay.*``, ``frenzy.*``)."""
    base_damage_rule: bool = False
    """A rule gives the damage value an attack deals before modifiers (``damage.base``)."""
    knocked_down_damage: bool = False
    """A knocked-down target takes extra clicks (``damage.knockdown_extra``)."""
    fliers_knocked_down: bool = False
    """A hit flier is knocked down (``flight.knocked_down``)."""
    knockback: bool = False
    """A hit on a double pushes the target back (``knockback.occurs``)."""
    dial_value_rule: bool = False
    """A rule says a value is the one shown on the dial (``value.on_dial``)."""
    hourglass: bool = False
    """The hourglass phase: tokens removed and hourglass damage at the end of a turn (``end_turn.*``)."""
    phases: bool = False
    """A turn has named phases (a kill scores by the phase it happens in)."""
    victim_points: bool = False
    """Victims score victory points (``score.victim_points``)."""
    soaring_bonus: bool = False
    """Attacking a soaring target changes the attack (``attack.soar_bonus``)."""
    giant_size_class: bool = False
    """Giants have a size class for movement (``giant.size_class``)."""
    corner_point_terrain: bool = False
    """Terrain is judged at the corner point a line of fire crosses (``terrain.corner_point``)."""


@dataclass(frozen=True)
class Game:
    """One game: its rulesets, words, board, dice, queries, fact profile and capabilities."""

    id: str
    """The game part of its ruleset ids (``horrorclix`` for ``horrorclix/2008``)."""
    title: str
    profile: Profile
    """The words for its pieces and the facts it derives or assumes."""
    capabilities: Capabilities = field(default_factory=Capabilities)
    queries: Mapping[str, str] = field(default_factory=dict)
    """Query kinds it answers, each mapped to the module that answers it."""
    space: str = "square"
    """The kind of space its pieces stand on."""
    dice: tuple[int, ...] = (6, 6)
    """The side counts of the dice every roll uses, one number a die (two six-sided dice); empty when the game
    has no dice or when the number of dice changes from roll to roll (see :attr:`die_faces`)."""
    die_faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    """The numbers on one die's faces, one a face (a common six-sided die: 1 to 6); a face value may repeat."""
    scenarios: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Per ruleset, the scenarios its rules give (the ``scenario`` fact of its ``scenario.*`` decisions)."""
    situations: str = "adjudicator.situation.load"
    """The module that reads its situation files: ``read_situation(doc, path, shown, known_rulesets)``."""
    answering: str = "adjudicator.games.clix.answering"
    """The module that answers its queries: ``answer(spec, situation) -> Answer``."""
    dumper: str = "adjudicator.situation.dump"
    """The module that writes its situations back as YAML: ``dump_situation(situation) -> str``."""

    @property
    def figure(self) -> str:
        """The word for a piece with a dial (``monster``, ``character``)."""
        return self.profile.figure

    @property
    def token(self) -> str:
        """The word for a token piece (``victim``, ``bystander``)."""
        return self.profile.token

    @property
    def piece_types(self) -> tuple[str, ...]:
        """The piece types a situation of this game may use (none for a game not built yet)."""
        return tuple(word for word in (self.figure, self.token) if word)

    def owns(self, ruleset: str) -> bool:
        """Whether ``ruleset`` is one of this game's rulesets."""
        return ruleset_game(ruleset) == self.id

    def answers(self, kind: str) -> bool:
        """Whether the engine answers this query kind for the game."""
        return kind in self.queries


_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry (its id must be new)."""
    if game.id in _GAMES:
        msg = f"game {game.id!r} is registered twice"
        raise ValueError(msg)
    _GAMES[game.id] = game
    return game


def ruleset_game(ruleset: str) -> str:
    """The game id a ruleset id names (``heroclix/core`` -> ``heroclix``), known or not."""
    return ruleset.split("/", maxsplit=1)[0]


def scenarios() -> dict[str, tuple[str, ...]]:
    """Every ruleset that gives scenarios, with their names."""
    return {ruleset: names for game in _GAMES.values() for ruleset, names in game.scenarios.items()}


def games() -> tuple[Game, ...]:
    """Every registered game, in registration order."""
    return tuple(_GAMES.values())


def game_named(name: str) -> Game:
    """The game with this id, or :class:`UnknownGame`."""
    game = _GAMES.get(name)
    if game is None:
        known = ", ".join(_GAMES)
        msg = f"unknown game {name!r} (known: {known})"
        raise UnknownGame(msg)
    return game


def game_of(ruleset: str) -> Game:
    """The game that owns a ruleset, or :class:`UnknownGame`."""
    name = ruleset_game(ruleset)
    if name not in _GAMES:
        known = ", ".join(_GAMES)
        msg = f"ruleset {ruleset!r} belongs to no known game (known: {known})"
        raise UnknownGame(msg)
    return _GAMES[name]
