"""The ``range`` query: hexes counted from one hex to another around walls and closed doors.

The hex space counts the fewest steps (``HexSpace.clear_distance`` of
:mod:`adjudicator.spaces.hex`: with the game's legend, a search that never
crosses a thin wall nor enters a wall hex or a closed or locked door); the
rules turn the count without walls and the detour into the range with
``range.distance`` (GH.RANGE.COUNT, GH.RANGE.WALLS). That step decides the
answer; so does the rule that a closed door counts as a wall when doors
lengthen the count or cut it (L1917-1918), and that an open door is an empty
hex when the chain goes through one (L566-567).
"""

from __future__ import annotations

from collections import deque

from adjudicator.core.engine import FactError
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.endpoints import hex_of, label
from adjudicator.games.gloomhaven.model import RangeQuery, Situation
from adjudicator.games.gloomhaven.terrain import DOORS, WALL, feature
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
        result.note(ruling.rule_step("GH.RANGE.COUNT", f"{where}: the same hex, no hex to count"), decides=True)
    elif counted is None:
        distance = None
        result.note(
            ruling.rule_step(
                "GH.RANGE.WALLS",
                f"{where}: no chain of adjacent hexes avoids the walls and closed doors, so there is no range",
            ),
            decides=True,
        )
    else:
        detour = counted - hexes
        said = f"{where}: {hexes} hexes without walls, {detour} more to go round them"
        try:
            facts = {"hexes": hexes, "detour": detour}
            decided = result.cite(ruling.decide("range.distance", facts), said, decides=True)
            distance = int(decided.value) if isinstance(decided.value, int) else counted
        except FactError:  # a count beyond the decision's domain: the same rule, stated as a step
            distance = counted
            rule = "GH.RANGE.WALLS" if detour else "GH.RANGE.COUNT"
            result.note(ruling.rule_step(rule, f"{said}: range {counted}"), decides=True)
        path = _shortest(situation, a, b)
        if path:
            result.marks["path"] = list[SpaceId](path)
            _open_doors(situation, ruling, path, where, result)
    if a != b and _doors_count(situation, a, b, counted):
        text = f"{where}: a closed door counts as a wall, so the count may not pass through it"
        result.note(ruling.rule_step("GH.MOVE.DOOR_CLOSED", text), decides=True)
    result.outcome = {"distance": distance}
    if query.range is not None:
        within = distance is not None and distance <= query.range
        result.outcome["within"] = within
        verb = "reaches" if within else "does not reach"
        shown = "no range" if distance is None else f"range {distance}"
        text = f"{where}: {shown}, so Range {query.range} {verb} it"
        result.note(ruling.rule_step("GH.RANGE.COUNT", text), decides=True)
    return result


def _open_doors(situation: Situation, ruling: Ruling, path: list[Hex], where: str, result: Answer) -> None:
    """Cite that an open door on the chain counted is an empty hex (L566-567)."""
    doors = [h for h in path if feature(situation.board, h) == "open_door"]
    if doors:
        names = ", ".join(situation.board.name(h) for h in doors)
        text = f"{where}: the open door on {names} is an empty hex, counted like any other"
        result.note(ruling.rule_step("GH.MOVE.DOOR_OPENED", text), decides=True)


def _doors_count(situation: Situation, a: Hex, b: Hex, counted: int | None) -> bool:
    """Whether closed or locked doors lengthen the count from ``a`` to ``b`` or cut it (a count through them)."""
    board = situation.board
    if not any(feature(board, h) in DOORS for h in board.spaces()):
        return False
    seen = {a: 0}
    queue = deque([a])
    while queue:
        here = queue.popleft()
        if here == b:
            break
        for n in board.adjacent(here):
            if n not in seen and feature(board, n) != WALL:
                seen[n] = seen[here] + 1
                queue.append(n)
    through = seen.get(b)
    return through is not None and (counted is None or through < counted)


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
