"""The nearest rules of a gap found level by level are those one optimiser per rule finds; terms made directly."""

from __future__ import annotations

import pytest
import z3

from adjudicator.core.expr.compile import Value
from adjudicator.core.spec import Spec
from proofs import check, encode, nearest
from proofs.encode import Facts
from proofs.solver import fresh_context, new_solver, search

RULESETS = ["horrorclix/2008", "heroclix/core"]


def _gaps(spec: Spec, ruleset: str) -> list[tuple[encode.Side, dict[str, Value]]]:
    """Every decision of ``ruleset`` with a gap under its default readings: its side and the gap's situation."""
    out = []
    for decision in check._decisions(spec, ruleset):
        facts = Facts(decision)
        side = encode.encode(spec, ruleset, facts)
        gap = search(new_solver([*facts.constraints, *side.definitions]), z3.Not(side.decided))
        if gap.model is not None:
            out.append((side, facts.situation(gap.model)))
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_levels_cite_what_the_optimisers_cite(real_spec: Spec, ruleset: str) -> None:
    """For every gap of the ruleset: the same rules, in the same order, at the same distances."""
    fresh_context()
    gaps = _gaps(real_spec, ruleset)
    assert len(gaps) > 3
    for side, situation in gaps:
        levels = nearest.closest(real_spec, side, situation)
        optimised = nearest.closest(real_spec, side, situation, history=True)
        assert levels == optimised, side.facts.decision.id


def test_levels_that_give_up_leave_it_to_the_optimisers(real_spec: Spec, monkeypatch: pytest.MonkeyPatch) -> None:
    """A level query out of its resource limit: the optimisers answer (here out of it too: no rule is named)."""
    fresh_context()
    side, situation = _gaps(real_spec, RULESETS[0])[0]
    asked: list[bool] = []
    real = nearest._optimised

    def counted(*args: object) -> object:
        asked.append(True)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(nearest, "_optimised", counted)
    monkeypatch.setattr(nearest, "OPTIMISE_RLIMIT", 1)
    assert nearest.closest(real_spec, side, situation) == []
    assert asked == [True]


def test_terms_made_directly_are_z3py_terms() -> None:
    """``any_of``, ``all_of``, ``negation``, ``equal``, ``unequal`` and ``choice`` make z3py's very terms."""
    fresh_context()
    p, q, x = z3.Bool("p"), z3.Bool("q"), z3.Int("x")
    three = z3.IntVal(3)
    pairs = [
        (encode.any_of([p, q]), z3.Or([p, q])),
        (encode.any_of([]), z3.Or([])),
        (encode.all_of([p, q]), z3.And([p, q])),
        (encode.negation(p), z3.Not(p)),
        (encode.equal(x, three), x == 3),
        (encode.unequal(x, three), x != 3),
        (encode.choice(p, x, three), z3.If(p, x, three)),
    ]
    for made, expected in pairs:
        assert made.eq(expected)
        assert type(made) is type(expected)
