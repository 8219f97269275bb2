"""Building blocks of a JSON Schema of a situation file, for editors that check YAML as it is typed.

Each game builds the schema of its own file in its package's ``schema``
module from its own field lists and value sets, so a schema cannot offer a
field its reader refuses. The schema checks shape and value sets; what needs
the board (a place on the map, a known piece id) is the reader's, which
``POST /api/validate`` runs.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

DIALECT = "https://json-schema.org/draft/2020-12/schema"
Schema = dict[str, Any]

PLACE = {"type": "string", "pattern": "^[A-Z]+[1-9][0-9]*$", "description": "column letters, then the row number"}
"""A square or a hex by name (``C3``)."""
PIECE_ID = {"type": "string", "minLength": 1}
READINGS = {
    "type": "object",
    "additionalProperties": {"type": "string", "minLength": 1},
    "description": "rule id: reading name, for an ambiguous rule read other than the ruleset's default",
}


def enum(values: Collection[str]) -> Schema:
    """One of these strings."""
    return {"enum": list(values)}


def ints(low: int, high: int) -> Schema:
    """An integer in ``low..high``."""
    return {"type": "integer", "minimum": low, "maximum": high}


def obj(properties: Mapping[str, Schema], required: tuple[str, ...] = (), *, closed: bool = True) -> Schema:
    """An object with these properties (and no others when ``closed``)."""
    out: Schema = {"type": "object", "properties": dict(properties)}
    if required:
        out["required"] = list(required)
    if closed:
        out["additionalProperties"] = False
    return out


def rows(chars: str, description: str) -> Schema:
    """Map rows: one string per row, each character from ``chars``."""
    escaped = "".join("\\" + ch if not ch.isalnum() and ch != " " else ch for ch in chars)
    return {
        "type": "array",
        "minItems": 1,
        "items": {"type": "string", "pattern": f"^[{escaped}]+$"},
        "description": description,
    }


def pairs(item: Schema) -> Schema:
    """A list of pairs (walls between two places)."""
    return {"type": "array", "items": {"type": "array", "items": item, "minItems": 2, "maxItems": 2}}


def document(
    game: str, title: str, rulesets: Collection[str], properties: Mapping[str, Schema], board: str = "map"
) -> Schema:
    """The top level shared by every game: ruleset, readings, expect, and the game's own fields."""
    return {
        "$schema": DIALECT,
        "$id": f"urn:tabletop-adjudicator:situation:{game}",
        "title": f"{title} situation file",
        "description": f"A situation of {title} and the question asked about it (adjudicator ask).",
        "type": "object",
        "required": ["ruleset", board, "query"],
        "additionalProperties": False,
        "properties": {
            "ruleset": enum(sorted(rulesets)),
            **properties,
            "readings": READINGS,
            "expect": {"description": "a golden answer for tests (free-form)"},
        },
    }


def kinds_left(kinds: Collection[str], described: list[Schema]) -> list[Schema]:
    """Query kinds a game answers beyond those ``described``: the kind, any fields."""
    known = {q["properties"]["kind"]["const"] for q in described}
    return [obj({"kind": {"const": kind}}, ("kind",), closed=False) for kind in sorted(kinds) if kind not in known]
