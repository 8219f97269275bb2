"""The JSON Schema of a Betrayal situation file (``contract-betrayal.md``), for editors."""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.games.betrayal.house import TOKEN_TYPES
from adjudicator.games.betrayal.model import QUERY_FIELDS, TRAITS, QueryField
from adjudicator.games.betrayal.reader import HAUNT_FIELDS, HOUSE_FIELDS, PIECE_FIELDS, ROOM_FIELDS
from adjudicator.situation import ruling
from adjudicator.situation.schema import PIECE_ID, PLACE, Schema, document, enum, ints, kinds_left, obj
from adjudicator.spaces.rooms import FLOORS, SIDES

GRID_SQUARE = {**PLACE, "description": "a square of the floor's grid: column letters, row number"}


def situation_schema(rulesets: Collection[str]) -> Schema:
    """The Betrayal situation file (``contract-betrayal.md``): exactly the fields the reader takes."""
    trait = {
        "anyOf": [
            ints(0, 8),
            obj({"track": {"type": "array", "items": ints(0, 8)}, "at": ints(0, 8), "value": ints(0, 8)}),
        ]
    }
    doors = {"type": "string", "pattern": "^[NESW]*$", "description": "door sides, such as NE"}
    room_fields: dict[str, Schema] = {
        "id": PIECE_ID,
        "floor": enum(FLOORS),
        "at": GRID_SQUARE,
        "doors": doors,
        "symbol": {"anyOf": [enum(["omen", "item", "event"]), {"type": "null"}]},
        "new": {"type": "boolean", "description": "discovered this turn"},
        "placed_by": enum(["discovery", "haunt"]),
        "obstacle": obj(
            {
                "trait": enum(TRAITS),
                "target": ints(0, 16),
                "sides": {"type": "object", "additionalProperties": doors, "description": "two sides, by name"},
            },
            ("trait", "target", "sides"),
        ),
        "moved_this_turn": {"type": "boolean", "description": "the mystic_elevator only"},
        "front_door": {**enum(SIDES), "description": "the entrance_hall only"},
    }
    card = {
        "anyOf": [
            {"type": "string", "minLength": 1},
            obj({"name": {"type": "string"}, "tradeable": {"type": "boolean"}}, ("name",)),
        ]
    }
    piece_fields: dict[str, Schema] = {
        "id": PIECE_ID,
        "type": enum(["explorer", "monster"]),
        "at": {"type": "string", "description": "a room id (room:side in an obstacle room)"},
        **dict.fromkeys(TRAITS, trait),
        "items": {"type": "array", "items": card},
        "omens": {"type": "array", "items": card},
        "ranged": {"type": "boolean"},
        "stunned": {"type": "boolean", "description": "monsters only"},
        "turn": obj(
            {
                "moved": ints(0, 16),
                "stopped_by": {"anyOf": [enum(["card", "obstacle"]), {"type": "null"}]},
                "attacked": {"type": "boolean"},
                "rolls": {"type": "array", "items": {"type": "string"}},
                "task_rolled": {"type": "boolean"},
            }
        ),
    }
    link = obj(
        {
            "from": PIECE_ID,
            "to": PIECE_ID,
            "one_way": {"type": "boolean"},
            "cost": ints(0, 8),
            "roll": {
                "anyOf": [obj({"trait": enum(TRAITS), "target": ints(0, 16)}, ("trait", "target")), {"type": "null"}]
            },
        },
        ("from", "to"),
    )
    house_fields: dict[str, Schema] = {
        "rooms": {"type": "array", "items": obj(_only(room_fields, ROOM_FIELDS), ("id", "at")), "minItems": 1},
        "links": {"type": "array", "items": link},
        "tokens": {"type": "array", "items": obj({"type": enum(TOKEN_TYPES), "room": PIECE_ID}, ("type", "room"))},
        "tiles_left": obj(dict.fromkeys(FLOORS, ints(0, 60))),
    }
    haunt_fields: dict[str, Schema] = {
        "started": {"type": "boolean"},
        "traitor": {**PIECE_ID, "description": "the traitor's piece id (required once the haunt has started)"},
        "omens_drawn": ints(0, 13),
        "omens_in_play": ints(0, 13),
    }
    haunt = obj(_only(haunt_fields, HAUNT_FIELDS))
    haunt["description"] = "the haunt: {started: true, traitor: <explorer id>} once it has begun"
    queries = [
        obj({"kind": {"const": kind}, **{key: _field(field) for key, field in fields.items()}}, ("kind",))
        for kind, fields in QUERY_FIELDS.items()
    ]
    return document(
        "betrayal",
        "Betrayal at House on the Hill",
        rulesets,
        {
            "haunt": haunt,
            "house": obj(_only(house_fields, HOUSE_FIELDS), ("rooms",)),
            "pieces": {"type": "array", "items": obj(_only(piece_fields, PIECE_FIELDS), ("id", "type", "at"))},
            "query": {"oneOf": [*queries, ruling.ruling_schema(), *kinds_left(QUERY_FIELDS, queries)]},
        },
        board="house",
    )


def _only(fields: dict[str, Schema], names: Collection[str]) -> dict[str, Schema]:
    """The schemas of the reader's field ``names``, in the reader's order (a field the reader lacks is dropped)."""
    return {name: fields[name] for name in names if name in fields}


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
