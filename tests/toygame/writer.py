"""Writing a Pawns and Squares situation back as YAML that its reader reads to an equal situation."""

from __future__ import annotations

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from adjudicator.situation.yamlwrite import flow_map, render
from tests.toygame.model import Situation


def dump_situation(situation: Situation) -> str:
    """The situation as YAML."""
    board = situation.board
    doc = CommentedMap()
    doc["ruleset"] = situation.ruleset
    doc["map"] = [DoubleQuotedScalarString(row) for row in board.map_fields("outdoor")["terrain"]]
    doc["pawns"] = [flow_map({"id": p.id, "at": board.name(p.at)}) for p in situation.pawns]
    doc["query"] = flow_map({"kind": "step", "pawn": situation.query.pawn, "to": board.name(situation.query.to)})
    if situation.readings:
        doc["readings"] = dict(situation.readings)
    return render(doc)
