"""The ``range`` query: hexes counted from one hex to another around walls and closed doors.

The hex space counts the fewest steps (``HexSpace.clear_distance`` of
:mod:`adjudicator.spaces.hex`: with the game's legend, a search that never
crosses a thin wall nor enters a wall hex or a closed or locked door); the
rules turn the count without walls and the detour into the range with
``range.distance`` (GH.RANGE.COUNT, GH.RANGE.WALLS).
"""

from __future__ import annotations

from adjudicator.core.engine import FactError
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.endpoints import hex_of, label
from adjudicator.games.gloomhaven.model import RangeQuery, Situation
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId
from adjudicator.spaces.hex import Hex


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a ``range`` query."""
    query = situation.query
    assert isinstance(query, RangeQuery)  # noqa: S101 - dispatch guarantees the kind
    board = situation.board
    a, b = hex_of(situation, query.from_), hex_of(situation, query.to)
    result = Answer(ruleset=situation.ruleset, query="range", verdict="answered", marks={"line": [a, b]})
    ruling = Ruling(spec, situation.ruleset, situation.readings)
    where = f"{label(situation, query.from_)} to {label(situation, query.to)}"
    hexes = board.distance(a, b)
    counted = board.clear_distance(a, b)
    distance: int | None
    if a == b:
        distance = 0
        result.note(ruling.rule_step("GH.RANGE.COUNT", f"{where}: the same hex, no hex to count"))
    elif counted is None:
        distance = None
        result.note(
            ruling.rule_step(
                "GH.RANGE.WALLS",
                f"{where}: no chain of adjacent hexes avoids the walls and closed doors, so there is no range",
            )
        )
    else:
        detour = counted - hexes
        said = f"{where}: {hexes} hexes without walls, {detour} more to go round them"
        try:
            decided = result.cite(ruling.decide("range.distance", {"hexes": hexes, "detour": detour}), said)
            distance = int(decided.value) if isinstance(decided.value, int) else counted
        except FactError:  # a count beyond the decision's domain: the same rule, stated as a step
            distance = counted
            rule = "GH.RANGE.WALLS" if detour else "GH.RANGE.COUNT"
            result.note(ruling.rule_step(rule, f"{said}: range {counted}"))
        path = _shortest(situation, a, b)
        if path:
            result.marks["path"] = list[SpaceId](path)
    result.outcome = {"distance": distance}
    if query.range is not None:
        within = distance is not None and distance <= query.range
        result.outcome["within"] = within
        verb = "reaches" if within else "does not reach"
        shown = "no range" if distance is None else f"range {distance}"
        result.note(ruling.rule_step("GH.RANGE.COUNT", f"{where}: {shown}, so Range {query.range} {verb} it"))
    return result


def _shortest(situation: Situation, a: Hex, b: Hex) -> list[Hex]:
    """One shortest chain from ``a`` to ``b`` (for the picture), found by walking the distances back."""
    board = situation.board
    from_b = board.clear_distances(b)
    if a not in from_b:
        return []
    path = [a]
    here = a
    while here != b:
        here = min((n for n in board.adjacent(here) if from_b.get(n) == from_b[here] - 1), key=board.sort_key)
        path.append(here)
    return path
