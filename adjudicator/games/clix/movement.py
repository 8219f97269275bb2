"""Movement: a search over movement states, every step justified by a decision.

A movement state is ``(square, flight mode, mode changes so far, stopped,
steps)``; ``steps`` is tracked only when the ruleset's ``move.distance_legal``
is not closed downwards (a first-edition victim must use its whole speed),
otherwise it is ``-1`` and the search keeps the fewest steps per state. The
opposing monsters the mover broke away from are fixed before the search.

Edges are legal steps (``move.can_enter`` holds; ``move.must_stop`` makes the
state entered a stopped one) and flight-mode changes (which cost no step but
count against ``move.speed`` evaluated with ``mode_changes=k``). A state is an
end when ``move.can_end`` and ``move.distance_legal`` hold there. The legal
edges form a weighted graph; the way to a square is its shortest path (Dijkstra, ties broken as
``networkx`` breaks them).

Most searches (steps not counted, no stairs to count, no doorway, indoor wall or corner point on the
map) run flat (:meth:`Search._run_flat`): a state is an integer (the square's number on the map, the flight
mode, the mode changes, stopped), a plain step's outcome is found by an integer key in stores that every
mover alike on the table shares (the same player, fixed facts and escaped opponents: all but the squares
the mover vacates see the same squares), and the states are named only when asked for. A table made by
moving one piece (``movement_facts.moved``) keeps those stores but for the squares the move touches.

A decision that comes back undecided is first taken the strict way (a step
not allowed, a stop, an end not allowed); if anything was undecided the search
runs again the generous way, and squares only that one reaches are reported
as undecided rather than guessed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from heapq import heappop, heappush
from itertools import count, pairwise
from operator import itemgetter
from types import MappingProxyType
from typing import Final, NamedTuple, cast

from adjudicator.core.dice import probability
from adjudicator.core.engine import Result, Step
from adjudicator.core.errors import NotSupported
from adjudicator.core.expr.compile import Value
from adjudicator.games.clix.model import DICE, HOURGLASS, Piece
from adjudicator.games.clix.movement_facts import (
    MAX_FACT_SPEED,
    MAX_MODE_CHANGES,
    NO_PAIR,
    MoveFacts,
    UnknownFact,
    Vector,
    outcome_kind,
)
from adjudicator.games.clix.table import Table
from adjudicator.spaces.base import SpaceId


class State(NamedTuple):
    """One movement state of the search."""

    square: SpaceId
    """Where the mover stands."""
    flight: str
    """Its flight mode (``none``, ``hovering``, ``soaring``)."""
    changes: int
    """Flight-mode changes made so far."""
    stopped: bool
    """Whether a ``move.must_stop`` ended its movement here."""
    steps: int
    """Steps taken, or -1 when not tracked."""
    stair: int = 0
    """Stair squares of one stairway crossed in order, from the end of its part at this level, ending here
    (0 off the stairs or after skipping a stair square; only where the game asks for every square crossed)."""


OTHER_MODE: Final = {"hovering": "soaring", "soaring": "hovering"}
FLIGHTS: Final = ("none", "hovering", "soaring")
"""The flight modes by number in :meth:`Search._run_flat`'s states (a mode change goes from ``f`` to ``3 - f``)."""
_new_state = tuple.__new__
"""Builds a :class:`State` from a tuple without the named tuple's Python-level ``__new__`` (the search's hot loop)."""
_NO_LANDS: Final[Mapping[SpaceId, State | Result]] = MappingProxyType({})
STEP_WEIGHT: Final = 1000
"""Path weight of a step; a diagonal step adds 1, so ties go to the straighter path."""


@dataclass
class Why:
    """A decision met on the way, and where."""

    result: Result
    where: str


@dataclass
class Breakaway:
    """The break-away part of a move: required, the roll, and the chance of success."""

    required: bool | None
    results: list[Why] = field(default_factory=list)
    die: int | None = None
    succeeded: bool | None = None
    p_success: str | None = None
    undecided: bool = False
    succeeding: tuple[int, ...] = ()
    """The die faces on which the roll succeeds."""

    def outcome(self) -> dict[str, object]:
        """The contract's ``breakaway`` object."""
        out: dict[str, object] = {"required": self.required, "p_success": self.p_success}
        if self.die is not None and self.required:
            out["die"] = self.die
            out["succeeded"] = self.succeeded
        return out


_ModeTables = tuple[
    str, dict[Vector, dict[SpaceId, "State | Result"]], dict[int, int | Result], dict[int, bool | Result]
]
"""For one flight mode and number of mode changes: the mode's name, its lands, its landing codes and outcomes."""
_FAR: Final = 1 << 30
"""More steps than any search takes (a distance for a state not reached)."""


def _yes_no(result: Result) -> int:
    """A permission's value as a number: 1 yes, 0 no, -1 undecided."""
    return 1 if result.value is True else -1 if result.value is None else 0


def _covered(best: dict[int, int], v: int, k: int, d: int) -> bool:
    """Whether ``v`` (a numbered state with ``k`` mode changes) is reached in no more than ``d`` steps with fewer.

    :meth:`Search._dominated` for :meth:`Search._run_flat`'s numbered states.
    """
    for _ in range(k):
        v -= 2
        if best.get(v, _FAR) <= d:
            return True
    return False


