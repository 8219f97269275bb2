"""The command line: rules, rule, coverage, decide, validate; JSON and exit codes."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import GOOD, ROOT, run_cli


def test_rules_lists_cited_rules_as_json() -> None:
    """`rules RULESET --json` lists each rule with its citations."""
    result = run_cli("rules", "horrorclix/2008", "--json", spec=GOOD)
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    by_id = {r["id"]: r for r in rows}
    assert by_id["HX.BREAK.SUCCESS"]["cites"] == ["hx2008 L277"]
    assert by_id["HX.HG.STATE"]["kind"] == "not modelled"
    assert all(r["ruleset"] == "horrorclix/2008" for r in rows)


def test_rules_for_people_names_ids() -> None:
    """Without --json the table shows the rule ids."""
    result = run_cli("rules", "horrorclix/1e", spec=GOOD)
    assert result.returncode == 0
    assert "HX.BREAK.SUCCESS" in result.stdout


def test_rule_shows_every_edition() -> None:
    """`rule ID --json` gives each ruleset's version, citations with seed file and lines."""
    result = run_cli("rule", "HX.BREAK.SUCCESS", "--json", spec=GOOD)
    data = json.loads(result.stdout)
    assert set(data["versions"]) == {"horrorclix/2008", "horrorclix/1e"}
    cite = data["versions"]["horrorclix/1e"]["cite"][0]
    assert (cite["source"], cite["lines"]) == ("000_eeebf12a78fda483.txt", [488, 488])
    assert data["versions"]["horrorclix/2008"]["formal"] == [
        {"decides": "breakaway.succeeds", "when": "die >= 4", "then": "true"}
    ]
    assert data["versions"]["horrorclix/1e"]["readings"]["default"] == "body"


def test_rule_for_people() -> None:
    """Without --json the paraphrase and citations are printed."""
    result = run_cli("rule", "HX.BREAK.SUCCESS", spec=GOOD)
    assert "HorrorClix 2008, L277" in result.stdout
    assert "decides breakaway.succeeds = true" in result.stdout


@pytest.mark.parametrize(
    ("reading", "message"),
    [
        ("HX.R3.CAP=zz", "'zz' is not a reading of HX.R3.CAP (readings: "),
        ("HX.R3.CAP", "expected RULE_ID=NAME"),
        ("HX.NO.SUCH=net", "HX.NO.SUCH has no readings in horrorclix/2008"),
    ],
)
def test_decide_refuses_a_reading_the_ruleset_lacks(reading: str, message: str) -> None:
    """``decide --reading`` names a reading the ruleset has, or exits 2 saying which ones there are."""
    result = run_cli("decide", "horrorclix/2008", "value.rule_of_3", "--reading", reading)
    assert result.returncode == 2, result.stderr
    assert f"--reading {reading}: {message}" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rule", "HX.NOPE"), "unknown rule id 'HX.NOPE'"),
        (("rules", "chess/1e"), "unknown ruleset 'chess/1e'"),
        (("coverage", "chess/1e"), "unknown ruleset"),
        (("decide", "horrorclix/2008", "breakaway.succeeds", "dice=4"), "has no fact 'dice'"),
        (("decide", "horrorclix/2008", "breakaway.succeeds", "die=x"), "expected an integer"),
        (("decide", "horrorclix/2008", "breakaway.succeeds", "die=9"), "must be int 1..6"),
    ],
)
def test_bad_arguments_exit_2(args: tuple[str, ...], message: str) -> None:
    """Bad arguments give one clear message and exit status 2, no traceback."""
    result = run_cli(*args, spec=GOOD)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_decide_json_has_cited_trace() -> None:
    """`decide` answers with the value and the cited trace."""
    result = run_cli("decide", "horrorclix/2008", "breakaway.succeeds", "die=4", "--json", spec=GOOD)
    data = json.loads(result.stdout)
    assert data["value"] is True
    assert data["trace"][0]["rule"] == "HX.BREAK.SUCCESS"
    assert data["trace"][0]["lines"] == [277, 277]
    assert data["trace"][0]["section"] == "Breaking Away"


def test_coverage_prints_percentage_and_ranges() -> None:
    """`coverage` prints the share and every uncovered range."""
    result = run_cli("coverage", "horrorclix/2008", spec=GOOD)
    assert result.returncode == 0, result.stderr
    assert "% of" in result.stdout
    assert "uncovered L1-" in result.stdout


def test_coverage_json_counts_lines() -> None:
    """The JSON coverage counts cited and non-rule lines exactly."""
    data = json.loads(run_cli("coverage", "horrorclix/2008", "--json", spec=GOOD).stdout)
    (source,) = data["sources"]
    # The fixture cites L145, L155, L169, L179, L275, L277, L509, L626 and lists L273 as non-rule text.
    assert source["by_rules"] == 8
    assert source["by_nonrule"] == 1
    assert data["covered"] == 9
    assert [273, 273] not in source["uncovered"]
    assert [274, 274] not in source["uncovered"]  # blank lines do not count


