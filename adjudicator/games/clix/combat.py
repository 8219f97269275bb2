"""Attacks: whether each target may be attacked, the values compared, and what two dice do.

Everything here computes facts and asks the spec's decisions; nothing decides
a rule in code. The pieces:

Reach (close combat)
    Two monsters one space apart are adjacent when ``adjacent.is`` says so
    (walls, elevation, stairs, double bases). When a giant is involved and
    the two are farther apart, ``giant.close_reach`` decides, with the fact
    ``line_blocked`` from the exact centre-to-centre line (a wall or a
    blocking square crossed; hx2008 L593).

Flight levels
    A piece's flight level is its flight mode (``none`` for a non-flyer and
    for a victim). A giant facing a soaring monster counts as soaring when
    ``giant.treated_as_soaring`` says so (hx2008 L597).

Engagement (ranged combat)
    ``adjacent_opposing`` is ``same_level`` when an opposing monster adjacent
    to the attacker stands at its flight level, ``other_level_only`` when
    the adjacent opposing monsters are all at the other level, else ``none``.

Dice
    One attack roll serves every target (``attack.rolls``). Without a roll,
    each of the 36 ordered outcomes of two d6 is put to the rules and counted
    exactly (:data:`adjudicator.games.clix.model.ROLLS`, :func:`~adjudicator.core.dice.probability`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from adjudicator.core.engine import Result, Step
from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import noted
from adjudicator.games.clix.lof import LofReport, piece_line_of_fire
from adjudicator.games.clix.lof_facts import line_facts
from adjudicator.games.clix.model import HOURGLASS, Effect, MapObject, Piece
from adjudicator.games.clix.table import FlightLevel, Table
from adjudicator.games.clix.values import Open, Unanswerable, ValueResult, combat_value, decide
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import Space, SpaceId

AttackKind = Literal["close", "ranged"]
Engagement = Literal["none", "same_level", "other_level_only"]
TargetKind = Literal["opposing", "friendly", "self", "victim"]


def ask(
    table: Table, answer: Answer, prefix: str, decision: str, facts: Mapping[str, Value], *, decides: bool = False
) -> Result:
    """Evaluate ``decision`` and cite its steps in ``answer`` (notes start with ``prefix``).

    A fact outside its declared domain cites the fallback rule and raises
    :class:`Open`, as does an undecided result; either then decides the answer, as ``decides`` marks a
    result that gives the verdict or a value of the outcome.
    """
    try:
        result = decide(table, decision, facts)
    except Unanswerable as exc:
        answer.note(table.fallback_step(f"{prefix}: {exc.note}"), decides=True)
        raise Open from exc
    answer.cite(result, prefix, decides=decides or result.value is None)
    if result.value is None:
        raise Open
    return result


def cite_value(answer: Answer, prefix: str, value: ValueResult) -> int | None:
    """Cite a combat value's pipeline steps; its value, or None when undecided.

    The steps that gave the value are kept as deciding only when the value is undecided (the fallback then
    settles the attack too): an attack's verdict rests on its own rules, not on how the values were reached.
    """
    open_value = value.value is None
    answer.trace.extend(
        [
            Step(step.rule, step.cites, f"{prefix}: {step.note}", step.reading, step.also, step.deciding and open_value)
            for step in value.steps
        ]
    )
    return value.value


def peek(table: Table, decision: str, facts: Mapping[str, Value]) -> Value | None:
    """A decision's value, not cited (``None`` when undecided or its facts lie outside their domains)."""
    try:
        return decide(table, decision, facts).value
    except Unanswerable:
        return None


# --- who stands where ---------------------------------------------------------------


def flight_level(table: Table, piece: Piece | None) -> FlightLevel:
    """The flight level of a piece as the combat rules see it (victims and objects: none)."""
    if piece is None or piece.is_token:
        return "none"
    return table.flight(piece)