class Search:
    """One search over the movement states of a mover (see the module docstring)."""

    def __init__(
        self,
        facts: MoveFacts,
        budgets: list[int],
        *,
        exact: bool,
        generous: bool,
        record: bool = False,
        share: bool = False,
        flat: bool = True,
    ) -> None:
        self.facts = facts
        self.budgets = budgets
        self.exact = exact
        self.generous = generous
        self.record = record
        """Whether :attr:`edges` is kept (a search made for :attr:`graph`; the others rebuild it on demand)."""
        flight = facts.flight_of(facts.mover)
        self.start = State(
            facts.start, flight, 0, stopped=False, steps=0 if exact else -1, stair=facts.stair_rank.get(facts.start, 0)
        )
        self._dist: dict[State, int] = {self.start: 0}
        self._stopped: dict[State, Result] = {}
        self._flat: tuple[int, dict[int, int], dict[int, Result], list[int]] | None = None
        """:meth:`_run_flat`'s numbered states (start, distances, stops, states moved out of) until named."""
        self._edges: list[tuple[State, State, int, tuple[Result, ...]]] = []
        """Every legal edge in the order met (kept only when :attr:`record`)."""
        self.changed = False
        """Whether some state reached has changed flight mode."""
        self.refused: dict[SpaceId, tuple[int, SpaceId, Result, Vector]] = {}
        self.skipped: dict[tuple[SpaceId, SpaceId], Result] = {}
        """Level changes refused because the path skipped a stair square, by step (see ``MoveFacts.stair_rank``)."""
        self._moves_out: set[State] = set()
        self.undecided: list[Why] = []
        self._can_end: dict[tuple[SpaceId, str], Result] = {}
        self._lands = cast("dict[tuple[str, int, int], dict[Vector, dict[SpaceId, State | Result]]]", facts.lands)
        """Per flight mode, mode changes and steps after the step: :meth:`_land` of plain steps, by step (shared
        by the searches of every mover alike on the table: :attr:`MoveFacts.lands`)."""
        self._own = facts.own
        """The squares the mover vacates, whose landings are its own (never kept in the shared stores)."""
        self.share = share or exact or bool(facts.landings)
        """Whether :meth:`_land` reads and fills :attr:`MoveFacts.landings` (see :meth:`share_landings`)."""
        self.prune = not exact and all(a >= b for a, b in pairwise(budgets))
        self.name = facts.steps.name
        if flat and self._flat_fits():
            self._run_flat()
        else:
            self._run()

    @property
    def dist(self) -> dict[State, int]:
        """Fewest steps to every state reached, in the order the states were met."""
        if self._flat is not None:
            self._name_flat()
        return self._dist

    @property
    def stops(self) -> dict[State, Result]:
        """Per stopped state, the ``move.must_stop`` of the step that last gave it its distance."""
        if self._flat is not None:
            self._name_flat()
        return self._stopped

    @property
    def moves_out(self) -> set[State]:
        """The states some legal step leaves."""
        if self._flat is not None:
            self._name_flat()
        return self._moves_out

    def stop_results(self) -> list[tuple[SpaceId, Result]]:
        """The square and the ``move.must_stop`` of every stopped state, in :attr:`stops`' order.

        Read from :meth:`_run_flat`'s numbered states while they are numbered (a reach need not name them).
        """
        if self._flat is not None:
            numbered = self.facts.steps.numbered
            return [(numbered[code >> 6], result) for code, result in self._flat[2].items()]
        return [(state[0], result) for state, result in self._stopped.items()]

    def squares_and_modes(self) -> set[tuple[SpaceId, str]]:
        """Every ``(square, flight mode)`` of a state reached (from the numbered states while they are numbered)."""
        if self._flat is not None:
            numbered = self.facts.steps.numbered
            return {(numbered[at >> 2], FLIGHTS[at & 3]) for at in {code >> 4 for code in self._flat[1]}}
        return {(state[0], state[1]) for state in self._dist}

    def share_landings(self) -> None:
        """Put this search's decided landings on its facts, for the next search of the same facts.

        A search that is likely alone (a plain reach) keeps its landings to itself, as filling the facts'
        store at every step costs more than it saves; one that shares (``share``: a double base's counting
        starts, an exact count, a search after one that shared) reads and fills the store as it goes.
        """
        landings = self.facts.landings
        for (flight, _, _), by_terrain in self._lands.items():
            for terrain, by_square in by_terrain.items():
                landed = landings.get((flight, terrain)) or landings.setdefault((flight, terrain), {})
                for b, hit in by_square.items():
                    landed[b] = hit[3] if isinstance(hit, State) else hit

    def _dominated(self, v: State, d: int) -> bool:
        """Whether a state with fewer mode changes, no more steps and so no less speed left covers ``v``.

        Only when the speed never grows with more mode changes (checked on the budgets) and steps are not
        tracked: the better state can then make every move ``v`` can.
        """
        if not self.prune or not v.changes:
            return False
        square, flight, k, stopped, steps, stair = v
        dist = self.dist
        return any(
            dist.get(_new_state(State, (square, flight, kk, stopped, steps, stair)), d + 1) <= d for kk in range(k)
        )

    def _ok(self, result: Result, where: str) -> bool:
        """Whether a permission holds; undecided counts only in the generous search."""
        if result.value is None:
            self.undecided.append(Why(result, where))
            return self.generous
        return result.value is True

    def _stops(self, result: Result, where: str) -> bool:
        """Whether the mover must stop; undecided stops it unless the search is generous."""
        if result.value is None:
            self.undecided.append(Why(result, where))
            return not self.generous
        return result.value is True

    def _run(self) -> None:
        dist = self.dist
        queue: deque[tuple[int, State]] = deque([(0, self.start)])
        while queue:
            d, u = queue.popleft()
            if d != dist[u] or u.stopped:
                continue
            if u.flight in OTHER_MODE and u.changes < MAX_MODE_CHANGES and self.budgets[u.changes + 1] >= d:
                self._mode_change(queue, d, u)
            if d + 1 <= self.budgets[u.changes]:
                self._steps(queue, d, u)

    def _flat_fits(self) -> bool:
        """Whether :meth:`_run_flat` can make this search.

        Steps are not counted, there are no stairs to count and no edges to keep, and no step needs more than the
        board's facts (no doorway, indoor wall or corner point).
        """
        facts = self.facts
        return (
            not self.record
            and self.start[4] < 0
            and not facts.door_sides
            and not facts.corner_points
            and not facts.stair_rank
        )

    def _run_flat(self) -> None:  # noqa: C901, PLR0912, PLR0915 - the hot loop, inlined
        """:meth:`_run` over numbered states, for the searches :meth:`_flat_fits`.

        A state ``(square, flight, changes, stopped, -1, 0)`` is the number ``index << 6 | flight << 4 | changes
        << 1 | stopped`` (:data:`FLIGHTS` numbers the flight modes); a plain step's outcome is found by its
        landing key in :attr:`MoveFacts.flat_lands`; the states are named once, at the end. It takes the steps
        and mode changes in the same order and makes the same :attr:`dist`, :attr:`stops`, :attr:`refused`,
        :attr:`moves_out`, :attr:`changed` and :attr:`undecided` as :meth:`_run`: the states of one step count
        are taken in the order met (``level``), a state reached by a mode change (no step) at once (``now``), as
        :meth:`_run`'s queue takes them; a stopped state, which goes no further, is not queued.
        """
        facts = self.facts
        steps = facts.steps
        flat_steps, numbered, budgets, prune = steps.flat_steps, steps.numbered, self.budgets, self.prune
        flat_lands = facts.flat_lands
        own, near_own = facts.own, facts.near_own
        class_of, square_class = facts._class_of, facts.square_class  # noqa: SLF001 - read in the hot loop
        stays, refused = facts.flat_stays, self.refused
        by_mode: dict[int, _ModeTables] = {}
        made, made_keys = steps.flat_made, steps.flat_keys
        first = steps.index(self.start[0]) << 6 | FLIGHTS.index(self.start[1]) << 4
        best: dict[int, int] = {first: 0}
        stops: dict[int, Result] = {}
        moved: list[int] = []
        level = [first]
        d = 0
        grounded = self.start[1] == FLIGHTS[0]  # then no state changes flight mode: all have the budget budgets[0]
        while level and not (grounded and d >= budgets[0]):  # (a state with no steps left goes no further)
            d1 = d + 1
            later: list[int] = []  # the states one step further, in the order met
            now: list[int] = []  # a state reached by a mode change, taken next
            i, count = 0, len(level)
            while now or i < count:
                if now:
                    code = now.pop()
                else:
                    code = level[i]
                    i += 1
                    if best[code] != d:
                        continue  # reached since by a mode change, with fewer steps
                f, k = code >> 4 & 3, code >> 1 & 7
                square = numbered[code >> 6]
                if f and k < MAX_MODE_CHANGES and budgets[k + 1] >= d:  # change flight mode on the spot
                    other = FLIGHTS[3 - f]
                    kind = class_of.get(square)
                    here = (square_class(square) if kind is None else kind) << 2 | (3 - f)  # the parts and new mode
                    result = stays.get(here)
                    if result is None:
                        result = stays[here] = facts.decide("move.can_enter", facts.stay_vector(square, other))
                    if result.value is True or (
                        result.value is None
                        and self._ok(result, f"{self.name(square)} (flight mode change to {other})")
                    ):
                        v = (code & ~63) | (3 - f) << 4 | (k + 1) << 1
                        if not (prune and _covered(best, v, k + 1, d)) and d < best.get(v, d1):
                            best[v] = d
                            self.changed = True
                            now.append(v)
                if d >= budgets[k]:
                    continue
                mode = code & 62  # the flight mode and mode changes of the state entered
                tables = by_mode.get(mode)
                if tables is None:
                    flight = FLIGHTS[f]
                    tables = by_mode[mode] = (
                        flight,
                        self._lands.get((flight, k, -1)) or self._lands.setdefault((flight, k, -1), {}),
                        flat_lands.get((f, k)) or flat_lands.setdefault((f, k), {}),
                        facts.outcomes.get(f) or facts.outcomes.setdefault(f, {}),
                    )
                flight, lands, codes, outcomes = tables
                mine = own if square in near_own else None  # a step back into a square the mover vacates
                here = code >> 6
                steps_here = made.get(here) or flat_steps(here)
                j = refusals = -1
                for hit in (
                    map(codes.get, made_keys[here])
                    if mine is None  # a step back into a square the mover vacates is never kept by its key
                    else [None if step[0] in mine else codes.get(step[2]) for step in steps_here]
                ):
                    j += 1
                    if hit.__class__ is not int:
                        b, bi, key, pair, terrain = steps_here[j]
                        if hit is None:  # not kept by its landing key yet
                            private = mine is not None and b in mine
                            kind = outcome = None
                            if key != -1:
                                # another square of the same class, entered by a step of the same parts and mode
                                kind = class_of.get(b)
                                kind = outcome_kind(square_class(b) if kind is None else kind, key)
                                outcome = outcomes.get(kind)
                            if outcome is not None:
                                hit = bi << 6 | mode | outcome if outcome.__class__ is bool else outcome  # noqa: PLW2901
                                if not private:
                                    codes[key] = hit
                            else:
                                u = _new_state(State, (square, flight, k, False, -1, 0))
                                landed = self._land(lands, u, b, pair, terrain, -1)
                                hit = (  # noqa: PLW2901 - the step's outcome, worked out
                                    bi << 6 | mode | landed[3] if landed.__class__ is State else cast("Result", landed)
                                )
                                if kind is not None and (
                                    (lands.get(terrain) or _NO_LANDS).get(b) is landed
                                    if key >= 0 and not private
                                    else self._decided(flight, b, pair, terrain, landed)
                                ):  # decided and kept
                                    if not private:
                                        codes[key] = hit
                                    outcomes[kind] = landed.stopped if isinstance(landed, State) else landed
                        if hit.__class__ is not int:
                            seen = refused.get(b)
                            if seen is None or seen[0] >= d:  # else one met with fewer steps stands
                                self._refuse(d, square, b, cast("Result", hit), flight=flight, pair=pair)
                            refusals += 1
                            continue
                    if k and prune and (best.get(hit - 2, _FAR) <= d1 or (k > 1 and _covered(best, hit, k, d1))):
                        continue  # a state with fewer mode changes and no more steps covers it
                    if hit not in best:  # (breadth first: a state met before took no more steps)
                        best[hit] = d1
                        if hit & 1:  # a stopped state goes no further: not queued
                            step = steps_here[j]
                            stops[hit] = self._stop(flight, step[0], step[4])
                        else:
                            later.append(hit)
                if refusals < j:  # some legal step leaves it
                    moved.append(code)
            level = later
            d = d1
        self._flat = (first, best, stops, moved)

    def _name_flat(self) -> None:
        """:attr:`dist`, :attr:`stops` and :attr:`moves_out` of :meth:`_run_flat`'s numbered states."""
        assert self._flat is not None  # noqa: S101 - called only while the states are numbered
        first, best, stops, moved = self._flat
        self._flat = None
        numbered = self.facts.steps.numbered
        named: dict[int, State] = {}
        dist: dict[State, int] = {}
        for code, d in best.items():
            state = named[code] = (
                self.start
                if code == first
                else _new_state(
                    State, (numbered[code >> 6], FLIGHTS[code >> 4 & 3], code >> 1 & 7, bool(code & 1), -1, 0)
                )
            )
            dist[state] = d
        self._dist = dist
        self._stopped = {named[code]: result for code, result in stops.items()}
        self._moves_out = {named[code] for code in moved}

    def _mode_change(self, queue: deque[tuple[int, State]], d: int, u: State) -> None:
        """Change flight mode on the spot (no step; one more change against the speed)."""
        square, flight, k, _, steps, stair = u
        other = OTHER_MODE[flight]
        result = self.facts.decide("move.can_enter", self.facts.stay_vector(square, other))
        allowed = result.value is True or (
            result.value is None and self._ok(result, f"{self.name(square)} (flight mode change to {other})")
        )
        if allowed:
            v = State(square, other, k + 1, stopped=False, steps=steps, stair=stair)
            if self._dominated(v, d):
                return
            if self.record:
                self._edges.append((u, v, 0, (result,)))
            if d < self._dist.get(v, d + 1):
                self._dist[v] = d
                self.changed = True
                queue.appendleft((d, v))

    def _steps(self, queue: deque[tuple[int, State]], d: int, u: State) -> None:  # noqa: C901, PLR0912 - the hot loop, inlined
        """Every legal step from state ``u`` (``d`` steps used so far).

        The hot loop of the search: where a plain step (no wall, diagonal, doorway or level fact) into a
        square leads is looked up by the square and the step's terrain part (the state entered, or the
        ``move.can_enter`` that refuses it); the first time, :meth:`_land` works it out.
        """
        facts, dist = self.facts, self._dist
        square, flight, k, _, steps, stair = u
        new_steps = steps + 1 if steps >= 0 else -1
        lands = self._lands.get((flight, k, new_steps)) or self._lands.setdefault((flight, k, new_steps), {})
        door_sides, corner_points, stairs = facts.door_sides, facts.corner_points, facts.stair_rank
        door_here = square in door_sides
        own = self._own if square in self.facts.near_own else None  # a step back into a square the mover vacates
        d1 = d + 1
        moved = False
        record, stops = self.record, self._stopped
        for b, pair, terrain in facts.steps.steps(square):
            if door_here or b in door_sides:
                pair = facts.with_doorways(square, b, pair)  # noqa: PLW2901 - the step's doorway facts
                if corner_points:  # the corner point of a diagonal step, classed from its side squares
                    pair, terrain = facts.corner(square, b, pair, terrain)  # noqa: PLW2901
            skipped = stairs and pair[4] == "by_stairs" and not facts.stairs_crossed(square, b, stair)
            if skipped:
                pair = (*pair[:4], "without_stairs", *pair[5:])  # noqa: PLW2901 - a stair square skipped
            hit = (lands.get(terrain) or _NO_LANDS).get(b) if pair is NO_PAIR and not (own and b in own) else None
            if hit is None:
                hit = self._land(lands, u, b, pair, terrain, new_steps)
            if hit.__class__ is not State:  # refused: the move.can_enter that says so
                self._refuse(d, square, b, cast("Result", hit), flight=flight, pair=pair)
                if skipped:
                    self.skipped.setdefault((square, b), cast("Result", hit))
                continue
            v = hit
            if stairs and (stair or b in stairs):  # how far along a stairway the mover has come
                progress = facts.stair_progress(square, b, stair)
                if progress != v[5]:
                    v = _new_state(State, (*v[:5], progress))
            moved = True
            if k and self._dominated(v, d1):
                continue
            if record:
                self._edges.append((u, v, 1, (self._enter(flight, b, pair), self._stop(flight, b, terrain))))
            if d1 < dist.get(v, d1 + 1):
                dist[v] = d1
                if v[3]:
                    stops[v] = self._stop(flight, b, terrain)
                queue.append((d1, v))
        if moved:
            self._moves_out.add(u)

    def _land(  # noqa: PLR0917 - the step's parts
        self,
        lands: dict[Vector, dict[SpaceId, State | Result]],
        u: State,
        b: SpaceId,
        pair: Vector,
        terrain: Vector,
        new_steps: int,
    ) -> State | Result:
        """Where the step from ``u`` into ``b`` leads: the state entered, or the ``move.can_enter`` refusing it.

        A plain step's outcome is kept in ``lands`` (by terrain part, then square) when its decisions are
        decided; an undecided one is noted (and taken the search's way) at every step that meets it. The
        decided outcome (refused, or entered and whether the mover must stop) is also kept on the facts
        (:attr:`MoveFacts.landings`), for the same step at another step count, mode-change count or search.
        """
        flight = u[1]
        landed: dict[SpaceId, bool | Result] | None = None
        # a plain step's outcome is kept, but never for a square the mover vacates (the stores are shared by
        # movers who see that square occupied): that one is worked out each time (its decisions kept by vector)
        kept = pair is NO_PAIR and b not in self._own
        if kept and self.share:
            landings = self.facts.landings
            landed = landings.get((flight, terrain)) or landings.setdefault((flight, terrain), {})
            known = landed.get(b)
            if known is not None:  # decided before (by this search at another step count, or another search)
                hit = _new_state(State, (b, flight, u[2], known, new_steps, 0)) if known.__class__ is bool else known
                lands.setdefault(terrain, {})[b] = cast("State | Result", hit)
                return cast("State | Result", hit)
        enter = self._enter(flight, b, pair)
        if enter.value is not True and (
            enter.value is False or not self._ok(enter, f"{self.name(u[0])}->{self.name(b)}")
        ):
            if enter.value is False and kept:
                lands.setdefault(terrain, {})[b] = enter
                if landed is not None:
                    landed[b] = enter
            return enter
        stop = self._stop(flight, b, terrain)
        halt = stop.value is True or (stop.value is None and self._stops(stop, f"must it stop on {self.name(b)}?"))
        landing: State = _new_state(State, (b, flight, u[2], halt, new_steps, 0))
        if enter.value is True and stop.value is not None and kept:
            lands.setdefault(terrain, {})[b] = landing
            if landed is not None:
                landed[b] = halt
        return landing

    def _decided(self, flight: str, b: SpaceId, pair: Vector, terrain: Vector, landed: State | Result) -> bool:
        """Whether :meth:`_land` decided a step that is not plain (it keeps a plain one in its ``lands`` when so).

        A refused step is decided when ``move.can_enter`` says no; one entered, when it says yes and
        ``move.must_stop`` is decided (both kept by vector: asked again, they are not decided again).
        """
        if landed.__class__ is not State:
            return cast("Result", landed).value is False
        return self._enter(flight, b, pair).value is True and self._stop(flight, b, terrain).value is not None

    def _enter(self, flight: str, b: SpaceId, pair: Vector) -> Result:
        """``move.can_enter`` for a step into ``b`` with pair part ``pair`` (a plain step's kept by square part)."""
        facts = self.facts
        part = facts.square_parts.get(b) or facts.square_part(b)
        plain = facts.plain_enter.get(flight) or facts.plain_enter.setdefault(flight, {})
        enter = plain.get(part) if pair is NO_PAIR else None
        if enter is None:
            vector = (flight, *part, *pair)
            enter = facts.decide("move.can_enter", vector)
            if pair is NO_PAIR:
                plain[part] = enter
        return enter

    def _stop(self, flight: str, b: SpaceId, terrain: Vector) -> Result:
        """``move.must_stop`` for a step into ``b`` with the step's terrain part ``terrain``."""
        facts = self.facts
        stop_of = facts.stop_by_step.get(flight) or facts.stop_by_step.setdefault(flight, {})
        part = facts.stop_parts.get(b) or facts.stop_square(b)
        stop = stop_of.get((part, terrain))
        if stop is None:
            stop_vector = (flight, *part, *terrain)
            stop = facts.decide("move.must_stop", stop_vector)
            stop_of[part, terrain] = stop
        return stop

    def _refuse(self, d: int, square: SpaceId, b: SpaceId, enter: Result, *, flight: str, pair: Vector) -> None:
        """Note a refused step (the first met, by fewest steps then orthogonal first, stands for ``b``)."""
        seen = self.refused.get(b)
        if seen is not None and seen[0] < d:
            return  # one met with fewer steps stands (the searches go breadth first: the usual case)
        facts = self.facts
        vertex = facts.steps.is_vertex
        if seen is None or (seen[0], vertex(seen[1], b)) > (d, vertex(square, b)):
            self.refused[b] = (d, square, enter, (flight, *facts.square_part(b), *pair))

    # --- ends ---------------------------------------------------------------------

    def can_end(self, square: SpaceId, flight: str) -> Result:
        """``move.can_end`` for ending on ``square`` in flight mode ``flight`` (kept by square, and by vector)."""
        can_end = self._can_end.get((square, flight))
        if can_end is None:
            facts = self.facts
            vector = facts.end_vector(square, flight)
            can_end = facts.decide("move.can_end", vector)
            self._can_end[square, flight] = can_end
        return can_end

    def end_results(self, state: State) -> tuple[Result, Result]:
        """``move.can_end`` and ``move.distance_legal`` for ending in a state."""
        square, flight, k, stopped, *_ = state
        d = self.dist[state]
        can_end = self._can_end.get((square, flight)) or self.can_end(square, flight)
        budget, spaces = self.budgets[k], min(d, MAX_FACT_SPEED)
        early = d < budget and (stopped or state not in self.moves_out)
        facts = self.facts
        return can_end, facts.legal.get((budget, spaces, early)) or facts.distance_legal(
            budget, spaces, stopped_early=early
        )

    def is_end(self, state: State) -> bool:
        """Whether the mover may end its movement in this state."""
        return self._is_end(state, *self.end_results(state))

    def _is_end(self, state: State, can_end: Result, legal: Result) -> bool:
        """:meth:`is_end` given the state's :meth:`end_results`."""
        if can_end.value is True and legal.value is True:
            return True
        if can_end.value is False or legal.value is False:
            if can_end.value is None:  # recorded as undecided, as the plain test below would
                self.undecided.append(Why(can_end, self.name(state.square)))
            return False
        where = self.name(state.square)
        return self._ok(can_end, where) and self._ok(legal, where)

    @cached_property
    def ends(self) -> dict[SpaceId, list[State]]:
        """End states by square, best (fewest steps, fewest mode changes) first."""
        out: dict[SpaceId, list[State]] = {}
        for state in self.end_states:
            found = out.get(state[0])
            if found is None:
                out[state[0]] = [state]
            else:
                found.append(state)
        return out

    @cached_property
    def end_states(self) -> list[State]:
        """Every end state, best (fewest steps, fewest mode changes) first (one list: a plan keeps it)."""
        out: list[State] = []
        dist, budgets, moves_out = self.dist, self.budgets, self.moves_out
        facts = self.facts
        legals, distance_legal = facts.legal, facts.distance_legal
        # by the end vector (many squares share one; a fresh search meets each square once)
        end_parts, end_part, end_cache = facts.end_parts, facts.end_part, facts.cache_of("move.can_end")
        # fewest steps first, then fewest mode changes (stable: a tie keeps the search's order)
        by_steps = sorted(dist.items(), key=itemgetter(1))
        if self.changed:
            by_steps.sort(key=lambda item: (item[1], item[0][2]))
        for state, d in by_steps:  # end_results inlined: hundreds of states
            square, flight, k, stopped, *_ = state
            vector = (flight, *(end_parts.get(square) or end_part(square)))
            can_end = end_cache.get(vector) or self.can_end(square, flight)
            budget, spaces = budgets[k], min(MAX_FACT_SPEED, d)
            early = d < budget and (stopped or state not in moves_out)
            legal = legals.get((budget, spaces, early)) or distance_legal(budget, spaces, stopped_early=early)
            if (can_end.value is True and legal.value is True) or self._is_end(state, can_end, legal):
                out.append(state)
        return out

    def squares(self) -> set[SpaceId]:
        """Every square other than the start that the mover may end on."""
        if self._flat is not None:
            found = self._flat_squares()
            if found is not None:
                return found
        start = self.facts.start
        return {state[0] for state in self.end_states if state[0] != start}

    def _flat_squares(self) -> set[SpaceId] | None:
        """:meth:`squares` from :meth:`_run_flat`'s numbered states, or ``None`` when some end is undecided.

        The same test as :attr:`end_states` (``move.can_end`` and ``move.distance_legal``), made without naming
        the states; an undecided one is left to :attr:`end_states`, which records it.
        """
        assert self._flat is not None  # noqa: S101 - called only while the states are numbered
        _, best, _, moved = self._flat
        facts = self.facts
        steps = facts.steps
        numbered, budgets, ends = steps.numbered, self.budgets, facts.flat_ends
        legals, distance_legal = facts.legal, facts.distance_legal
        end_parts, end_part, end_cache = facts.end_parts, facts.end_part, facts.cache_of("move.can_end")
        end_classes, end_class = facts.shared.end_classes, facts.end_class
        start = steps.index(facts.start)
        moved_out = set(moved)
        ending: dict[int, int] = {}  # move.can_end by end class and flight mode (as :func:`_yes_no`)
        lawful: dict[int, int] = {}  # move.distance_legal by steps, mode changes and stopping early
        found: set[SpaceId] = set()
        for code, d in best.items():  # the start's states too: an undecided end there is recorded as well
            index = code >> 6
            square = numbered[index]
            kind = end_classes.get(square)
            kind = (end_class(square) if kind is None else kind) << 2 | code >> 4 & 3
            can = ending.get(kind)
            if can is None:
                can_end = ends.get(kind)
                if can_end is None:
                    flight = FLIGHTS[code >> 4 & 3]
                    can_end = ends[kind] = end_cache.get(
                        (flight, *(end_parts.get(square) or end_part(square)))
                    ) or self.can_end(square, flight)
                can = ending[kind] = _yes_no(can_end)
            k = code >> 1 & 7
            early = d < budgets[k] and bool(code & 1 or code not in moved_out)
            at = (d << 3 | k) << 1 | early  # the steps taken, the mode changes and whether it stopped early
            ok = lawful.get(at)
            if ok is None:
                budget, spaces = budgets[k], min(MAX_FACT_SPEED, d)
                legal = legals.get((budget, spaces, early)) or distance_legal(budget, spaces, stopped_early=early)
                ok = lawful[at] = _yes_no(legal)
            if can == 1 and ok == 1:
                if index != start:
                    found.add(square)
            elif can < 0 or ok < 0:
                return None
        return found

    # --- paths --------------------------------------------------------------------

    @cached_property
    def edges(self) -> list[tuple[State, State, int, tuple[Result, ...]]]:
        """Every legal step and flight-mode change ``(u, v, steps, results)``, in the order the search met them.

        Kept only by a search made with ``record``: the search is deterministic, so one made again with its
        edges kept meets the same edges in the same order (the common queries never ask for them).
        """
        if self.record:
            return self._edges
        self.share_landings()
        return Search(self.facts, self.budgets, exact=self.exact, generous=self.generous, record=True).edges

    @cached_property
    def graph(self) -> dict[State, dict[State, tuple[int, tuple[Result, ...]]]]:
        """The legal steps and flight-mode changes: per state, the states one edge away, by weight and results.

        Successors are kept in the order the search met their edges (the first edge of a pair stands); the
        weight counts steps first, then diagonal steps (so ties go to the straighter way).
        """
        dist = self.dist
        vertex = self.facts.steps.is_vertex
        graph: dict[State, dict[State, tuple[int, tuple[Result, ...]]]] = {self.start: {}}
        for u, v, cost, results in self.edges:
            if u in dist and v in dist:
                out = graph.get(u)
                if out is None:
                    out = graph[u] = {}
                if v not in out:
                    graph.setdefault(v, {})
                    weight = cost * STEP_WEIGHT + (1 if cost and vertex(u.square, v.square) else 0)
                    out[v] = (weight, results)
        return graph

    def _dijkstra(self, target: State | None) -> dict[State, State]:
        """Predecessors on shortest weighted paths from the start (stopping once ``target`` is settled).

        Ties go as in ``networkx``'s Dijkstra: a heap of ``(distance, push count, state)``, successors in
        edge order, a predecessor replaced only by a strictly shorter way.
        """
        graph = self.graph
        settled: dict[State, int] = {}
        seen: dict[State, int] = {self.start: 0}
        pred: dict[State, State] = {}
        counter = count()
        fringe: list[tuple[int, int, State]] = [(0, next(counter), self.start)]
        while fringe:
            d, _, v = heappop(fringe)
            if v in settled:
                continue
            settled[v] = d
            if v == target:
                break
            for u, (weight, _) in graph[v].items():
                du = d + weight
                if u not in settled and (u not in seen or du < seen[u]):
                    seen[u] = du
                    heappush(fringe, (du, next(counter), u))
                    pred[u] = v
        return pred

    def path_to(self, end: State) -> list[State]:
        """A shortest path of states from the start to ``end`` (``ValueError`` when there is none)."""
        return _walk_back(self.start, end, self._dijkstra(end))

    @cached_property
    def shortest(self) -> dict[State, State]:
        """Predecessors on a shortest path from the start to every state (for many paths from one search)."""
        return self._dijkstra(None)

    def step_results(self, u: State, v: State) -> tuple[Result, ...]:
        """The decisions that justified the edge ``u -> v``."""
        return self.graph[u][v][1]