def test_validate_json() -> None:
    """`validate --json` reports a summary per ruleset."""
    data = json.loads(run_cli("validate", "--json", spec=GOOD).stdout)
    rows = {r["ruleset"]: r for r in data["rulesets"]}
    assert rows["horrorclix/2008"]["rules"] == 10
    assert rows["horrorclix/2008"]["readings"] == 1


# -- issue 27: the CLI's small things


@pytest.mark.parametrize(
    "command",
    [
        "ask examples/movement/breakaway-roll-succeeds.yaml",
        "ask examples/movement/breakaway-roll-succeeds.yaml --json",
        "rules",
        "rule HX.BREAK.SUCCESS",
    ],
)
def test_output_into_a_closed_pipe_exits_0_quietly(command: str) -> None:
    """``adjudicator ask … | head -1``: the reader stops early; exit status 0 and nothing on stderr."""
    script = f"{shlex.quote(sys.executable)} -m adjudicator {command} | head -1 >/dev/null; exit ${{PIPESTATUS[0]}}"
    for _ in range(3):  # the pipe breaks at a different moment each time
        result = subprocess.run(
            ["bash", "-c", script], capture_output=True, text=True, cwd=ROOT, check=False, env={**os.environ}
        )
        assert result.returncode == 0, result.stderr[-2000:]
        assert "Traceback" not in result.stderr
        assert result.stderr == ""


def test_output_reader_that_reads_nothing_exits_0() -> None:
    """A reader that closes its end before anything is written (the sure case of a broken pipe)."""
    script = f"{shlex.quote(sys.executable)} -m adjudicator rules | (exec 0<&-; true); exit ${{PIPESTATUS[0]}}"
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=ROOT, check=False)
    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.parametrize(
    ("facts", "shown"),
    [
        (("breakaway.succeeds", "die=4"), "breakaway.succeeds: yes (decided by a rule)"),
        (("breakaway.succeeds", "die=2"), "breakaway.succeeds: no (decided by a rule)"),
        (("damage.can_be_taken", "intangible=false"), "damage.can_be_taken: undecided (no rule applies)"),
    ],
)
def test_decide_prints_readable_values(facts: tuple[str, ...], shown: str) -> None:
    """``decide`` says yes/no/undecided, never Python's True/None, and cites the book, not the seed file."""
    result = run_cli("decide", "horrorclix/2008", *facts)
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first == shown
    assert "True" not in result.stdout
    assert "None" not in result.stdout
    assert ".txt" not in result.stdout


def test_decide_json_keeps_the_raw_value() -> None:
    """``--json`` is the contract: the value stays a JSON boolean or null."""
    data = json.loads(run_cli("decide", "horrorclix/2008", "breakaway.succeeds", "die=4", "--json").stdout)
    assert data["value"] is True
    data = json.loads(run_cli("decide", "horrorclix/2008", "damage.can_be_taken", "intangible=false", "--json").stdout)
    assert (data["value"], data["status"]) == (None, "undecided")


def test_decide_suggests_the_decision_meant() -> None:
    """A mistyped decision: exit 2 and the closest decisions of the ruleset's game."""
    result = run_cli("decide", "horrorclix/2008", "breakaway.sucess")
    assert result.returncode == 2
    assert "did you mean breakaway.succeeds" in result.stderr
    assert "Traceback" not in result.stderr


REACH_TALL = """\
ruleset: horrorclix/2008
map:
  kind: outdoor
  terrain: [{rows}]
pieces:
  - {{id: bat, type: monster, player: 1, at: A10, speed: 3, attack: 9, defense: 16, damage: 2, range: 0}}
query: {{kind: reach, piece: bat}}
"""


def test_reach_sorts_squares_naturally(tmp_path: Path) -> None:
    """Column letters, then the row as a number: A9 before A10, J2 before J10."""
    situation = tmp_path / "tall.yaml"
    situation.write_text(REACH_TALL.format(rows=", ".join(['"..."'] * 12)), encoding="utf-8")
    result = run_cli("ask", str(situation), "--json")
    assert result.returncode == 0, result.stderr
    squares = json.loads(result.stdout)["outcome"]["squares"]
    assert "A9" in squares
    assert "A12" in squares

    def order(name: str) -> tuple[str, int]:
        return (name.rstrip("0123456789"), int(name[len(name.rstrip("0123456789")) :]))

    assert squares == sorted(squares, key=order)
    assert squares.index("A9") < squares.index("A11")  # A10 is where the bat stands