def effective_flights(
    table: Table, answer: Answer, prefix: str, attacker: Piece, target: Piece | None
) -> tuple[FlightLevel, FlightLevel]:
    """The attacker's and the target's flight levels, a giant facing a soaring monster counted as soaring.

    Raises :class:`Open` when ``giant.treated_as_soaring`` is undecided.
    """
    mine, theirs = flight_level(table, attacker), flight_level(table, target)
    if target is None or target.is_token:
        return mine, theirs
    if table.giant(attacker) and theirs == "soaring" and mine != "soaring":
        if ask(table, answer, prefix, "giant.treated_as_soaring", {"other_soaring": True}).value is True:
            mine = "soaring"
    elif table.giant(target) and mine == "soaring" and theirs != "soaring":  # noqa: SIM102 - one case per giant
        if ask(table, answer, prefix, "giant.treated_as_soaring", {"other_soaring": True}).value is True:
            theirs = "soaring"
    return mine, theirs


def nearest(table: Table, ours: Sequence[SpaceId], theirs: Sequence[SpaceId]) -> tuple[SpaceId, SpaceId, int]:
    """The closest pair of squares between two pieces, and their distance."""
    key = table.board.sort_key
    pairs = [(a, b, table.board.distance(a, b)) for a in ours for b in theirs if a != b]
    return min(pairs, key=lambda p: (p[2], key(p[0]), key(p[1])))


def giant_line_blocked(table: Table, start: SpaceId, end: SpaceId, attacker: Piece, target: Piece) -> bool:
    """Whether the centre-to-centre line crosses a wall or a blocking square (hx2008 L593)."""
    facts = line_facts(table, start, end, attacker, target).blocked
    return bool(facts["crosses_blocking"]) or facts["blocking_diagonal_with"] == "blocking"


def close_reach(table: Table, answer: Answer, prefix: str, attacker: Piece, target: Piece) -> bool:
    """Whether ``target`` is adjacent to ``attacker`` for close combat (see module doc)."""
    start, end, dist = nearest(table, attacker.at, target.at)
    if dist == 1:
        best = table.adjacent(attacker, target, close_combat=True)
        if best is not None:
            answer.cite(best, prefix, decides=best.value is False)  # a rule that keeps them apart decides
            if best.value is None:
                raise Open
            return best.value is True
    if dist > 1 and not target.is_token and (table.giant(attacker) or table.giant(target)):
        facts: dict[str, Value] = {
            "attacker_giant": table.giant(attacker),
            "target_giant": table.giant(target),
            "distance": min(dist, 3),
            "line_blocked": giant_line_blocked(table, start, end, attacker, target),
            "other_flight": flight_level(table, target),
        }
        out_of_reach = peek(table, "giant.close_reach", facts) is False  # then this rule decides the attack
        return ask(table, answer, prefix, "giant.close_reach", facts, decides=out_of_reach).value is True
    result = table.squares_adjacent(start, end, close_combat=True)
    answer.cite(result, prefix, decides=result.value is False)
    if result.value is None:
        raise Open
    return result.value is True


def same_level(table: Table, answer: Answer, a: Piece, b: Piece) -> bool:
    """Whether two monsters are at one flight level (grounded or hovering together, or both soaring)."""
    mine, theirs = effective_flights(table, answer, f"{a.id} and {b.id}", a, b)
    return (mine == "soaring") == (theirs == "soaring")


def engagement(table: Table, answer: Answer, attacker: Piece) -> tuple[Engagement, list[Piece]]:
    """Whether the attacker is adjacent to opposing monsters at its level, another level, or none."""
    foes = [
        other
        for other in table.monsters()
        if other is not attacker
        and table.relation(attacker, other) == "opposing"
        and table.is_adjacent(attacker, other, close_combat=False)
    ]
    if not foes:
        return "none", []
    level = [f for f in foes if same_level(table, answer, attacker, f)]
    return ("same_level", level) if level else ("other_level_only", foes)


def target_kind(table: Table, attacker: Piece, target: Piece) -> TargetKind:
    """What the target is, seen from the attacker."""
    if target is attacker:
        return "self"
    relation = table.relation(attacker, target)
    if relation == "victim":
        return "victim"
    return "friendly" if relation == "friendly" else "opposing"


