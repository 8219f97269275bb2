"""A move's ``cost`` is the cost of the path it shows (issue 27): a refused step is not counted.

For every move example with a cost: asking again with only the part of the path the answer shows gives
the same cost, and that shorter move is not refused for its cost.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation, load_situation_text

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").rglob("*.yaml"))


def _moves() -> list[Path]:
    """The Betrayal and Gloomhaven move examples (the games whose move answer carries a cost)."""
    found = []
    for path in EXAMPLES:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        query = doc.get("query") or {}
        if str(doc.get("ruleset", "")).split("/")[0] in {"betrayal", "gloomhaven"} and query.get("kind") == "move":
            found.append(path)
    return found


def _ask(doc: dict[str, Any]) -> dict[str, Any]:
    spec = load_spec()
    result: dict[str, Any] = answer(spec, load_situation_text(yaml.safe_dump(doc), "again.yaml")).to_json(spec)
    return result


@pytest.mark.parametrize("path", _moves(), ids=lambda p: p.stem)
def test_cost_is_the_cost_of_the_path_shown(path: Path) -> None:
    """Re-asked with the path up to where the answer ends, the move costs what the first answer said."""
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc.pop("expect", None)
    asked: list[Any] = list(doc["query"].get("path") or [])
    if any(not isinstance(item, str) for item in asked):
        pytest.skip("the path changes a trait on the way")
    first = _ask(doc)["outcome"]
    if "cost" not in first or first.get("end") is None:
        pytest.skip("no cost in this answer")
    shown = first.get("path")
    if shown is None:  # Gloomhaven shows the end hex: the path is the asked one up to it
        end = first["end"]
        shown = asked[: asked.index(end) + 1] if end in asked else []
    if not shown:  # no step taken: nothing spent
        assert first["cost"] == 0, first
        return
    again = _ask({**doc, "query": {**doc["query"], "path": list(shown)}})
    assert again["outcome"]["cost"] == first["cost"], (shown, first, again["outcome"])
    assert again["outcome"]["end"] == first["end"]


def test_refused_step_is_not_in_the_cost() -> None:
    """Speed 3 and four rooms asked: the explorer stops in the third room, and the cost is 3, not 4."""
    spec = load_spec()
    situation = load_situation(ROOT / "examples" / "rulings" / "betrayal" / "move-speed3-four-rooms-too-far.yaml")
    result = answer(spec, situation).to_json(spec)
    assert result["verdict"] == "illegal"
    assert result["outcome"]["path"] == ["foyer", "kitchen", "dining_room"]
    assert result["outcome"]["cost"] == len(result["outcome"]["path"]) == 3
