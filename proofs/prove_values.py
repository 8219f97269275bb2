"""Value-pipeline properties and equivalences, for every ruleset and every reading of the value rules.

Properties, each proved over every situation the decision's invariants allow
(and where the rules give one value, since gaps and conflicts are ``check``'s
business):

* ``in range``: the value lies in the decision's declared type;
* ``floor at 0``: no value goes below 0 (value.rule_of_3, value.base,
  damage.dealt, move.speed);
* ``rule of 3``: the final value lies within base-3 .. base+3 (value.rule_of_3);
* ``replacement before modifier``: a replacement is applied first
  (value.applied_first) and stands unmodified as the new base (value.base);
* ``halving rounds up``: a halved value is half the value rounded up
  (value.base, move.speed in hindering terrain).

Equivalences: where two readings of one text, or the two editions, compute a
value, the answers are compared; a difference is ``refuted`` with the smallest
counterexample (fewest and smallest facts). The games' own arithmetic is in
:mod:`proofs.prove_games`, built on these helpers; :mod:`proofs.prove` runs both.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import z3

from adjudicator.core.expr.types import IntT
from adjudicator.core.model import Decision
from adjudicator.core.spec import Spec
from adjudicator.games import game_of
from proofs.encode import VALUED, Facts, Side, disagree, encode
from proofs.report import Finding, fired_refs, label
from proofs.solver import fresh_context, minimise, new_solver, prove

VALUE_DECISIONS = ("value.rule_of_3", "value.base", "value.applied_first", "damage.dealt", "move.speed")
Progress = Callable[[str], None] | None
Claim = tuple[list[z3.BoolRef], z3.BoolRef]
Property = Callable[[Facts, Side], Claim]


def _v(facts: Facts, name: str) -> z3.ArithRef:
    var = facts.vars[name]
    assert isinstance(var, z3.ArithRef)  # noqa: S101 - integer facts are Int variables
    return var


def _value(side: Side) -> z3.ArithRef:
    assert isinstance(side.value, z3.ArithRef)  # noqa: S101 - integer decisions have Int values
    return side.value


def _halved(value: z3.ArithRef, whole: z3.ArithRef) -> z3.BoolRef:
    """``value`` is ``whole`` / 2 rounded up, stated without division."""
    return z3.Or(2 * value == whole, 2 * value == whole + 1)


def in_range(facts: Facts, side: Side) -> Claim:
    """The value lies in the decision's declared type."""
    t = facts.decision.type
    assert isinstance(t, IntT)  # noqa: S101 - only integer decisions get this property
    return [], z3.And(_value(side) >= t.lo, _value(side) <= t.hi)


def floor_at_zero(_facts: Facts, side: Side) -> Claim:
    """No value goes below 0."""
    return [], _value(side) >= 0


def rule_of_three(facts: Facts, side: Side) -> Claim:
    """The final value is within 3 of the base."""
    base = _v(facts, "base")
    return [], z3.And(_value(side) >= base - 3, _value(side) <= base + 3)


def replacement_first(facts: Facts, side: Side) -> Claim:
    """A replacement is applied before any modifier."""
    return [], side.value == facts.constant("replacement")


def replacement_stands(facts: Facts, side: Side) -> Claim:
    """A set replacement becomes the base as it is."""
    return [facts.vars["replacement"] == facts.constant("set")], side.value == facts.vars["set_to"]


def base_halving(facts: Facts, side: Side) -> Claim:
    """A halved printed value rounds up."""
    return [facts.vars["replacement"] == facts.constant("halve")], _halved(_value(side), _v(facts, "printed"))


def speed_halving(facts: Facts, side: Side) -> Claim:
    """A monster starting in hindering terrain (and nothing else) moves half its speed, rounded up."""
    v = facts.vars
    figure = game_of(side.ruleset).words.figure  # monster (HorrorClix), character (HeroClix)
    alone = [v["mover"] == facts.constant(figure), v["starts_in_hindering"], _v(facts, "mode_changes") == 0]
    alone += [z3.Not(v[name]) for name in ("ignores_hindering", "starts_in_water") if name in v]
    return [z3.And(alone)], _halved(_value(side), _v(facts, "speed"))


PROPERTIES: dict[str, list[tuple[str, Property]]] = {
    "value.rule_of_3": [("in range", in_range), ("floor at 0", floor_at_zero), ("rule of 3", rule_of_three)],
    "value.base": [
        ("in range", in_range),
        ("floor at 0", floor_at_zero),
        ("replacement before modifier", replacement_stands),
        ("halving rounds up", base_halving),
    ],
    "value.applied_first": [("replacement before modifier", replacement_first)],
    "damage.dealt": [("in range", in_range), ("floor at 0", floor_at_zero)],
    "move.speed": [("in range", in_range), ("floor at 0", floor_at_zero), ("halving rounds up", speed_halving)],
}