# --- one target -----------------------------------------------------------------------


@dataclass
class Target:
    """One entry of the attack's target list and what the rules said about it."""

    ref: str
    """The piece id, or the square name of an object."""
    piece: Piece | None = None
    obj: MapObject | None = None
    allowed: bool | None = None
    lof: LofReport | None = None
    attacker_flight: FlightLevel = "none"
    target_flight: FlightLevel = "none"
    attack: int | None = None
    defense: int | None = None
    facts: dict[str, Value] = field(default_factory=dict)
    """The facts of the legality decision."""

    @property
    def squares(self) -> tuple[SpaceId, ...]:
        """Where the target stands."""
        if self.piece is not None:
            return self.piece.at
        return (self.obj.at,) if self.obj is not None else ()


def beside_doorway(board: Space, attacker: Piece, portal: MapObject) -> bool:
    """Whether the attacker occupies the portal's space or the space across its doorway."""
    sides = {portal.at}
    if portal.door is not None:
        sides.add(board.across(portal.at, portal.door))
    return any(sq in sides for sq in attacker.at)


def smash_legality(table: Table, answer: Answer, attacker: Piece, kind: AttackKind, target: Target) -> None:
    """``object.smash_allowed`` for an object target."""
    obj = target.obj
    assert obj is not None  # noqa: S101 - called for object targets only
    adjacent = False
    for sq in attacker.at:
        if sq == obj.at:  # standing on a portal's own square: beside its doorway, not beside it
            continue
        result = table.squares_adjacent(sq, obj.at, close_combat=True)
        if result.value is True:
            answer.cite(result, target.ref)
            adjacent = True
            break
    target.facts = {
        "object": obj.type,
        "beside_doorway": obj.type == "portal" and beside_doorway(table.board, attacker, obj),
        "adjacent": adjacent,
        "close_action": kind == "close",
    }
    target.allowed = bool(
        ask(table, answer, f"{obj.type} at {target.ref}", "object.smash_allowed", target.facts, decides=True).value
    )


def close_legality(table: Table, answer: Answer, attacker: Piece, target: Target) -> None:
    """``attack.close.allowed`` for one monster or victim target."""
    piece = target.piece
    assert piece is not None  # noqa: S101 - called for piece targets only
    kind = target_kind(table, attacker, piece)
    adjacent = kind != "self" and close_reach(table, answer, target.ref, attacker, piece)
    target.facts = {
        "target_kind": kind,
        "power_allows": False,
        "adjacent": adjacent,
        "attacker_flight": target.attacker_flight,
        "target_flight": target.attacker_flight if kind == "self" else target.target_flight,
        "target_intangible": table.hourglass(piece, "defense"),
    }
    target.allowed = bool(ask(table, answer, target.ref, "attack.close.allowed", target.facts, decides=True).value)


def ranged_legality(
    table: Table,
    answer: Answer,
    attacker: Piece,
    target: Target,
    *,
    engaged: Engagement,
    chosen: int,
    already: bool,
) -> None:
    """``attack.ranged.allowed`` for one monster or victim target (``chosen``: different targets)."""
    piece = target.piece
    assert piece is not None  # noqa: S101 - called for piece targets only
    kind = target_kind(table, attacker, piece)
    lof_clear, distance = True, 1
    if kind != "self":
        target.lof = lof = _line(table, attacker, piece)
        steps = lof.trace
        if lof.clear is False:  # a blocked line decides: its hindering modifier is noise, its range only if too far
            steps = lof.blocking_trace + (lof.distance_trace if lof.distance > (attacker.range or 0) else ())
        # What decides the attack of the line's answer: whether it is blocked (the attack needs it clear), the
        # hindering modifier when it applies, the range when the target is out of it.
        deciding = set(lof.blocking_trace)
        if lof.hindering is not False:
            deciding |= set(lof.hindering_trace)
        if lof.distance > (attacker.range or 0):
            deciding |= set(lof.distance_trace)
        answer.trace.extend(
            [
                Step(
                    step.rule,
                    step.cites,
                    f"{target.ref}: {step.note}",
                    step.reading,
                    step.also,
                    step.deciding and step in deciding,
                )
                for step in steps
            ]
        )
        if lof.clear is None:
            raise Open
        lof_clear, distance = lof.clear, lof.distance
    target.facts = {
        "target_kind": kind,
        "power_allows": False,
        "attacker_flight": target.attacker_flight,
        "target_flight": target.target_flight,
        "target_intangible": table.hourglass(piece, "defense"),
        "range": attacker.range or 0,
        "distance": max(distance, 1),
        "adjacent_opposing": engaged,
        "lof_clear": lof_clear,
        "bolts": attacker.targets,
        "targets": chosen,
        "already_targeted": already,
    }
    target.allowed = bool(ask(table, answer, target.ref, "attack.ranged.allowed", target.facts, decides=True).value)


