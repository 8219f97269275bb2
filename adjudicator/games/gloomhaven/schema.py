"""The JSON Schema of a Gloomhaven situation file (``contract-gloomhaven.md``), for editors."""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.games.gloomhaven.model import (
    CONDITIONS,
    DIFFICULTIES,
    ELEMENT_STATES,
    ELEMENTS,
    OBJECT_TYPES,
    PIECE_TYPES,
    PUSH_KINDS,
    QUERY_KINDS,
    RANKS,
    TARGET_GROUPS,
)
from adjudicator.situation import ruling
from adjudicator.situation.schema import PIECE_ID, PLACE, Schema, document, enum, ints, kinds_left, obj, pairs, rows

HEX = {**PLACE, "description": "a hex: column letters, row number"}


def _effect_queries() -> list[Schema]:
    """The optional kinds ``heal``, ``elements`` and ``long_rest``."""
    hit_points = {
        "hit_points": {**ints(0, 40), "description": "HP before (with max_hit_points)"},
        "max_hit_points": {**ints(1, 40), "description": "the figure's full HP"},
    }
    element_list = {"type": "array", "items": enum(ELEMENTS)}
    return [
        obj(
            {
                "kind": {"const": "heal"},
                "amount": {**ints(0, 20), "description": "Heal X"},
                "target": PIECE_ID,
                **{key: {"type": "boolean"} for key in ("poisoned", "wounded")},
                **hit_points,
            },
            ("kind", "amount"),
        ),
        obj(
            {
                "kind": {"const": "elements"},
                "state": {
                    "type": "object",
                    "properties": {element: enum(ELEMENT_STATES) for element in ELEMENTS},
                    "additionalProperties": False,
                    "description": "each element's column before the turn (left out: inert)",
                },
                "infuse": {**element_list, "description": "elements the figure infuses this turn"},
                "consume": {**element_list, "description": "elements the figure consumes this turn"},
            },
            ("kind",),
        ),
        obj(
            {
                "kind": {"const": "long_rest"},
                "character": PIECE_ID,
                "discard": {**ints(0, 20), "description": "cards in its discard pile"},
                **hit_points,
                "decline_heal": {"type": "boolean", "description": "it declines the Heal 2 Self"},
            },
            ("kind", "character"),
        ),
        obj(
            {
                "kind": {"const": "card_attacks"},
                "target": {**PIECE_ID, "description": "the target of the card's first attack ability"},
                "hit_points": {**ints(1, 40), "description": "its hit points before the first attack"},
                "damages": {"type": "array", "items": ints(0, 80), "description": "each ability's damage, in order"},
            },
            ("kind", "target", "hit_points", "damages"),
        ),
    ]


def _value_queries() -> list[Schema]:
    """The optional kinds ``initiative`` and ``scenario_level``."""
    by_id = {"type": "object", "additionalProperties": ints(1, 99)}
    return [
        obj(
            {
                "kind": {"const": "initiative"},
                "types": {
                    "type": "object",
                    "additionalProperties": {"type": "array", "items": PIECE_ID},
                    "description": "each monster type and its monsters",
                },
                "standees": {**by_id, "description": "each monster's standee number"},
                "secondary": {**by_id, "description": "a character's second card's initiative (for a tie)"},
                "long_rest": {"type": "array", "items": PIECE_ID, "description": "characters on a long rest"},
            },
            ("kind",),
        ),
        obj(
            {
                "kind": {"const": "scenario_level"},
                "levels": {"type": "array", "items": ints(1, 9), "minItems": 1, "maxItems": 4},
                "difficulty": enum(DIFFICULTIES),
                "solo_or_open": {"type": "boolean"},
            },
            ("kind", "levels"),
        ),
    ]


