"""Each game's JSON Schema offers exactly the fields its situation reader accepts.

The judge's page builds its editor from the schema (``GET /api/schema/{game}``):
a field the schema offers but the reader refuses would be a trap on the page,
and a field the reader takes but the schema lacks could not be edited. For each
game, each query kind and each item list (pieces, rooms, map objects), a field
the schema offers is added to a real example with a schema-valid value: the
reader may refuse the value for what the board says, but never the field as
unknown. A made-up field is refused at the same place, so the check is live.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import yaml

from adjudicator.core.errors import PositionedError
from adjudicator.games.registry import game_of
from adjudicator.judge import load_situation_text, situation_schema
from tests.conftest import ROOT

GAMES = ("horrorclix", "heroclix", "gloomhaven", "betrayal")
BOARD = {"betrayal": "house"}
UNKNOWN = "zz_not_a_field"


def _examples() -> dict[str, list[dict[str, Any]]]:
    """Every example under ``examples/``, by game."""
    out: dict[str, list[dict[str, Any]]] = {game: [] for game in GAMES}
    for path in sorted((ROOT / "examples").rglob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(doc, dict) or not isinstance(doc.get("ruleset"), str):
            continue
        game = game_of(doc["ruleset"]).id
        if game in out:
            doc.pop("expect", None)
            out[game].append(doc)
    return out


EXAMPLES = _examples()


def variants(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The alternatives of a ``oneOf``/``anyOf`` schema (itself when it has none)."""
    return schema.get("oneOf") or schema.get("anyOf") or [schema]


def _integer(schema: dict[str, Any]) -> int:
    """A whole number in the schema's range, 1 where it may be."""
    low, high = schema.get("minimum", 0), schema.get("maximum", 1)
    return 1 if low <= 1 <= high else int(low)


SIMPLE: dict[str, Any] = {"number": 1, "boolean": True, "null": None}


def sample(schema: dict[str, Any]) -> Any:
    """A value the schema allows (the first of every choice)."""
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    if "oneOf" in schema or "anyOf" in schema:
        return sample(variants(schema)[0])
    kind = schema.get("type")
    makers: dict[str, Callable[[], Any]] = {
        "integer": lambda: _integer(schema),
        "string": lambda: "A1" if "A-Z" in schema.get("pattern", "") else "x",
        "array": lambda: [sample(schema.get("items", {})) for _ in range(schema.get("minItems", 0))],
        "object": lambda: {name: sample(schema["properties"][name]) for name in schema.get("required", [])},
    }
    if kind in makers:
        return makers[kind]()
    return SIMPLE.get(str(kind), "x")


def refused_as_unknown(doc: dict[str, Any], field: str) -> str | None:
    """The reader's message when it refuses ``field`` of ``doc`` as unknown, else None."""
    try:
        load_situation_text(yaml.safe_dump(doc, sort_keys=False), "situation.yaml")
    except PositionedError as exc:
        said = exc.message
        if f"{field}: unknown field" in said or f"{field}: not a " in said:
            return said
    return None


Path = list[str | int]
"""Keys and indexes from the document to a mapping in it."""


def places(game: str) -> Iterator[tuple[str, dict[str, Any], Path, dict[str, Any]]]:
    """``(label, base document, path to a mapping, its schema)`` for every mapping the editor edits."""
    schema = situation_schema(game)
    docs = EXAMPLES[game]
    assert docs, f"no example of {game}"
    base = docs[0]
    yield "top level", base, [], schema
    board = BOARD.get(game, "map")
    yield board, base, [board], schema["properties"][board]
    if game == "betrayal":
        yield "a room", base, ["house", "rooms", 0], schema["properties"]["house"]["properties"]["rooms"]["items"]
    with_haunt = next((d for d in docs if isinstance(d.get("haunt"), dict)), None)
    if with_haunt is not None:
        yield "the haunt", with_haunt, ["haunt"], schema["properties"]["haunt"]
    for piece_schema in variants(schema["properties"]["pieces"]["items"]):
        kinds = piece_schema["properties"]["type"]
        types = kinds.get("enum") or [kinds.get("const")]
        doc = next((d for d in docs for p in d.get("pieces", []) if p.get("type") in types), None)
        if doc is None:
            continue
        index = next(i for i, p in enumerate(doc["pieces"]) if p.get("type") in types)
        yield f"a {types[0]} piece", doc, ["pieces", index], piece_schema
    if "objects" in schema["properties"]:
        for object_schema in variants(schema["properties"]["objects"]["items"]):
            kinds = object_schema["properties"]["type"]
            types = kinds.get("enum") or [kinds.get("const")]
            found = [(d, i) for d in docs for i, o in enumerate(d.get("objects", [])) if o.get("type") in types]
            if found:
                yield f"a {types[0]} object", found[0][0], ["objects", found[0][1]], object_schema
    for query in variants(schema["properties"]["query"]):
        kind = query["properties"]["kind"]["const"]
        doc = next((d for d in docs if d.get("query", {}).get("kind") == kind), None)
        if doc is None:
            doc = {**base, "query": {"kind": kind}}
        yield f"a {kind} query", doc, ["query"], query


def at(doc: Any, path: Path) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def cases() -> Iterator[Any]:
    for game in GAMES:
        for label, doc, path, schema in places(game):
            yield pytest.param(game, doc, path, schema, id=f"{game}: {label}")


@pytest.mark.parametrize(("game", "doc", "path", "schema"), list(cases()))
def test_every_offered_field_is_read(game: str, doc: dict[str, Any], path: Path, schema: dict[str, Any]) -> None:
    """Each property the schema offers here is taken by the reader; a made-up one is refused here."""
    assert schema.get("additionalProperties") is False, "the schema must list its fields (closed)"
    probe = copy.deepcopy(doc)
    at(probe, path)[UNKNOWN] = 1
    assert refused_as_unknown(probe, UNKNOWN), f"{game}: a made-up field is not refused at {path}"
    refused = {}
    for field, field_schema in schema.get("properties", {}).items():
        if field in ("ruleset", "kind"):
            continue
        probe = copy.deepcopy(doc)
        target = at(probe, path)
        if field not in target:
            target[field] = sample(field_schema)
        said = refused_as_unknown(probe, field)
        if said:
            refused[field] = said
    assert not refused, f"{game} {path}: the schema offers fields the reader refuses: {refused}"


def test_clix_facts_only_where_the_game_reads_them() -> None:
    """HorrorClix queries take no assumed ``facts`` (every fact comes from the board); HeroClix's do.

    A ``ruling`` query's ``facts`` are the decision's own (every game has it), not facts the game assumes.
    """
    for query in variants(situation_schema("horrorclix")["properties"]["query"]):
        if query["properties"]["kind"]["const"] == "ruling":
            continue
        assert "facts" not in query["properties"]
    for query in variants(situation_schema("heroclix")["properties"]["query"]):
        assert "facts" in query["properties"]
    assert "scenario" not in situation_schema("heroclix")["properties"]
    assert {"haunt"} <= set(situation_schema("betrayal")["properties"])
    assert {"scenario_level"} <= set(situation_schema("gloomhaven")["properties"])
    assert {"build_total", "scenario", "readings"} <= set(situation_schema("horrorclix")["properties"])
