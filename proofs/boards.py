"""Small boards put through the real engine: which fact vectors each decision meets on them.

The solver's witnesses (``diff``, ``check``) are fact assignments; a designer
needs a board. This module enumerates small situations (3x3 up to 5x4, a few
terrain squares of each kind, walls, elevation, stairs, indoor squares,
objects, one to four pieces with varied player, movement, flight, size and
hourglass values), answers a handful of queries on each (``reach``,
``move``, ``line_of_fire``, ``attack``, ``action``) through
:func:`adjudicator.judge.answer`, and records every ``(decision, facts)``
pair that :meth:`Table.decide <adjudicator.games.clix.table.Table.decide>` is asked
(:func:`recording` wraps it). For each decision and fact vector the
smallest board that produced it is kept, with the query that did.

Boards are generated from their index alone (a seeded random stream per
index, growing in size and features with the index), so the table is
deterministic. It is cached on disk (:func:`cache_dir`, git-ignored) under a
name hashing the spec, the engine's code and the enumeration bounds; a
warm ``diff`` reads it in well under a second.

A cold build scans the boards in forked worker processes (:func:`jobs`).
The rulesets of one game share their boards, so :func:`scan_many` answers
each board's queries under every ruleset asked in one pass (the map, and
what the engine works out per map, built once). A query's answer depends on
its ruleset only through what ``Table.decide`` returns (the decisions, their
facts and the game profile are the game's, shared by its rulesets), so when
every call the first ruleset's run made comes out the same under another
ruleset, that ruleset's run would make the very same calls: they are taken
as its record without running the query again (:meth:`_Recorder.replays`;
the tests compare the result with running every ruleset on its own). ``check`` and ``diff``
:func:`start` the scan before their solver runs, so the two overlap;
:func:`load_many` then takes the workers' results. After a spec edit a table
is rebuilt from the logs of the last scan (:func:`rebuild`, only the queries
the edit changes asked again), likewise in the background.

A board is kept as a *document*: the contract's situation file as plain data
without ``ruleset`` and ``query`` (``map``, ``pieces``, ``objects``);
:func:`situation` builds the :class:`~adjudicator.games.clix.model.Situation`
directly (no YAML), :func:`yaml_text` writes the contract file.
"""

from __future__ import annotations

import gc
import hashlib
import json
import multiprocessing
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import cache, partial
from multiprocessing.connection import Connection
from multiprocessing.sharedctypes import Synchronized
from pathlib import Path
from typing import Any, Final, Self

from adjudicator.core import resources
from adjudicator.core.collector import collector_paused
from adjudicator.core.engine import Facts, Result, RuleConflict
from adjudicator.core.expr.compile import Value
from adjudicator.core.spec import Spec
from adjudicator.games import game_named, game_of
from adjudicator.games.clix.model import (
    ActionQuery,
    AttackQuery,
    Effect,
    LineOfFireQuery,
    MapKind,
    MapObject,
    MoveQuery,
    Piece,
    Query,
    ReachQuery,
    Situation,
    ValueQuery,
)
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.variant import clix_game
from adjudicator.games.clix.writer import dump_situation
from adjudicator.judge import answer
from adjudicator.spaces import Space, SpaceId
from adjudicator.spaces.square import KIND as SQUARE
from proofs import board_logs, decision_cache
from proofs.board_logs import Board, Logs
from proofs.forking import fork_map, jobs

Doc = dict[str, Any]
"""A board: the contract's situation document without ``ruleset`` and ``query``."""
QueryDoc = dict[str, Any]
"""A query as the contract writes it (``{"kind": "move", "piece": "a", "to": "C2"}``)."""
Outcome = Value | None
"""What a decision came to on a board: its value, ``"undecided"`` or ``"conflict"``."""

BOARD_COUNT: Final = 3000
"""How many boards the table is built from (the enumeration bound)."""
SIZES: Final = ((3, 3), (4, 3), (3, 4), (4, 4), (5, 3), (5, 4))
"""Board sizes, smallest first; the largest is the bound named in notes."""
MAX_SIZE: Final = "5x4"
"""The space kind of the boards (their map text is the square grid's)."""
IDS: Final = ("a", "b", "c", "d")
"""Piece ids: distinct first letters, so the text picture tells them apart."""
QUERY_RANK: Final = {"move": 0, "line_of_fire": 1, "attack": 2, "action": 3, "reach": 4, "value": 5}
"""Which query a designer would rather read, when two on one board meet the same facts."""
EMPTY_ABORT: Final = 40
"""Give up after this many boards if the engine recorded nothing (a spec the queries do not fit)."""
CODE_FILES: Final = ("adjudicator", "proofs/boards.py", "proofs/board_logs.py")
"""The code whose changes make the cached table stale."""
UNHASHED: Final = ("docgen", "cli", "coverage")
"""Modules of ``adjudicator`` that do not answer queries (their changes keep the cache)."""


# --- recording decisions ------------------------------------------------------------


def outcome_of(result: Result) -> Outcome:
    """A result as one value: the decided value or ``"undecided"``."""
    return "undecided" if result.status == "undecided" else result.value


def outcome_now(
    spec: Spec, ruleset: str, decision: str, facts: Mapping[str, Value], readings: Mapping[str, str] | None = None
) -> Outcome:
    """What a decision comes to under ``ruleset`` and ``readings`` for facts as declared (or ``"conflict"``)."""
    try:
        return outcome_of(spec.decide(ruleset, decision, facts, readings))
    except RuleConflict:
        return "conflict"


def same_outcome(one: Outcome | object, other: Outcome) -> bool:
    """Whether two outcomes are the same value of the same type (``True == 1``, but not here)."""
    return one == other and type(one) is type(other)


Log = list[tuple[str, dict[str, Value], Outcome]]


@contextmanager
def recording() -> Iterator[Log]:
    """Record every ``Table.decide`` call (decision, facts, outcome) while the block runs."""
    log: Log = []
    original = Table.decide

    def decide(self: Table, decision: str, facts: Mapping[str, Value]) -> Result:
        # the facts as the game's decision declares them (adjudicator.games.clix.profiles drops or fills some)
        facts = self.profile.adapt(self.spec.decision(self.ruleset, decision), facts)[0]
        try:
            result = original(self, decision, facts)
        except RuleConflict:
            log.append((decision, dict(facts), "conflict"))
            raise
        log.append((decision, dict(facts), outcome_of(result)))
        return result

    Table.decide = decide  # type: ignore[method-assign,assignment]
    try:
        yield log
    finally:
        Table.decide = original  # type: ignore[method-assign]


def facts_key(facts: Mapping[str, Value]) -> str:
    """A fact vector as a canonical string (sorted names)."""
    return json.dumps(sorted(facts.items()))


# --- building situations --------------------------------------------------------


def situation(doc: Doc, ruleset: str, query: QueryDoc, readings: Mapping[str, str] | None = None) -> Situation:
    """The situation of a board document under ``ruleset`` with ``query`` (built directly, no YAML)."""
    return _Built.of(doc).situation(ruleset, query, readings)


