"""What a Clix game hands the shared engine: its fields, words, fact profile and rule concepts.

HorrorClix and HeroClix share one engine (this package); each declares a
:class:`ClixGame` in its own package (``adjudicator.games.horrorclix.model``,
``adjudicator.games.heroclix.model``), as python-chess's variants are data
flags plus small overrides. The reader takes the fields and values the
declaration lists and refuses the other game's (``not a HeroClix field``);
the engine asks :class:`Capabilities` instead of probing the spec, and names
pieces with the game's words.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import NamedTuple

from adjudicator.games.clix.profiles import Profile
from adjudicator.games.registry import Words, game_of


class Capabilities(NamedTuple):
    """Rule concepts a game has, each asked through the decisions named here.

    The engine code shared by several games asks these flags instead of probing
    whether the game's spec declares a decision.
    """

    square_movement: bool = False
    """Pieces move square by square (``move.can_enter`` and the movement decisions)."""
    victims: bool = False
    """Victim tokens lie on the map, face up or down: a figure moving next to one turns it face up."""
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
    """Terrain is judged at the corner point a line of fire or a diagonal step crosses (``terrain.corner_point``)."""
    pushing: bool = False
    """A character given its second action token takes pushing damage (``damage.pushing``)."""
    stairway_crossing: bool = False
    """A character changes elevation on stairs only by crossing every stair square of the stairway, in order,
    up to the boundary line (hc L1395-1398); a path that skips one is a level change without stairs."""


class ClixFields(NamedTuple):
    """The fields a Clix game's situation files may hold, and the values only some games give.

    Every tuple lists field names in the order messages show them; a field of
    the other Clix game is refused as ``not a <Game> field``.
    """

    top: tuple[str, ...]
    """Top-level fields (``expect`` is optional and free-form: a golden answer for tests)."""
    figure: tuple[str, ...]
    """The fields of a figure (a piece with a dial)."""
    token: tuple[str, ...]
    """The fields of a token piece (``victim``); empty for a game whose tokens are figures."""
    queries: Mapping[str, tuple[str, ...]]
    """Each query kind the game answers, with its fields (besides ``kind``)."""
    score_event: tuple[str, ...]
    """The fields of one ``score`` event."""
    object_types: tuple[str, ...] = ()
    """Map objects (``portal``, ``tombstone``, ``tree``); a game with none has no ``objects`` field."""
    token_types: tuple[str, ...] = ()
    """Piece types that are flat tokens with only a speed value (``victim``)."""
    hourglass: bool = False
    """Whether a dial may show the hourglass in the speed, attack or defense slot."""


class ClixGame(NamedTuple):
    """One Clix game as the shared engine sees it."""

    id: str
    """The game's id in the registry (``horrorclix``)."""
    title: str
    """Its name in messages (``HorrorClix``)."""
    words: Words
    profile: Profile
    """How the engine's facts become the ones the game's decisions declare."""
    capabilities: Capabilities
    fields: ClixFields
    scenarios: Mapping[str, tuple[str, ...]] = MappingProxyType({})
    """Per ruleset, the scenarios its rules give (the ``scenario`` fact of its ``scenario.*`` decisions)."""

    @property
    def piece_types(self) -> tuple[str, ...]:
        """The piece types its situations use (the figure, then the token)."""
        return tuple(word for word in (self.words.figure, self.words.token) if word)


@cache
def clix_game(ruleset: str) -> ClixGame:
    """The Clix game of a ruleset, as its game's reader puts it on every situation (read from an empty board).

    For code that builds Clix situations without a file (the witness-board scan, tests); ``TypeError`` when the
    ruleset's game is not a Clix game.
    """
    doc = {"ruleset": ruleset, "map": {"kind": "outdoor", "terrain": ["."]}, "pieces": [], "query": _EMPTY_QUERY}
    shown = f"<an empty {ruleset} board>"
    read = game_of(ruleset).situations.read()(doc, Path(shown), shown, {ruleset})
    found = getattr(read, "game", None)
    if not isinstance(found, ClixGame):
        msg = f"{ruleset} is not a Clix game"
        raise TypeError(msg)
    return found


_EMPTY_QUERY = {"kind": "score", "events": []}
