"""The monster's movement and attack geometry for one turn: paths, costs, attack hexes, target sets.

Everything the ``monster_turn`` query needs is computed here once per turn,
from the hex map (a ``HexSpace`` of :mod:`adjudicator.spaces.hex`) and the figures:

- :meth:`TurnMap.paths`: for every hex, the lexicographic best
  ``(negative hexes triggered, movement points)`` of a path from the monster's
  hex over any number of turns (L1268-1273, L1342-1346: traps and hazardous
  hexes count as obstacles unless unavoidable, then the fewest), moving like a
  player's Move (L1314-1321): difficult terrain costs 2 (L514), allies may be
  passed, enemies and obstacles not (L518-529), never onto a door (L1316-1321),
  Jump passes everything but its last hex (L531-536), Flying passes everything
  and triggers nothing (L531-534).
- :meth:`TurnMap.within`: the same restricted to this turn's movement points.
- :meth:`TurnMap.to_goal`: what is still needed from a hex to reach a goal hex.
- :meth:`TurnMap.target_sets`: the sets of enemies an attack from a hex can
  hit with a given focus among them (range and line of sight, Target Z, areas
  in every rotation and mirroring, Add Target; with an area, the extra single
  targets may be the focus while the area is placed where it hits most).

``paths`` and ``to_goal`` measure closeness (the focus, the hex the monster
heads for); with ``closeness_by_hexes`` (the reading ``hexes_walked`` of
GH.FOCUS.CLOSEST) they count a difficult hex as one, while ``within`` keeps
paying 2 for it against the Move budget.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from typing import NamedTuple

from adjudicator.games.gloomhaven.terrain import DOORS, SIGHT_BLOCKERS, WALL
from adjudicator.spaces.hex import Cube, Hex, HexSpace, from_cube, hex_distance, mirror, rotate, to_cube

NEGATIVE = frozenset({"trap", "hazardous"})
"""Hexes a monster avoids (L1268-1273, L1342-1346)."""

Cost = tuple[int, int]
"""``(negative hexes triggered, movement points)``, compared lexicographically."""
_DOOR: Cost = (0, 1 << 62)
"""What a search within Move reads for a closed door: more points than any Move."""


@dataclass(frozen=True)
class AttackShape:
    """The attack the monster moves for: melee (``range`` 0), Target Z, an area, Add Target."""

    range: int = 0
    targets: int = 1
    red: tuple[Cube, ...] = ()
    """The area's red hexes in cube coordinates relative to the grey hex (melee) or to the first red hex."""
    melee_area: bool = False
    add_targets: int = 0

    @cached_property
    def offsets(self) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[tuple[int, int], ...], ...]]:
        """:attr:`orientations` as column and row offsets from the grey hex, for a hex in an even then an odd row.

        In odd-r offset rows a cube step moves every hex of the even rows by the same column and row, and
        every hex of the odd rows likewise, so a melee area is placed round a hex without cube coordinates.
        """
        return (_offsets(self.orientations, 0), _offsets(self.orientations, 1))

    @property
    def extra(self) -> int:
        """Single targets it attacks besides the focus or the area: Target Z's others, then Add Target's."""
        return self.targets - 1 + self.add_targets

    @property
    def reach(self) -> int:
        """The range used for single targets: 1 for melee (L630-633)."""
        return self.range if self.range > 0 else 1

    @property
    def ranged(self) -> bool:
        """A ranged attack (disadvantage against an adjacent enemy, L652)."""
        return self.range > 0

    @cached_property
    def orientations(self) -> tuple[tuple[Cube, ...], ...]:
        """The red hexes in every rotation and mirroring (L710-716), duplicates dropped."""
        seen: dict[frozenset[Cube], tuple[Cube, ...]] = {}
        for flip in (False, True):
            for turns in range(6):
                cells = tuple(rotate(mirror(c) if flip else c, turns) for c in self.red)
                seen.setdefault(frozenset(cells), cells)
        return tuple(seen.values())


@dataclass(frozen=True)
class Mover:
    """The acting monster's movement: its hex, points this turn, mode."""

    start: Hex
    points: int
    mode: str = "normal"
    """``normal``, ``jump`` or ``flying``."""


