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

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast, overload

from adjudicator.core.engine import FactError, Result, Step
from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import deciding
from adjudicator.games.clix.lof_facts import Blocker, LineFacts, line_facts
from adjudicator.games.clix.lof_map import board_map
from adjudicator.games.clix.model import Piece
from adjudicator.games.clix.table import Table
from adjudicator.spaces.base import Space, SpaceId

if TYPE_CHECKING:
    from adjudicator.core.spec import Spec

Asked = tuple[str, Mapping[str, Value]]
"""A decision asked, with its facts."""
KeptReport = tuple[LineFacts, "Spec", "LofReport", tuple[Asked, ...]]
"""A line of fire report with the facts and the spec it was made from and the decisions it asked."""

T = TypeVar("T")


class _kept(Generic[T]):  # noqa: N801 - used as a decorator, like ``functools.cached_property``
    """``functools.cached_property`` without its lock (Python 3.11 takes one on every first read).

    The value is computed on the first read and put in the instance's ``__dict__``, where later reads
    find it without calling this descriptor. Sound for :class:`LofReport`: its fields never change.
    """

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> _kept[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> T | _kept[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


Words = str | Callable[[], str]
"""Words for a report, or how to make them when they are first read."""
Part = tuple[Sequence[Step], Words]
"""Cited steps and the words their notes get in the report (none when empty)."""


@dataclass(frozen=True)
class LofReport:
    """The answer about one line of fire.

    The cited steps are put together when first read (:attr:`trace`, :attr:`blocking_trace`,
    :attr:`distance_trace`, :attr:`blocked_by`): a caller that only wants the verdict, such as a search
    for ranged targets, never builds them. Reports compare by verdict, distance and ends.
    """

    clear: bool | None
    """Whether the line is clear; ``None`` when no rule decides."""
    distance: int
    """Spaces to the target: the attacker's space not counted, the target's counted."""
    hindering: bool | None
    """Whether the target gets the +1 hindering terrain modifier (ranged attack)."""
    facts: dict[str, Any] = field(default_factory=dict, compare=False)
    """Fact vectors used, by decision: a list of fact dicts per decision."""
    start: SpaceId = None
    end: SpaceId = None
    blocker_words: Words = field(default="", repr=False, compare=False)
    """What blocks the line, in words (see :attr:`blocked_by`)."""
    blocking_parts: tuple[Part, ...] = field(default=(), repr=False, compare=False)
    """The steps that decide whether the line is blocked (inputs and ``lof.blocked``), not yet annotated."""
    hindering_parts: tuple[Part, ...] = field(default=(), repr=False, compare=False)
    """The steps of ``defense.hindering_bonus``, not yet annotated."""
    distance_parts: tuple[Part, ...] = field(default=(), repr=False, compare=False)
    """The steps that count the range."""

    @property
    def decided(self) -> bool:
        """Whether every part of the report was decided by a rule."""
        return self.clear is not None and self.hindering is not None

    @_kept
    def blocked_by(self) -> str:
        """What blocks the line, in words (empty unless the line is blocked)."""
        if self.clear is not False:
            return ""
        return _words(self.blocker_words)

    @_kept
    def trace(self) -> tuple[Step, ...]:
        """Cited steps of the ``lof.blocked``, ``defense.hindering_bonus`` and ``range.distance`` evaluations.

        They are preceded by the doorway, adjacency and giant decisions that made a fact true.
        """
        return _dedupe(_expand((*self.blocking_parts, *self.hindering_parts, *self.distance_parts)))

    @_kept
    def blocking_trace(self) -> tuple[Step, ...]:
        """The steps of :attr:`trace` that decide whether the line is blocked (inputs and ``lof.blocked``)."""
        return _dedupe(_expand(self.blocking_parts))

    @_kept
    def hindering_trace(self) -> tuple[Step, ...]:
        """The steps of :attr:`trace` that decide the hindering modifier."""
        return tuple(_expand(self.hindering_parts))

    @_kept
    def distance_trace(self) -> tuple[Step, ...]:
        """The steps of :attr:`trace` that count the range."""
        return tuple(_expand(self.distance_parts))


def _annotate(steps: Sequence[Step], context: str) -> list[Step]:
    """The steps with ``context`` appended to their notes."""
    return [Step(s.rule, s.cites, f"{s.note} ({context})", s.reading, s.also, s.deciding) for s in steps]


def _expand(parts: Iterable[Part]) -> list[Step]:
    """The steps of every part in order, each annotated with its part's words."""
    out: list[Step] = []
    for steps, context in parts:
        out += _annotate(steps, _words(context)) if context else steps
    return out


def _words(words: Words) -> str:
    """The words, made now if they were left for later."""
    return words if isinstance(words, str) else words()


def _dedupe(steps: Sequence[Step]) -> tuple[Step, ...]:
    """Steps in order, each (rule, note) once."""
    if len({step.rule for step in steps}) == len(steps):  # the usual case: no rule twice, so no pair twice
        return tuple(steps)
    seen: set[tuple[str, str]] = set()
    out: list[Step] = []
    for step in steps:
        key = (step.rule, step.note)
        if key not in seen:
            seen.add(key)
            out.append(step)
    return tuple(out)


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


def _blocked_note(facts: LineFacts) -> str:
    """The note of a line blocked with no piece in the way."""
    return f"line {facts.name}: blocked by {_terrain_blocker(facts)}"


def _blocker_note(facts: LineFacts, blocker: Blocker, name: Callable[[SpaceId], str]) -> str:
    """The note of the evaluation for one occupant in the way."""
    return f"line {facts.name}: {blocker.describe(name)}"


def _blocker_words(facts: LineFacts, blocker: Blocker, name: Callable[[SpaceId], str], *, terrain_too: bool) -> str:
    """What blocks a line an occupant blocks: that occupant, after the walls and terrain when they block too."""
    words = blocker.describe(name)
    return f"{_terrain_blocker(facts)}; {words}" if terrain_too else words


class _Deciding(Protocol):
    """What the evaluation of a line asks of a table: its board and its decisions."""

    @property
    def board(self) -> Space:
        """The board."""
        ...  # pragma: no cover - a protocol

    def decide(self, decision: str, facts: Mapping[str, Value]) -> Result:
        """A decision's result for these facts."""
        ...  # pragma: no cover - a protocol


def _evaluate_blocked(
    table: _Deciding, facts: LineFacts
) -> tuple[bool | None, list[Part], list[dict[str, Value]], Words]:
    """``lof.blocked`` per occupant in the way (see module doc): value, cited steps, fact vectors, blocker words."""
    if not facts.blockers:
        result = table.decide("lof.blocked", facts.blocked)
        value = _bool(result)
        if value is True:
            return (
                value,
                [(result.trace, partial(_blocked_note, facts))],
                [facts.blocked],
                partial(_terrain_blocker, facts),
            )
        note = f"line {facts.name}: no piece in the way, and no wall or blocking terrain blocks it"
        return value, [(result.trace, note)], [facts.blocked], ""
    vectors: list[dict[str, Value]] = []
    clear_parts: list[Part] = []
    undecided: list[Part] = []
    name = table.board.name
    for blocker in facts.blockers:
        value, steps, used = _evaluate_blocker(table, facts, blocker)
        vectors += used
        part: Part = (steps, partial(_blocker_note, facts, blocker, name))
        if value is True:
            terrain_too = bool(facts.walls_named) and table.decide("lof.blocked", facts.blocked).value is True
            return True, [part], vectors, partial(_blocker_words, facts, blocker, name, terrain_too=terrain_too)
        if value is None:
            undecided.append(part)
        else:
            clear_parts.append(part)
    if undecided:
        return None, undecided + clear_parts, vectors, ""
    return False, clear_parts, vectors, ""


def _evaluate_blocker(
    table: _Deciding, facts: LineFacts, blocker: Blocker
) -> tuple[bool | None, tuple[Step, ...], list[dict[str, Value]]]:
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
        return False, result.trace, vectors
    steps = tuple(s for r in results for s in r.trace)
    if None in values:
        return None, steps, vectors
    return True, steps, vectors


def _bool(result: Result) -> bool | None:
    """A boolean decision's value, ``None`` when undecided."""
    return None if result.value is None else bool(result.value)


def _distance(table: _Deciding, facts: LineFacts) -> tuple[int, tuple[Step, ...], list[dict[str, Value]]]:
    """``range.distance`` of the line (hx2008 L397): spaces on the route, less the attacker's."""
    vector: dict[str, Value] = {"spaces_on_route": facts.spaces_on_route}
    try:
        result = table.decide("range.distance", vector)
    except FactError:
        # Beyond the decision's declared domain (a map wider than 25 squares): count geometrically.
        return facts.spaces_on_route - 1, (), [vector]
    if not isinstance(result.value, int):
        return facts.spaces_on_route - 1, result.trace, [vector]
    return result.value, result.trace, [vector]


class _Noting:
    """A table whose decisions are noted as they are asked (see :func:`line_of_fire`)."""

    __slots__ = ("board", "calls", "table")

    def __init__(self, table: Table) -> None:
        self.table = table
        self.board = table.board
        self.calls: list[Asked] = []

    def decide(self, decision: str, facts: Mapping[str, Value]) -> Result:
        """``Table.decide``, the call noted first."""
        self.calls.append((decision, facts))
        return self.table.decide(decision, facts)


def line_of_fire(table: Table, start: SpaceId, end: SpaceId, attacker: Piece | None, target: Piece | None) -> LofReport:
    """The line of fire from the centre of ``start`` to the centre of ``end``.

    ``attacker`` and ``target`` are the pieces at the two ends (or ``None`` for
    a bare square); their own spaces never block the line. ``ValueError`` if
    ``start == end``.

    Reports are kept per board and ruleset for line facts kept per board (built without consulting a rule,
    see :func:`~adjudicator.games.clix.lof_facts.line_facts`) on tables with no given facts and no
    readings. Sound: the report is then a function of those very facts (the same object), the board and
    the results of the decisions it asks, and a decision's result is a function of the spec, the ruleset and
    the facts asked (:meth:`Table.decide`): the key holds the ruleset, the entry the facts and the spec, the
    very same objects for a hit. A kept report is returned only after every decision it asked has
    been asked again of the new table, in the same order, so the table (its ``assumed`` facts, a recorder
    of its calls) sees exactly the calls a new evaluation would make.
    """
    if start == end:
        raise ValueError(f"a line of fire needs two different squares, got {table.board.name(start)} twice")
    the_map = board_map(table.board)
    facts = line_facts(table, start, end, attacker, target, the_map=the_map)
    if facts.consulted or table.given or table.readings:
        return _evaluate(table, start, end, facts)
    key = (id(facts), id(table.spec), table.ruleset)
    kept = cast("KeptReport | None", the_map.reports.get(key))
    if kept is not None and kept[0] is facts and kept[1] is table.spec:
        for decision, vector in kept[3]:
            with suppress(FactError):  # as the evaluation met it (only ``range.distance`` can raise and go on)
                table.decide(decision, vector)
        return kept[2]
    noting = _Noting(table)
    report = _evaluate(noting, start, end, facts)
    the_map.keep_report(key, (facts, table.spec, report, tuple(noting.calls)))
    return report


def _evaluate(table: _Deciding, start: SpaceId, end: SpaceId, facts: LineFacts) -> LofReport:
    """The report of the line ``start`` -> ``end`` with these facts (see :func:`line_of_fire`)."""
    blocked, blocked_parts, blocked_vectors, blocker_words = _evaluate_blocked(table, facts)
    hindering_result = table.decide("defense.hindering_bonus", facts.hindering)
    distance, distance_steps, distance_vectors = _distance(table, facts)
    clear: bool | None = None if blocked is None else not blocked
    hindering = _bool(hindering_result)
    if facts.undecided_inputs:
        clear, hindering = None, None
    inputs: list[Part] = [(_marked(r.trace), "") for r in facts.undecided_inputs]
    inputs += [(_marked(r.trace) if _decides_a_fact(r) else r.trace, "") for r in facts.inputs]
    blocked_parts = [(_marked(steps), words) for steps, words in blocked_parts]
    return LofReport(
        clear=clear,
        distance=distance,
        hindering=hindering,
        facts={
            "lof.blocked": blocked_vectors,
            "defense.hindering_bonus": [facts.hindering],
            "range.distance": distance_vectors,
        },
        start=start,
        end=end,
        blocker_words=blocker_words,
        blocking_parts=(*inputs, *blocked_parts),
        hindering_parts=((_marked(hindering_result.trace), f"line {facts.name}"),),
        distance_parts=((_marked(distance_steps), ""),),
    )


def _marked(steps: Sequence[Step]) -> tuple[Step, ...]:
    """The steps marked as deciding: they give the line's answer (clear, hindering, distance)."""
    return tuple(map(deciding, steps))


def _decides_a_fact(result: Result) -> bool:
    """Whether a rule behind a fact of the line decides the answer with it.

    So for a square's or a corner's class, a giant's level, a doorway; not so for plain adjacency, which
    only places an object beside the target.
    """
    return not (result.decision == "adjacent.is" and result.value is True)


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
