"""``adjudicator witness RULE`` and the generated boards under ``examples/witnesses/`` (issue 30)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.core.spec import Spec, load_spec
from adjudicator.judge import load_situation
from adjudicator.judge.examples import deciders, rules_exercised
from tests.conftest import ROOT

WITNESSES = ROOT / "examples" / "witnesses"
FILES = sorted(WITNESSES.rglob("*.yaml"))
RULESETS = ("horrorclix/2008", "horrorclix/1e", "heroclix/core", "gloomhaven/1e", "betrayal/2e")
SAMPLED = 2
"""Rules sampled per ruleset for the command's round trip."""


@pytest.fixture(scope="module")
def spec() -> Spec:
    return load_spec()


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(WITNESSES).as_posix() for p in FILES])
def test_each_witness_is_decided_by_its_rule(spec: Spec, path: Path) -> None:
    """The file's rule (its name and first comment) settles its answer, as its expected answer says."""
    rule_id = path.stem
    assert rule_id in path.read_text(encoding="utf-8").splitlines()[0]
    situation = load_situation(path, set(spec.rulesets()))
    assert situation.expect is not None
    assert situation.expect["rules"] == [rule_id]
    found, why = deciders(spec, situation)
    assert not why
    assert rule_id in found


def test_witnesses_are_kept_per_ruleset_with_the_unrealised_rules_listed() -> None:
    """Each ruleset's witnesses sit in its folder; the rules without one are listed with a reason."""
    listed = (WITNESSES / "UNREALISED.md").read_text(encoding="utf-8")
    for ruleset in RULESETS:
        assert f"## {ruleset}" in listed
    for path in FILES:
        game, edition = path.relative_to(WITNESSES).parts[:2]
        assert f"ruleset: {game}/{edition}" in path.read_text(encoding="utf-8")
    for line in listed.splitlines():
        if line.startswith("- "):
            assert "`: " in line, line
            assert len(line.split("`: ", 1)[1]) > 20, line


@pytest.mark.parametrize("ruleset", RULESETS)
def test_witness_command_round_trip(spec: Spec, ruleset: str, tmp_path: Path) -> None:
    """Rules picked at random among those some board exercises: ``witness -o`` writes a file ``ask`` decides by them."""
    exercised = [r.id for r in rules_exercised(spec, ruleset, ROOT / "examples").rules if r.examples]
    picked = random.Random(ruleset).sample(exercised, SAMPLED)  # noqa: S311 - a sample, not a secret
    runner = CliRunner()
    for rule_id in picked:
        out = tmp_path / f"{rule_id}.yaml"
        result = runner.invoke(main, ["witness", rule_id, "--ruleset", ruleset, "-o", str(out)])
        assert result.exit_code == 0, result.output
        text = out.read_text(encoding="utf-8")
        assert text.startswith(f"# A table situation where {rule_id} ")
        found, why = deciders(spec, load_situation(out, set(spec.rulesets())))
        assert not why
        assert rule_id in found
        asked = runner.invoke(main, ["ask", str(out), "--json"])
        assert asked.exit_code == 0
        assert rule_id in asked.output


def test_a_rule_no_board_reaches_says_why() -> None:
    """A campaign rule: no query of Gloomhaven asks its decision on a board; exit 1 with the reason."""
    result = CliRunner().invoke(main, ["witness", "GH.CAMP.PARTY"])
    assert result.exit_code == 1
    assert "no query of the game asks" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["witness", "HX.NOPE"], "unknown rule id"),
        (["witness", "GH.CAMP.PARTY", "--ruleset", "horrorclix/2008"], "is not a rule of horrorclix/2008"),
    ],
)
def test_bad_input_exits_2(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert message in result.output
