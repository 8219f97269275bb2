"""The Z3 encoding against the Python engine and compiler (the symbolic model against the concrete one)."""

from __future__ import annotations

import z3
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.engine import RuleConflict
from adjudicator.core.errors import Where
from adjudicator.core.expr.compile import compile_expr
from adjudicator.core.expr.parser import parse
from adjudicator.core.expr.types import BOOL, Checker, EnumT, IntT
from adjudicator.core.model import Decision, Fact
from adjudicator.core.spec import Spec
from proofs.encode import Facts, encode, term
from proofs.solver import Status, new_solver, prove, search
from tests.strategies import fact_values

RULESETS = ("horrorclix/1e", "horrorclix/2008")
FACT_TYPES = {"x": IntT(-7, 7), "y": IntT(-7, 7), "flag": BOOL, "mode": EnumT(("foot", "wing", "water"))}
EXPRESSIONS = [
    ("ceil_half(x)", IntT(-100, 100)),
    ("min(x, y, 2) - max(-x, y)", IntT(-100, 100)),
    ("x * y + -x", IntT(-100, 100)),
    ("if flag then x else y", IntT(-100, 100)),
    ("mode in {wing, water} and not flag", BOOL),
    ("mode not in {foot} or x >= y", BOOL),
    ("x != y and (x < 2 or y <= -3)", BOOL),
    ("if x > 0 then wing else foot", EnumT(("foot", "wing", "water"))),
]


def _decide(spec: Spec, ruleset: str, decision_id: str, facts: dict[str, bool | int | str]) -> object:
    try:
        result = spec.decide(ruleset, decision_id, facts)
    except RuleConflict:
        return "conflict"
    return "undecided" if result.status == "undecided" else result.value


@settings(max_examples=200, deadline=None)
@given(
    expr=st.sampled_from(EXPRESSIONS),
    x=st.integers(-7, 7),
    y=st.integers(-7, 7),
    flag=st.booleans(),
    mode=st.sampled_from(["foot", "wing", "water"]),
)
def test_terms_compute_what_the_compiler_computes(expr, x, y, flag, mode):
    """Every construct of the expression language means the same in Z3 as in Python."""
    text, want = expr
    node = Checker(dict(FACT_TYPES)).expect(parse(text), want)
    env = {"x": x, "y": y, "flag": flag, "mode": mode}
    decision = Decision(
        "t", "g", "t", want, {n: Fact(n, t, "") for n, t in FACT_TYPES.items()}, [], None, Where("t", 1), "t"
    )
    facts = Facts(decision)
    pairs = [(facts.vars[n], facts.constant(v)) for n, v in env.items()]
    got = facts.decode(want, z3.simplify(z3.substitute(term(node, facts), *pairs)))
    assert got == compile_expr(node)(env)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_z3_model_agrees_with_engine_on_real_spec(real_spec, data):
    """On generated fact vectors, the encoding's answer equals spec.decide's, for every decision."""
    decisions = sorted(d for (g, d) in real_spec.decisions if g == "horrorclix")
    decision_id = data.draw(st.sampled_from(decisions))
    ruleset = data.draw(st.sampled_from(RULESETS))
    decision = real_spec.decision(ruleset, decision_id)
    facts_given = data.draw(fact_values(decision))
    side = encode(real_spec, ruleset, Facts(decision))
    assert side.evaluate(facts_given) == _decide(real_spec, ruleset, decision_id, facts_given)


def test_z3_model_agrees_with_engine_under_readings(real_spec):
    """Under every non-default reading of the rule of 3, encoding and engine agree on a grid of facts."""
    decision = real_spec.decision("horrorclix/1e", "value.rule_of_3")
    for reading in ("running", "floor_each"):
        readings = {"HX.R3.CAP": reading}
        side = encode(real_spec, "horrorclix/1e", Facts(decision), readings)
        for mod1 in range(-4, 5, 2):
            for mod2 in (-3, 0, 5):
                facts = {"base": 2, "mods": mod1 + mod2, "replaced": False, "mod1": mod1, "mod2": mod2, "mod3": 0}
                want = real_spec.decide("horrorclix/1e", "value.rule_of_3", facts, readings).value
                assert side.evaluate(facts) == want


def test_default_rule_only_without_other_rules(good_spec):
    """The default rule decides only when no other rule applies."""
    side = encode(good_spec, "horrorclix/2008", Facts(good_spec.decision("horrorclix/2008", "token.count")))
    assert side.evaluate({"tokens": 1, "free": False}) == 2
    assert side.evaluate({"tokens": 1, "free": True}) == 1


def test_facts_respect_domains_and_invariants(good_spec):
    """Every model of a decision's facts lies in the declared domains and obeys the invariants."""
    decision = good_spec.decision("horrorclix/2008", "breakaway.required")
    facts = Facts(decision)
    solver = new_solver(facts.constraints)
    solver.add(facts.vars["across_wall_only"])
    assert solver.check() == z3.sat
    situation = facts.situation(solver.model())
    assert 1 <= situation["adjacent_opposing"] <= 8


def test_unknown_never_passes():
    """A query that runs out of its resource limit is UNKNOWN, and UNKNOWN does not pass."""
    x, y, z = z3.Ints("x y z")
    premises = [x > 1, y > 1, z > 1]
    verdict = prove(premises, x * x * x + y * y * y != z * z * z + 3, rlimit=2_000)
    assert verdict.status is Status.UNKNOWN
    assert not verdict.passed


def test_vacuous_premises_never_pass():
    """A claim over unsatisfiable premises is UNKNOWN (the vacuity guard), not PROVED."""
    x = z3.Int("x")
    verdict = prove([x > 1, x < 0], x == 5)
    assert verdict.status is Status.UNKNOWN
    assert "vacuous" in verdict.note
    assert not verdict.passed


def test_proved_and_refuted():
    """A true claim is PROVED; a false one is REFUTED with a counterexample."""
    x = z3.Int("x")
    assert prove([x > 1], x > 0).passed
    refuted = prove([x > 1], x > 5)
    assert refuted.status is Status.REFUTED
    assert refuted.model is not None
    assert search(new_solver([x > 1, x < 0])).status is Status.PROVED
