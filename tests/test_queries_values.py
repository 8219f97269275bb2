"""The ``value`` query: replacement values, then modifiers under the rule of 3, floor 0, halving."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import PositionedError
from tests.support_queries import ask, cited, monster

BOTH = ["horrorclix/2008", "horrorclix/1e"]
FOE = monster("priest", 2, "D3")


def value(
    tmp_path: Path,
    ruleset: str,
    effects: list[dict[str, Any]],
    *,
    stat: str = "attack",
    printed: Any = 5,
    readings: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Answer a value query for a wolf showing ``printed`` in ``stat``."""
    wolf = monster("wolf", 1, "A1", **{stat: printed})
    return ask(
        tmp_path,
        ruleset,
        [wolf, FOE],
        {"kind": "value", "piece": "wolf", "stat": stat, "effects": effects},
        readings=readings,
    )


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("mod", "expected"), [(2, 7), (3, 8), (4, 8), (-2, 3), (-3, 2), (-4, 2)])
def test_rule_of_3_threshold_HX_R3_CAP(tmp_path, ruleset, mod, expected):
    """HX.R3.CAP: a modifier of 2, 3 or 4 either way moves 5 by at most 3."""
    result = value(tmp_path, ruleset, [{"modify": mod}])
    assert result["verdict"] == "answered"
    assert result["outcome"]["value"] == expected
    assert "HX.R3.CAP" in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("printed", "expected"), [(2, 0), (3, 0), (4, 1)])
def test_floor_at_zero_HX_MOD_FLOOR(tmp_path, ruleset, printed, expected):
    """HX.MOD.FLOOR / HX.R3.CAP: -3 takes 2 and 3 to 0 and 4 to 1, never below 0."""
    assert value(tmp_path, ruleset, [{"modify": -3}], printed=printed)["outcome"]["value"] == expected


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("printed", "expected"), [(6, 3), (7, 4), (8, 4), (0, 0)])
def test_halving_rounds_up_HX_ROUND_UP(tmp_path, ruleset, printed, expected):
    """HX.ROUND.UP: half of 6, 7, 8 and 0 is 3, 4, 4 and 0."""
    result = value(tmp_path, ruleset, [{"halve": True}], stat="speed", printed=printed)
    assert result["outcome"]["value"] == expected
    assert "HX.ROUND.UP" in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
def test_replacement_first_whatever_the_order_HX_MOD_ORDER(tmp_path, ruleset):
    """HX.MOD.ORDER: a modifier that arose before the replacement is applied after it."""
    before = value(tmp_path, ruleset, [{"modify": 2}, {"replace": 12}])
    after = value(tmp_path, ruleset, [{"replace": 12}, {"modify": 2}])
    assert before["outcome"]["value"] == after["outcome"]["value"] == 14
    assert "HX.MOD.ORDER" in cited(before)


def test_replaced_value_still_capped_2008_HX_R3_REPL(tmp_path):
    """HX.R3.REPL (2008): modifiers after a replacement are still capped at 3."""
    result = value(tmp_path, "horrorclix/2008", [{"modify": 2}, {"replace": 12}, {"modify": 2}])
    assert result["outcome"] == {**result["outcome"], "value": 15, "base": 12, "replaced": True, "modifiers": [2, 2]}


@pytest.mark.parametrize(("reading", "expected"), [(None, 15), ("replaced_value_exempt", 16)])
def test_replaced_value_readings_1e_HX_R3_REPL(tmp_path, reading, expected):
    """HX.R3.REPL (1e): capped by default, uncapped under the broad reading."""
    readings = {"HX.R3.REPL": reading} if reading else None
    result = value(tmp_path, "horrorclix/1e", [{"modify": 2}, {"replace": 12}, {"modify": 2}], readings=readings)
    assert result["outcome"]["value"] == expected


def test_replacements_chain_in_order_HX_ROUND_UP(tmp_path):
    """HX.MOD.REPL / HX.ROUND.UP: a later halving halves the replaced value (12 -> 6; 7 -> 4)."""
    assert value(tmp_path, "horrorclix/2008", [{"replace": 12}, {"halve": True}])["outcome"]["value"] == 6
    assert value(tmp_path, "horrorclix/2008", [{"halve": True}, {"replace": 7}])["outcome"]["value"] == 7