def _walk_back(start: State, end: State, pred: Mapping[State, State]) -> list[State]:
    """The path from ``start`` to ``end`` along ``pred``."""
    path = [end]
    while path[-1] != start:
        before = pred.get(path[-1])
        if before is None:
            raise ValueError(f"no path from {start} to {end}")
        path.append(before)
    path.reverse()
    return path


def path_along(search: Search, end: State) -> list[State]:
    """A shortest path from the search's start to ``end``, from the search's shared :attr:`Search.shortest`."""
    return _walk_back(search.start, end, search.shortest)


@dataclass
class Plan:
    """Everything known about one mover's move action before a destination is chosen."""

    table: Table
    mover: Piece
    facts: MoveFacts
    trace: list[Why] = field(default_factory=list)
    blocked: Why | None = None
    """A decision that forbids the move action altogether (immovable, two tokens, failed roll)."""
    undecided: list[Why] = field(default_factory=list)
    breakaway: Breakaway = field(default_factory=lambda: Breakaway(required=False))
    budgets: list[int] = field(default_factory=list)
    speed_results: list[Result] = field(default_factory=list)
    exact: bool = False
    strict: Search | None = None
    generous: Search | None = None

    @property
    def search(self) -> Search:
        """The strict search (undecided steps refused)."""
        assert self.strict is not None  # noqa: S101 - set whenever the mover can move
        return self.strict

    def squares(self) -> set[SpaceId]:
        """SpaceIds the mover may surely end on."""
        return self.strict.squares() if self.strict else set()

    def maybe_squares(self) -> set[SpaceId]:
        """SpaceIds reachable only if undecided questions go the mover's way."""
        if self.generous is None:
            return set()
        return self.generous.squares() - self.squares()


