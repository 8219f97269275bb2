"""The abstract syntax of the rule expression language.

The tree is public and plain: the adjudicator compiles it to Python callables
(:mod:`adjudicator.core.expr.compile`) and ``proofs/`` compiles the same tree to Z3
terms. Every node records the column where it starts, for error messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field

CMP_OPS = ("==", "!=", "<", "<=", ">", ">=")
ARITH_OPS = ("+", "-", "*")
BOOL_OPS = ("and", "or")
FUNCTIONS = ("min", "max", "ceil_half")


@dataclass(frozen=True)
class Node:
    """Base of every expression node; ``col`` is the 1-based start column.

    The column is not part of a node's identity: two trees that differ only
    in layout compare equal.
    """

    col: int = field(compare=False)


@dataclass(frozen=True)
class IntLit(Node):
    """An integer literal."""

    value: int


@dataclass(frozen=True)
class BoolLit(Node):
    """``true`` or ``false``."""

    value: bool


@dataclass(frozen=True)
class EnumLit(Node):
    """An enum value, resolved from a bare name by the type checker."""

    value: str


@dataclass(frozen=True)
class Name(Node):
    """A bare name: a fact, or an enum value when no fact has that name."""

    ident: str


@dataclass(frozen=True)
class Neg(Node):
    """Unary minus."""

    operand: Node


@dataclass(frozen=True)
class Not(Node):
    """Boolean negation."""

    operand: Node


@dataclass(frozen=True)
class Arith(Node):
    """``left op right`` with op one of ``+ - *``."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Compare(Node):
    """``left op right`` with op one of ``== != < <= > >=``."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class BoolOp(Node):
    """``and`` / ``or`` over two or more operands."""

    op: str
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class In(Node):
    """``item in {a, b}`` (or ``not in`` when ``negated``)."""

    item: Node
    options: tuple[Node, ...]
    negated: bool


@dataclass(frozen=True)
class Call(Node):
    """``min(...)``, ``max(...)`` or ``ceil_half(x)``."""

    func: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class IfElse(Node):
    """``if cond then a else b``."""

    cond: Node
    then: Node
    orelse: Node


def names(node: Node) -> set[str]:
    """Every bare name used in ``node``."""
    if isinstance(node, Name):
        return {node.ident}
    found: set[str] = set()
    for child in children(node):
        found |= names(child)
    return found


def children(node: Node) -> tuple[Node, ...]:  # noqa: PLR0911 - one branch per node kind
    """The direct sub-expressions of ``node``."""
    if isinstance(node, Neg | Not):
        return (node.operand,)
    if isinstance(node, Arith | Compare):
        return (node.left, node.right)
    if isinstance(node, BoolOp):
        return node.operands
    if isinstance(node, In):
        return (node.item, *node.options)
    if isinstance(node, Call):
        return node.args
    if isinstance(node, IfElse):
        return (node.cond, node.then, node.orelse)
    return ()
