"""The monster's turn against an independent brute-force reading of the contract, on random maps.

The oracle below reads contract-gloomhaven.md (``monster_turn``, steps 1-3)
as directly as it can, sharing nothing with the engine but the hex space
(adjacency, range count, line of sight): its own searches (a Dijkstra from
every hex, a table of hexes by points used), its own cube coordinates and
area turns, and a plain enumeration of every (end hex, target set) pair. The
engine's shortcuts (grouped search, range-only candidate hexes, the reverse
search toward a goal) must give the same focus and the same set of choices.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.spec import load_spec
from adjudicator.games.gloomhaven.model import Area, MonsterAttack, MonsterTurnQuery, Piece, Situation
from adjudicator.games.gloomhaven.queries import monster_turn
from adjudicator.games.gloomhaven.terrain import build_board, feature
from adjudicator.spaces.hex import Hex, HexSpace

NEGATIVE = {"trap", "hazardous"}
CLOSED = {"closed_door", "locked_door", "wall"}
Cube = tuple[int, int, int]
Cost = tuple[int, int]
Choice = tuple[Hex, frozenset[str]]

AREAS = [
    Area(("..", "@*", "**"), {Hex(0, 1): "@", Hex(1, 1): "*", Hex(0, 2): "*", Hex(1, 2): "*"}),
    Area(("*",), {Hex(0, 0): "*"}),
    Area(("**", "*."), {Hex(0, 0): "*", Hex(1, 0): "*", Hex(0, 1): "*"}),
    Area(("..*", "@*."), {Hex(2, 0): "*", Hex(0, 1): "@", Hex(1, 1): "*"}),
    Area(("@**",), {Hex(0, 0): "@", Hex(1, 0): "*", Hex(2, 0): "*"}),
    Area(("***", ".*."), {Hex(0, 0): "*", Hex(1, 0): "*", Hex(2, 0): "*", Hex(1, 1): "*"}),
]
"""Melee and ranged areas, symmetric and not (mirror images matter for the last three)."""


def cube(h: Hex) -> Cube:
    """Offset (odd rows shifted right, 0-based) to cube coordinates."""
    x = h.col - (h.row - (h.row & 1)) // 2
    return (x, -x - h.row, h.row)


def uncube(c: Cube) -> Hex:
    x, _, z = c
    return Hex(x + (z - (z & 1)) // 2, z)


def plus(a: Cube, b: Cube) -> Cube:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def minus(a: Cube, b: Cube) -> Cube:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def shapes(area: Area) -> set[frozenset[Cube]]:
    """The red hexes relative to the grey hex (or the first red hex), in all six turns, mirrored or not."""
    origin = cube(area.grey if area.grey is not None else area.red[0])
    rel = [minus(cube(h), origin) for h in area.red]
    out: set[frozenset[Cube]] = set()
    for mirrored in (False, True):
        cells = [(x, z, y) for x, y, z in rel] if mirrored else rel
        for _ in range(6):
            cells = [(-z, -x, -y) for x, y, z in cells]
            out.add(frozenset(cells))
    return out


@dataclass
class Oracle:
    """The contract read literally for one situation."""

    board: HexSpace
    pieces: tuple[Piece, ...]
    query: MonsterTurnQuery

    def __post_init__(self) -> None:
        self.m = next(p for p in self.pieces if p.id == self.query.monster)
        self.enemies = [p for p in self.pieces if p.enemy_of(self.m)]
        self.by_id = {p.id: p for p in self.pieces}
        self.enemy_hexes = {p.at for p in self.enemies}
        self.ally_hexes = {p.at for p in self.pieces if p.side == self.m.side and p.id != self.m.id}
        self.targetable = [p for p in self.enemies if not p.has("invisible")]
        attack = self.query.attack
        self.attacks = attack is not None and not self.m.has("disarm")
        grey = attack is not None and attack.area is not None and attack.area.grey is not None
        self.range = attack.range if attack is not None and self.attacks and not grey else 0
        self.reach = max(1, self.range)
        self.z = attack.targets if attack is not None and self.attacks else 1
        self.area = attack.area if attack is not None and self.attacks else None
        self.add = attack.add_targets if attack is not None and self.attacks else 0
        self.mode = "flying" if self.m.flying else "jump" if self.query.jump else "normal"
        self.move = 0 if self.m.has("immobilize") else self.query.move
        self.placed: dict[Hex, set[frozenset[str]]] = {}

    def feature(self, h: Hex) -> str:
        """The terrain word of ``h``."""
        return feature(self.board, h)

    def enters(self, h: Hex) -> bool:
        """Whether a monster may enter ``h`` at all (no wall, never a door)."""
        return self.feature(h) not in CLOSED

    def passes(self, h: Hex) -> bool:
        """Whether a normal move may go on through ``h`` (no obstacle, no enemy)."""
        return self.enters(h) and self.feature(h) != "obstacle" and h not in self.enemy_hexes

    def ends(self, h: Hex) -> bool:
        """Whether the monster may end its move on ``h``."""
        if h == self.m.at:
            return True
        free = h not in self.enemy_hexes and h not in self.ally_hexes
        return self.enters(h) and free and (self.mode == "flying" or self.feature(h) != "obstacle")

    def step_cost(self, h: Hex) -> Cost:
        """(negative hexes, points) of entering ``h`` on a normal move."""
        return (int(self.feature(h) in NEGATIVE), 2 if self.feature(h) == "difficult" else 1)

    def landing(self, h: Hex) -> Cost:
        """Extra cost of the last hex of a Jump (none for Flying)."""
        if self.mode == "flying":
            return (0, 0)
        return (int(self.feature(h) in NEGATIVE), int(self.feature(h) == "difficult"))

    def route(self, src: Hex) -> dict[Hex, Cost]:
        """Best (negative hexes, points) from ``src`` to every hex, over any number of turns."""
        if self.mode != "normal":
            return self.plain_route(src)
        best: dict[Hex, Cost] = {src: (0, 0)}
        queue: list[tuple[Cost, Hex]] = [((0, 0), src)]
        while queue:
            cost, h = heapq.heappop(queue)
            if best[h] < cost or (h != src and not self.passes(h)):
                continue
            for n in self.board.adjacent(h):
                new = plus2(cost, self.step_cost(n)) if self.enters(n) else None
                if new is not None and (n not in best or new < best[n]):
                    best[n] = new
                    heapq.heappush(queue, (new, n))
        return best

    def plain_route(self, src: Hex) -> dict[Hex, Cost]:
        """Jump or Flying: hexes counted past everything but walls and doors, the last hex as normal."""
        steps = {src: 0}
        frontier = [src]
        while frontier:
            nxt = []
            for h in frontier:
                for n in self.board.adjacent(h):
                    if n not in steps and self.enters(n):
                        steps[n] = steps[h] + 1
                        nxt.append(n)
            frontier = nxt
        return {h: (0, 0) if h == src else plus2((0, n), self.landing(h)) for h, n in steps.items()}

    def this_turn(self) -> dict[Hex, Cost]:
        """Best (negative hexes, points) to each hex it may end on within its Move."""
        if self.mode != "normal":
            found = {(h, c[1]): c[0] for h, c in self.route(self.m.at).items() if c[1] <= self.move}
        else:
            found = {(self.m.at, 0): 0}
            for used in range(self.move + 1):
                for (h, u), neg in list(found.items()):
                    if u != used or (h != self.m.at and not self.passes(h)):
                        continue
                    for n in self.board.adjacent(h):
                        dn, dp = self.step_cost(n)
                        key = (n, u + dp)
                        if self.enters(n) and key[1] <= self.move and found.get(key, 99) > neg + dn:
                            found[key] = neg + dn
        out: dict[Hex, Cost] = {}
        for (h, u), neg in found.items():
            if self.ends(h) and (h not in out or (neg, u) < out[h]):
                out[h] = (neg, u)
        return out

    def in_reach(self, h: Hex, e: Piece) -> bool:
        """A single target ``e`` from ``h``: in range and in sight."""
        d = self.board.clear_distance(h, e.at)
        return d is not None and d <= self.reach and self.board.visible(h, e.at)

    def proximity(self, e: Piece) -> int:
        """Range count from the monster's hex to ``e``."""
        d = self.board.clear_distance(self.m.at, e.at)
        return 99 if d is None else d

    def placements(self, h: Hex) -> set[frozenset[str]]:
        """Enemies hit by each placement of the area from ``h``, the empty placements included.

        A melee area sits on the attacker's hex; a ranged one anywhere (every hex of the map under each
        red hex, in every turn and mirror) with one red hex within range.
        """
        assert self.area is not None
        if h in self.placed:
            return self.placed[h]
        out: set[frozenset[str]] = set()
        for shape in shapes(self.area):
            if self.area.grey is not None:
                shifts = {cube(h)}
            else:
                shifts = {minus(cube(anchor), cell) for anchor in self.board.spaces() for cell in shape}
            for shift in shifts:
                placed = {uncube(plus(shift, c)) for c in shape}
                if self.area.grey is None and not any(
                    (d := self.board.clear_distance(h, p)) is not None and d <= self.range
                    for p in placed
                    if self.board.contains(p)
                ):
                    continue
                out.add(frozenset(e.id for e in self.targetable if e.at in placed and self.board.visible(h, e.at)))
        self.placed[h] = out
        return out

    def target_sets(self, h: Hex, focus: Piece) -> set[frozenset[str]]:
        """Every largest set of enemies attacked from ``h`` with the focus in it.

        With an area: one placement's enemies in sight, plus as many single targets in range and sight as
        Target Z and Add Target allow; the focus may be any of them.
        """
        extra = self.z - 1 + self.add
        if self.area is None:
            bases = {frozenset({focus.id})} if self.in_reach(h, focus) else set()
        else:
            bases = self.placements(h)
        out: set[frozenset[str]] = set()
        for base in bases:
            pool = [e for e in self.targetable if e.id not in base and self.in_reach(h, e)]
            for chosen in combinations(pool, min(extra, len(pool))):
                targets = base | frozenset(e.id for e in chosen)
                if focus.id in targets:
                    out.add(targets)
        return out

    def disadvantaged(self, h: Hex, e: Piece) -> bool:
        """Muddled, or a ranged attack on an adjacent enemy."""
        return self.m.has("muddle") or (self.range > 0 and e.at in self.board.adjacent(h))

    def answer(self) -> tuple[list[str], set[Choice]]:
        """Step 1 (focus), then the plays for each focus."""
        start = self.m.at
        if self.m.has("stun"):
            return [], {(start, frozenset())}
        paths = {h: c for h, c in self.route(start).items() if self.ends(h)}
        now = self.this_turn()
        close = {}
        for e in self.targetable:
            costs = [paths[h] for h in paths if self.target_sets(h, e)]
            if costs:
                close[e.id] = (min(costs), self.proximity(e))
        if not close:
            return [], {(start, frozenset())}
        best_close = min(close.values())
        tied = [e for e in close if close[e] == best_close]
        inits = [self.by_id[e].initiative for e in tied]
        first = min((i for i in inits if i is not None), default=None)
        focus = sorted(e for e in tied if self.by_id[e].initiative == first)
        choices: set[Choice] = set()
        for fid in focus:
            choices |= self.plays(self.by_id[fid], paths, now)
        return focus, choices

    def plays(self, f: Piece, paths: dict[Hex, Cost], now: dict[Hex, Cost]) -> set[Choice]:
        """Steps 2 and 3 for focus ``f``: rank every pair, then end there or head on."""
        pairs = []
        for h, (neg, pts) in paths.items():
            reached = h in now and now[h][0] == neg
            for t in self.target_sets(h, f):
                extras = tuple(
                    sorted((self.proximity(self.by_id[x]), self.by_id[x].initiative or Fraction(0)) for x in t - {f.id})
                )
                pairs.append(((neg, not reached, self.disadvantaged(h, f), -len(t), pts, extras), h, t))
        best = min(k for k, _, _ in pairs)
        sets = {t for k, _, t in pairs if k == best}
        finals = [
            ((sum(self.disadvantaged(h, self.by_id[x]) for x in t), k[4]), h, t)
            for k, h, t in pairs
            if t in sets and k[:3] == best[:3]
        ]
        top = min(r for r, _, _ in finals)
        chosen = {(h, t) for r, h, t in finals if r == top}
        if not best[1]:
            return {(h, t if self.attacks else frozenset()) for h, t in chosen}
        out: set[Choice] = set()
        for goal in {h for h, _ in chosen}:
            ranked = []
            for e, (neg, used) in now.items():
                rest = self.route(e).get(goal)
                if rest is not None:
                    ranked.append(((neg + rest[0], rest[1], used), e))
            if ranked:
                low = min(r for r, _ in ranked)
                out |= {(e, frozenset()) for r, e in ranked if r == low}
        return out


