"""The game registry: one :class:`Game` object per game, found from a ruleset id or a game id.

After python-chess's ``variant.py`` (``VARIANTS`` is a tuple of classes) and
OpenSpiel's ``register_game``: an entry is an object a reader and mypy can
follow, never a module path resolved at run time. Every game has the same
parts (its package's ``model``, ``reader``, ``writer``, ``schema``,
``queries``, ``pictures`` and ``words``); the entry holds them, the heavy ones
as :class:`Part` (loaded on first use, so ``ask`` imports only the reader and
the one query kind it needs).

A ruleset id is ``game/edition`` (``horrorclix/2008``); this module is the one
place that reads the game out of it (:func:`ruleset_game`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from adjudicator.core.dice import Dice
from adjudicator.core.errors import NotSupported, UsageError
from adjudicator.core.spec import Spec
from adjudicator.core.yamlpos import Node
from adjudicator.situation.answer import Answer
from adjudicator.situation.base import Situation

T = TypeVar("T")
S = TypeVar("S", bound=Situation)


class UnknownGame(UsageError):
    """A ruleset or name that no registered game owns."""


class Part(Generic[T]):
    """A part of a game made on first use: ``load`` imports the part's module and returns the part."""

    __slots__ = ("_load", "_value")

    def __init__(self, load: Callable[[], T]) -> None:
        self._load: Callable[[], T] | None = load
        self._value: T | None = None

    def __call__(self) -> T:
        """The part (loaded the first time)."""
        if self._load is not None:
            self._value, self._load = self._load(), None
        return self._value  # type: ignore[return-value]  # set by the first call


class Words(NamedTuple):
    """What a game calls its things, in the answers it gives and the pages that describe it."""

    figure: str
    """A piece that acts (``monster``, ``character``, ``figure``, ``explorer``)."""
    token: str = ""
    """A token piece that is not a figure (``victim``, ``bystander``; empty for a game with none)."""
    side: str = "player"
    """Who a piece plays for (``player``, ``side``, ``team``)."""
    turn: str = "turn"
    """One piece's or player's go (``turn``)."""
    place: str = "square"
    """One place of the board (``square``, ``hex``, ``room``)."""


Reader = Callable[[Node, Path, str, Collection[str]], S]
"""Reads a parsed situation document: ``(document, path, shown name, known rulesets)``; positioned errors."""
Writer = Callable[[S], str]
"""Writes a situation back as YAML that reads to an equal situation."""
SchemaBuilder = Callable[[Collection[str]], dict[str, Any]]
"""The JSON Schema of the game's situation file, given the game's known rulesets."""
Answerer = Callable[[Spec, S], Answer]
"""Answers one kind of query about a situation."""
Drawer = Callable[[S, Answer | None], str]
"""Draws a situation with an answer's marks (text or SVG)."""


class QueryKind(NamedTuple, Generic[S]):
    """One kind of question a game answers, and the function that answers it."""

    name: str
    answer: Part[Answerer[S]]
    summary: str = ""
    """What the question asks, in a line (for the API description and the docs)."""


class Situations(NamedTuple, Generic[S]):
    """A game's situation files: read, written back, described as a JSON Schema."""

    read: Part[Reader[S]]
    write: Part[Writer[S]]
    schema: Part[SchemaBuilder]


class Pictures(NamedTuple, Generic[S]):
    """A game's drawings of its situations: text for the terminal, SVG for pages."""

    text: Drawer[S]
    svg: Drawer[S]


class Game(NamedTuple, Generic[S]):
    """One game: its rulesets' id, title, words, board, dice, situation files, queries and pictures."""

    id: str
    """The game part of its ruleset ids (``horrorclix`` for ``horrorclix/2008``)."""
    title: str
    words: Words
    space: str
    """The name of the space kind its pieces stand on (``square``, ``hex``, ``room``)."""
    dice: Dice | None
    """The dice it rolls (``None`` for a game without dice)."""
    situations: Situations[S]
    queries: Mapping[str, QueryKind[S]]
    pictures: Part[Pictures[S]]

    def owns(self, ruleset: str) -> bool:
        """Whether ``ruleset`` is one of this game's rulesets."""
        return ruleset_game(ruleset) == self.id

    def edition(self, ruleset: str) -> str:
        """The edition part of one of its ruleset ids (``2008`` of ``horrorclix/2008``)."""
        return ruleset.partition("/")[2]

    def answers(self, kind: str) -> bool:
        """Whether the game answers this query kind."""
        return kind in self.queries

    def answer(self, spec: Spec, situation: S) -> Answer:
        """The answer to the situation's query, by the module of its kind."""
        kind = situation.query.kind
        query = self.queries.get(kind)
        if query is None:
            raise NotSupported(f"{situation.path}: {kind} is not supported for {situation.ruleset} yet")
        return query.answer()(spec, situation)


_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    """Add a game to the registry (its id must be new)."""
    if game.id in _GAMES:
        msg = f"game {game.id!r} is registered twice"
        raise ValueError(msg)
    _GAMES[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Take a game out of the registry (a test's own game, once the test is done)."""
    _GAMES.pop(game_id, None)


def ruleset_game(ruleset: str) -> str:
    """The game id a ruleset id names (``heroclix/core`` -> ``heroclix``), known or not."""
    return ruleset.split("/", maxsplit=1)[0]


def games() -> tuple[Game[Any], ...]:
    """Every registered game, in registration order."""
    return tuple(_GAMES.values())


def game_named(name: str) -> Game[Any]:
    """The game with this id, or :class:`UnknownGame`."""
    game = _GAMES.get(name)
    if game is None:
        known = ", ".join(_GAMES)
        msg = f"unknown game {name!r} (known: {known})"
        raise UnknownGame(msg)
    return game


def game_of(ruleset: str) -> Game[Any]:
    """The game that owns a ruleset, or :class:`UnknownGame`."""
    name = ruleset_game(ruleset)
    if name not in _GAMES:
        known = ", ".join(_GAMES)
        msg = f"ruleset {ruleset!r} belongs to no known game (known: {known})"
        raise UnknownGame(msg)
    return _GAMES[name]


def ruleset_title(ruleset: str, game: str = "") -> str:
    """``HorrorClix 2008``: the registered game's title and the edition; ``game`` (or the id) for another."""
    name, _, edition = ruleset.partition("/")
    registered = _GAMES.get(name)
    title = registered.title if registered is not None else game or name
    return f"{title} {edition}".strip()
