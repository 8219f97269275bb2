"""The JSON Schema of a Betrayal situation file (``contract-betrayal.md``), for editors."""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.games.betrayal.reader import QUERY_FIELDS
from adjudicator.situation.schema import PIECE_ID, PLACE, Schema, document, enum, ints, kinds_left, obj

GRID_SQUARE = {**PLACE, "description": "a square of the floor's grid: column letters, row number"}


def situation_schema(rulesets: Collection[str]) -> Schema:
    """The Betrayal situation file (``contract-betrayal.md``)."""
    trait = {
        "anyOf": [
            ints(0, 8),
            obj({"track": {"type": "array", "items": ints(0, 8)}, "at": ints(0, 8), "value": ints(0, 8)}),
        ]
    }
    room = obj(
        {
            "id": PIECE_ID,
            "floor": enum(["basement", "ground", "upper"]),
            "at": GRID_SQUARE,
            "doors": {"type": "string", "pattern": "^[NESW]*$"},
            "symbol": {"anyOf": [enum(["omen", "item", "event"]), {"type": "null"}]},
            "new": {"type": "boolean"},
        },
        ("id", "at"),
        closed=False,
    )
    piece = obj(
        {
            "id": PIECE_ID,
            "type": enum(["explorer", "monster"]),
            "at": {"type": "string"},
            **dict.fromkeys(("might", "speed", "knowledge", "sanity"), trait),
        },
        ("id", "type", "at"),
        closed=False,
    )
    text = {"type": "string"}
    dice = {"type": "object", "additionalProperties": ints(0, 16)}
    traits = enum(["might", "speed", "knowledge", "sanity"])
    query_fields: dict[str, dict[str, Schema]] = {
        "move": {"piece": PIECE_ID, "path": {"type": "array", "items": {}}, "dice": dice},
        "reach": {"piece": PIECE_ID, "dice": dice},
        "roll": {
            "piece": PIECE_ID,
            "trait": traits,
            "dice": ints(0, 16),
            "target": ints(0, 99),
            "result": ints(0, 99),
            "name": text,
            "task": {"type": "boolean"},
        },
        "attack": {
            "attacker": PIECE_ID,
            "defender": PIECE_ID,
            "trait": traits,
            "ranged": {"type": "boolean"},
            "rolls": {"type": "array", "items": ints(0, 99), "minItems": 2, "maxItems": 2},
        },
        "haunt_roll": {"drew_omen": {"type": "boolean"}, "omen_room": {"type": "boolean"}, "result": ints(0, 99)},
        "damage": {
            "piece": PIECE_ID,
            "type": enum(["physical", "mental"]),
            "amount": ints(0, 99),
            "dice": ints(0, 16),
            "split": {"type": "object", "additionalProperties": ints(0, 16)},
        },
        "line_of_sight": {"from": text, "to": text},
    }
    queries = [obj({"kind": {"const": kind}, **fields}, ("kind",)) for kind, fields in query_fields.items()]
    return document(
        "betrayal",
        "Betrayal at House on the Hill",
        rulesets,
        {
            "haunt": {"type": "object"},
            "house": obj(
                {
                    "rooms": {"type": "array", "items": room, "minItems": 1},
                    "links": {"type": "array", "items": {"type": "object"}},
                    "tokens": {"type": "array", "items": {"type": "object"}},
                    "tiles_left": {"type": "object"},
                },
                ("rooms",),
                closed=False,
            ),
            "pieces": {"type": "array", "items": piece},
            "query": {"oneOf": [*queries, *kinds_left(QUERY_FIELDS, queries)]},
        },
        board="house",
    )
