"""A JSON Schema of the situation file of each game, for editors that check YAML as it is typed.

The square-grid schema (HorrorClix, HeroClix) is built from the reader's own
field lists and value sets (:mod:`adjudicator.situation.load` and
:mod:`adjudicator.situation.model`), so it cannot drift from what the reader
accepts. The hex-grid (Gloomhaven) and room-graph (Betrayal) schemas follow
their contracts (``contract-gloomhaven.md``, ``contract-betrayal.md``). The
schema checks shape and value sets; what needs the board (a square on the
map, a free square, a known piece id) is the reader's, which ``POST
/api/validate`` runs.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games import Game, game_named
from adjudicator.situation import load as reader
from adjudicator.situation import model

DIALECT = "https://json-schema.org/draft/2020-12/schema"
Schema = dict[str, Any]


def enum(values: tuple[str, ...] | list[str]) -> Schema:
    """One of these strings."""
    return {"enum": list(values)}


def ints(low: int, high: int) -> Schema:
    """An integer in ``low..high``."""
    return {"type": "integer", "minimum": low, "maximum": high}


def obj(properties: dict[str, Schema], required: tuple[str, ...] = (), *, closed: bool = True) -> Schema:
    """An object with these properties (and no others when ``closed``)."""
    out: Schema = {"type": "object", "properties": properties}
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


SQUARE = {"type": "string", "pattern": "^[A-Z]+[1-9][0-9]*$", "description": "a square: column letters, row number"}
STAT = {"anyOf": [ints(0, 30), {"const": model.HOURGLASS}]}
PIECE_ID = {"type": "string", "minLength": 1}


def square_query_schemas() -> list[Schema]:
    """One schema per square-grid query kind, with the fields of ``QUERY_FIELDS``."""
    fields: dict[str, Schema] = {
        "piece": PIECE_ID,
        "action": enum(model.ACTION_KINDS),
        "to": {"anyOf": [{"type": "string"}, {"type": "array", "items": SQUARE, "minItems": 2, "maxItems": 2}]},
        "from": {"type": "string"},
        "acted_this_turn": {"type": "boolean"},
        "actions_left": ints(0, 9),
        "free_action_granted": {"type": "boolean"},
        "divide": {"type": "object", "additionalProperties": ints(0, 32), "description": "clicks per hit target"},
        "die": ints(1, 6),
        "frenzy": {"type": "boolean"},
        "type": enum(model.ATTACK_TYPES),
        "targets": {"type": "array", "items": PIECE_ID, "maxItems": reader.MAX_TARGETS},
        "roll": {"type": "array", "items": ints(1, 6), "minItems": 2, "maxItems": 2},
        "stat": enum(model.STAT_NAMES),
        "effects": {
            "type": "array",
            "items": {
                "oneOf": [
                    obj({"replace": ints(*reader.EFFECT_RANGES["replace"])}, ("replace",)),
                    obj({"halve": {"const": True}}, ("halve",)),
                    obj({"modify": ints(*reader.EFFECT_RANGES["modify"])}, ("modify",)),
                ]
            },
        },
        "player": ints(1, reader.MAX_PLAYER),
        "acted": {"type": "array", "items": PIECE_ID},
        "events": {
            "type": "array",
            "items": obj({"kill": PIECE_ID, "by_player": ints(1, reader.MAX_PLAYER), "phase": enum(model.PHASES)}),
        },
    }
    facts: Schema = {
        "type": "object",
        "additionalProperties": {"anyOf": [{"type": "boolean"}, ints(-99, 99)]},
        "description": "facts the engine otherwise assumes (the game profile's assumed facts), by name",
    }
    out = []
    for kind, names in reader.QUERY_FIELDS.items():
        props = {"kind": {"const": kind}, **{name: fields[name] for name in names}, "facts": facts}
        out.append(obj(props, ("kind",)))
    return out


def square_schema(game: Game) -> Schema:
    """The situation file of a square-grid game (``contract.md``)."""
    figure = obj(
        {
            "id": PIECE_ID,
            "type": enum([game.figure] if game.token in model.TOKEN_TYPES else list(game.piece_types)),
            "player": ints(1, reader.MAX_PLAYER),
            "owner": ints(1, reader.MAX_PLAYER),
            "at": {"anyOf": [SQUARE, {"type": "array", "items": SQUARE, "minItems": 2, "maxItems": 2}]},
            **dict.fromkeys(("speed", "attack", "defense"), STAT),
            "damage": ints(0, 30),
            "range": ints(0, 30),
            "targets": ints(1, reader.MAX_TARGETS),
            "points": ints(0, reader.MAX_POINTS),
            "move": enum(model.MOVE_MODES),
            "flight": enum(model.FLIGHT_MODES),
            "size": enum(model.SIZES),
            "tokens": ints(0, 2),
            "victims": ints(0, reader.MAX_VICTIMS),
            "minion": {"type": "boolean"},
            "state": enum(model.PIECE_STATES),
        },
        ("id", "type", "player", "at", "speed", "attack", "defense", "damage", "range"),
    )
    pieces: list[Schema] = [figure]
    if game.token in model.TOKEN_TYPES:
        pieces.append(
            obj(
                {
                    "id": PIECE_ID,
                    "type": enum([game.token]),
                    "at": SQUARE,
                    "speed": ints(0, 30),
                    "face": enum(model.FACES),
                },
                ("id", "type", "at", "speed"),
            )
        )
    objects = {
        "oneOf": [
            obj({"type": {"const": "portal"}, "at": SQUARE, "door": enum(model.DOORS)}, ("type", "at", "door")),
            obj({"type": enum(["tombstone", "tree"]), "at": SQUARE}, ("type", "at")),
        ]
    }
    return document(
        game,
        {
            "build_total": ints(1, reader.MAX_BUILD_TOTAL),
            **(
                {"scenario": enum(sorted({name for names in game.scenarios.values() for name in names}))}
                if game.scenarios
                else {}
            ),
            "map": obj(
                {
                    "kind": enum(model.MAP_KINDS),
                    "terrain": rows(reader.TERRAIN_CHARS, ". clear, h hindering, ~ water, # blocking, x off the map"),
                    "elevation": rows("0123456789x.", "one digit per square"),
                    "indoor": rows("i.x", "i marks an indoor square"),
                    "walls": {
                        "type": "array",
                        "items": {"type": "array", "items": SQUARE, "minItems": 2, "maxItems": 2},
                    },
                    "stairs": {"type": "array", "items": SQUARE},
                },
                ("kind", "terrain"),
            ),
            "pieces": {"type": "array", "items": {"oneOf": pieces}},
            "objects": {"type": "array", "items": objects},
            "query": {"oneOf": square_query_schemas()},
        },
    )


def hex_schema(game: Game) -> Schema:
    """The Gloomhaven situation file (``contract-gloomhaven.md``)."""
    conditions = {
        "type": "array",
        "items": enum(["poison", "wound", "immobilize", "disarm", "stun", "muddle", "invisible", "strengthen"]),
    }
    piece = obj(
        {
            "id": PIECE_ID,
            "type": enum(["character", "summon", "monster"]),
            "at": SQUARE,
            "initiative": {"type": "number"},
            "owner": PIECE_ID,
            "rank": enum(["normal", "elite", "boss", "named"]),
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
                "play": obj({"end": SQUARE, "targets": {"type": "array", "items": PIECE_ID}}),
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
                "path": {"type": "array", "items": SQUARE},
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
        game,
        {
            "scenario_level": ints(0, 7),
            "map": obj(
                {
                    "terrain": rows(". xothdDL/", "one character per hex; spaces are ignored"),
                    "walls": {
                        "type": "array",
                        "items": {"type": "array", "items": SQUARE, "minItems": 2, "maxItems": 2},
                    },
                },
                ("terrain",),
            ),
            "pieces": {"type": "array", "items": piece},
            "objects": {"type": "array", "items": {"type": "object", "properties": {"type": {"const": "trap"}}}},
            "query": {"oneOf": [*queries, *other_queries(game, queries)]},
        },
    )


def other_queries(game: Game, described: list[Schema]) -> list[Schema]:
    """Query kinds the game's engine answers beyond those described here: the kind, any fields."""
    known = {q["properties"]["kind"]["const"] for q in described}
    return [
        obj({"kind": {"const": kind}}, ("kind",), closed=False) for kind in sorted(game.queries) if kind not in known
    ]


