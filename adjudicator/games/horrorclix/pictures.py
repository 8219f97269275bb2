"""Pictures of a HorrorClix situation: the Clix board pictures (the grid, pieces by label, the answer's marks)."""

from __future__ import annotations

from typing import Final

from adjudicator.games.clix.model import Situation
from adjudicator.games.clix.pictures import svg_board, text_board
from adjudicator.games.registry import Pictures

PICTURES: Final = Pictures[Situation](text=text_board, svg=svg_board)
