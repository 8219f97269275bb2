"""Read and check a Clix situation file (the public contract), for the game that declares its fields.

:func:`read_situation` checks everything a situation file says and stops at
the first problem with a ``PositionedError`` printed as ``file:line: field:
message``. The engine knows every field either Clix game has (the tuples
below); a game's :class:`~adjudicator.games.clix.variant.ClixFields` lists
its own, and a field of the other game is refused as ``not a HeroClix field``
(or HorrorClix). The data types are in :mod:`adjudicator.games.clix.model`;
:mod:`adjudicator.games.clix.writer` writes a situation back.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any, cast

from adjudicator.core.yamlpos import Node, is_map, is_seq, key_line
from adjudicator.games.clix.model import (
    ACTION_KINDS,
    ATTACK_TYPES,
    DEFAULT_BUILD_TOTAL,
    DOORS,
    EFFECT_OPS,
    FACES,
    FLIGHT_MODES,
    HOURGLASS,
    MAP_KINDS,
    MOVE_MODES,
    OBJECT_TYPES,
    PHASES,
    PIECE_STATES,
    PIECE_TYPES,
    SIZES,
    STAT_NAMES,
    STAT_RANGES,
    ActionQuery,
    AttackQuery,
    Effect,
    Endpoint,
    EndTurnQuery,
    KillEvent,
    LineOfFireQuery,
    MapKind,
    MapObject,
    MoveQuery,
    Piece,
    Query,
    ReachQuery,
    ScoreQuery,
    Situation,
    Stat,
    ValueQuery,
)
from adjudicator.games.clix.variant import ClixGame
from adjudicator.situation import ruling
from adjudicator.situation.fields import DocumentReader, Fields, check_int, describe, fail, plain
from adjudicator.spaces import SpaceId
from adjudicator.spaces.square import KIND as SQUARES
from adjudicator.spaces.square import Square, SquareSpace

TOP_FIELDS = ("ruleset", "build_total", "scenario", "map", "pieces", "objects", "query", "readings", "expect")
"""Every top-level field some Clix game has (each game lists its own in its ``ClixFields``)."""
MAP_FIELDS = ("kind", "terrain", "elevation", "indoor", "walls", "stairs")
FIGURE_FIELDS = (
    *("id", "type", "player", "owner", "at", "speed", "attack", "defense", "damage", "range", "targets"),
    *("points", "move", "flight", "size", "tokens", "victims", "minion", "state"),
)
TOKEN_FIELDS = ("id", "type", "at", "speed", "face")
SCORE_EVENT_FIELDS = ("kill", "by_player", "phase")
QUERY_FIELDS: dict[str, tuple[str, ...]] = {
    "action": ("piece", "action", "acted_this_turn", "actions_left", "free_action_granted"),
    "move": ("piece", "to", "die", "frenzy"),
    "reach": ("piece", "die"),
    "line_of_fire": ("from", "to"),
    "attack": ("piece", "type", "targets", "roll", "divide"),
    "value": ("piece", "stat", "effects"),
    "end_turn": ("player", "acted"),
    "score": ("events",),
    ruling.KIND: ruling.FIELDS,
}
TERRAIN_CHARS = ".h~#x"
MAX_PLAYER = 8
MAX_BUILD_TOTAL = 10_000
MAX_POINTS = 1000
MAX_VICTIMS = 12
MAX_TARGETS = 12
MAX_ACTIONS_LEFT = 9
MAX_DIVIDED = 32
MAX_FACT = 99
"""The largest whole number a ``query.facts`` entry may give (each decision's own domain is narrower)."""
"""The most clicks one share of divided damage may name (the damage itself is checked by the rules)."""
EFFECT_RANGES = {"replace": (0, 30), "modify": (-30, 30)}


class _Reader(DocumentReader):
    """State while reading one file: its name, the lines seen and the board."""

    def __init__(self, shown: str, known_rulesets: Collection[str], game: ClixGame) -> None:
        super().__init__(shown)
        self.known_rulesets = known_rulesets
        self.board: SquareSpace | None = None
        self.kind = SQUARES
        self.ruleset = ""
        self.game = game
        self.pieces: dict[str, Piece] = {}
        self.occupied: dict[SpaceId, str] = {}
        self.id_lines: dict[str, int] = {}
        self.objects: dict[SpaceId, MapObject] = {}
        self.given: dict[str, bool | int] = {}

    def check_keys(self, f: Fields, allowed: Sequence[str], every: Collection[str], what: str) -> None:
        """Refuse a field of the other Clix game by name, then any other unknown field."""
        for key in f.node:
            if isinstance(key, str) and key not in allowed and key in every:
                f.fail(key, f"not a {self.game.title} field")
        f.check_keys(allowed, what)

    def stat(self, f: Fields, key: str, *, hourglass: bool) -> Stat:
        """A required dial value; the word hourglass where the game's dials show it in that slot."""
        value = f.raw(key)
        if value == HOURGLASS:
            if hourglass and self.game.fields.hourglass:
                return HOURGLASS
            if hourglass:
                f.fail(key, f"hourglass is not a {self.game.title} dial value (expected a whole number)")
        low, high = STAT_RANGES[key]
        alt = " or hourglass" if hourglass and self.game.fields.hourglass else ""
        return check_int(f, key, value, low, high, alt=alt)

    def square(self, value: Node, line: int, field: str) -> Square:
        """A square name that is on the map."""
        if not isinstance(value, str):
            fail(self.shown, line, field, f"expected a square name such as C3, got {describe(value)}")
        try:
            square = self.space.parse(value)
        except ValueError as exc:
            fail(self.shown, line, field, str(exc))
        if not self.space.contains(square):
            fail(self.shown, line, field, self.space.not_on_map(square))
        return square

    @property
    def space(self) -> SquareSpace:
        """The map's space (the map is read before any place is named)."""
        return cast("SquareSpace", self.board)

    def piece_ref(self, value: Node, line: int, field: str) -> str:
        """The id of a piece in this situation."""
        if not isinstance(value, str) or value not in self.pieces:
            known = ", ".join(self.pieces) or "none"
            fail(self.shown, line, field, f"unknown piece {describe(value)} (pieces: {known})")
        return value

    def piece_refs(self, f: Fields, key: str, min_items: int = 0) -> tuple[str, ...]:
        """A list of distinct piece ids."""
        refs: list[str] = []
        items = self.items(f, key)
        if len(items) < min_items:
            f.fail(key, f"expected at least {min_items} piece id(s), got none")
        for path, line, item in items:
            ref = self.piece_ref(item, line, path)
            if ref in refs:
                fail(self.shown, line, path, f"piece {ref!r} is listed twice")
            refs.append(ref)
        return tuple(refs)

    # -- map --------------------------------------------------------------

    def rows(self, f: Fields, key: str, chars: str, shape: tuple[int, int] | None) -> list[str]:
        """Map text rows, all of one length and using only ``chars``."""
        items = self.items(f, key)
        if not items:
            f.fail(key, "expected at least one row")
        if shape is not None and len(items) != shape[1]:
            f.fail(key, f"{len(items)} rows given, terrain has {shape[1]}")
        rows: list[str] = []
        for path, line, item in items:
            if not isinstance(item, str):
                fail(self.shown, line, path, f"expected a quoted string of map characters, got {describe(item)}")
            width = shape[0] if shape is not None else len(items[0][2]) if isinstance(items[0][2], str) else 0
            if not item:
                fail(self.shown, line, path, "row is empty")
            if len(item) != width:
                fail(self.shown, line, path, f"row has {len(item)} squares, expected {width} (rows must be equal)")
            for col, ch in enumerate(item):
                if ch not in chars:
                    name = self.kind.position_name(col, len(rows))
                    fail(self.shown, line, path, f"character {ch!r} at {name} is not one of {' '.join(chars)}")
            rows.append(item)
        return rows

    def read_map(self, f: Fields) -> MapKind:
        """Read ``map``, building the board."""
        f.check_keys(MAP_FIELDS, "map")
        kind = cast("MapKind", f.choice("kind", MAP_KINDS))
        terrain = self.rows(f, "terrain", TERRAIN_CHARS, None)
        shape = (len(terrain[0]), len(terrain))
        elevation = self.rows(f, "elevation", "0123456789x.", shape) if f.has("elevation") else None
        indoor = self.rows(f, "indoor", "i.x", shape) if f.has("indoor") else None
        if indoor is not None and kind != "indoor/outdoor":
            f.fail("indoor", f"indoor rows are only for kind: indoor/outdoor maps (this map is {kind})")
        if kind == "indoor":
            indoor = ["".join("x" if ch == "x" else "i" for ch in row) for row in terrain]
        try:
            self.board = self.kind.build(terrain, elevation, indoor)
        except ValueError as exc:
            # board.py names the row: point at that row's line when it does
            found = re.match(r"(terrain|elevation|indoor) row (\d+)", str(exc))
            field = f"map.{found.group(1)}[{int(found.group(2)) - 1}]" if found else "map"
            fail(self.shown, self.lines.get(field, f.line0), field, str(exc))
        walls: set[frozenset[Square]] = set()
        for path, line, item in self.items(f, "walls") if f.has("walls") else []:
            if not is_seq(item) or len(item) != 2:  # noqa: PLR2004 - a wall joins two squares
                fail(self.shown, line, path, f"expected a pair of squares such as [B2, C2], got {describe(item)}")
            a, b = (self.square(name, line, path) for name in item)
            if b not in self.space.neighbours(a) or self.space.step(a, b).vertex:
                what = f"{self.space.name(a)} and {self.space.name(b)} are not orthogonally adjacent"
                fail(self.shown, line, path, f"{what} (a wall lies on the edge between two squares side by side)")
            walls.add(frozenset((a, b)))
        stairs = {
            self.square(item, line, path) for path, line, item in (self.items(f, "stairs") if f.has("stairs") else [])
        }
        pairs = [(a, b) for a, b in (tuple(wall) for wall in walls)]
        self.board = self.kind.build(terrain, elevation, indoor, pairs, stairs)
        return kind

    # -- pieces -----------------------------------------------------------

    def read_piece(self, f: Fields) -> Piece:
        """Read one piece and place it on the board."""
        ptype = f.choice("type", PIECE_TYPES)
        game = self.game
        if ptype not in game.piece_types:
            f.fail("type", f"{ptype} is not a piece type of {game.id} (expected {' | '.join(game.piece_types)})")
        token = ptype in game.fields.token_types
        if token:
            self.check_keys(f, game.fields.token, TOKEN_FIELDS, f"a {ptype}")
        else:
            self.check_keys(f, game.fields.figure, FIGURE_FIELDS, f"a {ptype}")
        piece_id = f.text("id")
        if piece_id in self.pieces:
            f.fail("id", f"duplicate piece id {piece_id!r} (first used at line {self.id_lines[piece_id]})")
        self.id_lines[piece_id] = f.line("id")
        size = f.choice("size", SIZES, "standard")
        at = self.read_at(f, size == "double")
        if token:
            return Piece(
                piece_id,
                "victim",
                at,
                self.stat(f, "speed", hourglass=False),
                face=cast("Any", f.choice("face", FACES, "down")),
            )
        player = f.integer("player", 1, MAX_PLAYER)
        move = f.choice("move", MOVE_MODES, "foot")
        if f.has("flight") and move != "flight":
            f.fail("flight", f"a flight mode is only for move: flight (this piece moves by {move})")
        return Piece(
            id=piece_id,
            type=cast("Any", ptype),
            at=at,
            speed=self.stat(f, "speed", hourglass=True),
            player=player,
            owner=f.opt_integer("owner", 1, MAX_PLAYER, player),
            attack=self.stat(f, "attack", hourglass=True),
            defense=self.stat(f, "defense", hourglass=True),
            damage=cast("int", self.stat(f, "damage", hourglass=False)),
            range=cast("int", self.stat(f, "range", hourglass=False)),
            targets=cast("int", f.opt_integer("targets", 1, MAX_TARGETS, 1)),
            points=f.opt_integer("points", 0, MAX_POINTS, None),
            move=cast("Any", move),
            flight=cast("Any", f.choice("flight", FLIGHT_MODES)) if f.has("flight") else None,
            size=cast("Any", size),
            tokens=cast("int", f.opt_integer("tokens", 0, 2, 0)),
            victims=cast("int", f.opt_integer("victims", 0, MAX_VICTIMS, 0)),
            minion=f.flag("minion", default=False),
            state=cast("Any", f.choice("state", PIECE_STATES, "normal")),
        )

    def read_at(self, f: Fields, double: bool) -> tuple[SpaceId, ...]:
        """The square(s) a piece stands on: free, on the map, not blocking."""
        value = f.raw("at")
        line, field = f.line("at"), f.name("at")
        names = list(value) if is_seq(value) else [value]
        if double and len(names) != 2:  # noqa: PLR2004 - a double base covers two squares
            fail(
                self.shown,
                line,
                field,
                f"a size: double piece stands on two squares, e.g. [C3, C4]; got {describe(value)}",
            )
        if not double and len(names) != 1:
            fail(self.shown, line, field, f"expected one square (two only for size: double), got {describe(value)}")
        squares = tuple(self.square(name, line, field) for name in names)
        if double and self.space.distance(*squares) != 1:
            a, b = (self.space.name(sq) for sq in squares)
            fail(
                self.shown, line, field, f"the two squares of a double-base piece must be adjacent; {a} and {b} are not"
            )
        piece_id = str(f.node.get("id"))
        for square in squares:
            if self.space.terrain_at(square) == "blocking":
                fail(
                    self.shown,
                    line,
                    field,
                    f"square {self.space.name(square)} is blocking terrain: no piece can stand there",
                )
            if square in self.occupied:
                fail(
                    self.shown,
                    line,
                    field,
                    f"square {self.space.name(square)} is already occupied by {self.occupied[square]}",
                )
            self.occupied[square] = piece_id
        return squares

    def read_object(self, f: Fields) -> MapObject:
        """Read one map object."""
        otype = f.choice("type", self.game.fields.object_types or OBJECT_TYPES)
        f.check_keys(("type", "at", "door") if otype == "portal" else ("type", "at"), f"a {otype}")
        at = self.square(f.raw("at"), f.line("at"), f.name("at"))
        door = f.choice("door", DOORS) if otype == "portal" else None
        return MapObject(cast("Any", otype), at, cast("Any", door))

    # -- query ------------------------------------------------------------

    def endpoint(self, f: Fields, key: str) -> Endpoint:
        """A line-of-fire end: a piece id or a square on the map."""
        value = f.raw(key)
        line, field = f.line(key), f.name(key)
        if not isinstance(value, str):
            fail(self.shown, line, field, f"expected a piece id or a square, got {describe(value)}")
        if value in self.pieces:
            try:
                square = self.space.parse(value)
            except ValueError:
                return value
            if not self.space.contains(square):  # mon1 names column MON, far off this map: the piece is meant
                return value
            fail(self.shown, line, field, f"{value!r} is both a piece id and a square of the map; rename the piece")
        try:
            self.space.parse(value)
        except ValueError:
            known = ", ".join(self.pieces) or "none"
            fail(self.shown, line, field, f"{value!r} is neither a piece id ({known}) nor a square name")
        return self.square(value, line, field)

    def read_query(self, f: Fields) -> Query:  # noqa: PLR0911 - one return per query kind
        """Read the query, checking the fields its kind takes."""
        kind = f.choice("kind", tuple(self.game.fields.queries))
        self.check_keys(f, ("kind", *self.game.fields.queries[kind]), (*QUERY_FIELDS[kind], "facts"), f"a {kind} query")
        self.given = self.read_facts(f) if f.has("facts") else {}

        def piece() -> str:
            """The piece the query is about."""
            return self.piece_ref(f.raw("piece"), f.line("piece"), f.name("piece"))

        def die() -> int | None:
            """The optional break-away die."""
            return f.opt_integer("die", 1, 6, None)

        if kind == "action":
            return ActionQuery(
                piece(),
                cast("Any", f.choice("action", ACTION_KINDS)),
                acted_this_turn=f.flag("acted_this_turn", default=False) if f.has("acted_this_turn") else None,
                actions_left=f.opt_integer("actions_left", 0, MAX_ACTIONS_LEFT, None),
                free_action_granted=(
                    f.flag("free_action_granted", default=False) if f.has("free_action_granted") else None
                ),
            )
        if kind == "move":
            return self.read_move(f, piece(), die())
        if kind == "reach":
            return ReachQuery(piece(), die())
        if kind == "line_of_fire":
            return LineOfFireQuery(self.endpoint(f, "from"), self.endpoint(f, "to"))
        if kind == "attack":
            return self.read_attack(f, piece())
        if kind == "value":
            return ValueQuery(piece(), cast("Any", f.choice("stat", STAT_NAMES)), self.read_effects(f))
        if kind == "end_turn":
            return EndTurnQuery(
                self.player(f, "player", f.raw("player"), f.line("player")), self.piece_refs(f, "acted")
            )
        return self.read_score(f)

    def read_ruling(self, f: Fields) -> Query | None:
        """A ``ruling`` query where the game answers one: its facts are the decision's own, not those it assumes."""
        if ruling.KIND not in self.game.fields.queries:
            return None
        self.check_keys(f, ("kind", *self.game.fields.queries[ruling.KIND]), ruling.FIELDS, "a ruling query")
        return ruling.read_ruling(f)

    def read_facts(self, f: Fields) -> dict[str, bool | int]:
        """``facts: {name: value}``: facts the game would otherwise assume, named by its profile (``assumed``).

        A value has the type of the documented default (true/false, or a whole number); whether a number
        lies in the domain a decision declares is checked when the decision is asked.
        """
        value = f.raw("facts")
        assumed = self.game.profile.assumed
        if not is_map(value):
            f.fail("facts", f"expected a mapping of fact name to value such as {{evaded: true}}, got {describe(value)}")
        if not assumed:
            f.fail("facts", f"{self.ruleset} assumes no fact a situation could give: every fact comes from the board")
        out: dict[str, bool | int] = {}
        for key, given in value.items():
            path = f"{f.name('facts')}.{key}"
            line = key_line(value, key, f.line("facts"))
            self.lines[path] = line
            if not isinstance(key, str) or key not in assumed:
                import difflib  # noqa: PLC0415 - only to suggest a name for a misspelt fact

                near = difflib.get_close_matches(str(key), list(assumed), n=1)
                hint = f"did you mean '{near[0]}'?" if near else f"known: {', '.join(sorted(assumed))}"
                fail(self.shown, line, path, f"not a fact {self.ruleset} assumes ({hint})")
            default = assumed[key][0]
            if isinstance(default, bool):
                if not isinstance(given, bool):
                    fail(self.shown, line, path, f"expected true or false, got {describe(given)}")
            elif isinstance(given, bool) or not isinstance(given, int) or not -MAX_FACT <= given <= MAX_FACT:
                fail(self.shown, line, path, f"expected a whole number -{MAX_FACT}..{MAX_FACT}, got {describe(given)}")
            out[key] = given
        return out

    def read_move(self, f: Fields, mover: str, die: int | None) -> MoveQuery:
        """A move query; ``to`` names two neighbouring squares for a piece on a two-square base."""
        value, line, field = f.raw("to"), f.line("to"), f.name("to")
        frenzy = f.flag("frenzy", default=False)
        if not is_seq(value):
            return MoveQuery(mover, self.square(value, line, field), die, frenzy)
        if len(self.pieces[mover].at) != 2 or len(value) != 2:  # noqa: PLR2004 - a double base covers two squares
            fail(self.shown, line, field, f"two squares are only for a size: double piece; got {describe(value)}")
        first, second = (self.square(name, line, field) for name in value)
        if self.space.distance(first, second) != 1:
            a, b = self.space.name(first), self.space.name(second)
            fail(self.shown, line, field, f"the two ends of a base must be adjacent; {a} and {b} are not")
        return MoveQuery(mover, first, die, frenzy, to_also=second)

    def read_score(self, f: Fields) -> ScoreQuery:
        """The kill events of a score query."""
        events = []
        for path, line, item in self.items(f, "events"):
            e = self.fields(item, path, line)
            self.check_keys(e, self.game.fields.score_event, SCORE_EVENT_FIELDS, "a score event")
            kill = self.piece_ref(e.raw("kill"), e.line("kill"), e.name("kill"))
            by_player = self.player(e, "by_player", e.raw("by_player"), e.line("by_player"))
            phaseless = not self.game.capabilities.phases  # a game without phases scores every kill alike
            phase = e.choice("phase", PHASES, PHASES[0] if phaseless else None)
            events.append(KillEvent(kill, by_player, cast("Any", phase)))
        return ScoreQuery(tuple(events))

    def player(self, f: Fields, key: str, value: Node, line: int) -> int:
        """A player number that controls or owns some piece."""
        number = check_int(f, key, value, 1, MAX_PLAYER)
        players = {p.player for p in self.pieces.values()} | {p.owner for p in self.pieces.values()}
        if number not in players:
            known = ", ".join(str(n) for n in sorted(n for n in players if n is not None)) or "none"
            fail(self.shown, line, f.name(key), f"player {number} has no piece (players: {known})")
        return number

    def read_attack(self, f: Fields, attacker: str) -> AttackQuery:
        """The fields of an attack query."""
        attack_type = f.choice("type", ATTACK_TYPES)
        targets = self.attack_targets(f)
        if attacker in targets:
            f.fail("targets", f"{attacker} cannot target itself")
        roll = None
        if f.has("roll"):
            dice = f.seq("roll")
            if len(dice) != 2:  # noqa: PLR2004 - an attack roll is 2d6
                f.fail("roll", f"expected two dice such as [4, 4], got {len(dice)} value(s)")
            first, second = (check_int(f, "roll", d, 1, 6) for d in dice)
            roll = (first, second)
        divide = self.read_divide(f, targets, roll) if f.has("divide") else None
        return AttackQuery(attacker, cast("Any", attack_type), targets, roll, divide=divide)

    def read_divide(
        self, f: Fields, targets: tuple[str, ...], roll: tuple[int, int] | None
    ) -> tuple[tuple[str, int], ...]:
        """``divide: {target: clicks}``: whole shares of the damage, 0 or more, for piece targets of the attack.

        Whether the shares add up to the damage and go to hit targets only is for the rules to say once the
        roll is known (the ``attack`` query checks it), so a division needs a roll. A target left out gets 0.
        """
        value = f.raw("divide")
        if not is_map(value) or not value:
            f.fail("divide", f"expected a mapping of target to clicks such as {{a: 2, b: 1}}, got {describe(value)}")
        if roll is None:
            f.fail("divide", "a division of damage needs the attack's roll: which targets are hit depends on it")
        shares: list[tuple[str, int]] = []
        for key, clicks in value.items():
            path = f"{f.name('divide')}.{key}"
            line = key_line(value, key, f.line("divide"))
            self.lines[path] = line
            if not isinstance(key, str) or key not in targets or key not in self.pieces:
                known = ", ".join(t for t in targets if t in self.pieces)
                fail(self.shown, line, path, f"{describe(key)} is not a target of this attack (targets: {known})")
            if isinstance(clicks, bool) or not isinstance(clicks, int) or not 0 <= clicks <= MAX_DIVIDED:
                fail(
                    self.shown,
                    line,
                    path,
                    f"expected a whole number of clicks 0..{MAX_DIVIDED}, got {describe(clicks)}",
                )
            shares.append((key, clicks))
        return tuple(shares)

    def attack_targets(self, f: Fields) -> tuple[str, ...]:
        """The targets of an attack: piece ids, or squares holding a portal or tombstone (a smash attempt).

        A repeated target is let through: the rules say such a ranged attack is
        illegal (one ranged action cannot target the same monster twice), so
        the answer cites the rule.
        """
        refs: list[str] = []
        items = self.items(f, "targets")
        if not items:
            f.fail("targets", "expected at least 1 target, got none")
        for path, line, item in items:
            if isinstance(item, str) and item not in self.pieces:
                try:
                    square = self.space.parse(item)
                except ValueError:
                    square = None
                if square is not None and square in self.objects and self.objects[square].type != "tree":
                    refs.append(self.space.name(square))
                    continue
            refs.append(self.piece_ref(item, line, path))
        return tuple(refs)

    def read_effects(self, f: Fields) -> tuple[Effect, ...]:
        """The effects list of a value query."""
        effects = []
        for path, line, item in self.items(f, "effects"):
            e = self.fields(item, path, line)
            e.check_keys(EFFECT_OPS, "an effect")
            if len(e.node) != 1:
                fail(self.shown, line, path, "expected exactly one of {replace: N}, {halve: true}, {modify: N}")
            op = str(next(iter(e.node)))
            if op == "halve":
                if e.node[op] is not True:
                    e.fail(op, f"expected true, got {describe(e.node[op])}")
                effects.append(Effect("halve"))
            else:
                low, high = EFFECT_RANGES[op]
                effects.append(Effect(cast("Any", op), cast("int", e.opt_integer(op, low, high, 0))))
        return tuple(effects)

    # -- whole file -------------------------------------------------------

    def read(self, doc: Node, path: Path) -> Situation:
        """Read and check a whole situation document."""
        if not is_map(doc):
            fail(self.shown, 1, "situation", "expected a mapping with ruleset, map, pieces and query")
        top = self.fields(doc, "", 1)
        self.check_keys(top, self.game.fields.top, TOP_FIELDS, "a situation")
        self.ruleset = top.text("ruleset")
        if self.ruleset not in self.known_rulesets:
            top.fail("ruleset", f"unknown ruleset {self.ruleset!r} (known: {', '.join(sorted(self.known_rulesets))})")
        build_total = cast("int", top.opt_integer("build_total", 1, MAX_BUILD_TOTAL, DEFAULT_BUILD_TOTAL))
        scenario = self.read_scenario(top) if top.has("scenario") else None
        map_kind = self.read_map(self.fields(top.raw("map"), "map", top.line("map")))
        for item_path, line, item in self.items(top, "pieces"):
            piece = self.read_piece(self.fields(item, item_path, line))
            self.pieces[piece.id] = piece
        objects = (
            [self.read_object(self.fields(item, p, line)) for p, line, item in self.items(top, "objects")]
            if top.has("objects")
            else []
        )
        self.objects = {o.at: o for o in objects}
        asked = self.fields(top.raw("query"), "query", top.line("query"))
        query = self.read_ruling(asked) if asked.has("kind") and asked.raw("kind") == ruling.KIND else None
        query = query or self.read_query(asked)
        readings = self.read_readings(top) if top.has("readings") else {}
        return Situation(
            ruleset=self.ruleset,
            map_kind=map_kind,
            board=self.space,
            pieces=tuple(self.pieces.values()),
            query=query,
            build_total=build_total,
            objects=tuple(objects),
            scenario=scenario,
            facts=self.given,
            readings=readings,
            expect=plain(top.raw("expect")) if top.has("expect") else None,
            path=path,
            lines=dict(self.lines),
            game=self.game,
        )

    def read_scenario(self, top: Fields) -> str:
        """The ``scenario`` the game is played in: one its ruleset's rules give."""
        every = self.game.scenarios
        known = every.get(self.ruleset, ())
        if not known:
            with_some = ", ".join(sorted(every)) or "no ruleset"
            top.fail("scenario", f"{self.ruleset} has no scenarios (scenarios are given for {with_some})")
        return top.choice("scenario", known)


def read_situation(doc: Node, path: Path, shown: str, known_rulesets: Collection[str], game: ClixGame) -> Situation:
    """Read a Clix situation document of ``game`` (its fields; the other Clix game's are refused)."""
    return _Reader(shown, known_rulesets, game).read(doc, path)
