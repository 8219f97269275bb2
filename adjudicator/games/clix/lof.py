"""Line of fire: whether it is clear, how far the target is, whether hindering terrain applies.

The geometry and the facts come from :mod:`adjudicator.games.clix.lof_facts`; every answer
comes from the spec's decisions ``lof.blocked``, ``defense.hindering_bonus``
and ``range.distance``, whose cited steps make up the report's trace.

How ``lof.blocked`` is evaluated
    The decision's occupant facts (``blocker_soaring``, ``blocker_intangible``,
    ``blocker_victim``, ``occupant_blockers_standard_only``) describe *one*
    occupant in the way, so the decision is evaluated once per occupant the
    line meets, each time together with every line-level fact (terrain,
    walls, doorways, objects, elevation, indoor/outdoor):

    * a crossed space: ``crosses_occupied`` with that piece's facts;
    * a double base whose diagonal the line crosses:
      ``crosses_doublebase_diagonal`` with that piece's facts;
    * an adjacent pair the line passes exactly between:
      ``between_adjacent_pair`` once with each member's facts. The line
      passes *between two monsters* only if each of them is in the way at
      this line's level, so the pair blocks when both evaluations say
      blocked (a soaring monster beside a grounded one blocks no line as a
      pair: each layer sees only one of them).

    With no occupant in the way, it is evaluated once with the line-level
    facts. The line is blocked when any evaluation says so, clear when all
    say clear, and undecided otherwise (the fallback step is cited).

Pieces on two squares
    :func:`best_line_of_fire` tries every square of the attacker against
    every square of the target and keeps the best line for the attacker:
    clear before undecided before blocked, then the shortest distance, then
    no hindering modifier before undecided before the modifier.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.engine import FactError, Result, Step
from adjudicator.core.expr.compile import Value
from adjudicator.games.clix.lof_facts import Blocker, LineFacts, line_facts
from adjudicator.games.clix.table import Table
from adjudicator.situation.model import Piece
from adjudicator.spaces.base import Space, SpaceId


@dataclass(frozen=True)
class LofReport:
    """The answer about one line of fire."""

    clear: bool | None
    """Whether the line is clear; ``None`` when no rule decides."""
    distance: int
    """Spaces to the target: the attacker's space not counted, the target's counted."""
    hindering: bool | None
    """Whether the target gets the +1 hindering terrain modifier (ranged attack)."""
    trace: tuple[Step, ...]
    """Cited steps of the ``lof.blocked``, ``defense.hindering_bonus`` and ``range.distance`` evaluations
    (preceded by the doorway, adjacency and giant decisions that made a fact true)."""
    facts: dict[str, Any] = field(default_factory=dict, compare=False)
    """Fact vectors used, by decision: a list of fact dicts per decision."""
    start: SpaceId = None
    end: SpaceId = None
    blocked_by: str = ""
    """What blocks the line, in words (empty unless the line is blocked)."""
    blocking_trace: tuple[Step, ...] = ()
    """The steps of ``trace`` that decide whether the line is blocked (inputs and ``lof.blocked``)."""
    distance_trace: tuple[Step, ...] = ()
    """The steps of ``trace`` that count the range."""

    @property
    def decided(self) -> bool:
        """Whether every part of the report was decided by a rule."""
        return self.clear is not None and self.hindering is not None


def _annotate(steps: Sequence[Step], context: str) -> list[Step]:
    """The steps with ``context`` appended to their notes."""
    return [dataclasses.replace(s, note=f"{s.note} ({context})") for s in steps]


def _dedupe(steps: Sequence[Step]) -> tuple[Step, ...]:
    """Steps in order, each (rule, note) once."""
    seen: set[tuple[str, str]] = set()
    out: list[Step] = []
    for step in steps:
        key = (step.rule, step.note)
        if key not in seen:
            seen.add(key)
            out.append(step)
    return tuple(out)


def _line_name(board: Space, facts: LineFacts) -> str:
    """``A2-E2``."""
    return f"{board.name(facts.start)}-{board.name(facts.end)}"


BLOCKING_WORDS: dict[str, str] = {
    "crosses_blocking": "a wall or blocking terrain on the line",
    "blocking_diagonal": "blocking terrain on both sides of a diagonal corner",
    "closed_doorway": "a closed doorway",
    "object_beside_target": "an object beside the target",
    "io_mismatch": "the roof between indoors and outdoors",
    "crosses_higher_elevated": "higher elevated terrain on the line",
    "lower_level_blocking": "blocking terrain at the lower level",
    "crosses_elevated": "elevated terrain on the line",
    "crosses_large": "a giant figure on the line",
    "outdoor_over_indoor": "the roof between indoors and outdoors",
}
"""Words for the facts that can block a line with no piece in the way."""


def _terrain_blocker(facts: LineFacts) -> str:
    """What blocks a line no piece stands in, in words, from the facts that were true."""
    found = [words for name, words in BLOCKING_WORDS.items() if facts.blocked.get(name) is True]
    if facts.blocked.get("crosses_blocking") is True and facts.walls_named:
        found = [*facts.walls_named, *(w for w in found if w != BLOCKING_WORDS["crosses_blocking"])]
        found = [w for w in found if w != BLOCKING_WORDS["lower_level_blocking"]]
    corner = facts.blocked.get("corner_point")
    if corner == "blocking":
        found.append("a corner point touched by blocking terrain or walls")
    return "; ".join(dict.fromkeys(found)) or "the terrain on the line"


def _evaluate_blocked(table: Table, facts: LineFacts) -> tuple[bool | None, list[Step], list[dict[str, Value]], str]:
    """``lof.blocked`` per occupant in the way (see module doc): value, cited steps, fact vectors, blocker words."""
    line = _line_name(table.board, facts)
    if not facts.blockers:
        result = table.decide("lof.blocked", facts.blocked)
        value = _bool(result)
        if value is True:
            words = _terrain_blocker(facts)
            note = f"line {line}: blocked by {words}"
            return value, _annotate(result.trace, note), [facts.blocked], words
        note = f"line {line}: no piece in the way, and no wall or blocking terrain blocks it"
        return value, _annotate(result.trace, note), [facts.blocked], ""
    vectors: list[dict[str, Value]] = []
    clear_steps: list[Step] = []
    undecided: list[Step] = []
    for blocker in facts.blockers:
        value, steps, used = _evaluate_blocker(table, facts, blocker)
        vectors += used
        annotated = _annotate(steps, f"line {line}: {blocker.describe(table.board.name)}")
        if value is True:
            words = blocker.describe(table.board.name)
            if facts.walls_named and table.decide("lof.blocked", facts.blocked).value is True:
                words = f"{_terrain_blocker(facts)}; {words}"
            return True, annotated, vectors, words
        if value is None:
            undecided += annotated
        else:
            clear_steps += annotated
    if undecided:
        return None, undecided + clear_steps, vectors, ""
    return False, clear_steps, vectors, ""


def _evaluate_blocker(
    table: Table, facts: LineFacts, blocker: Blocker
) -> tuple[bool | None, list[Step], list[dict[str, Value]]]:
    """One occupant (or both members of a pair): blocked when every member's evaluation says blocked."""
    results: list[Result] = []
    vectors: list[dict[str, Value]] = []
    for member in range(len(blocker.pieces)):
        vector = facts.blocker_facts(blocker, member)
        vectors.append(vector)
        results.append(table.decide("lof.blocked", vector))
    values = [_bool(r) for r in results]
    if False in values:
        result = results[values.index(False)]
        return False, list(result.trace), vectors
    steps = [s for r in results for s in r.trace]
    if None in values:
        return None, steps, vectors
    return True, steps, vectors


