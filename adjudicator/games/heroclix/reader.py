"""Reading a HeroClix situation file: the shared Clix reader with HeroClix's own fields (see :mod:`.model`)."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from adjudicator.core.yamlpos import Node
from adjudicator.games.clix import reader
from adjudicator.games.clix.model import Situation
from adjudicator.games.heroclix.model import HEROCLIX


def read_situation(doc: Node, path: Path, shown: str, known_rulesets: Collection[str]) -> Situation:
    """A checked HeroClix situation; a field HeroClix does not have is refused by name."""
    return reader.read_situation(doc, path, shown, known_rulesets, HEROCLIX)
