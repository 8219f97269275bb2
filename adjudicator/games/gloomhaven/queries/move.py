"""The ``move`` query: a character's (or summon's) proposed path, judged step by step.

For each hex entered the rules are asked in turn (GH.MOVE.*): whether the
figure may move at all (``move.allowed``), whether it may enter the hex
(``move.can_enter``: walls, thin walls, doors, enemies, obstacles), what the
step costs (``move.step_cost``) against the Move X budget, what a trap or
hazardous hex entered deals (``terrain.damage``), and on the last hex whether
it may end there (``move.can_end``). The first step that breaks a rule is
``blocked_at``; ``end``, ``cost``, ``triggered`` and ``opens`` then describe
the legal part before it. A path of no hex is a move of 0 (Move X is "up to"
X hexes, L504).

Deciding steps: the rule a blocked step breaks; for a legal path, the total
cost against Move X, the end hex, and every step whose hex has something in
it (a figure passed, an obstacle jumped, a door opened, difficult terrain
paid, a trap or hazardous hex sprung or passed over).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import MoveQuery, Piece, Situation
from adjudicator.games.gloomhaven.terrain import feature
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId
from adjudicator.spaces.hex import Hex

MAX_ABILITY_TRAP = 10
"""The largest stated trap damage ``terrain.damage`` takes as an ability's trap (its ``ability_damage`` fact)."""


@dataclass
class _Walk:
    """The legal part of the path so far."""

    at: Hex
    cost: int = 0
    path: list[SpaceId] = field(default_factory=list)
    triggered: list[dict[str, Any]] = field(default_factory=list)
    opens: list[str] = field(default_factory=list)
    sprung: set[Hex] = field(default_factory=set)
    opened: set[Hex] = field(default_factory=set)


def mode_of(piece: Piece, jump: bool) -> str:
    """``flying`` (the figure's own Flying), ``jump`` (the move's Jump) or ``normal``."""
    if piece.flying:
        return "flying"
    return "jump" if jump else "normal"


def occupant(situation: Situation, mover: Piece, h: Hex) -> str:
    """``none``, ``ally``, ``enemy`` or ``invisible_enemy``: the figure on ``h`` seen from ``mover``."""
    other = situation.piece_at(h)
    if other is None or other.id == mover.id:
        return "none"
    if not mover.enemy_of(other):
        return "ally"
    return "invisible_enemy" if other.has("invisible") else "enemy"


