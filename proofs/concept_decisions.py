"""``diff`` across games by concept: decisions both games ask under one id, over facts that do not match.

The solver's per-decision comparison (:func:`proofs.diff.shared`) pairs two
games' decisions only when one fact set is part of the other with the same
types. Across the Clix family most questions are asked by both games under the
same id (who wins, does the game end, may an effect change this damage, how
many clicks are healed, is this army legal ...) but each game adds facts of its
own (an hourglass phase, a locked value, a Basics game) or counts a fact over
another range (a 2d6 or a d6 roll), so they are never compared.

Here each such pair is encoded side by side: each game's decision over its own
facts (:class:`proofs.encode.Facts`, one enum numbering for both, the main
figure's name read alike), the facts both games declare under one name tied
equal (so an integer ranges over both games' domains at once, an enum over the
values both know), the facts one game alone has left free, save the few that
name a simplified game (the Basics) and are held off. Where the answers
differ, the smallest witness is reported with both sides' firing rules and
citations, and the region of the same firing rules on both sides is blocked,
so one difference is reported once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import z3

from adjudicator.core.expr.types import BoolT, EnumT, IntT, Type
from adjudicator.core.model import Decision
from adjudicator.core.spec import Spec
from proofs.concept_names import concept_of
from proofs.encode import Facts, Side, disagree, encode
from proofs.report import NO_CHANGE, Finding, compatible, fired_refs, merge_citations, parse_side, shorten, show
from proofs.solver import Status, minimise, new_solver, search

PER_DECISION: Final = 6
"""At most this many regions of firing rules searched per decision pair (nested ones then dropped)."""
ALIASES: Final[Mapping[str, str]] = {
    "monster": "character",
    "monsters_in_play": "characters_in_play",
    "viewer_owns": "viewer_controls",
    "viewer_teammate_of_owner": "viewer_teammate_of_controller",
}
"""Names one game gives what the other calls otherwise: enum values and facts, read as the first game's word."""
HELD_OFF: Final[Mapping[str, bool]] = {"basics": False, "starter_only": False, "hit": True, "same_piece": False}
"""Facts of one game that the other takes for granted, held at the value the other assumes.

The Basics (a simplified game) are held off; an attack whose damage is asked is one that hit (HorrorClix
asks the damage of successful attacks only); a piece is never asked about itself.
"""
ON_BOARDS: Final = frozenset({"lof.blocked", "defense.hindering_bonus"})
"""Decisions of board geometry each game states in facts of its own (squares against boundaries crossed):
tied by name they would meet in situations no board has, so they are compared on boards only."""


class SharedFacts(Facts):
    """A decision's facts, numbering enum values in a list shared with another side (aliases read alike)."""

    def __init__(self, decision: Decision, names: list[str], prefix: str) -> None:
        self.shared_names = names
        super().__init__(decision, prefix)

    def enum_index(self, name: str) -> int:
        """The number of an enum value name, shared by both sides' encodings."""
        names = self.shared_names
        word = ALIASES.get(name, name)
        if word not in names:
            names.append(word)
        self.enum_names = names
        return names.index(word)

    def decode(self, t: Type, raw: z3.ExprRef) -> Any:
        """A model value of ``t``; an aliased enum value in this side's own word."""
        value = super().decode(t, raw)
        if isinstance(t, EnumT) and isinstance(value, str) and value not in t.values:
            return next((v for v in t.values if ALIASES.get(v) == value), value)
        return value


def _kind(t: Type) -> str:
    return "bool" if isinstance(t, BoolT) else "int" if isinstance(t, IntT) else "enum"


def pairs(spec: Spec, a: str, b: str) -> list[tuple[Decision, Decision]]:
    """Decisions both games declare under one id, of one result kind, that the solver's diff does not pair."""
    game_a, game_b = spec.game(parse_side(a)[0]), spec.game(parse_side(b)[0])
    if game_a == game_b:
        return []
    out = []
    for (game, decision_id), one in sorted(spec.decisions.items()):
        two = spec.decisions.get((game_b, decision_id)) if game == game_a else None
        if decision_id in ON_BOARDS or two is None:
            continue
        if _kind(one.type) == _kind(two.type) and not compatible(one, two):
            out.append((one, two))
    return out


def _links(fa: SharedFacts, fb: SharedFacts) -> list[z3.BoolRef]:
    """The facts both sides declare (by name, or alias) tied equal; one game's Basics facts held off."""
    out: list[z3.BoolRef] = []
    by_name = {ALIASES.get(n, n): n for n in fb.decision.facts}
    for name, fact in fa.decision.facts.items():
        other = by_name.get(ALIASES.get(name, name))
        if other is None:
            continue
        t_other = fb.decision.facts[other].type
        if _kind(fact.type) != _kind(t_other):
            out += _presence(fa, fb, name, other)
            continue
        if isinstance(fact.type, EnumT) and isinstance(t_other, EnumT):
            mine = {ALIASES.get(v, v) for v in fact.type.values}
            if not mine & {ALIASES.get(v, v) for v in t_other.values}:
                continue  # nothing in common: each game's own notion, left free
        out.append(fa.vars[name] == fb.vars[other])
    for facts in (fa, fb):
        out += [facts.vars[n] == z3.BoolVal(v) for n, v in HELD_OFF.items() if n in facts.vars]
    return out


