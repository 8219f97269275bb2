"""The rules that come closest to deciding a situation nobody decides.

For a gap (``check``) or an undecided side of a ``diff``, the rules of the
decision that would decide it if the fewest facts were different: the rules
that decide the neighbouring situations, cited in their place.

A rule's distance is the least number of facts to change (within the
decision's constraints) for one of its clauses to apply. The distances are
found level by level on one solver (:func:`_levels`): at ``k`` changed facts,
every rule still unplaced that some situation within ``k`` changes lets apply
is at distance ``k`` (none was within ``k - 1``). Only the :data:`CLOSEST`
nearest are cited, so the levels stop once they are known. That is the
minimum one optimiser per rule finds (:func:`_optimised`, the way it was
found before), at a fraction of the cost; where a query of the levels runs
out of its resource limit, the optimisers answer instead.

The cited rules are the same either way, but what else the search leaves in
Z3's context is not, and Z3 picks later models by the context's history (the
terms it has made, :func:`proofs.solver.fresh_context`). So a search whose
next findings are reported as found (a ``diff`` looking for its next
disagreement in the same context) asks for ``history``: the optimisers, as
that search has always had them before it. ``check`` does not: after a gap
only the decision's further choices of readings are solved in its context,
and what they find again (most of it) is reported once, under the default
readings; the witnesses of such repeats are the only findings that may come
out otherwise (none of those ``check`` reports on the project's spec does).
"""

from __future__ import annotations

from typing import Any

import z3

from adjudicator.core.expr.compile import Value
from adjudicator.core.spec import Spec
from proofs.encode import Facts, Side, any_of
from proofs.report import rule_ref
from proofs.solver import RLIMIT, new_solver

CLOSEST = 3
"""How many neighbouring rules a gap cites."""
OPTIMISE_RLIMIT = RLIMIT
"""Effort bound of one nearest-situation search (Z3's resource count, not time: the answer does not depend on
how busy the machine is)."""


def closest(spec: Spec, side: Side, situation: dict[str, Value], *, history: bool = False) -> list[dict[str, Any]]:
    """The rules of the decision that decide the situations nearest a gap (fewest facts changed), nearest first.

    With ``history``, found by one optimiser per rule (:func:`_optimised`: the context is left as those leave it).
    """
    if history:
        return _optimised(spec, side, situation)
    rules = list(dict.fromkeys(arm.rule for arm in side.arms))
    if not rules:
        return []
    applies = {rule: any_of([arm.applies for arm in side.arms if arm.rule == rule]) for rule in rules}
    distances = _levels(side.facts, applies, situation)
    if distances is None:
        return _optimised(spec, side, situation)
    order = {rule: index for index, rule in enumerate(rules)}
    views = side.views()
    out = []
    for rule, distance in sorted(distances.items(), key=lambda item: (item[1], order[item[0]]))[:CLOSEST]:
        ref = rule_ref(spec, views[rule])
        ref["facts_changed"] = distance
        out.append(ref)
    return out


def _levels(facts: Facts, applies: dict[str, z3.BoolRef], situation: dict[str, Value]) -> dict[str, int] | None:
    """The distance of every rule up to the level where the :data:`CLOSEST` nearest are known; ``None`` on unknown.

    A rule left out is farther than every rule placed (or never applies). One solver holds the constraints; each
    query asks, within ``level`` changed facts, for a situation where one of the rules left applies.
    """
    changed = [z3.Not(facts.vars[k] == facts.constant(v)) for k, v in situation.items()]
    solver = new_solver(facts.constraints, OPTIMISE_RLIMIT)
    left = list(applies)
    placed: dict[str, int] = {}
    for level in range(len(changed) + 1):
        within = z3.AtMost(*changed, level) if changed else z3.BoolVal(val=True)
        while left:
            result = solver.check(within, any_of([applies[rule] for rule in left]))
            if result == z3.unknown:
                return None
            if result == z3.unsat:
                break
            model = solver.model()
            hits = [rule for rule in left if z3.is_true(model.eval(applies[rule], model_completion=True))]
            if not hits:  # a model of the disjunction always has one; should Z3's not, the optimisers answer
                return None
            placed.update(dict.fromkeys(hits, level))
            left = [rule for rule in left if rule not in placed]
        if not left or len(placed) >= CLOSEST:
            break
    return placed


def _optimised(spec: Spec, side: Side, situation: dict[str, Value]) -> list[dict[str, Any]]:
    """:func:`closest` by one optimiser per rule (a rule whose search gives up is left out).

    Its Z3 terms and queries are made in this very order, so that the context is left as it always was.
    """
    facts = side.facts
    scored = []
    for rule in dict.fromkeys(arm.rule for arm in side.arms):
        applies = z3.Or([arm.applies for arm in side.arms if arm.rule == rule])
        changed = z3.Sum([z3.If(facts.vars[k] == facts.constant(v), 0, 1) for k, v in situation.items()])
        optimiser = z3.Optimize()
        optimiser.set("rlimit", OPTIMISE_RLIMIT)
        optimiser.add(*facts.constraints, applies)
        optimiser.minimize(changed)
        if optimiser.check() == z3.sat:
            scored.append((z3.simplify(optimiser.model().eval(changed, model_completion=True)).as_long(), rule))
    views = side.views()
    out = []
    for distance, rule in sorted(scored, key=lambda item: item[0])[:CLOSEST]:
        ref = rule_ref(spec, views[rule])
        ref["facts_changed"] = distance
        out.append(ref)
    return out