def plan(table: Table, mover: Piece, die: int | None, *, paths: bool = False) -> Plan:
    """Work out the break away, the speed and the search for ``mover``'s move action.

    The plan is made once per table (situation), mover and die, and shared by every query that asks for it.
    ``paths``: the caller will ask for paths, so a new plan's searches keep their edges as they go (else a
    path asked later runs the search again to find them).
    """
    key = ("plan", mover.id, die)
    known = table.memo.get(key)
    if isinstance(known, Plan) and known.mover is mover:
        return known
    made = _plan(table, mover, die, record=paths)
    table.memo[key] = made
    return made


def _plan(table: Table, mover: Piece, die: int | None, *, record: bool = False) -> Plan:
    """Make the plan of :func:`plan`."""
    facts = MoveFacts(table, mover)
    out = Plan(table, mover, facts)
    name = mover.id
    if not mover.is_token:
        allowed = _action_allowed(table, mover, facts)
        if allowed is not None:
            if allowed.value is False:
                out.blocked = Why(allowed, name)
                return out
            if allowed.value is True:
                out.trace.append(Why(allowed, name))
        _breakaway(out, die)
        if out.blocked is not None or out.breakaway.undecided:
            return out
    _budgets(out)
    if not out.budgets or out.budgets[0] < 0:
        return out
    out.strict = Search(facts, out.budgets, exact=out.exact, generous=False, record=record)
    if out.strict.undecided:
        out.strict.share_landings()
        out.generous = Search(facts, out.budgets, exact=out.exact, generous=True, record=record)
        _ = out.strict.end_states  # evaluate the strict ends so their undecided questions are recorded
    return out


