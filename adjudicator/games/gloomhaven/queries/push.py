"""The ``push`` and ``pull`` queries: where Push X or Pull X may move the target, and what it springs.

Every step is asked of ``push.step_allowed`` (GH.PUSH.PUSH, GH.PUSH.PULL,
GH.PUSH.BLOCK, GH.PUSH.IGNORE): the target's distance to the attacker must
grow (push) or shrink (pull) at each hex, it may not go into a figure hostile
to it, an obstacle, a wall or a closed door, and it may pass its own allies
but not end on one. The distance is the attacker's range to the hex, counted
around walls (GH.RANGE.*). A path stops short of X only when no allowed step
is left (``push.must_continue``, GH.PUSH.FULL). A trap or hazardous hex the
target is moved into is asked of ``terrain.damage`` with the mode ``pushed``
(GH.PUSH.TRAPS: nothing for a flying target). Difficult terrain costs
nothing (GH.PUSH.IGNORE). What the target's hit points do (GH.PUSH.KILL) is
outside the situation: it carries no hit points.

Outcome: ``ends`` (the allowed end hexes), ``paths`` (each allowed path with
its ``end`` and what it ``triggered``); with a proposed ``path``, the verdict
``legal``/``illegal``, its ``end`` and ``triggered``, and for an illegal one
``blocked_at`` (the first hex it may not enter) or ``short`` (it stops while
the target could still be moved).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.core.engine import Result
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import PushQuery, Situation
from adjudicator.games.gloomhaven.queries.move import MAX_ABILITY_TRAP
from adjudicator.games.gloomhaven.terrain import feature
from adjudicator.situation.answer import Answer, DrawnPath
from adjudicator.spaces.hex import Hex

INTO: Mapping[str, str] = {
    "wall": "wall",
    "closed_door": "closed_door",
    "locked_door": "closed_door",
    "obstacle": "obstacle",
    "difficult": "difficult",
    "trap": "trap",
    "hazardous": "hazardous",
}
"""A hex's feature as ``push.step_allowed`` names it (a locked door is a closed door; others are ``empty``)."""


@dataclass(frozen=True)
class Step:
    """One hex the target may be moved into, and the decision that allowed or refused it."""

    into: Hex
    allowed: bool
    result: Result
    where: str


