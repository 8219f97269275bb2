"""The monster's turn gives the same answer, trace included, whatever Python's hash seed.

An area attack with extra single targets can be split between the area and the
single targets in several equally large ways; the one the trace names must not
depend on the order of a set (which changes with ``PYTHONHASHSEED``).
"""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT

SCRIPT = """
import json, random, sys
from dataclasses import replace
sys.path.insert(0, "benchmarks")
import bench_gloomhaven as b
from adjudicator.core.plain import step_json
from adjudicator.core.spec import load_spec
from adjudicator.games.gloomhaven.queries import monster_turn
spec = load_spec()
for seed in range(150):
    s = b.random_situation(70000 + seed)
    q = s.query
    if q.attack is None or q.attack.area is None:
        continue
    attack = replace(q.attack, add_targets=1 + seed % 2)
    a = monster_turn.answer(spec, replace(s, query=replace(q, attack=attack)))
    print(json.dumps([a.outcome, [step_json(spec, st) for st in a.trace]], sort_keys=True, default=str))
"""


def run(hash_seed: str) -> str:
    """The answers printed by a fresh interpreter with this hash seed."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return done.stdout


def test_area_with_extra_targets_answers_the_same_under_any_hash_seed() -> None:
    """Two interpreters with different hash seeds print the same outcomes and traces (and print some)."""
    first = run("1")
    assert first.count("\n") > 10
    assert run("2") == first
