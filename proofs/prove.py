"""Value-pipeline proofs, for every ruleset and every reading of the value rules.

Properties, each proved over every situation the decision's invariants allow
(and where the rules give one value, since gaps and conflicts are ``check``'s
business):

* ``in range``: the value lies in the decision's declared type;
* ``floor at 0``: no value goes below 0 (value.rule_of_3, value.base,
  damage.dealt, move.speed);
* ``rule of 3``: the final value lies within base-3 .. base+3 (value.rule_of_3);
* ``replacement before modifier``: a replacement is applied first
  (value.applied_first) and stands unmodified as the new base (value.base);
* ``halving rounds up``: a halved value is half the value rounded up
  (value.base, move.speed in hindering terrain).

The games' own arithmetic (Gloomhaven's Shield and Pierce, scenario level,
trap damage, experience and exhaustion; Betrayal's trait track, damage splits
and haunt threshold), including properties over two situations such as
monotonicity, is declared in :mod:`proofs.prove_games`; the value pipeline's
properties are in :mod:`proofs.prove_values`; :func:`run` proves both.

Equivalences: where two readings of one text, or the two editions, compute a
value, the answers are compared; a difference is ``refuted`` with the smallest
counterexample (fewest and smallest facts).

A refuted property that ``proofs/expected.yaml`` lists (a pattern over the
property's name where ``*`` is any text, optionally its decision, and a reason) is an *expected
finding*: it carries ``expected`` (the reason) and does not fail
``adjudicator prove``; any other refuted property does (exit status 1).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from adjudicator.core.spec import Spec
from proofs import prove_games, prove_values
from proofs.prove_values import Progress
from proofs.report import Finding


def run(spec: Spec, *, progress: Progress = None) -> list[Finding]:
    """Every property and equivalence of the value pipeline and of the games' arithmetic, proved or refuted."""
    findings = prove_values.run(spec, progress=progress)
    findings += prove_games.run(spec, progress=progress)
    mark_expected(findings, expected_findings())
    return findings


EXPECTED_FILE = Path(__file__).with_name("expected.yaml")


def expected_findings(path: Path = EXPECTED_FILE) -> list[dict[str, Any]]:
    """The expected refutations: ``[{"property": PATTERN, "decision"?: ID, "reason": TEXT}]`` (none if no file)."""
    if not path.is_file():
        return []
    data = YAML(typ="safe").load(path.read_text(encoding="utf-8")) or {}
    entries = [dict(e) for e in data.get("expected") or []]
    for entry in entries:
        if not str(entry.get("reason", "")).strip() or not entry.get("property"):
            msg = f"{path}: every expected finding needs a property pattern and a reason: {entry}"
            raise ValueError(msg)
    return entries


def mark_expected(findings: list[Finding], expected: list[dict[str, Any]]) -> None:
    """Give every refuted finding that an entry matches its ``expected`` reason (in place)."""
    for finding in findings:
        if finding.get("status") != "refuted":
            continue
        for entry in expected:
            same_decision = entry.get("decision") in {None, finding["decision"]}
            if same_decision and matches(finding["property"], str(entry["property"])):
                finding["expected"] = " ".join(str(entry["reason"]).split())
                break


def matches(name: str, pattern: str) -> bool:
    """Whether ``name`` matches ``pattern``, where only ``*`` is a wildcard (any text)."""
    return re.fullmatch(".*".join(re.escape(part) for part in pattern.split("*")), name) is not None


def failures(findings: list[Finding]) -> list[Finding]:
    """The refuted findings no expected entry covers: these make ``prove`` exit 1."""
    return [f for f in findings if f.get("status") == "refuted" and "expected" not in f]
