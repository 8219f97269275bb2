"""Read and validate a Gloomhaven situation file (``contract-gloomhaven.md``).

:func:`read_situation` is the game's ``situations`` entry: it checks every
field and stops at the first problem with a ``PositionedError`` printed as
``file:line: field: message`` (exit 2).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Mapping
from fractions import Fraction
from pathlib import Path

from adjudicator.core.yamlpos import Node, is_seq
from adjudicator.games.gloomhaven.effect_reader import (
    CARD_ATTACKS_FIELDS,
    ELEMENTS_FIELDS,
    HEAL_FIELDS,
    LONG_REST_FIELDS,
    read_card_attacks,
    read_elements,
    read_heal,
    read_long_rest,
)
from adjudicator.games.gloomhaven.model import (
    CARD_EFFECTS,
    CARD_WORDS,
    CONDITIONS,
    OBJECT_TYPES,
    PIECE_TYPES,
    PUSH_KINDS,
    QUERY_KINDS,
    RANKS,
    TARGET_GROUPS,
    Area,
    AttackQuery,
    AttackTargetsQuery,
    Endpoint,
    HexStateQuery,
    LineOfSightQuery,
    MapObject,
    MonsterAttack,
    MonsterTurnQuery,
    MoveQuery,
    Piece,
    Play,
    PushQuery,
    Query,
    RangeQuery,
    Situation,
    SummonQuery,
    TargetsQuery,
    Token,
    Trap,
)
from adjudicator.games.gloomhaven.terrain import FEATURES, build_board, feature
from adjudicator.games.gloomhaven.value_reader import (
    INITIATIVE_FIELDS,
    SCENARIO_LEVEL_FIELDS,
    read_initiative,
    read_scenario_level,
)
from adjudicator.situation import ruling
from adjudicator.situation.fields import DocumentReader, Fields, describe, fail, plain
from adjudicator.spaces.hex import KIND, Hex, HexSpace

TOP_FIELDS = ("ruleset", "scenario_level", "map", "pieces", "objects", "query", "readings", "expect")
MAP_FIELDS = ("terrain", "walls")
PIECE_FIELDS = ("id", "type", "at", "initiative", "owner", "rank", "flying", "conditions", "shield")
OBJECT_FIELDS = ("type", "at", "damage", "conditions", "name")
OVERLAY_TOKENS = ("treasure", "pressure_plate")
"""Objects that are overlay tiles (L1951-1953): one per hex, on a hex with no other overlay."""
QUERY_FIELDS: dict[str, tuple[str, ...]] = {
    "monster_turn": ("monster", "move", "jump", "attack", "play"),
    "line_of_sight": ("from", "to"),
    "range": ("from", "to", "range"),
    "move": ("piece", "path", "points", "jump"),
    "attack": (
        *("value", "target", "shield", "pierce", "poisoned", "advantage", "disadvantage"),
        *("deck", "bless", "curse"),
        *("attacker", "retaliate", "retaliate_range", "distance", "hit_points", "effects", "drawn"),
    ),
    "initiative": INITIATIVE_FIELDS,
    "scenario_level": SCENARIO_LEVEL_FIELDS,
    "heal": HEAL_FIELDS,
    "elements": ELEMENTS_FIELDS,
    "long_rest": LONG_REST_FIELDS,
    "card_attacks": CARD_ATTACKS_FIELDS,
    "push": ("attacker", "target", "amount", "path"),
    "pull": ("attacker", "target", "amount", "path"),
    "hex_state": ("at",),
    "summon": ("summoner", "at"),
    "targets": ("figure", "who", "range"),
    "attack_targets": ("attacker", "attack", "targets"),
    ruling.KIND: ruling.FIELDS,
}
ATTACK_FIELDS = ("range", "targets", "area", "add_targets", "stat_range")
PLAY_FIELDS = ("end", "targets")
BLOCKED_FOR_FIGURES = {"wall": "a wall", "closed_door": "a closed door", "locked_door": "a locked door"}
MAX_LEVEL = 7
MAX_STAT = 20
MAX_MOVE = 30
MAX_RANGE = 20
MAX_TARGETS = 12
MAX_DAMAGE = 30
MAX_ATTACK = 50
MAX_EXTRA_CARDS = 10
MAX_RETALIATE = 10
MAX_HIT_POINTS = 99
MAX_PUSH = 10
CHARACTER_ATTACK_FIELDS = ("range", "targets", "area", "add_targets")
MapQuery = PushQuery | HexStateQuery | SummonQuery | TargetsQuery | AttackTargetsQuery
"""The kinds of :data:`MAP_QUERY_KINDS`."""
MAP_QUERY_KINDS = (*PUSH_KINDS, "hex_state", "summon", "targets", "attack_targets")
"""The kinds :meth:`_Reader.read_map_query` reads."""
EFFECT_READERS: dict[str, Callable[[Fields, Mapping[str, Piece]], Query]] = {
    "heal": read_heal,
    "elements": lambda f, _pieces: read_elements(f),
    "long_rest": read_long_rest,
    "card_attacks": read_card_attacks,
}
"""The optional kinds read by :mod:`.effect_reader`."""
CARD = re.compile(r"^(r?[+-][0-9]+|x2|null|bless|curse)$")


def read_situation(doc: Node, path: Path, shown: str, known_rulesets: Collection[str]) -> Situation:
    """Read a Gloomhaven situation document (the registry's ``situations`` entry)."""
    return _Reader(shown, known_rulesets).read(doc, path)


class _Reader(DocumentReader):
    """State while reading one file: its name, the lines seen, the map and the figures."""

    def __init__(self, shown: str, known_rulesets: Collection[str]) -> None:
        super().__init__(shown)
        self.known_rulesets = known_rulesets
        self.board: HexSpace = KIND.blank(0, 1)  # no hex until the map is read
        self.pieces: dict[str, Piece] = {}
        self.occupied: dict[Hex, str] = {}

    def hex(self, value: Node, line: int, field: str) -> Hex:
        """A hex name that is on the map."""
        if not isinstance(value, str):
            fail(self.shown, line, field, f"expected a hex name such as C3, got {describe(value)}")
        try:
            h = self.board.parse(value)
        except ValueError as exc:
            fail(self.shown, line, field, str(exc))
        if not self.board.contains(h):
            fail(self.shown, line, field, self.board.not_on_map(h))
        return h

    def piece_ref(self, value: Node, line: int, field: str) -> str:
        """The id of a piece of the situation."""
        if not isinstance(value, str) or value not in self.pieces:
            known = ", ".join(self.pieces) or "none"
            fail(self.shown, line, field, f"no piece has the id {describe(value)} (pieces: {known})")
        return value

    # -- the file

    def read(self, doc: Node, path: Path) -> Situation:
        """Read the whole document."""
        top = self.fields(doc, "", 1)
        top.check_keys(TOP_FIELDS, "a situation")
        ruleset = top.text("ruleset")
        if ruleset not in self.known_rulesets:
            top.fail("ruleset", f"unknown ruleset {ruleset!r} (known: {', '.join(sorted(self.known_rulesets))})")
        level = top.opt_integer("scenario_level", 0, MAX_LEVEL, 1)
        self.read_map(self.fields(top.raw("map"), "map", top.line("map")))
        for item_path, line, item in self.items(top, "pieces"):
            piece = self.read_piece(self.fields(item, item_path, line))
            self.pieces[piece.id] = piece
        self.check_pieces()
        objects: list[MapObject] = []
        if top.has("objects"):
            seen: set[Hex] = set()
            for item_path, line, item in self.items(top, "objects"):
                trap = self.read_object(self.fields(item, item_path, line), seen)
                objects.append(trap)
        query = self.read_query(self.fields(top.raw("query"), "query", top.line("query")))
        return Situation(
            ruleset=ruleset,
            board=self.board,
            pieces=tuple(self.pieces.values()),
            query=query,
            scenario_level=1 if level is None else level,
            objects=tuple(objects),
            readings=self.read_readings(top) if top.has("readings") else {},
            expect=plain(top.raw("expect")) if top.has("expect") else None,
            path=path,
            lines=dict(self.lines),
        )

    def read_map(self, f: Fields) -> None:
        """``map.terrain`` rows and ``map.walls`` pairs."""
        f.check_keys(MAP_FIELDS, "map")
        rows = self.items(f, "terrain")
        if not rows:
            f.fail("terrain", "a map needs at least one row")
        texts: list[str] = []
        for row_path, line, row in rows:
            if not isinstance(row, str) or not row.strip():
                fail(self.shown, line, row_path, f"expected a row of terrain characters, got {describe(row)}")
            text = "".join(row.split())
            bad = sorted(set(text) - set(FEATURES))
            if bad:
                fail(self.shown, line, row_path, f"unknown terrain character {bad[0]!r} (known: {' '.join(FEATURES)})")
            if texts and len(text) != len(texts[0]):
                message = (
                    f"this row has {len(text)} hexes, the first has {len(texts[0])} (every row has the same number)"
                )
                fail(self.shown, line, row_path, message)
            texts.append(text)
        self.board = build_board(texts)
        pairs: list[tuple[Hex, Hex]] = []
        if f.has("walls"):
            for wall_path, line, pair in self.items(f, "walls"):
                if not is_seq(pair) or len(pair) != 2:  # noqa: PLR2004 - a wall lies between two hexes
                    fail(self.shown, line, wall_path, f"expected two hex names such as [B1, C1], got {describe(pair)}")
                a, b = (self.hex(name, line, wall_path) for name in pair)
                try:
                    build_board(texts, [(a, b)])
                except ValueError as exc:
                    fail(self.shown, line, wall_path, str(exc))
                pairs.append((a, b))
        self.board = build_board(texts, pairs)

    def read_piece(self, f: Fields) -> Piece:
        """One entry of ``pieces``."""
        f.check_keys(PIECE_FIELDS, "a piece")
        pid = f.text("id")
        if pid in self.pieces:
            f.fail("id", f"the id {pid!r} is already used by another piece")
        ptype = f.choice("type", PIECE_TYPES)
        at = self.hex(f.raw("at"), f.line("at"), f.name("at"))
        flying = f.flag("flying", default=False)
        word = feature(self.board, at)
        if word in BLOCKED_FOR_FIGURES:
            f.fail("at", f"{self.board.name(at)} is {BLOCKED_FOR_FIGURES[word]}: no figure stands there")
        if word == "obstacle" and not flying:
            f.fail("at", f"{self.board.name(at)} is an obstacle: only a flying figure may stand there")
        if at in self.occupied:
            f.fail("at", f"{self.board.name(at)} already holds {self.occupied[at]} (one figure per hex)")
        self.occupied[at] = pid
        initiative = self.initiative(f) if f.has("initiative") else None
        if ptype == "summon" and initiative is not None:
            f.fail("initiative", "a summon takes its owner's initiative (L359-361): give it to the owner")
        owner = f.text("owner") if f.has("owner") else None
        if ptype == "summon" and owner is None:
            f.raw("owner", " (a summon acts on its owner's initiative)")
        if ptype != "summon" and owner is not None:
            f.fail("owner", "only a summon has an owner")
        rank = f.choice("rank", RANKS, default="normal")
        if ptype != "monster" and f.has("rank"):
            f.fail("rank", "only monsters have a rank")
        return Piece(
            id=pid,
            type=ptype,
            at=at,
            initiative=initiative,
            owner=owner,
            rank=rank,
            flying=flying,
            conditions=frozenset(self.conditions(f)),
            shield=f.opt_integer("shield", 0, MAX_STAT, 0) or 0,
        )

    def initiative(self, f: Fields) -> Fraction:
        """A piece's initiative: any finite number (an ordering device: 35.5 orders ties, 101 acts after 99)."""
        value = f.raw("initiative")
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            f.fail("initiative", f"expected a number, got {describe(value)}")
        return Fraction(str(value))

    def conditions(self, f: Fields, key: str = "conditions") -> tuple[str, ...]:
        """The ``conditions`` list (each known, none twice)."""
        if not f.has(key):
            return ()
        out: list[str] = []
        for item_path, line, item in self.items(f, key):
            if not isinstance(item, str) or item not in CONDITIONS:
                fail(
                    self.shown, line, item_path, f"unknown condition {describe(item)} (known: {', '.join(CONDITIONS)})"
                )
            if item in out:
                fail(self.shown, line, item_path, f"{item} is listed twice")
            out.append(item)
        return tuple(out)

    def check_pieces(self) -> None:
        """Owners exist and are characters; all characters have an initiative or none do."""
        for index, piece in enumerate(self.pieces.values()):
            if piece.owner is not None:
                field = f"pieces[{index}].owner"
                owner = self.pieces.get(piece.owner)
                if owner is None or owner.type != "character":
                    fail(self.shown, self.lines[field], field, f"{piece.owner!r} is not a character of the situation")
        for side, types in (("characters", {"character"}),):  # the enemies a monster ranks by initiative
            group = [(i, p) for i, p in enumerate(self.pieces.values()) if p.type in types]
            given = [i for i, p in group if p.initiative is not None]
            if given and len(given) < len(group):
                missing = next(i for i, p in group if p.initiative is None)
                field = f"pieces[{missing}]"
                fail(
                    self.shown,
                    self.lines[field],
                    f"{field}.initiative",
                    f"required: other {side} have an initiative, so every one of them needs one (or none)",
                )

    def read_object(self, f: Fields, seen: set[Hex]) -> MapObject:
        """One entry of ``objects``: a trap on a ``t`` hex, or a token, treasure tile or pressure plate."""
        f.check_keys(OBJECT_FIELDS, "an object")
        kind = f.choice("type", OBJECT_TYPES)
        at = self.hex(f.raw("at"), f.line("at"), f.name("at"))
        if kind != "trap":
            return self.read_token(f, kind, at, seen)
        if feature(self.board, at) != "trap":
            f.fail("at", f"{self.board.name(at)} is not a trap hex (mark it t in map.terrain)")
        if at in seen:
            f.fail("at", f"{self.board.name(at)} already has an objects entry")
        seen.add(at)
        damage = f.opt_integer("damage", 0, MAX_DAMAGE, None)
        return Trap(at=at, damage=damage, conditions=self.conditions(f))

    def read_token(self, f: Fields, kind: str, at: Hex, seen: set[Hex]) -> Token:
        """A money token or other token (on any hex a figure may stand on), or a treasure tile or pressure plate.

        A treasure tile and a pressure plate are overlay tiles (L1951-1953): each goes on a hex with no other
        overlay (``.`` in the terrain rows), one per hex.
        """
        for key in ("damage", "conditions"):
            if f.has(key):
                f.fail(key, f"only a trap has {key}")
        if f.has("name") and kind != "token":
            f.fail("name", "only an object of type token has a name")
        word = feature(self.board, at)
        where = self.board.name(at)
        if word in BLOCKED_FOR_FIGURES:
            f.fail("at", f"{where} is {BLOCKED_FOR_FIGURES[word]}: nothing lies there")
        if kind in OVERLAY_TOKENS:
            if word != "none":
                f.fail("at", f"{where} already has an overlay tile ({word}); a {kind} is one too (one per hex)")
            if at in seen:
                f.fail("at", f"{where} already has an overlay tile in objects (one per hex)")
            seen.add(at)
        return Token(kind, at, f.text("name") if f.has("name") else None)

    # -- queries

    def read_query(self, f: Fields) -> Query:  # noqa: PLR0911 - one return per query kind
        """The ``query`` mapping, by kind."""
        kind = f.choice("kind", QUERY_KINDS)
        f.check_keys(("kind", *QUERY_FIELDS[kind]), f"a {kind} query")
        if kind == ruling.KIND:
            return ruling.read_ruling(f)
        if kind == "line_of_sight":
            return LineOfSightQuery(self.endpoint(f, "from"), self.endpoint(f, "to"))
        if kind == "range":
            return RangeQuery(self.endpoint(f, "from"), self.endpoint(f, "to"), f.opt_integer("range", 0, 40, None))
        if kind == "move":
            return self.read_move(f)
        if kind == "monster_turn":
            return self.read_monster_turn(f)
        if kind == "initiative":
            return read_initiative(f, self.pieces)
        if kind == "scenario_level":
            return read_scenario_level(f)
        if kind in EFFECT_READERS:
            return EFFECT_READERS[kind](f, self.pieces)
        if kind in MAP_QUERY_KINDS:
            return self.read_map_query(f, kind)
        return self.read_attack_query(f)

    def endpoint(self, f: Fields, key: str) -> Endpoint:
        """A piece id or a hex name."""
        value = f.raw(key)
        if isinstance(value, str) and value in self.pieces:
            return value
        if isinstance(value, str):
            try:
                self.board.parse(value)
            except ValueError:
                f.fail(key, f"expected a piece id or a hex name, got {describe(value)}")
        return self.hex(value, f.line(key), f.name(key))

    def read_move(self, f: Fields) -> MoveQuery:
        """A ``move`` query: a character's or summon's path."""
        pid = self.piece_ref(f.raw("piece"), f.line("piece"), f.name("piece"))
        if self.pieces[pid].type == "monster":
            f.fail("piece", f"{pid} is a monster: a monster's move is asked with a monster_turn query")
        path = self.path(f, self.pieces[pid])
        return MoveQuery(pid, path, f.integer("points", 0, MAX_MOVE), f.flag("jump", default=False))

    def path(self, f: Fields, piece: Piece) -> tuple[Hex, ...]:
        """``path``: the hexes entered in order, without the piece's own hex (a path starting there is refused)."""
        hexes: list[Hex] = []
        for item_path, line, item in self.items(f, "path"):
            h = self.hex(item, line, item_path)
            if not hexes and h == piece.at:
                message = (
                    f"{self.board.name(h)} is where {piece.id} stands: a path lists only the hexes entered, "
                    "without the starting hex"
                )
                fail(self.shown, line, item_path, message)
            hexes.append(h)
        return tuple(hexes)

    def read_map_query(self, f: Fields, kind: str) -> MapQuery:
        """A query about figures and things on the map: push, pull, hex_state, summon, targets, attack_targets."""
        if kind == "attack_targets":
            return self.read_attack_targets(f)
        if kind in PUSH_KINDS:
            return self.read_push(f, kind)
        if kind == "hex_state":
            return HexStateQuery(self.map_hex(f, "at"))
        if kind == "targets":
            figure = self.piece_ref(f.raw("figure"), f.line("figure"), f.name("figure"))
            return TargetsQuery(figure, f.choice("who", TARGET_GROUPS), f.opt_integer("range", 1, MAX_RANGE, 1) or 1)
        return self.read_summon(f)

    def read_attack_targets(self, f: Fields) -> AttackTargetsQuery:
        """An ``attack_targets`` query: a character's (or summon's) attack, and an optional proposed set."""
        attacker = self.piece_ref(f.raw("attacker"), f.line("attacker"), f.name("attacker"))
        if self.pieces[attacker].type == "monster":
            f.fail("attacker", f"{attacker} is a monster: a monster's targets are asked with a monster_turn query")
        a = self.fields(f.raw("attack"), f.name("attack"), f.line("attack")) if f.has("attack") else None
        attack = MonsterAttack()
        if a is not None:
            a.check_keys(CHARACTER_ATTACK_FIELDS, "a character's attack")
            reach = a.opt_integer("range", 0, MAX_RANGE, 0) or 0
            area = self.read_area(a, reach) if a.has("area") else None
            targets = a.opt_integer("targets", 1, MAX_TARGETS, 1) or 1
            attack = MonsterAttack(reach, targets, area, a.opt_integer("add_targets", 0, MAX_TARGETS, 0) or 0)
        chosen: list[str] | None = None
        if f.has("targets"):
            chosen = []
            for item_path, line, item in self.items(f, "targets"):
                pid = self.piece_ref(item, line, item_path)
                if pid in chosen:
                    fail(self.shown, line, item_path, f"{pid} is listed twice")
                chosen.append(pid)
        return AttackTargetsQuery(attacker, attack, None if chosen is None else tuple(sorted(chosen)))

    def map_hex(self, f: Fields, key: str) -> Hex:
        """A hex of the map proper: not a wall hex, which is no part of the map (L498, L1864-1866)."""
        h = self.hex(f.raw(key), f.line(key), f.name(key))
        if feature(self.board, h) == "wall":
            f.fail(key, f"{self.board.name(h)} is a wall hex, not a hex of the map")
        return h

    def read_summon(self, f: Fields) -> SummonQuery:
        """A ``summon`` query: a character placing a summon, and an optional proposed hex."""
        summoner = self.piece_ref(f.raw("summoner"), f.line("summoner"), f.name("summoner"))
        if self.pieces[summoner].type != "character":
            f.fail("summoner", f"{summoner} is a {self.pieces[summoner].type}: only a character's summon is asked here")
        return SummonQuery(summoner, self.map_hex(f, "at") if f.has("at") else None)

    def read_push(self, f: Fields, kind: str) -> PushQuery:
        """A ``push`` or ``pull`` query: who pushes or pulls whom, by how much, and an optional path."""
        attacker = self.piece_ref(f.raw("attacker"), f.line("attacker"), f.name("attacker"))
        target = self.piece_ref(f.raw("target"), f.line("target"), f.name("target"))
        if target == attacker:
            f.fail("target", f"{target} is the attacker: Push and Pull move an enemy (L1026-1027)")
        if not self.pieces[attacker].enemy_of(self.pieces[target]):
            f.fail("target", f"{target} is not an enemy of {attacker}: Push and Pull move an enemy (L1026-1027)")
        amount = f.integer("amount", 1, MAX_PUSH)
        path = self.path(f, self.pieces[target]) if f.has("path") else None
        return PushQuery(attacker, target, amount, path, "push" if kind == "push" else "pull")

    def read_monster_turn(self, f: Fields) -> MonsterTurnQuery:
        """A ``monster_turn`` query."""
        mid = self.piece_ref(f.raw("monster"), f.line("monster"), f.name("monster"))
        if self.pieces[mid].type == "character":  # a summon follows the monsters' rules (L973-975)
            f.fail("monster", f"{mid} is a character, not a monster or a summon (its player chooses its turn)")
        attack = (
            self.read_monster_attack(self.fields(f.raw("attack"), f.name("attack"), f.line("attack")))
            if f.has("attack")
            else None
        )
        play = self.read_play(self.fields(f.raw("play"), f.name("play"), f.line("play"))) if f.has("play") else None
        move = f.opt_integer("move", 0, MAX_MOVE, 0) or 0
        return MonsterTurnQuery(mid, move, f.flag("jump", default=False), attack, play)

    def read_monster_attack(self, f: Fields) -> MonsterAttack:
        """``query.attack`` of a monster turn."""
        f.check_keys(ATTACK_FIELDS, "a monster's attack")
        reach = f.opt_integer("range", 0, MAX_RANGE, 0) or 0
        stat_range = f.opt_integer("stat_range", 0, MAX_RANGE, None)
        area = self.read_area(f, reach or stat_range or 0) if f.has("area") else None
        if area is not None and f.has("targets"):
            f.fail(
                "targets", "Target and an area of effect do not go together (use add_targets for extra single targets)"
            )
        targets = f.opt_integer("targets", 1, MAX_TARGETS, 1) or 1
        add_targets = f.opt_integer("add_targets", 0, MAX_TARGETS, 0) or 0
        return MonsterAttack(reach, targets, area, add_targets, stat_range)

    def read_area(self, f: Fields, reach: int) -> Area:
        """An area diagram: rows of equal length of ``.``, ``@`` and ``*``."""
        cells: dict[Hex, str] = {}
        rows: list[str] = []
        for row_path, line, row in self.items(f, "area"):
            if not isinstance(row, str) or not row.strip():
                fail(self.shown, line, row_path, f"expected a row of . @ * characters, got {describe(row)}")
            text = "".join(row.split())
            if rows and len(text) != len(rows[0]):
                fail(
                    self.shown,
                    line,
                    row_path,
                    f"row has {len(text)} hexes, the first has {len(rows[0])} (rows are of equal length)",
                )
            bad = sorted(set(text) - set(".@*"))
            if bad:
                fail(self.shown, line, row_path, f"unknown area character {bad[0]!r} (known: . @ *)")
            for col, char in enumerate(text):
                if char in "@*":
                    cells[Hex(col, len(rows))] = char
            rows.append(text)
        if not rows:
            f.fail("area", "an area needs at least one row")
        self.check_area(f, cells, reach)
        return Area(tuple(rows), cells)

    @staticmethod
    def check_area(f: Fields, cells: dict[Hex, str], reach: int) -> None:
        """One red hex at least; at most one attacker hex; a ranged area (no attacker hex) needs a range.

        An area with the attacker's hex is melee whatever ``range`` says (L662-664, L1387-1389): the range
        copied from a stat card is accepted and the query answers the attack as melee.
        """
        grey = [h for h, c in cells.items() if c == "@"]
        if "*" not in cells.values():
            f.fail("area", "the area has no red hex (*)")
        if len(grey) > 1:
            f.fail("area", "the area has more than one attacker hex (@)")
        if not grey and reach == 0:
            f.fail("area", "an area without the attacker hex (@) is a ranged area: give attack.range")

    def read_play(self, f: Fields) -> Play:
        """``query.play``: a proposed end hex and targets."""
        f.check_keys(PLAY_FIELDS, "a play")
        end = self.hex(f.raw("end"), f.line("end"), f.name("end"))
        targets: list[str] = []
        if f.has("targets"):
            for item_path, line, item in self.items(f, "targets"):
                pid = self.piece_ref(item, line, item_path)
                if pid in targets:
                    fail(self.shown, line, item_path, f"{pid} is listed twice")
                targets.append(pid)
        return Play(end, tuple(sorted(targets)))

    def read_attack_query(self, f: Fields) -> AttackQuery:
        """An ``attack`` query."""
        target = self.piece_ref(f.raw("target"), f.line("target"), f.name("target")) if f.has("target") else None
        return AttackQuery(
            value=f.integer("value", 0, MAX_ATTACK),
            target=target,
            shield=f.opt_integer("shield", 0, MAX_STAT, None),
            pierce=f.opt_integer("pierce", 0, MAX_STAT, 0) or 0,
            poisoned=f.flag("poisoned", default=False) if f.has("poisoned") else None,
            advantage=f.flag("advantage", default=False),
            disadvantage=f.flag("disadvantage", default=False),
            deck=self.read_deck(f),
            bless=f.opt_integer("bless", 0, MAX_EXTRA_CARDS, 0) or 0,
            curse=f.opt_integer("curse", 0, MAX_EXTRA_CARDS, 0) or 0,
            attacker=self.attacker(f, target),
            retaliate=f.opt_integer("retaliate", 0, MAX_RETALIATE, 0) or 0,
            retaliate_range=self.retaliate_range(f),
            distance=f.opt_integer("distance", 1, MAX_RANGE, None),
            hit_points=f.opt_integer("hit_points", 1, MAX_HIT_POINTS, None),
            effects=self.conditions(f, "effects"),
            drawn=self.read_drawn(f),
        )

    def read_drawn(self, f: Fields) -> tuple[str, ...]:
        """``drawn``: two non-rolling cards, each with its effects, under advantage or disadvantage."""
        if not f.has("drawn"):
            return ()
        items = self.items(f, "drawn")
        if len(items) != 2:  # noqa: PLR2004 - advantage and disadvantage draw two cards
            f.fail("drawn", f"expected the two cards drawn, got {len(items)}")
        if f.flag("advantage", default=False) == f.flag("disadvantage", default=False):
            f.fail("drawn", "two cards are drawn only with advantage or with disadvantage (not both, L689-690)")
        if f.has("deck"):
            f.fail("drawn", "give the deck or the cards drawn from it, not both")
        out: list[str] = []
        for item_path, line, item in items:
            words = item.split() if isinstance(item, str) else []
            if words and words[0] in CARD_EFFECTS:  # an effect alone on the card: +0 (L704)
                words = ["+0", *words]
            card = words[0] if words else ""
            if not CARD.match(card) or card.startswith("r"):
                fail(self.shown, line, item_path, f'expected a card such as +1 or "+0 stun", got {describe(item)}')
            effects = [w for w in words[1:] if not w.isdigit()]
            bad = [w for w in effects if w not in CARD_EFFECTS]
            if bad:
                fail(self.shown, line, item_path, f"unknown effect {bad[0]!r} (effects: {', '.join(CARD_EFFECTS)})")
            out.append(" ".join(words))
        return tuple(out)

    def attacker(self, f: Fields, target: str | None) -> str | None:
        """``attacker``: a piece other than the target, and its enemy."""
        if not f.has("attacker"):
            return None
        attacker = self.piece_ref(f.raw("attacker"), f.line("attacker"), f.name("attacker"))
        if attacker == target:
            f.fail("attacker", f"{attacker} is the target: a figure does not attack itself")
        if target is not None and not self.pieces[attacker].enemy_of(self.pieces[target]):
            f.fail("attacker", f"{attacker} is not an enemy of {target}: an attack targets an enemy")
        return attacker

    @staticmethod
    def retaliate_range(f: Fields) -> int:
        """``retaliate_range``: the Retaliate's Range Y; it needs a ``retaliate``."""
        if f.has("retaliate_range") and not f.has("retaliate"):
            f.fail("retaliate_range", "a Retaliate range needs the Retaliate: give retaliate")
        return f.opt_integer("retaliate_range", 1, MAX_RANGE, 0) or 0

    def read_deck(self, f: Fields) -> tuple[str, ...] | None:
        """``deck``: ``standard`` (``None``) or a list of cards."""
        if not f.has("deck") or f.raw("deck") == "standard":
            return None
        if not is_seq(f.raw("deck")):
            f.fail("deck", f"expected standard or a list of cards, got {describe(f.raw('deck'))}")
        cards: list[str] = []
        for item_path, line, item in self.items(f, "deck"):
            card = item
            if isinstance(item, int) and not isinstance(item, bool):
                card = f"{item:+d}"  # an unquoted +1 reads as the number 1
            if not isinstance(card, str) or not CARD.match(card):
                words = ", ".join(CARD_WORDS)
                fail(self.shown, line, item_path, f"unknown card {describe(item)} (cards: +N, -N, r+N, {words})")
            cards.append(card)
        if not cards:
            f.fail("deck", "a deck needs at least one card")
        return tuple(cards)


__all__ = ["read_situation"]
