"""Checked access to the fields of a YAML mapping, for every game's situation reader.

Every accessor records the line of the field it reads and raises a
``PositionedError`` naming the file, the line and the field path.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, NoReturn, cast

from adjudicator.core.errors import PositionedError, Where
from adjudicator.core.yamlpos import Node, is_map, is_seq, item_line, key_line

STAT_RANGES = {"speed": (0, 20), "attack": (0, 20), "defense": (0, 30), "damage": (0, 12), "range": (0, 12)}
"""Allowed range of each dial value."""


def plain(node: Node) -> Any:
    """A YAML node as plain Python data (dicts, lists, scalars)."""
    if is_map(node):
        return {str(k): plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [plain(v) for v in node]
    return node


def fail(shown: str, line: int, field: str, message: str) -> NoReturn:
    """Raise the one error for this file."""
    raise PositionedError(Where(shown, line), f"{field}: {message}")


def describe(value: Node) -> str:
    """A short description of a YAML value for messages."""
    if is_map(value):
        return "a mapping"
    if is_seq(value):
        return "a list"
    if value is None:
        return "nothing"
    return repr(value) if isinstance(value, str) else str(value)


class Fields:
    """One YAML mapping at a field path, with checked accessors recording lines."""

    def __init__(self, shown: str, lines: dict[str, int], node: Node, path: str, line: int) -> None:
        self.shown, self.lines, self.path, self.line0 = shown, lines, path, line
        if not is_map(node):
            fail(shown, line, path, f"expected a mapping of fields, got {describe(node)}")
        self.node: dict[str, Any] = node
        if path:
            lines[path] = line

    def name(self, key: str) -> str:
        """Field path of ``key`` as shown in messages."""
        return f"{self.path}.{key}" if self.path else key

    def line(self, key: str) -> int:
        """Line of ``key`` (recorded), or of the mapping when absent."""
        line = key_line(self.node, key, self.line0)
        self.lines[self.name(key)] = line
        return line

    def fail(self, key: str, message: str) -> NoReturn:
        """Raise an error about field ``key``."""
        fail(self.shown, self.line(key), self.name(key), message)

    def has(self, key: str) -> bool:
        """Whether the field is given."""
        return key in self.node

    def check_keys(self, allowed: Sequence[str], what: str) -> None:
        """Reject any field not in ``allowed``, suggesting the nearest known one."""
        for key in self.node:
            if not isinstance(key, str) or key not in allowed:
                import difflib  # noqa: PLC0415 - only to suggest a name for a misspelt key

                near = difflib.get_close_matches(str(key), allowed, n=1)
                hint = f"did you mean '{near[0]}'?" if near else f"{what} has: {', '.join(allowed)}"
                fail(self.shown, self.line(str(key)), self.name(str(key)), f"unknown field ({hint})")

    def raw(self, key: str, why: str = "") -> Node:
        """The value of a required field."""
        if key not in self.node:
            fail(self.shown, self.line0, self.name(key), f"required field is missing{why}")
        self.line(key)
        return self.node[key]

    def integer(self, key: str, low: int, high: int) -> int:
        """A required whole number in ``low..high``."""
        return check_int(self, key, self.raw(key), low, high)

    def opt_integer(self, key: str, low: int, high: int, default: int | None) -> int | None:
        """An optional whole number in ``low..high``."""
        return check_int(self, key, self.raw(key), low, high) if self.has(key) else default

    def text(self, key: str) -> str:
        """A required non-empty string."""
        value = self.raw(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(key, f"expected text, got {describe(value)} (quote it if it looks like a number)")
        return str(value)

    def choice(self, key: str, options: Collection[str], default: str | None = None) -> str:
        """One of ``options`` (required unless ``default`` is given)."""
        if default is not None and not self.has(key):
            return default
        value = self.raw(key)
        if not isinstance(value, str) or value not in options:
            self.fail(key, f"expected one of {' | '.join(options)}, got {describe(value)}")
        return str(value)

    def flag(self, key: str, default: bool) -> bool:
        """An optional true/false."""
        if not self.has(key):
            return default
        value = self.raw(key)
        if not isinstance(value, bool):
            self.fail(key, f"expected true or false, got {describe(value)}")
        return value

    def seq(self, key: str) -> list[Any]:
        """A required list."""
        value = self.raw(key)
        if not is_seq(value):
            self.fail(key, f"expected a list, got {describe(value)}")
        return cast("list[Any]", value)


def check_int(f: Fields, key: str, value: Node, low: int, high: int, *, alt: str = "") -> int:
    """``value`` as a whole number in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        f.fail(key, f"expected a whole number{alt}, got {describe(value)}")
    if not low <= value <= high:
        f.fail(key, f"{value} is out of range {low}..{high}")
    return int(value)


class DocumentReader:
    """What every game's situation reader shares: the file's name and the line of every field read."""

    def __init__(self, shown: str) -> None:
        self.shown = shown
        self.lines: dict[str, int] = {}

    def fields(self, node: Node, path: str, line: int) -> Fields:
        """Wrap a mapping at ``path``."""
        return Fields(self.shown, self.lines, node, path, line)

    def items(self, f: Fields, key: str) -> list[tuple[str, int, Node]]:
        """``(path, line, item)`` for each item of list field ``key``."""
        seq = f.seq(key)
        line = f.line(key)
        out = []
        for index, item in enumerate(seq):
            path = f"{f.name(key)}[{index}]"
            out.append((path, item_line(seq, index, line), item))
            self.lines[path] = out[-1][1]
        return out

    def read_readings(self, top: Fields) -> dict[str, str]:
        """The ``readings`` mapping of rule id to reading name."""
        value = top.raw("readings")
        if not is_map(value):
            top.fail("readings", f"expected a mapping of rule id to reading name, got {describe(value)}")
        readings: dict[str, str] = {}
        for key, reading in value.items():
            line = key_line(value, key, top.line("readings"))
            self.lines[f"readings.{key}"] = line
            if not isinstance(key, str) or not isinstance(reading, str) or not reading.strip():
                fail(
                    self.shown,
                    line,
                    f"readings.{key}",
                    f"expected a rule id mapped to a reading name, got {describe(reading)}",
                )
            readings[key] = reading
        return readings
