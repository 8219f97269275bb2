"""Writing situation files: the YAML layout every game's writer uses (one-line mappings and lists)."""

from __future__ import annotations

import io
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq


def flow_map(items: dict[str, Any]) -> CommentedMap:
    """A YAML mapping written on one line."""
    node = CommentedMap(items)
    node.fa.set_flow_style()
    return node


def flow_seq(items: list[Any]) -> CommentedSeq:
    """A YAML list written on one line."""
    node = CommentedSeq(items)
    node.fa.set_flow_style()
    return node


def render(doc: CommentedMap) -> str:
    """A situation document as YAML text (round-trip writer, no line folding)."""
    yaml = YAML(typ="rt")
    yaml.width = 4096
    stream = io.StringIO()
    yaml.dump(doc, stream)
    return stream.getvalue()
