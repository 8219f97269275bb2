"""A small recursive-descent parser for rule expressions (never ``eval``).

Grammar, loosest binding first::

    expr    := 'if' expr 'then' expr 'else' expr | or
    or      := and ('or' and)*
    and     := not ('and' not)*
    not     := 'not' not | cmp
    cmp     := sum (CMPOP sum | 'in' set | 'not' 'in' set)?
    sum     := prod (('+' | '-') prod)*
    prod    := unary ('*' unary)*
    unary   := '-' unary | atom
    atom    := INT | 'true' | 'false' | NAME | NAME '(' expr (',' expr)* ')'
             | '(' expr ')'
    set     := '{' expr (',' expr)* '}'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from adjudicator.core.expr import ast

KEYWORDS = {"and", "or", "not", "in", "true", "false", "if", "then", "else"}
_TOKEN = re.compile(
    r"\s*(?:(?P<int>\d+)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<op>==|!=|<=|>=|<|>|\+|-|\*|\(|\)|\{|\}|,))"
)


class ExprSyntaxError(ValueError):
    """A syntax error at a 1-based column of the expression."""

    def __init__(self, message: str, col: int) -> None:
        super().__init__(f"column {col}: {message}")
        self.message = message
        self.col = col


@dataclass(frozen=True)
class Token:
    """One lexical token: kind is 'int', 'name', 'kw', 'op' or 'end'."""

    kind: str
    text: str
    col: int


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens, ending with an 'end' token."""
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            col = pos + len(text[pos:]) - len(text[pos:].lstrip()) + 1
            raise ExprSyntaxError(f"unexpected character {text[col - 1]!r}", col)
        kind = match.lastgroup or "op"
        value = match.group(kind)
        col = match.start(kind) + 1
        if kind == "name" and value in KEYWORDS:
            kind = "kw"
        tokens.append(Token(kind, value, col))
        pos = match.end()
    tokens.append(Token("end", "", len(text) + 1))
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = tokenize(text)
        self.pos = 0

    @property
    def tok(self) -> Token:
        return self.tokens[self.pos]

    def at(self, text: str) -> bool:
        return self.tok.kind in ("kw", "op") and self.tok.text == text

    def take(self, text: str) -> Token:
        if not self.at(text):
            found = self.tok.text or "end of expression"
            raise ExprSyntaxError(f"expected {text!r}, found {found!r}", self.tok.col)
        tok = self.tok
        self.pos += 1
        return tok

    def parse(self) -> ast.Node:
        node = self.expr()
        if self.tok.kind != "end":
            raise ExprSyntaxError(f"unexpected {self.tok.text!r}", self.tok.col)
        return node

    def expr(self) -> ast.Node:
        if self.at("if"):
            col = self.take("if").col
            cond = self.expr()
            self.take("then")
            then = self.expr()
            self.take("else")
            return ast.IfElse(col, cond, then, self.expr())
        return self.bool_op("or", self.and_)

    def and_(self) -> ast.Node:
        return self.bool_op("and", self.not_)

    def bool_op(self, op: str, sub: Callable[[], ast.Node]) -> ast.Node:
        first = sub()
        operands = [first]
        while self.at(op):
            self.pos += 1
            operands.append(sub())
        if len(operands) == 1:
            return first
        return ast.BoolOp(first.col, op, tuple(operands))

    def not_(self) -> ast.Node:
        if self.at("not"):
            col = self.take("not").col
            return ast.Not(col, self.not_())
        return self.cmp()

    def cmp(self) -> ast.Node:
        left = self.sum()
        if self.tok.kind == "op" and self.tok.text in ast.CMP_OPS:
            op = self.tok.text
            self.pos += 1
            return ast.Compare(left.col, op, left, self.sum())
        if self.at("in"):
            self.pos += 1
            return ast.In(left.col, left, self.set_(), negated=False)
        if self.at("not") and self.tokens[self.pos + 1].text == "in":
            self.pos += 2
            return ast.In(left.col, left, self.set_(), negated=True)
        return left

    def set_(self) -> tuple[ast.Node, ...]:
        self.take("{")
        items = [self.expr()]
        while self.at(","):
            self.pos += 1
            items.append(self.expr())
        self.take("}")
        return tuple(items)

    def sum(self) -> ast.Node:
        node = self.prod()
        while self.tok.kind == "op" and self.tok.text in ("+", "-"):
            op = self.tok.text
            self.pos += 1
            node = ast.Arith(node.col, op, node, self.prod())
        return node

    def prod(self) -> ast.Node:
        node = self.unary()
        while self.at("*"):
            self.pos += 1
            node = ast.Arith(node.col, "*", node, self.unary())
        return node

    def unary(self) -> ast.Node:
        if self.at("-"):
            col = self.take("-").col
            return ast.Neg(col, self.unary())
        return self.atom()

    def atom(self) -> ast.Node:
        tok = self.tok
        if tok.kind == "int":
            self.pos += 1
            return ast.IntLit(tok.col, int(tok.text))
        if tok.kind == "kw" and tok.text in ("true", "false"):
            self.pos += 1
            return ast.BoolLit(tok.col, tok.text == "true")
        if tok.kind == "name":
            self.pos += 1
            if self.at("("):
                return self.call(tok)
            return ast.Name(tok.col, tok.text)
        if self.at("("):
            self.pos += 1
            node = self.expr()
            self.take(")")
            return node
        found = tok.text or "end of expression"
        raise ExprSyntaxError(f"expected a value, found {found!r}", tok.col)

    def call(self, name: Token) -> ast.Node:
        if name.text not in ast.FUNCTIONS:
            known = ", ".join(ast.FUNCTIONS)
            raise ExprSyntaxError(f"unknown function {name.text!r} (known: {known})", name.col)
        self.take("(")
        args = [self.expr()]
        while self.at(","):
            self.pos += 1
            args.append(self.expr())
        self.take(")")
        return ast.Call(name.col, name.text, tuple(args))


def parse(text: str) -> ast.Node:
    """Parse ``text`` into an expression tree or raise :class:`ExprSyntaxError`."""
    return _Parser(text).parse()
