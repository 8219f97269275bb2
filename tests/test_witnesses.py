"""``adjudicator witness RULE`` and the generated boards under ``examples/witnesses/`` (issue 30)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.core.spec import Spec, load_spec
from adjudicator.judge import load_situation
from adjudicator.judge.examples import RulesExercised, deciders, rules_exercised
from scripts.witnesses import check
from tests.conftest import ROOT

WITNESSES = ROOT / "examples" / "witnesses"
FILES = sorted(WITNESSES.rglob("*.yaml"))
RULESETS = ("horrorclix/2008", "horrorclix/1e", "heroclix/core", "gloomhaven/1e", "betrayal/2e")
SAMPLED = 2
"""Rules sampled per ruleset for the command's round trip."""


@pytest.fixture(scope="module")
def spec() -> Spec:
    return load_spec()


_EXERCISED: dict[str, RulesExercised] = {}


def exercised(spec: Spec, ruleset: str) -> RulesExercised:
    """The rules every example (witnesses included) settles, answered once per ruleset and worker."""
    if ruleset not in _EXERCISED:
        _EXERCISED[ruleset] = rules_exercised(spec, ruleset, ROOT / "examples")
    return _EXERCISED[ruleset]


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
    settled = [r.id for r in exercised(spec, ruleset).rules if r.examples]
    picked = random.Random(ruleset).sample(settled, SAMPLED)  # noqa: S311 - a sample, not a secret
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


def test_a_rule_no_board_reaches_gets_a_ruling(spec: Spec, tmp_path: Path) -> None:
    """A campaign rule no board query reaches: its witness asks the decision directly (a ``ruling``)."""
    out = tmp_path / "GH.CAMP.PARTY.yaml"
    result = CliRunner().invoke(main, ["witness", "GH.CAMP.PARTY", "-o", str(out)])
    assert result.exit_code == 0, result.output
    situation = load_situation(out, set(spec.rulesets()))
    assert situation.query.kind == "ruling"
    found, why = deciders(spec, situation)
    assert not why
    assert "GH.CAMP.PARTY" in found


def test_an_unrealised_rule_says_why() -> None:
    """The first rule UNREALISED.md lists: exit 1, with the reason a board and a ruling both fail."""
    listed = [
        line[3:].split("`", 1)[0]
        for line in (WITNESSES / "UNREALISED.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("- `")
    ]
    assert listed, "every formal rule has a witness: pick another unrealised rule for this test"
    result = CliRunner().invoke(main, ["witness", listed[0]])
    assert result.exit_code == 1
    assert "as a ruling:" in result.output


RULINGS = sorted(p for p in FILES if "kind: ruling" in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ruling_witnesses_answer_as_they_expect(spec: Spec, ruleset: str) -> None:
    """A sample of each ruleset's ruling witnesses: ``ask --json`` gives the expected value, decided by the rule.

    Every ruleset has some: the rules no board query reaches (set-up, scoring, campaign...) are shown this way.
    (``test_committed_witnesses_are_up_to_date`` regenerates a sample word for word.)
    """
    game, _, edition = ruleset.partition("/")
    mine = [p for p in RULINGS if p.parent == WITNESSES / game / edition]
    assert mine, f"{ruleset} has no ruling witness"
    runner = CliRunner()
    for path in random.Random(ruleset).sample(mine, min(SAMPLED, len(mine))):  # noqa: S311 - a sample
        asked = runner.invoke(main, ["ask", str(path), "--json"])
        assert asked.exit_code == 0, asked.output
        answer = json.loads(asked.output)
        expect = load_situation(path, set(spec.rulesets())).expect
        assert answer["query"] == "ruling"
        assert answer["outcome"] == expect["outcome"]
        assert answer["outcome"]["value"] == spec.decide(ruleset, expect["outcome"]["decision"], _facts(path)).value
        assert path.stem in {step["rule"] for step in answer["trace"] if step.get("deciding")}


def _facts(path: Path) -> dict[str, bool | int | str]:
    """The facts a ruling witness gives."""
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    return dict(doc["query"].get("facts") or {})


@pytest.mark.parametrize("ruleset", RULESETS)
def test_committed_witnesses_are_up_to_date(spec: Spec, ruleset: str) -> None:
    """``scripts/witnesses.py --check`` on a fixed sample: the file list and UNREALISED entries in full."""
    assert check(spec, ruleset, sample=SAMPLED, found=exercised(spec, ruleset)) == []


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


def test_the_check_finds_a_stale_witness(spec: Spec, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A witness removed, one left over and one edited by hand: ``--check`` reports each, naming the rule."""
    import scripts.witnesses as script  # noqa: PLC0415 - its folders are pointed at a copy

    ruleset = "betrayal/2e"
    copy = tmp_path / "witnesses"
    shutil.copytree(WITNESSES / "betrayal", copy / "betrayal")
    shutil.copy(WITNESSES / "UNREALISED.md", copy / "UNREALISED.md")
    monkeypatch.setattr(script, "folder_of", lambda rs: copy / Path(rs))
    monkeypatch.setattr(script, "UNREALISED", copy / "UNREALISED.md")
    found = exercised(spec, ruleset)
    assert script.check(spec, ruleset, sample=1, found=found) == []
    files = sorted((copy / "betrayal" / "2e").glob("*.yaml"))
    removed, edited = files[0], files[1]
    removed.unlink()
    (copy / "betrayal" / "2e" / "BT.NOT.A.RULE.yaml").write_text("ruleset: betrayal/2e\n", encoding="utf-8")
    edited.write_text(edited.read_text(encoding="utf-8").replace("kind: ruling", "kind: ruling\n  # by hand"))
    monkeypatch.setattr(script.random, "Random", lambda _seed: _Picks(edited.stem))
    problems = script.check(spec, ruleset, sample=1, found=found)
    assert any(removed.stem in p and "neither a witness nor an UNREALISED entry" in p for p in problems)
    assert any("BT.NOT.A.RULE" in p and "stale" in p for p in problems)
    assert any(edited.name in p and "differs from the regenerated witness" in p for p in problems)


class _Picks:
    """A stand-in for the seeded sample: it picks the one rule the test edited."""

    def __init__(self, rule_id: str) -> None:
        self.rule_id = rule_id

    def sample(self, population: list[str], k: int) -> list[str]:
        assert self.rule_id in population
        return [self.rule_id][:k]
