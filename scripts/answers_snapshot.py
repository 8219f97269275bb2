"""Write the ``ask --json`` answer of every situation under ``examples/`` to one JSON file.

Refactorings that must not change behaviour compare two snapshots::

    python scripts/answers_snapshot.py before.json   # on the old checkout
    python scripts/answers_snapshot.py after.json    # on the new one
    cmp before.json after.json

Each entry holds the exit code and the printed output (parsed JSON when the
answer is JSON), so an error message that changes shows up as well.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

from adjudicator.cli import main


def snapshot(root: Path) -> dict[str, object]:
    """Every example's answer, keyed by its path relative to ``root``."""
    runner = CliRunner()
    out: dict[str, object] = {}
    for path in sorted(root.rglob("*.yaml")):
        result = runner.invoke(main, ["ask", str(path), "--json"])
        try:
            printed: object = json.loads(result.output)
        except ValueError:
            printed = result.output
        out[str(path.relative_to(root))] = {"exit": result.exit_code, "output": printed}
    return out


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(json.dumps(snapshot(Path("examples")), indent=1, sort_keys=True) + "\n")