def plus2(a: Cost, b: Cost) -> Cost:
    return (a[0] + b[0], a[1] + b[1])


def random_situation(seed: int, *, area_only: bool = False) -> Situation | None:
    """A random map with a monster, allies, characters (some invisible) and a random attack.

    ``area_only``: always an area, with extra single targets (Add Target, Target Z) most of the time, and
    a melee area sometimes written with the stat card's range.
    """
    rng = random.Random(seed)  # noqa: S311 - random maps, not secrets
    width, height = rng.randint(5, 10), rng.randint(4, 7)
    rows = ["".join(rng.choices(".xotdh", weights=(70, 6, 8, 6, 5, 4), k=width)) for _ in range(height)]
    board = build_board(rows)
    free = [h for h in board.spaces() if feature(board, h) not in {"wall", "obstacle"}]
    crowd = (5, 8) if area_only else (3, 6)
    if len(free) < crowd[1]:
        return None
    spots = rng.sample(free, rng.randint(*crowd))
    conditions = rng.choice([(), (), (), ("muddle",), ("immobilize",), ("disarm",)])
    pieces = [Piece("m", "monster", spots[0], flying=rng.random() < 0.2, conditions=frozenset(conditions))]
    with_initiative = rng.random() < 0.6
    for i, spot in enumerate(spots[1:]):
        if rng.random() < 0.25:
            pieces.append(Piece(f"a{i}", "monster", spot))
        else:
            hidden = frozenset({"invisible"}) if rng.random() < 0.1 else frozenset()
            init = Fraction(rng.randint(1, 9)) if with_initiative else None
            pieces.append(Piece(f"c{i}", "character", spot, initiative=init, conditions=hidden))
    roll = 0.2 if area_only else rng.random()
    attack: MonsterAttack | None
    if roll < 0.1:
        attack = None
    elif roll < 0.45:
        area = rng.choice(AREAS)
        reach = rng.randint(1, 3) if area.grey is None or (area_only and rng.random() < 0.3) else 0
        extras = [0, 1, 1, 2] if area_only else [0, 0, 1]
        targets = rng.choice([1, 1, 2]) if area_only else 1
        attack = MonsterAttack(range=reach, targets=targets, area=area, add_targets=rng.choice(extras))
    else:
        attack = MonsterAttack(range=rng.choice([0, 0, 2, 3]), targets=rng.choice([1, 1, 2, 3]))
    query = MonsterTurnQuery("m", move=rng.randint(0, 5), jump=rng.random() < 0.2, attack=attack)
    return Situation("gloomhaven/1e", board, tuple(pieces), query)


def check_against_oracle(situation: Situation) -> None:
    """The engine's focus and choices are the oracle's."""
    query = situation.query
    assert isinstance(query, MonsterTurnQuery)
    outcome = monster_turn.answer(load_spec(), situation).outcome
    board = situation.board
    got = {(board.parse(c["end"]), frozenset(c["targets"])) for c in outcome["choices"]}
    focus, choices = Oracle(board, situation.pieces, query).answer()
    assert outcome["focus"] == focus
    assert got == choices


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 1_000_000))
def test_engine_agrees_with_the_literal_reading(seed: int) -> None:
    """On random maps and attacks, the engine's focus and choices are those of the literal reading."""
    situation = random_situation(seed)
    if situation is not None:
        check_against_oracle(situation)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 1_000_000))
def test_areas_with_extra_targets_agree_with_the_literal_reading(seed: int) -> None:
    """Areas (every turn and mirror) with Add Target or Target Z: the focus may be an extra target (L1056-1057)."""
    situation = random_situation(seed, area_only=True)
    if situation is not None:
        check_against_oracle(situation)
