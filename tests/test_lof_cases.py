"""Line-of-fire conformance cases (tests/lof_cases/*.yaml), answers worked out by hand.

Each file holds ``cases:``, a list of ``{name, situation, expect}``; every
case is preceded by a ``# Source:`` comment naming the rulebook lines its
expected answer was derived from. The situation is written out as a file and
read by the real loader, then answered; the verdict, the listed outcome
fields and the rules the trace must cite are compared.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation
from adjudicator.judge.examples import subset_mismatches
from tests.conftest import ROOT

CASE_DIR = ROOT / "tests" / "lof_cases"
FILES = sorted(CASE_DIR.glob("*.yaml"))
SOURCE = re.compile(r"^\s*# Source: (?:hx2008|hx1e) L\d+", re.MULTILINE)


def load_cases(path: Path) -> list[dict[str, Any]]:
    """The cases of one file."""
    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    cases: list[dict[str, Any]] = data["cases"]
    return cases


CASES = [(path, case) for path in FILES for case in load_cases(path)]


def test_enough_cases_each_with_a_source() -> None:
    """At least 20 cases, both rulesets, one ``# Source:`` comment per case, unique names."""
    assert len(CASES) >= 20
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        assert len(SOURCE.findall(text)) == len(load_cases(path)), path.name
    names = [case["name"] for _, case in CASES]
    assert len(names) == len(set(names))
    assert {case["situation"]["ruleset"] for _, case in CASES} == {"horrorclix/2008", "horrorclix/1e"}


@pytest.mark.parametrize(("path", "case"), CASES, ids=[f"{p.stem}/{c['name']}" for p, c in CASES])
def test_case(tmp_path: Path, path: Path, case: dict[str, Any]) -> None:
    """The engine's answer matches the hand-worked expectation."""
    spec = load_spec()
    out = io.StringIO()
    YAML().dump(case["situation"], out)
    file = tmp_path / f"{case['name']}.yaml"
    file.write_text(out.getvalue(), encoding="utf-8")
    situation = load_situation(file, set(spec.rulesets()))
    result = answer(spec, situation).to_json(spec)
    expect = case["expect"]
    assert result["verdict"] == expect["verdict"], (path.name, result["trace"])
    problems = subset_mismatches(expect.get("outcome", {}), result["outcome"])
    assert not problems, (path.name, problems)
    cited = {step["rule"] for step in result["trace"]}
    missing = set(expect.get("rules", [])) - cited
    assert not missing, f"trace does not cite {sorted(missing)}; it cites {sorted(cited)}"
