"""The targets query: "all adjacent enemies", "all allies in range" (GH.GLOSS.ALLY, gh1e L1670-1671)."""

from __future__ import annotations

from typing import Any

import yaml

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation_text

SPEC = load_spec()
ROW = ". . . . . . ."


def targets(pieces: list[dict[str, Any]], who: str, reach: int, rows: list[str] | None = None, **extra: Any) -> Any:
    """The ``targets`` outcome list for the brute."""
    doc: dict[str, Any] = {
        "ruleset": "gloomhaven/1e",
        "map": {"terrain": rows or [ROW, " " + ROW, ROW]},
        "pieces": [{"id": "brute", "type": "character", "at": "A2"}, *pieces],
        "query": {"kind": "targets", "figure": "brute", "who": who, "range": reach},
        **extra,
    }
    situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "t.yaml", set(SPEC.rulesets()))
    return answer(SPEC, situation).to_json(SPEC)["outcome"]["targets"]


def test_gh_gloss_ally_never_itself() -> None:
    """With no other figure, "all allies" is nobody: the figure is not its own ally; whatever the range."""
    for reach in (1, 5):
        assert targets([], "allies", reach) == []


def test_gh_range_count_allies_at_range_two_three_four() -> None:
    """An ally at range 3 is left out by range 2 and included by ranges 3 and 4."""
    tinker = [{"id": "tinker", "type": "character", "at": "D2"}]
    assert [targets(tinker, "allies", r) for r in (2, 3, 4)] == [[], ["tinker"], ["tinker"]]


def test_enemies_only_and_allies_only() -> None:
    """Enemies and allies are told apart by side: a summon is an ally, a monster an enemy."""
    pieces = [
        {"id": "bear", "type": "summon", "owner": "brute", "at": "B2"},
        {"id": "guard", "type": "monster", "at": "A1"},
    ]
    assert targets(pieces, "allies", 1) == ["bear"]
    assert targets(pieces, "enemies", 1) == ["guard"]


def test_gh_los_def_ally_behind_wall_hexes_left_out() -> None:
    """An ally in range 2 around the corner but out of sight is not affected."""
    rows = [". x .", " . x .", ". . ."]
    pieces = [{"id": "tinker", "type": "character", "at": "C1"}]
    assert targets(pieces, "allies", 6, rows) == []


def test_gh_cond_invisible_enemy_not_targeted() -> None:
    """An invisible adjacent enemy is not targeted; a visible one is."""
    pieces = [
        {"id": "imp", "type": "monster", "at": "B2", "conditions": ["invisible"]},
        {"id": "guard", "type": "monster", "at": "A1"},
    ]
    assert targets(pieces, "enemies", 1) == ["guard"]