def _action_allowed(table: Table, mover: Piece, facts: MoveFacts) -> Result | None:
    """``action.allowed`` for a move action, when the situation gives every fact it needs."""
    known: dict[str, Value] = {
        "action": "move",
        "tokens": mover.tokens,
        "acted_this_turn": False,
        "actions_left": 1,
        "controlled_by_active": True,
        "immovable": mover.speed == HOURGLASS,
        "incapable": mover.attack == HOURGLASS,
        "state": mover.state,
        "went_insane_this_turn": False,
        "range": min(mover.range or 0, 12),
        "adjacent_same_level_opposing": bool(facts.start_opponents()),
        "free_action_granted": False,
    }
    declared = table.spec.decision(table.ruleset, "action.allowed").facts
    if any(name not in known for name in declared):
        return None
    result = table.decide("action.allowed", {name: known[name] for name in declared})
    return result if result.value is not None else None


def _breakaway(out: Plan, die: int | None) -> None:
    """Decide whether a roll is needed, and its result or chance; fix the escaped opponents."""
    table, facts = out.table, out.facts
    count = facts.breakaway_count()
    immovable = any(p.speed == HOURGLASS for p in facts.start_opponents())
    required = table.decide(
        "breakaway.required", {"adjacent_opposing": count, "adjacent_immovable": immovable, "action_moves": True}
    )
    where = f"{out.mover.id} next to {count} opposing {table.profile.figure}(s) that are not immovable"
    touching = {id(table.occupant.get(n)) for at in out.mover.at for n in facts.steps.neighbours(at)}
    apart = [(foe, table.kept_apart(out.mover, foe)) for foe in facts.opponents if id(foe) in touching]
    kept = [Why(r, f"{foe.id} beside {out.mover.id}") for foe, r in apart if r is not None]
    out.breakaway = Breakaway(required=_bool(required.value), results=[*kept, Why(required, where)])
    if required.value is None:
        out.breakaway.undecided = True
        out.undecided.append(Why(required, where))
        return
    if not required.value:
        facts.escape(rolled=False)
        return
    faces = {face: table.decide("breakaway.succeeds", {"die": face}) for face in DICE.die.faces}
    unknown = [r for r in faces.values() if r.value is None]
    if unknown:
        out.breakaway.undecided = True
        out.undecided.append(Why(unknown[0], "break-away roll"))
        return
    good = sum(1 for r in faces.values() if r.value is True)
    out.breakaway.p_success = probability(good, len(DICE.die.faces))
    out.breakaway.succeeding = tuple(f for f in DICE.die.faces if faces[f].value is True)
    if die is None and not good:
        out.blocked = Why(faces[DICE.die.faces[0]], "every break-away roll fails")
        return
    if die is not None:
        result = faces[die]
        out.breakaway.die = die
        out.breakaway.succeeded = result.value is True
        out.breakaway.results.append(Why(result, f"break-away roll {die}"))
        if result.value is not True:
            out.blocked = Why(result, f"break-away roll {die}")
            return
    else:
        failing = [f for f in faces if faces[f].value is not True]
        if failing:
            out.breakaway.results += [Why(faces[max(failing)], f"no roll given; a roll of {_faces(failing)} fails")]
        out.breakaway.results += [
            Why(
                faces[min(out.breakaway.succeeding)],
                f"no roll given; a roll of {_faces(out.breakaway.succeeding)} succeeds",
            )
        ]
    facts.escape(rolled=True)


