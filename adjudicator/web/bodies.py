"""Reading request bodies safely: a size limit, UTF-8 only, and checks done before any parsing by the reader.

A situation arrives as YAML or JSON text. The server never names a file from
a request: errors name the body as :data:`SHOWN` (``situation.yaml``), in the
same ``file:line: field: message`` form as the CLI. :func:`check_document`
runs in the worker, before the situation reader: it refuses YAML aliases
(a few hundred bytes of aliases can expand to gigabytes) and maps larger
than :data:`MAX_SIDE` on a side.
"""

from __future__ import annotations

import json
from typing import Any

import yaml
from starlette.requests import Request

from adjudicator.core.errors import PositionedError, Where
from adjudicator.core.yamlpos import Node, is_map, is_seq, key_line

MAX_BODY = 256 * 1024
"""Bytes a request body may have."""
MAX_SIDE = 64
"""Squares or hexes on a side of a map, and rooms in a house (a tournament map is 24 by 24 at most)."""
MAX_ROOMS = 200
SHOWN = "situation.yaml"
"""The name errors give to a situation sent in a request."""

HTTP_BAD_REQUEST = 400
HTTP_TOO_LARGE = 413
HTTP_UNSUPPORTED = 415


class BadBody(Exception):
    """A request body refused before any reading: status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


async def read_limited(request: Request, limit: int = MAX_BODY) -> bytes:
    """The body, or :class:`BadBody` (413) as soon as it passes ``limit`` bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise BadBody(HTTP_TOO_LARGE, f"the body has {declared} bytes; the limit is {limit}")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BadBody(HTTP_TOO_LARGE, f"the body passes the limit of {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def situation_text(raw: bytes, content_type: str) -> str:
    """The body as text: UTF-8, not empty; a JSON body (by its content type) must be valid JSON."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise BadBody(HTTP_BAD_REQUEST, f"{SHOWN}:{line}: body: not UTF-8 text (byte {exc.start})") from None
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise BadBody(HTTP_BAD_REQUEST, f"{SHOWN}:1: body: empty: send a situation as YAML or JSON")
    kind = content_type.split(";", 1)[0].strip().lower()
    if kind == "application/json" or kind.endswith("+json"):
        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadBody(HTTP_BAD_REQUEST, f"{SHOWN}:{exc.lineno}: body: JSON syntax error: {exc.msg}") from None
    elif kind and not _textual(kind):
        raise BadBody(HTTP_UNSUPPORTED, f"send YAML or JSON text, not {kind}")
    return text


def _textual(kind: str) -> bool:
    """Content types that may carry a situation as YAML text."""
    return kind.startswith("text/") or "yaml" in kind or kind in {"application/octet-stream", "*/*"}


def check_document(text: str, shown: str) -> None:
    """Refuse aliases and oversized maps (in the worker, before the situation reader)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.AliasEvent):
                line = event.start_mark.line + 1 if event.start_mark else 1
                raise PositionedError(Where(shown, line), "body: YAML aliases (*name) are not accepted here")
    except yaml.YAMLError:
        return  # the reader reports the syntax error, with the CLI's words
    from adjudicator.core.yamlpos import parse_yaml  # noqa: PLC0415 - the reader's parser, positions kept

    doc = parse_yaml(text, shown)
    if not is_map(doc):
        return
    _check_rows(doc.get("map"), "map", shown)
    house = doc.get("house")
    if is_map(house) and is_seq(house.get("rooms")) and len(house["rooms"]) > MAX_ROOMS:
        line = key_line(house, "rooms", 1)
        raise PositionedError(Where(shown, line), f"house.rooms: {len(house['rooms'])} rooms; at most {MAX_ROOMS}")


def _check_rows(board: Node, where: str, shown: str) -> None:
    """Every row list of a map has at most :data:`MAX_SIDE` rows of at most :data:`MAX_SIDE` cells."""
    if not is_map(board):
        return
    for key, value in board.items():
        if not is_seq(value) or not all(isinstance(row, str) for row in value):
            continue
        line = key_line(board, key, 1)
        widest = max((len(row.replace(" ", "")) for row in value), default=0)
        if len(value) > MAX_SIDE or widest > MAX_SIDE:
            size = f"{widest} by {len(value)}"
            raise PositionedError(Where(shown, line), f"{where}.{key}: the map is {size}; at most {MAX_SIDE} a side")


def error_document(status: int, text: str, **extra: Any) -> dict[str, Any]:
    """The JSON of every error answer."""
    return {"error": text, "status": status, **extra}
