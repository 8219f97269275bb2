"""``coverage RULESET --rules``: which formal rules settle some example's answer, and which none does."""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path
from typing import Any

from adjudicator.core.spec import load_spec
from adjudicator.judge import judge_file
from adjudicator.judge.examples import formal_rules, rules_exercised, ruleset_named
from tests.conftest import ROOT, run_cli

LOF_BLOCKING = "examples/contract/lof-blocking.yaml"
ALWAYS_CLEAR = "examples/rulings/gloomhaven/los-adjacent-corridor-always-clear.yaml"


@cache
def report(ruleset: str) -> dict[str, Any]:
    """The JSON report of one ruleset (run once per ruleset)."""
    result = run_cli("coverage", ruleset, "--rules", "--json")
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_the_json_has_the_documented_shape() -> None:
    """The report names the ruleset, the counts, the share, each formal rule with its examples, the rest."""
    data = report("horrorclix/2008")
    assert set(data) == {"ruleset", "formal", "exercised", "share", "rules", "unexercised"}
    assert data["ruleset"] == "horrorclix/2008"
    assert all(set(row) == {"id", "title", "examples"} for row in data["rules"])
    assert len(data["rules"]) == data["formal"]
    assert data["unexercised"] == [row["id"] for row in data["rules"] if not row["examples"]]


def test_the_share_is_exercised_over_formal() -> None:
    """``share`` is the number of exercised rules over the number of formal ones."""
    data = report("horrorclix/2008")
    assert data["exercised"] == sum(1 for row in data["rules"] if row["examples"])
    assert data["exercised"] + len(data["unexercised"]) == data["formal"]
    assert data["share"] == data["exercised"] / data["formal"]


def test_the_formal_rules_are_those_validate_counts() -> None:
    """Every formal rule of the ruleset is listed once, restatements and readings not on their own."""
    spec = load_spec(games=("horrorclix",))
    listed = [row["id"] for row in report("horrorclix/2008")["rules"]]
    assert listed == formal_rules(spec, "horrorclix/2008")
    assert len(set(listed)) == len(listed)
    assert all(not spec.rules[r].restates and not spec.rules[r].reading_of for r in listed)


def test_a_rule_deciding_a_known_example_lists_it() -> None:
    """HX.LOF.BLOCKTER settles the blocking-terrain example, so it is listed with that file."""
    assert "HX.LOF.BLOCKTER" in {s.rule for s in judge_file(ROOT / LOF_BLOCKING).answer.deciding}
    rows = {row["id"]: row for row in report("horrorclix/2008")["rules"]}
    assert LOF_BLOCKING in rows["HX.LOF.BLOCKTER"]["examples"]
    assert "HX.LOF.BLOCKTER" not in report("horrorclix/2008")["unexercised"]


def test_only_the_rulesets_own_examples_are_listed() -> None:
    """An example of another ruleset is not answered for this one."""
    for ruleset in ("horrorclix/2008", "gloomhaven/1e"):
        files = {f for row in report(ruleset)["rules"] for f in row["examples"]}
        assert files
        assert {ruleset_named(ROOT / f) for f in files} == {ruleset}


def test_a_rule_deciding_under_a_reading_counts() -> None:
    """GH.LOS.ADJACENT is formal only under its always_clear reading; the example choosing it exercises it."""
    rows = {row["id"]: row for row in report("gloomhaven/1e")["rules"]}
    assert ALWAYS_CLEAR in rows["GH.LOS.ADJACENT"]["examples"]


def unrealised(ruleset: str) -> list[str]:
    """The rules ``examples/witnesses/UNREALISED.md`` lists for a ruleset (no example, no witness)."""
    out: list[str] = []
    current = ""
    for line in (ROOT / "examples" / "witnesses" / "UNREALISED.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            current = line[3:].strip()
        elif current == ruleset and line.startswith("- `"):
            out.append(line[3:].split("`", 1)[0])
    return out


def test_a_formal_rule_no_example_exercises_is_listed() -> None:
    """A rule with neither example nor witness (UNREALISED.md) is unexercised, in JSON and in the table."""
    listed = unrealised("horrorclix/2008")
    assert listed, "no unrealised rule left: pick another unexercised rule for this test"
    assert set(listed) <= set(report("horrorclix/2008")["unexercised"])
    text = run_cli("coverage", "horrorclix/2008", "--rules")
    assert text.returncode == 0, text.stderr
    data = report("horrorclix/2008")
    assert f"{data['exercised']} of {data['formal']} formal rules decide a step of some example" in text.stdout
    assert listed[0] in text.stdout
    assert "HX.LOF.BLOCKTER" not in text.stdout


def test_an_unknown_ruleset_or_folder_is_refused() -> None:
    """An unknown ruleset, or a folder that is not there, exits with status 2 and a message."""
    result = run_cli("coverage", "chess/1e", "--rules", "--json")
    assert result.returncode == 2
    assert "unknown ruleset" in result.stderr
    assert result.stdout == ""
    missing = run_cli("coverage", "horrorclix/2008", "--rules", "--examples", "no-such-folder")
    assert missing.returncode == 2
    assert "no such folder" in missing.stderr


def test_another_rulesets_file_is_skipped_and_a_bad_one_named(tmp_path: Path) -> None:
    """In a folder of one good file, one of another ruleset and one bad file, only the good one is counted."""
    shutil.copy(ROOT / LOF_BLOCKING, tmp_path / "good.yaml")
    shutil.copy(ROOT / ALWAYS_CLEAR, tmp_path / "other.yaml")
    (tmp_path / "bad.yaml").write_text("ruleset: horrorclix/2008\nmap: 3\n", encoding="utf-8")
    found = rules_exercised(load_spec(games=("horrorclix",)), "horrorclix/2008", tmp_path)
    assert {f for r in found.rules for f in r.examples} == {str(tmp_path / "good.yaml")}
    assert [shown for shown, _ in found.unanswered] == [str(tmp_path / "bad.yaml")]
    text = run_cli("coverage", "horrorclix/2008", "--rules", "--examples", str(tmp_path))
    assert text.returncode == 0, text.stderr
    assert "not answered" in text.stdout
