"""Write an expression tree back as text (for docs, traces and round trips)."""

from __future__ import annotations

from adjudicator.core.expr import ast

_PREC = {"if": 0, "or": 1, "and": 2, "not": 3, "cmp": 4, "+": 5, "-": 5, "*": 6, "neg": 7, "atom": 8}


def unparse(node: ast.Node) -> str:
    """Canonical text of ``node``; parsing it gives back an equal tree."""
    return _text(node)[0]


def _wrap(node: ast.Node, min_prec: int) -> str:
    text, prec = _text(node)
    return f"({text})" if prec < min_prec else text


def _text(node: ast.Node) -> tuple[str, int]:  # noqa: C901, PLR0911 - one branch per node kind
    if isinstance(node, ast.IntLit):
        return (str(node.value), _PREC["atom"]) if node.value >= 0 else (f"({node.value})", _PREC["atom"])
    if isinstance(node, ast.BoolLit):
        return ("true" if node.value else "false"), _PREC["atom"]
    if isinstance(node, ast.EnumLit):
        return node.value, _PREC["atom"]
    if isinstance(node, ast.Name):
        return node.ident, _PREC["atom"]
    if isinstance(node, ast.Neg):
        return "-" + _wrap(node.operand, _PREC["neg"]), _PREC["neg"]
    if isinstance(node, ast.Not):
        return "not " + _wrap(node.operand, _PREC["not"]), _PREC["not"]
    if isinstance(node, ast.Arith):
        p = _PREC[node.op]
        return f"{_wrap(node.left, p)} {node.op} {_wrap(node.right, p + 1)}", p
    if isinstance(node, ast.Compare):
        p = _PREC["cmp"]
        return f"{_wrap(node.left, p + 1)} {node.op} {_wrap(node.right, p + 1)}", p
    if isinstance(node, ast.BoolOp):
        p = _PREC[node.op]
        return f" {node.op} ".join(_wrap(o, p + 1) for o in node.operands), p
    if isinstance(node, ast.In):
        p = _PREC["cmp"]
        opts = ", ".join(unparse(o) for o in node.options)
        word = "not in" if node.negated else "in"
        return f"{_wrap(node.item, p + 1)} {word} {{{opts}}}", p
    if isinstance(node, ast.Call):
        return f"{node.func}({', '.join(unparse(a) for a in node.args)})", _PREC["atom"]
    if isinstance(node, ast.IfElse):
        return (
            f"if {unparse(node.cond)} then {unparse(node.then)} else {_wrap(node.orelse, 0)}",
            _PREC["if"],
        )
    msg = f"cannot unparse {type(node).__name__}"
    raise TypeError(msg)
