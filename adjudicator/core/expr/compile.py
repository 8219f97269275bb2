"""Compile a type-checked expression tree to a Python callable (no ``eval``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from adjudicator.core.expr import ast

Value = bool | int | str
Env = Mapping[str, Value]
Fn = Callable[[Env], Value]


def ceil_half(value: int) -> int:
    """Half of ``value``, rounded up."""
    return -((-value) // 2)


_ARITH: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
}
_CMP: dict[str, Callable[[Value, Value], bool]] = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: int(a) < int(b),
    "<=": lambda a, b: int(a) <= int(b),
    ">": lambda a, b: int(a) > int(b),
    ">=": lambda a, b: int(a) >= int(b),
}


def compile_expr(node: ast.Node) -> Fn:  # noqa: C901, PLR0911 - one branch per node kind
    """Turn ``node`` into a function of the fact environment."""
    if isinstance(node, ast.IntLit | ast.BoolLit | ast.EnumLit):
        const = node.value
        return lambda _env: const
    if isinstance(node, ast.Name):
        ident = node.ident
        return lambda env: env[ident]
    if isinstance(node, ast.Neg):
        inner = compile_expr(node.operand)
        return lambda env: -int(inner(env))
    if isinstance(node, ast.Not):
        inner = compile_expr(node.operand)
        return lambda env: not inner(env)
    if isinstance(node, ast.Arith):
        return _binary(_ARITH[node.op], node)
    if isinstance(node, ast.Compare):
        left, right, op = compile_expr(node.left), compile_expr(node.right), _CMP[node.op]
        return lambda env: op(left(env), right(env))
    if isinstance(node, ast.BoolOp):
        parts = [compile_expr(op) for op in node.operands]
        if node.op == "and":
            return lambda env: all(p(env) for p in parts)
        return lambda env: any(p(env) for p in parts)
    if isinstance(node, ast.In):
        return _in(node)
    if isinstance(node, ast.Call):
        return _call(node)
    if isinstance(node, ast.IfElse):
        cond, then, orelse = (compile_expr(n) for n in (node.cond, node.then, node.orelse))
        return lambda env: then(env) if cond(env) else orelse(env)
    msg = f"cannot compile {type(node).__name__}"
    raise TypeError(msg)


def _binary(op: Callable[[int, int], int], node: ast.Arith) -> Fn:
    left, right = compile_expr(node.left), compile_expr(node.right)
    return lambda env: op(int(left(env)), int(right(env)))


def _in(node: ast.In) -> Fn:
    item = compile_expr(node.item)
    options = [compile_expr(o) for o in node.options]
    negated = node.negated
    return lambda env: (item(env) in [o(env) for o in options]) != negated


def _call(node: ast.Call) -> Fn:
    args = [compile_expr(a) for a in node.args]
    if node.func == "ceil_half":
        arg = args[0]
        return lambda env: ceil_half(int(arg(env)))
    pick = min if node.func == "min" else max
    return lambda env: pick(int(a(env)) for a in args)
