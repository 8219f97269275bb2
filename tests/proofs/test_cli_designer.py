"""The designer's commands on the real spec: prove, check and diff with --json."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli


def findings(*args: str, status: int = 0) -> list[dict]:
    """Run a designer command with --json and parse its findings (the exit status as given)."""
    result = run_cli(*args, "--json")
    assert result.returncode == status, result.stderr[-2000:]
    data = json.loads(result.stdout)
    assert isinstance(data, list)
    return data


def test_diff_reports_cited_rules_on_each_side() -> None:
    """Every diff finding names a witness situation and each side's answer and rules."""
    data = findings("diff", "horrorclix/1e", "horrorclix/2008")
    assert data
    for finding in data:
        assert finding["kind"] in {"diff", "textual", "one_sided"}
        if finding["kind"] == "diff":
            assert set(finding["answers"]) == {"horrorclix/1e", "horrorclix/2008"}
        cited = [rule for side in finding["rules"].values() for rule in side]
        assert cited, finding
        for rule in cited:
            assert rule["source"].endswith(".txt")
            assert all(first <= last for first, last in rule["lines"])


def test_transform_dial_difference_is_found() -> None:
    """The editions disagree on where a transformation turns the dial (1e L381, 2008 L199)."""
    data = findings("diff", "horrorclix/1e", "horrorclix/2008")
    dial = [f for f in data if f["decision"] == "transform.dial_target"]
    assert dial
    assert dial[0]["answers"] == {"horrorclix/1e": "starting_line", "horrorclix/2008": "alternative_start_line"}


@pytest.mark.parametrize("ruleset", ["horrorclix/2008", "horrorclix/1e"])
def test_check_reports_no_conflict_and_cited_gaps(ruleset: str) -> None:
    """Check finds no conflict in the spec; its gaps carry a situation."""
    data = findings("check", ruleset)
    assert not [f for f in data if f["kind"] == "conflict"], [f for f in data if f["kind"] == "conflict"][:2]
    assert all(f["situation"] is not None for f in data if f["kind"] == "gap")
    assert not [f for f in data if f["kind"] in {"unknown", "vacuous"}]


def test_prove_has_no_unknown_counted_as_proved() -> None:
    """Prove reports each property as proved or refuted, never an unknown that passes."""
    result = run_cli("prove", "--json")
    data = json.loads(result.stdout)
    unexpected = [f for f in data if f.get("status") == "refuted" and "expected" not in f]
    assert result.returncode == (1 if unexpected else 0), unexpected
    assert all(f["expected"].strip() for f in data if "expected" in f)
    statuses = {f.get("status") for f in data}
    assert "proved" in statuses
    assert all(f["status"] in {"proved", "refuted"} for f in data if "status" in f)


def test_unknown_ruleset_is_a_usage_error() -> None:
    """A misspelt ruleset exits 2 with a message."""
    result = run_cli("check", "horrorclix/3e")
    assert result.returncode == 2
    assert "unknown ruleset" in result.stderr


@pytest.mark.parametrize(
    ("sides", "games"),
    [
        (("horrorclix/2008",), {"horrorclix"}),
        (("horrorclix/1e", "horrorclix/2008@HX.BREAK.SUCCESS=body"), {"horrorclix"}),
        (("heroclix/core", "horrorclix/2008"), {"heroclix", "horrorclix"}),
    ],
)
def test_check_and_diff_load_only_their_games(sides: tuple[str, ...], games: set[str]) -> None:
    """``check`` and ``diff`` read the topics of their rulesets' games only; every ruleset stays known."""
    from adjudicator import cli  # noqa: PLC0415 - the command line's own helper

    spec = cli._designer_spec(sides)
    assert {topic.game for topic in spec.topics} == games
    assert {"betrayal/2e", "gloomhaven/1e", "heroclix/core"} <= set(spec.rulesets())


def test_a_ruleset_of_no_game_loads_every_game() -> None:
    """An unknown ruleset loads the whole spec, so the usage error can name every known ruleset."""
    from adjudicator import cli  # noqa: PLC0415 - the command line's own helper

    spec = cli._designer_spec(("chess/1e",))
    assert {topic.game for topic in spec.topics} == {"horrorclix", "heroclix", "gloomhaven", "betrayal"}
