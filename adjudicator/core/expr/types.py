"""Types of the expression language and the type checker.

A fact's type is ``bool``, a bounded integer or an enum (a finite set of
names). The checker resolves bare names (fact or enum value) and returns a
tree in which enum values are :class:`~adjudicator.core.expr.ast.EnumLit` nodes.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.expr import ast


@dataclass(frozen=True)
class BoolT:
    """The boolean type."""

    def __str__(self) -> str:
        return "bool"


@dataclass(frozen=True)
class IntT:
    """A bounded integer type ``lo..hi`` (bounds are inclusive)."""

    lo: int
    hi: int

    def __str__(self) -> str:
        return f"int {self.lo}..{self.hi}"


@dataclass(frozen=True)
class EnumT:
    """An enum type: a finite, ordered set of value names."""

    values: tuple[str, ...]

    def __str__(self) -> str:
        return "enum {" + ", ".join(self.values) + "}"


Type = BoolT | IntT | EnumT
BOOL = BoolT()
ANY_INT = IntT(-(10**6), 10**6)


class ExprTypeError(ValueError):
    """A type error at a 1-based column of the expression."""

    def __init__(self, message: str, col: int) -> None:
        super().__init__(f"column {col}: {message}")
        self.message = message
        self.col = col


def same_kind(a: Type, b: Type) -> bool:
    """Whether values of ``a`` and ``b`` may be compared or assigned."""
    if isinstance(a, IntT) and isinstance(b, IntT):
        return True
    if isinstance(a, EnumT) and isinstance(b, EnumT):
        return bool(set(a.values) & set(b.values))
    return type(a) is type(b)


def domain(t: Type) -> tuple[bool | int | str, ...]:
    """Every value of a finite type, in order."""
    if isinstance(t, BoolT):
        return (False, True)
    if isinstance(t, IntT):
        return tuple(range(t.lo, t.hi + 1))
    return t.values


def contains(t: Type, value: object) -> bool:
    """Whether ``value`` belongs to type ``t``."""
    if isinstance(t, BoolT):
        return isinstance(value, bool)
    if isinstance(t, IntT):
        return isinstance(value, int) and not isinstance(value, bool) and t.lo <= value <= t.hi
    return isinstance(value, str) and value in t.values


class Checker:
    """Type-checks expressions against a set of typed facts."""

    def __init__(self, facts: dict[str, Type]) -> None:
        self.facts = facts

    def check(self, node: ast.Node, expected: Type | None = None) -> tuple[ast.Node, Type]:
        """Resolve and type ``node``; ``expected`` types bare enum names."""
        method = getattr(self, "_" + type(node).__name__.lower())
        result: tuple[ast.Node, Type] = method(node, expected)
        return result

    def expect(self, node: ast.Node, want: Type) -> ast.Node:
        """Check ``node`` and require its type to be compatible with ``want``."""
        typed, got = self.check(node, want)
        if not same_kind(got, want):
            raise ExprTypeError(f"expected {want}, found {got}", node.col)
        if isinstance(want, EnumT) and isinstance(typed, ast.EnumLit) and typed.value not in want.values:
            raise ExprTypeError(f"{typed.value!r} is not one of {want}", node.col)
        return typed

    def _intlit(self, node: ast.IntLit, _: Type | None) -> tuple[ast.Node, Type]:
        return node, IntT(node.value, node.value)

    def _boollit(self, node: ast.BoolLit, _: Type | None) -> tuple[ast.Node, Type]:
        return node, BOOL

    def _enumlit(self, node: ast.EnumLit, expected: Type | None) -> tuple[ast.Node, Type]:
        return node, expected if isinstance(expected, EnumT) else EnumT((node.value,))

    def _name(self, node: ast.Name, expected: Type | None) -> tuple[ast.Node, Type]:
        if node.ident in self.facts:
            return node, self.facts[node.ident]
        if isinstance(expected, EnumT):
            if node.ident not in expected.values:
                raise ExprTypeError(f"{node.ident!r} is neither a fact nor one of {expected}", node.col)
            return ast.EnumLit(node.col, node.ident), expected
        known = ", ".join(sorted(self.facts)) or "none"
        raise ExprTypeError(f"unknown fact {node.ident!r} (facts: {known})", node.col)

    def _neg(self, node: ast.Neg, _: Type | None) -> tuple[ast.Node, Type]:
        return ast.Neg(node.col, self.expect(node.operand, ANY_INT)), ANY_INT

    def _not(self, node: ast.Not, _: Type | None) -> tuple[ast.Node, Type]:
        return ast.Not(node.col, self.expect(node.operand, BOOL)), BOOL

    def _arith(self, node: ast.Arith, _: Type | None) -> tuple[ast.Node, Type]:
        left = self.expect(node.left, ANY_INT)
        right = self.expect(node.right, ANY_INT)
        return ast.Arith(node.col, node.op, left, right), ANY_INT

    def _compare(self, node: ast.Compare, _: Type | None) -> tuple[ast.Node, Type]:
        left, right = self._pair(node.left, node.right)
        if node.op not in ("==", "!=") and not isinstance(self.check(left)[1], IntT):
            raise ExprTypeError(f"{node.op!r} needs integers", node.col)
        return ast.Compare(node.col, node.op, left, right), BOOL

    def _pair(self, a: ast.Node, b: ast.Node) -> tuple[ast.Node, ast.Node]:
        """Type two operands that must agree, letting either give enum context."""
        if isinstance(a, ast.Name) and a.ident not in self.facts:
            typed_b, tb = self.check(b)
            return self.expect(a, tb), typed_b
        typed_a, ta = self.check(a)
        return typed_a, self.expect(b, ta)

    def _in(self, node: ast.In, _: Type | None) -> tuple[ast.Node, Type]:
        item, t = self.check(node.item)
        options = tuple(self.expect(opt, t) for opt in node.options)
        return ast.In(node.col, item, options, node.negated), BOOL

    def _boolop(self, node: ast.BoolOp, _: Type | None) -> tuple[ast.Node, Type]:
        operands = tuple(self.expect(op, BOOL) for op in node.operands)
        return ast.BoolOp(node.col, node.op, operands), BOOL

    def _call(self, node: ast.Call, _: Type | None) -> tuple[ast.Node, Type]:
        if node.func == "ceil_half" and len(node.args) != 1:
            raise ExprTypeError("ceil_half takes exactly one argument", node.col)
        if node.func in ("min", "max") and len(node.args) < 2:  # noqa: PLR2004
            raise ExprTypeError(f"{node.func} takes at least two arguments", node.col)
        args = tuple(self.expect(arg, ANY_INT) for arg in node.args)
        return ast.Call(node.col, node.func, args), ANY_INT

    def _ifelse(self, node: ast.IfElse, expected: Type | None) -> tuple[ast.Node, Type]:
        cond = self.expect(node.cond, BOOL)
        then, t = self.check(node.then, expected)
        orelse = self.expect(node.orelse, t)
        return ast.IfElse(node.col, cond, then, orelse), t