@dataclass(frozen=True)
class _Built:
    """What every query on one board shares: its map, pieces and objects, built once."""

    map_kind: MapKind
    board: Space
    pieces: tuple[Piece, ...]
    objects: tuple[MapObject, ...]

    @classmethod
    def of(cls, doc: Doc) -> _Built:
        """The board, pieces and objects of a board document."""
        board_map = doc["map"]
        board = _board(board_map)
        pieces = tuple(_piece(board, p) for p in doc["pieces"])
        objects = tuple(MapObject(o["type"], board.parse(o["at"]), o.get("door")) for o in doc.get("objects", []))
        return cls(board_map["kind"], board, pieces, objects)

    def situation(self, ruleset: str, query: QueryDoc, readings: Mapping[str, str] | None = None) -> Situation:
        """The situation of this board under ``ruleset`` with ``query``."""
        return Situation(
            game=clix_game(ruleset),
            ruleset=ruleset,
            map_kind=self.map_kind,
            board=self.board,
            pieces=self.pieces,
            query=make_query(self.board, query),
            objects=self.objects,
            readings=dict(readings or {}),
        )


def _board(board_map: Doc) -> Space:
    """The square board of a document's ``map``."""
    terrain = board_map["terrain"]
    indoor_rows = board_map.get("indoor")
    if board_map["kind"] == "indoor":
        indoor_rows = ["i" * len(row) for row in terrain]
    elevation = board_map.get("elevation")
    plain = SQUARE.build(terrain, elevation, indoor_rows)
    return SQUARE.build(
        terrain,
        elevation,
        indoor_rows,
        walls=[(plain.parse(a), plain.parse(b)) for a, b in board_map.get("walls", [])],
        stairs=[plain.parse(name) for name in board_map.get("stairs", [])],
    )


def _piece(space: Space, p: Mapping[str, Any]) -> Piece:
    at = p["at"] if isinstance(p["at"], list) else [p["at"]]
    squares = tuple(space.parse(s) for s in at)
    if p["type"] == "victim":
        return Piece(p["id"], "victim", squares, p["speed"], face=p.get("face", "down"))
    fields = {k: v for k, v in p.items() if k not in {"id", "type", "at"}}
    return Piece(id=p["id"], type=p["type"], at=squares, owner=p.get("owner", p["player"]), **fields)


def make_query(space: Space, q: QueryDoc) -> Query:
    """A query document as the model's query value (places named as ``space`` names them)."""
    kind = q["kind"]
    if kind == "move":
        return MoveQuery(q["piece"], space.parse(q["to"]), q.get("die"), bool(q.get("frenzy", False)))
    if kind == "reach":
        return ReachQuery(q["piece"], q.get("die"))
    if kind == "line_of_fire":
        return LineOfFireQuery(_endpoint(space, q["from"]), _endpoint(space, q["to"]))
    if kind == "attack":
        roll = q.get("roll")
        return AttackQuery(q["piece"], q["type"], tuple(q["targets"]), tuple(roll) if roll else None)
    if kind == "action":
        return ActionQuery(q["piece"], q["action"])
    if kind == "value":
        effects = tuple(Effect(op, 0 if op == "halve" else n) for e in q["effects"] for op, n in e.items())
        return ValueQuery(q["piece"], q["stat"], effects)
    raise ValueError(f"boards do not make {kind} queries")


def _endpoint(space: Space, value: str) -> str | SpaceId:
    """A piece id stays a string; a square name becomes a square."""
    if value in IDS:
        return value
    return space.parse(value)


def yaml_text(doc: Doc, ruleset: str, query: QueryDoc, readings: Mapping[str, str] | None = None) -> str:
    """The contract situation file of a board."""
    return dump_situation(situation(doc, ruleset, query, readings))


def size(doc: Doc) -> tuple[int, int, int]:
    """How big a board is: squares, pieces, then features (terrain, walls, objects, levels, attributes)."""
    board_map = doc["map"]
    rows = board_map["terrain"]
    squares = len(rows) * len(rows[0])
    features = sum(ch != "." for row in rows for ch in row)
    features += len(board_map.get("walls", [])) + len(board_map.get("stairs", [])) + len(doc.get("objects", []))
    features += sum(ch not in "1." for row in board_map.get("elevation", []) for ch in row)
    features += board_map["kind"] != "outdoor"
    plain = {"id", "type", "player", "at", "speed", "attack", "defense", "damage", "range", "move", "face"}
    features += sum(1 for p in doc["pieces"] for k in p if k not in plain)
    return squares, len(doc["pieces"]), features


# --- generating boards ----------------------------------------------------------

Position = tuple[int, int]
"""A ``(column, row)`` position in the generated map text (0-based)."""


def _name(position: Position) -> str:
    """The name of the place at a map text position."""
    return SQUARE.position_name(*position)


@cache
def _adjacent(a: Position, b: Position) -> bool:
    """Whether the places at two map text positions are one step apart."""
    grid = SQUARE.blank(1, 1)  # distance needs no map: any space of the kind measures it
    return grid.distance(grid.parse(_name(a)), grid.parse(_name(b))) == 1


P: Final = {
    "indoor": 0.15,
    "elevation": 0.35,
    "stairs": 0.4,
    "walls": 0.3,
    "object": 0.3,
    "first_token": 0.2,
    "token": 0.3,
    "double": 0.15,
    "giant": 0.12,
    "hourglass": 0.2,
    "flight": 0.25,
    "swim": 0.07,
    "tokens": 0.15,
    "victims": 0.15,
    "state": 0.08,
    "reach_die": 0.4,
    "move_die": 0.6,
    "frenzy": 0.2,
    "roll": 0.7,
}
"""How often the generator picks each feature (from the second tier on for the rarer ones)."""
TIERS: Final = 4


