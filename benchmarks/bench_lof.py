"""Benchmark: line of fire on a 24x24 map with 20 pieces.

Reports the median time of one ``line_of_fire`` evaluation (random pairs of
pieces, a fresh table each time so no decision is cached) and the time to
find every ranged target of all 20 monsters (each monster against every
opposing monster within its range), the per-turn work the brief budgets at
100 ms together with movement.

Run: ``.venv/bin/python benchmarks/bench_lof.py [lines] [seed]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from adjudicator.core.spec import load_spec
from adjudicator.games.clix.lof import line_of_fire, piece_line_of_fire
from adjudicator.games.clix.lof_map import board_map
from adjudicator.games.clix.model import LineOfFireQuery, MapObject, Piece, Situation
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.variant import clix_game
from adjudicator.spaces.square import KIND

SIZE = 24
PIECES = 20
RUNS = 15


def random_map(rng: random.Random) -> list[str]:
    """Rows of a 24x24 map: mostly clear, some hindering, water and blocking."""
    return ["".join(rng.choices(".h~#", weights=(70, 15, 5, 10))[0] for _ in range(SIZE)) for _ in range(SIZE)]


def random_situation(seed: int, ruleset: str = "horrorclix/2008") -> Situation:
    """A 24x24 outdoor map with walls, a few objects and 20 monsters of two players."""
    rng = random.Random(seed)
    rows = random_map(rng)
    board = KIND.build(rows, walls=[((c, r), (c + 1, r)) for c, r in ((5, 5), (6, 5), (12, 8), (12, 9))])
    free = [sq for sq in board.squares() if board.terrain[sq] != "blocking"]
    rng.shuffle(free)
    pieces = []
    for i in range(PIECES):
        flight = rng.random() < 0.2
        pieces.append(
            Piece(
                id=f"m{i}",
                type="monster",
                at=(free[i],),
                speed=6,
                player=1 + i % 2,
                attack=9,
                defense=16,
                damage=2,
                range=rng.randint(4, 10),
                move="flight" if flight else "foot",
                flight=rng.choice(("hovering", "soaring")) if flight else None,
            )
        )
    objects = (MapObject("tombstone", free[PIECES]), MapObject("portal", free[PIECES + 1], "east"))
    query = LineOfFireQuery("m0", "m1")
    return Situation(ruleset, "outdoor", board, tuple(pieces), query, objects=objects, game=clix_game(ruleset))


def one_line(spec_seed: int, count: int, *, kept: bool = False) -> list[float]:
    """Microseconds of single evaluations between random pairs of pieces, uncached tables.

    The map facts of a line are kept per board and pair of squares (as the engine always does). Without
    ``kept``, the line facts and reports the board also keeps are dropped before each evaluation, so each
    is worked out afresh; with it, a pair asked before is answered from the board's store.
    """
    spec = load_spec()
    situation = random_situation(spec_seed)
    rng = random.Random(spec_seed)
    stores = board_map(situation.board)
    times = []
    for _ in range(count):
        a, b = rng.sample(situation.pieces, 2)
        table = Table(spec, situation)
        if not kept:
            stores.facts.clear()
            stores.reports.clear()
        start = time.perf_counter_ns()
        line_of_fire(table, a.square, b.square, a, b)
        times.append((time.perf_counter_ns() - start) / 1000)
    return times


def ranged_targets(table: Table, *, any_range: bool = False) -> dict[str, list[str]]:
    """Every opposing monster each monster has a clear line to within range (or at any range)."""
    out: dict[str, list[str]] = {}
    for attacker in table.monsters():
        found = []
        for target in table.monsters():
            if target.player == attacker.player or attacker.range is None:
                continue
            near = min(table.board.distance(a, t) for a in attacker.at for t in target.at)
            if near > attacker.range and not any_range:
                continue
            report = piece_line_of_fire(table, attacker, target)
            if report.clear and (any_range or report.distance <= attacker.range):
                found.append(target.id)
        out[attacker.id] = found
    return out


def all_targets(seed: int, *, any_range: bool = False) -> tuple[float, int]:
    """Median milliseconds to find all ranged targets of the 20 monsters, and how many were found."""
    spec = load_spec()
    situation = random_situation(seed)
    times = []
    found = 0
    for _ in range(RUNS):
        table = Table(spec, situation)
        start = time.perf_counter_ns()
        targets = ranged_targets(table, any_range=any_range)
        times.append((time.perf_counter_ns() - start) / 1e6)
        found = sum(len(v) for v in targets.values())
    return statistics.median(times), found


def main() -> None:
    """Print the figures."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    load_spec()
    times = sorted(one_line(seed, count))
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"line_of_fire on {SIZE}x{SIZE} with {PIECES} pieces, {count} random pairs, uncached tables")
    print(f"median {statistics.median(times):.1f} us  p90 {p90:.1f} us  max {times[-1]:.1f} us")
    median, found = all_targets(seed)
    print(f"all ranged targets of {PIECES} monsters: median {median:.2f} ms over {RUNS} runs ({found} targets)")
    median, found = all_targets(seed, any_range=True)
    print(f"every opposing pair (range ignored): median {median:.2f} ms over {RUNS} runs ({found} clear lines)")


if __name__ == "__main__":
    main()
