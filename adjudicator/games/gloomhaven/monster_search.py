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
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations

from adjudicator.games.gloomhaven.terrain import DOORS, WALL
from adjudicator.spaces.hex import Cube, Hex, HexSpace, from_cube, mirror, rotate, to_cube

NEGATIVE = frozenset({"trap", "hazardous"})
"""Hexes a monster avoids (L1268-1273, L1342-1346)."""

Cost = tuple[int, int]
"""``(negative hexes triggered, movement points)``, compared lexicographically."""


@dataclass(frozen=True)
class AttackShape:
    """The attack the monster moves for: melee (``range`` 0), Target Z, an area, Add Target."""

    range: int = 0
    targets: int = 1
    red: tuple[Cube, ...] = ()
    """The area's red hexes in cube coordinates relative to the grey hex (melee) or to the first red hex."""
    melee_area: bool = False
    add_targets: int = 0

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
    _prev: dict[Hex, Hex] = field(default_factory=dict)
    _hits: dict[tuple[int, Hex, str | None], frozenset[frozenset[str]]] = field(default_factory=dict)
    _attack_hexes: dict[tuple[int, str], list[Hex]] = field(default_factory=dict)

    @cached_property
    def enemy_hexes(self) -> frozenset[Hex]:
        """Hexes holding an enemy."""
        return frozenset(self.enemies.values())

    @cached_property
    def adjacent(self) -> dict[Hex, tuple[Hex, ...]]:
        """Each hex's adjacent hexes (the space's: across no thin wall, wall hexes excluded), wall hexes left out."""
        board = self.board
        return {h: board.adjacent(h) for h in self.features}

    @cached_property
    def features(self) -> dict[Hex, str]:
        """The feature word of each hex of the map that is not a wall hex."""
        return {h: word for h, word in self.board.terrain_map().items() if word != WALL}

    def enterable(self, h: Hex) -> bool:
        """Whether the monster may enter ``h`` at all: never a closed or locked door (L1316-1321, L1927-1928)."""
        return self.features.get(h, WALL) not in DOORS and h in self.features

    def passable(self, h: Hex) -> bool:
        """Whether a normal move may pass through ``h`` (L518-529): no obstacle, no enemy."""
        return self.enterable(h) and self.features[h] != "obstacle" and h not in self.enemy_hexes

    def can_end(self, h: Hex) -> bool:
        """Whether the monster may end its move on ``h`` (L533-539, L1347-1348)."""
        if h == self.mover.start:
            return True
        if not self.enterable(h) or h in self.enemy_hexes or h in self.allies:
            return False
        return self.mover.mode == "flying" or self.features[h] != "obstacle"

    def _enter(self, h: Hex) -> Cost:
        """The cost of entering ``h`` on a normal move."""
        feature = self.features[h]
        return (1 if feature in NEGATIVE else 0, 2 if feature == "difficult" else 1)

    def _last(self, h: Hex) -> Cost:
        """The extra cost of ``h`` as the last hex of a Jump (it counts as a normal move, L535-536)."""
        feature = self.features[h]
        return (1 if feature in NEGATIVE else 0, 1 if feature == "difficult" else 0)

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
                    neg, extra = self._last(h)
                    best[h] = (neg, n + extra)
        return {h: c for h, c in best.items() if self.can_end(h)}

    def _dijkstra(self, start: Hex) -> dict[Hex, Cost]:
        best: dict[Hex, Cost] = {start: (0, 0)}
        heap: list[tuple[int, int, Hex]] = [(0, 0, start)]
        while heap:
            neg, pts, here = heapq.heappop(heap)
            if best.get(here, (neg, pts)) < (neg, pts):
                continue
            if here != start and not self.passable(here):
                continue  # reached (an end hex needs no passing) but not passed through
            for n in self.adjacent[here]:
                if not self.enterable(n):
                    continue
                dn, dp = self._enter(n)
                cost = (neg + dn, pts + dp)
                if n not in best or cost < best[n]:
                    best[n] = cost
                    if start == self.mover.start:
                        self._prev[n] = here
                    heapq.heappush(heap, (cost[0], cost[1], n))
        return best

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
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for n in self.adjacent[here]:
                if n not in found and self.enterable(n):
                    found[n] = found[here] + 1
                    if start == self.mover.start:
                        self._prev.setdefault(n, here)
                    queue.append(n)
        return found

    # -- this turn

    @cached_property
    def within(self) -> dict[Hex, Cost]:
        """For each hex it may end on this turn: the fewest negative hexes, then the fewest points (within Move)."""
        found = self._within_normal() if self.mover.mode == "normal" else self._within_plain()
        return {h: c for h, c in found.items() if self.can_end(h)}

    def _within_plain(self) -> dict[Hex, Cost]:
        start = self.mover.start
        out: dict[Hex, Cost] = {}
        for h, steps in self._plain_steps(start).items():
            cost = (0, steps) if self.mover.mode == "flying" or h == start else _plus((0, steps), self._last(h))
            if cost[1] <= self.mover.points:
                out[h] = cost
        return out

    def _within_normal(self) -> dict[Hex, Cost]:
        """Fewest negatives for each (hex, points used) within Move, searched in order of negatives."""
        points = self.mover.points
        start = self.mover.start
        layers: dict[tuple[Hex, int], int] = {(start, 0): 0}
        heap: list[tuple[int, int, Hex]] = [(0, 0, start)]
        while heap:
            neg, pts, here = heapq.heappop(heap)
            if layers.get((here, pts), neg) < neg or (here != start and not self.passable(here)):
                continue
            for nxt in self.adjacent[here]:
                if not self.enterable(nxt):
                    continue
                dn, dp = self._enter(nxt)
                key = (nxt, pts + dp)
                if key[1] <= points and (key not in layers or neg + dn < layers[key]):
                    layers[key] = neg + dn
                    heapq.heappush(heap, (neg + dn, pts + dp, nxt))
        result: dict[Hex, Cost] = {}
        for (h, pts), neg in layers.items():
            if h not in result or (neg, pts) < result[h]:
                result[h] = (neg, pts)
        return result

    def to_goal(self, goal: Hex) -> dict[Hex, Cost]:
        """For every hex: the best ``(negative, points)`` still needed from it to end on ``goal``."""
        if self.mover.mode != "normal":
            steps = self._plain_steps(goal)  # adjacency is symmetric and so are plain steps
            last = (0, 0) if self.mover.mode == "flying" else self._last(goal)
            return {h: (last[0], n + last[1]) if h != goal else (0, 0) for h, n in steps.items()}
        best: dict[Hex, Cost] = {goal: (0, 0)}
        heap: list[tuple[int, int, Hex]] = [(0, 0, goal)]
        while heap:
            neg, pts, here = heapq.heappop(heap)
            if best.get(here, (neg, pts)) < (neg, pts):
                continue
            if here != goal and not self.passable(here):
                continue  # a predecessor must be passable to go on through it
            dn, dp = self._enter(here)
            for prev in self.adjacent[here]:
                if not self.enterable(prev):
                    continue
                cost = (neg + dn, pts + dp)
                if prev not in best or cost < best[prev]:
                    best[prev] = cost
                    heapq.heappush(heap, (cost[0], cost[1], prev))
        return best

    # -- attacks

    def sees(self, a: Hex, b: Hex) -> bool:
        """Line of sight between two hexes (L496-498): a clear corner-to-corner segment (the space caches it)."""
        return self.board.visible(a, b) or (self.adjacent_sees and b in self.adjacent.get(a, ()))

    def range(self, a: Hex, b: Hex) -> int | None:
        """Range from ``a`` to ``b`` around walls and doors (L499-502)."""
        return self.range_from(a).get(b)

    def range_from(self, origin: Hex) -> Mapping[Hex, int]:
        """Range from ``origin`` to every hex a range count reaches (L499-502): the space's clear distances."""
        return self.board.clear_distances(origin)

    def in_reach(self, attacker: Hex, target: Hex, reach: int) -> bool:
        """Whether ``target`` is within ``reach`` and in line of sight of ``attacker``.

        Range is symmetric, so it is counted from the target (few) rather than from each attacker hex (many).
        """
        distance = self.range_from(target).get(attacker)
        return distance is not None and distance <= reach and self.sees(attacker, target)

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
        origin = to_cube(h)
        by_hex = {self.enemies[e]: e for e in self.targetable}
        anchors = [to_cube(self.enemies[focus])] if focus is not None else [to_cube(at) for at in by_hex]
        out: set[frozenset[str]] = set()
        counted = self.range_from(h)
        for cells in attack.orientations:
            if attack.melee_area:
                shifts = [origin] if focus is None or any(_add(origin, c) == anchors[0] for c in cells) else []
            else:
                shifts = list({_sub(at, c) for at in anchors for c in cells})
            for shift in shifts:
                placed = [from_cube(_add(shift, c)) for c in cells]
                if not attack.melee_area and not any(counted.get(p, attack.range + 1) <= attack.range for p in placed):
                    continue
                hit = frozenset(by_hex[p] for p in placed if p in by_hex and self.sees(h, p))
                if focus is None or focus in hit:
                    out.add(hit)
        if focus is None:
            out = {hit for hit in out if hit} or {frozenset()}
        return out

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
        base = next((b for b in sorted(bases, key=len, reverse=True) if b <= targets and targets - b <= single), None)
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
                candidates |= {h for h, d in self.range_from(at).items() if d <= attack.reach}
        elif attack.red:
            reach = attack.reach + _span(attack.red)
            candidates = {h for h in self.paths if self.board.distance(h, at) <= reach}
        else:
            candidates = {h for h, d in self.range_from(at).items() if d <= attack.reach}
        paths = self.paths
        return sorted((h for h in candidates if h in paths), key=lambda h: (paths[h], h.row, h.col))


def _plus(a: Cost, b: Cost) -> Cost:
    return (a[0] + b[0], a[1] + b[1])


def _span(cells: Sequence[Cube]) -> int:
    """The widest cube distance between two red hexes of an area."""
    return max((max(abs(a[i] - b[i]) for i in range(3)) for a in cells for b in cells), default=0)


def area_cells(grey: Hex | None, red: Sequence[Hex]) -> tuple[Cube, ...]:
    """The red hexes in cube coordinates relative to the grey hex, or to the first red hex without one."""
    origin = to_cube(grey if grey is not None else red[0])
    return tuple(_sub(to_cube(h), origin) for h in red)
