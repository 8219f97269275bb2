"""Hypothesis strategies for valid situations (for the dump/load round trip)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from adjudicator.games.clix.model import (
    ACTION_KINDS,
    ATTACK_TYPES,
    FLIGHT_MODES,
    HOURGLASS,
    MAP_KINDS,
    MOVE_MODES,
    OBJECT_TYPES,
    PHASES,
    PIECE_STATES,
    STAT_NAMES,
    ActionQuery,
    AttackQuery,
    Effect,
    EndTurnQuery,
    KillEvent,
    LineOfFireQuery,
    MapObject,
    MoveQuery,
    Piece,
    Query,
    ReachQuery,
    ScoreQuery,
    Situation,
    ValueQuery,
)
from adjudicator.games.clix.variant import clix_game
from adjudicator.spaces.square.board import Board, Square, Terrain, is_orthogonal

RULESETS = ("horrorclix/2008", "horrorclix/1e", "heroclix/core")
"""Rulesets the generated situations use."""

KNOWN_RULESETS = {*RULESETS, "betrayal/2e", "gloomhaven/1e"}
"""Rulesets the tests tell the loader about."""


piece_ids = st.from_regex(r"[a-z][a-z_-]{0,7}", fullmatch=True)
"""Piece ids; without digits they can never be read as square names."""


def stat(low: int, high: int, *, hourglass: bool) -> st.SearchStrategy[Any]:
    """A dial value, sometimes the hourglass."""
    numbers = st.integers(low, high)
    return st.one_of(numbers, st.just(HOURGLASS)) if hourglass else numbers


@st.composite
def boards(draw: st.DrawFn) -> tuple[str, Board]:
    """A map kind and a board with terrain, elevation, indoor squares, walls and stairs."""
    width, height = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    terrain = ["".join(draw(st.sampled_from(".....h~#x")) for _ in range(width)) for _ in range(height)]
    if all(set(row) == {"x"} for row in terrain):
        terrain[0] = "." + terrain[0][1:]
    kind = draw(st.sampled_from(MAP_KINDS))
    elevation = None
    if draw(st.booleans()):
        elevation = ["".join("x" if ch == "x" else draw(st.sampled_from("0123")) for ch in row) for row in terrain]
    indoor = None
    if kind == "indoor":
        indoor = ["".join("x" if ch == "x" else "i" for ch in row) for row in terrain]
    elif kind == "indoor/outdoor":
        indoor = ["".join("x" if ch == "x" else draw(st.sampled_from("i.")) for ch in row) for row in terrain]
    board = Board.from_rows(terrain, elevation, indoor)
    squares = board.squares()
    pairs = [(a, b) for a in squares for b in squares if a < b and is_orthogonal(a, b)]
    walls = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=4)) if pairs else []
    stairs = draw(st.lists(st.sampled_from(squares), unique=True, max_size=3))
    return kind, Board.from_rows(terrain, elevation, indoor, walls, stairs)


@st.composite
def pieces(draw: st.DrawFn, board: Board, ruleset: str) -> tuple[Piece, ...]:
    """Up to five pieces on distinct free squares of ``board``."""
    free = [sq for sq in board.squares() if board.terrain[sq] is not Terrain.BLOCKING]
    ids = draw(st.lists(piece_ids, unique=True, max_size=5))
    game = clix_game(ruleset)
    types = game.piece_types
    hourglass = game.fields.hourglass
    has = set(game.fields.figure)
    out: list[Piece] = []
    for piece_id in ids:
        if not free:
            break
        at: tuple[Square, ...] = (draw(st.sampled_from(free)),)
        free.remove(at[0])
        size = draw(st.sampled_from(("standard", "giant", "double")))
        partners = [sq for sq in board.neighbours(at[0]) if sq in free]
        if size == "double" and not partners:
            size = "standard"
        if size == "double":
            at = (at[0], draw(st.sampled_from(partners)))
            free.remove(at[1])
        ptype = draw(st.sampled_from(types))
        if ptype == "victim":
            face = draw(st.sampled_from(("up", "down")))
            out.append(Piece(piece_id, "victim", at[:1], draw(st.integers(0, 20)), face=face))
            if len(at) > 1:
                free.append(at[1])
            continue
        player = draw(st.integers(1, 4))
        move = draw(st.sampled_from(MOVE_MODES))
        out.append(
            Piece(
                id=piece_id,
                type=ptype,
                at=at,
                speed=draw(stat(0, 20, hourglass=hourglass)),
                player=player,
                owner=draw(st.one_of(st.just(player), st.integers(1, 4))),
                attack=draw(stat(0, 20, hourglass=hourglass)),
                defense=draw(stat(0, 30, hourglass=hourglass)),
                damage=draw(st.integers(0, 12)),
                range=draw(st.integers(0, 12)),
                targets=draw(st.integers(1, 3)),
                points=draw(st.one_of(st.none(), st.integers(0, 300))),
                move=move,
                flight=draw(st.sampled_from(FLIGHT_MODES)) if move == "flight" and draw(st.booleans()) else None,
                size=size,
                tokens=draw(st.integers(0, 2)),
                victims=draw(st.integers(0, 12)) if "victims" in has else 0,
                minion=draw(st.booleans()) if "minion" in has else False,
                state=draw(st.sampled_from(PIECE_STATES)) if "state" in has else "normal",
            )
        )
    return tuple(out)


@st.composite
def queries(draw: st.DrawFn, board: Board, placed: tuple[Piece, ...], ruleset: str) -> Query:  # noqa: C901, PLR0911
    """A query naming only pieces and squares of the situation, with only fields its game has."""
    fields = clix_game(ruleset).fields
    squares = st.sampled_from(board.squares())
    dice = st.one_of(st.none(), st.integers(1, 6))
    ids = [p.id for p in placed]
    players = sorted({p.player for p in placed if p.player is not None})
    kinds = ["line_of_fire", "score"]
    if ids:
        kinds += ["action", "move", "reach", "value"]
    if len(ids) > 1:
        kinds.append("attack")
    if players:
        kinds.append("end_turn")
    kind = draw(st.sampled_from(kinds))
    ends = st.one_of(squares, st.sampled_from(ids)) if ids else squares
    if kind == "line_of_fire":
        return LineOfFireQuery(draw(ends), draw(ends))
    if kind == "score":
        if not ids:
            return ScoreQuery(())
        phases = PHASES if "phase" in fields.score_event else PHASES[:1]
        event = st.builds(KillEvent, st.sampled_from(ids), st.sampled_from(players or [1]), st.sampled_from(phases))
        return ScoreQuery(tuple(draw(st.lists(event, max_size=3)))) if players else ScoreQuery(())
    if kind == "end_turn":
        acted = draw(st.lists(st.sampled_from(ids), unique=True))
        return EndTurnQuery(draw(st.sampled_from(players)), tuple(acted))
    piece = draw(st.sampled_from(ids))
    if kind == "action":
        return ActionQuery(piece, draw(st.sampled_from(ACTION_KINDS)))
    if kind == "move":
        return MoveQuery(piece, draw(squares), draw(dice), draw(st.booleans()) and "frenzy" in fields.queries["move"])
    if kind == "reach":
        return ReachQuery(piece, draw(dice))
    if kind == "value":
        effect = st.one_of(
            st.builds(Effect, st.just("replace"), st.integers(0, 30)),
            st.builds(Effect, st.just("halve")),
            st.builds(Effect, st.just("modify"), st.integers(-30, 30)),
        )
        return ValueQuery(piece, draw(st.sampled_from(STAT_NAMES)), tuple(draw(st.lists(effect, max_size=4))))
    others = [i for i in ids if i != piece]
    targets = draw(st.lists(st.sampled_from(others), unique=True, min_size=1))
    roll = draw(st.one_of(st.none(), st.tuples(st.integers(1, 6), st.integers(1, 6))))
    return AttackQuery(piece, draw(st.sampled_from(ATTACK_TYPES)), tuple(targets), roll)


@st.composite
def map_objects(draw: st.DrawFn, board: Board, ruleset: str) -> tuple[MapObject, ...]:
    """Up to three objects on map squares (for a game with objects); portals get a door."""
    out: list[MapObject] = []
    if "objects" not in clix_game(ruleset).fields.top:
        return ()
    for _ in range(draw(st.integers(0, 3))):
        otype = draw(st.sampled_from(OBJECT_TYPES))
        door = draw(st.sampled_from(("north", "south", "east", "west"))) if otype == "portal" else None
        out.append(MapObject(otype, draw(st.sampled_from(board.squares())), door))
    return tuple(out)


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    """A valid situation, as ``load_situation`` would build it."""
    ruleset = draw(st.sampled_from(RULESETS))
    kind, board = draw(boards())
    placed = draw(pieces(board, ruleset))
    readings = draw(st.dictionaries(st.from_regex(r"[A-Z]{2}\.[A-Z_]{1,10}", fullmatch=True), piece_ids, max_size=2))
    return Situation(
        game=clix_game(ruleset),
        ruleset=ruleset,
        map_kind=kind,  # type: ignore[arg-type]
        board=board,
        pieces=placed,
        query=draw(queries(board, placed, ruleset)),
        build_total=draw(st.sampled_from((100, 200, 300, 150))),
        objects=draw(map_objects(board, ruleset)),
        readings=readings,
    )
