"""Helpers shared by the monster-turn tests: maps with marked hexes, and a turn asked through the CLI's path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from adjudicator.core.spec import load_spec
from adjudicator.judge import answer, load_situation
from adjudicator.spaces.hex import KIND, Hex

NAMES = KIND.blank(1, 1)
"""A map that parses hex names (parsing needs no particular map)."""


def hex_name(h: Hex) -> str:
    """The name of a hex (``C3``)."""
    return KIND.position_name(h.col, h.row)


def parse_hex(name: str) -> Hex:
    """The hex a name denotes."""
    return NAMES.parse(name)


def with_hexes(rows: list[str], **marks: str) -> list[str]:
    """``rows`` with the named hexes changed to the given terrain characters (``C3="t"``)."""
    grid = [row.split() for row in rows]
    for name, char in marks.items():
        grid[int(name[1:]) - 1][ord(name[0]) - ord("A")] = char
    return [(" " if i % 2 else "") + " ".join(cells) for i, cells in enumerate(grid)]


def monster_turn_json(
    tmp_path: Path,
    pieces: list[dict[str, Any]],
    query: dict[str, Any],
    rows: list[str],
    walls: list[list[str]] | None = None,
) -> dict[str, Any]:
    """The JSON answer of a monster_turn situation on ``rows``, written as a file and read like one."""
    doc: dict[str, Any] = {
        "ruleset": "gloomhaven/1e",
        "map": {"terrain": rows},
        "pieces": pieces,
        "query": {"kind": "monster_turn", **query},
    }
    if walls:
        doc["map"]["walls"] = walls
    path = tmp_path / "turn.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    spec = load_spec()
    result: dict[str, Any] = answer(spec, load_situation(path, set(spec.rulesets()))).to_json(spec)
    return result