def _line(table: Table, attacker: Piece, target: Piece) -> LofReport:
    return piece_line_of_fire(table, attacker, target)


# --- values --------------------------------------------------------------------------------


def attack_value(
    table: Table, answer: Answer, attacker: Piece, kind: AttackKind, target: Target, *, cache: dict[int, ValueResult]
) -> None:
    """The attack value against this target: the soaring bonus (``attack.soar_bonus``) under the rule of 3."""
    if attacker.attack in (None, HOURGLASS):
        return
    bonus = 0
    if target.piece is not None and not target.piece.is_token and table.game.capabilities.soaring_bonus:
        facts: dict[str, Value] = {
            "attack_kind": kind,
            "attacker_flight": target.attacker_flight,
            "target_flight": target.target_flight,
        }
        soaring = "soaring" in {target.attacker_flight, target.target_flight}
        found = peek(table, "attack.soar_bonus", facts)
        if soaring or found != 0:  # neither soars and no bonus: the soaring rule does not apply, uncited
            prefix = f"{attacker.id} against {target.ref}"
            bonus = int(ask(table, answer, prefix, "attack.soar_bonus", facts, decides=found != 0).value or 0)
    if bonus not in cache:
        effects = [Effect("modify", bonus)] if bonus else []
        cache[bonus] = combat_value(table, int(str(attacker.attack)), effects)
        cite_value(answer, f"{attacker.id}'s attack value" + (f" {bonus:+d}" if bonus else ""), cache[bonus])
    target.attack = cache[bonus].value


def defense_value(table: Table, answer: Answer, kind: AttackKind, target: Target) -> None:
    """The target's defense value, with +1 for hindering terrain on a ranged line (from the line of fire)."""
    piece = target.piece
    if piece is None or piece.is_token or piece.defense in (None, HOURGLASS):
        return
    hindering = kind == "ranged" and target.lof is not None and target.lof.hindering is True
    if kind == "ranged" and target.lof is not None and target.lof.hindering is None:
        raise Open
    effects = [Effect("modify", 1)] if hindering else []
    value = combat_value(table, int(str(piece.defense)), effects)
    target.defense = cite_value(answer, f"{piece.id}'s defense value" + (" +1 hindering" if hindering else ""), value)


# --- dice -----------------------------------------------------------------------------------


def summarise(results: Iterable[Result], prefix: str) -> list[Step]:
    """One step per distinct (rule, note) over many evaluations, with how many of the 36 rolls gave it."""
    counts: Counter[tuple[str, str, str | None]] = Counter()
    first: dict[tuple[str, str, str | None], Step] = {}
    for result in results:
        for step in result.trace:
            key = (step.rule, step.note, step.reading)
            counts[key] += 1
            first.setdefault(key, step)
    return [noted(first[k], f"{prefix}: {n} of 36 rolls: {k[1]}") for k, n in counts.items()]


def roll_facts(roll: tuple[int, int]) -> dict[str, Value]:
    """The dice facts of one roll."""
    return {"die1": roll[0], "die2": roll[1]}
