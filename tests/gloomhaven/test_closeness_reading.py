"""The reading ``hexes_walked`` of GH.FOCUS.CLOSEST: closeness in hexes, the Move budget still in points.

Worked by hand on a corridor of row 2 between obstacle rows (gh1e L514,
L1274-1277, L1326-1329, L1339-1340): B2 and C2 are difficult terrain, the
monster stands on D2, one character on A2 (attacked from B2: 2 hexes, 4
points) and one on H2 (attacked from G2: 3 hexes, 3 points).
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation_text

SPEC = load_spec()
KNOWN = set(SPEC.rulesets())
READING = {"GH.FOCUS.CLOSEST": "hexes_walked"}


def corridor(difficult: int) -> list[str]:
    """Row 2 of eight hexes with ``difficult`` difficult hexes from B2 on, between two rows of obstacles."""
    lane = ["."] + ["d"] * difficult + ["."] * (7 - difficult)
    return ["o o o o o o o o", " " + " ".join(lane), "o o o o o o o o"]


def turn(rows: list[str], move: int, readings: dict[str, str] | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "ruleset": "gloomhaven/1e",
        "map": {"terrain": rows},
        "pieces": [
            {"id": "left", "type": "character", "at": "A2", "initiative": 40},
            {"id": "a", "type": "monster", "at": "D2"},
            {"id": "right", "type": "character", "at": "H2", "initiative": 50},
        ],
        "query": {"kind": "monster_turn", "monster": "a", "move": move, "attack": {"targets": 1}},
    }
    if readings:
        doc["readings"] = readings
    situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "closeness.yaml", KNOWN)
    result: dict[str, Any] = answer(SPEC, situation).to_json(SPEC)
    return result


def plays(result: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(c["end"], c["targets"]) for c in result["outcome"]["choices"]]


def test_default_counts_points_and_focuses_the_plain_way() -> None:
    """Movement points: left is 4 away, right 3, so right is the focus and the monster heads to F2."""
    result = turn(corridor(2), move=2)
    assert result["outcome"]["focus"] == ["right"]
    assert plays(result) == [("F2", [])]


def test_hexes_walked_focuses_the_difficult_way() -> None:
    """Hexes: left is 2 away, right 3, so left is the focus; Move 2 pays 2 for C2 and stops there."""
    result = turn(corridor(2), move=2, readings=READING)
    assert result["outcome"]["focus"] == ["left"]
    assert plays(result) == [("C2", [])]


@pytest.mark.parametrize(("move", "end"), [(3, "C2"), (4, "B2")])
def test_hexes_walked_still_pays_two_per_difficult_hex(move: int, end: str) -> None:
    """Under hexes_walked the budget is unchanged: Move 3 still ends on C2 (B2 would cost 4), Move 4 reaches B2."""
    result = turn(corridor(2), move=move, readings=READING)
    assert result["outcome"]["focus"] == ["left"]
    assert [c["end"] for c in result["outcome"]["choices"]] == [end]


@pytest.mark.parametrize(
    ("difficult", "default", "hexes"), [(0, "left", "left"), (1, "left", "left"), (2, "right", "left")]
)
def test_one_difficult_hex_is_not_enough_to_differ(difficult: int, default: str, hexes: str) -> None:
    """With no or one difficult hex (2 or 3 points against 3) both readings pick left; with two only hexes_walked does."""
    assert turn(corridor(difficult), move=2)["outcome"]["focus"] == [default]
    assert turn(corridor(difficult), move=2, readings=READING)["outcome"]["focus"] == [hexes]


def test_closeness_step_decision_follows_the_reading() -> None:
    """``monster.closeness_step`` is 2 for a difficult hex by default and 1 under hexes_walked; a plain hex is 1."""
    assert SPEC.decide("gloomhaven/1e", "monster.closeness_step", {"difficult": True}).value == 2
    assert SPEC.decide("gloomhaven/1e", "monster.closeness_step", {"difficult": True}, READING).value == 1
    assert SPEC.decide("gloomhaven/1e", "monster.closeness_step", {"difficult": False}).value == 1