class _Gen:
    """The random choices for one board (seeded by its index)."""

    def __init__(self, index: int, count: int, game: str) -> None:
        self.rng = random.Random(f"witness-board:{index}")  # noqa: S311 - enumeration, not security
        self.tier = min(TIERS - 1, TIERS * index // max(count, 1))
        words = game_named(game).words
        self.figure, self.flat_type = words.figure, words.token

    def chance(self, feature: str, *, from_tier: int = 0) -> bool:
        return self.tier >= from_tier and self.rng.random() < P[feature]

    def board(self) -> Doc:
        rng, tier = self.rng, self.tier
        width, height = rng.choice(SIZES[: min(len(SIZES), 2 + tier + (tier == TIERS - 1))])
        grid = [["."] * width for _ in range(height)]
        squares = [(c, r) for r in range(height) for c in range(width)]
        for _ in range(rng.randint(0, 1 + 2 * tier)):
            c, r = rng.choice(squares)
            grid[r][c] = rng.choice("hhhh~~##")
        board_map: Doc = {"kind": "outdoor", "terrain": ["".join(row) for row in grid]}
        if self.chance("indoor", from_tier=1):
            self.indoor(board_map, width, height)
        if self.chance("elevation", from_tier=1):
            self.elevation(board_map, squares, width, height)
        if self.chance("walls", from_tier=1):
            self.walls(board_map, squares, width, height)
        doc: Doc = {"map": board_map, "pieces": [], "objects": []}
        free = [sq for sq in squares if grid[sq[1]][sq[0]] != "#"]
        rng.shuffle(free)
        for number in range(rng.randint(1, min(len(IDS), 2 + tier))):
            if not free:
                break
            doc["pieces"].append(self.piece(number, free))
        if free and self.chance("object", from_tier=1):
            kind = rng.choice(("portal", "tombstone", "tree"))
            obj: Doc = {"type": kind, "at": _name(free.pop())}
            if kind == "portal":
                obj["door"] = rng.choice(("north", "south", "east", "west"))
            doc["objects"].append(obj)
        return doc

    def indoor(self, board_map: Doc, width: int, height: int) -> None:
        board_map["kind"] = self.rng.choice(("indoor", "indoor/outdoor"))
        if board_map["kind"] == "indoor/outdoor":
            cut = self.rng.randint(1, width - 1)
            board_map["indoor"] = ["".join("i" if c >= cut else "." for c in range(width)) for _ in range(height)]

    def elevation(self, board_map: Doc, squares: list[Position], width: int, height: int) -> None:
        rng = self.rng
        levels = [["1"] * width for _ in range(height)]
        c0, r0 = rng.randint(0, width - 1), rng.randint(0, height - 1)
        for r in range(r0, min(height, r0 + rng.randint(1, 2))):
            for c in range(c0, min(width, c0 + rng.randint(1, 3))):
                levels[r][c] = "2"
        board_map["elevation"] = ["".join(row) for row in levels]
        if self.chance("stairs"):
            steps = [
                (a, b)
                for a in squares
                for b in squares
                if a < b and _adjacent(a, b) and levels[a[1]][a[0]] != levels[b[1]][b[0]]
            ]
            if steps:
                board_map["stairs"] = sorted(_name(s) for s in rng.choice(steps))

    def walls(self, board_map: Doc, squares: list[Position], width: int, height: int) -> None:
        walls = set()
        for _ in range(self.rng.randint(1, 2)):
            a = self.rng.choice(squares)
            b = self.rng.choice([(a[0] + 1, a[1]), (a[0], a[1] + 1)])
            if b[0] < width and b[1] < height:
                walls.add((_name(a), _name(b)))
        if walls:
            board_map["walls"] = [list(w) for w in sorted(walls)]

    def piece(self, number: int, free: list[Position]) -> Doc:
        rng = self.rng
        flat = self.chance("token") if number else self.chance("first_token")
        at = free.pop()
        if flat and self.flat_type == "victim":
            face = rng.choice(("up", "up", "down"))
            return {
                "id": IDS[number],
                "type": "victim",
                "at": _name(at),
                "speed": rng.randint(2, 5),
                "face": face,
            }
        player = 1 if number == 0 else rng.choice((2, 2, 2, 1))
        piece: Doc = {"id": IDS[number], "type": self.flat_type if flat else self.figure, "player": player}
        squares = [at, *self.size(piece, at, free)]
        piece["at"] = _name(at) if len(squares) == 1 else [_name(s) for s in squares]
        piece |= {"speed": rng.choice((2, 4, 6, 6, 8)), "attack": 9, "defense": rng.choice((14, 16, 17))}
        if self.chance("hourglass", from_tier=1):
            piece[rng.choice(("speed", "attack", "defense"))] = "hourglass"
        piece |= {"damage": rng.choice((1, 2, 3)), "range": rng.choice((0, 4, 4, 6))}
        piece["move"] = "flight" if self.chance("flight") else "swim" if self.chance("swim") else "foot"
        if piece["move"] == "flight":
            piece["flight"] = rng.choice(("hovering", "soaring"))
        if self.chance("tokens"):
            piece["tokens"] = rng.choice((1, 2))
        if self.chance("victims"):
            piece["victims"] = rng.choice((1, 2))
        if self.chance("state", from_tier=2):
            piece["state"] = rng.choice(("insane", "possessed"))
        return piece

    def size(self, piece: Doc, at: Position, free: list[Position]) -> list[Position]:
        """Make the piece a double base (returning its second square) or a giant, sometimes."""
        if self.chance("double", from_tier=1):
            partners = [sq for sq in free if _adjacent(sq, at)]
            if partners:
                partner = self.rng.choice(partners)
                free.remove(partner)
                piece["size"] = "double"
                return [partner]
        if self.chance("giant"):
            piece["size"] = "giant"
        return []

    def queries(self, doc: Doc) -> list[QueryDoc]:
        rng = self.rng
        pieces = doc["pieces"]
        rows = doc["map"]["terrain"]
        squares = [_name((c, r)) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "#"]
        out: list[QueryDoc] = [
            {"kind": "reach", "piece": p["id"]} | ({"die": rng.randint(1, 6)} if self.chance("reach_die") else {})
            for p in pieces
        ]
        move: QueryDoc = {"kind": "move", "piece": pieces[0]["id"], "to": rng.choice(squares)}
        if self.chance("move_die"):
            move["die"] = rng.randint(1, 6)
        if self.chance("frenzy"):
            move["frenzy"] = True
        out.append(move)
        figures = [p for p in pieces if p["type"] != "victim"]
        for p in figures:
            out.append({"kind": "action", "piece": p["id"], "action": rng.choice(("move", "close", "ranged", "free"))})
            for q in pieces:
                if q is p:
                    continue
                out.append({"kind": "line_of_fire", "from": p["id"], "to": q["id"]})
                kind = rng.choice(("close", "ranged"))
                attack: QueryDoc = {"kind": "attack", "piece": p["id"], "type": kind, "targets": [q["id"]]}
                if self.chance("roll"):
                    attack["roll"] = [rng.randint(1, 6), rng.randint(1, 6)]
                out.append(attack)
        if figures:
            out.append({"kind": "line_of_fire", "from": figures[0]["id"], "to": rng.choice(squares)})
        return out


def generate(index: int, count: int, game: str) -> tuple[Doc, list[QueryDoc]]:
    """Board number ``index`` of ``count`` for ``game`` and the queries asked on it."""
    gen = _Gen(index, count, game)
    doc = gen.board()
    return doc, gen.queries(doc) if doc["pieces"] else []


# --- the table --------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """The smallest board seen for one fact vector of one decision."""

    facts: dict[str, Value]
    board: int
    query: QueryDoc
    outcome: Outcome


@dataclass
class BoardTable:
    """Per decision, every fact vector the enumeration met, with its smallest board."""

    ruleset: str
    boards: list[Doc] = field(default_factory=list)
    entries: dict[str, dict[str, Entry]] = field(default_factory=dict)
    indices: list[int] = field(default_factory=list)
    """Each board's index in the enumeration (the boards are kept in this order; empty: not known)."""
    digests: dict[tuple[str, bool], str] = field(default_factory=dict, compare=False, repr=False)
    """What :func:`proofs.replay_deps.entries_digest` worked out, by decision (the table is not changed after)."""

    def decisions(self) -> set[str]:
        """Decisions the engine evaluated on some board."""
        return set(self.entries)

    def vectors(self, decision: str) -> list[Entry]:
        """The recorded vectors of a decision, smallest board first."""
        return sorted(self.entries.get(decision, {}).values(), key=lambda e: self.rank(e.board, e.query))

    def rank(self, board: int, query: QueryDoc) -> tuple[int, ...]:
        """Smaller boards first, then the query a designer reads most easily."""
        return (*size(self.boards[board]), QUERY_RANK.get(query["kind"], 9), board)

    def to_json(self) -> dict[str, Any]:
        """The table as plain data (for the cache)."""
        return {
            "ruleset": self.ruleset,
            "boards": self.boards,
            "indices": self.indices,
            "entries": {
                d: [[e.facts, e.board, e.query, e.outcome] for e in vectors.values()]
                for d, vectors in sorted(self.entries.items())
            },
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BoardTable:
        """The table from :meth:`to_json` data."""
        table = cls(data["ruleset"], list(data["boards"]), indices=list(data.get("indices", [])))
        for decision, rows in data["entries"].items():
            table.entries[decision] = {facts_key(f): Entry(f, b, q, o) for f, b, q, o in rows}
        return table


Best = dict[str, dict[str, tuple[tuple[int, ...], Entry]]]
"""Per decision and fact vector: the rank of the smallest board seen, and its entry."""
Found = dict[str, dict[str, tuple[tuple[int, ...], dict[str, Value], QueryDoc, Outcome]]]
""":data:`Best` as the scan keeps it: per decision and fact vector, the rank (its last item the board's
index), the facts, the query and the outcome (plain tuples: cheap to build, compare and send between
processes; entries are made for the vectors a table keeps)."""
Scanned = tuple[Found, list[Logs]]
"""One ruleset's scan: what the table keeps, and every query's calls (one :class:`Logs` per worker)."""
_WORKER_SPEC: list[Spec] = []
"""The spec a forked worker scans with (set before forking)."""


def build(
    spec: Spec, ruleset: str, count: int = BOARD_COUNT, progress: Callable[[str], None] | None = None
) -> BoardTable:
    """Enumerate ``count`` boards under ``ruleset`` and record the decisions met on each."""
    return build_many(spec, (ruleset,), count, progress)[ruleset]


def build_many(
    spec: Spec,
    rulesets: Sequence[str],
    count: int = BOARD_COUNT,
    progress: Callable[[str], None] | None = None,
    started: Started | None = None,
) -> dict[str, BoardTable]:
    """The tables of several rulesets from one pass over the boards (each board's map built once for all).

    ``started``: a scan :func:`start` began in the background, whose results are used for its rulesets.
    """
    return {rs: table for rs, (table, _) in _build(spec, rulesets, count, progress, started).items()}


def _build(
    spec: Spec,
    rulesets: Sequence[str],
    count: int,
    progress: Callable[[str], None] | None,
    started: Started | None,
) -> dict[str, tuple[BoardTable, list[Logs]]]:
    """:func:`build_many`, with each ruleset's logs (none for a game without boards)."""
    out: dict[str, tuple[BoardTable, list[Logs]]] = {rs: (BoardTable(rs), []) for rs in rulesets}
    playable = tuple(rs for rs in rulesets if has_boards(rs))
    if not playable:
        return out
    if progress:
        progress(f"boards for {', '.join(playable)}: enumerating {count} (cached afterwards)")
    if started is not None and started.covers(playable, count):
        scanned: dict[str, Scanned] = {rs: started.results()[rs] for rs in playable}
    else:
        scanned = _parallel(spec, playable, count)
    docs: dict[int, Doc] = {}
    for ruleset in playable:
        found, logs = scanned[ruleset]
        out[ruleset] = (_table(ruleset, found, count, docs), logs)
    return out


def scan_fresh(
    spec: Spec, rulesets: Sequence[str], count: int = BOARD_COUNT, progress: Callable[[str], None] | None = None
) -> dict[str, tuple[BoardTable, list[Logs]]]:
    """Scan the boards of ``rulesets`` (of one game) afresh, whatever the cache holds: each one's table and logs."""
    return _build(spec, rulesets, count, progress, None)


def has_boards(ruleset: str) -> bool:
    """Whether the generated boards are the ruleset's: a game with pieces on the square grid (this module's boards)."""
    game = game_of(ruleset)
    return bool(game.words.token) and game.space == SQUARE.name


def _table(ruleset: str, found: Found, count: int, docs: dict[int, Doc] | None = None) -> BoardTable:
    """The table of the smallest boards found, with only the boards some entry keeps, in the scan's order.

    The boards' places follow their indices in the enumeration, so the place that breaks a tie between
    boards of one size and query (:meth:`BoardTable.rank`) is their order in the scan, whatever else the
    table keeps: after a spec edit, a decision whose entries are the same ranks its boards as before.
    ``docs``: boards already generated, by index (the tables of one scan share them; filled as needed).
    """
    game = game_of(ruleset).id
    docs = {} if docs is None else docs
    table = BoardTable(ruleset)
    indices = sorted({seen[0][-1] for vectors in found.values() for seen in vectors.values()})
    kept = {index: place for place, index in enumerate(indices)}
    table.indices = indices
    for index in indices:
        doc = docs.get(index)
        if doc is None:
            doc = docs[index] = generate(index, count, game)[0]
        table.boards.append(doc)
    for decision, vectors in sorted(found.items()):
        table.entries[decision] = {
            key: Entry(facts, kept[rank[-1]], query, outcome)
            for key, (rank, facts, query, outcome) in sorted(vectors.items())
        }
    return table


Job = tuple[tuple[str, ...], int, int]
"""One worker's part: the rulesets (of one game), the board count and the number of that game's stream."""
CHUNK: Final = 20
"""Boards a worker claims at a time (small: the workers finish together, whatever each board costs)."""
_WORKER_NEXT: list[Synchronized[int]] = []
"""Per game stream, the shared counter of the next chunk to claim (set before forking, as the spec is)."""


ShippedLogs = Callable[[str, int], Callable[[], Logs | None] | None]
"""Where logs come from when the cache has none (``(ruleset, count)``): a reader of them, or None when there are
none to read (:func:`proofs.board_bundle.shipped_logs` gives those shipped with the code)."""


class Started:
    """Tables worked out in forked processes while the caller does something else (see :func:`start`).

    The boards of ``rulesets`` scanned in worker processes; the tables of ``rebuilt`` rebuilt from logs
    (:func:`rebuild`) in one more process, which writes them to the cache and hands them over.
    """

    def __init__(
        self,
        spec: Spec,
        rulesets: tuple[str, ...],
        count: int,
        workers: int,
        *,
        rebuilt: tuple[str, ...] = (),
        shipped: ShippedLogs | None = None,
    ) -> None:
        self.rulesets, self.count = rulesets, count
        groups: dict[str, list[str]] = {}
        for ruleset in rulesets:  # one board stream per game
            groups.setdefault(game_of(ruleset).id, []).append(ruleset)
        self.found: dict[str, Scanned] | None = None
        context = multiprocessing.get_context("fork")
        # the rebuild first: it imports the query modules it needs while this process imports them for itself
        self.rebuilding = _Rebuilding(spec, rebuilt, count, shipped) if rebuilt else None
        _import_queries((*rulesets, *rebuilt))
        self.pool: Any = None
        self.counters: list[Synchronized[int]] = []
        if not rulesets:
            return
        _WORKER_SPEC[:] = [spec]
        # kept while the workers live: a counter freed in this process would be handed to the next scan's
        self.counters = [context.Value("i", 0) for _ in groups]
        _WORKER_NEXT[:] = self.counters
        try:  # the workers are forked here, with the spec they scan with and the chunk counters
            self.pool = context.Pool(workers)
        except BaseException:
            self.close()
            raise
        finally:
            _WORKER_SPEC.clear()
            _WORKER_NEXT.clear()
        jobs: list[Job] = [(tuple(group), count, g) for g, group in enumerate(groups.values()) for _ in range(workers)]
        self.pending = self.pool.map_async(_scan_slice, jobs)

    def covers(self, rulesets: Sequence[str], count: int) -> bool:
        """Whether this scan includes the boards asked for."""
        return count == self.count and set(rulesets) <= set(self.rulesets)

    def rebuilds(self, ruleset: str, count: int) -> bool:
        """Whether the table of ``ruleset`` is being rebuilt from logs here."""
        return count == self.count and self.rebuilding is not None and ruleset in self.rebuilding.rulesets

    def rebuilt(self, ruleset: str) -> BoardTable | None:
        """The table :meth:`rebuilds` rebuilds (waiting for it); None when the logs did not serve, or it failed."""
        return None if self.rebuilding is None else self.rebuilding.tables().get(ruleset)

    def results(self) -> dict[str, Scanned]:
        """Wait for the workers (then they stop); their results merged per ruleset."""
        if self.found is None:
            try:
                parts = self.pending.get()
            finally:
                self.close()
            self.found = _merge(self.rulesets, parts)
        return self.found

    def close(self) -> None:
        """Stop the workers and the rebuild, whether or not their results were read (again: nothing)."""
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
        if self.rebuilding is not None:
            self.rebuilding.close()


class _Rebuilding:
    """The tables of some rulesets rebuilt from logs (:func:`_incremental`) in one forked process.

    The process sends the tables back, then writes each table and its new logs to the cache, as
    :func:`load_many` would; it may fork workers of its own to ask queries again (:func:`_rerun`). Whatever it leaves
    undone (logs that do not serve, a failure) the caller does as it would have without it.
    """

    def __init__(self, spec: Spec, rulesets: tuple[str, ...], count: int, shipped: ShippedLogs | None) -> None:
        self.rulesets = rulesets
        self.done: dict[str, BoardTable | None] | None = None
        context = multiprocessing.get_context("fork")
        self.reader, writer = context.Pipe(duplex=False)
        work = partial(_rebuild_and_send, spec, rulesets, count, shipped, writer)
        self.process = context.Process(target=work, name="board-rebuild")
        try:
            self.process.start()
        finally:
            writer.close()

    def tables(self) -> dict[str, BoardTable | None]:
        """The rebuilt tables by ruleset (None: not rebuilt), once the process has sent them (empty if it failed)."""
        if self.done is None:
            try:
                with collector_paused():  # many objects come back, and none to free
                    self.done = dict(self.reader.recv())
            except (EOFError, OSError, ValueError, TypeError):
                self.done = {}
        return self.done

    def close(self) -> None:
        """Wait for the process to store what it sent; stop it if it has sent nothing yet.

        Its cache files are written whole or not at all.
        """
        if self.process.is_alive() and self.done is None:
            self.process.terminate()
        self.process.join()
        self.reader.close()


def _rebuild_and_send(
    spec: Spec, rulesets: tuple[str, ...], count: int, shipped: ShippedLogs | None, writer: Connection
) -> None:
    """The rebuild process's work: each table rebuilt (None where the logs do not serve) and sent, then stored.

    The tables are sent before their cache files are written: the caller goes on with them meanwhile (and
    waits for this process before it ends, :meth:`_Rebuilding.close`).
    """
    rebuilt: dict[str, tuple[BoardTable, list[Logs]] | None] = {}
    try:
        with collector_paused():  # a short-lived process: it builds much, and frees little
            for ruleset in rulesets:
                rebuilt[ruleset] = _incremental(spec, ruleset, count, None, shipped)
    except Exception:  # noqa: BLE001 - the caller does what is left: nothing here may fail its run
        rebuilt = {}
    with suppress(OSError, ValueError):
        writer.send({ruleset: None if found is None else found[0] for ruleset, found in rebuilt.items()})
    writer.close()
    try:
        for ruleset, found in rebuilt.items():
            if found is not None:
                _stored(spec, ruleset, count, *found)
    except Exception:  # noqa: BLE001, S110 - the cache is only an optimisation: the next run works it out again
        pass


def start(
    spec: Spec, rulesets: Sequence[str], count: int = BOARD_COUNT, shipped: ShippedLogs | None = None
) -> Started | None:
    """Begin working out, in the background, the tables of the rulesets that are not cached.

    ``check`` and ``diff`` call this before their solver runs, so the two overlap; :func:`load_many` then
    takes the results. A table with logs to rebuild it from (the cache's, else ``shipped``) is rebuilt
    (:func:`rebuild`), the others' boards are scanned. None when every table is cached, no game has boards,
    or the machine offers one worker or no ``fork``. The caller must :meth:`Started.close` it.
    """
    missing = [rs for rs in dict.fromkeys(rulesets) if has_boards(rs) and not table_path(spec, rs, count).is_file()]
    rebuilt = tuple(
        rs
        for rs in missing
        if logs_path(rs, count).is_file() or (shipped is not None and shipped(rs, count) is not None)
    )
    scanned = tuple(rs for rs in missing if rs not in rebuilt)
    workers = jobs()
    if not missing or workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    try:  # the caller's solver shares the CPUs with the workers while it runs, then waits for them
        return Started(spec, scanned, count, workers, rebuilt=rebuilt, shipped=shipped)
    except (OSError, multiprocessing.ProcessError):
        return None


def _parallel(spec: Spec, rulesets: tuple[str, ...], count: int) -> dict[str, Scanned]:
    """Scan the boards in :func:`jobs` forked processes (a :class:`Started` scan read at once), else serially."""
    workers = jobs()
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        with suppress(OSError, multiprocessing.ProcessError):
            return Started(spec, rulesets, count, workers).results()
    return _merge(rulesets, [_scan(spec, rulesets, count, range(count))])


def _import_queries(rulesets: Sequence[str]) -> None:
    """Import the query modules of the rulesets' games before forking (else every worker imports them)."""
    for ruleset in rulesets:
        for kind in game_of(ruleset).queries.values():
            kind.answer()


def _merge(rulesets: Sequence[str], parts: Sequence[Mapping[str, Scanned]]) -> dict[str, Scanned]:
    """The workers' findings together: per ruleset, decision and vector, the smallest rank; and all their logs."""
    merged: dict[str, Scanned] = {}
    for ruleset in rulesets:
        best: Found = {}
        logs: list[Logs] = []
        for part in parts:
            if ruleset not in part:
                continue
            logs += part[ruleset][1]
            for decision, vectors in part[ruleset][0].items():
                mine = best.setdefault(decision, {})
                for key, seen in vectors.items():
                    if key not in mine or seen[0] < mine[key][0]:
                        mine[key] = seen
        merged[ruleset] = (best, logs)
    return merged


def _scan_slice(job: Job) -> dict[str, Scanned]:
    """One worker's share of a game's boards: chunks of :data:`CHUNK` indices claimed until none are left."""
    rulesets, count, stream = job
    return _scan(_WORKER_SPEC[0], rulesets, count, _claimed(_WORKER_NEXT[stream], count))


def _claimed(counter: Synchronized[int], count: int) -> Iterator[int]:
    """Board indices from chunks claimed one after another on a counter the workers share."""
    while True:
        with counter.get_lock():
            chunk = counter.value
            counter.value = chunk + 1
        first = chunk * CHUNK
        if first >= count:
            return
        yield from range(first, min(first + CHUNK, count))


def scan(spec: Spec, ruleset: str, count: int, indices: Iterable[int]) -> Best:
    """The smallest board (by :func:`size`, then query, then index) for every vector met on ``indices``."""
    return scan_many(spec, (ruleset,), count, indices)[ruleset]


def scan_many(spec: Spec, rulesets: Sequence[str], count: int, indices: Iterable[int]) -> dict[str, Best]:
    """:func:`scan` for several rulesets of one game at once: each board's map and pieces are built once.

    The map is one object for every ruleset and query of a board, so what the engine works out per map
    (steps, lines) is shared too. The decisions are recorded by :class:`_Recorder` (what :func:`recording`
    records, each distinct call adapted and keyed once). The rulesets must share a game (one board stream).
    """
    return {
        ruleset: {
            decision: {
                key: (rank, Entry(facts, rank[-1], query, result)) for key, (rank, facts, query, result) in v.items()
            }
            for decision, v in vectors.items()
        }
        for ruleset, (vectors, _) in _scan(spec, rulesets, count, indices).items()
    }


def _scan(spec: Spec, rulesets: Sequence[str], count: int, indices: Iterable[int]) -> dict[str, Scanned]:
    """:func:`scan_many` as the scan keeps it (:data:`Found`), with every query's calls (:class:`Logs`)."""
    games = {game_of(rs).id for rs in rulesets}
    if len(games) != 1:
        raise ValueError(f"one board stream per game: {', '.join(rulesets)} are of {len(games)} games")
    game = games.pop()
    found: dict[str, Found] = {rs: {} for rs in rulesets}
    logs = {rs: Logs() for rs in rulesets}
    # the automatic collector off: the scan collects the young generation itself once per board (run every few
    # hundred new objects, the collector kept walking the decision memo and the recorder's keys again and again)
    with _Recorder() as recorder, collector_paused():
        for seen, index in enumerate(indices):
            if seen == EMPTY_ABORT and not any(found.values()):
                break
            gc.collect(0)  # what the last board left behind
            doc, queries = generate(index, count, game)
            doc_size = size(doc)
            built: _Built | None = None
            with suppress(Exception):  # a board the engine cannot build meets nothing, as each of its queries would
                built = _Built.of(doc)
            if built is None:
                continue
            for query in queries:
                kind = QUERY_RANK.get(query["kind"], 9)
                rank = (*doc_size, kind, index)
                first: Met | None = None
                for ruleset in rulesets:
                    if first is None or not recorder.replays(spec, ruleset, first):
                        met = recorder.ask(spec, built, ruleset, query)
                    else:
                        met = first
                    first = met if first is None else first
                    _keep(found[ruleset], met, rank, query)
                    logs[ruleset].add(index, doc_size, kind, met)
    return {rs: (found[rs], [logs[rs]]) for rs in rulesets}


def _keep(mine: Found, met: Met, rank: tuple[int, ...], query: QueryDoc) -> None:
    """Record what one query met on one board (of this ``rank``), keeping the smallest board per vector."""
    for decision, facts, key, result in met:
        vectors = mine.get(decision)
        if vectors is None:
            vectors = mine[decision] = {}
        known = vectors.get(key)
        if known is None or rank < known[0]:
            vectors[key] = (rank, facts, query, result)


_UNSEEN: Final = object()
Met = list[tuple[str, dict[str, Value], str, Outcome]]
"""The decisions one query met: decision, facts as declared, their :func:`facts_key`, outcome."""
Call = tuple[str, dict[str, Value], str, Outcome]
"""One distinct decision call as the scan records it (an item of :data:`Met`)."""
Adapted = dict[
    tuple[str, str, tuple[tuple[str, Value], ...]],
    tuple[tuple[type, ...], Call, Result | RuleConflict],
]
"""Per ruleset, decision and facts as asked: the value types, the call recorded (decision, facts as declared,
their key, outcome) and the result (or the conflict)."""


class _Recorder:
    """:func:`recording` for the scan: the same facts and outcomes, at a fraction of the cost per call.

    ``Table.decide`` is asked the same few vectors over and over; a decision is a pure function of the
    ruleset, the decision and the facts (the scan's boards give no ``query.facts`` and no readings), so
    the game profile's adaptation, the canonical key and the result of each distinct call are worked out
    once and kept for the whole scan (a conflict too, raised again each time). The value types are part of
    what is compared, since ``True == 1`` as a dict key. Only what answers report changes: a table's
    ``assumed`` facts, which the scan does not read. A query's repeated calls are logged once (the scan
    keeps, per decision and vector, the smallest board: a repeat within one query changes nothing).
    """

    def __init__(self) -> None:
        self.log: dict[int, Call] = {}
        """The calls of the current query, each distinct call once (keyed by the call object's identity)."""
        self.adapted: Adapted = {}
        self.outcomes: dict[tuple[str, str, str], Outcome | object] = {}
        """What :meth:`replays` worked out, by ruleset, decision and fact key."""
        self.tables: list[Table] = []
        """The tables that decided something for the current query."""
        self.original: Callable[[Table, str, Mapping[str, Value]], Result] = Table.decide

    def __enter__(self) -> Self:
        log, adapted, original, tables = self.log, self.adapted, self.original, self.tables

        def decide(table: Table, decision: str, facts: Mapping[str, Value]) -> Result:
            if not tables or tables[-1] is not table:
                tables.append(table)
            memo_key = (table.ruleset, decision, tuple(facts.items()))
            hit = adapted.get(memo_key)
            if hit is None or hit[0] != tuple(map(type, facts.values())) or table.given or table.readings:
                declared = dict(table.profile.adapt(table.spec.decision(table.ruleset, decision), facts)[0])
                try:
                    result: Result | RuleConflict = original(table, decision, declared)
                except RuleConflict as exc:
                    result = exc
                shown: Outcome = "conflict" if isinstance(result, RuleConflict) else outcome_of(result)
                hit = (tuple(map(type, facts.values())), (decision, declared, facts_key(declared), shown), result)
                if not (table.given or table.readings):
                    adapted[memo_key] = hit
            call = hit[1]
            log[id(call)] = call  # the call object lives in ``adapted`` (or in the log): its id stays its own
            result = hit[2]
            if isinstance(result, RuleConflict):
                raise result.with_traceback(None)
            return result

        Table.decide = decide  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *_: object) -> None:
        Table.decide = self.original  # type: ignore[method-assign,assignment]

    def replays(self, spec: Spec, ruleset: str, met: Met) -> bool:
        """Whether every call of ``met`` (another ruleset's run of a query) comes out the same under ``ruleset``.

        Then the query's run under ``ruleset`` would make the same calls (see the module docstring) and
        ``met`` is its record too. The outcomes asked here are kept by ruleset, decision and fact key.
        """
        outcomes = self.outcomes
        for decision, declared, key, shown in met:
            memo_key = (ruleset, decision, key)
            mine = outcomes.get(memo_key, _UNSEEN)
            if mine is _UNSEEN:
                mine = outcomes[memo_key] = outcome_now(spec, ruleset, decision, declared)
            if not same_outcome(mine, shown):
                return False
        return True

    def ask(self, spec: Spec, built: _Built, ruleset: str, query: QueryDoc) -> Met:
        """The distinct decision calls met answering one query on one board (a query the engine refuses meets none)."""
        self.log.clear()
        with suppress(Exception):  # a board the engine cannot answer: what it met before failing
            answer(spec, built.situation(ruleset, query))
        for table in self.tables:  # the query is done: its plans refer back to their table, a cycle to break
            table.memo.clear()
        self.tables.clear()
        return list(self.log.values())


# --- the disk cache ---------------------------------------------------------------


def cache_dir() -> Path:
    """Where tables are cached: ``$ADJUDICATOR_CACHE``, ``.cache`` in a checkout, else the user's cache folder."""
    return resources.cache_dir()


def fingerprint(spec: Spec, ruleset: str, count: int) -> str:
    """A hash of what the engine answers under the spec, the engine's code, this module and the bounds.

    What the engine answers: :func:`proofs.decision_cache.engine_key` (the declarations and the rules'
    clauses and overrides, not their paraphrases): a paraphrase or citation edit keeps the table.
    """
    digest = hashlib.sha256(code_fingerprint(ruleset, count).encode())
    digest.update(decision_cache.engine_key(spec, ruleset).encode())
    return digest.hexdigest()[:16]


@cache
def code_fingerprint(ruleset: str, count: int) -> str:
    """A hash of the engine's code, this module and the enumeration bounds (what the logs are kept under).

    Kept for the process: the code does not change under a running process.
    """
    digest = hashlib.sha256(f"{ruleset}|{count}|{SIZES}|{board_logs.VERSION}".encode())
    project = Path(__file__).resolve().parents[1]
    files: list[Path] = []
    for name in CODE_FILES:
        path = project / name
        if path.is_dir():  # the rules are not code (an installed tool carries them as adjudicator/spec)
            files += sorted(
                p
                for p in path.rglob("*.py")
                if not p.name.startswith(UNHASHED) and p.relative_to(path).parts[0] != "spec"
            )
        else:
            files.append(path)
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def logs_path(ruleset: str, count: int = BOARD_COUNT) -> Path:
    """The cache file of a ruleset's logs (:mod:`proofs.board_logs`), named by :func:`code_fingerprint`."""
    slug = ruleset.replace("/", "-")
    return cache_dir() / f"witness-logs-{slug}-{code_fingerprint(ruleset, count)}.pickle"


def table_path(spec: Spec, ruleset: str, count: int = BOARD_COUNT) -> Path:
    """The cache file of a ruleset's table (its name carries the :func:`fingerprint`)."""
    slug = ruleset.replace("/", "-")
    return cache_dir() / f"witness-boards-{slug}-{fingerprint(spec, ruleset, count)}.json"


def load(
    spec: Spec, ruleset: str, count: int = BOARD_COUNT, progress: Callable[[str], None] | None = None
) -> BoardTable:
    """The board table of ``ruleset``, from the cache when the spec and code are unchanged."""
    return load_many(spec, (ruleset,), count, progress)[ruleset]


def load_many(
    spec: Spec,
    rulesets: Sequence[str],
    count: int = BOARD_COUNT,
    progress: Callable[[str], None] | None = None,
    started: Started | None = None,
) -> dict[str, BoardTable]:
    """The tables of ``rulesets``: cached ones read, the others built together (``started``: see :func:`start`)."""
    tables: dict[str, BoardTable] = {}
    for ruleset in dict.fromkeys(rulesets):
        path = table_path(spec, ruleset, count)
        if path.is_file():
            with suppress(OSError, ValueError, KeyError, TypeError):
                tables[ruleset] = BoardTable.from_json(json.loads(path.read_text(encoding="utf-8")))
    missing = [rs for rs in dict.fromkeys(rulesets) if rs not in tables]
    by_game: dict[str, list[str]] = {}
    for ruleset in missing:
        if started is not None and started.rebuilds(ruleset, count):
            table = started.rebuilt(ruleset)
            if table is not None:
                tables[ruleset] = table
                continue
        if (started is None or not started.covers([ruleset], count)) and has_boards(ruleset):
            rebuilt = _incremental(spec, ruleset, count, progress)
            if rebuilt is not None:
                tables[ruleset] = _stored(spec, ruleset, count, *rebuilt)
                continue
        by_game.setdefault(game_of(ruleset).id, []).append(ruleset)
    for group in by_game.values():
        for ruleset, (table, logs) in _build(spec, group, count, progress, started).items():
            tables[ruleset] = _stored(spec, ruleset, count, table, logs)
    return {rs: tables[rs] for rs in rulesets}


def _stored(spec: Spec, ruleset: str, count: int, table: BoardTable, logs: Sequence[Logs]) -> BoardTable:
    """Write a table (and its logs, if any) to the cache; the table."""
    store(table_path(spec, ruleset, count), ruleset, table)
    if any(part.boards for part in logs):
        slug = ruleset.replace("/", "-")
        what = (ruleset, count, board_logs.declared_digest(spec, ruleset))
        engine = decision_cache.engine_keys(spec, ruleset)
        board_logs.write(logs_path(ruleset, count), logs, what, f"witness-logs-{slug}-*.pickle", engine)
    return table


RERUN_LIMIT: Final = 0.5
"""The share of queries above which a spec edit rescans every board (in parallel) rather than those queries."""


def _incremental(
    spec: Spec,
    ruleset: str,
    count: int,
    progress: Callable[[str], None] | None,
    shipped: ShippedLogs | None = None,
) -> tuple[BoardTable, list[Logs]] | None:
    """The table of ``ruleset`` from the logs of an earlier spec, running again only the queries an edit changes.

    The cache's logs, else (none there) those ``shipped`` gives. None when no logs fit (another engine,
    bounds or declarations) or when the edit changes most queries.
    """
    path = logs_path(ruleset, count)
    logs: Logs | None = None
    if path.is_file():
        logs = board_logs.read(path, ruleset, count, board_logs.declared_digest(spec, ruleset))
    elif shipped is not None:
        source = shipped(ruleset, count)
        logs = source() if source is not None else None
    if logs is None:
        return None
    docs: dict[int, Doc] = {}
    found = rebuild(spec, ruleset, count, logs, progress, docs=docs)
    if found is None:
        return None
    return _table(ruleset, found[0], count, docs), found[1]


def rebuild(
    spec: Spec,
    ruleset: str,
    count: int,
    logs: Logs,
    progress: Callable[[str], None] | None = None,
    *,
    docs: dict[int, Doc] | None = None,
) -> Scanned | None:
    """What the scan finds under ``spec``, from the logs of an earlier scan (see :mod:`proofs.board_logs`).

    Every logged call is asked again; a query whose calls all come out as logged keeps its log, the others
    are run again. None when more than :data:`RERUN_LIMIT` of the queries must run. ``docs``: the boards
    generated on the way, by index (for :func:`_table`). The logs' calls must be distinct (decision and facts
    once each, as :func:`proofs.board_logs.read` gives them).
    """
    now = decision_cache.engine_keys(spec, ruleset)
    kept = {d for d, key in now.items() if logs.engine.get(d) == key}  # the engine answers these as logged
    same = [
        decision in kept or same_outcome(outcome_now(spec, ruleset, decision, facts), shown)
        for decision, facts, _, shown in logs.calls
    ]
    changed = {i for i, kept_outcome in enumerate(same) if not kept_outcome}
    redo = {
        index: {q for q, ids in enumerate(queries) if not changed.isdisjoint(ids)} if changed else set()
        for index, (_, _, queries) in logs.boards.items()
    }
    reruns = sum(len(qs) for qs in redo.values())
    total = sum(len(queries) for _, _, queries in logs.boards.values())
    if reruns > RERUN_LIMIT * total:
        return None
    if progress:
        progress(f"boards for {ruleset}: {reruns} of {total} queries asked again after the spec changed")
    calls, boards = _renumbered(logs, same, _rerun(spec, ruleset, count, redo))
    found, met = _smallest(calls, boards)
    fresh = _used_only(calls, boards, met)
    fresh.generated = _queries_of(found, count, game_of(ruleset).id, {} if docs is None else docs, logs.generated)
    return found, [fresh]


def _renumbered(
    logs: Logs, same: Sequence[bool], rerun: Mapping[tuple[int, int], Met]
) -> tuple[list[Call], dict[int, Board]]:
    """The calls and boards of the logs with the queries asked again in place of their old calls.

    A call that still comes out as logged (``same``) keeps its number (a query asked again that meets it
    names it by that number); a new call gets the next number, so each distinct call has one number. The
    calls no query meets any more (an outcome the edit changed) are still listed (:func:`_used_only` drops
    them). The queries not asked again share their lists of numbers with ``logs``.
    """
    calls = list(logs.calls)
    number = {(call[0], call[2]): i for i, call in enumerate(calls) if same[i]}
    boards: dict[int, Board] = {}
    for index, (doc_size, kinds, queries) in logs.boards.items():
        mine = queries
        for q in range(len(queries)):
            met = rerun.get((index, q))
            if met is None:
                continue
            if mine is queries:
                mine = list(queries)
            ids = []
            for call in met:
                i = number.setdefault((call[0], call[2]), len(calls))
                if i == len(calls):
                    calls.append(call)
                ids.append(i)
            mine[q] = ids
        boards[index] = (doc_size, kinds, mine)
    return calls, boards


def _smallest(calls: Sequence[Call], boards: Mapping[int, Board]) -> tuple[Found, set[int]]:
    """What a scan keeps from these queries' calls (each distinct call once), and the calls some query meets.

    Per decision and vector, the smallest query that met it, the first of equals as the scan meets them
    (boards in index order, each board's queries in order: :func:`_keep`); the query as a placeholder,
    ``{"board": index, "query": number}`` (:func:`_queries_of` puts the query in). The queries are taken
    smallest first, so a call's first query is its smallest (the rank ends with the board's index).
    """
    order = sorted(
        (*doc_size, kind, index, q) for index, (doc_size, kinds, _) in boards.items() for q, kind in enumerate(kinds)
    )  # flat tuples: they sort several times faster than nested ones
    met: set[int] = set().union(*(ids for _, _, queries in boards.values() for ids in queries))
    left = set(met)
    best: dict[int, tuple[int, ...]] = {}
    for seen in order:
        first = left.intersection(boards[seen[4]][2][seen[5]])
        if first:
            for i in first:
                best[i] = seen
            left -= first
            if not left:
                break
    found: Found = {}
    for i in sorted(best):
        decision, facts, key, shown = calls[i]
        rank, q = best[i][:5], best[i][5]
        found.setdefault(decision, {})[key] = (rank, facts, {"board": rank[-1], "query": q}, shown)
    return found, met


def _used_only(calls: list[Call], boards: dict[int, Board], met: set[int]) -> Logs:
    """Logs of ``boards``, whose queries meet the calls ``met``: only those calls, renumbered in order."""
    fresh = Logs(distinct=True)
    if len(met) == len(calls):
        fresh.calls, fresh.boards = calls, boards
        return fresh
    place = [-1] * len(calls)
    for i in sorted(met):
        place[i] = len(fresh.calls)
        fresh.calls.append(calls[i])
    fresh.boards = {
        index: (doc_size, kinds, [[place[i] for i in ids] for ids in queries])
        for index, (doc_size, kinds, queries) in boards.items()
    }
    return fresh


RERUN_PARALLEL_FROM: Final = 200
"""Queries to ask again from which :func:`rebuild` shares them among :func:`jobs` worker processes."""


def _rerun(spec: Spec, ruleset: str, count: int, redo: dict[int, set[int]]) -> dict[tuple[int, int], Met]:
    """The calls of every query :func:`rebuild` asks again, by board index and query number.

    In forked workers (every ``workers``-th board each, one recorder per worker) when there are many: a
    query's calls depend only on the spec, the ruleset and the board, not on where or after what it is asked.
    """
    boards = sorted(index for index, queries in redo.items() if queries)
    workers = jobs() if sum(len(queries) for queries in redo.values()) >= RERUN_PARALLEL_FROM else 1
    parts = fork_map(lambda n: _rerun_boards(spec, ruleset, count, redo, boards[n::workers]), workers, least=1)
    if parts is None:
        return _rerun_boards(spec, ruleset, count, redo, boards)
    return {where: met for part in parts for where, met in part.items()}


def _rerun_boards(
    spec: Spec, ruleset: str, count: int, redo: dict[int, set[int]], boards: Sequence[int]
) -> dict[tuple[int, int], Met]:
    """Ask again the queries ``redo`` names on ``boards`` (each board built once for its queries)."""
    game = game_of(ruleset).id
    out: dict[tuple[int, int], Met] = {}
    # the automatic collector off: the scan collects the young generation itself once per board (run every few
    # hundred new objects, the collector kept walking the decision memo and the recorder's keys again and again)
    with _Recorder() as recorder, collector_paused():
        for index in boards:
            doc, asked = generate(index, count, game)
            built = _Built.of(doc)
            for q in sorted(redo[index]):
                out[index, q] = recorder.ask(spec, built, ruleset, asked[q])
    return out


def _queries_of(
    found: Found,
    count: int,
    game: str,
    docs: dict[int, Doc],
    known: Mapping[int, tuple[Doc, list[QueryDoc]]] | None = None,
) -> dict[int, tuple[Doc, list[QueryDoc]]]:
    """Put each kept entry's query in place of its board and query number (:func:`rebuild`'s placeholder).

    The boards are taken from ``known`` (boards generated before, by index: document and queries) or
    generated; they are put in ``docs``, by index, and returned (every board the entries name).
    """
    known = known or {}
    boards: dict[int, tuple[Doc, list[QueryDoc]]] = {}
    for vectors in found.values():
        for key, (rank, facts, where, outcome) in vectors.items():
            index = where["board"]
            board = boards.get(index)
            if board is None:
                board = boards[index] = known.get(index) or generate(index, count, game)
                docs[index] = board[0]
            vectors[key] = (rank, facts, board[1][where["query"]], outcome)
    return boards


def table_text(table: BoardTable) -> str:
    """A table as its cache file holds it (what :func:`load_many` reads back)."""
    return json.dumps(table.to_json())


def store(path: Path, ruleset: str, table: BoardTable) -> None:
    """Write a table to the cache (atomically), removing the ruleset's stale tables."""
    slug = ruleset.replace("/", "-")
    resources.write_atomically(path, table_text(table).encode("utf-8"), stale=f"witness-boards-{slug}-*.json")


def invariant_breaks(spec: Spec, table: BoardTable) -> list[tuple[str, str, Entry]]:
    """Fact vectors the engine computed that a decision invariant of the spec rules out.

    Each is ``(decision, invariant text, entry)`` (the first such entry per
    invariant, smallest board first): the engine and the spec mean different
    things by some fact, which one of them must fix.
    """
    out: list[tuple[str, str, Entry]] = []
    for decision in sorted(table.entries):
        declared = spec.decision(table.ruleset, decision)
        broken: set[str] = set()
        for entry in table.vectors(decision):
            env = Facts(declared, entry.facts)
            for inv in declared.invariants:
                if inv.text not in broken and not inv.fn(env):
                    broken.add(inv.text)
                    out.append((decision, inv.text, entry))
    return out
