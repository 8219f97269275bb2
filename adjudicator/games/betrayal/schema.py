"""The JSON Schema of a Betrayal situation file (``contract-betrayal.md``), for editors."""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.games.betrayal.model import QUERY_FIELDS, TRAITS, QueryField
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
    queries = [
        obj({"kind": {"const": kind}, **{key: _field(field) for key, field in fields.items()}}, ("kind",))
        for kind, fields in QUERY_FIELDS.items()
    ]
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


def _field(field: QueryField) -> Schema:
    """The schema of one query field, from its declaration (the reader checks the same)."""
    counts = ints(field.low, field.high)
    path = {"type": "array", "items": {}, "description": "rooms in order, or {speed: N} for a change of Speed"}
    shapes: dict[str, Schema] = {
        "piece": PIECE_ID,
        "place": {"type": "string", "description": "a piece id or a room id (room:side in an obstacle room)"},
        "path": path,
        "count": counts,
        "counts": {"type": "object", "additionalProperties": counts},
        "pair": {"type": "array", "items": counts, "minItems": 2, "maxItems": 2},
        "flag": {"type": "boolean"},
        "trait": enum(TRAITS),
        "text": {"type": "string"},
        "choice": enum(field.choices),
        "moves": {
            "type": "array",
            "minItems": 1,
            "items": obj({"piece": PIECE_ID, "path": path}, ("piece", "path")),
            "description": "one {piece, path} for each monster of the group, all moving on one roll",
        },
    }
    return shapes[field.kind]
