"""Write a Gloomhaven situation back as YAML that its reader reads to an equal value.

The game's writer part (``GAME.situations.write``, see :class:`adjudicator.games.registry.Game`).
Fields at their defaults are left out; map and area rows and attack-modifier
cards are double-quoted (``...`` or ``+1`` would otherwise read as something else).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from adjudicator.games.gloomhaven.model import (
    CONDITIONS,
    Area,
    AttackQuery,
    AttackTargetsQuery,
    CardAttacksQuery,
    ElementsQuery,
    Endpoint,
    HealQuery,
    HexStateQuery,
    InitiativeQuery,
    LineOfSightQuery,
    LongRestQuery,
    MonsterAttack,
    MonsterTurnQuery,
    MoveQuery,
    Piece,
    PushQuery,
    Query,
    RangeQuery,
    ScenarioLevelQuery,
    Situation,
    SummonQuery,
    TargetsQuery,
    Token,
    Trap,
)
from adjudicator.situation import ruling
from adjudicator.situation.ruling import RulingQuery
from adjudicator.situation.yamlwrite import flow_map, flow_seq, render
from adjudicator.spaces.hex import HexSpace

MapQuery = PushQuery | HexStateQuery | SummonQuery | TargetsQuery | AttackTargetsQuery
"""The queries :func:`_map_query` writes."""


def _number(value: Fraction) -> int | float:
    """An initiative as written: a whole number, or the decimal the reader read (``35.5``)."""
    return value.numerator if value.denominator == 1 else float(value)


def _conditions(conditions: frozenset[str] | tuple[str, ...]) -> CommentedSeq:
    """Conditions in the contract's order (a piece's are a set)."""
    ordered = conditions if isinstance(conditions, tuple) else [c for c in CONDITIONS if c in conditions]
    return flow_seq(list(ordered))


def _piece(piece: Piece, board: HexSpace) -> CommentedMap:
    """One figure, leaving out fields at their defaults."""
    out: dict[str, Any] = {"id": piece.id, "type": piece.type, "at": board.name(piece.at)}
    if piece.initiative is not None:
        out["initiative"] = _number(piece.initiative)
    if piece.owner is not None:
        out["owner"] = piece.owner
    if piece.rank != "normal":
        out["rank"] = piece.rank
    if piece.flying:
        out["flying"] = True
    if piece.conditions:
        out["conditions"] = _conditions(piece.conditions)
    if piece.shield:
        out["shield"] = piece.shield
    return flow_map(out)


def _trap(trap: Trap | Token, board: HexSpace) -> CommentedMap:
    """One ``objects`` entry."""
    out: dict[str, Any] = {"type": trap.type, "at": board.name(trap.at)}
    if isinstance(trap, Token):
        return flow_map(out if trap.name is None else {**out, "name": trap.name})
    if trap.damage is not None:
        out["damage"] = trap.damage
    if trap.conditions:
        out["conditions"] = _conditions(trap.conditions)
    return flow_map(out)


def _end(end: Endpoint, board: HexSpace) -> str:
    """A line or range end: a piece id as is, a hex by its name."""
    return end if isinstance(end, str) else board.name(end)


def _rows(rows: tuple[str, ...]) -> list[DoubleQuotedScalarString]:
    """Rows of a map or an area, even rows indented as the contract draws them."""
    return [DoubleQuotedScalarString((" " if i % 2 else "") + " ".join(row)) for i, row in enumerate(rows)]


def _area(area: Area) -> CommentedSeq:
    """An area diagram, one quoted row a line."""
    return CommentedSeq(_rows(area.rows))


def _monster_attack(attack: MonsterAttack) -> CommentedMap:
    """``query.attack`` of a monster turn."""
    out = CommentedMap()
    if attack.range:
        out["range"] = attack.range
    if attack.targets != 1:
        out["targets"] = attack.targets
    if attack.area is not None:
        out["area"] = _area(attack.area)
    if attack.add_targets:
        out["add_targets"] = attack.add_targets
    if attack.stat_range is not None:
        out["stat_range"] = attack.stat_range
    if attack.area is None:
        out.fa.set_flow_style()
    return out


def _monster_turn(query: MonsterTurnQuery, board: HexSpace) -> CommentedMap:
    """A ``monster_turn`` query."""
    out = CommentedMap({"kind": query.kind, "monster": query.monster})
    if query.move:
        out["move"] = query.move
    if query.jump:
        out["jump"] = True
    if query.attack is not None:
        out["attack"] = _monster_attack(query.attack)
    if query.play is not None:
        play: dict[str, Any] = {"end": board.name(query.play.end)}
        if query.play.targets:
            play["targets"] = flow_seq(list(query.play.targets))
        out["play"] = flow_map(play)
    return out


def _attack(query: AttackQuery) -> CommentedMap:
    """An ``attack`` query."""
    out: dict[str, Any] = {"kind": query.kind, "value": query.value}
    if query.target is not None:
        out["target"] = query.target
    if query.shield is not None:
        out["shield"] = query.shield
    if query.pierce:
        out["pierce"] = query.pierce
    if query.poisoned is not None:
        out["poisoned"] = query.poisoned
    out |= {key: True for key in ("advantage", "disadvantage") if getattr(query, key)}
    if query.deck is not None:
        out["deck"] = flow_seq([DoubleQuotedScalarString(card) for card in query.deck])
    out |= {key: getattr(query, key) for key in ("bless", "curse") if getattr(query, key)}
    if query.attacker is not None:
        out["attacker"] = query.attacker
    out |= {key: getattr(query, key) for key in ("retaliate", "retaliate_range") if getattr(query, key)}
    out |= {key: getattr(query, key) for key in ("distance", "hit_points") if getattr(query, key) is not None}
    if query.effects:
        out["effects"] = _conditions(query.effects)
    if query.drawn:
        out["drawn"] = flow_seq([DoubleQuotedScalarString(card) for card in query.drawn])
    return flow_map(out)


def _initiative(query: InitiativeQuery) -> CommentedMap:
    """An ``initiative`` query."""
    out = CommentedMap({"kind": query.kind})
    if query.types:
        out["types"] = flow_map({name: flow_seq(list(members)) for name, members in query.types})
    for key in ("standees", "secondary"):
        pairs: tuple[tuple[str, int], ...] = getattr(query, key)
        if pairs:
            out[key] = flow_map(dict(pairs))
    if query.long_rest:
        out["long_rest"] = flow_seq(list(query.long_rest))
    return out


def _effect_query(query: HealQuery | ElementsQuery | LongRestQuery | CardAttacksQuery) -> CommentedMap:
    """A ``heal``, ``elements``, ``long_rest`` or ``card_attacks`` query, leaving out fields at their defaults."""
    if isinstance(query, CardAttacksQuery):
        out = {"kind": query.kind, "target": query.target, "hit_points": query.hit_points}
        return flow_map(out | {"damages": flow_seq(list(query.damages))})
    if isinstance(query, ElementsQuery):
        out = CommentedMap({"kind": query.kind})
        if query.state:
            out["state"] = flow_map(dict(query.state))
        for key in ("infuse", "consume"):
            if getattr(query, key):
                out[key] = flow_seq(list(getattr(query, key)))
        return out
    fields: dict[str, Any] = {"kind": query.kind}
    for key, value in vars(query).items():
        if key == "kind" or value is None or (key, value) in {("decline_heal", False), ("discard", 0)}:
            continue  # at its default
        fields[key] = value
    return flow_map(fields)


def _map_query(query: MapQuery, board: HexSpace) -> CommentedMap:
    """A ``push``, ``pull``, ``hex_state``, ``summon``, ``targets`` or ``attack_targets`` query."""
    if isinstance(query, AttackTargetsQuery):
        doc = CommentedMap({"kind": query.kind, "attacker": query.attacker})
        if query.attack != MonsterAttack():
            doc["attack"] = _monster_attack(query.attack)
        if query.targets is not None:
            doc["targets"] = flow_seq(list(query.targets))
        return doc
    if isinstance(query, TargetsQuery):
        out: dict[str, Any] = {"kind": query.kind, "figure": query.figure, "who": query.who}
        return flow_map(out if query.range == 1 else {**out, "range": query.range})
    if isinstance(query, HexStateQuery):
        return flow_map({"kind": query.kind, "at": board.name(query.at)})
    if isinstance(query, SummonQuery):
        out = {"kind": query.kind, "summoner": query.summoner}
        return flow_map(out if query.at is None else {**out, "at": board.name(query.at)})
    out = {"kind": query.kind, "attacker": query.attacker, "target": query.target, "amount": query.amount}
    if query.path is not None:
        out["path"] = flow_seq([board.name(h) for h in query.path])
    return flow_map(out)


def _ruling(query: RulingQuery) -> CommentedMap:
    """A ``ruling`` query's section."""
    said = ruling.dump_ruling(query)
    return flow_map(said | ({"facts": flow_map(said["facts"])} if "facts" in said else {}))