def _budgets(out: Plan) -> None:
    """``move.speed`` for each number of flight-mode changes; whether steps must be tracked."""
    table, facts, mover = out.table, out.facts, out.mover
    speed = mover.speed
    if speed == HOURGLASS or isinstance(speed, str):
        out.budgets = []
        return
    start_terrain = facts.terrain(facts.start)
    multibase_hindering = len(mover.at) > 1 and any(facts.terrain(sq) == "hindering" for sq in mover.at)
    if multibase_hindering:  # a two-square base starts in hindering terrain if either end does (hc L1512-1516)
        start_terrain = "hindering"
    flight = facts.flight_of(mover)
    base: dict[str, Value] = {
        "multibase_any_hindering": multibase_hindering,
        "speed": min(speed, MAX_FACT_SPEED),
        "mover": facts.kind,
        "starts_in_hindering": start_terrain == "hindering",
        "ignores_hindering": flight != "none" or facts.giant,
        "speed_mode": facts.speed_mode,
        "starts_in_water": start_terrain == "water",
    }
    declared = table.spec.decision(table.ruleset, "move.speed").facts
    changes = range(MAX_MODE_CHANGES + 1) if flight != "none" else range(1)
    budgets = []
    supplied = {*table.profile.derived, *table.profile.assumed, "mode_changes"}
    missing = [name for name in declared if name not in base and name not in supplied]
    if missing:
        raise UnknownFact(f"move.speed declares facts {missing}, which the movement engine does not compute")
    for k in changes:
        result = table.decide("move.speed", {**base, "mode_changes": k})
        out.speed_results.append(result)
        if k == 0:
            out.trace.append(Why(result, f"{mover.id} speed {speed}"))
        if result.value is None:
            out.undecided.append(Why(result, f"{mover.id} speed with {k} flight-mode change(s)"))
            budgets.append(-1)
            continue
        budgets.append(int(result.value))
    budgets += [-1] * (MAX_MODE_CHANGES + 1 - len(budgets))
    out.budgets = budgets
    top = max(budgets[0], 0)
    for spaces in range(top + 1):
        legal = facts.distance_legal(top, spaces, stopped_early=False)
        if legal.value is not True:
            out.exact = True
            break


