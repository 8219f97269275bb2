"""The JSON Schema of a HorrorClix situation file: the Clix schema with HorrorClix's own fields."""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.games.clix import schema
from adjudicator.games.horrorclix.model import HORRORCLIX
from adjudicator.situation.schema import Schema


def situation_schema(rulesets: Collection[str]) -> Schema:
    """The schema of a HorrorClix situation file under one of ``rulesets``."""
    return schema.situation_schema(HORRORCLIX, rulesets)
