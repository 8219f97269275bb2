"""The dice (faces 0, 0, 1, 1, 2, 2): exact distributions, and the trait track's clamps."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games import game_named
from adjudicator.games.betrayal.model import DIE
from tests.betrayal.support import RULESET, ask, corridor, explorer, monster, spec

distribution = DIE.distribution
at_least = DIE.at_least


def fractions_of(table: dict[str, str]) -> list[Fraction]:
    """The probabilities of an answer's table, read as exact fractions."""
    return [Fraction(value) for value in table.values()]


def test_one_die() -> None:
    assert distribution(1) == {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}
    assert distribution(0) == {0: Fraction(1)}
    dice = game_named("betrayal").dice
    assert dice is not None
    assert dice.die.faces == DIE.faces == (0, 0, 1, 1, 2, 2)
    assert dice.number is None  # as many dice as the trait or the rule says


@given(st.integers(0, 8))
def test_distribution_sums_to_one_and_is_symmetric(dice: int) -> None:
    dist = distribution(dice)
    assert sum(dist.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in dist.values())
    assert sorted(dist) == list(range(2 * dice + 1))
    assert all(dist[t] == dist[2 * dice - t] for t in dist)


@given(st.integers(0, 8), st.integers(-1, 18))
def test_at_least_is_a_tail(dice: int, target: int) -> None:
    assert at_least(dice, target) >= at_least(dice, target + 1)
    assert at_least(dice, target) - at_least(dice, target + 1) == distribution(dice).get(target, 0)
    assert at_least(dice, 0) == 1
    assert at_least(dice, 2 * dice + 1) == 0


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 8))
def test_roll_query_distribution(dice: int) -> None:
    result = ask(corridor(1), [explorer("ox", "r0")], {"kind": "roll", "dice": dice, "target": dice})
    assert result["outcome"]["dice"] == dice
    assert sum(fractions_of(result["outcome"]["distribution"])) == 1
    assert Fraction(result["outcome"]["p_success"]) == at_least(dice, dice)


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.sampled_from(["might", "speed", "knowledge", "sanity"]))
def test_attack_odds_sum_to_one(mine: int, theirs: int, trait: str) -> None:
    ox = {**explorer("ox", "r0"), trait: mine}
    vivian = {**explorer("vivian", "r0"), trait: theirs}
    result = ask(
        corridor(1),
        [ox, vivian],
        {"kind": "attack", "attacker": "ox", "defender": "vivian", "trait": trait},
        haunt={"started": True, "traitor": "vivian"},
    )
    out = result["outcome"]
    assert Fraction(out["p_attacker_wins"]) + Fraction(out["p_defender_wins"]) + Fraction(out["p_tie"]) == 1
    for piece in ("ox", "vivian"):
        assert sum(fractions_of(out["damage_dist"][piece])) == 1
    assert 0 <= Fraction(out["p_steal_possible"]) <= Fraction(out["p_attacker_wins"])


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 13))
def test_haunt_roll_odds(omens: int) -> None:
    result = ask(corridor(1), [explorer("ox", "r0")], {"kind": "haunt_roll"}, haunt={"omens_drawn": omens})
    out = result["outcome"]
    assert out["dice"] == 6
    assert out["threshold"] == omens
    below = sum((p for total, p in distribution(6).items() if total < omens), Fraction(0))
    assert Fraction(out["p_starts"]) == below


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 4))
def test_monster_reach_odds_are_probabilities(speed: int) -> None:
    result = ask(corridor(8), [monster("zombie", "r0", speed=speed)], {"kind": "reach", "piece": "zombie"})
    odds = {room: Fraction(p) for room, p in result["outcome"]["p_reach"].items()}
    assert all(0 < p <= 1 for p in odds.values())
    assert odds["r1"] == 1  # a monster may always move one space (L487)
    for k in range(2, 8):  # k rooms down the corridor need a movement roll of k or more (L519)
        assert odds.get(f"r{k}", Fraction(0)) == at_least(speed, k)


@given(st.integers(1, 8), st.integers(1, 8), st.integers(-16, 16), st.booleans())
def test_trait_clamps_stay_on_the_track(top: int, at: int, change: int, haunt_started: bool) -> None:
    """The clip never passes the last notch; it stops at the skull after the haunt, at 1 before it (L188, L198)."""
    at = min(at, top)
    notch = (
        spec()
        .decide(
            RULESET, "trait.notch_after", {"at": at, "top": top, "change": change, "haunt_started": haunt_started}, {}
        )
        .value
    )
    assert isinstance(notch, int)
    floor = 0 if haunt_started else 1
    assert notch == max(floor, min(top, at + change))
