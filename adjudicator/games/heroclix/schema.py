"""The JSON Schema of a HeroClix situation file: the Clix schema with HeroClix's own fields."""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.games.clix import schema
from adjudicator.games.heroclix.model import HEROCLIX
from adjudicator.situation.schema import Schema


def situation_schema(rulesets: Collection[str]) -> Schema:
    """The schema of a HeroClix situation file under one of ``rulesets``."""
    return schema.situation_schema(HEROCLIX, rulesets)
