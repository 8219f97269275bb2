"""Read YAML while keeping the line of every key and item.

Both the spec loader and the situation loader use this, so that every error
can name ``file:line``. Parsing uses libyaml through PyYAML's C composer (the
spec is read on every ``ask``), with YAML 1.2 scalars: only ``true``/``false``
are booleans, so ``no``, ``on`` or ``off`` stay strings as in YAML 1.2.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from adjudicator.core.errors import PositionedError, Where

Node = Any  # a PosMap, PosList or scalar


class PosMap(dict[Any, Any]):
    """A mapping that remembers the line of itself, of each key and of each value."""

    line: int = 1
    key_lines: dict[Any, int]


class PosList(list[Any]):
    """A sequence that remembers the line of itself and of each item."""

    line: int = 1
    item_lines: list[int]


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Yaml12Loader(_Loader):  # type: ignore[misc,valid-type]
    """Safe loading with YAML 1.2 core-schema booleans, nulls and numbers."""


_Yaml12Loader.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in (
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", "~nN"),
    ("tag:yaml.org,2002:int", r"^[-+]?[0-9]+$", "-+0123456789"),
    ("tag:yaml.org,2002:float", r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$", "-+.0123456789"),
):
    _Yaml12Loader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))
_Yaml12Loader.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^$"), [""])


class _Builder:
    """Turns composed nodes into PosMap / PosList / scalars."""

    def __init__(self) -> None:
        self.constructor = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node) -> Any:
        if isinstance(node, yaml.MappingNode):
            out = PosMap()
            out.line = node.start_mark.line + 1
            out.key_lines = {}
            for key_node, value_node in node.value:
                key = self.build(key_node)
                out[key] = self.build(value_node)
                out.key_lines[key] = key_node.start_mark.line + 1
            return out
        if isinstance(node, yaml.SequenceNode):
            seq = PosList(self.build(item) for item in node.value)
            seq.line = node.start_mark.line + 1
            seq.item_lines = [item.start_mark.line + 1 for item in node.value]
            return seq
        return self.constructor.construct_object(node, deep=True)


def load_yaml(path: Path, shown: str) -> Node:
    """Parse ``path``; syntax errors become a positioned error naming ``shown``."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PositionedError(Where(shown, 1), f"cannot read file: {exc.strerror}") from exc
    return parse_yaml(text, shown)


def parse_yaml(text: str, shown: str) -> Node:
    """Parse YAML text (see :func:`load_yaml`)."""
    try:
        node = yaml.compose(text, Loader=_Yaml12Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        problem = exc.problem or exc.context or "invalid YAML"
        raise PositionedError(Where(shown, line), f"YAML syntax error: {problem}") from exc
    except yaml.YAMLError as exc:
        raise PositionedError(Where(shown, 1), f"YAML error: {exc}") from exc
    if node is None:
        return None
    try:
        return _Builder().build(node)
    except yaml.constructor.ConstructorError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark is not None else 1
        raise PositionedError(Where(shown, line), f"YAML error: {exc.problem}") from exc


def key_line(node: Node, key: str, default: int) -> int:
    """1-based line of ``key`` in mapping ``node`` (or ``default``)."""
    if isinstance(node, PosMap):
        return node.key_lines.get(key, default)
    return default


def node_line(node: Node, default: int) -> int:
    """1-based line where a mapping or sequence starts (or ``default``)."""
    if isinstance(node, PosMap | PosList):
        return node.line
    return default


def item_line(seq: Node, index: int, default: int) -> int:
    """1-based line of item ``index`` of sequence ``seq``."""
    if isinstance(seq, PosList) and 0 <= index < len(seq.item_lines):
        return seq.item_lines[index]
    return default


def is_map(node: Node) -> bool:
    """Whether ``node`` is a YAML mapping."""
    return isinstance(node, dict)


def is_seq(node: Node) -> bool:
    """Whether ``node`` is a YAML sequence."""
    return isinstance(node, list)
