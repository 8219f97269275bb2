"""Benchmark: the Gloomhaven monster's turn on 16x7 maps, and one attack over the modifier deck.

Generates many 16x7 situations (walls, obstacles, traps, hazardous and
difficult hexes, thin walls, two to four enemies, melee, ranged, Target Z and
area attacks, some jumps and fliers) and times ``monster_turn`` on each (a
fresh map each time, so no range or sight cache carries over), then times an
``attack`` with advantage over the 20-card deck with 2 curses. A baseline (an
empty function call and a 1000-step loop) is measured in the same run, so the
figures can be read against the machine's speed.

Run: ``.venv/bin/python benchmarks/bench_gloomhaven.py [situations] [seed]``.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial

from adjudicator.core.spec import load_spec
from adjudicator.games.gloomhaven.model import Area, MonsterAttack, MonsterTurnQuery, Piece, Situation
from adjudicator.games.gloomhaven.queries import monster_turn
from adjudicator.games.gloomhaven.queries.attack import AttackInput, damage_answer
from adjudicator.spaces.hex import Hex, build_map

RULESET = "gloomhaven/1e"
WIDTH, HEIGHT = 16, 7
AREAS = (
    (". .", " @ *", "* *"),  # melee: three hexes round the attacker
    (". . .", " * * *"),  # ranged: a line of three
    ("* *", " * ."),  # ranged: a triangle
)


def read_area(rows: tuple[str, ...]) -> Area:
    """An area diagram from its rows (``@`` the attacker, ``*`` the red hexes)."""
    texts = tuple("".join(row.split()) for row in rows)
    cells = {Hex(j, i): c for i, text in enumerate(texts) for j, c in enumerate(text) if c in "@*"}
    return Area(texts, cells)


def random_situation(seed: int) -> Situation:
    """A 16x7 map with terrain and thin walls, one monster and two to four enemies."""
    rng = random.Random(seed)
    chars = rng.choices(".xotdh", weights=(72, 6, 8, 5, 5, 4), k=WIDTH * HEIGHT)
    rows = ["".join(chars[r * WIDTH : (r + 1) * WIDTH]) for r in range(HEIGHT)]
    board = build_map(rows)
    free = [h for h in board.spaces() if isinstance(h, Hex) and board.feature(h) in {"none", "difficult"}]
    walls = []
    for _ in range(rng.randint(0, 4)):
        h = rng.choice(free)
        n = rng.choice(board.adjacent(h))
        walls.append((h, n))
    board = build_map(rows, walls)
    spots = rng.sample(free, 6)
    pieces = [Piece("m", "monster", spots[0], flying=rng.random() < 0.1)]
    pieces += [Piece(f"ally{i}", "monster", spots[1 + i]) for i in range(rng.randint(0, 1))]
    for i in range(rng.randint(2, 4)):
        pieces.append(Piece(f"c{i}", "character", spots[2 + i], initiative=Fraction(rng.randint(1, 90))))
    kind = rng.random()
    if kind < 0.3:
        attack = MonsterAttack(range=0)
    elif kind < 0.6:
        attack = MonsterAttack(range=rng.randint(2, 5), targets=rng.randint(1, 2))
    else:
        area = read_area(rng.choice(AREAS))
        attack = MonsterAttack(range=0 if area.melee else rng.randint(2, 4), area=area)
    query = MonsterTurnQuery("m", move=rng.randint(2, 4), jump=rng.random() < 0.1, attack=attack)
    return Situation(RULESET, board, tuple(pieces), query)


def timed(fn: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU seconds one call takes (CPU time is steadier on a shared machine)."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def summary(times: list[tuple[float, float]]) -> str:
    """Median, 90th percentile and maximum, wall clock then CPU, in milliseconds."""
    out = []
    for label, values in (("wall", [t[0] for t in times]), ("cpu", [t[1] for t in times])):
        p90 = statistics.quantiles(values, n=10)[-1]
        out.append(
            f"{label}: median {statistics.median(values) * 1e3:.2f} ms, p90 {p90 * 1e3:.2f} ms, "
            f"max {max(values) * 1e3:.2f} ms"
        )
    return "; ".join(out)


def main(count: int = 300, seed: int = 1) -> None:
    """Print the monster-turn median and maximum, the attack time and the baseline."""
    spec = load_spec()
    situations = [random_situation(seed * 100_000 + i) for i in range(count)]
    base_call = statistics.median(timed(lambda: None)[0] for _ in range(1000))
    base_loop = statistics.median(timed(lambda: sum(range(1000)))[0] for _ in range(200))
    monster_turn.answer(spec, random_situation(seed - 1))  # warm up: the spec's first decisions
    damage_answer(spec, RULESET, {}, AttackInput(value=1))
    gc.collect()
    gc.freeze()  # the spec and the inputs are permanent: a full collection need not walk them (~100 ms each)
    turns = [timed(partial(monster_turn.answer, spec, situation)) for situation in situations]
    attack = AttackInput(value=3, shield=1, advantage=True, curse=2)
    attacks = [timed(lambda: damage_answer(spec, RULESET, {}, attack)) for _ in range(50)]
    print(f"baseline: empty call {base_call * 1e6:.2f} us, 1000-step loop {base_loop * 1e3:.3f} ms")
    print(f"monster_turn over {count} 16x7 situations: {summary(turns)}")
    print(f"attack, advantage, 20 cards + 2 curses: {summary(attacks)}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