def _bool(result: Result) -> bool | None:
    """A boolean decision's value, ``None`` when undecided."""
    return None if result.value is None else bool(result.value)


def _distance(table: Table, facts: LineFacts) -> tuple[int, list[Step], list[dict[str, Value]]]:
    """``range.distance`` of the line (hx2008 L397): spaces on the route, less the attacker's."""
    vector: dict[str, Value] = {"spaces_on_route": facts.spaces_on_route}
    try:
        result = table.decide("range.distance", vector)
    except FactError:
        # Beyond the decision's declared domain (a map wider than 25 squares): count geometrically.
        return facts.spaces_on_route - 1, [], [vector]
    if not isinstance(result.value, int):
        return facts.spaces_on_route - 1, list(result.trace), [vector]
    return result.value, list(result.trace), [vector]


def line_of_fire(table: Table, start: SpaceId, end: SpaceId, attacker: Piece | None, target: Piece | None) -> LofReport:
    """The line of fire from the centre of ``start`` to the centre of ``end``.

    ``attacker`` and ``target`` are the pieces at the two ends (or ``None`` for
    a bare square); their own spaces never block the line. ``ValueError`` if
    ``start == end``.
    """
    if start == end:
        raise ValueError(f"a line of fire needs two different squares, got {table.board.name(start)} twice")
    facts = line_facts(table, start, end, attacker, target)
    clear_steps: list[Step] = [s for r in facts.inputs for s in r.trace]
    blocked, blocked_steps, blocked_vectors, blocked_by = _evaluate_blocked(table, facts)
    hindering_result = table.decide("defense.hindering_bonus", facts.hindering)
    distance, distance_steps, distance_vectors = _distance(table, facts)
    undecided_inputs = [s for r in facts.undecided_inputs for s in r.trace]
    clear: bool | None = None if blocked is None else not blocked
    hindering = _bool(hindering_result)
    if facts.undecided_inputs:
        clear, hindering = None, None
    trace = _dedupe(
        [
            *undecided_inputs,
            *clear_steps,
            *blocked_steps,
            *_annotate(hindering_result.trace, f"line {_line_name(table.board, facts)}"),
            *distance_steps,
        ]
    )
    return LofReport(
        clear=clear,
        distance=distance,
        hindering=hindering,
        trace=trace,
        facts={
            "lof.blocked": blocked_vectors,
            "defense.hindering_bonus": [facts.hindering],
            "range.distance": distance_vectors,
        },
        start=start,
        end=end,
        blocked_by=blocked_by if clear is False else "",
        blocking_trace=_dedupe([*undecided_inputs, *clear_steps, *blocked_steps]),
        distance_trace=tuple(distance_steps),
    )


_CLEAR_RANK = {True: 0, None: 1, False: 2}
_HINDER_RANK = {False: 0, None: 1, True: 2}


def best_line_of_fire(
    table: Table,
    starts: Sequence[SpaceId],
    ends: Sequence[SpaceId],
    attacker: Piece | None,
    target: Piece | None,
) -> LofReport:
    """The best line between any square of ``starts`` and any of ``ends`` (see module doc).

    Pairs of equal squares are skipped; ``ValueError`` if none is left.
    """
    best: LofReport | None = None
    best_key: tuple[int, int, int] | None = None
    for start in starts:
        for end in ends:
            if start == end:
                continue
            report = line_of_fire(table, start, end, attacker, target)
            key = (_CLEAR_RANK[report.clear], report.distance, _HINDER_RANK[report.hindering])
            if best_key is None or key < best_key:
                best, best_key = report, key
    if best is None:
        raise ValueError("a line of fire needs two different squares")
    return best


def piece_line_of_fire(table: Table, attacker: Piece, target: Piece) -> LofReport:
    """The best line of fire from ``attacker`` to ``target`` over their squares."""
    return best_line_of_fire(table, attacker.at, target.at, attacker, target)
