"""The attack-modifier deck: exact damage distributions by enumerating draws without replacement.

A deck is a multiset of :class:`Card` kinds. One attack draws one card (and on
through rolling cards), or two under advantage or disadvantage (L689-750 of
seed 004). The distribution is computed exactly, with :class:`fractions.Fraction`,
by recursion over the multiset of cards still in the deck (memoised on it), never
over permutations, so a 20-card deck with a few curses answers in about a
millisecond.

The arithmetic of one card (``card_value``) and of the target's Shield
(``shield_value``) is supplied by the caller, so the query module can ask the
spec's decisions (``amd.card_damage``, ``shield.damage_taken``) and cite them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

CARD_KINDS = ("plus", "times_two", "null_card", "bless", "curse")
"""The kinds of ``amd.card_damage`` (a rolling card is a ``plus`` that draws again)."""

STANDARD_DECK: tuple[str, ...] = ("+0",) * 6 + ("+1",) * 5 + ("-1",) * 5 + ("+2", "-2", "x2", "null")
"""The contract's 20 base cards (the seed gives only their number, L1886-1889)."""

_PLUS = re.compile(r"^(r)?([+-])(\d+)$")


@dataclass(frozen=True, order=True)
class Card:
    """One kind of modifier card: ``kind`` (of :data:`CARD_KINDS`), its ``add`` and whether it rolls."""

    kind: str
    add: int = 0
    rolling: bool = False

    @property
    def name(self) -> str:
        """The card as the contract writes it (``+1``, ``r+1``, ``x2``, ``null``, ``bless``, ``curse``)."""
        if self.kind == "plus":
            sign = "+" if self.add >= 0 else "-"
            return f"{'r' if self.rolling else ''}{sign}{abs(self.add)}"
        return {"times_two": "x2", "null_card": "null"}.get(self.kind, self.kind)


def parse_card(text: str) -> Card:
    """A card from the contract's notation, or ``ValueError``."""
    word = text.strip().lower()
    named = {"x2": Card("times_two"), "null": Card("null_card"), "bless": Card("bless"), "curse": Card("curse")}
    if word in named:
        return named[word]
    match = _PLUS.match(word)
    if match is None:
        msg = f"unknown modifier card {text!r} (expected +N, -N, r+N, x2, null, bless or curse)"
        raise ValueError(msg)
    add = int(match.group(3)) * (-1 if match.group(2) == "-" else 1)
    return Card("plus", add, rolling=match.group(1) is not None)


def build_deck(cards: Iterable[str], bless: int = 0, curse: int = 0) -> dict[Card, int]:
    """The multiset of a deck: the listed cards plus ``bless`` Bless and ``curse`` Curse cards."""
    deck: dict[Card, int] = {}
    for text in cards:
        card = parse_card(text)
        deck[card] = deck.get(card, 0) + 1
    for card, count in ((Card("bless"), bless), (Card("curse"), curse)):
        if count:
            deck[card] = deck.get(card, 0) + count
    return deck


CardValue = Callable[[Card, int], int]
"""The attack's amount once a non-rolling card applies to an attack of the given value."""
ShieldValue = Callable[[int], int]
"""The damage the defender takes from an amount (Shield and Pierce)."""


def final_amount(card: Card, value: int, rolled: int, card_value: CardValue) -> int:
    """The amount when ``card`` ends the draw after rolling cards adding ``rolled``.

    All applied cards count in the order giving most damage (L698-699, L728):
    additions before a doubling, and nothing survives a Null or Curse.
    """
    if rolled == 0:
        return card_value(card, value)
    if card.kind == "plus":
        return card_value(Card("plus", card.add + rolled), value)
    if card.kind in {"times_two", "bless"}:
        return max(card_value(card, max(0, value + rolled)), card_value(Card("plus", rolled), card_value(card, value)))
    return card_value(card, value)


