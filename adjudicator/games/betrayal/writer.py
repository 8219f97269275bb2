"""Write a Betrayal house situation back as YAML that its reader reads to an equal value.

The game's writer part (``GAME.situations.write``, see :class:`adjudicator.games.registry.Game`).
Fields at their defaults are left out, except the haunt, which is always
written in full (its defaults depend on the omens held). The query is kept as
the plain data read, so it is written back as it is.
"""

from __future__ import annotations

from typing import Any

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from adjudicator.games.betrayal.house import HouseState, Tile
from adjudicator.games.betrayal.model import TRAITS, UNTRADEABLE, Card, Haunt, HouseSituation, Piece, Trait, Turn
from adjudicator.situation.yamlwrite import flow_map, flow_seq, render
from adjudicator.spaces.rooms import FLOORS, SIDES, Link


def _doors(doors: frozenset[str]) -> DoubleQuotedScalarString:
    """Door sides in the order N, E, S, W, quoted as the contract writes them."""
    text = "".join(side for side in SIDES if side in doors)
    quoted: DoubleQuotedScalarString = DoubleQuotedScalarString(text)
    return quoted


def _room(tile: Tile) -> CommentedMap:
    """One ``house.rooms`` entry."""
    room = tile.room
    out: dict[str, Any] = {"id": room.id, "floor": room.floor, "at": room.square, "doors": _doors(room.doors)}
    if tile.symbol is not None:
        out["symbol"] = tile.symbol
    if tile.new:
        out["new"] = True
    if tile.placed_by != "discovery":
        out["placed_by"] = tile.placed_by
    if tile.obstacle is not None:
        sides = flow_map({part.name: _doors(part.doors) for part in room.parts})
        out["obstacle"] = flow_map({"trait": tile.obstacle.trait, "target": tile.obstacle.target, "sides": sides})
    if tile.moved_this_turn:
        out["moved_this_turn"] = True
    if tile.front_door is not None:
        out["front_door"] = tile.front_door
    return flow_map(out)


def _link(link: Link) -> CommentedMap:
    """One ``house.links`` entry."""
    out: dict[str, Any] = {"from": link.frm, "to": link.to}
    if link.one_way:
        out["one_way"] = True
    if link.cost is not None and link.cost != 1:
        out["cost"] = link.cost
    if link.roll is not None:
        out["roll"] = flow_map({"trait": link.roll[0], "target": link.roll[1]})
    return flow_map(out)


def _house(house: HouseState) -> CommentedMap:
    """The ``house`` section."""
    out = CommentedMap()
    out["rooms"] = [_room(tile) for tile in house.tiles]
    if house.links:
        out["links"] = [_link(link) for link in house.links]
    if house.tokens:
        out["tokens"] = [flow_map({"type": kind, "room": room}) for kind, room in house.tokens]
    if house.tiles_left:
        out["tiles_left"] = flow_map({f: house.tiles_left[f] for f in FLOORS if house.tiles_left.get(f) is not None})
    return out


def _trait(trait: Trait) -> int | CommentedMap:
    """A trait: a bare number, or its track and the clip's notch."""
    if trait.track is None or trait.at is None:
        return trait.value
    return flow_map({"track": flow_seq(list(trait.track)), "at": trait.at})


def _card(card: Card) -> str | CommentedMap:
    """A card: its name, or ``{name, tradeable: false}`` when it cannot be traded though its name could."""
    if card.tradeable == (card.name not in UNTRADEABLE):
        return card.name
    return flow_map({"name": card.name, "tradeable": card.tradeable})


def _turn(turn: Turn) -> CommentedMap:
    """What the piece has done this turn, leaving out what it has not."""
    out: dict[str, Any] = {}
    if turn.moved:
        out["moved"] = turn.moved
    if turn.stopped_by is not None:
        out["stopped_by"] = turn.stopped_by
    if turn.attacked:
        out["attacked"] = True
    if turn.rolls:
        out["rolls"] = flow_seq(list(turn.rolls))
    if turn.task_rolled:
        out["task_rolled"] = True
    return flow_map(out)


def _piece(piece: Piece) -> CommentedMap:
    """One ``pieces`` entry."""
    out: dict[str, Any] = {"id": piece.id, "type": piece.type, "at": piece.at}
    out |= {name: _trait(piece.traits[name]) for name in TRAITS if name in piece.traits}
    if piece.items:
        out["items"] = flow_seq([_card(card) for card in piece.items])
    if piece.omens:
        out["omens"] = flow_seq([_card(card) for card in piece.omens])
    if piece.ranged != (piece.type == "explorer" and any(c.name == "revolver" for c in piece.items)):
        out["ranged"] = piece.ranged
    if piece.stunned:
        out["stunned"] = True
    if piece.turn != Turn():
        out["turn"] = _turn(piece.turn)
    return flow_map(out)


def _haunt(haunt: Haunt) -> CommentedMap:
    """The ``haunt`` section, in full."""
    out: dict[str, Any] = {"started": haunt.started}
    if haunt.traitor is not None:
        out["traitor"] = haunt.traitor
    return flow_map({**out, "omens_drawn": haunt.omens_drawn, "omens_in_play": haunt.omens_in_play})


def _plain(value: Any) -> Any:
    """Plain query data as YAML: lists and mappings on one line."""
    if isinstance(value, dict):
        return flow_map({key: _plain(item) for key, item in value.items()})
    if isinstance(value, list):
        return flow_seq([_plain(item) for item in value])
    return value


def dump_situation(situation: HouseSituation) -> str:
    """The situation as YAML that :func:`adjudicator.games.clix.reader.load_situation` reads back to an equal value."""
    doc = CommentedMap()
    doc["ruleset"] = situation.ruleset
    doc["haunt"] = _haunt(situation.haunt)
    doc["house"] = _house(situation.house)
    doc["pieces"] = [_piece(piece) for piece in situation.pieces]
    doc["query"] = flow_map({"kind": situation.query.kind} | {k: _plain(v) for k, v in situation.query.fields.items()})
    if situation.readings:
        doc["readings"] = dict(situation.readings)
    return render(doc)
