"""Field tables of a game's situation file, generated from the JSON Schema the judge checks files against.

The per-game situation-format pages (``docs/situations/<game>.rst``) include
``reference/generated/_fields/<game>.inc``; the prose around the tables is
written by hand, the tables themselves come from
:func:`adjudicator.judge.situation_schema`, so a field the reader accepts is
never missing from the docs.
"""

from __future__ import annotations

from typing import Any

from adjudicator.docgen.rst import esc, heading, lit, table
from adjudicator.games import games

GAMES = tuple(g.id for g in games())
"""The games whose situation files are documented (the registry's, in its order)."""
SKIP = {"expect"}  # the expected answer of an example file: documented with the rulings, not a judge's field


def describe(schema: dict[str, Any]) -> str:
    """The values a schema allows, in words (reStructuredText)."""
    if "const" in schema or "enum" in schema:
        values = schema["enum"] if "enum" in schema else [schema["const"]]
        return " | ".join(lit("null" if v is None else v) for v in values)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(describe(s) for s in schema[key])
    kind = schema.get("type")
    if kind == "array":
        items = schema.get("items", {})
        return "list of " + (describe(items) if isinstance(items, dict) else "values")
    if kind == "object" or "properties" in schema:
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and not schema.get("properties"):
            return f"mapping of name to {describe(extra)}"
        return "mapping (fields below)"
    return _scalar(schema)


def _scalar(schema: dict[str, Any]) -> str:
    """A number, a yes/no, a square or text, in words."""
    kind = schema.get("type")
    if kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        return f"whole number {low} to {high}" if low is not None and high is not None else "whole number"
    if kind == "string":
        return "a square (``C3``)" if "[A-Z]+[1-9]" in schema.get("pattern", "") else "text"
    words = {"number": "number", "boolean": "``true`` | ``false``", "null": lit("null")}
    return words.get(str(kind), "any value")


def _object_of(schema: dict[str, Any]) -> dict[str, Any] | None:
    """The object schema a field holds (itself, its list's items, or an object among its alternatives)."""
    if schema.get("properties"):
        return schema
    items = schema.get("items")
    if schema.get("type") == "array" and isinstance(items, dict):
        return _object_of(items)
    for key in ("anyOf", "oneOf"):
        for alternative in schema.get(key, []):
            found = _object_of(alternative)
            if found is not None:
                return found
    return None


def rows(schema: dict[str, Any], prefix: str = "") -> list[list[str]]:
    """One row per field of an object schema, nested objects flattened (``map.terrain``, ``pieces[].at``)."""
    required = set(schema.get("required", []))
    out: list[list[str]] = []
    for name, field in schema.get("properties", {}).items():
        if name in SKIP:
            continue
        path = f"{prefix}{name}"
        out.append([lit(path), describe(field), "yes" if name in required else "", esc(field.get("description", ""))])
        inner = _object_of(field)
        if inner is not None and name != "query":
            mark = "[]" if field.get("type") == "array" else ""
            out += rows(inner, f"{path}{mark}.")
    return out


def queries(schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Each query kind with its object schema, in the schema's order."""
    query = schema.get("properties", {}).get("query", {})
    out = []
    for alternative in query.get("oneOf", [query]):
        kind = alternative.get("properties", {}).get("kind", {})
        if "const" in kind:
            out.append((str(kind["const"]), alternative))
    return out


def fields_include(game: str) -> str:
    """The field tables of a game's situation file: the file, then one table per query kind."""
    from adjudicator.judge import situation_schema  # noqa: PLC0415 - the judge imports every game

    schema = situation_schema(game)
    header = ["Field", "Values", "Required", "Meaning"]
    lines = [
        heading("Every field", "-"),
        (
            f"Generated from the JSON Schema that ``adjudicator ask`` checks a file against "
            f"(``adjudicator schema {game}`` prints it). A field not listed is refused by name."
        ),
        "",
        *table(header, rows(schema), caption="The file", widths="24 30 10 36"),
        heading("Query fields", "-"),
        "One table per query kind: ``query.kind`` names the kind, the other fields follow.",
        "",
    ]
    for kind, alternative in queries(schema):
        body = [r for r in rows(alternative, "query.") if r[0] != lit("query.kind")]
        lines += [heading(lit(kind), "~"), *table(header, body or [["(none)", "", "", ""]], widths="24 30 10 36")]
    return "\n".join(lines)