class _Pusher:
    """The question asked of one Push or Pull: the facts of each step, asked once and cited once."""

    def __init__(self, spec: Spec, situation: Situation, query: PushQuery, result: Answer) -> None:
        self.situation, self.query, self.result = situation, query, result
        self.board = situation.board
        self.ruling = Ruling(spec, situation.ruleset, situation.readings)
        self.attacker = situation.piece(query.attacker)
        self.target = situation.piece(query.target)
        self.distances = self.board.clear_distances(self.attacker.at)
        self.cited: set[tuple[str, tuple[tuple[str, Any], ...]]] = set()

    def name(self, h: Hex) -> str:
        return self.board.name(h)

    def distance(self, h: Hex) -> int | None:
        """The attacker's range to ``h`` (``None``: no chain of hexes reaches it)."""
        return self.distances.get(h)

    def change(self, frm: Hex, to: Hex) -> str:
        """``farther``, ``same`` or ``closer``: how the step from ``frm`` to ``to`` changes the attacker's range."""
        a, b = self.distance(frm), self.distance(to)
        if a == b:
            return "same"
        if b is None or (a is not None and b > a):
            return "farther"
        return "closer"

    def into(self, frm: Hex, to: Hex) -> str:
        """What ``to`` holds, seen from the target: a figure first, then the hex's feature."""
        if not self.board.contains(to) or self.board.step(frm, to).wall:
            return "wall"
        other = self.situation.piece_at(to)
        if other is not None and other.id != self.target.id:
            return "enemy_of_target" if other.enemy_of(self.target) else "ally_of_target"
        return INTO.get(feature(self.board, to), "empty")

    def ask(self, decision: str, facts: dict[str, Any], where: str, *, decides: bool = True) -> Result:
        """The decision's result, cited the first time these facts are asked."""
        result = self.ruling.decide(decision, facts)
        key = (decision, tuple(sorted(facts.items())))
        if key not in self.cited:
            self.cited.add(key)
            self.result.cite(result, where, decides=decides, once=True)
        return result

    def step(self, frm: Hex, to: Hex, last: bool) -> Step:
        """Whether the target may be moved from ``frm`` into ``to`` (``last``: the move would end there)."""
        where = f"{self.target.id} {self.name(frm)} -> {self.name(to)}"
        facts = {
            "effect": self.query.kind,
            "distance_change": self.change(frm, to),
            "into": self.into(frm, to),
            "last_hex": last,
            "target_flying": self.target.flying,
        }
        result = self.ask("push.step_allowed", facts, where)
        if result.value is True and facts["into"] == "obstacle":  # a reading lets a flying target pass obstacles
            self.note_once("GH.PUSH.BLOCK", f"{where}: {self.target.id} flies, and an obstacle does not stop it")
        return Step(to, result.value is True, result, where)

    def options(self, at: Hex, moved: int) -> list[tuple[Hex, bool, bool]]:
        """Each hex next to ``at``: whether it may end the move there, and whether it may go on through it."""
        out: list[tuple[Hex, bool, bool]] = []
        for h in self.board.neighbours(at):
            if not isinstance(h, Hex) or not self.board.contains(h):
                continue
            can_end = self.step(at, h, last=True).allowed
            can_pass = moved + 1 < self.query.amount and self.step(at, h, last=False).allowed
            out.append((h, can_end, can_pass))
        return out

    def paths(self) -> list[tuple[Hex, ...]]:
        """Every allowed path: each step allowed, and it stops only at X or where no step is left."""
        found: list[tuple[Hex, ...]] = []

        def walk(at: Hex, path: tuple[Hex, ...]) -> bool:
            """Extend ``path``; ``True`` when some continuation from ``at`` is allowed."""
            any_way = False
            for h, can_end, can_pass in self.options(at, len(path)):
                longer = (*path, h)
                through = can_pass and walk(h, longer)
                if can_end and (len(longer) == self.query.amount or not through):
                    found.append(longer)
                any_way = any_way or can_end or through
            return any_way

        if not walk(self.target.at, ()):
            found.append(())
        return sorted(found, key=lambda p: [self.board.sort_key(h) for h in p])

    def can_go_on(self, at: Hex, moved: int) -> bool:
        """Whether the target on ``at`` after ``moved`` hexes may still be moved at least one hex."""
        if moved >= self.query.amount:
            return False
        return any(
            can_end or (can_pass and self.can_go_on(h, moved + 1)) for h, can_end, can_pass in self.options(at, moved)
        )

    def must_continue(self, at: Hex, moved: int) -> bool:
        """``push.must_continue`` where a path stops, cited."""
        blocked = moved < self.query.amount and not self.can_go_on(at, moved)
        facts = {"moved": moved, "push_x": self.query.amount, "blocked": blocked, "target_dead": False}
        where = f"{self.target.id} stops on {self.name(at)} after {moved} of {self.query.amount} hexes"
        return self.ask("push.must_continue", facts, where).value is True

    def triggered(self, path: tuple[Hex, ...]) -> list[dict[str, Any]]:
        """The traps and hazardous hexes the path moves the target into, each ``{at, kind, damage}``."""
        out: list[dict[str, Any]] = []
        for h in path:
            word = feature(self.board, h)
            if word not in {"trap", "hazardous"}:
                continue
            trap = self.situation.trap_at(h) if word == "trap" else None
            stated = trap.damage if trap is not None else None
            own = stated is not None and stated <= MAX_ABILITY_TRAP
            facts = {
                "feature": word,
                "level": self.situation.scenario_level,
                "from_ability": own,
                "ability_damage": stated if own and stated is not None else 0,
                "mode": "pushed",
                "target_flying": self.target.flying,
            }
            value = self.ask("terrain.damage", facts, f"{self.target.id} moved into {self.name(h)}").value
            damage = value if isinstance(value, int) else 0
            if self.target.flying:
                continue
            entry: dict[str, Any] = {"at": self.name(h), "kind": word, "damage": damage}
            if stated is not None and stated != damage:
                entry["damage"] = stated
                text = f"{self.name(h)}: this trap deals the {stated} damage its objects entry states, not 2+N"
                self.result.note(self.ruling.rule_step("GH.MOVE.TRAP", text), decides=True)
            if trap is not None and trap.conditions:
                entry["conditions"] = list(trap.conditions)
            out.append(entry)
        return out

    def ignored(self, path: tuple[Hex, ...]) -> None:
        """Cite GH.PUSH.IGNORE for difficult terrain and allies the path passes (once each)."""
        for h in path[:-1] if path else ():
            other = self.situation.piece_at(h)
            if other is not None and not other.enemy_of(self.target):
                self.note_once(
                    "GH.PUSH.IGNORE", f"{self.target.id} is moved through its ally {other.id} on {self.name(h)}"
                )
        for h in path:
            if feature(self.board, h) == "difficult":
                self.note_once("GH.PUSH.IGNORE", f"difficult terrain on {self.name(h)} does not hinder the move")

    def note_once(self, rule: str, text: str) -> None:
        step = self.ruling.rule_step(rule, text)
        if step not in self.result.trace:
            self.result.note(step, decides=True)


