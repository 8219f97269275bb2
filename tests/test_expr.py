"""The expression language: parsing, round trips, type checking, evaluation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.expr import ast
from adjudicator.core.expr.compile import ceil_half, compile_expr
from adjudicator.core.expr.parser import ExprSyntaxError, parse
from adjudicator.core.expr.types import BOOL, Checker, EnumT, ExprTypeError, IntT
from adjudicator.core.expr.unparse import unparse

FACTS = {"die": IntT(1, 6), "speed": IntT(0, 20), "soaring": BOOL, "mode": EnumT(("foot", "wing", "water"))}
NAMES = st.sampled_from(["die", "speed", "soaring", "mode", "foot", "wing", "x_1"])


def exprs() -> st.SearchStrategy[ast.Node]:
    """Random (untyped) expression trees."""
    leaves = st.one_of(
        st.builds(ast.IntLit, st.just(1), st.integers(0, 99)),
        st.builds(ast.BoolLit, st.just(1), st.booleans()),
        st.builds(ast.Name, st.just(1), NAMES),
    )

    def extend(inner: st.SearchStrategy[ast.Node]) -> st.SearchStrategy[ast.Node]:
        return st.one_of(
            st.builds(ast.Neg, st.just(1), inner),
            st.builds(ast.Not, st.just(1), inner),
            st.builds(ast.Arith, st.just(1), st.sampled_from(ast.ARITH_OPS), inner, inner),
            st.builds(ast.Compare, st.just(1), st.sampled_from(ast.CMP_OPS), inner, inner),
            st.builds(ast.BoolOp, st.just(1), st.sampled_from(ast.BOOL_OPS), st.tuples(inner, inner)),
            st.builds(ast.In, st.just(1), inner, st.tuples(inner, inner), st.booleans()),
            st.builds(ast.Call, st.just(1), st.sampled_from(["min", "max"]), st.tuples(inner, inner)),
            st.builds(ast.Call, st.just(1), st.just("ceil_half"), st.tuples(inner)),
            st.builds(ast.IfElse, st.just(1), inner, inner, inner),
        )

    return st.recursive(leaves, extend, max_leaves=12)


@given(exprs())
@settings(max_examples=400)
def test_unparse_then_parse_is_identity(node: ast.Node) -> None:
    """parse(unparse(t)) == t for every tree (the parse -> write -> parse property)."""
    assert parse(unparse(node)) == node


@given(exprs())
@settings(max_examples=200)
def test_write_parse_write_is_stable(node: ast.Node) -> None:
    """Writing a parsed text gives the same text again."""
    text = unparse(node)
    assert unparse(parse(text)) == text


@given(st.text(alphabet="abdie01234 ()+-*<>=!{},_", max_size=30))
@settings(max_examples=500)
def test_fuzz_parser_fails_only_with_syntax_errors(text: str) -> None:
    """Arbitrary text either parses or raises ExprSyntaxError with a column."""
    col = 1
    try:
        parse(text)
    except ExprSyntaxError as exc:
        col = exc.col
    assert 1 <= col <= len(text) + 1


@pytest.mark.parametrize(
    ("text", "env", "value"),
    [
        ("die >= 4", {"die": 3}, False),
        ("die >= 4", {"die": 4}, True),
        ("die >= 4", {"die": 5}, True),
        ("speed - 1 * 2", {"speed": 7}, 5),
        ("-speed + 3", {"speed": 2}, 1),
        ("ceil_half(speed)", {"speed": 7}, 4),
        ("min(speed, 3, 9)", {"speed": 5}, 3),
        ("max(speed, 3)", {"speed": 1}, 3),
        ("mode in {wing, water}", {"mode": "wing"}, True),
        ("mode not in {wing, water}", {"mode": "wing"}, False),
        ("not soaring and die == 6 or speed == 0", {"soaring": False, "die": 6, "speed": 3}, True),
        ("if soaring then speed else 0", {"soaring": False, "speed": 9}, 0),
        ("mode == foot", {"mode": "foot"}, True),
        ("foot == mode", {"mode": "water"}, False),
    ],
)
def test_evaluation_table(text: str, env: dict[str, int | bool | str], value: int | bool) -> None:
    """Typed, compiled expressions evaluate as the grammar says."""
    typed, _ = Checker(FACTS).check(parse(text))
    assert compile_expr(typed)(env) == value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("dice >= 4", "unknown fact 'dice'"),
        ("die and soaring", "expected bool, found int 1..6"),
        ("mode == flying", "'flying' is neither a fact nor one of enum"),
        ("mode < wing", "'<' needs integers"),
        ("soaring + 1", "expected int"),
        ("ceil_half(1, 2)", "exactly one argument"),
        ("min(die)", "at least two arguments"),
        ("if die then 1 else 2", "expected bool"),
    ],
)
def test_type_errors_are_named(text: str, message: str) -> None:
    """Type errors say what was expected and where."""
    with pytest.raises(ExprTypeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Checker(FACTS).expect(parse(text), BOOL)


@pytest.mark.parametrize(("text", "col"), [("die >=", 7), ("(die", 5), ("die # 4", 5), ("foo(1)", 1), ("1 2", 3)])
def test_syntax_errors_carry_columns(text: str, col: int) -> None:
    """Syntax errors point at the offending column."""
    with pytest.raises(ExprSyntaxError) as info:
        parse(text)
    assert info.value.col == col


@given(st.integers(-50, 50))
def test_ceil_half_is_the_smallest_upper_half(value: int) -> None:
    """ceil_half(v) is the least integer h with 2h >= v."""
    half = ceil_half(value)
    assert 2 * half >= value > 2 * (half - 1)


def test_no_eval_on_hostile_text() -> None:
    """Python syntax is not accepted: no attribute access, no calls to unknown names."""
    for text in ("__import__('os')", "die.real", "open(1)", "lambda: 1"):
        with pytest.raises(ExprSyntaxError):
            parse(text)
