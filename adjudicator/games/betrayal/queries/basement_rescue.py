"""The ``basement_rescue`` query: whether a monster is stuck in the basement, so the traitor may fetch the Stairs.

A monster stuck in the basement with no way to reach the heroes lets the
traitor, in his turn, search the room stack for the Stairs from Basement and
place it against an open basement door; not when the haunt lets monsters
explore (bt2e L529). The engine searches every way open to the monster over
any number of turns, asking each way of the rules as a move does (doors,
staircases, the Coal Chute and the Collapsed Room both ways, card passages;
never a room not yet in the house, L527). A roll a way needs is taken as
one the monster may pass some turn. Reaching the Mystic Elevator is a way
out, since a monster sends it where it likes (L281).

Deciding step: ``monster.stairs_rescue`` (L529).
"""

from __future__ import annotations

from collections import deque

from adjudicator.games.betrayal.house import MYSTIC_ELEVATOR
from adjudicator.games.betrayal.model import Piece
from adjudicator.games.betrayal.movement import Mover
from adjudicator.games.betrayal.queries.reach import way_facts
from adjudicator.games.betrayal.rules import Rules
from adjudicator.games.betrayal.trace import Trace
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId


def ways_out(mover: Mover) -> tuple[set[str], bool]:
    """Every place the monster can get to over any number of turns, and whether the Mystic Elevator is one."""
    start = mover.piece.at
    seen = {start}
    queue = deque([start])
    stops: dict[str, dict[str, str]] = {}
    while queue:
        place = queue.popleft()
        for passage in mover.house.passages(place):
            way = way_facts(mover, passage, stops)
            if way is False or way[2] is None or way[2] in seen:
                continue
            seen.add(way[2])
            queue.append(way[2])
    elevator = any(mover.state.tile_of(place).id == MYSTIC_ELEVATOR for place in seen)
    return seen, elevator


def _cite_ways(rules: Rules, trace: Trace) -> None:
    """Cite, once each, the rules that opened or closed the ways the search tried (supporting steps)."""
    seen: set[tuple[str, object]] = set()
    for (decision, _), result in list(rules._cache.items()):  # noqa: SLF001 - the cache is this package's own
        if decision != "move.can_enter" or not result.trace:
            continue
        step = result.trace[0]
        if (step.rule, result.value) not in seen:
            seen.add((step.rule, result.value))
            trace.note(step)


def heroes(rules: Rules, monster: Piece) -> list[Piece]:
    """The explorers opposed to the monster (the heroes, once the haunt has started)."""
    s = rules.situation
    return [p for p in s.pieces if p.type == "explorer" and s.opponents(monster, p)]


def answer(rules: Rules) -> Answer:
    """Answer a ``basement_rescue`` query."""
    situation = rules.situation
    query = situation.query
    piece = situation.piece(str(query.get("piece")))
    mover = Mover(rules, situation, piece)
    trace = Trace()
    places, elevator = ways_out(mover)
    _cite_ways(rules, trace)
    rooms = {place.partition(":")[0] for place in places}
    found = sorted(hero.id for hero in heroes(rules, piece) if hero.room in rooms)
    if elevator:
        text = f"{piece.id} can get to the Mystic Elevator and send it to any floor"
        trace.note(rules.rule_step("BT.ROOM.ELEVATOR.TRAITOR", text))
    floor = situation.board.room_of(piece.at).floor
    in_basement = floor == "basement"
    facts = {
        "in_basement": in_basement,
        "reaches_heroes": bool(found) or elevator,
        "stairs_placed": situation.house.stairs_found,
        "monsters_explore": bool(query.get("monsters_explore", False)),
    }
    rescue = trace.cite(rules.decide("monster.stairs_rescue", facts), piece.id, decides=True)
    out = Answer(situation.ruleset, "basement_rescue", "answered")
    trace.into(out)
    out.outcome = {
        "in_basement": in_basement,
        "reaches_heroes": found,
        "elevator": elevator,
        "stuck": in_basement and not found and not elevator,
        "may_place_stairs": bool(rescue.value),
    }
    marks: list[SpaceId] = sorted(places, key=situation.board.sort_key)
    out.marks = {"reach": marks, "path": [piece.at]}
    return out
