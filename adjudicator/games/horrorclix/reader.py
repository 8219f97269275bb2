"""Reading a HorrorClix situation file: the shared Clix reader with HorrorClix's own fields (see :mod:`.model`)."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from adjudicator.core.yamlpos import Node
from adjudicator.games.clix import reader
from adjudicator.games.clix.model import Situation
from adjudicator.games.horrorclix.model import HORRORCLIX


def read_situation(doc: Node, path: Path, shown: str, known_rulesets: Collection[str]) -> Situation:
    """A checked HorrorClix situation; a field HorrorClix does not have is refused by name."""
    return reader.read_situation(doc, path, shown, known_rulesets, HORRORCLIX)