def _add(a: Cube, b: Cube) -> Cube:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _sub(a: Cube, b: Cube) -> Cube:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


class _Tables(NamedTuple):
    """The per-hex tables of a turn (:attr:`TurnMap._tables`)."""

    features: dict[Hex, str]
    """:attr:`TurnMap.features`."""
    costs: dict[Hex, Cost]
    """:attr:`TurnMap._costs`: the hexes it may enter (no closed door), with the cost of entering each."""
    steps: dict[Hex, int]
    """:attr:`TurnMap._steps`: those costs packed, as closeness counts them."""
    passable: frozenset[Hex]
    """:attr:`TurnMap._passable`: no obstacle, no enemy."""
    ends: frozenset[Hex]
    """:attr:`TurnMap._ends`: its own hex, and each free one it may stand on (an obstacle only when flying)."""


@dataclass
class TurnMap:
    """The map as the acting monster sees it this turn (see the module docstring)."""

    board: HexSpace
    mover: Mover
    allies: frozenset[Hex]
    """Hexes of the monster's allies (other monsters): passable, not for ending (L1347-1348)."""
    enemies: Mapping[str, Hex]
    """Every enemy figure by id (invisible ones included: they still block)."""
    targetable: frozenset[str]
    """The enemies that may be attacked (not invisible)."""
    adjacent_sees: bool = False
    """Adjacent hexes always see each other (the reading ``always_clear`` of GH.LOS.ADJACENT)."""
    closeness_by_hexes: bool = False
    """Closeness counts hexes, a difficult one as 1 (the reading ``hexes_walked`` of GH.FOCUS.CLOSEST)."""
    _prev: dict[Hex, Hex] = field(default_factory=dict)
    _hits: dict[tuple[int, Hex, str | None], frozenset[frozenset[str]]] = field(default_factory=dict)
    _attack_hexes: dict[tuple[int, str], list[Hex]] = field(default_factory=dict)
    _ranged_placements: dict[tuple[int, str | None], list[tuple[Hex, ...]]] = field(default_factory=dict)
    _red_cells_of: dict[tuple[int, str | None], frozenset[Hex]] = field(default_factory=dict)

    @cached_property
    def enemy_hexes(self) -> frozenset[Hex]:
        """Hexes holding an enemy."""
        return frozenset(self.enemies.values())

    @cached_property
    def adjacent(self) -> dict[Hex, tuple[Hex, ...]]:
        """Each hex's adjacent hexes (the space's: across no thin wall, wall hexes excluded), wall hexes left out."""
        links = self.board.links()
        return {h: links[h] for h in self.features}

    @cached_property
    def features(self) -> dict[Hex, str]:
        """The feature word of each hex of the map that is not a wall hex."""
        return self._tables.features

    @cached_property
    def _tables(self) -> _Tables:
        """The per-hex tables of the turn, made in one pass over the map (see :class:`_Tables`)."""
        scale, by_hexes, start = self._scale, self.closeness_by_hexes, self.mover.start
        enemies = self.enemy_hexes
        taken = enemies | self.allies
        flying = self.mover.mode == "flying"
        features: dict[Hex, str] = {}
        costs: dict[Hex, Cost] = {}
        steps: dict[Hex, int] = {}
        passable: list[Hex] = []
        ends = [start]
        by_word: dict[str, tuple[Cost, int]] = {}
        for h, word in self.board.terrain_map().items():
            if word == WALL:
                continue
            features[h] = word
            if word in DOORS:
                continue
            known = by_word.get(word)
            if known is None:
                cost = _entry_cost(word)
                known = by_word[word] = (cost, cost[0] * scale + (1 if by_hexes else cost[1]))
            costs[h], steps[h] = known
            if word != "obstacle":
                if h not in enemies:
                    passable.append(h)
                if h not in taken:
                    ends.append(h)
            elif flying and h not in taken:
                ends.append(h)
        return _Tables(features, costs, steps, frozenset(passable), frozenset(ends))

    @cached_property
    def _enterable(self) -> frozenset[Hex]:
        """The hexes the monster may enter at all (:meth:`enterable`)."""
        return frozenset(self._costs)

    @cached_property
    def _passable(self) -> frozenset[Hex]:
        """The hexes a normal move may pass through (:meth:`passable`): no obstacle, no enemy."""
        return self._tables.passable

    @cached_property
    def _costs(self) -> dict[Hex, Cost]:
        """The cost of entering each hex the monster may enter (:meth:`_enter`), by hex: no closed door."""
        return self._tables.costs

    @cached_property
    def _scale(self) -> int:
        """A power of two above any count of points a search here reaches: costs are packed as ``neg * scale + pts``.

        A best way passes each hex once, at 2 points a hex at most; a search within Move goes no farther
        than the Move. Packed costs compare as the pairs do.
        """
        return 1 << (2 * len(self.board.terrain_map()) + self.mover.points + 4).bit_length()

    @cached_property
    def _steps(self) -> dict[Hex, int]:
        """:attr:`_costs` packed (see :attr:`_scale`) as closeness counts them (a hex is 1 when it counts hexes)."""
        return self._tables.steps

    def enterable(self, h: Hex) -> bool:
        """Whether the monster may enter ``h`` at all: never a closed or locked door (L1316-1321, L1927-1928)."""
        return h in self._enterable

    def passable(self, h: Hex) -> bool:
        """Whether a normal move may pass through ``h`` (L518-529): no obstacle, no enemy."""
        return h in self._passable

    def can_end(self, h: Hex) -> bool:
        """Whether the monster may end its move on ``h`` (L533-539, L1347-1348)."""
        return h in self._ends

    @cached_property
    def _ends(self) -> frozenset[Hex]:
        """The hexes it may end its move on (:meth:`can_end`): its own, and each free one it may stand on."""
        return self._tables.ends

    def _enter(self, h: Hex) -> Cost:
        """The cost of entering ``h`` on a normal move."""
        return _entry_cost(self.features[h])

    def _packed_enter(self, h: Hex) -> int:
        """:meth:`_enter` packed as :attr:`_steps` are, for a hex it may not enter (a goal it stands on)."""
        neg, pts = self._enter(h)
        return neg * self._scale + (1 if self.closeness_by_hexes else pts)

    def _last(self, h: Hex) -> Cost:
        """The extra cost of ``h`` as the last hex of a Jump (it counts as a normal move, L535-536)."""
        feature = self.features[h]
        return (1 if feature in NEGATIVE else 0, 1 if feature == "difficult" else 0)

    def _last_closeness(self, h: Hex) -> Cost:
        """:meth:`_last` as closeness counts it: no extra point when closeness counts hexes."""
        neg, extra = self._last(h)
        return (neg, 0 if self.closeness_by_hexes else extra)

    # -- over any number of turns

    @cached_property
    def paths(self) -> dict[Hex, Cost]:
        """Best ``(negative, points)`` from the start to every hex it could end on, over any number of turns."""
        if self.mover.mode == "normal":
            best = self._dijkstra(self.mover.start)
        else:
            steps = self._plain_steps(self.mover.start)
            best = {}
            for h, n in steps.items():
                if self.mover.mode == "flying" or h == self.mover.start:
                    best[h] = (0, n)
                else:
                    neg, extra = self._last_closeness(h)
                    best[h] = (neg, n + extra)
        ends = self._ends
        return {h: c for h, c in best.items() if h in ends}

    def _dijkstra(self, start: Hex) -> dict[Hex, Cost]:
        """Best ``(negative, points)`` from ``start`` to every hex reached (costs packed while searching).

        Every step costs a point or more, so the hexes reached at one cost are all known before the first of
        them is passed through: they wait in one bucket per cost, and a bucket is taken in hex order, as a
        heap of ``(cost, hex)`` would give them (:attr:`_prev` keeps the first best way found).
        """
        scale = self._scale
        best: dict[Hex, int] = {start: 0}
        buckets: dict[int, list[Hex]] = {0: [start]}
        order = [0]
        links, steps, passable = self.board.links(), self._steps, self._passable
        prev = self._prev if start == self.mover.start else {}
        pop, push, step_of, best_of = heapq.heappop, heapq.heappush, steps.get, best.get
        while order:
            cost = pop(order)
            bucket = buckets.pop(cost)
            bucket.sort()
            for here in bucket:
                if best[here] < cost:
                    continue
                if here != start and here not in passable:
                    continue  # reached (an end hex needs no passing) but not passed through
                for n in links[here]:
                    step = step_of(n)
                    if step is None:
                        continue  # a closed door
                    reached = cost + step
                    known = best_of(n)
                    if known is None or reached < known:
                        best[n] = reached
                        prev[n] = here
                        waiting = buckets.get(reached)
                        if waiting is None:
                            buckets[reached] = [n]
                            push(order, reached)
                        else:
                            waiting.append(n)
        return {h: divmod(c, scale) for h, c in best.items()}

    def route(self, end: Hex) -> list[Hex]:
        """A best way from the start to ``end`` (start first), for pictures; ``[start]`` if none is known."""
        _ = self.paths
        way = [end]
        while way[-1] != self.mover.start and way[-1] in self._prev and len(way) <= len(self.features):
            way.append(self._prev[way[-1]])
        return way[::-1] if way[-1] == self.mover.start else [self.mover.start]

    def _plain_steps(self, start: Hex) -> dict[Hex, int]:
        """Hexes a Jump or Flying move counts, passing figures, obstacles and terrain (doors excluded)."""
        found = {start: 0}
        frontier = [start]
        links, enterable = self.board.links(), self._costs
        prev = self._prev if start == self.mover.start else {}
        count = 0
        while frontier:
            count += 1
            reached = []
            for here in frontier:
                for n in links[here]:
                    if n not in found and n in enterable:
                        found[n] = count
                        prev.setdefault(n, here)
                        reached.append(n)
            frontier = reached
        return found

    # -- this turn

    @cached_property
    def within(self) -> dict[Hex, Cost]:
        """For each hex it may end on this turn: the fewest negative hexes, then the fewest points (within Move)."""
        found = self._within_normal() if self.mover.mode == "normal" else self._within_plain()
        ends = self._ends
        return {h: c for h, c in found.items() if h in ends}

    def _within_plain(self) -> dict[Hex, Cost]:
        start = self.mover.start
        out: dict[Hex, Cost] = {}
        for h, steps in self._plain_steps(start).items():
            cost = (0, steps) if self.mover.mode == "flying" or h == start else _plus((0, steps), self._last(h))
            if cost[1] <= self.mover.points:
                out[h] = cost
        return out

    def _within_normal(self) -> dict[Hex, Cost]:
        """Fewest negatives for each (hex, points used) within Move, searched in order of negatives.

        By buckets of one ``(negative, points)`` (packed, see :attr:`_scale`), each in hex order, as in
        :meth:`_dijkstra`: every step costs a point or more.
        """
        points, start, scale = self.mover.points, self.mover.start, self._scale
        layers: dict[tuple[Hex, int], int] = {(start, 0): 0}
        buckets: dict[int, list[Hex]] = {0: [start]}
        order = [0]
        links, costs, passable = self.board.links(), self._costs, self._passable
        pop, push, cost_of, layer_of = heapq.heappop, heapq.heappush, costs.get, layers.get
        while order:
            packed = pop(order)
            bucket = buckets.pop(packed)
            bucket.sort()
            neg, pts = divmod(packed, scale)
            for here in bucket:
                if layers[here, pts] < neg or (here != start and here not in passable):
                    continue
                for nxt in links[here]:
                    dn, dp = cost_of(nxt, _DOOR)
                    if pts + dp > points:
                        continue  # a closed door, or beyond its Move
                    key = (nxt, pts + dp)
                    known = layer_of(key)
                    if known is None or neg + dn < known:
                        layers[key] = neg + dn
                        reached = (neg + dn) * scale + pts + dp
                        waiting = buckets.get(reached)
                        if waiting is None:
                            buckets[reached] = [nxt]
                            push(order, reached)
                        else:
                            waiting.append(nxt)
        result: dict[Hex, Cost] = {}
        for (h, pts), neg in layers.items():
            if h not in result or (neg, pts) < result[h]:
                result[h] = (neg, pts)
        return result

    def to_goal(self, goal: Hex) -> dict[Hex, Cost]:
        """For every hex: the best ``(negative, points)`` still needed from it to end on ``goal``."""
        if self.mover.mode != "normal":
            steps = self._plain_steps(goal)  # adjacency is symmetric and so are plain steps
            last = (0, 0) if self.mover.mode == "flying" else self._last_closeness(goal)
            return {h: (last[0], n + last[1]) if h != goal else (0, 0) for h, n in steps.items()}
        scale = self._scale
        best: dict[Hex, int] = {goal: 0}
        buckets: dict[int, list[Hex]] = {0: [goal]}
        order = [0]
        links, steps, passable = self.board.links(), self._steps, self._passable
        pop, push = heapq.heappop, heapq.heappush
        while order:  # by buckets of one cost, as in :meth:`_dijkstra`
            cost = pop(order)
            bucket = buckets.pop(cost)
            bucket.sort()
            for here in bucket:
                if best[here] < cost:
                    continue
                if here != goal and here not in passable:
                    continue  # a predecessor must be passable to go on through it
                step = steps.get(here)
                reached = cost + (self._packed_enter(here) if step is None else step)
                for prev in links[here]:
                    if prev not in steps:
                        continue  # a closed door
                    known = best.get(prev)
                    if known is None or reached < known:
                        best[prev] = reached
                        waiting = buckets.get(reached)
                        if waiting is None:
                            buckets[reached] = [prev]
                            push(order, reached)
                        else:
                            waiting.append(prev)
        return {h: divmod(c, scale) for h, c in best.items()}

    # -- attacks

    def sees(self, a: Hex, b: Hex) -> bool:
        """Line of sight between two hexes (L496-498): a clear corner-to-corner segment (the space caches it)."""
        return self.board.visible(a, b) or (self.adjacent_sees and b in self.adjacent.get(a, ()))

    def range(self, a: Hex, b: Hex) -> int | None:
        """Range from ``a`` to ``b`` around walls and doors (L499-502), counted from ``a`` only as far as ``b``."""
        return self.board.clear_distance(a, b)

    def range_from(self, origin: Hex) -> Mapping[Hex, int]:
        """Range from ``origin`` to every hex a range count reaches (L499-502): the space's clear distances."""
        return self.board.clear_distances(origin)

    def in_reach(self, attacker: Hex, target: Hex, reach: int) -> bool:
        """Whether ``target`` is within ``reach`` and in line of sight of ``attacker``.

        Range is symmetric, so it is counted from the target (few) rather than from each attacker hex (many),
        and no farther than ``reach``.
        """
        return attacker in self.within_range(target, reach) and self.sees(attacker, target)

    def within_range(self, origin: Hex, reach: int) -> frozenset[Hex]:
        """The hexes at range ``reach`` or less from ``origin`` (:meth:`range_from`, counted only that far)."""
        return self.board.clear_within(origin, reach)

    def single_targets(self, attack: AttackShape, h: Hex) -> frozenset[str]:
        """The enemies a single-target attack from ``h`` may hit (range and sight, L1392-1398)."""
        return frozenset(e for e in self.targetable if self.in_reach(h, self.enemies[e], attack.reach))

    def area_sets(self, attack: AttackShape, h: Hex, focus: str | None) -> frozenset[frozenset[str]]:
        """The enemy sets the placements of the area from ``h`` hit (every enemy in it and in sight, L660-661).

        With ``focus``, only the placements that cover the focus's hex (and the sets holding it); with
        ``None``, every placement that hits someone, or the empty set when none does (an area may be aimed
        at hexes alone, L1783-1784). A melee area is placed round the attacker, its red hexes always in
        range (L662-664); a ranged one anywhere with one red hex in range (L665-668).
        """
        key = (id(attack), h, focus)
        found = self._hits.get(key)
        if found is None:
            found = frozenset(self._area_sets(attack, h, focus))
            self._hits[key] = found
        return found

    def _area_sets(self, attack: AttackShape, h: Hex, focus: str | None) -> set[frozenset[str]]:
        by_hex = self._by_hex
        near: frozenset[Hex] | None = None
        if focus is not None:
            at = self.enemies[focus]
            if by_hex.get(at) != focus or not self.sees(h, at):
                return set()  # every placement covers the focus's hex: it hits the focus only if it sees it
            if not attack.melee_area and not self._reaches(h, at, attack.range):
                near = self._reds_in_range(attack, h, focus)  # else every placement has a red hex in range
        elif not attack.melee_area:
            near = self._reds_in_range(attack, h, focus)
        out: set[frozenset[str]] = set()
        for placed in self._placements(attack, h, focus):
            if near is not None and near.isdisjoint(placed):
                continue  # no red hex in range
            hit = frozenset(by_hex[p] for p in placed if p in by_hex and self.sees(h, p))
            if focus is None or focus in hit:
                out.add(hit)
        if focus is None:
            out = {hit for hit in out if hit} or {frozenset()}
        return out

    def _reaches(self, h: Hex, at: Hex, reach: int) -> bool:
        """Whether ``at`` is within ``reach`` of ``h`` (range counted from ``at``: the same when neither blocks)."""
        terrain = self.board.terrain_map()
        if terrain.get(h, WALL) in SIGHT_BLOCKERS or terrain.get(at, WALL) in SIGHT_BLOCKERS:
            return at in self.within_range(h, reach)
        return h in self.within_range(at, reach)

    def _reds_in_range(self, attack: AttackShape, h: Hex, focus: str | None) -> frozenset[Hex]:
        """The hexes of a ranged area's placements (:meth:`_placements`) within its range of ``h``.

        A range count is symmetric between two hexes a count may enter, so it is counted from each red hex
        no farther from ``h`` than the range (the count never beats the plain distance), each kept for the
        turn, rather than from each attack hex. A red hex on a sight blocker or off the map is never counted
        into; from such an ``h`` (a door it starts on) the count is made from ``h``.
        """
        cells, reach = self._red_cells(attack, h, focus), attack.range
        terrain = self.board.terrain_map()
        if terrain.get(h, WALL) in SIGHT_BLOCKERS:
            return self.within_range(h, reach) & cells
        return frozenset(
            p
            for p in cells
            if hex_distance(h, p) <= reach
            and terrain.get(p, WALL) not in SIGHT_BLOCKERS
            and h in self.within_range(p, reach)
        )

    def _red_cells(self, attack: AttackShape, h: Hex, focus: str | None) -> frozenset[Hex]:
        """Every hex of a ranged area's placements for ``focus`` (the same from any ``h``; kept for the turn)."""
        key = (id(attack), focus)
        found = self._red_cells_of.get(key)
        if found is None:
            placements = self._placements(attack, h, focus)
            found = self._red_cells_of[key] = frozenset(p for placed in placements for p in placed)
        return found

    @cached_property
    def _by_hex(self) -> dict[Hex, str]:
        """The enemies that may be attacked, by hex."""
        return {self.enemies[e]: e for e in self.targetable}

    def _placements(self, attack: AttackShape, h: Hex, focus: str | None) -> Sequence[tuple[Hex, ...]]:
        """The red hexes of each placement of the area attacking from ``h`` (with ``focus``: those covering it).

        A melee area lies round ``h`` in each orientation; a ranged one on the focus (or on any enemy
        without one) by each of its red hexes, wherever ``h`` is (kept for the turn).
        """
        if attack.melee_area:
            col, row = h
            around = [tuple([Hex(col + dc, row + dr) for dc, dr in cells]) for cells in attack.offsets[row % 2]]
            return around if focus is None else [placed for placed in around if self.enemies[focus] in placed]
        key = (id(attack), focus)
        found = self._ranged_placements.get(key)
        if found is None:
            anchors = [self.enemies[focus]] if focus is not None else list(self._by_hex)
            cubes = [to_cube(at) for at in anchors]
            seen: dict[frozenset[Hex], tuple[Hex, ...]] = {}
            for cells in attack.orientations:
                for shift in {_sub(at, c) for at in cubes for c in cells}:
                    placed = tuple(from_cube(_add(shift, c)) for c in cells)
                    seen.setdefault(frozenset(placed), placed)
            found = self._ranged_placements[key] = list(seen.values())
        return found

    def target_sets(self, attack: AttackShape, h: Hex, focus: str) -> set[frozenset[str]]:
        """Every largest set of enemies the attack from ``h`` may hit with ``focus`` among them.

        Single targets are in range and sight (L1392-1398, L673-674); an area hits every enemy of one
        placement in sight, and its extra single targets (Add Target, L1056-1057; Target Z's others) may
        be the focus itself while the area is placed where it hits most (L1337-1338, L1394-1397).
        """
        extra = attack.extra
        if attack.red:
            bases = self.area_sets(attack, h, focus if extra == 0 else None)
        else:
            if not self.in_reach(h, self.enemies[focus], attack.reach):
                return set()
            bases = frozenset({frozenset({focus})})
        if extra == 0:  # no single target to add: no need to trace sight to the other enemies
            return set(bases)
        single = self.single_targets(attack, h)
        out: set[frozenset[str]] = set()
        for base in bases:
            pool = sorted(single - base)
            k = min(extra, len(pool))
            for chosen in combinations(pool, k):
                targets = base | frozenset(chosen)
                if focus in targets:
                    out.add(targets)
        return out

    def split(self, attack: AttackShape, h: Hex, targets: frozenset[str], focus: str) -> tuple[frozenset[str], ...]:
        """One way ``targets`` is attacked from ``h``: the enemies the area hits, then the single targets."""
        if not attack.red:
            return frozenset({focus}), targets - {focus}
        single = self.single_targets(attack, h)
        bases = self.area_sets(attack, h, focus if attack.extra == 0 else None)
        ordered = sorted(bases, key=lambda b: (-len(b), sorted(b)))  # the largest first; ties by name, so runs agree
        base = next((b for b in ordered if b <= targets and targets - b <= single), None)
        return (frozenset(), targets) if base is None else (base, targets - base)

    def can_target_from(self, attack: AttackShape, h: Hex, focus: str) -> bool:
        """Whether some attack from ``h`` hits ``focus`` (by the area, or as a single target)."""
        reach = self.in_reach(h, self.enemies[focus], attack.reach)
        if attack.red:
            return (attack.extra > 0 and reach) or bool(self.area_sets(attack, h, focus))
        return reach

    def attack_hexes(self, attack: AttackShape, focus: str) -> list[Hex]:
        """The hexes it could end on from which ``focus`` might be attacked (range only; sight unchecked).

        Callers confirm a hex with :meth:`can_target_from`, best hexes first, so
        that line of sight is traced only where it can matter. Kept for the turn:
        the focus search and the plays ask for the same enemy.
        """
        key = (id(attack), focus)
        found = self._attack_hexes.get(key)
        if found is None:
            found = self._attack_hexes[key] = self._find_attack_hexes(attack, focus)
        return found

    def _find_attack_hexes(self, attack: AttackShape, focus: str) -> list[Hex]:
        at = self.enemies[focus]
        if attack.red and attack.melee_area:
            cube = to_cube(at)
            candidates = {from_cube(_sub(cube, c)) for cells in attack.orientations for c in cells}
            if attack.extra > 0:
                candidates |= self.within_range(at, attack.reach)
        elif attack.red:
            reach = attack.reach + _span(attack.red)
            candidates = {h for h in self.paths if hex_distance(h, at) <= reach}
        else:
            candidates = set(self.within_range(at, attack.reach))
        paths = self.paths
        return sorted((h for h in candidates if h in paths), key=lambda h: (paths[h], h.row, h.col))


def _offsets(orientations: Sequence[Sequence[Cube]], parity: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Each orientation's red hexes as column and row offsets from a hex in a row of that parity."""
    base = Hex(0, parity)
    origin = to_cube(base)
    return tuple(
        tuple((at.col - base.col, at.row - base.row) for at in (from_cube(_add(origin, c)) for c in cells))
        for cells in orientations
    )


def _entry_cost(feature: str) -> Cost:
    """The cost of entering a hex of this feature on a normal move: negative hexes, then movement points."""
    return (1 if feature in NEGATIVE else 0, 2 if feature == "difficult" else 1)


def _plus(a: Cost, b: Cost) -> Cost:
    return (a[0] + b[0], a[1] + b[1])


def _span(cells: Sequence[Cube]) -> int:
    """The widest cube distance between two red hexes of an area."""
    return max((max(abs(a[i] - b[i]) for i in range(3)) for a in cells for b in cells), default=0)


def area_cells(grey: Hex | None, red: Sequence[Hex]) -> tuple[Cube, ...]:
    """The red hexes in cube coordinates relative to the grey hex, or to the first red hex without one."""
    origin = to_cube(grey if grey is not None else red[0])
    return tuple(_sub(to_cube(h), origin) for h in red)
