"""Every row of issue 18's table, with the baseline measured in the same run, and how the cost grows.

Rows (medians on this machine):

- ``python -c pass``: the baseline of a whole process; an empty call and a 1000-step loop, that of the
  in-process rows (``baseline.py``: the machine's speed in this run);
- ``adjudicator ask --json`` on the contract's line-of-fire example, whole process, with the compiled
  spec in the cache (the normal case), with the bytecode kept as well (an installed tool; the
  environment may forbid writing it), the same through the click command line (which ``ask --json``
  skips: :mod:`adjudicator.__main__`), and with an empty cache (the first run after a spec change);
- ``reach``, speed 10, 24x24, 20 pieces, on a fresh table of the situation (the search and its
  decisions afresh; the map's and the situation's facts reused, as by every query on one situation),
  on a new situation object of the same map, on a new map and situation (a new ``ask``: the spec's
  decision memo and the map's step tables, kept by the map's content, reused), on maps of other
  content, and asked again on the same table (the movement plan reused);
- all legal moves (every reach set) of 20 monsters on one fresh table per round, on a new situation
  object per round, and with a fresh table per piece; and of 80 pieces on a 48x48 map, on a fresh table
  and after one piece moved (``movement_facts.moved``, the incremental path);
- one line of fire on a fresh table (no decision cached);
- ``check horrorclix/2008`` and ``diff horrorclix/1e horrorclix/2008``, cold (empty cache folder),
  warm (the same folder again: the findings come from their cache) and with ``--no-cache`` (the boards
  cached, every finding solved and replayed again: the cost after a spec edit, less the board scan);
- growth: reach and all legal moves on 12x12, 24x24 and 48x48 maps with 5, 20 and 80 pieces, and
  ``check`` over one, two and three rulesets.

Run: ``.venv/bin/python benchmarks/bench_table.py [--quick]`` (``--quick`` skips check and diff).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from adjudicator.core.spec import Spec, load_spec
from adjudicator.games.clix.model import MapObject, Piece, ReachQuery, Situation
from adjudicator.games.clix.movement import plan
from adjudicator.games.clix.movement_facts import moved
from adjudicator.games.clix.queries import reach
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.variant import clix_game
from adjudicator.spaces.square import KIND, Square, square_space

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from baseline import interpreter_baseline  # noqa: E402 - the benchmarks folder is not a package
from bench_lof import one_line  # noqa: E402

PYTHON = sys.executable
ADJUDICATOR = [PYTHON, "-m", "adjudicator"]
THROUGH_CLICK = [
    PYTHON,
    "-c",
    (
        "import sys; sys.modules['__main__'].__package__ = 'adjudicator'; sys.argv[0] = '__main__.py'; "
        "from adjudicator.cli import main; main()"
    ),
]
"""The click command line itself, as ``python -m adjudicator`` ran every command before ``ask --json``'s fast path."""
LOF_EXAMPLE = ROOT / "examples" / "contract" / "lof-blocking.yaml"
RULESETS = ("horrorclix/2008", "horrorclix/1e", "heroclix/core")
COLD_RUNS = 3
"""Cold designer runs, each in an empty cache folder: the row shows their median (the machine is shared)."""


def run_ms(argv: Sequence[str], repeats: int, env: dict[str, str] | None = None) -> float:
    """Median wall time of a whole process, in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def call_ms(func: Callable[[], object], repeats: int) -> float:
    """Median time of an in-process call, in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        func()
        times.append((time.perf_counter_ns() - start) / 1e6)
    return statistics.median(times)