def _judge(pusher: _Pusher, path: tuple[Hex, ...]) -> dict[str, Any]:
    """Judge a proposed path step by step: the outcome keys of an illegal path, or ``{}`` when it is legal."""
    at, query = pusher.target.at, pusher.query
    for index, h in enumerate(path):
        if index >= query.amount:
            effect = f"{query.kind.capitalize()} {query.amount}"
            text = f"{pusher.name(h)}: the path goes on past {query.amount} hexes, and {effect} moves at most that"
            pusher.result.note(pusher.ruling.rule_step("GH.PUSH.DIR", text), decides=True)
            return {"blocked_at": pusher.name(h)}
        if h not in pusher.board.neighbours(at) or not pusher.board.contains(h):
            text = f"{pusher.name(at)} -> {pusher.name(h)}: the hexes share no side, so this is not a one-hex move"
            pusher.result.note(pusher.ruling.rule_step("GH.GLOSS.ADJACENT", text), decides=True)
            return {"blocked_at": pusher.name(h)}
        if not pusher.step(at, h, last=index == len(path) - 1).allowed:
            return {"blocked_at": pusher.name(h)}
        at = h
    if pusher.must_continue(at, len(path)):
        return {"short": True}
    return {}


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a ``push`` or ``pull`` query."""
    query = situation.query
    assert isinstance(query, PushQuery)  # noqa: S101 - dispatch guarantees the kind
    result = Answer(ruleset=situation.ruleset, query=query.kind, verdict="answered")
    pusher = _Pusher(spec, situation, query, result)
    board = situation.board
    if query.path is not None:
        bad = _judge(pusher, query.path)
        legal = not bad
        walked = query.path if legal else _legal_part(pusher, query.path, bad)
        result.verdict = "legal" if legal else "illegal"
        if legal:
            pusher.ignored(query.path)
        result.outcome = {
            "end": board.name(walked[-1] if walked else pusher.target.at),
            "triggered": pusher.triggered(walked),
            **bad,
        }
        result.marks = {"path": [pusher.target.at, *walked]}
        result.paths = [DrawnPath(query.kind, (pusher.target.at, *walked), pusher.target.id)]
        if "blocked_at" in bad:
            result.marks["blocked"] = [board.parse(bad["blocked_at"])]
        return result
    paths = pusher.paths()
    for path in paths:
        pusher.must_continue(path[-1] if path else pusher.target.at, len(path))
        pusher.ignored(path)
    listed = [
        {
            "path": [board.name(h) for h in p],
            "end": board.name(p[-1] if p else pusher.target.at),
            "triggered": pusher.triggered(p),
        }
        for p in paths
    ]
    result.outcome = {
        "ends": sorted({entry["end"] for entry in listed}, key=lambda n: board.sort_key(board.parse(n))),
        "paths": listed,
    }
    result.marks = {"path": [pusher.target.at]}  # every path and its end hex: ``paths``
    result.paths = [
        DrawnPath(query.kind, (pusher.target.at, *p), pusher.target.id, n if len(paths) > 1 else 0)
        for n, p in enumerate(paths, 1)
    ]
    return result


def _legal_part(pusher: _Pusher, path: tuple[Hex, ...], bad: dict[str, Any]) -> tuple[Hex, ...]:
    """The hexes of ``path`` before the one it may not enter (all of it when it only stops short)."""
    if "blocked_at" not in bad:
        return path
    names = [pusher.name(h) for h in path]
    return path[: names.index(bad["blocked_at"])]
