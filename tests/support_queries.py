"""Build a small HorrorClix situation from a few lines and answer its query (for the query tests)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation

DEFAULTS = {"speed": 8, "attack": 9, "defense": 15, "damage": 2, "range": 0, "points": 40}


def monster(pid: str, player: int, at: str, **fields: Any) -> dict[str, Any]:
    """A monster entry with ordinary values unless ``fields`` say otherwise."""
    return {"id": pid, "type": "monster", "player": player, "at": at, **DEFAULTS, **fields}


def ask(
    tmp_path: Path,
    ruleset: str,
    pieces: list[dict[str, Any]],
    query: dict[str, Any],
    *,
    readings: dict[str, str] | None = None,
    build_total: int = 100,
    walls: list[list[str]] | None = None,
) -> dict[str, Any]:
    """The JSON answer for a situation on a 4 x 3 clear outdoor map."""
    doc: dict[str, Any] = {
        "ruleset": ruleset,
        "build_total": build_total,
        "map": {"kind": "outdoor", "terrain": ["....", "....", "...."]},
        "pieces": pieces,
        "query": query,
    }
    if readings:
        doc["readings"] = readings
    if walls:
        doc["map"]["walls"] = walls
    path = tmp_path / "situation.yaml"
    path.write_text(json.dumps(doc), encoding="utf-8")  # JSON is YAML
    spec = load_spec()
    result: dict[str, Any] = answer(spec, load_situation(path, set(spec.rulesets()))).to_json(spec)
    return result


def cited(result: dict[str, Any]) -> set[str]:
    """The rule ids the answer's trace cites."""
    return {step["rule"] for step in result["trace"]}
