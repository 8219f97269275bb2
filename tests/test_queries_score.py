"""The ``score`` query: kill points, victim points by build total, totals and the tie-break."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.errors import PositionedError
from tests.support_queries import ask, cited, monster

BOTH = ["horrorclix/2008", "horrorclix/1e"]


def score(
    tmp_path: Path,
    ruleset: str,
    pieces: list[dict[str, Any]],
    events: list[tuple[str, int, str]],
    build_total: int = 100,
) -> dict[str, Any]:
    """Answer a score query."""
    query = {"kind": "score", "events": [{"kill": k, "by_player": p, "phase": ph} for k, p, ph in events]}
    return ask(tmp_path, ruleset, pieces, query, build_total=build_total)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("total", "each"), [(100, 5), (200, 10), (300, 15)])
def test_victims_by_build_total_HX_VP_VICTIM(tmp_path, ruleset, total, each):
    """HX.VP.VICTIM: 5 points per 100 points of build total for each victim."""
    pieces = [monster("wolf", 1, "A1", victims=2), monster("priest", 2, "D3")]
    result = score(tmp_path, ruleset, pieces, [], build_total=total)
    assert result["outcome"]["points"] == {"1": 2 * each, "2": 0}
    assert "HX.VP.VICTIM" in cited(result)


@pytest.mark.parametrize(("ruleset", "victim_points"), [("horrorclix/2008", 0), ("horrorclix/1e", 10)])
def test_victims_of_killed_monster_by_edition(tmp_path, ruleset, victim_points):
    """2008 counts victims on cards at the end (a killed monster's are gone); 1e counts victims taken in the game."""
    pieces = [monster("wolf", 1, "A1"), monster("priest", 2, "D3", victims=2, points=35)]
    result = score(tmp_path, ruleset, pieces, [("priest", 1, "hunting")])
    assert result["outcome"]["points"] == {"1": 35, "2": victim_points}


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("phase", "points"), [("hunting", 35), ("hourglass", 0)])
def test_hourglass_phase_kill_worth_nothing_HX_VP_HGPHASE(tmp_path, ruleset, phase, points):
    """HX.VP.HGPHASE: a kill in the hourglass phase scores 0; in the hunting phase the point value."""
    pieces = [monster("wolf", 1, "A1"), monster("priest", 2, "D3", points=35)]
    assert score(tmp_path, ruleset, pieces, [("priest", 1, phase)])["outcome"]["points"]["1"] == points


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("state", "rule"), [("insane", "HX.INSANE.VP"), ("possessed", "HX.POSS.VP")])
def test_insane_or_possessed_kill_worth_nothing(tmp_path, ruleset, state, rule):
    """HX.INSANE.VP / HX.POSS.VP: an insane or possessed monster is worth nothing when killed."""
    pieces = [monster("wolf", 1, "A1"), monster("priest", 2, "D3", points=35, state=state)]
    result = score(tmp_path, ruleset, pieces, [("priest", 1, "hunting")])
    assert result["outcome"]["points"]["1"] == 0
    assert rule in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("army_1", "winner"), [(34, 1), (36, 2)])
def test_tie_goes_to_cheaper_army_HX_VP_TIE(tmp_path, ruleset, army_1, winner):
    """HX.VP.TIE: equal points, the army of 34 beats 35 and 36 loses to it."""
    pieces = [monster("wolf", 1, "A1", points=army_1, victims=1), monster("priest", 2, "D3", points=35, victims=1)]
    result = score(tmp_path, ruleset, pieces, [])
    assert result["outcome"]["winner"] == winner
    assert "HX.VP.TIE" in cited(result)


def test_full_tie_is_undecided(tmp_path):
    """Equal points and equal army costs: no rule names a winner."""
    pieces = [monster("wolf", 1, "A1", points=35), monster("priest", 2, "D3", points=35)]
    result = score(tmp_path, "horrorclix/2008", pieces, [])
    assert result["verdict"] == "undecided"
    assert result["outcome"]["winner"] is None
    assert result["outcome"]["points"] == {"1": 0, "2": 0}


def test_three_players_cheapest_of_the_tied_leaders(tmp_path):
    """HX.VP.WIN then HX.VP.TIE across three players: the tied leaders split by army cost."""
    pieces = [
        monster("wolf", 1, "A1", points=40, victims=1),
        monster("priest", 2, "D3", points=30, victims=1),
        monster("nun", 3, "C1", points=20),
    ]
    assert score(tmp_path, "horrorclix/2008", pieces, [])["outcome"]["winner"] == 2


def test_own_monster_kill_is_undecided(tmp_path):
    """No rule says what killing a friendly monster is worth: the verdict is undecided."""
    pieces = [monster("wolf", 1, "A1"), monster("bat", 1, "B1"), monster("priest", 2, "D3")]
    result = score(tmp_path, "horrorclix/2008", pieces, [("bat", 1, "hunting")])
    assert result["verdict"] == "undecided"
    assert result["outcome"]["undecided_kills"] == ["bat"]


def test_kill_needs_points(tmp_path):
    """A killed monster without a points value cannot be scored: a bad situation."""
    priest = monster("priest", 2, "D3")
    del priest["points"]
    with pytest.raises(PositionedError, match="no points value"):
        score(tmp_path, "horrorclix/2008", [monster("wolf", 1, "A1"), priest], [("priest", 1, "hunting")])


def test_killed_twice(tmp_path):
    """The same monster cannot be killed twice."""
    pieces = [monster("wolf", 1, "A1"), monster("priest", 2, "D3")]
    with pytest.raises(PositionedError, match="twice"):
        score(tmp_path, "horrorclix/2008", pieces, [("priest", 1, "hunting"), ("priest", 1, "hunting")])
