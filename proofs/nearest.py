"""The rules that come closest to deciding a situation nobody decides.

For a gap (``check``) or an undecided side of a ``diff``, the rules of the
decision that would decide it if the fewest facts were different: the rules
that decide the neighbouring situations, cited in their place.
"""

from __future__ import annotations

from typing import Any

import z3

from adjudicator.core.expr.compile import Value
from adjudicator.core.spec import Spec
from proofs.encode import Side
from proofs.report import rule_ref
from proofs.solver import RLIMIT

CLOSEST = 3
"""How many neighbouring rules a gap cites."""
OPTIMISE_RLIMIT = RLIMIT
"""Effort bound of one nearest-situation search (Z3's resource count, not time: the answer does not depend on
how busy the machine is)."""


def closest(spec: Spec, side: Side, situation: dict[str, Value]) -> list[dict[str, Any]]:
    """The rules of the decision that decide the situations nearest a gap (fewest facts changed), nearest first."""
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
