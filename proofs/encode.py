"""The one encoding of spec decisions into Z3 terms; every proof goes through it.

A :class:`Facts` holds a decision's facts as Z3 variables (booleans as
``Bool``, integers and enum values as ``Int``; enum values are numbered per
encoding, so enums of different types that share a value name compare
correctly) with their domain constraints and the decision's invariants.

A :class:`Side` encodes the decision under one ruleset and one choice of
readings, as the Python engine (:mod:`adjudicator.core.engine`) evaluates it:

* each clause is a guarded implication ``when -> result == then``; it
  *applies* when its ``when`` holds;
* a clause is *effective* when it applies and no applicable rule that
  overrides its rule (transitively, in the ruleset's override graph) applies;
* the decision's default rule is used only when no other rule applies (its
  first applicable clause gives the value);
* several effective clauses with different values are a *conflict*; no
  applicable clause at all is a *gap* (``undecided``).

Each rule gets an indicator ``Bool`` named ``<label>/<rule id>`` that holds
exactly when one of its clauses fires (is effective, or is the default used).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from adjudicator.core.expr import ast
from adjudicator.core.expr.compile import Value
from adjudicator.core.expr.types import BoolT, EnumT, IntT, Type
from adjudicator.core.model import Clause, Decision, Rule, RuleView
from adjudicator.core.spec import Spec

UNDECIDED, VALUED, CONFLICT = 0, 1, 2
"""The three outcomes of a side, as the values of :attr:`Side.status`."""


class Facts:
    """A decision's facts as Z3 variables, with domain constraints and invariants."""

    def __init__(self, decision: Decision, prefix: str = "") -> None:
        self.decision = decision
        self.enum_names: list[str] = []
        self.vars: dict[str, z3.ExprRef] = {}
        self.constraints: list[z3.BoolRef] = []
        for t in (decision.type, *(f.type for f in decision.facts.values())):
            if isinstance(t, EnumT):
                for name in t.values:
                    self.enum_index(name)
        for name, fact in decision.facts.items():
            var = z3.Bool(prefix + name) if isinstance(fact.type, BoolT) else z3.Int(prefix + name)
            self.vars[name] = var
            self.constraints.append(self.in_type(var, fact.type))
        self.constraints += [to_bool(term(inv.expr, self)) for inv in decision.invariants]

    def enum_index(self, name: str) -> int:
        """The number of an enum value name in this encoding."""
        if name not in self.enum_names:
            self.enum_names.append(name)
        return self.enum_names.index(name)

    def in_type(self, var: z3.ExprRef, t: Type) -> z3.BoolRef:
        """``var`` lies in the domain of ``t``."""
        if isinstance(t, BoolT):
            return z3.BoolVal(val=True)
        if isinstance(t, IntT):
            return z3.And(var >= t.lo, var <= t.hi)
        return any_of([equal(var, z3.IntVal(self.enum_index(v))) for v in t.values])

    def decode(self, t: Type, raw: z3.ExprRef) -> Value:
        """A model value of type ``t`` as a Python value."""
        if isinstance(t, BoolT):
            return bool(z3.is_true(raw))
        number = int(to_int(raw).as_long())
        return self.enum_names[number] if isinstance(t, EnumT) else number

    def situation(self, model: z3.ModelRef) -> dict[str, Value]:
        """The fact assignment of ``model``."""
        return {
            name: self.decode(fact.type, model.eval(self.vars[name], model_completion=True))
            for name, fact in self.decision.facts.items()
        }

    def size(self) -> z3.ArithRef:
        """How far the facts are from the simplest situation (0, false, first enum value)."""
        parts: list[z3.ArithRef] = []
        for name, fact in self.decision.facts.items():
            var, t = self.vars[name], fact.type
            if isinstance(t, BoolT):
                parts.append(z3.If(var, 1, 0))
            elif isinstance(t, IntT):
                anchor = min(max(0, t.lo), t.hi)
                parts.append(z3.If(var >= anchor, var - anchor, anchor - var))
            else:
                parts.append(z3.If(var == self.enum_index(t.values[0]), 0, 1))
        return z3.Sum(parts) if parts else z3.IntVal(0)

    def pin(self, facts: Mapping[str, Value]) -> list[z3.BoolRef]:
        """Constraints fixing every fact to its value in ``facts``."""
        return [self.vars[name] == self.constant(value) for name, value in facts.items()]

    def constant(self, value: Value) -> z3.ExprRef:
        """A Python fact value as a Z3 constant."""
        if isinstance(value, bool):
            return z3.BoolVal(value)
        if isinstance(value, str):
            return z3.IntVal(self.enum_index(value))
        return z3.IntVal(value)


