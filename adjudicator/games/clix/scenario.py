"""A situation played in a scenario: the scenario's own rules put to the everyday decisions.

The first-edition HorrorClix scenarios (hx1e L822-872) keep their rules in
``scenario.*`` decisions keyed by the scenario (spec/horrorclix/16-scenarios.yaml),
so that the general decisions need no scenario fact. A situation names its
scenario with ``scenario:``; the queries then ask these decisions where a
scenario rule replaces a standard one (HX.END.SCENARIO), and cite them:

* ``scenario.ranged_attacks_allowed``: a scenario that forbids ranged attacks
  makes a ranged action and a ranged attack illegal;
* ``scenario.setup_value`` with ``item: actions_per_turn``: the actions a
  player has each turn, in place of ``turn.actions`` (which counts them from
  the build total);
* ``scenario.setup_value`` with ``item: army_points``: the build total the
  scenario sets, used where the situation's ``build_total`` would be.

A scenario decision that no rule decides for the scenario played (a scenario
without that special rule) leaves the standard rule in force and is not cited.
"""

from __future__ import annotations

from adjudicator.core.engine import Result
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.values import decide
from adjudicator.situation.answer import Answer


def _ask(table: Table, decision: str, item: str | None = None) -> Result | None:
    """The scenario's answer to ``decision`` (``None``: no scenario, or no rule of the scenario decides it)."""
    scenario = table.situation.scenario
    if scenario is None:
        return None
    facts = {"scenario": scenario} | ({"item": item} if item is not None else {})
    result = decide(table, decision, facts)
    return None if result.value is None else result


def forbids_ranged(table: Table, answer: Answer, prefix: str) -> bool:
    """Whether the scenario played forbids ranged attacks (the forbidding rule is cited)."""
    result = _ask(table, "scenario.ranged_attacks_allowed")
    if result is None or result.value is not False:
        return False
    answer.cite(result, prefix, decides=True)  # the scenario's own rule forbids what the standard rule allows
    return True


def setup_value(table: Table, answer: Answer, item: str) -> int | None:
    """A game parameter the scenario sets (``actions_per_turn``, ``army_points``...), cited; ``None`` if none."""
    result = _ask(table, "scenario.setup_value", item)
    if result is None:
        return None
    answer.cite(result)
    return int(str(result.value))
