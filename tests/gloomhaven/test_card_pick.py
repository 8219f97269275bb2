"""Two cards drawn with advantage or disadvantage, effects counted (gh1e L700-707, L729-731, L1672-1674)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
import yaml

from adjudicator.core.spec import Spec, load_spec
from adjudicator.judge import answer, load_situation_text


@cache
def spec() -> Spec:
    """Every game's rules, loaded once."""
    return load_spec()


def ask(drawn: list[str], **query: Any) -> dict[str, Any]:
    """The JSON answer of an attack of 3 on the guard with these two cards drawn."""
    doc = {
        "ruleset": "gloomhaven/1e",
        "map": {"terrain": [". . . . ."]},
        "pieces": [
            {"id": "brute", "type": "character", "at": "B1", "initiative": 30},
            {"id": "guard", "type": "monster", "at": "C1"},
        ],
        "query": {"kind": "attack", "value": 3, "target": "guard", "drawn": drawn, **query},
    }
    situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "s.yaml", {"gloomhaven/1e"})
    result: dict[str, Any] = answer(spec(), situation).to_json(spec())
    return result


@pytest.mark.parametrize(
    ("drawn", "compare", "adv", "dis"),
    [
        (["+1 stun", "+1"], "first_better", "+1 stun", "+1"),
        (["stun", "+1 stun"], "second_better", "+1 stun", "+0 stun"),
        (["+0 stun", "+2"], "ambiguous", "+0 stun", "+0 stun"),
        (["+1 stun", "+1 fire"], "ambiguous", "+1 stun", "+1 stun"),
        (["+0 muddle", "+2 stun"], "ambiguous", "+0 muddle", "+0 muddle"),
        (["+1", "+1"], "equal", "+1", "+1"),
    ],
)
def test_the_card_used_with_effects(drawn: list[str], compare: str, adv: str, dis: str) -> None:
    """GH.AMD.AMBIGUOUS and GH.AMD.ADV/DIS: the better (worse) card, the first drawn when ambiguous (L702, L731)."""
    with_advantage = ask(drawn, advantage=True)
    assert (with_advantage["outcome"]["compare"], with_advantage["outcome"]["used"]) == (compare, adv)
    assert ask(drawn, disadvantage=True)["outcome"]["used"] == dis


def test_shield_counts_in_the_comparison() -> None:
    """Against Shield 3 the cards leave 0 and 1 damage: +1 is the better card."""
    result = ask(["+0", "+1"], advantage=True, shield=3)
    assert result["outcome"]["damage"] == {"1": "1"}
    assert result["outcome"]["used"] == "+1"


def test_retaliate_follows_the_card_used() -> None:
    """The damage of the card used decides whether the target lives to retaliate (L786-787)."""
    result = ask(["+0 stun", "+2"], advantage=True, hit_points=4, retaliate=1)
    assert result["outcome"]["retaliate_damage"] == {"1": "1"}
