"""Writing a HeroClix situation back as YAML (the shared Clix writer: it writes only fields the situation sets)."""

from __future__ import annotations

from adjudicator.games.clix import writer
from adjudicator.games.clix.model import Situation


def dump_situation(situation: Situation) -> str:
    """The situation as YAML that :func:`adjudicator.games.heroclix.reader.read_situation` reads to an equal value."""
    return writer.dump_situation(situation)