class _Judge:
    """One path being judged: the situation, the answer being built, the walk so far."""

    def __init__(self, spec: Spec, situation: Situation, query: MoveQuery, result: Answer) -> None:
        self.spec, self.situation, self.query, self.result = spec, situation, query, result
        self.ruling = Ruling(spec, situation.ruleset, situation.readings)
        self.piece = situation.piece(query.piece)
        self.mode = mode_of(self.piece, query.jump)
        self.walk = _Walk(self.piece.at, path=[self.piece.at])

    def name(self, h: Hex) -> str:
        return self.situation.board.name(h)

    def ask(self, decision: str, facts: dict[str, Any], where: str, *, decides: bool | None = None) -> Any:
        """The decision's value, cited; ``decides`` marks it (by default: when it forbids the step)."""
        result = self.ruling.decide(decision, facts)
        mark = (result.value is False) if decides is None else decides
        return self.result.cite(result, where, decides=mark or result.value is False).value

    def feature(self, h: Hex) -> str:
        """The hex's feature as the walk has left it (opened doors are open, sprung traps gone)."""
        if h in self.walk.opened:
            return "open_door"
        if h in self.walk.sprung:
            return "none"
        return feature(self.situation.board, h)

    def step(self, index: int, h: Hex) -> bool:
        """Judge entering ``h`` (the ``index``-th hex of the path); ``False`` when the step breaks a rule."""
        board, frm = self.situation.board, self.walk.at
        last = index == len(self.query.path) - 1
        where = f"{self.name(frm)} -> {self.name(h)}"
        if h not in board.neighbours(frm):  # every hex of a path is on the map
            text = f"{where}: {self.name(h)} does not share a side with {self.name(frm)}, so it is not one step"
            self.result.note(self.ruling.rule_step("GH.GLOSS.ADJACENT", text), decides=True)
            return False
        thin_wall = board.step(frm, h).wall
        feature = "wall" if thin_wall else self.feature(h)
        facts = {
            "mover": self.piece.type,
            "mode": self.mode,
            "occupant": occupant(self.situation, self.piece, h),
            "feature": feature,
        }
        said = f"{where} (a thin wall on that side)" if thin_wall else where
        special = facts["occupant"] != "none" or feature not in {"none", "difficult"}
        if not self.ask("move.can_enter", facts, said, decides=special):
            return False
        difficult = feature == "difficult"
        paid, said = self.mode, where
        if self.mode == "jump" and last:  # the last hex of a Jump is entered as a normal move (L533-536)
            paid, said = "normal", f"{where} (the last hex of a jump, entered as a normal move)"
        cost = self.ask(
            "move.step_cost", {"mode": paid, "difficult": difficult, "last_hex": last}, said, decides=difficult
        )
        if self.walk.cost + int(cost) > self.query.points:
            spent = self.walk.cost + int(cost)
            text = f"{where}: this step brings the cost to {spent}, more than Move {self.query.points}"
            self.result.note(self.ruling.rule_step("GH.MOVE.BUDGET", text), decides=True)
            return False
        if last:
            end_facts = {
                "mover": self.piece.type,
                "mode": self.mode,
                "occupant": "none"
                if facts["occupant"] == "none"
                else ("ally" if facts["occupant"] == "ally" else "enemy"),
                "obstacle": feature == "obstacle",
            }
            if not self.ask("move.can_end", end_facts, f"ends on {self.name(h)}", decides=True):
                return False
        self.walk.cost += int(cost)
        self.walk.at = h
        self.walk.path.append(h)
        if feature == "closed_door":
            self.walk.opens.append(self.name(h))
            self.walk.opened.add(h)
            text = f"{where}: the door on {self.name(h)} opens; from now on it is an empty hex and the room is revealed"
            self.result.note(self.ruling.rule_step("GH.MOVE.DOOR_OPEN", text), decides=True)
        if feature in {"trap", "hazardous"}:
            self.negative(h, feature, last, where)
        return True

    def negative(self, h: Hex, feature: str, last: bool, where: str) -> None:
        """A trap or hazardous hex entered: its damage, if the way the figure enters springs it."""
        if self.mode == "flying":
            how = "flying"
        elif self.mode == "jump":
            how = "jump_last_hex" if last else "jump_over"
        else:
            how = "normal"
        trap = self.situation.trap_at(h) if feature == "trap" else None
        stated = trap.damage if trap is not None else None
        facts = {
            "feature": feature,
            "level": self.situation.scenario_level,
            "from_ability": stated is not None and stated <= MAX_ABILITY_TRAP,
            "ability_damage": stated if stated is not None and stated <= MAX_ABILITY_TRAP else 0,
            "mode": how,
            "target_flying": self.piece.flying,
        }
        damage = int(self.ask("terrain.damage", facts, where, decides=True))
        if how in {"jump_over", "flying"}:
            return
        entry: dict[str, Any] = {"at": self.name(h), "kind": feature, "damage": damage}
        if trap is not None:
            if stated is not None and stated != damage:
                entry["damage"] = stated
                text = f"{where}: this trap deals the {stated} damage its objects entry states, not 2+N"
                self.result.note(self.ruling.rule_step("GH.MOVE.TRAP", text), decides=True)
            if trap.conditions:
                entry["conditions"] = list(trap.conditions)
            self.walk.sprung.add(h)
        self.walk.triggered.append(entry)


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a ``move`` query."""
    query = situation.query
    assert isinstance(query, MoveQuery)  # noqa: S101 - dispatch guarantees the kind
    result = Answer(ruleset=situation.ruleset, query="move", verdict="legal")
    judge = _Judge(spec, situation, query, result)
    ruling = judge.ruling
    piece = judge.piece
    blocked: Hex | None = None
    if not query.path:
        text = f"{piece.id}: the path enters no hex, a move of 0 hexes, which Move {query.points} (up to X) allows"
        result.note(ruling.rule_step("GH.MOVE.BUDGET", text), decides=True)
    elif not judge.ask(
        "move.allowed", {"immobilized": piece.has("immobilize"), "stunned": piece.has("stun")}, piece.id
    ):
        blocked = query.path[0]
    else:
        for index, h in enumerate(query.path):
            if not judge.step(index, h):
                blocked = h
                break
        else:
            text = f"{piece.id}: the path costs {judge.walk.cost}, within Move {query.points}"
            result.note(ruling.rule_step("GH.MOVE.BUDGET", text), decides=True)
    if feature(situation.board, piece.at) == "hazardous" and not piece.flying:
        text = f"{piece.id} starts on hazardous terrain ({situation.board.name(piece.at)}): only entering it hurts"
        result.note(
            ruling.rule_step("GH.MOVE.HAZARD", f"{text}, staying on it or leaving it deals nothing"), decides=True
        )
    walk = judge.walk
    result.outcome = {
        "end": situation.board.name(walk.at),
        "cost": walk.cost,
        "triggered": walk.triggered,
        "opens": walk.opens,
    }
    result.marks = {"path": walk.path}
    if blocked is not None:
        result.verdict = "illegal"
        result.outcome["blocked_at"] = situation.board.name(blocked)
        result.marks["blocked"] = [blocked]
    return result
