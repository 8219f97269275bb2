"""The JSON Schema of a Pawns and Squares situation file."""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.situation.schema import PIECE_ID, PLACE, Schema, document, obj, rows
from tests.toygame.model import MAP_CHARS


def situation_schema(rulesets: Collection[str]) -> Schema:
    """The schema of a situation file under one of ``rulesets``."""
    pawn = obj({"id": PIECE_ID, "at": PLACE}, ("id", "at"))
    query = obj({"kind": {"const": "step"}, "pawn": PIECE_ID, "to": PLACE}, ("kind", "pawn", "to"))
    properties = {
        "map": rows(MAP_CHARS, ". an open square, # a blocking one"),
        "pawns": {"type": "array", "items": pawn},
        "query": query,
    }
    return document("toygame", "Pawns and Squares", rulesets, properties)
