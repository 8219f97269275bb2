"""The house game's dice: each shows 0, 0, 1, 1, 2 or 2 pips (L377, L647); a roll is the sum (L381)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

DIE_FACES = (0, 0, 1, 1, 2, 2)
"""The six faces of one die."""


@cache
def distribution(dice: int) -> dict[int, Fraction]:
    """The exact chance of each total of ``dice`` dice (0 dice always total 0)."""
    dist = {0: Fraction(1)}
    for _ in range(dice):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in DIE_FACES:
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / len(DIE_FACES)
        dist = nxt
    return dict(sorted(dist.items()))


def at_least(dice: int, target: int) -> Fraction:
    """The chance that ``dice`` dice total ``target`` or more."""
    return sum((p for total, p in distribution(dice).items() if total >= target), Fraction(0))


def fraction(value: Fraction) -> str:
    """A probability as the contract writes it (``"22/27"``, ``"1"``, ``"0"``)."""
    return str(value)
