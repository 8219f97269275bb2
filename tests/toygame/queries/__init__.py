"""The one question Pawns and Squares answers, its module loaded when first asked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from adjudicator.games.registry import Answerer, Part, QueryKind

if TYPE_CHECKING:
    from tests.toygame.model import Situation


def _step() -> Answerer[Situation]:
    from tests.toygame.queries import step  # noqa: PLC0415 - each kind loads when first asked

    return step.answer


QUERIES: Final[dict[str, QueryKind[Situation]]] = {
    "step": QueryKind("step", Part(_step), "whether a pawn may step to a square"),
}