def _faces(faces: Sequence[int]) -> str:
    """Die faces in words: ``1-3``, ``6``, or ``1, 3``."""
    ordered = sorted(faces)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))


def _bool(value: Value | None) -> bool | None:
    return None if value is None else bool(value)


def annotate(result: Result, where: str, *, decides: bool = False, only: frozenset[str] | None = None) -> list[Step]:
    """A result's steps with the place they concern put in front of the note.

    ``decides`` marks the steps as deciding; ``only`` narrows the mark to the steps of those rules (of rules
    that agree on a value, the specific one decides, not the general one beside it).
    """
    return [
        Step(s.rule, s.cites, f"{where}: {s.note}", s.reading, s.also, decides and (only is None or s.rule in only))
        for s in result.trace
    ]


def explain_unreachable(search: Search, target: SpaceId) -> Why | None:  # noqa: PLR0911 - one return per reason
    """The most informative decision that keeps the mover from ending on ``target``."""
    facts = search.facts
    board, name = facts.board, search.name
    at_target = sorted((s for s in search.dist if s.square == target), key=lambda s: search.dist[s])
    for state in at_target:
        can_end, legal = search.end_results(state)
        if can_end.value is not True:
            return Why(can_end, f"{name(target)} may not be ended on")
        if legal.value is not True:
            return Why(legal, f"{name(target)} after {search.dist[state]} step(s)")
    if target in search.refused:
        _, frm, result, vector = search.refused[target]
        shown = facts.describe("move.can_enter", vector)
        return Why(result, f"step {name(frm)}->{name(target)} ({shown})")
    if not search.dist:
        return None
    best = min(search.dist, key=lambda s: (board.distance(s.square, target), search.dist[s], s.stopped))
    square, _, k, stopped, *_ = best
    if stopped and best in search.stops:
        return Why(search.stops[best], f"movement ends on {name(square)}")
    budget, used = search.budgets[k], search.dist[best]
    if used >= budget:
        spaces = min(MAX_FACT_SPEED, used + board.distance(square, target))
        legal = facts.distance_legal(budget, spaces, stopped_early=False)
        return Why(legal, f"{name(target)} is at least {spaces} space(s) away, speed {budget}")
    reached = {s.square for s in search.dist}
    toward = [
        (board.distance(sq, target), board.length2(sq, target), d, frm, sq, r)
        for sq, (d, frm, r, _) in search.refused.items()
        if frm in reached and board.distance(sq, target) < board.distance(frm, target) and r.value is False
    ]
    if toward:
        *_, frm, sq, result = min(toward, key=lambda t: t[:3])
        return Why(result, f"step {name(frm)}->{name(sq)} barred on the way to {name(target)}")
    return None