def damage_distribution(
    deck: Mapping[Card, int],
    value: int,
    mode: str,
    card_value: CardValue,
    shield_value: ShieldValue,
) -> dict[int, Fraction]:
    """The exact distribution of the damage dealt, drawing from ``deck`` without replacement.

    ``mode``: ``single`` (one card, and on through rolling cards, all applied),
    ``best_of_two`` (advantage) or ``worst_of_two`` (disadvantage), with the
    rolling-card rules of L712-728 and L745-750. A deck whose rolling cards run
    out before a card without the rolling mark ends the draw with what was drawn.
    """
    kinds: tuple[Card, ...] = tuple(sorted(deck))
    start = tuple(deck[card] for card in kinds)
    if sum(start) == 0:
        msg = "the modifier deck is empty"
        raise ValueError(msg)

    amount, chain = _enumerators(kinds, value, card_value, shield_value)
    if mode == "single" or sum(start) == 1:
        return dict(chain(start, 0, True))  # noqa: FBT003 - the memoised callable takes it positionally
    return _two_cards(kinds, start, mode, amount, chain)


Amount = Callable[[int, int], int]
Chain = Callable[[tuple[int, ...], int, bool], tuple[tuple[int, Fraction], ...]]


def _enumerators(
    kinds: Sequence[Card], value: int, card_value: CardValue, shield_value: ShieldValue
) -> tuple[Amount, Chain]:
    """The memoised damage of a final card after rolling cards, and the draw-on distribution."""

    @cache
    def amount(card_index: int, rolled: int) -> int:
        return shield_value(final_amount(kinds[card_index], value, rolled, card_value))

    @cache
    def rolled_only(rolled: int) -> int:
        return shield_value(card_value(Card("plus", rolled), value))

    @cache
    def chain(counts: tuple[int, ...], rolled: int, keep_rolled: bool) -> tuple[tuple[int, Fraction], ...]:
        """Draw on until a non-rolling card; ``rolled`` so far applies when ``keep_rolled``."""
        total = sum(counts)
        if total == 0:
            return ((rolled_only(rolled if keep_rolled else 0), Fraction(1)),)
        out: dict[int, Fraction] = {}
        for i, n in enumerate(counts):
            if not n:
                continue
            p = Fraction(n, total)
            card = kinds[i]
            if card.rolling:
                rest = (*counts[:i], n - 1, *counts[i + 1 :])
                for dmg, q in chain(rest, rolled + card.add if keep_rolled else 0, keep_rolled):
                    out[dmg] = out.get(dmg, Fraction(0)) + p * q
            else:
                dmg = amount(i, rolled if keep_rolled else 0)
                out[dmg] = out.get(dmg, Fraction(0)) + p
        return tuple(sorted(out.items()))

    return amount, chain


def _two_cards(
    kinds: Sequence[Card],
    start: tuple[int, ...],
    mode: str,
    amount: Amount,
    chain: Chain,
) -> dict[int, Fraction]:
    """Advantage or disadvantage: every ordered pair of first two cards, with its probability."""
    total = sum(start)
    out: dict[int, Fraction] = {}

    def add(dmg: int, p: Fraction) -> None:
        out[dmg] = out.get(dmg, Fraction(0)) + p

    best = mode == "best_of_two"
    for i, ni in enumerate(start):
        if not ni:
            continue
        for j, nj in enumerate(start):
            nj_left = nj - (i == j)
            if nj_left <= 0:
                continue
            p = Fraction(ni * nj_left, total * (total - 1))
            first, second = kinds[i], kinds[j]
            if not first.rolling and not second.rolling:
                a, b = amount(i, 0), amount(j, 0)
                add(max(a, b) if best else min(a, b), p)
            elif first.rolling != second.rolling:
                roller, other = (i, j) if first.rolling else (j, i)
                add(amount(other, kinds[roller].add) if best else amount(other, 0), p)
            else:
                counts = list(start)
                counts[i] -= 1
                counts[j] -= 1
                rolled = first.add + second.add if best else 0
                for dmg, q in chain(tuple(counts), rolled, best):
                    add(dmg, p * q)
    return out


def mean(distribution: Mapping[int, Fraction]) -> Fraction:
    """The expected damage."""
    return sum((Fraction(d) * p for d, p in distribution.items()), Fraction(0))
