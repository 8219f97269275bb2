"""The questions HorrorClix answers: every Clix query kind (the modules are the shared engine's)."""

from __future__ import annotations

from typing import Final

from adjudicator.games.clix.queries import kinds

QUERIES: Final = kinds("action", "move", "reach", "line_of_fire", "attack", "value", "end_turn", "score", "ruling")
