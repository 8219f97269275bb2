"""Benchmark: ``reach`` for an explorer in a 40-room house (target: under 1 ms at the engine).

The engine figure is the reach search alone, with the rules' answers cached as
a repeated query of one situation has them; the baseline, measured in the same
run, is a plain breadth-first walk of the same house's open doors.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from adjudicator.core.spec import load_spec
from adjudicator.games.betrayal.movement import Mover
from adjudicator.games.betrayal.queries.reach import search
from adjudicator.games.betrayal.rules import Rules
from adjudicator.judge import load_situation

ROUNDS = 200


def house_yaml() -> str:
    """A ground floor of 8 by 5 rooms, every door open, the explorer in the middle with Speed 6."""
    rows = ["ruleset: betrayal/2e", "house:", "  rooms:"]
    for r in range(5):
        for c in range(8):
            name = "entrance_hall" if (c, r) == (0, 4) else f"room_{c}_{r}"
            rows.append(f'    - {{id: {name}, floor: ground, at: {chr(65 + c)}{r + 1}, doors: "NESW"}}')
    rows += [
        "pieces:",
        "  - {id: ox, type: explorer, at: room_4_2, might: 3, speed: 6, knowledge: 3, sanity: 3}",
        "query: {kind: reach, piece: ox}",
    ]
    return "\n".join(rows) + "\n"


def median_us(work: object) -> float:
    """Median wall time of ``work()`` in microseconds."""
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def main() -> None:
    """Print the engine's median and the baseline's."""
    spec = load_spec(games=("betrayal",))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "house.yaml"
        path.write_text(house_yaml(), encoding="utf-8")
        situation = load_situation(path, set(spec.rulesets()))
    rules = Rules(spec, situation)
    mover = Mover(rules, situation, situation.piece("ox"))
    found = search(rules, mover)
    house = situation.board

    def baseline() -> set[str]:
        seen = {mover.piece.at}
        frontier = [mover.piece.at]
        for _ in range(6):
            frontier = [n for p in frontier for n in house.neighbours(p) if n not in seen and not seen.add(n)]  # type: ignore[func-returns-value]
        return seen

    engine = median_us(lambda: search(rules, mover))
    base = median_us(baseline)
    print(f"reach in a {len(house.rooms)}-room house: {len(found.rooms)} rooms, {len(found.doors)} unexplored doors")
    print(f"engine median {engine:.0f} us (target < 1000 us); baseline BFS median {base:.0f} us")


if __name__ == "__main__":
    main()
