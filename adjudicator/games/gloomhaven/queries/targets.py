"""The ``targets`` query: whom an ability aimed at "all adjacent enemies" or "all allies in range" affects.

Each other figure is asked of ``turn.relation`` (GH.GLOSS.ALLY,
GH.GLOSS.ENEMY: the same side is an ally, the other side an enemy, and the
figure itself is neither, L1670-1671, L1790-1791), so "all allies" never
includes the figure itself. A figure of the wanted side is affected when it
is within the range (range 1: adjacent; counted around walls, GH.RANGE.*)
and in line of sight (GH.LOS.REQUIRED_FOR, GH.LOS.DEF); an invisible enemy
cannot be targeted by its enemies (GH.COND.INVISIBLE, ``condition.blocks``).
Every such step decides the list.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import Piece, Situation, TargetsQuery
from adjudicator.games.gloomhaven.sight import adjacent_always_see, sees
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId

WANTED = {"enemies": "enemy", "allies": "ally"}


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a ``targets`` query."""
    query = situation.query
    assert isinstance(query, TargetsQuery)  # noqa: S101 - dispatch guarantees the kind
    result = Answer(ruleset=situation.ruleset, query="targets", verdict="answered")
    ruling = Ruling(spec, situation.ruleset, situation.readings)
    me = situation.piece(query.figure)
    check = _Check(situation, ruling, result, adjacent_always_see(ruling))
    reach = "adjacent" if query.range == 1 else f"within range {query.range}"
    affected: list[Piece] = []
    for other in situation.pieces:
        facts = {"same_figure": other.id == me.id, "same_side": not me.enemy_of(other)}
        relation = ruling.decide("turn.relation", facts)
        wanted = relation.value == WANTED[query.who]
        if other.id == me.id or wanted:
            said = f"{other.id} seen from {me.id}"
            result.cite(relation, said, decides=True)
        if not wanted:
            continue
        if check.reached(me, other, query.range):
            affected.append(other)
    names = ", ".join(p.id for p in affected) or "nobody"
    text = f"all {query.who} of {me.id} {reach} and in its line of sight: {names}"
    result.note(ruling.rule_step("GH.LOS.REQUIRED_FOR", text), decides=True)
    result.outcome = {"targets": sorted(p.id for p in affected)}
    result.marks = {"path": [me.at], "targets": list[SpaceId]([p.at for p in affected])}
    return result


@dataclass(frozen=True)
class _Check:
    """What is needed to check one figure against the ability: the map, the rules, the answer being built."""

    situation: Situation
    ruling: Ruling
    result: Answer
    adjacent_sees: bool
    """Adjacent hexes always see each other (GH.LOS.ADJACENT read ``always_clear``)."""

    def reached(self, me: Piece, other: Piece, reach: int) -> bool:
        """Whether ``other`` is within ``reach`` of ``me``, in its sight, and (an enemy) not invisible; each cited."""
        return _reached(self, me, other, reach)


def _reached(check: _Check, me: Piece, other: Piece, reach: int) -> bool:
    """:meth:`_Check.reached`."""
    situation, ruling, result = check.situation, check.ruling, check.result
    board = situation.board
    distance = board.clear_distance(me.at, other.at)
    where = f"{me.id} ({board.name(me.at)}) to {other.id} ({board.name(other.at)})"
    if distance is None or distance > reach:
        shown = "no range" if distance is None else f"range {distance}"
        result.note(ruling.rule_step("GH.RANGE.COUNT", f"{where}: {shown}, beyond {reach}"), decides=True)
        return False
    if not sees(board, me.at, other.at, adjacent_sees=check.adjacent_sees):
        result.note(ruling.rule_step("GH.LOS.DEF", f"{where}: no clear line of sight"), decides=True)
        return False
    if me.enemy_of(other) and other.has("invisible"):
        blocked = ruling.decide("condition.blocks", {"condition": "invisible", "activity": "be_targeted"})
        result.cite(blocked, f"{other.id}, invisible, as a target of {me.id}", decides=True)
        return blocked.value is not True
    return True
