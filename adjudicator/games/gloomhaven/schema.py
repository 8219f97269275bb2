"""The JSON Schema of a Gloomhaven situation file (``contract-gloomhaven.md``), for editors."""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.games.gloomhaven.model import CONDITIONS, PIECE_TYPES, QUERY_KINDS, RANKS
from adjudicator.situation.schema import PIECE_ID, PLACE, Schema, document, enum, ints, kinds_left, obj, pairs, rows

HEX = {**PLACE, "description": "a hex: column letters, row number"}


def situation_schema(rulesets: Collection[str]) -> Schema:
    """The Gloomhaven situation file (``contract-gloomhaven.md``)."""
    conditions = {
        "type": "array",
        "items": enum(CONDITIONS),
    }
    piece = obj(
        {
            "id": PIECE_ID,
            "type": enum(PIECE_TYPES),
            "at": HEX,
            "initiative": {"type": "number"},
            "owner": PIECE_ID,
            "rank": enum(RANKS),
            "flying": {"type": "boolean"},
            "conditions": conditions,
            "shield": ints(0, 99),
        },
        ("id", "type", "at"),
        closed=False,
    )
    attack = obj(
        {
            "range": ints(0, 99),
            "targets": ints(1, 99),
            "area": rows(".@* ", "an area diagram: @ the attacker, * the red hexes"),
            "add_targets": ints(0, 99),
        },
        closed=False,
    )
    queries = [
        obj(
            {
                "kind": {"const": "monster_turn"},
                "monster": PIECE_ID,
                "move": ints(0, 99),
                "jump": {"type": "boolean"},
                "attack": attack,
                "play": obj({"end": HEX, "targets": {"type": "array", "items": PIECE_ID}}),
            },
            ("kind", "monster"),
            closed=False,
        ),
        obj({"kind": {"const": "line_of_sight"}, "from": {"type": "string"}, "to": {"type": "string"}}, ("kind",)),
        obj(
            {"kind": {"const": "range"}, "from": {"type": "string"}, "to": {"type": "string"}, "range": ints(0, 99)},
            ("kind",),
        ),
        obj(
            {
                "kind": {"const": "move"},
                "piece": PIECE_ID,
                "path": {"type": "array", "items": HEX},
                "points": ints(0, 99),
                "jump": {"type": "boolean"},
            },
            ("kind", "piece", "path"),
            closed=False,
        ),
        obj(
            {
                "kind": {"const": "attack"},
                "value": ints(0, 99),
                "target": PIECE_ID,
                **dict.fromkeys(("shield", "pierce"), ints(0, 99)),
                **{key: {"type": "boolean"} for key in ("poisoned", "advantage", "disadvantage")},
                "deck": {},
                **dict.fromkeys(("bless", "curse"), ints(0, 10)),
            },
            ("kind", "value"),
            closed=False,
        ),
    ]
    return document(
        "gloomhaven",
        "Gloomhaven",
        rulesets,
        {
            "scenario_level": ints(0, 7),
            "map": obj(
                {
                    "terrain": rows(". xothdDL/", "one character per hex; spaces are ignored"),
                    "walls": pairs(HEX),
                },
                ("terrain",),
            ),
            "pieces": {"type": "array", "items": piece},
            "objects": {"type": "array", "items": {"type": "object", "properties": {"type": {"const": "trap"}}}},
            "query": {"oneOf": [*queries, *kinds_left(QUERY_KINDS, queries)]},
        },
    )