def situation_schema(rulesets: Collection[str]) -> Schema:
    """The Gloomhaven situation file (``contract-gloomhaven.md``)."""
    conditions = {
        "type": "array",
        "items": enum(CONDITIONS),
    }
    map_object = obj(
        {
            "type": {**enum(OBJECT_TYPES), "description": "trap (on a t hex), money, treasure, pressure_plate, token"},
            "at": HEX,
            "damage": ints(0, 30),
            "conditions": conditions,
            "name": {"type": "string", "description": "what an object of type token is"},
        },
        ("type", "at"),
    )
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
    )
    attack = obj(
        {
            "range": ints(0, 99),
            "targets": ints(1, 99),
            "area": rows(".@* ", "an area diagram: @ the attacker, * the red hexes"),
            "add_targets": ints(0, 99),
            "stat_range": {
                **ints(0, 20),
                "description": "the stat card's base range; range is then the card's own Range (0: none)",
            },
        },
    )
    character_attack = obj({key: value for key, value in attack["properties"].items() if key != "stat_range"})
    queries = [
        obj(
            {
                "kind": {"const": "monster_turn"},
                "monster": {
                    **PIECE_ID,
                    "description": "the acting monster, or a summon (it acts by the monster rules)",
                },
                "move": ints(0, 99),
                "jump": {"type": "boolean"},
                "attack": attack,
                "play": obj({"end": HEX, "targets": {"type": "array", "items": PIECE_ID}}),
            },
            ("kind", "monster"),
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
        ),
        *(
            obj(
                {
                    "kind": {"const": kind},
                    "attacker": PIECE_ID,
                    "target": PIECE_ID,
                    "amount": ints(1, 10),
                    "path": {"type": "array", "items": HEX, "description": "the hexes entered, without the start"},
                },
                ("kind", "attacker", "target", "amount"),
            )
            for kind in PUSH_KINDS
        ),
        obj({"kind": {"const": "hex_state"}, "at": HEX}, ("kind", "at")),
        obj({"kind": {"const": "summon"}, "summoner": PIECE_ID, "at": HEX}, ("kind", "summoner")),
        obj(
            {
                "kind": {"const": "attack_targets"},
                "attacker": PIECE_ID,
                "attack": character_attack,
                "targets": {"type": "array", "items": PIECE_ID, "description": "a proposed set of targets to judge"},
            },
            ("kind", "attacker"),
        ),
        obj(
            {
                "kind": {"const": "targets"},
                "figure": PIECE_ID,
                "who": {**enum(TARGET_GROUPS), "description": "all enemies or all allies (never the figure itself)"},
                "range": {**ints(1, 20), "description": "1: adjacent"},
            },
            ("kind", "figure", "who"),
        ),
        obj(
            {
                "kind": {"const": "attack"},
                "value": ints(0, 99),
                "target": PIECE_ID,
                **dict.fromkeys(("shield", "pierce"), ints(0, 99)),
                **{key: {"type": "boolean"} for key in ("poisoned", "advantage", "disadvantage")},
                "deck": {
                    "anyOf": [{"const": "standard"}, {"type": "array", "items": {"type": "string"}}],
                    "description": 'the modifier deck: standard, or its cards ("+1", "x2", "null", "+1 stun")',
                },
                **dict.fromkeys(("bless", "curse"), ints(0, 10)),
                "attacker": {**PIECE_ID, "description": "the attacking figure (its range to the target for Retaliate)"},
                "retaliate": {**ints(0, 10), "description": "the target's active Retaliate X"},
                "retaliate_range": {**ints(1, 20), "description": "the Retaliate's Range Y (none: 1)"},
                "distance": {**ints(1, 20), "description": "range from target to attacker (default: from the pieces)"},
                "hit_points": {**ints(1, 99), "description": "the target's HP before the attack"},
                "effects": {**conditions, "description": "conditions the attack gives, after its damage"},
                "drawn": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": 'the two cards drawn with advantage or disadvantage, in order ("+1 stun", "+2")',
                },
            },
            ("kind", "value"),
        ),
        *_effect_queries(),
        *_value_queries(),
    ]
    queries.append(ruling.ruling_schema())
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
            "objects": {"type": "array", "items": map_object},
            "query": {"oneOf": [*queries, *kinds_left(QUERY_KINDS, queries)]},
        },
    )
