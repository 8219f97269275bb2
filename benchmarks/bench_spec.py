"""Spec load and decision speed: prints median figures (not a test)."""

from __future__ import annotations

import statistics
import time

from adjudicator.core.spec import load_spec


def main() -> None:
    """Load the whole spec a few times, then time a decision evaluation."""
    loads = []
    for _ in range(5):
        start = time.perf_counter()
        spec = load_spec.__wrapped__()
        loads.append(time.perf_counter() - start)
    print(f"spec load (parse + validate + citations): median {statistics.median(loads) * 1000:.0f} ms over 5")
    print(f"rules: {len(spec.rules)}, decisions: {len(spec.decisions)}")
    name = "breakaway.succeeds"
    if ("horrorclix", name) in spec.decisions:
        runs = []
        for _ in range(2000):
            start = time.perf_counter()
            spec.decide("horrorclix/2008", name, {"die": 4})
            runs.append(time.perf_counter() - start)
        print(f"decide {name}: median {statistics.median(runs) * 1e6:.1f} us over 2000")


if __name__ == "__main__":
    main()
