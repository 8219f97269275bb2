"""Read and validate a Gloomhaven situation file (``contract-gloomhaven.md``).

:func:`read_situation` is the game's ``situations`` entry: it checks every
field and stops at the first problem with a ``PositionedError`` printed as
``file:line: field: message`` (exit 2).
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection
from fractions import Fraction
from pathlib import Path

from adjudicator.core.yamlpos import Node, is_seq
from adjudicator.games.gloomhaven.model import (
    CARD_WORDS,
    CONDITIONS,
    OBJECT_TYPES,
    PIECE_TYPES,
    QUERY_KINDS,
    RANKS,
    Area,
    AttackQuery,
    Endpoint,
    LineOfSightQuery,
    MonsterAttack,
    MonsterTurnQuery,
    MoveQuery,
    Piece,
    Play,
    Query,
    RangeQuery,
    Situation,
    Trap,
)
from adjudicator.games.gloomhaven.terrain import FEATURES, build_board, feature
from adjudicator.games.gloomhaven.value_reader import (
    INITIATIVE_FIELDS,
    SCENARIO_LEVEL_FIELDS,
    read_initiative,
    read_scenario_level,
)
from adjudicator.situation.fields import DocumentReader, Fields, describe, fail, plain
from adjudicator.spaces.hex import KIND, Hex, HexSpace

TOP_FIELDS = ("ruleset", "scenario_level", "map", "pieces", "objects", "query", "readings", "expect")
MAP_FIELDS = ("terrain", "walls")
PIECE_FIELDS = ("id", "type", "at", "initiative", "owner", "rank", "flying", "conditions", "shield")
OBJECT_FIELDS = ("type", "at", "damage", "conditions")
QUERY_FIELDS: dict[str, tuple[str, ...]] = {
    "monster_turn": ("monster", "move", "jump", "attack", "play"),
    "line_of_sight": ("from", "to"),
    "range": ("from", "to", "range"),
    "move": ("piece", "path", "points", "jump"),
    "attack": (
        *("value", "target", "shield", "pierce", "poisoned", "advantage", "disadvantage"),
        *("deck", "bless", "curse"),
    ),
    "initiative": INITIATIVE_FIELDS,
    "scenario_level": SCENARIO_LEVEL_FIELDS,
}
ATTACK_FIELDS = ("range", "targets", "area", "add_targets")
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
        objects: list[Trap] = []
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

    def conditions(self, f: Fields) -> tuple[str, ...]:
        """The ``conditions`` list (each known, none twice)."""
        if not f.has("conditions"):
            return ()
        out: list[str] = []
        for item_path, line, item in self.items(f, "conditions"):
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

    def read_object(self, f: Fields, seen: set[Hex]) -> Trap:
        """One entry of ``objects`` (a trap on a ``t`` hex)."""
        f.check_keys(OBJECT_FIELDS, "an object")
        f.choice("type", OBJECT_TYPES)
        at = self.hex(f.raw("at"), f.line("at"), f.name("at"))
        if feature(self.board, at) != "trap":
            f.fail("at", f"{self.board.name(at)} is not a trap hex (mark it t in map.terrain)")
        if at in seen:
            f.fail("at", f"{self.board.name(at)} already has an objects entry")
        seen.add(at)
        damage = f.opt_integer("damage", 0, MAX_DAMAGE, None)
        return Trap(at=at, damage=damage, conditions=self.conditions(f))

    # -- queries

    def read_query(self, f: Fields) -> Query:  # noqa: PLR0911 - one return per query kind
        """The ``query`` mapping, by kind."""
        kind = f.choice("kind", QUERY_KINDS)
        f.check_keys(("kind", *QUERY_FIELDS[kind]), f"a {kind} query")
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
        path = tuple(self.hex(item, line, item_path) for item_path, line, item in self.items(f, "path"))
        return MoveQuery(pid, path, f.integer("points", 0, MAX_MOVE), f.flag("jump", default=False))

    def read_monster_turn(self, f: Fields) -> MonsterTurnQuery:
        """A ``monster_turn`` query."""
        mid = self.piece_ref(f.raw("monster"), f.line("monster"), f.name("monster"))
        if self.pieces[mid].type != "monster":
            f.fail("monster", f"{mid} is a {self.pieces[mid].type}, not a monster")
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
        area = self.read_area(f, reach) if f.has("area") else None
        if area is not None and f.has("targets"):
            f.fail(
                "targets", "Target and an area of effect do not go together (use add_targets for extra single targets)"
            )
        targets = f.opt_integer("targets", 1, MAX_TARGETS, 1) or 1
        return MonsterAttack(reach, targets, area, f.opt_integer("add_targets", 0, MAX_TARGETS, 0) or 0)

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
        )

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
