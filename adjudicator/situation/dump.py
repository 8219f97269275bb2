"""Write a situation back as YAML that ``load_situation`` reads to an equal value."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from adjudicator.situation.model import (
    DEFAULT_BUILD_TOTAL,
    ActionQuery,
    AttackQuery,
    Endpoint,
    EndTurnQuery,
    LineOfFireQuery,
    MoveQuery,
    Piece,
    Query,
    ReachQuery,
    Situation,
    ValueQuery,
)
from adjudicator.spaces.base import MapText, SpaceId


def _flow(items: dict[str, Any]) -> CommentedMap:
    """A YAML mapping written on one line."""
    node = CommentedMap(items)
    node.fa.set_flow_style()
    return node


def _flow_seq(items: list[Any]) -> CommentedSeq:
    """A YAML list written on one line."""
    node = CommentedSeq(items)
    node.fa.set_flow_style()
    return node


def _yaml(value: Any) -> Any:
    """A plain map field as YAML: lists on one line, map text double-quoted."""
    if isinstance(value, list):
        return _flow_seq([_yaml(item) for item in value])
    if isinstance(value, MapText):
        return DoubleQuotedScalarString(value)
    return value


def _dump_map(s: Situation) -> CommentedMap:
    """The ``map`` section."""
    out = CommentedMap()
    out["kind"] = s.map_kind
    for key, value in s.board.map_fields(s.map_kind).items():
        out[key] = _yaml(value)
    return out


def _dump_piece(piece: Piece, name: Callable[[SpaceId], str]) -> CommentedMap:
    """One piece, leaving out fields at their defaults."""
    at: Any = name(piece.at[0]) if len(piece.at) == 1 else _flow_seq([name(sq) for sq in piece.at])
    out: dict[str, Any] = {"id": piece.id, "type": piece.type}
    if piece.is_token:
        return _flow({**out, "at": at, "speed": piece.speed, "face": piece.face})
    out |= {"player": piece.player}
    if piece.owner != piece.player:
        out["owner"] = piece.owner
    out |= {"at": at, "speed": piece.speed, "attack": piece.attack, "defense": piece.defense}
    out |= {"damage": piece.damage, "range": piece.range, "targets": piece.targets}
    if piece.points is not None:
        out["points"] = piece.points
    out["move"] = piece.move
    defaults: dict[str, Any] = {"flight": None, "size": "standard", "tokens": 0, "victims": 0, "minion": False}
    defaults["state"] = "normal"
    out |= {key: getattr(piece, key) for key, default in defaults.items() if getattr(piece, key) != default}
    return _flow(out)


def _endpoint(end: Endpoint, name: Callable[[SpaceId], str]) -> str:
    """A line-of-fire end as written."""
    return end if isinstance(end, str) else name(end)


def _dump_query(query: Query, name: Callable[[SpaceId], str]) -> CommentedMap:  # noqa: PLR0911 - one return per query kind
    """The ``query`` section."""
    out: dict[str, Any] = {"kind": query.kind}
    if isinstance(query, ActionQuery):
        said = {
            name: getattr(query, name)
            for name in ("acted_this_turn", "actions_left", "free_action_granted")
            if getattr(query, name) is not None
        }
        return _flow({**out, "piece": query.piece, "action": query.action, **said})
    if isinstance(query, MoveQuery):
        to: Any = name(query.to) if query.to_also is None else [name(query.to), name(query.to_also)]
        out |= {"piece": query.piece, "to": to}
        out |= {"die": query.die} if query.die is not None else {}
        return _flow({**out, "frenzy": True} if query.frenzy else out)
    if isinstance(query, ReachQuery):
        return _flow({**out, "piece": query.piece} | ({"die": query.die} if query.die is not None else {}))
    if isinstance(query, LineOfFireQuery):
        return _flow({**out, "from": _endpoint(query.from_, name), "to": _endpoint(query.to, name)})
    if isinstance(query, AttackQuery):
        out |= {"piece": query.piece, "type": query.type, "targets": _flow_seq(list(query.targets))}
        out |= {"roll": _flow_seq(list(query.roll))} if query.roll is not None else {}
        return _flow({**out, "divide": _flow(dict(query.divide))} if query.divide is not None else out)
    if isinstance(query, ValueQuery):
        effects = [_flow({e.op: True if e.op == "halve" else e.n}) for e in query.effects]
        return _flow({**out, "piece": query.piece, "stat": query.stat, "effects": _flow_seq(effects)})
    if isinstance(query, EndTurnQuery):
        return _flow({**out, "player": query.player, "acted": _flow_seq(list(query.acted))})
    events = [_flow({"kill": e.kill, "by_player": e.by_player, "phase": e.phase}) for e in query.events]
    return _flow({**out, "events": _flow_seq(events)})


def dump_situation(s: Situation) -> str:
    """The situation as YAML that ``load_situation`` reads back to an equal value."""
    doc = CommentedMap()
    doc["ruleset"] = s.ruleset
    if s.build_total != DEFAULT_BUILD_TOTAL:
        doc["build_total"] = s.build_total
    if s.scenario is not None:
        doc["scenario"] = s.scenario
    doc["map"] = _dump_map(s)
    name = s.board.name
    doc["pieces"] = [_dump_piece(piece, name) for piece in s.pieces]
    if s.objects:
        doc["objects"] = [
            _flow({"type": o.type, "at": name(o.at)} | ({"door": o.door} if o.door else {})) for o in s.objects
        ]
    doc["query"] = _dump_query(s.query, name)
    if s.facts:
        doc["query"]["facts"] = _flow(dict(s.facts))
    if s.readings:
        doc["readings"] = dict(s.readings)
    yaml = YAML(typ="rt")
    yaml.width = 4096
    stream = io.StringIO()
    yaml.dump(doc, stream)
    return stream.getvalue()