def room_schema(game: Game) -> Schema:
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
            "at": SQUARE,
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
        game,
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
            "query": {"oneOf": [*queries, *other_queries(game, queries)]},
        },
        board="house",
    )


def document(game: Game, properties: dict[str, Schema], board: str = "map") -> Schema:
    """The top level shared by every game: ruleset, readings, expect, and the game's own fields."""
    from adjudicator.core.spec import known_rulesets  # noqa: PLC0415 - reads sources.yaml only when asked

    rulesets = sorted(rs for rs in known_rulesets() if game.owns(rs))
    return {
        "$schema": DIALECT,
        "$id": f"urn:tabletop-adjudicator:situation:{game.id}",
        "title": f"{game.title} situation file",
        "description": f"A situation of {game.title} and the question asked about it (adjudicator ask).",
        "type": "object",
        "required": ["ruleset", board, "query"],
        "additionalProperties": False,
        "properties": {
            "ruleset": enum(rulesets),
            **properties,
            "readings": {"type": "object", "additionalProperties": {"type": "string", "minLength": 1}},
            "expect": {"description": "a golden answer for tests (free-form)"},
        },
    }


BUILDERS = {"square": square_schema, "hex": hex_schema, "room": room_schema}


def situation_schema(game_id: str) -> Schema:
    """The JSON Schema of a game's situation file (:class:`~adjudicator.games.UnknownGame` if unknown)."""
    game = game_named(game_id)
    return BUILDERS[game.space](game)
