"""Readings added by the second ambiguity pass over the HorrorClix turns, hourglass and victory sections (issue 28)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.spec import load_spec
from tests.spec.support import decide_first_values

SPEC = Path(__file__).resolve().parents[2] / "spec" / "horrorclix"
RULESETS = ("horrorclix/2008", "horrorclix/1e")


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("army_b", "default", "teams_too"), [(199, "b", "b"), (200, None, None), (201, "a", "a")])
def test_team_tie_HX_VP_TIE(ruleset, army_b, default, teams_too):
    """HX.VP.TIE: tied teams are told apart by army cost only under teams_too; equal armies stay open under both."""
    spec = load_spec()
    facts = {"teams": True, "vp_a": 50, "vp_b": 50, "army_a": 200, "army_b": army_b}
    assert spec.decide(ruleset, "victory.winner", facts).value is None
    other = spec.decide(ruleset, "victory.winner", facts, {"HX.VP.TIE": "teams_too"})
    assert other.value == teams_too
    solo = spec.decide(ruleset, "victory.winner", {**facts, "teams": False})
    assert solo.value == default


def test_victim_points_keep_each_edition_under_both_readings_HX_VP_VICTIM():
    """HX.VP.VICTIM: the wording-only reading keeps the 2008 count (victims on cards) and the 1e one (victims taken)."""
    facts = {"build_total": 200, "hundreds": 2, "on_cards_at_end": 1, "taken_during_game": 3}
    for reading in ("whole_hundreds", "proportional"):
        readings = {"HX.VP.VICTIM": reading}
        assert decide_first_values("horrorclix/2008", "score.victim_points", readings, **facts).value == 10
        assert decide_first_values("horrorclix/1e", "score.victim_points", readings, **facts).value == 30


WORDING_ONLY = {
    "HX.TURN.OUT": "controlled_only",
    "HX.PREVIEW.RESOLVE": "owners_order_their_own",
    "HX.SUSP.RESP.LEFT": "nearest_opponent_left",
    "HX.SUSP.MOVE": "move_after_twist",
    "HX.HGP.STEPS": "token_actions_only",
    "HX.END.ONECONTROL": "one_team",
    "HX.VP.VICTIM": "proportional",
}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("rule", "option"), sorted(WORDING_ONLY.items()))
def test_wording_only_readings(ruleset, rule, option):
    """Each wording-only reading exists in both editions, cites the text and keeps the default's formal part."""
    readings = load_spec().rules[rule].readings[ruleset]
    assert readings.default != option
    view = readings.options[option]
    assert view.cites
    assert view.clauses == readings.options[readings.default].clauses


@pytest.mark.parametrize("name", ["04-turns.yaml", "09-hourglass.yaml", "15-end-victory.yaml"])
def test_files_record_the_lines_read(name):
    """The files read in this pass record the lines read for ambiguity and what is left."""
    text = (SPEC / name).read_text(encoding="utf-8")
    assert "Ambiguity reading (issue 28, second pass)" in text
    assert "#   Read: hx2008 L" in text
    assert "#   Not yet read:" in text