def run(spec: Spec, *, progress: Progress = None) -> list[Finding]:
    """Every property and equivalence of the value pipeline, proved or refuted."""
    fresh_context()
    findings: list[Finding] = []
    for decision_id in VALUE_DECISIONS:
        rulesets = [rs for rs in spec.rulesets() if _decides(spec, rs, decision_id)]
        for ruleset in rulesets:
            decision = spec.decision(ruleset, decision_id)
            for readings in reading_combinations(spec, ruleset, decision):
                if progress:
                    progress(f"prove {label(ruleset, readings)} {decision_id}")
                findings += properties(spec, ruleset, decision, readings)
            findings += reading_equivalences(spec, ruleset, decision)
        findings += edition_equivalences(spec, rulesets, decision_id)
    return findings


def _decides(spec: Spec, ruleset: str, decision_id: str) -> bool:
    return (spec.game(ruleset), decision_id) in spec.decisions and bool(
        encode(spec, ruleset, Facts(spec.decision(ruleset, decision_id))).arms
    )


def _reading_rules(spec: Spec, ruleset: str, decision: Decision) -> list[tuple[str, list[str]]]:
    """The rules with readings that touch ``decision``: (rule id, options with the default first)."""
    out = []
    for rule in spec.rules.values():
        readings = rule.readings.get(ruleset)
        if readings is None or rule.reading_of:
            continue
        if any(c.decision == decision.id for view in readings.options.values() for c in view.clauses):
            out.append((rule.id, [readings.default, *(o for o in readings.options if o != readings.default)]))
    return out


def reading_combinations(spec: Spec, ruleset: str, decision: Decision) -> Iterator[dict[str, str]]:
    """Every choice of readings for the rules touching ``decision`` (only non-default ones named)."""
    rules = _reading_rules(spec, ruleset, decision)
    defaults = {rule: options[0] for rule, options in rules}
    for choice in itertools.product(*(options for _, options in rules)):
        yield {rule: o for (rule, _), o in zip(rules, choice, strict=True) if o != defaults[rule]}


def properties(
    spec: Spec,
    ruleset: str,
    decision: Decision,
    readings: dict[str, str],
    table: list[tuple[str, Property]] | None = None,
) -> list[Finding]:
    """The properties of one decision under one ruleset and choice of readings (``table``, else the value ones)."""
    findings = []
    for name, prop in PROPERTIES.get(decision.id, []) if table is None else table:
        facts = Facts(decision)
        side = encode(spec, ruleset, facts, readings, label(ruleset, readings))
        extra, claim = prop(facts, side)
        premises = [*facts.constraints, *side.definitions, side.status == VALUED, *extra]
        findings.append(
            _finding(spec, "property", name=f"{name} under {side.label}", sides=[side], premises=premises, claim=claim)
        )
    return findings


def reading_equivalences(spec: Spec, ruleset: str, decision: Decision) -> list[Finding]:
    """Readings that differ in one rule's reading, compared pairwise."""
    combos = list(reading_combinations(spec, ruleset, decision))
    findings = []
    for one, two in itertools.combinations(combos, 2):
        if _one_rule_apart(one, two):
            findings.append(equivalence(spec, (ruleset, one), (ruleset, two), decision))
    return findings


def _one_rule_apart(one: dict[str, str], two: dict[str, str]) -> bool:
    return len({r for r in {*one, *two} if one.get(r) != two.get(r)}) == 1


def edition_equivalences(spec: Spec, rulesets: list[str], decision_id: str) -> list[Finding]:
    """Rulesets of one game compared pairwise under their default readings."""
    findings = []
    for one, two in itertools.combinations(rulesets, 2):
        if spec.game(one) == spec.game(two):
            findings.append(equivalence(spec, (one, {}), (two, {}), spec.decision(one, decision_id)))
    return findings


def equivalence(
    spec: Spec, one: tuple[str, dict[str, str]], two: tuple[str, dict[str, str]], decision: Decision
) -> Finding:
    """Whether two (ruleset, readings) sides always give the same answer; if not, the smallest difference."""
    facts = Facts(decision)
    sides = [encode(spec, rs, facts, rd, label(rs, rd)) for rs, rd in (one, two)]
    premises = [*facts.constraints, *sides[0].definitions, *sides[1].definitions]
    name = f"{sides[0].label} == {sides[1].label}"
    return _finding(spec, "equivalence", name=name, sides=sides, premises=premises, claim=z3.Not(disagree(*sides)))


def _finding(
    spec: Spec, kind: str, *, name: str, sides: list[Side], premises: list[z3.BoolRef], claim: z3.BoolRef
) -> Finding:
    """Prove ``premises -> claim``; a counterexample is shrunk to the smallest situation."""
    verdict = prove(premises, claim)
    model, note = verdict.model, verdict.note
    if model is not None:
        model, minimal = minimise(new_solver([*premises, z3.Not(claim)]), sides[0].facts.size(), model)
        note = "" if minimal else "counterexample not proven smallest"
    finding: Finding = {
        "kind": kind,
        "property": name,
        "decision": sides[0].facts.decision.id,
        "rulesets": [s.ruleset for s in sides],
        "readings": {s.label: s.readings for s in sides},
        "status": verdict.status.value,
        "situation": sides[0].facts.situation(model) if model is not None else None,
        "answers": {s.label: s.answer(model) for s in sides} if model is not None else {},
        "rules": {s.label: fired_refs(spec, s, model) for s in sides} if model is not None else {},
    }
    if note:
        finding["note"] = note
    return finding
