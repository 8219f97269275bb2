"""Write a Clix situation back as YAML that its game's reader reads to an equal value."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from adjudicator.games.clix.model import (
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
from adjudicator.situation import ruling
from adjudicator.situation.ruling import RulingQuery
from adjudicator.situation.yamlwrite import flow_map, flow_seq, render
from adjudicator.spaces.base import MapText, SpaceId


def _yaml(value: Any) -> Any:
    """A plain map field as YAML: lists on one line, map text double-quoted."""
    if isinstance(value, list):
        return flow_seq([_yaml(item) for item in value])
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
    at: Any = name(piece.at[0]) if len(piece.at) == 1 else flow_seq([name(sq) for sq in piece.at])
    out: dict[str, Any] = {"id": piece.id, "type": piece.type}
    if piece.is_token:
        return flow_map({**out, "at": at, "speed": piece.speed, "face": piece.face})
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
    return flow_map(out)


def _endpoint(end: Endpoint, name: Callable[[SpaceId], str]) -> str:
    """A line-of-fire end as written."""
    return end if isinstance(end, str) else name(end)


def _dump_query(query: Query, name: Callable[[SpaceId], str], phases: bool) -> CommentedMap:  # noqa: PLR0911 - one return per query kind
    """The ``query`` section."""
    out: dict[str, Any] = {"kind": query.kind}
    if isinstance(query, ActionQuery):
        said = {
            name: getattr(query, name)
            for name in ("acted_this_turn", "actions_left", "free_action_granted")
            if getattr(query, name) is not None
        }
        return flow_map({**out, "piece": query.piece, "action": query.action, **said})
    if isinstance(query, MoveQuery):
        to: Any = name(query.to) if query.to_also is None else [name(query.to), name(query.to_also)]
        out |= {"piece": query.piece, "to": to}
        out |= {"die": query.die} if query.die is not None else {}
        return flow_map({**out, "frenzy": True} if query.frenzy else out)
    if isinstance(query, ReachQuery):
        return flow_map({**out, "piece": query.piece} | ({"die": query.die} if query.die is not None else {}))
    if isinstance(query, LineOfFireQuery):
        return flow_map({**out, "from": _endpoint(query.from_, name), "to": _endpoint(query.to, name)})
    if isinstance(query, AttackQuery):
        out |= {"piece": query.piece, "type": query.type, "targets": flow_seq(list(query.targets))}
        out |= {"roll": flow_seq(list(query.roll))} if query.roll is not None else {}
        return flow_map({**out, "divide": flow_map(dict(query.divide))} if query.divide is not None else out)
    if isinstance(query, ValueQuery):
        effects = [flow_map({e.op: True if e.op == "halve" else e.n}) for e in query.effects]
        return flow_map({**out, "piece": query.piece, "stat": query.stat, "effects": flow_seq(effects)})
    if isinstance(query, EndTurnQuery):
        return flow_map({**out, "player": query.player, "acted": flow_seq(list(query.acted))})
    if isinstance(query, RulingQuery):
        said = ruling.dump_ruling(query)
        return flow_map(said | ({"facts": flow_map(said["facts"])} if "facts" in said else {}))
    events = [
        flow_map({"kill": e.kill, "by_player": e.by_player} | ({"phase": e.phase} if phases else {}))
        for e in query.events
    ]
    return flow_map({**out, "events": flow_seq(events)})


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
            flow_map({"type": o.type, "at": name(o.at)} | ({"door": o.door} if o.door else {})) for o in s.objects
        ]
    doc["query"] = _dump_query(s.query, name, "phase" in s.game.fields.score_event)
    if s.facts:
        doc["query"]["facts"] = flow_map(dict(s.facts))
    if s.readings:
        doc["readings"] = dict(s.readings)
    return render(doc)