# --- building answers -------------------------------------------------------------


class Citer:
    """Appends decisions to an answer's trace, each distinct finding once."""

    def __init__(self, trace: list[Step]) -> None:
        self.trace = trace
        self.seen: set[tuple[str, tuple[str, ...], str]] = set()
        self.decided: set[tuple[str, tuple[str, ...], str]] = set()

    def cite(
        self, why: Why, *, always: bool = False, decides: bool = False, only: frozenset[str] | None = None
    ) -> None:
        """Append a decision's steps, noting where it was met (once per rule and value unless ``always``).

        ``decides`` marks the steps (those of the rules in ``only``, when given) as those that settle the
        question; a deciding finding already cited unmarked is cited again, marked.
        """
        result = why.result
        key = (result.decision, tuple(s.rule for s in result.trace), repr(result.value))
        if key in self.seen and not always and not (decides and key not in self.decided):
            return
        self.seen.add(key)
        if decides:
            self.decided.add(key)
        self.trace.extend(annotate(result, why.where, decides=decides, only=only))


def unsupported(table: Table, mover: Piece) -> Result | None:
    """Raise ``NotSupported`` for what the engine cannot move; an undecided size class is returned."""
    where = table.situation.where("query.piece")
    if not table.game.capabilities.square_movement:
        raise NotSupported(f"{where}: movement is not supported for {table.ruleset}")
    if mover.size == "giant" and table.game.capabilities.giant_size_class:
        result = table.decide("giant.size_class", {"giant_symbol": True, "spaces": 1})
        if result.value is None:
            return result
    return None


def cite_search(citer: Citer, search: Search, *, decides: bool = False) -> None:
    """Cite what shaped the reach: every distinct stop, bar and refused end the search met (``decides``: marked).

    A result object already cited here is passed over (the citer would pass it over too): hundreds of
    stops and bars share a few results, and their places need not be named.
    """
    name, cited = search.name, set[int]()
    stops = [(name(square), result) for square, result in search.stop_results() if result.value is True]
    for where, result in sorted(stops, key=itemgetter(0)):
        if id(result) not in cited:
            cited.add(id(result))
            citer.cite(Why(result, f"movement ends on {where}"), decides=decides)
    facts = search.facts
    key = facts.board.sort_key
    for square, (_, frm, result, _) in sorted(search.refused.items(), key=lambda item: key(item[0])):
        if result.value is False and id(result) not in cited:
            cited.add(id(result))
            citer.cite(Why(result, f"{name(frm)}->{name(square)} barred"), decides=decides)
    start, can_end = facts.start, search.can_end
    end_parts, end_part, end_cache = facts.end_parts, facts.end_part, facts.cache_of("move.can_end")
    refused = []
    for square, flight in search.squares_and_modes() - {(start, mode) for mode in FLIGHTS}:
        result = end_cache.get((flight, *(end_parts.get(square) or end_part(square)))) or can_end(square, flight)
        if result.value is False:
            refused.append(((square, flight), result))
    for (square, _), result in sorted(refused, key=lambda item: (key(item[0][0]), item[0][1])):
        if id(result) not in cited:
            cited.add(id(result))
            citer.cite(Why(result, f"{name(square)} may not be ended on"), decides=decides)
