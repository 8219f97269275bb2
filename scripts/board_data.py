"""Make ``proofs/board_data/`` again: the board scan of every ruleset with boards, shipped with the code.

See :mod:`proofs.board_bundle`. Run ``python scripts/board_data.py`` after
changing the engine's code (anything :func:`proofs.boards.code_fingerprint`
hashes) or the spec; it scans every board afresh (about fifteen CPU-seconds
per ruleset, in :func:`proofs.boards.jobs` processes) and writes one bundle
per ruleset. ``python scripts/board_data.py --check`` scans nothing: it exits
1, saying which bundle is stale and why, when a bundle no longer fits the code
or the spec (``tests/proofs/test_board_bundle.py`` runs it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.core.spec import Spec, load_spec  # noqa: E402 - after the path is set
from adjudicator.games import game_of  # noqa: E402
from proofs import board_bundle, board_logs, boards  # noqa: E402


def shipped(spec: Spec) -> list[str]:
    """Every ruleset whose game has boards (:func:`proofs.boards.has_boards`), sorted."""
    return sorted(rs for rs in spec.rulesets() if boards.has_boards(rs))


def regenerate(spec: Spec, rulesets: list[str]) -> None:
    """Scan the boards of ``rulesets`` afresh (one pass per game) and write their bundles."""
    by_game: dict[str, list[str]] = {}
    for ruleset in rulesets:
        by_game.setdefault(game_of(ruleset).id, []).append(ruleset)
    board_bundle.FOLDER.mkdir(parents=True, exist_ok=True)
    for group in by_game.values():
        scanned = boards.scan_fresh(spec, group, boards.BOARD_COUNT, progress=print)
        for ruleset, (table, logs) in scanned.items():
            data = board_bundle.make(spec, ruleset, table, board_logs.joined(logs))
            board_bundle.bundle_path(ruleset).write_bytes(data)
            print(f"{ruleset}: {board_bundle.bundle_path(ruleset).relative_to(ROOT)} ({len(data) // 1024} KiB)")


def main() -> int:
    """Make the bundles again, or (``--check``) say which are stale."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="scan nothing; exit 1 when a bundle is stale")
    parser.add_argument("rulesets", nargs="*", help="rulesets to make (default: every ruleset with boards)")
    args = parser.parse_args()
    spec = load_spec()
    rulesets = args.rulesets or shipped(spec)
    if args.check:
        problems = board_bundle.stale(spec, rulesets)
        for problem in problems:
            print(problem)
        if problems:
            print("run: python scripts/board_data.py")
        return 1 if problems else 0
    regenerate(spec, rulesets)
    return 0


if __name__ == "__main__":
    sys.exit(main())