def to_bool(expr: z3.ExprRef) -> z3.BoolRef:
    """Narrow a Z3 term known to be boolean."""
    assert isinstance(expr, z3.BoolRef)  # noqa: S101 - the type checker guarantees it
    return expr


def to_int(expr: z3.ExprRef) -> z3.IntNumRef:
    """Narrow a Z3 model value known to be an integer."""
    assert isinstance(expr, z3.IntNumRef)  # noqa: S101 - the type checker guarantees it
    return expr


def _array(parts: Sequence[z3.ExprRef]) -> Any:
    """The C array of ``parts`` a Z3 constructor takes."""
    array = (z3.Ast * len(parts))()
    for index, part in enumerate(parts):
        array[index] = part.as_ast()
    return array


def any_of(parts: Sequence[z3.BoolRef]) -> z3.BoolRef:
    """``z3.Or(parts)`` of Z3 booleans: the very same term, made by Z3's own constructor.

    z3py casts every argument first (a sort lookup and comparison each); an encoding makes thousands of
    these terms, all of booleans already. Nothing else is made in Z3 (its context's history is the same).
    """
    ctx = parts[0].ctx if parts else z3.main_ctx()
    return z3.BoolRef(z3.Z3_mk_or(ctx.ref(), len(parts), _array(parts)), ctx)


def all_of(parts: Sequence[z3.BoolRef]) -> z3.BoolRef:
    """``z3.And(parts)`` of Z3 booleans, made as :func:`any_of` makes ``z3.Or``."""
    ctx = parts[0].ctx if parts else z3.main_ctx()
    return z3.BoolRef(z3.Z3_mk_and(ctx.ref(), len(parts), _array(parts)), ctx)


def negation(part: z3.BoolRef) -> z3.BoolRef:
    """``z3.Not(part)`` of a Z3 boolean, made as :func:`any_of` makes ``z3.Or``."""
    return z3.BoolRef(z3.Z3_mk_not(part.ctx.ref(), part.as_ast()), part.ctx)


def equal(left: z3.ExprRef, right: z3.ExprRef) -> z3.BoolRef:
    """``left == right`` of two Z3 terms of one sort, made as :func:`any_of` makes ``z3.Or``.

    Only where Python would call ``left.__eq__``: with ``right`` of a subclass of ``left``'s class (a numeral
    against a variable) Python calls ``right.__eq__`` first, and z3py makes ``right == left``.
    """
    return z3.BoolRef(z3.Z3_mk_eq(left.ctx.ref(), left.as_ast(), right.as_ast()), left.ctx)


def unequal(left: z3.ExprRef, right: z3.ExprRef) -> z3.BoolRef:
    """``left != right`` of two Z3 terms of one sort (Z3's ``distinct``, as z3py makes it), made directly.

    Only where Python would call ``left.__ne__`` (see :func:`equal`).
    """
    return z3.BoolRef(z3.Z3_mk_distinct(left.ctx.ref(), 2, _array([left, right])), left.ctx)


def choice(cond: z3.BoolRef, then: z3.ExprRef, orelse: z3.ExprRef) -> z3.ExprRef:
    """``z3.If(cond, then, orelse)`` of Z3 terms (the branches of one sort), made directly."""
    ctx = cond.ctx
    return z3.z3._to_expr_ref(  # noqa: SLF001 - z3py's own wrapper of a term by its sort
        z3.Z3_mk_ite(ctx.ref(), cond.as_ast(), then.as_ast(), orelse.as_ast()), ctx
    )


