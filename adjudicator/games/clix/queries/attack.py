"""The ``attack`` query: may the attack be made, the values compared, and what the roll does.

Outcome (contract fields first):

* ``attack_value``: the attacker's attack value after modifiers. It is one
  number when it is the same against every target; when a modifier depends
  on the target (+2 for a grounded attacker shooting a soaring target) it is
  a mapping ``{target: value}``.
* ``defense``: ``{target: value}``, with +1 for hindering terrain on a
  ranged line, under the rule of 3 (null for a victim or an intangible
  target, which have no number to compare).
* With ``roll``: ``hit`` ``{target: bool}``, ``critical`` (``hit``, ``miss``
  or null), ``damage`` ``{target: clicks}`` (the extra unpreventable click
  of a soaring target shot down included, see ``knockdown``),
  ``attacker_damage`` (a critical miss). When several targets are hit the
  attacker divides its damage as it chooses (hx2008 L411): ``damage_to_divide``
  gives the total. With the query's ``divide: {target: clicks}`` (a target left
  out gets 0) the division is put to ``damage.split_valid`` and each hit
  target's ``damage`` follows from its share (``divide`` echoes the shares); a
  division the rules refuse is a positioned error at ``query.divide``. Without
  it each hit target's ``damage`` is null and ``damage_range`` gives the least
  and most clicks it can take. A single hit target takes it all.
* Without ``roll``: every one of the 36 rolls is put to the rules:
  ``p_hit`` ``{target: "7/12"}``, ``p_critical_hit``, ``p_critical_miss``,
  ``attacker_damage_distribution``; for an attack on one monster also
  ``damage_distribution`` ``{clicks: probability}``.
* ``allowed`` ``{target: bool}``, and the facts the rules were asked about
  (``distance``, ``line_of_fire``, ``hindering`` for ranged attacks).
* A target may be a square holding a portal or a tombstone: a smash attempt
  (``object.smash_allowed``, ``object.smashed`` on the attack roll result;
  outcome ``smashed`` or ``p_smashed``).

Whether a damaged monster is killed depends on its dial, which a situation
does not give, so kills (and the victory points they would score) are not
reported; ``notes`` says so.

Assumed, as in the ``action`` query: the monster is its controller's to
act with this turn and has not acted. For a smash attempt the object is
taken to be the adjacent target that a close combat action needs (hx2008
L527 lets a monster beside a doorway smash the portal "with a close combat
attack"); this is reported under ``assumed``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from adjudicator.core.dice import probability
from adjudicator.core.engine import Result
from adjudicator.core.errors import PositionedError
from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import deciding
from adjudicator.games.clix.combat import (
    AttackKind,
    Engagement,
    Target,
    ask,
    attack_value,
    close_legality,
    defense_value,
    effective_flights,
    engagement,
    peek,
    ranged_legality,
    roll_facts,
    same_level,
    smash_legality,
    summarise,
    target_kind,
)
from adjudicator.games.clix.knockback import knockback
from adjudicator.games.clix.model import ROLLS, AttackQuery, Piece
from adjudicator.games.clix.queries.action import _facts as action_facts
from adjudicator.games.clix.scenario import forbids_ranged
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.values import Open, Unanswerable, ValueResult, decide
from adjudicator.situation.answer import Answer, DrawnLine, DrawnPath, line_result

CONTRACT_ORDER = ("attack_value", "defense", "hit", "p_hit", "critical", "damage", "attacker_damage")
"""The contract's outcome fields, shown first."""

KILLS_NOTE = (
    "whether a damaged monster is killed depends on the clicks left on its dial, which the situation does "
    "not give: kills, and the victory points they would score, are not determined"
)


