"""The ``line_of_sight`` query: whether some corner-to-corner line between two hexes is clear.

The hex space finds the lines (``HexSpace.clear_segment`` of
:mod:`adjudicator.spaces.hex`: exact integer tests against the hexes the
game's legend makes opaque, wall hexes and doors, against the map's outside
and thin walls with their end corners); the rules decide each line with
``los.line_clear`` (GH.LOS.DEF, GH.LOS.PARTIAL_HEX, GH.LOS.BLOCKERS_ONLY). When
a line is clear it is the one asked about; when none is, each distinct set of
blocking facts among the 36 lines is asked once. Every such step decides the
answer: the clear line (and, when figures or obstacles lie between the hexes,
the rule that they do not block, L496-497), or each kind of blocked line. An
open door on the way is an empty hex (L566-567).
"""

from __future__ import annotations

from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.endpoints import hex_of, label
from adjudicator.games.gloomhaven.model import LineOfSightQuery, Situation
from adjudicator.games.gloomhaven.sight import between, blockers, line_facts
from adjudicator.games.gloomhaven.terrain import feature, touches_door, touches_wall
from adjudicator.situation.answer import Answer
from adjudicator.spaces.hex import Hex, Segment, centre, corners

CORNER_NAMES = ("top", "upper right", "lower right", "bottom", "lower left", "upper left")


def corner_name(h: Hex, point: tuple[int, int]) -> str:
    """``top corner of B2``-style words for a corner point of ``h``."""
    return CORNER_NAMES[corners(h).index(point)]


def _facts(situation: Situation, line: Segment, ends: tuple[Hex, Hex]) -> dict[str, bool]:
    """The facts of ``los.line_clear`` for one line."""
    held = blockers(situation.board, [p.at for p in situation.pieces])
    busy = bool(between(situation.board, held, *ends, line))
    return line_facts(line, busy, ends[1] in situation.board.adjacent(ends[0]))


def _open_doors(situation: Situation, a: Hex, b: Hex, line: Segment | None) -> list[Hex]:
    """Open doors the line (or the line joining the centres) passes through."""
    board = situation.board
    segments = [(centre(a), centre(b))] + ([(line.start, line.end)] if line is not None else [])
    found = {h for p, q in segments for h in board.crossed(p, q) if h not in {a, b}}
    found |= {h for h in (a, b) if feature(board, h) == "open_door"}
    return sorted((h for h in found if feature(board, h) == "open_door"), key=board.sort_key)


def _blocked_words(line: Segment) -> str:
    words = [
        ("a wall", touches_wall(line)),
        ("the end corner of a wall", line.thin_wall_end),
        ("a closed door", touches_door(line)),
        ("the map's edge", line.outside),
    ]
    return ", ".join(w for w, on in words if on)


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a ``line_of_sight`` query."""
    query = situation.query
    assert isinstance(query, LineOfSightQuery)  # noqa: S101 - dispatch guarantees the kind
    board = situation.board
    a, b = hex_of(situation, query.from_), hex_of(situation, query.to)
    result = Answer(ruleset=situation.ruleset, query="line_of_sight", verdict="answered")
    ruling = Ruling(spec, situation.ruleset, situation.readings)
    result.marks = {"line": [a, b]}
    where = f"{label(situation, query.from_)} to {label(situation, query.to)}"
    if a == b:
        text = f"{where}: a hex sees itself (every line stays inside it)"
        result.note(ruling.rule_step("GH.LOS.DEF", text), decides=True)
        result.outcome = {"clear": True}
        return result
    line = board.clear_segment(a, b)
    if line is not None:
        said = (
            f"{where}: the line from the {corner_name(a, line.start)} corner of {board.name(a)} "
            f"to the {corner_name(b, line.end)} corner of {board.name(b)} touches no wall, "
            "wall corner, closed door or map edge"
        )
        decided = result.cite(ruling.decide("los.line_clear", _facts(situation, line, (a, b))), said, decides=True)
        result.outcome = {"clear": bool(decided.value)}
        result.marks["sight"] = [line.start, line.end]
        doors = _open_doors(situation, a, b, line)
        if doors:
            text = f"{where}: the open door on {', '.join(board.name(h) for h in doors)} is an empty hex"
            result.note(ruling.rule_step("GH.MOVE.DOOR_OPENED", text), decides=True)
        return result
    clear = False
    seen: set[tuple[bool, ...]] = set()
    adjacent = b in board.adjacent(a)
    for candidate in board.corner_segments(a, b):
        facts = _facts(situation, candidate, (a, b))
        key = tuple(facts.values())
        if key in seen:
            continue
        seen.add(key)
        said = f"{where}: every corner-to-corner line is blocked; this kind touches {_blocked_words(candidate)}"
        if adjacent:
            said = (
                f"{where}: the hexes are adjacent, yet every corner-to-corner line touches {_blocked_words(candidate)}"
            )
        clear = bool(result.cite(ruling.decide("los.line_clear", facts), said, decides=True).value) or clear
    if adjacent and not clear:
        text = f"{where}: adjacent hexes get no line of sight of their own; the corner-to-corner test decides"
        result.note(ruling.rule_step("GH.LOS.ADJACENT", text), decides=True)
    result.outcome = {"clear": clear}
    return result