def term(node: ast.Node, facts: Facts) -> z3.ExprRef:  # noqa: C901, PLR0911 - one branch per node kind
    """Compile a type-checked expression tree to a Z3 term over ``facts``."""
    if isinstance(node, ast.IntLit):
        return z3.IntVal(node.value)
    if isinstance(node, ast.BoolLit):
        return z3.BoolVal(node.value)
    if isinstance(node, ast.EnumLit):
        return z3.IntVal(facts.enum_index(node.value))
    if isinstance(node, ast.Name):
        return facts.vars[node.ident]
    if isinstance(node, ast.Neg):
        return -term(node.operand, facts)
    if isinstance(node, ast.Not):
        return negation(to_bool(term(node.operand, facts)))
    if isinstance(node, ast.Arith):
        return _arith(node.op, term(node.left, facts), term(node.right, facts))
    if isinstance(node, ast.Compare):
        return _compare(node.op, term(node.left, facts), term(node.right, facts))
    if isinstance(node, ast.BoolOp):
        parts = [to_bool(term(op, facts)) for op in node.operands]
        return all_of(parts) if node.op == "and" else any_of(parts)
    if isinstance(node, ast.In):
        item = term(node.item, facts)
        hit = any_of([to_bool(item == term(opt, facts)) for opt in node.options])
        return negation(hit) if node.negated else hit
    if isinstance(node, ast.Call):
        return _call(node.func, [term(arg, facts) for arg in node.args])
    if isinstance(node, ast.IfElse):
        return z3.If(term(node.cond, facts), term(node.then, facts), term(node.orelse, facts))
    msg = f"cannot encode {type(node).__name__}"
    raise TypeError(msg)


def _arith(op: str, left: z3.ExprRef, right: z3.ExprRef) -> z3.ExprRef:
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    return left * right


def _compare(op: str, left: z3.ExprRef, right: z3.ExprRef) -> z3.ExprRef:
    ops = {
        "==": lambda: left == right,
        "!=": lambda: left != right,
        "<": lambda: left < right,
        "<=": lambda: left <= right,
        ">": lambda: left > right,
        ">=": lambda: left >= right,
    }
    result: z3.ExprRef = ops[op]()
    return result


def _call(func: str, args: list[z3.ExprRef]) -> z3.ExprRef:
    if func == "ceil_half":
        # Z3 integer division by a positive constant rounds down, so (x + 1) / 2 rounds x / 2 up.
        return (args[0] + 1) / 2
    result = args[0]
    for arg in args[1:]:
        keep = result <= arg if func == "min" else result >= arg
        result = z3.If(keep, result, arg)
    return result


@dataclass
class Arm:
    """One clause of one rule view, as Z3 terms."""

    rule: str
    view: RuleView
    clause: Clause
    applies: z3.BoolRef
    value: z3.ExprRef
    is_default: bool
    fires: z3.BoolRef = field(default_factory=lambda: z3.BoolVal(val=False))


@dataclass
class Side:
    """A decision under one ruleset and one choice of readings."""

    label: str
    ruleset: str
    readings: dict[str, str]
    facts: Facts
    arms: list[Arm]
    indicators: dict[str, z3.BoolRef]
    definitions: list[z3.BoolRef]
    decided: z3.BoolRef
    conflict: z3.BoolRef
    value: z3.ExprRef
    status: z3.ArithRef

    def views(self) -> dict[str, RuleView]:
        """The view of every candidate rule, by rule id."""
        return {arm.rule: arm.view for arm in self.arms}

    def fired(self, model: z3.ModelRef) -> list[str]:
        """The rules whose indicator holds in ``model``, in rule order."""
        return [r for r, ind in self.indicators.items() if z3.is_true(model.eval(ind, model_completion=True))]

    def answer(self, model: z3.ModelRef) -> Value | str:
        """The side's answer in ``model``: its value, ``undecided`` or ``conflict``."""
        status = to_int(model.eval(self.status, model_completion=True)).as_long()
        if status == UNDECIDED:
            return "undecided"
        if status == CONFLICT:
            return "conflict"
        return self.facts.decode(self.facts.decision.type, model.eval(self.value, model_completion=True))

    def evaluate(self, situation: Mapping[str, Value]) -> Value | str:
        """The side's answer for a full fact assignment, by substitution (no search)."""
        pairs = [(self.facts.vars[name], self.facts.constant(value)) for name, value in situation.items()]
        status = to_int(z3.simplify(z3.substitute(self.status, *pairs))).as_long()
        if status == UNDECIDED:
            return "undecided"
        if status == CONFLICT:
            return "conflict"
        return self.facts.decode(self.facts.decision.type, z3.simplify(z3.substitute(self.value, *pairs)))

    def arm_value(self, arm: Arm, model: z3.ModelRef) -> Value:
        """The value one clause gives in ``model``."""
        return self.facts.decode(self.facts.decision.type, model.eval(arm.value, model_completion=True))


