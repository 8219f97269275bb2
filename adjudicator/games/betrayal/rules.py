"""The rules of one house situation: its ruleset's decisions under its readings (see :mod:`adjudicator.core.ruling`)."""

from __future__ import annotations

from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.betrayal.model import HouseSituation


class Rules(Ruling):
    """The decisions of one situation's ruleset, under its readings, with the situation they are asked about."""

    def __init__(self, spec: Spec, situation: HouseSituation) -> None:
        super().__init__(spec, situation.ruleset, situation.readings)
        self.situation = situation