class Resolver:
    """One attack query, answered step by step into ``answer``."""

    def __init__(self, table: Table, query: AttackQuery) -> None:
        self.table = table
        self.query = query
        self.kind: AttackKind = query.type
        self.attacker = table.piece(query.piece)
        self.answer = Answer(table.ruleset, "attack", "undecided")
        self.targets = [self._target(ref) for ref in query.targets]
        self.outcome: dict[str, Any] = {}
        self.open = False
        self.roll: tuple[int, int] | None = None
        self.decided_at: int | None = None
        """Where the trace ends when the attack is illegal: right after the step that forbids it."""

    def _target(self, ref: str) -> Target:
        situation = self.table.situation
        if ref in {p.id for p in situation.pieces}:
            return Target(ref, piece=self.table.piece(ref))
        return Target(ref, obj=self.table.objects[self.table.board.parse(ref)])

    @property
    def monsters(self) -> list[Target]:
        """The targets that are pieces (monsters or victims)."""
        return [t for t in self.targets if t.piece is not None]

    # --- legality -----------------------------------------------------------------------

    def legality(self) -> bool | None:
        """Whether the action may be given and every target attacked (None: some rule left it open)."""
        scratch = Answer(self.table.ruleset, "attack", "undecided")
        engaged: Engagement | None = "none"
        if self.kind == "ranged":
            try:
                engaged, _ = engagement(self.table, scratch, self.attacker)
            except Open:
                engaged = None
        seen: set[str] = set()
        ends: list[int] = []
        for target in self.targets:
            try:
                self.target_legality(scratch, target, engaged, already=target.ref in seen)
            except Open:
                target.allowed = None
            seen.add(target.ref)
            ends.append(len(scratch.trace))
        action = self.action_allowed()
        offset = len(self.answer.trace)
        self.answer.trace.extend(scratch.trace)
        self.decided_at = self._deciding_step(action, offset, ends)
        verdicts = [action, *(t.allowed for t in self.targets)]
        if self.kind == "ranged" and engaged is None:
            verdicts.append(None)
        if self.kind == "close" and len(self.targets) > 1:
            self.answer.note(
                self.table.fallback_step(
                    f"a close combat attack on {len(self.targets)} targets: no rule gives close combat more than "
                    "one target (lightning bolts count the targets of a ranged attack only)"
                ),
                decides=True,
            )
            verdicts.append(None)
        if False in verdicts:
            return False
        return None if None in verdicts else True

    def _deciding_step(self, action: bool | None, offset: int, ends: list[int]) -> int | None:
        """Where an illegal attack's trace ends: right after the step that forbids it (``None``: not illegal).

        ``offset`` is where the targets' steps start (after the action's); ``ends`` where each target's end.
        A close action refused for want of an adjacent opposing monster is explained by the first target's
        steps that did not allow it.
        """
        refused = [end for target, end in zip(self.targets, ends, strict=True) if target.allowed is False]
        unsure = [end for target, end in zip(self.targets, ends, strict=True) if target.allowed is not True]
        if action is False:
            return offset + unsure[0] if self.kind == "close" and unsure else offset
        return offset + refused[0] if refused else None

    def target_legality(self, scratch: Answer, target: Target, engaged: Engagement | None, *, already: bool) -> None:
        """Whether one target may be attacked (``target.allowed``); :class:`Open` when a rule leaves it open."""
        if target.obj is not None:
            smash_legality(self.table, scratch, self.attacker, self.kind, target)
            return
        target.attacker_flight, target.target_flight = effective_flights(
            self.table, scratch, target.ref, self.attacker, target.piece
        )
        if self.kind == "close":
            close_legality(self.table, scratch, self.attacker, target)
        elif engaged is not None:
            chosen = len({t.ref for t in self.monsters})
            ranged_legality(self.table, scratch, self.attacker, target, engaged=engaged, chosen=chosen, already=already)

    def action_allowed(self) -> bool | None:
        """``action.allowed`` for a close or ranged action by the attacker.

        For a close action the adjacent opposing monster it needs may be one
        of the targets within a giant's reach, or an object to smash.
        """
        try:
            facts, assumed, derived, _ = action_facts(self.table, self.attacker, self.kind, self.answer)
        except Unanswerable as exc:
            self.answer.note(self.table.fallback_step(exc.note), decides=True)
            return None
        if self.kind == "close" and not facts["adjacent_same_level_opposing"]:
            reached = [t for t in self.targets if t.allowed and self._engages(t)]
            if reached:
                facts["adjacent_same_level_opposing"] = True
                derived["close_target"] = reached[0].ref
            if any(t.obj is not None and t.allowed for t in reached):
                assumed["smash_target_counts_as_adjacent_target"] = True
        self.outcome["assumed"] = assumed
        if derived:
            self.outcome["derived"] = derived
        if self.kind == "ranged" and forbids_ranged(self.table, self.answer, f"{self.attacker.id}'s ranged attack"):
            return False
        try:
            result = self.answer.cite(decide(self.table, "action.allowed", facts), decides=True)
        except Unanswerable as exc:
            self.answer.note(self.table.fallback_step(exc.note), decides=True)
            return None
        return None if result.value is None else bool(result.value)

    def _engages(self, target: Target) -> bool:
        """Whether a target the attacker may strike counts as its adjacent opposing monster."""
        if target.obj is not None:
            return True
        piece = target.piece
        if piece is None or target_kind(self.table, self.attacker, piece) != "opposing":
            return False
        try:
            return same_level(self.table, self.answer, self.attacker, piece)
        except Open:
            return False

    # --- values ------------------------------------------------------------------------------

    def values(self) -> None:
        """Attack value against each target and each target's defense value."""
        cache: dict[int, ValueResult] = {}
        for target in self.targets:
            try:
                attack_value(self.table, self.answer, self.attacker, self.kind, target, cache=cache)
                defense_value(self.table, self.answer, self.kind, target)
            except Open:
                self.open = True
        numbers = {t.attack for t in self.targets}
        if len(numbers) == 1:
            self.outcome["attack_value"] = numbers.pop()
        else:
            self.outcome["attack_value"] = {t.ref: t.attack for t in self.targets}
        self.outcome["defense"] = {t.ref: t.defense for t in self.monsters}

    def comparable(self) -> bool:
        """Whether every number the dice are compared with is known."""
        needed: list[int | None] = [t.attack for t in self.targets]
        needed += [t.defense for t in self.monsters]
        return not self.open and None not in needed

    # --- the roll -----------------------------------------------------------------------------

    def hits(self, target: Target, roll: tuple[int, int]) -> Result:
        """``attack.hits`` for one target and one roll."""
        if target.attack is None or target.defense is None:
            raise Open
        facts: dict[str, Value] = {"attack": target.attack, "defense": target.defense, **roll_facts(roll)}
        return decide(self.table, "attack.hits", facts)

    def smashed(self, target: Target, roll: tuple[int, int]) -> Result:
        """``object.smashed`` for the attack roll result against an object."""
        assert target.obj is not None  # noqa: S101 - object targets only
        total = roll[0] + roll[1] + int(target.attack or 0)
        facts: dict[str, Value] = {"object": target.obj.type, "roll": total, "critical_miss": roll == (1, 1)}
        return decide(self.table, "object.smashed", facts)

    def damage_base(self) -> int:
        """The attacker's damage value for this attack (``damage.base``, else the value on the dial)."""
        if not self.table.game.capabilities.base_damage_rule:
            return int(self.attacker.damage or 0)
        facts: dict[str, Value] = {
            "damage_value": self.attacker.damage or 0,
            "frenzy": False,
            "replaced": False,
            "replacement": 0,
        }
        return int(str(ask(self.table, self.answer, f"{self.attacker.id}'s damage", "damage.base", facts).value))

    def dealt(self, target: Target, base: int, critical: bool, split: bool, *, cite: bool = True) -> Result:
        """``damage.dealt`` to one hit target."""
        facts: dict[str, Value] = {
            "base": base,
            "mods": 0,
            "effect": "standard",
            "critical_hit": critical,
            "split": split,
        }
        if cite:
            return ask(self.table, self.answer, target.ref, "damage.dealt", facts, decides=True)
        return decide(self.table, "damage.dealt", facts)

    def knockdown(self, target: Target, *, hit: bool, taken: int, cite: bool = True) -> tuple[int, bool]:
        """Extra clicks of ``damage.knockdown_extra`` and whether ``flight.knocked_down`` (0, False without them)."""
        if not self.table.game.capabilities.knocked_down_damage:
            return 0, False
        extra, down = self._knockdown(target, hit=hit, taken=taken, cite=cite)
        if extra.value is None:
            raise Open
        return int(str(extra.value)), down.value is True

    def _knockdown(self, target: Target, *, hit: bool, taken: int, cite: bool = True) -> tuple[Result, Result]:
        """``damage.knockdown_extra`` and ``flight.knocked_down`` for one target."""
        facts: dict[str, Value] = {
            "attack_kind": self.kind,
            "attacker_flight": target.attacker_flight,
            "target_flight": target.target_flight,
            "hit": hit,
            "damage_taken": taken if hit else 0,
        }
        extra, down = peek(self.table, "damage.knockdown_extra", facts), peek(self.table, "flight.knocked_down", facts)
        shot = extra != 0 or down is not False
        if cite and (shot or "soaring" in {target.attacker_flight, target.target_flight}):  # else the rule is idle
            return (
                ask(self.table, self.answer, target.ref, "damage.knockdown_extra", facts, decides=shot),
                ask(self.table, self.answer, target.ref, "flight.knocked_down", facts, decides=shot),
            )
        return decide(self.table, "damage.knockdown_extra", facts), decide(self.table, "flight.knocked_down", facts)

    def one_roll(self) -> None:
        """Cite ``attack.rolls`` for a ranged attack on several targets (one roll serves them all)."""
        chosen = len({t.ref for t in self.monsters})
        if self.kind == "ranged" and chosen > 1:
            ask(self.table, self.answer, f"{chosen} targets", "attack.rolls", {"targets": chosen}, decides=True)

    def with_roll(self, roll: tuple[int, int]) -> None:
        """Resolve the attack for the given dice."""
        table, answer, out = self.table, self.answer, self.outcome
        label = f"roll {roll[0]}+{roll[1]}"
        self.roll = roll
        self.one_roll()
        kind = table.decide("critical.kind", roll_facts(roll))
        critical = ask(
            table, answer, label, "critical.kind", roll_facts(roll), decides=kind.value not in {"none", None}
        ).value
        out["critical"] = None if critical == "none" else critical
        hit: dict[str, bool] = {}
        for target in self.monsters:
            hit[target.ref] = bool(answer_cite(answer, target.ref, self.hits(target, roll)))
        out["hit"] = hit
        objects = [t for t in self.targets if t.obj is not None]
        if objects:
            out["smashed"] = {t.ref: bool(answer_cite(answer, t.ref, self.smashed(t, roll))) for t in objects}
        facts: dict[str, Value] = {**roll_facts(roll), "effect": "standard"}
        taken = table.decide("damage.to_attacker", facts)
        if taken.value == 0:  # no damage to the attacker: the critical miss rule did not apply, and is not cited
            out["attacker_damage"] = 0
        else:
            out["attacker_damage"] = ask(
                table, answer, self.attacker.id, "damage.to_attacker", facts, decides=True
            ).value
        if self.monsters:
            self.damage(hit, critical == "hit")
        out["notes"] = [KILLS_NOTE.replace("monster", self.table.profile.figure)]

    def damage(self, hit: dict[str, bool], critical: bool) -> None:
        """Damage to each target after the roll (see module doc for several hit targets)."""
        out = self.outcome
        total = self.damage_base()
        struck = [t for t in self.monsters if hit[t.ref]]
        damage: dict[str, int | None] = {t.ref: 0 for t in self.monsters if not hit[t.ref]}
        knock: dict[str, int] = {}
        knocked: list[str] = []
        shares: dict[str, int] | None = None
        if self.query.divide is not None and struck:
            shares = self.shares(hit, total)
            if len(self.monsters) > 1:
                out["damage_to_divide"] = total
        elif len(struck) >= 2:  # noqa: PLR2004 - several hit targets share the damage
            self.undivided(struck, total, critical, damage)
        elif struck and len(self.monsters) > 1:
            facts: dict[str, Value] = {"damage": total, "assigned_total": total, "to_missed_target": False}
            ask(self.table, self.answer, f"all {total} to {struck[0].ref}", "damage.split_valid", facts, decides=True)
        if shares is not None or len(struck) == 1:
            for target in struck:
                share = total if shares is None else shares[target.ref]
                taken = int(str(self.dealt(target, share, critical, split=len(struck) > 1).value))
                extra, down = self.knockdown(target, hit=True, taken=taken)
                damage[target.ref] = taken + extra
                knock[target.ref] = extra
                if down:
                    knocked.append(target.ref)
        out["damage"] = {t.ref: damage[t.ref] for t in self.monsters if t.ref in damage}
        self.report(hit, damage, knock, knocked)

    def report(
        self, hit: dict[str, bool], damage: dict[str, int | None], knock: dict[str, int], knocked: list[str]
    ) -> None:
        """The outcome fields that follow the damage: soaring targets shot down, knockback."""
        out = self.outcome
        if knock and self.table.game.capabilities.knocked_down_damage:
            out["knockdown"] = knock
        if self.table.game.capabilities.fliers_knocked_down:
            out["knocked_down"] = knocked
        if self.roll is not None and self.table.game.capabilities.knockback:
            out["knockback"] = {
                t.ref: knockback(
                    self.table, self.answer, self.attacker, t.piece, self.roll, hit=hit[t.ref], taken=damage[t.ref]
                )
                for t in self.monsters
                if t.piece is not None
            }

    def undivided(self, struck: list[Target], total: int, critical: bool, damage: dict[str, int | None]) -> None:
        """Several hit targets and no ``divide``: the total to divide, and each target's least and most clicks."""
        self.outcome["damage_to_divide"] = total
        facts: dict[str, Value] = {"damage": total, "assigned_total": total, "to_missed_target": False}
        ask(
            self.table, self.answer, f"{total} divided among the hit targets", "damage.split_valid", facts, decides=True
        )
        ranges: dict[str, list[int]] = {}
        for target in struck:
            damage[target.ref] = None
            ends = []
            for share in (0, total):
                taken = int(str(self.dealt(target, share, critical, split=True).value))
                extra, _ = self.knockdown(target, hit=True, taken=taken)
                ends.append(taken + extra)
            ranges[target.ref] = ends
        self.outcome["damage_range"] = ranges

    def shares(self, hit: dict[str, bool], total: int) -> dict[str, int]:
        """The query's ``divide`` put to ``damage.split_valid``: each piece target's share (0 when left out).

        A division the rules refuse (shares not adding up to the damage, clicks for a missed target) is an
        error in the situation, reported at the ``divide`` field with the rule that refuses it.
        """
        given = dict(self.query.divide or ())
        shares = {t.ref: given.get(t.ref, 0) for t in self.monsters}
        assigned = sum(shares.values())
        missed = [ref for ref, clicks in shares.items() if clicks and not hit[ref]]
        facts: dict[str, Value] = {
            "damage": total,
            "assigned_total": min(assigned, total + 1),  # any sum above the damage is refused alike
            "to_missed_target": bool(missed),
        }
        shown = ", ".join(f"{ref} {clicks}" for ref, clicks in shares.items())
        result = ask(self.table, self.answer, f"divided as {shown}", "damage.split_valid", facts, decides=True)
        if result.value is True:
            self.outcome["divide"] = shares
            return shares
        rule = result.trace[-1] if result.trace else None
        why = f" ({rule.rule}, {', '.join(str(c) for c in rule.cites)})" if rule is not None else ""
        situation = self.table.situation
        if missed:
            raise PositionedError(
                situation.where(f"query.divide.{missed[0]}"),
                f"query.divide.{missed[0]}: {missed[0]} was not hit, so none of the damage may go to it{why}",
            )
        raise PositionedError(
            situation.where("query.divide"),
            f"query.divide: the shares add up to {assigned} but the damage to divide is {total}: all of it, "
            f"and no more, goes to the hit targets{why}",
        )

    def without_roll(self) -> None:
        """Count the 36 rolls exactly."""
        table, answer, out = self.table, self.answer, self.outcome
        self.one_roll()
        crits = [table.decide("critical.kind", roll_facts(r)) for r in ROLLS]
        answer.trace.extend(summarise(crits, "critical"))
        values = [c.value for c in crits]
        if None in values:
            raise Open
        out["p_critical_hit"] = probability(values.count("hit"), len(ROLLS))
        out["p_critical_miss"] = probability(values.count("miss"), len(ROLLS))
        p_hit: dict[str, str] = {}
        hits: dict[str, list[bool]] = {}
        for target in self.monsters:
            results = [self.hits(target, r) for r in ROLLS]
            answer.trace.extend(map(deciding, summarise(results, target.ref)))  # the chance of a hit
            if any(r.value is None for r in results):
                raise Open
            hits[target.ref] = [r.value is True for r in results]
            p_hit[target.ref] = probability(sum(hits[target.ref]), len(ROLLS))
        out["p_hit"] = p_hit
        objects = [t for t in self.targets if t.obj is not None]
        if objects:
            smash: dict[str, str] = {}
            for target in objects:
                results = [self.smashed(target, r) for r in ROLLS]
                answer.trace.extend(map(deciding, summarise(results, target.ref)))
                smash[target.ref] = probability(sum(r.value is True for r in results), len(ROLLS))
            out["p_smashed"] = smash
        to_attacker = [table.decide("damage.to_attacker", {**roll_facts(r), "effect": "standard"}) for r in ROLLS]
        answer.trace.extend(summarise(to_attacker, self.attacker.id))
        out["attacker_damage_distribution"] = distribution(int(str(r.value)) for r in to_attacker)
        if len(self.monsters) == 1:
            self.damage_distribution(self.monsters[0], hits[self.monsters[0].ref], values)
        elif len(self.monsters) > 1:
            out["damage_to_divide"] = self.damage_base()
        out["notes"] = [KILLS_NOTE.replace("monster", table.profile.figure)]

    def damage_distribution(self, target: Target, hits: list[bool], crits: list[Value | None]) -> None:
        """Clicks the single target takes, over the 36 rolls."""
        total = self.damage_base()
        clicks: list[int] = []
        evaluated: list[Result] = []
        struck: dict[bool, tuple[list[Result], int]] = {}
        for hit, crit in zip(hits, crits, strict=True):
            if not hit:
                clicks.append(0)
                continue
            critical = crit == "hit"
            if critical not in struck:
                struck[critical] = self._struck(target, total, critical=critical)
            results, taken = struck[critical]
            evaluated += results
            clicks.append(taken)
        self.answer.trace.extend(map(deciding, summarise(evaluated, target.ref)))
        self.outcome["damage_distribution"] = distribution(clicks)

    def _struck(self, target: Target, total: int, *, critical: bool) -> tuple[list[Result], int]:
        """What a hit on the single target does: the results to summarise, and the clicks it takes.

        The facts of ``damage.dealt`` and of the knockdown decisions differ from one hitting roll to the
        next only in whether the roll is a critical hit, so :meth:`damage_distribution` asks them once for
        each and counts the results for every roll that gives it (:class:`Open` when one is undecided).
        """
        dealt = self.dealt(target, total, critical, split=False, cite=False)
        if dealt.value is None:
            raise Open
        taken = int(str(dealt.value))
        results = [dealt]
        if self.table.game.capabilities.knocked_down_damage:
            extra, _ = self._knockdown(target, hit=True, taken=taken, cite=False)
            if extra.value is None:
                raise Open
            results.append(extra)
            taken += int(str(extra.value))
        return results, taken