@pytest.mark.parametrize(("count", "verdict"), [(2, "answered"), (3, "answered"), (4, "undecided")])
def test_running_reading_names_three_modifiers_HX_R3_CAP(tmp_path, count, verdict):
    """HX.R3.CAP (running): 3 modifiers can be named in order, a 4th leaves the value undecided."""
    result = value(tmp_path, "horrorclix/2008", [{"modify": 1}] * count, readings={"HX.R3.CAP": "running"})
    assert result["verdict"] == verdict
    if verdict == "undecided":
        assert result["outcome"]["value"] is None
        assert "HX.ETQ.ROLL" in cited(result)


@pytest.mark.parametrize(("count", "expected"), [(3, 8), (4, 8), (5, 8)])
def test_net_reading_takes_any_number_of_modifiers_HX_R3_CAP(tmp_path, count, expected):
    """HX.R3.CAP (net): 3, 4 or 5 modifiers of +1 on 5 all give 8."""
    assert value(tmp_path, "horrorclix/2008", [{"modify": 1}] * count)["outcome"]["value"] == expected


@pytest.mark.parametrize(("mod", "verdict"), [(9, "answered"), (10, "undecided")])
def test_modifier_outside_declared_domain(tmp_path, mod, verdict):
    """A modifier beyond the -9..9 the spec declares cannot be put to the rules: undecided."""
    result = value(tmp_path, "horrorclix/2008", [{"modify": mod}])
    assert result["verdict"] == verdict


def test_running_reading_differs_from_net(tmp_path):
    """The running reading holds 3 +2 +2 -3 at 3; the net reading gives 4."""
    effects = [{"modify": 2}, {"modify": 2}, {"modify": -3}]
    assert value(tmp_path, "horrorclix/2008", effects, printed=3)["outcome"]["value"] == 4
    running = value(tmp_path, "horrorclix/2008", effects, printed=3, readings={"HX.R3.CAP": "running"})
    assert running["outcome"]["value"] == 3


def test_no_effects_is_the_printed_value_HX_MOD_REPL(tmp_path):
    """HX.MOD.REPL: with no replacement the printed value is the base; no modifier leaves it."""
    result = value(tmp_path, "horrorclix/2008", [], printed=11)
    assert result["outcome"]["value"] == 11
    assert {"HX.MOD.REPL", "HX.R3.CAP"} <= cited(result)


def test_hourglass_value_is_undecided(tmp_path):
    """A dial showing an hourglass has no number to modify: undecided, fallback cited."""
    result = value(tmp_path, "horrorclix/2008", [{"modify": 1}], stat="speed", printed="hourglass")
    assert result["verdict"] == "undecided"
    assert result["outcome"]["value"] is None
    assert "HX.ETQ.ROLL" in cited(result)


def test_victim_has_no_attack_value(tmp_path):
    """A victim token has only a speed value: asking its attack is a bad query."""
    victim = {"id": "cheerleader", "type": "victim", "at": "B2", "speed": 4}
    query = {"kind": "value", "piece": "cheerleader", "stat": "attack", "effects": []}
    with pytest.raises(PositionedError, match="no attack value"):
        ask(tmp_path, "horrorclix/2008", [monster("wolf", 1, "A1"), victim], query)


@settings(max_examples=40, deadline=None)
@given(
    printed=st.integers(0, 20),
    mods=st.lists(st.integers(-3, 3), max_size=3),
    ruleset=st.sampled_from(BOTH),
)
def test_net_reading_matches_the_text(tmp_path_factory, printed, mods, ruleset):
    """Under the default reading the value is the printed one moved by at most 3 and never below 0."""
    tmp = tmp_path_factory.mktemp("v")
    result = value(tmp, ruleset, [{"modify": m} for m in mods], printed=printed)
    assert result["outcome"]["value"] == max(0, printed + max(-3, min(3, sum(mods))))
