"""The ``end_turn`` query: tokens cleared, hourglass damage, puppets, kills."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.errors import PositionedError
from tests.support_queries import ask, cited, monster

BOTH = ["horrorclix/2008", "horrorclix/1e"]


def end_turn(
    tmp_path: Path, ruleset: str, pieces: list[dict[str, Any]], acted: list[str], player: int = 1
) -> dict[str, Any]:
    """Answer an end_turn query for ``player``."""
    return ask(tmp_path, ruleset, pieces, {"kind": "end_turn", "player": player, "acted": acted})


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("tokens", "acted", "after"),
    [(0, False, 0), (1, False, 0), (2, False, 0), (1, True, 1), (2, True, 2), (0, True, 1)],
)
def test_tokens_cleared_unless_acted_HX_TOKEN_CLEAR(tmp_path, ruleset, tokens, acted, after):
    """HX.TOKEN.CLEAR / HX.HGP.STEPS: a monster that rested loses its tokens; one that acted keeps them (0 gets this turn's)."""
    pieces = [monster("wolf", 1, "A1", tokens=tokens), monster("priest", 2, "D3", tokens=2)]
    result = end_turn(tmp_path, ruleset, pieces, ["wolf"] if acted else [])
    assert result["verdict"] == "answered"
    assert result["outcome"]["tokens"] == {"wolf": after, "priest": 2}
    assert {"HX.TOKEN.CLEAR", "HX.HGP.STEPS"} <= cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("slot", ["speed", "attack", "defense"])
def test_hourglass_damage_HX_HG_TICK(tmp_path, ruleset, slot):
    """HX.HG.TICK: each hourglass monster of the ending player takes 1; the opponent's takes none."""
    pieces = [monster("ghost", 1, "A1", **{slot: "hourglass"}), monster("ghoul", 2, "D3", **{slot: "hourglass"})]
    result = end_turn(tmp_path, ruleset, pieces, [])
    assert result["outcome"]["damage"] == {"ghost": 1, "ghoul": 0}
    assert result["outcome"]["kill_undetermined"] == ["ghost"]
    assert result["outcome"]["killed"] == []
    assert "HX.HG.TICK" in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("tokens", "acted"), [(0, False), (1, True), (2, True)])
def test_puppet_ends_vulnerable_HX_POSS_HGP(tmp_path, ruleset, tokens, acted):
    """HX.POSS.HGP: the puppet takes 1 damage and ends with 2 tokens whatever it had."""
    pieces = [monster("wolf", 1, "A1", tokens=tokens, owner=2, state="possessed"), monster("priest", 2, "D3")]
    result = end_turn(tmp_path, ruleset, pieces, ["wolf"] if acted else [])
    assert result["outcome"]["tokens"]["wolf"] == 2
    assert result["outcome"]["damage"]["wolf"] == 1


def test_puppet_in_hourglass_state_takes_two(tmp_path):
    """HX.HG.TICK then HX.POSS.HGP: a puppet showing an hourglass takes 1 + 1."""
    pieces = [monster("wolf", 1, "A1", speed="hourglass", owner=2, state="possessed"), monster("priest", 2, "D3")]
    assert end_turn(tmp_path, "horrorclix/2008", pieces, [])["outcome"]["damage"]["wolf"] == 2


@pytest.mark.parametrize("ruleset", BOTH)
def test_minion_killed_by_the_click_HX_MINION_BODY(tmp_path, ruleset):
    """HX.MINION.BODY: one damage kills a minion."""
    pieces = [monster("thrall", 1, "A1", speed="hourglass", minion=True, points=0), monster("priest", 2, "D3")]
    result = end_turn(tmp_path, ruleset, pieces, [])
    assert result["outcome"]["killed"] == ["thrall"]
    assert "HX.MINION.BODY" in cited(result)


@pytest.mark.parametrize(("reading", "damage"), [(None, 1), ("literal", 0)])
def test_intangible_damage_readings_1e(tmp_path, reading, damage):
    """HX.INTRO.INTANGIBLE (1e): the hourglass click reaches an intangible monster unless read literally."""
    pieces = [monster("shade", 1, "A1", defense="hourglass"), monster("priest", 2, "D3")]
    readings = {"HX.INTRO.INTANGIBLE": reading} if reading else None
    query = {"kind": "end_turn", "player": 1, "acted": []}
    result = ask(tmp_path, "horrorclix/1e", pieces, query, readings=readings)
    assert result["outcome"]["damage"]["shade"] == damage


def test_victim_cannot_have_acted(tmp_path):
    """A victim token listed in ``acted`` is a bad query."""
    pieces = [monster("wolf", 1, "A1"), {"id": "girl", "type": "victim", "at": "B2", "speed": 4}]
    with pytest.raises(PositionedError, match="victim token"):
        end_turn(tmp_path, "horrorclix/2008", pieces, ["girl"])