def answer_cite(answer: Answer, prefix: str, result: Result) -> Value:
    """Cite ``result`` (it decides a value of the outcome), notes starting with ``prefix``; its value.

    :class:`Open` when undecided.
    """
    answer.cite(result, prefix, decides=True)
    if result.value is None:
        raise Open
    return result.value


def distribution(values: Any) -> dict[str, str]:
    """``{value: probability}`` over the 36 rolls, values in increasing order."""
    counts = Counter(values)
    return {str(v): probability(n, len(ROLLS)) for v, n in sorted(counts.items())}


def answer(table: Table) -> Answer:
    """Answer an ``attack`` query."""
    situation = table.situation
    query = situation.query
    assert isinstance(query, AttackQuery)  # noqa: S101 - dispatch guarantees the kind
    attacker: Piece = table.piece(query.piece)
    if attacker.is_token:
        raise PositionedError(
            situation.where("query.piece"), f"{attacker.id} is a {attacker.type} token: it cannot attack"
        )
    resolver = Resolver(table, query)
    result = resolver.answer
    allowed = resolver.legality()
    decided_at = len(result.trace) if resolver.decided_at is None else resolver.decided_at
    resolver.values()
    if allowed is False:
        del result.trace[decided_at:]  # the attack is illegal: steps computed after the deciding one are noise
    out = resolver.outcome
    out["type"] = query.type
    out["allowed"] = {t.ref: t.allowed for t in resolver.targets}
    ranged = [t for t in resolver.targets if t.lof is not None]
    if ranged:
        out["distance"] = {t.ref: t.lof.distance for t in ranged if t.lof is not None}
        out["line_of_fire"] = {t.ref: t.lof.clear for t in ranged if t.lof is not None}
        out["hindering"] = {t.ref: t.lof.hindering for t in ranged if t.lof is not None}
    result.verdict = {True: "legal", False: "illegal", None: "undecided"}[allowed]
    if allowed and not resolver.comparable():
        result.verdict = "undecided"
    if result.verdict == "legal":
        try:
            if query.roll is not None:
                resolver.with_roll(query.roll)
            else:
                resolver.without_roll()
        except (Open, Unanswerable) as exc:
            if isinstance(exc, Unanswerable):
                result.note(table.fallback_step(exc.note), decides=True)
            result.verdict = "undecided"
    first = [k for k in CONTRACT_ORDER if k in out]
    result.outcome = {k: out[k] for k in first} | {k: v for k, v in out.items() if k not in first}
    result.marks["targets"] = [sq for t in resolver.targets for sq in t.squares]
    result.target_names = {t.ref: list(t.squares) for t in resolver.targets}
    result.lines = [
        DrawnLine(t.lof.start, t.lof.end, t.ref, line_result(t.lof.clear, t.lof.hindering), t.lof.blocked_by)
        for t in ranged
        if t.lof is not None
    ]
    result.paths = _knockback_paths(table, resolver.targets, out.get("knockback", {}))
    return result


def _knockback_paths(table: Table, targets: list[Target], knockback: dict[str, Any]) -> list[DrawnPath]:
    """Each knockback's path, from the target's square to where it stops, for the pictures."""
    out = []
    for target in targets:
        moved = knockback.get(target.ref) or {}
        if moved.get("path") and target.squares:
            squares = tuple(table.board.parse(name) for name in moved["path"])
            out.append(DrawnPath("knockback", (target.squares[0], *squares), target.ref))
    return out
