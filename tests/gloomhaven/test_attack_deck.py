"""The attack-modifier deck: exact distributions by enumeration, and their invariants.

Hand-worked cases follow seed 004 (L681-682 poison, L689-750 drawing with
advantage, disadvantage and rolling cards, L820-864 Shield and Pierce,
L1690-1692 Bless, L1822-1824 Curse, L1713-1714 Null).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.spec import load_spec
from adjudicator.games.gloomhaven.deck import (
    STANDARD_DECK,
    Card,
    build_deck,
    damage_distribution,
    mean,
    parse_card,
)
from adjudicator.games.gloomhaven.queries.attack import AttackInput, damage_answer

RULESET = "gloomhaven/1e"
CARDS = st.sampled_from(["+0", "+1", "-1", "+2", "-2", "x2", "null", "r+1", "r+2", "bless", "curse"])


def plain_value(card: Card, value: int) -> int:
    if card.kind == "plus":
        return max(0, value + card.add)
    return 2 * value if card.kind in {"times_two", "bless"} else 0


def shielded(shield: int) -> Callable[[int], int]:
    return lambda amount: max(0, amount - shield)


def dist(cards: list[str], value: int, mode: str, shield: int = 0) -> dict[int, Fraction]:
    return damage_distribution(build_deck(cards), value, mode, plain_value, shielded(shield))


def test_parse_cards() -> None:
    assert parse_card("+1") == Card("plus", 1)
    assert parse_card("-2") == Card("plus", -2)
    assert parse_card("r+1") == Card("plus", 1, rolling=True)
    assert parse_card("x2") == Card("times_two")
    assert parse_card("null").name == "null"
    with pytest.raises(ValueError, match="unknown modifier card"):
        parse_card("+x")


def test_single_draw_of_two_cards() -> None:
    assert dist(["+1", "null"], 2, "single") == {3: Fraction(1, 2), 0: Fraction(1, 2)}


def test_advantage_takes_the_better_card() -> None:
    # Two cards, both drawn: the better (+1 -> 3) always.
    assert dist(["+1", "null"], 2, "best_of_two") == {3: Fraction(1)}
    assert dist(["+1", "null"], 2, "worst_of_two") == {0: Fraction(1)}


def test_advantage_with_one_rolling_card_adds_it_to_the_other() -> None:
    # r+1 with +0: 2+1 = 3; r+1 with null: null (0), whatever the order (L712-715).
    got = dist(["r+1", "+0", "null"], 2, "best_of_two")
    assert got == {3: Fraction(1, 3), 0: Fraction(1, 3), 2: Fraction(1, 3)}


def test_disadvantage_ignores_one_rolling_card() -> None:
    got = dist(["r+2", "+1", "-1"], 2, "worst_of_two")
    # pairs {r+2,+1} -> 3, {r+2,-1} -> 1, {+1,-1} -> 1
    assert got == {3: Fraction(1, 3), 1: Fraction(2, 3)}


def test_two_rolling_cards_draw_on() -> None:
    # Advantage: all apply, 1+1+1 plus +0 = 3 (L724-728); disadvantage: only the last card, 1 (L748-750).
    assert dist(["r+1", "r+1", "+0"], 1, "best_of_two") == {3: Fraction(1, 3), 2: Fraction(2, 3)}
    assert dist(["r+1", "r+1", "+0"], 1, "worst_of_two") == {1: Fraction(1)}


def test_rolling_adds_before_the_doubling() -> None:
    # r+1 then x2: (2+1)*2 = 6, the order giving most damage (L698-699); x2 first: 4.
    assert dist(["r+1", "x2"], 2, "single") == {6: Fraction(1, 2), 4: Fraction(1, 2)}


def test_contract_example_advantage_poison_shield() -> None:
    got = dist(list(STANDARD_DECK), 4, "best_of_two", shield=1)
    want = {1: "1/190", 2: "2/19", 3: "3/10", 4: "15/38", 5: "9/95", 7: "1/10"}
    assert got == {k: Fraction(v) for k, v in want.items()}
    assert mean(got) == Fraction(147, 38)


def test_answer_cites_the_chain_and_the_contract_default() -> None:
    spec = load_spec()
    result = damage_answer(spec, RULESET, {}, AttackInput(value=3, shield=2, pierce=1, curse=1)).to_json(spec)
    rules = {step["rule"] for step in result["trace"]}
    assert {"GH.AMD.DECKS", "GH.AMD.NEUTRAL", "GH.AMD.CURSE", "GH.DEF.PIERCE", "GH.DEF.SHIELD"} <= rules
    total = sum(Fraction(p) for p in result["outcome"]["damage"].values())
    assert total == 1


DECKS = st.lists(CARDS, min_size=2, max_size=9).filter(lambda cs: any(not c.startswith("r") for c in cs))


@settings(max_examples=60, deadline=None)
@given(DECKS, st.integers(0, 6), st.sampled_from(["single", "best_of_two", "worst_of_two"]), st.integers(0, 3))
def test_probabilities_sum_to_one(cards: list[str], value: int, mode: str, shield: int) -> None:
    got = dist(cards, value, mode, shield)
    assert sum(got.values()) == 1
    assert all(p > 0 and d >= 0 for d, p in got.items())


PLAIN = st.lists(
    st.sampled_from(["+0", "+1", "-1", "+2", "-2", "x2", "null", "bless", "curse"]), min_size=2, max_size=9
)


@settings(max_examples=60, deadline=None)
@given(PLAIN, st.integers(0, 6), st.integers(0, 3))
def test_advantage_never_lowers_and_disadvantage_never_raises_the_mean(
    cards: list[str], value: int, shield: int
) -> None:
    single = mean(dist(cards, value, "single", shield))
    assert mean(dist(cards, value, "best_of_two", shield)) >= single
    assert mean(dist(cards, value, "worst_of_two", shield)) <= single


@settings(max_examples=60, deadline=None)
@given(DECKS, st.integers(0, 6), st.sampled_from(["single", "best_of_two", "worst_of_two"]), st.integers(0, 3))
def test_more_shield_never_raises_damage(cards: list[str], value: int, mode: str, shield: int) -> None:
    low = dist(cards, value, mode, shield)
    high = dist(cards, value, mode, shield + 1)
    assert mean(high) <= mean(low)
    assert max(high) <= max(low)
