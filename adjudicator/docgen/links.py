"""What exercises each rule: the worked rulings that name it and the tests that mention it."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML

from adjudicator.judge.present import headline

RULE_ID = re.compile(r"(?<![\w.])[A-Z][A-Z0-9]*(?:\.[A-Z0-9]+)+(?![\w]|\.\w)")


@dataclass(frozen=True)
class Ruling:
    """One example situation with an ``expect`` block."""

    path: Path
    rel: str
    ruleset: str
    rules: tuple[str, ...]
    answer: str = ""
    """The expected answer in the words ``ask`` leads with (``ILLEGAL``, ``DISCARD``, ``BLOCKED``)."""

    @property
    def label(self) -> str:
        """The reference label of the ruling's entry."""
        return "ruling-" + re.sub(r"[^a-z0-9]+", "-", self.rel.removeprefix("examples/").removesuffix(".yaml").lower())

    @property
    def group(self) -> str:
        """The folder under ``examples/`` it belongs to (``movement``, ``rulings/values``)."""
        return str(Path(self.rel).parent.relative_to("examples").as_posix())


@dataclass
class Exercises:
    """Rule id -> the rulings that expect it and the tests that mention it."""

    rulings: list[Ruling] = field(default_factory=list)
    by_rule: dict[str, list[Ruling]] = field(default_factory=lambda: defaultdict(list))
    tests: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))


def find_rulings(root: Path) -> list[Ruling]:
    """Every ``examples/**/*.yaml`` with ``expect:``, sorted by path."""
    yaml = YAML(typ="safe")
    found = []
    for path in sorted((root / "examples").rglob("*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("expect"), dict):
            continue
        expect = data["expect"]
        rules = tuple(str(r) for r in expect.get("rules", []))
        query = data.get("query")
        kind = str(query.get("kind", "")) if isinstance(query, dict) else ""
        outcome = expect.get("outcome") if isinstance(expect.get("outcome"), dict) else {}
        words = headline(str(expect["verdict"]), kind, outcome)[0] if "verdict" in expect else ""
        found.append(Ruling(path, path.relative_to(root).as_posix(), str(data.get("ruleset", "")), rules, words))
    return found


def find_tests(root: Path) -> dict[str, list[str]]:
    """Rule id -> ``tests/spec/...py::test_name`` of tests whose source mentions it.

    An id mentioned only outside any test function (a module-level table of
    cases) links the whole module.
    """
    out: dict[str, list[str]] = defaultdict(list)
    for path in sorted((root / "tests" / "spec").rglob("test_*.py")):
        source = path.read_text(encoding="utf-8")
        rel = path.relative_to(root).as_posix()
        in_functions: set[str] = set()
        for node in ast.parse(source).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                text = ast.get_source_segment(source, node) or ""
                for rule_id in sorted(set(RULE_ID.findall(text))):
                    out[rule_id].append(f"{rel}::{node.name}")
                    in_functions.add(rule_id)
        for rule_id in sorted(set(RULE_ID.findall(source)) - in_functions):
            out[rule_id].append(rel)
    return out


def exercises(root: Path) -> Exercises:
    """Collect rulings and tests for every rule id."""
    found = Exercises(rulings=find_rulings(root), tests=find_tests(root))
    for ruling in found.rulings:
        for rule_id in ruling.rules:
            found.by_rule[rule_id].append(ruling)
    return found
