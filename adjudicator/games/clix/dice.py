"""The Clix games' dice: two six-sided dice, every roll of them, and exact probabilities.

A query that cannot know the roll puts every outcome to the rules and counts
them exactly; the contract writes the count as a fraction (``"7/12"``, ``"0"``,
``"1"``).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Final

DIE_FACES: Final = range(1, 7)
"""The faces of one six-sided die."""

ROLLS: Final[tuple[tuple[int, int], ...]] = tuple((a, b) for a, b in product(DIE_FACES, repeat=2))
"""Every ordered outcome of two six-sided dice, each with probability 1/36."""


def fraction(count: int, total: int = len(ROLLS)) -> str:
    """``count`` outcomes of ``total`` as an exact probability, written as the contract says (``"7/12"``)."""
    return str(Fraction(count, total))