def _overriders(spec: Spec, ruleset: str, chosen: Mapping[str, str]) -> dict[str, frozenset[str]]:
    """For every rule, the rules that override it (transitively) under the chosen readings.

    The same relation the Python engine uses (``Engine.below``), inverted; worked out once per ruleset and
    readings in a loaded spec (kept in its memo: every decision and every side of a ruleset asks for it).
    """
    memo = ("encode.overriders", ruleset, tuple(sorted(chosen.items())))
    known = spec.memo.get(memo)
    if isinstance(known, dict):
        return known
    above: dict[str, set[str]] = {}
    for rule, beaten in spec.engine.below(ruleset, chosen).items():
        for other in beaten:
            above.setdefault(other, set()).add(rule)
    inverted = {rule: frozenset(rules) for rule, rules in above.items()}
    spec.remember(memo, inverted)
    return inverted


def candidates(spec: Spec, ruleset: str, decision: Decision) -> list[Rule]:
    """The rules that may decide ``decision`` in ``ruleset`` (under any reading), in spec order.

    The engine's index of them (:class:`adjudicator.core.engine.Engine`): the rules the Python engine consults.
    """
    return list(spec.engine.index.get((ruleset, decision.id), []))


def encode(spec: Spec, ruleset: str, facts: Facts, readings: Mapping[str, str] | None = None, label: str = "") -> Side:
    """Encode ``facts.decision`` under ``ruleset`` and ``readings`` (default readings otherwise)."""
    decision = facts.decision
    chosen = dict(readings or {})
    arms: list[Arm] = []
    for rule in candidates(spec, ruleset, decision):
        view = rule.view(ruleset, chosen.get(rule.id))
        for clause in view.clauses:
            if clause.decision != decision.id:
                continue
            applies = to_bool(term(clause.when, facts)) if clause.when is not None else z3.BoolVal(val=True)
            arms.append(Arm(rule.id, view, clause, applies, term(clause.then, facts), rule.id == decision.default))
    normal = [a for a in arms if not a.is_default]
    rule_applies = {
        r: any_of([a.applies for a in normal if a.rule == r]) for r in dict.fromkeys(a.rule for a in normal)
    }
    above = _overriders(spec, ruleset, chosen)
    any_normal = any_of([a.applies for a in normal])
    for arm in normal:
        beaten = [rule_applies[r] for r in sorted(above.get(arm.rule, frozenset())) if r in rule_applies]
        arm.fires = all_of([arm.applies, negation(any_of(beaten))])
    earlier: list[z3.BoolRef] = []
    for arm in (a for a in arms if a.is_default):
        arm.fires = all_of([negation(any_normal), arm.applies, negation(any_of(earlier))])
        earlier.append(arm.applies)
    return _assemble(label or ruleset, ruleset, chosen, facts, arms)


def _assemble(label: str, ruleset: str, chosen: dict[str, str], facts: Facts, arms: Sequence[Arm]) -> Side:
    """Tie the arms together: indicators, value, conflict and status."""
    placeholder = z3.BoolVal(val=False) if isinstance(facts.decision.type, BoolT) else z3.IntVal(-1)
    value: z3.ExprRef = placeholder
    for arm in reversed(arms):
        value = choice(arm.fires, arm.value, value)
    normal = [a for a in arms if not a.is_default]
    conflict = any_of([all_of([a.fires, unequal(a.value, value)]) for a in normal])
    decided = any_of([a.applies for a in arms]) if arms else z3.BoolVal(val=False)
    status = z3.If(conflict, CONFLICT, z3.If(decided, VALUED, UNDECIDED))
    indicators: dict[str, z3.BoolRef] = {}
    definitions: list[z3.BoolRef] = []
    for rule in dict.fromkeys(a.rule for a in arms):
        indicators[rule] = z3.Bool(f"{label}/{rule}")
        definitions.append(equal(indicators[rule], any_of([a.fires for a in arms if a.rule == rule])))
    return Side(label, ruleset, chosen, facts, list(arms), indicators, definitions, decided, conflict, value, status)


def disagree(a: Side, b: Side) -> z3.BoolRef:
    """The two sides give different answers (status, or value when both are valued)."""
    both_valued = z3.And(a.status == VALUED, b.status == VALUED)
    return z3.Or(a.status != b.status, z3.And(both_valued, a.value != b.value))