def situation(size: int, pieces: int, seed: int = 0, speed: int = 10) -> Situation:
    """A square outdoor map (about 15% hindering, 5% water, 6% blocking) with walls, objects and monsters.

    The same mix as ``bench_movement.py``; the mover (speed ``speed``) stands in the middle.
    """
    rng = random.Random(seed)
    rows = ["".join(rng.choices(".h~#", weights=[74, 15, 5, 6])[0] for _ in range(size)) for _ in range(size)]
    centre = size // 2
    rows[centre] = rows[centre][:centre] + "." + rows[centre][centre + 1 :]
    walls = []
    for _ in range(size // 2):
        c, r = rng.randrange(size - 1), rng.randrange(size)
        walls.append(((c, r), (c + 1, r)))
    board = KIND.build(rows, walls=walls)
    free = [sq for sq in board.squares() if str(board.terrain[sq]) != "blocking" and sq != (centre, centre)]
    rng.shuffle(free)
    found = [_monster("mover", 1, (centre, centre), speed, "foot")]
    for i in range(pieces - 1):
        move = rng.choice(["foot", "foot", "foot", "flight", "swim"])
        found.append(_monster(f"m{i}", 1 + i % 2, free.pop(), rng.randint(4, 10), move))
    objects = (MapObject("tombstone", free.pop()), MapObject("tree", free.pop()))
    ruleset = "horrorclix/2008"
    return Situation(
        ruleset, "outdoor", board, tuple(found), ReachQuery("mover"), objects=objects, game=clix_game(ruleset)
    )


def _monster(piece_id: str, player: int, at: Square, speed: int, move: str) -> Piece:
    return Piece(
        id=piece_id,
        type="monster",
        at=(at,),
        speed=speed,
        player=player,
        attack=9,
        defense=16,
        damage=2,
        range=4,
        move=move,  # type: ignore[arg-type]
        flight="hovering" if move == "flight" else None,
    )


def reach_ms(spec: Spec, base: Situation, repeats: int) -> Reach:
    """``reach`` of the mover, from the most reused to the least (see :class:`Reach`)."""
    table = Table(spec, base)
    reach.answer(table)
    again = call_ms(lambda: reach.answer(table), repeats)
    fresh = call_ms(lambda: reach.answer(Table(spec, base)), repeats)
    new_situation = call_ms(lambda: reach.answer(Table(spec, replace(base))), repeats)
    boards = iter([rebuilt(base) for _ in range(repeats)])  # built before the clock runs
    new_map = call_ms(lambda: reach.answer(Table(spec, next(boards))), repeats)
    return Reach(again, fresh, new_situation, new_map)


class Reach(NamedTuple):
    """``reach`` figures (ms), each with less reused than the one before."""

    again: float
    """Asked again on the same table: the movement plan is reused."""
    fresh_table: float
    """A fresh table of the same situation: the search and its decisions afresh; the map's and the
    situation's facts (terrain, names, who stands where) reused, as every query on one situation does."""
    new_situation: float
    """A new situation object on the same map: only the map's facts reused."""
    new_map: float
    """A new map and situation (as a new ``ask`` makes them): only the spec's decision memo reused."""


def rebuilt(base: Situation) -> Situation:
    """The same situation on a new map object (nothing worked out for it yet)."""
    board = square_space(base.board)  # bench_table's situations are square maps (dataclasses: replace copies them)
    pieces = tuple(replace(p) for p in base.pieces)
    objects = tuple(replace(o) for o in base.objects)
    return replace(base, board=replace(board), pieces=pieces, objects=objects)


def legal_moves_ms(spec: Spec, base: Situation, repeats: int) -> tuple[float, float, float]:
    """Every piece's legal moves (its movement plan's end squares) with one fresh table per round.

    Returns the rounds on the situation itself (the turn-planning case: one board, every piece's search,
    the map's and situation's facts shared), on a new situation object of the same map each round, and
    with a fresh table per piece.
    """

    def shared_round(situation: Situation) -> None:
        table = Table(spec, situation)
        for piece in situation.pieces:
            plan(table, piece, None).squares()

    def per_piece_round() -> None:
        for piece in base.pieces:
            plan(Table(spec, base), piece, None).squares()

    shared_round(base)
    return (
        call_ms(lambda: shared_round(base), repeats),
        call_ms(lambda: shared_round(replace(base)), repeats),
        call_ms(per_piece_round, max(3, repeats // 3)),
    )


def moved_ms(spec: Spec, base: Situation, repeats: int) -> float:
    """Every piece's legal moves on a table made by moving one piece (``movement_facts.moved``) from one that had them.

    The incremental path of a turn: the table before the move has worked out every piece's legal moves; the
    figure is the move (the new table, the work carried over) and every piece's legal moves after it.
    """
    rng = random.Random(0)
    taken = {sq for p in base.pieces for sq in p.at}
    free = [sq for sq in base.board.spaces() if sq not in taken and str(base.board.terrain_at(sq)) != "blocking"]
    moves = [(rng.choice(base.pieces).id, rng.choice(free)) for _ in range(repeats)]
    before = []
    for _ in moves:  # one table per round, every piece's moves worked out before the clock runs
        table = Table(spec, base)
        for piece in base.pieces:
            plan(table, piece, None).squares()
        before.append(table)
    rounds = iter(zip(before, moves, strict=True))

    def one_round() -> None:
        table, (piece_id, to) = next(rounds)
        after = moved(table, piece_id, (to,))
        for piece in after.situation.pieces:
            plan(after, piece, None).squares()

    return call_ms(one_round, repeats)


def row(what: str, figure: str, target: str = "") -> None:
    """Print one row of the table."""
    print(f"| {what} | {figure} | {target} |", flush=True)


def process_rows(base_ms: float) -> None:
    """The ``ask`` rows: warm cache, then an empty one."""
    ask = [*ADJUDICATOR, "ask", str(LOF_EXAMPLE), "--json"]
    subprocess.run(ask, cwd=ROOT, capture_output=True, check=False)  # fill the cache
    warm = run_ms(ask, 15)
    row(
        "`ask --json` lof-blocking, whole process (spec cached)",
        f"{warm / 1000:.3f} s ({warm / base_ms:.0f}x)",
        "≤ 0.12 s",
    )
    with tempfile.TemporaryDirectory() as pycache:  # bytecode kept, as an installed tool has it
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = pycache
        subprocess.run(ask, cwd=ROOT, env=env, capture_output=True, check=False)
        clicked = [*THROUGH_CLICK, *ask[3:]]
        subprocess.run(clicked, cwd=ROOT, env=env, capture_output=True, check=False)
        compiled = run_ms(ask, 15, env)
        base_compiled = run_ms([PYTHON, "-c", "pass"], 15, env)
        through_click = run_ms(clicked, 15, env)
    row(
        "`ask --json` lof-blocking, spec and bytecode cached (as installed; `python -c pass` beside it)",
        f"{compiled / 1000:.3f} s ({compiled / base_compiled:.0f}x; pass {base_compiled / 1000:.3f} s)",
        "≤ 0.12 s",
    )
    row(
        "the same through the click command line (no fast path: what every other command pays)",
        f"{through_click / 1000:.3f} s",
        "",
    )
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "ADJUDICATOR_CACHE": cache}
        times = []
        for _ in range(5):
            for entry in Path(cache).rglob("*.pickle"):
                entry.unlink()
            times.append(run_ms(ask, 1, env))
        cold = statistics.median(times)
    row("`ask --json` lof-blocking, whole process (empty cache)", f"{cold / 1000:.3f} s", "")


def engine_rows(spec: Spec) -> None:
    """The in-process rows: reach, legal moves, line of fire (the interpreter's baseline first)."""
    call, loop = interpreter_baseline()
    row("in-process baseline: an empty call, a 1000-step loop", f"{call * 1e6:.2f} µs, {loop * 1e3:.3f} ms", "")
    found = reach_ms(spec, situation(24, 20), 50)
    row("`reach` speed 10, 24x24, 20 pieces (fresh table of the situation)", f"{found.fresh_table:.2f} ms", "≤ 2 ms")
    row("`reach` on a new situation object of the same map", f"{found.new_situation:.2f} ms", "")
    row(
        "`reach` on a new map and situation (decisions, and step tables by map content, reused)",
        f"{found.new_map:.2f} ms",
        "≤ 2 ms",
    )
    unseen = iter([situation(24, 20, seed) for seed in range(1, 51)])  # other maps: nothing kept by content
    row(
        "`reach` on a map of other content (its step tables built afresh)",
        f"{call_ms(lambda: reach.answer(Table(spec, next(unseen))), 50):.2f} ms",
        "",
    )
    row("`reach` asked again on the same table (plan reused)", f"{found.again:.2f} ms", "")
    shared, new_situation, per_piece = legal_moves_ms(spec, situation(24, 20), 10)
    row("all legal moves of 20 monsters (one fresh table, 20 searches)", f"{shared:.1f} ms", "≤ 25 ms")
    row("all legal moves of 20 monsters (a new situation object each round)", f"{new_situation:.1f} ms", "")
    row("all legal moves of 20 monsters (a fresh table per piece)", f"{per_piece:.1f} ms", "")
    large, _, _ = legal_moves_ms(spec, situation(48, 80), 5)
    row("all legal moves of 80 pieces on 48x48 (one fresh table)", f"{large:.1f} ms", "≤ 60 ms")
    row(
        "all legal moves of 80 pieces on 48x48 after one piece moved (`movement_facts.moved`: the rest carried over)",
        f"{moved_ms(spec, situation(48, 80), 5):.1f} ms",
        "",
    )
    lines = sorted(one_line(0, 500))
    row("one line of fire, uncached (fresh table)", f"{statistics.median(lines):.1f} µs", "≤ 50 µs")
    lines = sorted(one_line(0, 500, kept=True))
    row("one line of fire, fresh table, the board's kept reports reused", f"{statistics.median(lines):.1f} µs", "")


def designer_rows() -> None:
    """``check`` and ``diff``, cold then warm, in one fresh cache folder."""
    commands = {
        "`check horrorclix/2008`": ["check", "horrorclix/2008", "--json"],
        "`diff horrorclix/1e horrorclix/2008`": ["diff", "horrorclix/1e", "horrorclix/2008", "--json"],
    }
    for label, args in commands.items():
        colds = []
        for _ in range(COLD_RUNS):  # each in a new, empty cache folder; the last one's cache serves the warm rows
            with tempfile.TemporaryDirectory() as cache:
                env = {**os.environ, "ADJUDICATOR_CACHE": cache}
                colds.append(run_ms([*ADJUDICATOR, *args], 1, env))
                if len(colds) == COLD_RUNS:
                    warm = run_ms([*ADJUDICATOR, *args], 3, env)
                    solved = run_ms([*ADJUDICATOR, *args, "--no-cache"], 1, env)
        spread = f" (median of {COLD_RUNS}: {min(colds) / 1000:.1f}-{max(colds) / 1000:.1f} s)"
        row(f"{label}, cold (empty cache)", f"{statistics.median(colds) / 1000:.1f} s{spread}", "≤ 10 s")
        row(f"{label}, warm (findings cached)", f"{warm / 1000:.2f} s", "≤ 1.5 s")
        row(f"{label}, warm boards, findings solved again (--no-cache)", f"{solved / 1000:.2f} s", "")


def growth_rows(spec: Spec, *, designer: bool) -> None:
    """How reach, legal moves and check grow with the map, the pieces and the rulesets."""
    print("\nGrowth (reach: fresh table / new map; legal moves: one fresh table / a new situation object)\n")
    print("| map | pieces | reach | reach, new map | legal moves | legal moves, new situation |")
    print("|---|---|---|---|---|---|")
    for size in (12, 24, 48):
        for pieces in (5, 20, 80):
            if pieces * 3 > size * size:
                continue
            base = situation(size, pieces)
            found = reach_ms(spec, base, 15)
            shared, new_situation, _ = legal_moves_ms(spec, base, 3)
            print(
                f"| {size}x{size} | {pieces} | {found.fresh_table:.2f} ms | {found.new_map:.2f} ms | "
                f"{shared:.1f} ms | {new_situation:.1f} ms |",
                flush=True,
            )
    if not designer:
        return
    print("\n| check over | cold | warm |\n|---|---|---|")
    for count in (1, 2, 3):
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, "ADJUDICATOR_CACHE": cache}
            runs = [[*ADJUDICATOR, "check", rs, "--json"] for rs in RULESETS[:count]]
            cold = sum(run_ms(argv, 1, env) for argv in runs)
            warm = sum(run_ms(argv, 1, env) for argv in runs)
        print(f"| {', '.join(RULESETS[:count])} | {cold / 1000:.1f} s | {warm / 1000:.2f} s |", flush=True)


def main() -> None:
    """Print the table, then the growth rows."""
    quick = "--quick" in sys.argv
    base_ms = run_ms([PYTHON, "-c", "pass"], 15)
    print(f"Issue 18 figures ({os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f})\n")
    print("| what | now | target |\n|---|---|---|")
    row("baseline `python -c pass`", f"{base_ms / 1000:.3f} s", "")
    process_rows(base_ms)
    spec = load_spec()
    engine_rows(spec)
    if not quick:
        designer_rows()
    growth_rows(spec, designer=not quick)


if __name__ == "__main__":
    main()
