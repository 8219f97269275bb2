"""The ``initiative`` query (an extension of the contract): the order in which the figures act this round.

Each character's initiative is asked of ``initiative.value`` (its leading card,
or 99 for a long rest); a monster acts on its type's ability card
(GH.ROUND.MON_INIT). Characters and monsters are sorted by asking
``initiative.before`` of each pair compared (lower first, elites then standee
numbers within a type, players before monsters on a tie, second cards between
tied players); each character's summons are then put just before it in the
order listed, asking ``initiative.summons``. When a rule leaves the order to
the players (two monster types, or two players whose cards both tie), the file's
order is kept and the pair is listed in ``choose``. Every step orders two
figures or gives one its initiative, so every step decides the order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cmp_to_key

from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import InitiativeQuery, Piece, Situation
from adjudicator.situation.answer import Answer

A_FIRST = "a_first"
PLAYERS_CHOOSE = "players_choose"
LONG_REST_CARD = 99


@dataclass(frozen=True)
class _Actor:
    """A character or a monster with what its place in the order depends on."""

    piece: Piece
    index: int
    """Its place in the file (the order kept where the players choose)."""
    initiative: int
    group: str
    """Its monster type (a monster in no type is a type of its own), or its id for a character."""
    group_index: int
    standee: int = 0

    @property
    def character(self) -> bool:
        """A character (not a monster)."""
        return self.piece.type == "character"


class _Order:
    """The answer being built, and the pairs the players choose between."""

    def __init__(self, spec: Spec, situation: Situation, query: InitiativeQuery) -> None:
        self.spec = spec
        self.situation = situation
        self.query = query
        self.ruling = Ruling(spec, situation.ruleset, situation.readings)
        self.result = Answer(ruleset=situation.ruleset, query="initiative", verdict="answered")
        self.secondary = dict(query.secondary)
        self.choose: list[tuple[str, str]] = []
        self.asked: dict[tuple[str, str], int] = {}

    def actors(self) -> list[_Actor]:
        """Characters (their initiative decided) and monsters (their type's card), in file order."""
        type_of = {pid: name for name, members in self.query.types for pid in members}
        standee = {pid: members.index(pid) + 1 for _, members in self.query.types for pid in members}
        standee |= dict(self.query.standees)
        groups: list[str] = []
        out: list[_Actor] = []
        for index, piece in enumerate(self.situation.pieces):
            if piece.type == "summon":
                continue
            if piece.type == "character":
                value = self.character_initiative(piece)
                group = piece.id
            else:
                value = int(piece.initiative or 0)
                group = type_of.get(piece.id, piece.id)
                if group not in groups:
                    text = f"{group}: the type's ability card gives initiative {value}"
                    self.result.note(self.ruling.rule_step("GH.ROUND.MON_INIT", text), decides=True)
            if group not in groups:
                groups.append(group)
            out.append(_Actor(piece, index, value, group, groups.index(group), standee.get(piece.id, 0)))
        return out

    def character_initiative(self, piece: Piece) -> int:
        """``initiative.value`` for a character: its leading card, or 99 when it long rests."""
        resting = piece.id in self.query.long_rest
        leading = int(piece.initiative) if piece.initiative is not None else LONG_REST_CARD
        facts: dict[str, Value] = {"option": "long_rest" if resting else "two_actions", "leading": leading}
        decided = self.result.cite(self.ruling.decide("initiative.value", facts), piece.id, decides=True)
        return int(decided.value) if isinstance(decided.value, int) else leading

    def compare(self, a: _Actor, b: _Actor) -> int:
        """-1 when ``a`` acts first, 1 when ``b`` does (``initiative.before``, asked once a pair)."""
        key = (a.piece.id, b.piece.id)
        if key in self.asked:
            return self.asked[key]
        same_type = not a.character and not b.character and a.group == b.group
        facts: dict[str, Value] = {
            "a_kind": "character" if a.character else "monster",
            "b_kind": "character" if b.character else "monster",
            "a_init": a.initiative,
            "b_init": b.initiative,
            "same_type": same_type,
        }
        for side, actor in (("a", a), ("b", b)):
            if actor.character and actor.piece.id in self.secondary:
                facts[f"{side}_secondary"] = self.secondary[actor.piece.id]
            if same_type:
                facts[f"{side}_rank"] = "elite" if actor.piece.rank == "elite" else "normal"
                facts[f"{side}_standee"] = actor.standee
        where = f"{a.piece.id} and {b.piece.id}"
        decided = self.result.cite(self.ruling.decide("initiative.before", facts), where, decides=True)
        if decided.value == PLAYERS_CHOOSE:
            pair = (a.group, b.group) if a.group_index < b.group_index else (b.group, a.group)
            if pair not in self.choose:
                self.choose.append(pair)
            order = -1 if (a.group_index, a.index) < (b.group_index, b.index) else 1
        else:
            order = -1 if decided.value == A_FIRST else 1
        self.asked[key] = order
        self.asked[b.piece.id, a.piece.id] = -order
        return order

    def with_summons(self, ordered: list[_Actor]) -> list[str]:
        """The ids in order, each character's summons just before it (``initiative.summons``)."""
        out: list[str] = []
        for actor in ordered:
            summons = [p for p in self.situation.pieces if p.type == "summon" and p.owner == actor.piece.id]
            for number, summon in enumerate(summons, 1):
                owner: dict[str, Value] = {"a_role": "summon", "b_role": "owner", "a_order": number}
                self.result.cite(self.ruling.decide("initiative.summons", owner), summon.id, decides=True)
                if number > 1:
                    facts: dict[str, Value] = {"a_role": "summon", "b_role": "summon"}
                    facts |= {"a_order": number - 1, "b_order": number}
                    where = f"{summons[number - 2].id} and {summon.id}"
                    self.result.cite(self.ruling.decide("initiative.summons", facts), where, decides=True)
                out.append(summon.id)
            out.append(actor.piece.id)
        return out


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer an ``initiative`` query: ``order`` (ids, first to act first) and ``choose`` (pairs left to players)."""
    query = situation.query
    assert isinstance(query, InitiativeQuery)  # noqa: S101 - dispatch guarantees the kind
    work = _Order(spec, situation, query)
    actors = work.actors()
    ordered = sorted(actors, key=cmp_to_key(work.compare))
    order = work.with_summons(ordered)
    result = work.result
    result.outcome = {"order": order, "choose": [list(pair) for pair in work.choose]}
    return result
