"""The ``scenario_level`` query (an extension of the contract): the scenario level and the numbers it sets.

The level is asked of ``scenario.level`` (half the party's average level,
rounded up, moved by the difficulty chosen: GH.SETUP.LEVEL, GH.SETUP.LEVEL_ADJ);
from it ``scenario.monster_level`` (the statistics' level, one higher in solo
or open play), ``terrain.damage`` for a trap and for hazardous terrain with
``scenario.trap_bonus``, and ``end.xp_bonus`` for a won scenario. The gold a
money token is worth is left out: the summary names the conversion but not its
table (GH.END.GOLD is not modelled). Each decision gives a value of the
outcome, so each step decides.
"""

from __future__ import annotations

from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import ScenarioLevelQuery, Situation
from adjudicator.situation.answer import Answer


def _int(value: Value | None) -> int:
    """A decided whole number (0 when a decision is undecided)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a ``scenario_level`` query (outcome ``level``, ``monster_level``, ``trap_damage``, and so on)."""
    query = situation.query
    assert isinstance(query, ScenarioLevelQuery)  # noqa: S101 - dispatch guarantees the kind
    result = Answer(ruleset=situation.ruleset, query="scenario_level", verdict="answered")
    ruling = Ruling(spec, situation.ruleset, situation.readings)
    levels = ", ".join(str(n) for n in query.levels)

    def decide(decision: str, facts: dict[str, Value], where: str) -> int:
        return _int(result.cite(ruling.decide(decision, facts), where, decides=True).value)

    party: dict[str, Value] = {
        "level_sum": sum(query.levels),
        "characters": len(query.levels),
        "difficulty": query.difficulty,
    }
    level = decide("scenario.level", dict(party), f"levels {levels}, {query.difficulty}")
    mode = {"solo_or_open": query.solo_or_open}
    monster_level = decide("scenario.monster_level", {"level": level, **mode}, f"scenario level {level}")
    # the extra trap damage of solo or open play: in closed play no rule adds any, so none is cited
    bonus = decide("scenario.trap_bonus", dict(mode), "solo or open play") if query.solo_or_open else 0
    negative: dict[str, Value] = {"level": level, "from_ability": False, "ability_damage": 0}
    negative |= {"mode": "normal", "target_flying": False}
    trap = decide("terrain.damage", {"feature": "trap", **negative}, f"a trap at level {level}")
    hazard = decide("terrain.damage", {"feature": "hazardous", **negative}, f"hazardous terrain at level {level}")
    xp = decide("end.xp_bonus", {"success": True, "level": level}, f"a won scenario at level {level}")
    result.outcome = {
        "level": level,
        "monster_level": monster_level,
        "trap_damage": trap + bonus,
        "hazard_damage": hazard,
        "bonus_xp": xp,
    }
    return result
