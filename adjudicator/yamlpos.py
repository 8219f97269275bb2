"""Read YAML while keeping the line of every key and item.

Both the spec loader and the situation loader use this, so that every error
can name ``file:line``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError

from adjudicator.errors import PositionedError, Where

Node = Any  # a CommentedMap, CommentedSeq or scalar from ruamel.yaml


def load_yaml(path: Path, shown: str) -> Node:
    """Parse ``path``; syntax errors become a positioned error naming ``shown``."""
    yaml = YAML(typ="rt")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PositionedError(Where(shown, 1), f"cannot read file: {exc.strerror}") from exc
    try:
        return yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        problem = exc.problem or exc.context or "invalid YAML"
        raise PositionedError(Where(shown, line), f"YAML syntax error: {problem}") from exc


def key_line(node: Node, key: str, default: int) -> int:
    """1-based line of ``key`` in mapping ``node`` (or ``default``)."""
    if isinstance(node, CommentedMap) and key in node:
        try:
            return int(node.lc.key(key)[0]) + 1
        except (KeyError, TypeError):
            return default
    return default


def node_line(node: Node, default: int) -> int:
    """1-based line where a mapping or sequence starts (or ``default``)."""
    if isinstance(node, CommentedMap | CommentedSeq):
        return int(node.lc.line) + 1
    return default


def item_line(seq: Node, index: int, default: int) -> int:
    """1-based line of item ``index`` of sequence ``seq``."""
    if isinstance(seq, CommentedSeq):
        try:
            return int(seq.lc.item(index)[0]) + 1
        except (KeyError, TypeError, IndexError):
            return default
    return default


def is_map(node: Node) -> bool:
    """Whether ``node`` is a YAML mapping."""
    return isinstance(node, dict)


def is_seq(node: Node) -> bool:
    """Whether ``node`` is a YAML sequence."""
    return isinstance(node, list)