def _query(query: Query, board: HexSpace) -> CommentedMap:  # noqa: PLR0911 - one return per query kind
    """The ``query`` section."""
    if isinstance(query, HealQuery | ElementsQuery | LongRestQuery | CardAttacksQuery):
        return _effect_query(query)
    if isinstance(query, MonsterTurnQuery):
        return _monster_turn(query, board)
    if isinstance(query, AttackQuery):
        return _attack(query)
    if isinstance(query, InitiativeQuery):
        return _initiative(query)
    if isinstance(query, ScenarioLevelQuery):
        out: dict[str, Any] = {"kind": query.kind, "levels": flow_seq(list(query.levels))}
        if query.difficulty != "normal":
            out["difficulty"] = query.difficulty
        return flow_map({**out, "solo_or_open": True} if query.solo_or_open else out)
    if isinstance(query, PushQuery | HexStateQuery | SummonQuery | TargetsQuery | AttackTargetsQuery):
        return _map_query(query, board)
    if isinstance(query, MoveQuery):
        out = {"kind": query.kind, "piece": query.piece, "path": flow_seq([board.name(h) for h in query.path])}
        out["points"] = query.points
        return flow_map({**out, "jump": True} if query.jump else out)
    if isinstance(query, LineOfSightQuery):
        return flow_map({"kind": query.kind, "from": _end(query.from_, board), "to": _end(query.to, board)})
    assert isinstance(query, RangeQuery)  # noqa: S101 - the last kind
    out = {"kind": query.kind, "from": _end(query.from_, board), "to": _end(query.to, board)}
    return flow_map(out if query.range is None else {**out, "range": query.range})


def dump_situation(situation: Situation) -> str:
    """The situation as YAML that :func:`adjudicator.games.clix.reader.load_situation` reads back to an equal value."""
    board = situation.board
    doc = CommentedMap()
    doc["ruleset"] = situation.ruleset
    if situation.scenario_level != 1:
        doc["scenario_level"] = situation.scenario_level
    fields = board.map_fields(situation.map_kind)
    game_map = CommentedMap({"terrain": _rows(board.rows)})
    if "walls" in fields:
        game_map["walls"] = flow_seq([flow_seq(pair) for pair in fields["walls"]])
    doc["map"] = game_map
    doc["pieces"] = [_piece(piece, board) for piece in situation.pieces]
    if situation.objects:
        doc["objects"] = [_trap(trap, board) for trap in situation.objects]
    asked = situation.query
    doc["query"] = _ruling(asked) if isinstance(asked, RulingQuery) else _query(asked, board)
    if situation.readings:
        doc["readings"] = dict(situation.readings)
    return render(doc)
