"""Read a house situation file (contract-betrayal.md) with positioned errors."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any, NoReturn

from adjudicator.core.yamlpos import Node, is_map, is_seq, item_line
from adjudicator.games.betrayal.house import (
    ENTRANCE_HALL,
    MYSTIC_ELEVATOR,
    OBSTACLE_ROOMS,
    TOKEN_TYPES,
    VAULT,
    HouseState,
    Obstacle,
    Tile,
    file_link,
    tile_room,
)
from adjudicator.games.betrayal.model import (
    QUERY_FIELDS,
    TRAITS,
    UNTRADEABLE,
    Card,
    Haunt,
    HouseSituation,
    Piece,
    Query,
    QueryField,
    Trait,
    Turn,
)
from adjudicator.situation import ruling
from adjudicator.situation.fields import Fields, check_int, describe, fail, plain
from adjudicator.spaces.rooms import FLOORS, KIND, SIDES, Link, RoomSpace

TOP_FIELDS = ("ruleset", "haunt", "house", "pieces", "query", "readings", "expect")
HAUNT_FIELDS = ("started", "traitor", "omens_drawn", "omens_in_play")
HOUSE_FIELDS = ("rooms", "links", "tokens", "tiles_left")
ROOM_FIELDS = (
    *("id", "floor", "at", "doors", "symbol", "new", "placed_by", "obstacle", "moved_this_turn", "front_door"),
)
PIECE_FIELDS = ("id", "type", "at", *TRAITS, "items", "omens", "ranged", "stunned", "turn")
TURN_FIELDS = ("moved", "stopped_by", "attacked", "rolls", "task_rolled")
REQUIRED: dict[str, tuple[str, ...]] = {
    "move": ("piece", "path"),
    "reach": ("piece",),
    "attack": ("attacker", "defender"),
    "damage": ("piece", "type"),
    "line_of_sight": ("from", "to"),
    "monster_group_move": ("moves",),
    "tile_effect": ("piece", "trait", "change"),
    "basement_rescue": ("piece",),
    "trade": ("piece", "card"),
}


def read_situation(doc: Node, path: Path, shown: str, known_rulesets: Collection[str]) -> HouseSituation:
    """Read a house situation document; the first problem raises ``PositionedError``."""
    return _Reader(shown).read(doc, path, known_rulesets)


class _Reader:
    def __init__(self, shown: str) -> None:
        self.shown = shown
        self.lines: dict[str, int] = {}
        self.started = False
        """Whether the haunt has started (read before the query)."""

    def fields(self, node: Node, path: str, line: int) -> Fields:
        return Fields(self.shown, self.lines, node, path, line)

    def fail(self, line: int, field: str, message: str) -> NoReturn:
        fail(self.shown, line, field, message)

    def items(self, f: Fields, key: str) -> list[tuple[Any, int, str]]:
        """Items of an optional list field with their lines and paths."""
        if not f.has(key):
            return []
        seq = f.seq(key)
        return [(item, item_line(seq, i, f.line(key)), f"{f.name(key)}[{i}]") for i, item in enumerate(seq)]

    def read(self, doc: Node, path: Path, known_rulesets: Collection[str]) -> HouseSituation:
        top = self.fields(doc, "", 1)
        top.check_keys(TOP_FIELDS, "a situation")
        ruleset = top.choice("ruleset", sorted(known_rulesets))
        state = self.read_house(self.fields(top.raw("house"), "house", top.line("house")))
        house = state.build()
        pieces = self.read_pieces(top, state)
        haunt = self.read_haunt(top, pieces)
        self.started = haunt.started
        asked = self.fields(top.raw("query"), "query", top.line("query"))
        query = read_ruling(asked) if asked.has("kind") and asked.raw("kind") == ruling.KIND else None
        query = query or self.read_query(asked, pieces, house)
        readings = self.read_readings(top) if top.has("readings") else {}
        return HouseSituation(
            ruleset=ruleset,
            haunt=haunt,
            board=house,
            house=state,
            pieces=tuple(pieces.values()),
            query=query,
            readings=readings,
            expect=plain(top.raw("expect")) if top.has("expect") else None,
            path=path,
            lines=dict(self.lines),
        )

    # -- the house

    def read_house(self, f: Fields) -> HouseState:
        f.check_keys(HOUSE_FIELDS, "house")
        rooms: dict[str, Tile] = {}
        squares: dict[tuple[str, int, int], str] = {}
        where: dict[str, str] = {}
        for node, line, name in [*self.items(f, "rooms")] if f.has("rooms") else [self.missing(f, "rooms")]:
            tile = self.read_room(self.fields(node, name, line))
            room = tile.room
            if room.id in rooms:
                self.fail(
                    line,
                    f"{name}.id",
                    f"room {room.id} is on two squares ({where[room.id]} and {room.floor} {room.square}): "
                    "each tile exists once",
                )
            key = (room.floor, room.col, room.row)
            if key in squares:
                self.fail(line, f"{name}.at", f"{room.floor} {room.square} already holds {squares[key]}")
            rooms[room.id] = tile
            squares[key] = room.id
            where[room.id] = f"{room.floor} {room.square}"
        if not rooms:
            f.fail("rooms", "expected at least one room")
        links = tuple(self.read_link(self.fields(n, p, ln), rooms) for n, ln, p in self.items(f, "links"))
        tokens = tuple(self.read_token(self.fields(n, p, ln), rooms) for n, ln, p in self.items(f, "tokens"))
        tiles_left: dict[str, int | None] = {}
        if f.has("tiles_left"):
            left = self.fields(f.raw("tiles_left"), "house.tiles_left", f.line("tiles_left"))
            left.check_keys(FLOORS, "tiles_left")
            for floor in FLOORS:
                tiles_left[floor] = left.opt_integer(floor, 0, 60, None)
        return HouseState(tuple(rooms.values()), links, tokens, tiles_left)

    def missing(self, f: Fields, key: str) -> NoReturn:
        f.raw(key)
        raise AssertionError  # pragma: no cover - raw fails first

    def read_room(self, f: Fields) -> Tile:
        f.check_keys(ROOM_FIELDS, "a room")
        room_id = f.text("id")
        floor = f.choice("floor", FLOORS, "ground")
        try:
            at = KIND.parse_position(f.text("at"))
        except ValueError as exc:
            f.fail("at", str(exc))
        doors = self.read_doors(f, "doors")
        symbol_raw = f.raw("symbol") if f.has("symbol") else None
        if symbol_raw is not None and symbol_raw not in ("omen", "item", "event"):
            f.fail("symbol", f"expected one of omen | item | event | null, got {describe(symbol_raw)}")
        front = f.choice("front_door", SIDES, "S") if room_id == ENTRANCE_HALL else None
        if f.has("front_door") and room_id != ENTRANCE_HALL:
            f.fail("front_door", "only the entrance_hall has a front door")
        obstacle, sides = (
            self.read_obstacle(f, room_id, doors) if room_id in OBSTACLE_ROOMS or f.has("obstacle") else (None, ())
        )
        moved = f.flag("moved_this_turn", default=False)
        if moved and room_id != MYSTIC_ELEVATOR:
            f.fail("moved_this_turn", "only the mystic_elevator moves")
        new = f.flag("new", default=False)
        placed_by = f.choice("placed_by", ("discovery", "haunt"), "discovery")
        room = tile_room(
            room_id, floor, at, doors, sides, front_door=front, undiscovered=new and placed_by == "discovery"
        )
        return Tile(
            room,
            symbol=None if symbol_raw is None else str(symbol_raw),
            new=new,
            placed_by=placed_by,
            obstacle=obstacle,
            moved_this_turn=moved,
            front_door=front,
        )

    def read_doors(self, f: Fields, key: str) -> frozenset[str]:
        value = f.raw(key) if f.has(key) else ""
        if value is None:
            value = ""
        if not isinstance(value, str):
            f.fail(key, f'expected door sides such as "NE", got {describe(value)}')
        for ch in value:
            if ch not in SIDES:
                f.fail(key, f"{ch!r} names no side (sides are N, E, S, W)")
        if len(set(value)) != len(value):
            f.fail(key, "a side is listed twice")
        return frozenset(value)

    def read_obstacle(
        self, f: Fields, room_id: str, doors: frozenset[str]
    ) -> tuple[Obstacle, tuple[tuple[str, frozenset[str]], ...]]:
        if room_id not in OBSTACLE_ROOMS:
            f.fail("obstacle", f"{room_id} is not an obstacle room ({', '.join(OBSTACLE_ROOMS)})")
        if not f.has("obstacle"):
            f.fail(
                "obstacle",
                f"{room_id} is an obstacle room: give its roll and sides (obstacle: {{trait, target, sides}})",
            )
        o = self.fields(f.raw("obstacle"), f.name("obstacle"), f.line("obstacle"))
        o.check_keys(("trait", "target", "sides"), "an obstacle")
        trait = o.choice("trait", TRAITS)
        target = o.integer("target", 0, 16)
        s = self.fields(o.raw("sides"), o.name("sides"), o.line("sides"))
        sides: list[tuple[str, frozenset[str]]] = []
        seen: set[str] = set()
        for name in s.node:
            side_doors = self.read_doors(s, str(name))
            if side_doors - doors:
                s.fail(str(name), f"doors {''.join(sorted(side_doors - doors))} are not doors of {room_id}")
            if side_doors & seen:
                s.fail(str(name), "a door is on two sides")
            seen |= side_doors
            sides.append((str(name), side_doors))
        if len(sides) != 2:  # noqa: PLR2004 - an obstacle has two sides
            o.fail("sides", f"an obstacle has two sides, got {len(sides)}")
        if room_id == VAULT and {n for n, _ in sides} != {"outside", "inside"}:
            o.fail("sides", "the vault's sides are named outside (with the door) and inside")
        return Obstacle(trait, target), tuple(sides)

    def room_ref(self, f: Fields, key: str, rooms: dict[str, Tile]) -> str:
        value = f.text(key)
        if value not in rooms:
            f.fail(key, f"no room {value!r} in the house")
        return value

    def read_link(self, f: Fields, rooms: dict[str, Tile]) -> Link:
        f.check_keys(("from", "to", "one_way", "cost", "roll"), "a link")
        roll = None
        if f.has("roll") and f.raw("roll") is not None:
            r = self.fields(f.raw("roll"), f.name("roll"), f.line("roll"))
            r.check_keys(("trait", "target"), "a link's roll")
            roll = (r.choice("trait", TRAITS), r.integer("target", 0, 16))
        return file_link(
            self.room_ref(f, "from", rooms),
            self.room_ref(f, "to", rooms),
            one_way=f.flag("one_way", default=False),
            cost=f.opt_integer("cost", 0, 8, 1) or 0,
            roll=roll,
        )

    def read_token(self, f: Fields, rooms: dict[str, Tile]) -> tuple[str, str]:
        f.check_keys(("type", "room"), "a token")
        return f.choice("type", TOKEN_TYPES), self.room_ref(f, "room", rooms)

    # -- pieces

    def read_pieces(self, top: Fields, house: HouseState) -> dict[str, Piece]:
        pieces: dict[str, Piece] = {}
        for node, line, name in self.items(top, "pieces"):
            piece = self.read_piece(self.fields(node, name, line), house)
            if piece.id in pieces:
                self.fail(line, f"{name}.id", f"piece id {piece.id} is used twice")
            pieces[piece.id] = piece
        return pieces

    def read_piece(self, f: Fields, house: HouseState) -> Piece:
        f.check_keys(PIECE_FIELDS, "a piece")
        piece_id = f.text("id")
        kind = f.choice("type", ("explorer", "monster"))
        at = self.read_place(f, "at", house)
        traits: dict[str, Trait] = {}
        for trait in TRAITS:
            if f.has(trait):
                traits[trait] = self.read_trait(f, trait, monster=kind == "monster")
            elif kind == "explorer":
                f.fail(trait, f"required field is missing (an explorer has all four traits: {', '.join(TRAITS)})")
        items = self.read_cards(f, "items")
        omens = self.read_cards(f, "omens")
        turn = self.read_turn(self.fields(f.raw("turn"), f.name("turn"), f.line("turn"))) if f.has("turn") else Turn()
        return Piece(
            id=piece_id,
            type=kind,
            at=at,
            traits=traits,
            items=items,
            omens=omens,
            ranged=f.flag("ranged", default=any(c.name == "revolver" for c in items) and kind == "explorer"),
            stunned=f.flag("stunned", default=False) if kind == "monster" else self.no_stun(f),
            turn=turn,
        )

    def no_stun(self, f: Fields) -> bool:
        if f.flag("stunned", default=False):
            f.fail("stunned", "only monsters are stunned")
        return False

    def read_place(self, f: Fields, key: str, house: HouseState) -> str:
        value = f.text(key)
        room_id, _, side = value.partition(":")
        tile = house.by_id.get(room_id)
        if tile is None:
            f.fail(key, f"no room {room_id!r} in the house")
        if tile.new:
            f.fail(key, f"{room_id} is a new tile, not in the house yet")
        if tile.obstacle is None and side:
            f.fail(key, f"{room_id} has no obstacle, so no side {side!r}")
        if tile.obstacle is not None:
            names = [part.name for part in tile.room.parts]
            if side not in names:
                f.fail(
                    key, f"{room_id} is an obstacle room: say the side ({', '.join(f'{room_id}:{n}' for n in names)})"
                )
        return value

    def read_trait(self, f: Fields, key: str, *, monster: bool) -> Trait:
        value = f.raw(key)
        if not is_map(value):
            return Trait(f.integer(key, 0, 8))
        if monster:
            f.fail(key, "a monster's trait is a plain number")
        t = self.fields(value, f.name(key), f.line(key))
        t.check_keys(("track", "at", "value"), "a trait")
        track = self.read_track(t)
        if t.has("at") == t.has("value"):
            t.fail("at", "give the clip's place as exactly one of at (notch) or value")
        if t.has("at"):
            notch = t.integer("at", 0, len(track))
        else:
            wanted = t.integer("value", 0, 8)
            hits = [i + 1 for i, n in enumerate(track) if n == wanted]
            if not hits:
                t.fail("value", f"{wanted} is not on the track {track}")
            if len(hits) > 1:
                t.fail("value", f"{wanted} occurs {len(hits)} times on the track: give the notch with at")
            notch = hits[0]
        return Trait(track[notch - 1] if notch else 0, tuple(track), notch)

    def read_track(self, t: Fields) -> list[int]:
        """A trait's printed track: numbers 0..8 that never go down, at least one."""
        track: list[int] = []
        for i, number in enumerate(t.seq("track")):
            if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= 8:  # noqa: PLR2004
                t.fail("track", f"item {i + 1}: expected a number 0..8, got {describe(number)}")
            if track and number < track[-1]:
                t.fail("track", "the track's numbers never go down from its lowest to its maximum")
            track.append(number)
        if not track:
            t.fail("track", "expected the printed numbers from the lowest to the maximum")
        return track

    def read_cards(self, f: Fields, key: str) -> tuple[Card, ...]:
        cards: list[Card] = []
        for node, line, name in self.items(f, key):
            if isinstance(node, str) and node:
                cards.append(Card(node, node not in UNTRADEABLE))
                continue
            c = self.fields(node, name, line)
            c.check_keys(("name", "tradeable"), "a card")
            card = c.text("name")
            tradeable = c.flag("tradeable", default=card not in UNTRADEABLE)
            if tradeable and card in UNTRADEABLE:
                c.fail("tradeable", f"{card} can never be traded or stolen (L347)")
            cards.append(Card(card, tradeable))
        return tuple(cards)

    def read_turn(self, f: Fields) -> Turn:
        f.check_keys(TURN_FIELDS, "turn")
        stopped = f.raw("stopped_by") if f.has("stopped_by") else None
        if stopped not in (None, "card", "obstacle"):
            f.fail("stopped_by", f"expected null | card | obstacle, got {describe(stopped)}")
        rolls = [str(r) for r in f.seq("rolls")] if f.has("rolls") else []
        return Turn(
            moved=f.opt_integer("moved", 0, 16, 0) or 0,
            stopped_by=None if stopped is None else str(stopped),
            attacked=f.flag("attacked", default=False),
            rolls=tuple(rolls),
            task_rolled=f.flag("task_rolled", default=False),
        )

    # -- haunt, query, readings

    def read_haunt(self, top: Fields, pieces: dict[str, Piece]) -> Haunt:
        held = sum(len(p.omens) for p in pieces.values())
        if not top.has("haunt"):
            return Haunt(omens_drawn=held, omens_in_play=held)
        f = self.fields(top.raw("haunt"), "haunt", top.line("haunt"))
        f.check_keys(HAUNT_FIELDS, "haunt")
        started = f.flag("started", default=False)
        traitor = f.raw("traitor") if f.has("traitor") else None
        if traitor is not None:
            if not isinstance(traitor, str) or traitor not in pieces:
                f.fail("traitor", f"no piece {traitor!r}")
            if pieces[traitor].type != "explorer":
                f.fail("traitor", f"{traitor} is a monster: the traitor is an explorer")
        if started and traitor is None:
            f.fail("traitor", "required when the haunt has started")
        drawn = f.opt_integer("omens_drawn", 0, 13, held)
        in_play = f.opt_integer("omens_in_play", 0, 13, drawn)
        assert drawn is not None  # noqa: S101 - defaults are numbers
        assert in_play is not None  # noqa: S101
        if in_play > drawn:
            f.fail("omens_in_play", f"{in_play} omens in play but only {drawn} drawn")
        return Haunt(started, None if traitor is None else str(traitor), drawn, in_play)

    def read_query(self, f: Fields, pieces: dict[str, Piece], house: RoomSpace) -> Query:
        kind = f.choice("kind", (*QUERY_FIELDS, ruling.KIND))
        f.check_keys(("kind", *QUERY_FIELDS[kind]), f"a {kind} query")
        for key in REQUIRED.get(kind, ()):
            f.raw(key)
        for key, field in QUERY_FIELDS[kind].items():
            if f.has(key):
                self.check_value(f, key, field)
        self.check_refs(f, pieces, house)
        self.check_paths(f, kind, pieces, house)
        if kind == "roll" and not (f.has("trait") or f.has("dice")):
            f.fail("trait", "a roll needs a piece and a trait, or dice: N")
        if kind == "roll" and f.has("trait"):
            f.choice("trait", TRAITS)
            f.raw("piece", " (a trait roll is made by a piece)")
        if kind == "damage":
            f.choice("type", ("physical", "mental"))
            if f.has("amount") == f.has("dice"):
                f.fail("amount", "give exactly one of amount: N or dice: N")
        if kind == "attack" and f.has("trait"):
            f.choice("trait", TRAITS)
        self.check_effects(f, kind, pieces)
        if kind == "trade":
            self.check_trade(f, pieces, house)
        data = plain(f.node)
        return Query(kind, {k: v for k, v in data.items() if k != "kind"})

    def check_value(self, f: Fields, key: str, field: QueryField) -> None:
        """A query field holds the kind of value its declaration says (pieces and places are checked after)."""
        value = f.raw(key)
        if field.kind == "count":
            check_int(f, key, value, field.low, field.high)
        elif field.kind == "flag":
            f.flag(key, default=False)
        elif field.kind in {"trait", "choice"}:
            f.choice(key, TRAITS if field.kind == "trait" else field.choices)
        elif field.kind == "text":
            f.text(key)
        elif field.kind in {"pair", "counts"}:
            self.check_numbers(f, key, field)
        elif field.kind in {"piece", "place"} and not isinstance(value, str):
            what = "piece id" if field.kind == "piece" else "piece id or room id"
            f.fail(key, f"expected a {what}, got {describe(value)}")

    @staticmethod
    def check_numbers(f: Fields, key: str, field: QueryField) -> None:
        """A ``pair`` of numbers, or ``counts``: names mapped to numbers, each in the field's range."""
        value = f.raw(key)
        if field.kind == "pair":
            items = f.seq(key)
            if len(items) != 2:  # noqa: PLR2004 - a pair
                f.fail(key, f"expected two numbers such as [3, 2], got {len(items)} value(s)")
            for item in items:
                check_int(f, key, item, field.low, field.high)
            return
        if not is_map(value):
            f.fail(key, f"expected a mapping of name to number such as {{movement: 3}}, got {describe(value)}")
        for name, count in value.items():
            if not isinstance(name, str):
                f.fail(key, f"expected names as keys, got {describe(name)}")
            check_int(f, key, count, field.low, field.high)

    def check_refs(self, f: Fields, pieces: dict[str, Piece], house: RoomSpace) -> None:
        """The query's piece fields name pieces; its ``from`` and ``to`` name pieces or rooms."""
        for key in ("piece", "attacker", "defender"):
            if f.has(key) and (not isinstance(f.raw(key), str) or f.raw(key) not in pieces):
                f.fail(key, f"no piece {describe(f.raw(key))}")
        for key in ("from", "to"):
            if f.has(key):
                value = f.raw(key)
                if not isinstance(value, str) or (value not in pieces and value.partition(":")[0] not in house.by_id):
                    f.fail(key, f"no piece or room {describe(value)}")

    def check_effects(self, f: Fields, kind: str, pieces: dict[str, Piece]) -> None:
        """A ``tile_effect`` moves its trait; a ``basement_rescue`` asks about a monster once the haunt is on."""
        if kind == "tile_effect" and f.raw("change") == 0:
            f.fail("change", "expected the notches the tile's instruction moves the trait by: up (+N) or down (-N)")
        if kind == "basement_rescue" and pieces[str(f.raw("piece"))].type != "monster":
            f.fail("piece", f"{f.raw('piece')} is an explorer: the Stairs are fetched for a monster (L529)")
        if kind == "basement_rescue" and not self.started:
            f.fail("piece", "monsters play only once the haunt has started (haunt.started: true)")

    def check_trade(self, f: Fields, pieces: dict[str, Piece], house: RoomSpace) -> None:
        """A trade names a card the piece holds (but for a pick-up), another explorer to trade with, a room."""
        piece = pieces[str(f.raw("piece"))]
        action = f.choice("action", ("trade", "drop", "pickup"), "trade")
        card = f.text("card")
        if action != "pickup" and card not in [c.name for c in piece.cards()]:
            held = ", ".join(c.name for c in piece.cards()) or "nothing"
            f.fail("card", f"{piece.id} holds no card {card!r} (it holds {held})")
        if action == "trade":
            other = f.raw("with", " (a trade is with another explorer, L341)")
            if not isinstance(other, str) or other not in pieces:
                f.fail("with", f"no piece {describe(other)}")
            if other == piece.id or pieces[other].type != "explorer":
                f.fail("with", f"{other} is not another explorer: a trade is with another explorer (L341)")
        elif f.has("with"):
            f.fail("with", f"only a trade has another party; a {action} has none")
        if f.has("at"):
            room_id, _, side = f.text("at").partition(":")
            room = house.by_id.get(room_id)
            if room is None or room.undrawn:
                f.fail("at", f"no room {room_id!r} in the house")
            if bool(room.parts) != bool(side) or (side and side not in [p.name for p in room.parts]):
                f.fail("at", f"name the room, with its side only in an obstacle room ({room_id}:SIDE)")

    def check_paths(self, f: Fields, kind: str, pieces: dict[str, Piece], house: RoomSpace) -> None:
        """The path of a ``move``, or each path of a ``monster_group_move``."""
        if kind == "move":
            self.check_path(f, pieces[str(f.raw("piece"))], house)
        if kind == "monster_group_move":
            self.check_group(f, pieces, house)

    def check_group(self, f: Fields, pieces: dict[str, Piece], house: RoomSpace) -> None:
        """A group's moves: distinct monsters, one path each, all of one Speed (one roll moves them all, L519)."""
        seq = f.seq("moves")
        if not seq:
            f.fail("moves", "expected at least one {piece, path}, one for each monster of the group")
        first: Piece | None = None
        for i, item in enumerate(seq):
            m = self.fields(item, f"{f.name('moves')}[{i}]", item_line(seq, i, f.line("moves")))
            m.check_keys(("piece", "path"), "a monster's move")
            piece_id = m.text("piece")
            piece = pieces.get(piece_id)
            if piece is None:
                m.fail("piece", f"no piece {piece_id!r}")
            if piece.type != "monster":
                m.fail("piece", f"{piece_id} is an explorer: only monsters move on a group's roll (L519)")
            if any(isinstance(o, dict) and o.get("piece") == piece_id for o in seq[:i]):
                m.fail("piece", f"{piece_id} is listed twice")
            if first is None:
                first = piece
            elif piece.traits.get("speed") != first.traits.get("speed"):
                m.fail(
                    "piece",
                    f"{piece_id}'s Speed differs from {first.id}'s: monsters of one kind share one roll (L519)",
                )
            self.check_path(m, piece, house)

    def check_path(self, f: Fields, piece: Piece, house: RoomSpace) -> None:
        seq = f.seq("path")
        if not seq:
            f.fail("path", "expected at least one room")
        for i, item in enumerate(seq):
            line = item_line(seq, i, f.line("path"))
            field = f"{f.name('path')}[{i}]"
            if is_map(item):
                keys = list(item)
                if keys != ["speed"] or isinstance(item["speed"], bool) or not isinstance(item["speed"], int):
                    self.fail(line, field, "expected a room, or {speed: N} for a change of Speed in notches")
                if not piece.traits.get("speed", Trait(0)).movable:
                    self.fail(line, field, f"{piece.id}'s Speed clip cannot move: give speed as {{track, at}}")
                continue
            self.check_path_room(item, line, field, house)
            if i == 0 and item == piece.at:
                self.fail(
                    line, field, f"{piece.id} already stands in {item}: list only the rooms entered, not the start"
                )

    def check_path_room(self, item: Node, line: int, field: str, house: RoomSpace) -> None:
        """One room of a path: a room of the house, with its side in an obstacle room and only there."""
        if not isinstance(item, str) or is_seq(item):
            self.fail(line, field, f"expected a room id, got {describe(item)}")
        room_id, _, side = item.partition(":")
        room = house.by_id.get(room_id)
        if room is None:
            self.fail(line, field, f"no room {room_id!r} in the house")
        if room.parts and side not in [part.name for part in room.parts]:
            self.fail(line, field, f"{room_id} is an obstacle room: name the side ({room_id}:SIDE)")
        if not room.parts and side:
            self.fail(line, field, f"{room_id} has no obstacle, so no side {side!r}")

    def read_readings(self, top: Fields) -> dict[str, str]:
        value = top.raw("readings")
        if not is_map(value):
            top.fail("readings", f"expected a mapping of rule id to reading name, got {describe(value)}")
        f = self.fields(value, "readings", top.line("readings"))
        out: dict[str, str] = {}
        for key in value:
            out[str(key)] = f.text(str(key))
        return out


def read_ruling(f: Fields) -> Query:
    """A ``ruling`` query (a decision asked directly), kept as plain data like every query; the spec checks it."""
    f.check_keys(("kind", *ruling.FIELDS), "a ruling query")
    asked = ruling.dump_ruling(ruling.read_ruling(f))
    return Query(ruling.KIND, {k: v for k, v in asked.items() if k != "kind"})
