"""The shortcuts of the combat-value pipeline: the same values and steps, the same decisions put to the table."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields, replace
from pathlib import Path

import pytest

from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import noted
from adjudicator.core.spec import load_spec
from adjudicator.games.clix.model import Effect
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.values import combat_value
from adjudicator.judge import load_situation
from tests.support_queries import monster


def table(tmp_path: Path, ruleset: str) -> Table:
    """A fresh table for a two-monster situation (no readings, no given facts)."""
    doc = {
        "ruleset": ruleset,
        "build_total": 100,
        "map": {"kind": "outdoor", "terrain": ["...", "..."]},
        "pieces": [
            monster("wolf", 1, "A1"),
            monster("priest", 2, "B1", attack=8, defense=16),
        ],
        "query": {"kind": "value", "piece": "wolf", "stat": "attack", "effects": []},
    }
    path = tmp_path / "situation.yaml"
    path.write_text(json.dumps(doc), encoding="utf-8")  # JSON is YAML
    spec = load_spec()
    return Table(spec, load_situation(path, set(spec.rulesets())))


def test_noted_is_replace_of_the_note(tmp_path: Path) -> None:
    """``noted`` copies every field but the note, as ``dataclasses.replace`` would (and knows them all)."""
    step = table(tmp_path, "horrorclix/2008").decide("attack.hits", {"attack": 9, "defense": 15, "die1": 3, "die2": 4})
    full = replace(step.trace[0], reading="some reading", also=step.trace[0].cites, deciding=True)
    assert {f.name for f in fields(full)} == {"rule", "cites", "note", "reading", "also", "deciding"}
    assert noted(full, "wolf: hits") == replace(full, note="wolf: hits")
    assert noted(full, "wolf: hits") != full


@pytest.mark.parametrize("ruleset", ["horrorclix/2008", "horrorclix/1e"])
@pytest.mark.parametrize(
    "effects",
    [[], [Effect("modify", 4)], [Effect("modify", 1), Effect("replace", 6)], [Effect("modify", 2)] * 4],
)
def test_memo_hit_gives_the_value_and_asks_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str, effects: list[Effect]
) -> None:
    """A memo hit returns what the pipeline worked out, and puts the same decisions, facts and all, to the table."""
    asked: list[tuple[str, dict[str, Value]]] = []
    decide = Table.decide

    def recording(self: Table, decision: str, facts: Mapping[str, Value]) -> object:
        asked.append((decision, dict(facts)))
        return decide(self, decision, facts)

    monkeypatch.setattr(Table, "decide", recording)
    first_table = table(tmp_path, ruleset)
    spec = first_table.spec
    for key in [k for k in spec.memo if isinstance(k, tuple) and k[:1] == ("values.combat_value",)]:
        del spec.memo[key]
    worked_out = combat_value(first_table, 7, effects)
    first_calls = list(asked)
    assert first_calls  # the pipeline asks at least the rule of 3
    assert any(isinstance(k, tuple) and k[:1] == ("values.combat_value",) for k in spec.memo)
    asked.clear()
    worked_out.steps.clear()  # the caller's copy is its own: the memo keeps the steps
    remembered = combat_value(table(tmp_path, ruleset), 7, effects)
    assert asked == first_calls
    assert remembered.steps
    fresh = combat_value(table(tmp_path, ruleset), 7, effects)
    assert (fresh.value, fresh.base, fresh.replaced, fresh.modifiers, fresh.pipeline) == (
        remembered.value,
        remembered.base,
        remembered.replaced,
        remembered.modifiers,
        remembered.pipeline,
    )
    assert fresh.steps == remembered.steps
