"""The JSON Schema of a Clix game's situation file, built from the game's own field lists.

The engine's value sets (:mod:`adjudicator.games.clix.model`) and limits
(:mod:`adjudicator.games.clix.reader`) give each field's schema; the game's
:class:`~adjudicator.games.clix.variant.ClixFields` picks the fields its files
may hold, so HeroClix's schema offers no portal, hourglass or victim.
"""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.games.clix import model, reader
from adjudicator.games.clix.variant import ClixGame
from adjudicator.situation import ruling
from adjudicator.situation.schema import PIECE_ID, PLACE, Schema, document, enum, ints, obj, pairs, rows

SQUARE = {**PLACE, "description": "a square: column letters, row number"}


def _pick(fields: dict[str, Schema], names: Collection[str]) -> dict[str, Schema]:
    """The schemas of ``names``, in the engine's order."""
    return {name: schema for name, schema in fields.items() if name in names}


def query_schemas(game: ClixGame) -> list[Schema]:
    """One schema per query kind the game answers, with the game's fields of that kind."""
    events = _pick(
        {"kill": PIECE_ID, "by_player": ints(1, reader.MAX_PLAYER), "phase": enum(model.PHASES)},
        game.fields.score_event,
    )
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
        "events": {"type": "array", "items": obj(events)},
        "facts": {
            "type": "object",
            "properties": {
                name: {"type": "boolean"} if isinstance(value, bool) else ints(-reader.MAX_FACT, reader.MAX_FACT)
                for name, (value, _) in sorted(game.profile.assumed.items())
            },
            "additionalProperties": False,
            "description": "facts the engine otherwise assumes (the game profile's assumed facts), by name",
        },
    }
    return [
        ruling.ruling_schema()
        if kind == ruling.KIND
        else obj({"kind": {"const": kind}, **_pick(fields, names)}, ("kind",))
        for kind, names in game.fields.queries.items()
    ]


def _pieces(game: ClixGame) -> list[Schema]:
    """A figure, and a token where the game has token pieces."""
    stat = {"anyOf": [ints(0, 30), {"const": model.HOURGLASS}]} if game.fields.hourglass else ints(0, 30)
    figure_fields: dict[str, Schema] = {
        "id": PIECE_ID,
        "type": enum([t for t in game.piece_types if t not in game.fields.token_types]),
        "player": ints(1, reader.MAX_PLAYER),
        "owner": ints(1, reader.MAX_PLAYER),
        "at": {"anyOf": [SQUARE, {"type": "array", "items": SQUARE, "minItems": 2, "maxItems": 2}]},
        **dict.fromkeys(("speed", "attack", "defense"), stat),
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
    }
    required = ("id", "type", "player", "at", "speed", "attack", "defense", "damage", "range")
    pieces = [obj(_pick(figure_fields, game.fields.figure), required)]
    if game.fields.token_types:
        token_fields: dict[str, Schema] = {
            "id": PIECE_ID,
            "type": enum(list(game.fields.token_types)),
            "at": SQUARE,
            "speed": ints(0, 30),
            "face": enum(model.FACES),
        }
        pieces.append(obj(_pick(token_fields, game.fields.token), ("id", "type", "at", "speed")))
    return pieces


def situation_schema(game: ClixGame, rulesets: Collection[str]) -> Schema:
    """The situation file of a Clix game (``contract.md``), with only the fields the game has."""
    objects = {
        "oneOf": [
            obj({"type": {"const": "portal"}, "at": SQUARE, "door": enum(model.DOORS)}, ("type", "at", "door")),
            obj({"type": enum(["tombstone", "tree"]), "at": SQUARE}, ("type", "at")),
        ]
    }
    scenarios = sorted({name for names in game.scenarios.values() for name in names})
    top: dict[str, Schema] = {
        "build_total": ints(1, reader.MAX_BUILD_TOTAL),
        "scenario": enum(scenarios),
        "map": obj(
            {
                "kind": enum(model.MAP_KINDS),
                "terrain": rows(reader.TERRAIN_CHARS, ". clear, h hindering, ~ water, # blocking, x off the map"),
                "elevation": rows("0123456789x.", "one digit per square"),
                "indoor": rows("i.x", "i marks an indoor square"),
                "walls": pairs(SQUARE),
                "stairs": {"type": "array", "items": SQUARE},
            },
            ("kind", "terrain"),
        ),
        "pieces": {"type": "array", "items": {"oneOf": _pieces(game)}},
        "objects": {"type": "array", "items": objects},
        "query": {"oneOf": query_schemas(game)},
    }
    given = [name for name in game.fields.top if name not in ("ruleset", "readings", "expect")]
    if not scenarios:
        given = [name for name in given if name != "scenario"]
    return document(game.id, game.title, rulesets, _pick(top, given))