def _presence(fa: SharedFacts, fb: SharedFacts, name: str, other: str) -> list[z3.BoolRef]:
    """A yes/no fact of one game against the other's enum of the same name: yes exactly when it is not ``none``."""
    ta, tb = fa.decision.facts[name].type, fb.decision.facts[other].type
    none = fa.enum_index("none")  # one numbering for both sides
    if isinstance(ta, BoolT) and isinstance(tb, EnumT) and "none" in tb.values:
        return [fa.vars[name] == (fb.vars[other] != none)]
    if isinstance(tb, BoolT) and isinstance(ta, EnumT) and "none" in ta.values:
        return [fb.vars[other] == (fa.vars[name] != none)]
    return []


def _nested(one: Finding, two: Finding) -> bool:
    """Whether two findings' rule sets are nested on both sides (one is the other with a rule more or less)."""
    for label in one["rules"]:
        x, y = ({r["id"] for r in f["rules"][label]} for f in (one, two))
        if not (x <= y or y <= x):
            return False
    return True


def run(spec: Spec, a: str, b: str) -> list[Finding]:
    """The differences of ``a`` and ``b`` (rulesets of two games) on the decisions they ask over unmatched facts."""
    (rs_a, read_a), (rs_b, read_b) = parse_side(a), parse_side(b)
    found: list[Finding] = []
    for one, two in pairs(spec, a, b):
        names: list[str] = []
        fa, fb = SharedFacts(one, names, "a:"), SharedFacts(two, names, "b:")
        side_a = encode(spec, rs_a, fa, read_a, label=a)
        side_b = encode(spec, rs_b, fb, read_b, label=b)
        if not side_a.arms or not side_b.arms:
            continue
        kept: list[Finding] = []
        for finding in _compare(spec, side_a, side_b, [*fa.constraints, *fb.constraints, *_links(fa, fb)]):
            if not any(_nested(finding, earlier) for earlier in kept):
                kept.append(finding)
        found += kept
    return found


def _compare(spec: Spec, side_a: Side, side_b: Side, premises: list[z3.BoolRef]) -> list[Finding]:
    solver = new_solver([*premises, *side_a.definitions, *side_b.definitions])
    if search(solver).status is not Status.REFUTED:
        return []
    differ = disagree(side_a, side_b)
    size = side_a.facts.size() + side_b.facts.size()
    out = []
    for _ in range(PER_DECISION):
        verdict = search(solver, differ)
        if verdict.model is None:
            break
        region = []
        for side in (side_a, side_b):
            fired = set(side.fired(verdict.model))
            region += [ind if rule in fired else z3.Not(ind) for rule, ind in side.indicators.items()]
        solver.push()
        solver.add(differ, z3.And(region))
        model, _minimal = minimise(solver, size, verdict.model)
        solver.pop()
        finding = _finding(spec, side_a, side_b, model)
        if finding is not None:
            out.append(finding)
        solver.add(z3.Not(z3.And(region)))
    return out


def _finding(spec: Spec, side_a: Side, side_b: Side, model: z3.ModelRef) -> Finding | None:
    """One difference, in the shape of the solver's formal findings, with the concept it belongs to."""
    sides = (side_a, side_b)
    rules = {s.label: fired_refs(spec, s, model) for s in sides}
    if not all(rules.values()):
        return None  # a side no rule decides: a gap of one game, not a difference between the two
    answers = {s.label: s.answer(model) for s in sides}
    situations = {s.label: s.facts.situation(model) for s in sides}
    decision = side_a.facts.decision
    cid, title = concept_of(decision.id)
    parts = []
    for s in sides:
        why = ", ".join(shorten(r["title"], 60) for r in rules[s.label])
        parts.append(f"{s.label}: {show(answers[s.label])} ({why})")
    return {
        "kind": "diff",
        "decision": decision.id,
        "concept": cid,
        "topic": title,
        "rulesets": [s.label for s in sides],
        "sides": {s.label: {"ruleset": s.ruleset, "readings": s.readings} for s in sides},
        "situation": {k: v for sit in reversed(situations.values()) for k, v in sit.items()},
        "situations": situations,
        "answers": answers,
        "rules": rules,
        "question": f"{title}: {decision.title}",
        "summary": "; ".join(parts),
        "citations": {s.label: merge_citations(*(r["citations"] for r in rules[s.label])) for s in sides},
        "rank": 1,
        "board_note": NO_CHANGE,
        "note": "the same question asked under both games over their own facts (facts both declare tied equal)",
    }


__all__ = ["pairs", "run"]
