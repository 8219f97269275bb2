"""Ruleset names for people: ``HorrorClix 2008``, ``HeroClix core`` (the game's title and the edition)."""

from __future__ import annotations

from adjudicator.games.registry import UnknownGame, game_of


def ruleset_title(ruleset: str, game: str = "") -> str:
    """The registered game's title and the ruleset's edition; ``game`` (or the id) for an unregistered game."""
    name, _, edition = ruleset.partition("/")
    try:
        title = game_of(ruleset).title
    except UnknownGame:
        title = game or name
    return f"{title} {edition}".strip()
