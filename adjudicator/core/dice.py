"""Dice and exact distributions: every outcome of a roll put to the rules, counted as fractions.

A game names its die (the numbers on its faces, which may repeat) and how
many it rolls; a query that cannot know a roll enumerates every outcome and
counts them exactly, never by sampling. The contract writes a probability as
a fraction in a string (``"7/12"``, ``"0"``, ``"1"``): :func:`probability`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product
from typing import NamedTuple


class Die(NamedTuple):
    """One die: the number on each face, one entry a face (a number may stand on several faces)."""

    faces: tuple[int, ...]

    def rolls(self, count: int) -> tuple[tuple[int, ...], ...]:
        """Every ordered outcome of ``count`` such dice, each as likely as the others."""
        return _rolls(self.faces, count)

    def distribution(self, count: int) -> dict[int, Fraction]:
        """The exact chance of each total of ``count`` dice, lowest total first (0 dice always total 0)."""
        return dict(_distribution(self.faces, count))

    def at_least(self, count: int, target: int) -> Fraction:
        """The chance that ``count`` dice total ``target`` or more."""
        return sum((p for total, p in _distribution(self.faces, count) if total >= target), Fraction(0))


class Dice(NamedTuple):
    """The dice a game rolls: its die, and how many (``None``: as many as a rule or a value says each time)."""

    die: Die
    number: int | None = None

    def rolls(self) -> tuple[tuple[int, ...], ...]:
        """Every ordered outcome of one roll of the game's fixed number of dice."""
        if self.number is None:
            msg = "the number of dice changes from roll to roll: say how many with Die.rolls"
            raise ValueError(msg)
        return self.die.rolls(self.number)


D6 = Die((1, 2, 3, 4, 5, 6))
"""A common six-sided die."""
D6_PIPS_0_TO_2 = Die((0, 0, 1, 1, 2, 2))
"""A six-sided die with two faces each of 0, 1 and 2 pips."""


def probability(part: Fraction | int, whole: int = 1) -> str:
    """``part / whole`` as the contract writes a probability (``"7/12"``, ``"1"``, ``"0"``)."""
    return str(Fraction(part, whole) if isinstance(part, int) else part / whole)


@cache
def _rolls(faces: tuple[int, ...], count: int) -> tuple[tuple[int, ...], ...]:
    return tuple(product(faces, repeat=count))


@cache
def _distribution(faces: tuple[int, ...], count: int) -> tuple[tuple[int, Fraction], ...]:
    dist = {0: Fraction(1)}
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in faces:
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / len(faces)
        dist = nxt
    return tuple(sorted(dist.items()))
