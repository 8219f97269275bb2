"""The loaded spec: decisions, facts, rules and their per-ruleset views."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from adjudicator.core.errors import Where
from adjudicator.core.expr import ast
from adjudicator.core.expr.compile import Fn, compile_expr
from adjudicator.core.expr.types import Type
from adjudicator.core.expr.unparse import unparse
from adjudicator.core.sources import Citation

_COMPILED = ("fn", "when_fn", "then_fn", "when_text")
"""Attributes made from the fields on first use (closures, a condition's text), never pickled
(see :mod:`adjudicator.core.spec_cache`)."""


_PACKED = "_packed"
"""Where an object loaded from the spec cache keeps its packed fields until one of them is read."""


def _without_compiled(obj: object) -> dict[str, Any]:
    """An object's state for pickling: its fields, not the closures compiled from them."""
    return {k: v for k, v in obj.__dict__.items() if k not in _COMPILED}


def _pack(state: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """A pickled state with the named fields moved into one nested pickle, unpickled when one is first read.

    An ``ask`` loads every rule of its game from the spec cache and reads few: the rules' views and the
    clauses' expression trees are most of the entry, and unpickling them all would be most of its load time.
    """
    if any(name in state for name in names):
        fields = {name: state.pop(name) for name in names if name in state}
        state[_PACKED] = pickle.dumps(fields, protocol=pickle.HIGHEST_PROTOCOL)
    return state


def _unpack(obj: object, name: str, names: tuple[str, ...]) -> Any:
    """The packed field ``name`` of an object loaded from the cache (its packed fields become fields again)."""
    packed = obj.__dict__.get(_PACKED) if name in names else None
    if packed is None:
        raise AttributeError(f"{type(obj).__name__!r} object has no attribute {name!r}")
    fields = pickle.loads(packed)  # noqa: S301 - written by _pack into our own cache entry
    for key, value in fields.items():
        obj.__dict__.setdefault(key, value)  # another thread may have unpacked them first: its values stay
    obj.__dict__.pop(_PACKED, None)
    return obj.__dict__[name]


@dataclass(frozen=True)
class Fact:
    """A typed input of a decision."""

    name: str
    type: Type
    says: str


@dataclass(frozen=True)
class Invariant:
    """A link between facts that every real table situation obeys."""

    text: str
    expr: ast.Node
    where: Where

    @cached_property
    def fn(self) -> Fn:
        """The invariant compiled to a function of the facts (on first use)."""
        return compile_expr(self.expr)

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the expression (packed: :func:`_pack`), not the compiled closure."""
        return _pack(_without_compiled(self), ("expr",))

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Take the pickled state as it is (the expression stays packed until read)."""
        self.__dict__.update(state)

    if not TYPE_CHECKING:  # (hidden from mypy, which would take any attribute name as valid)

        def __getattr__(self, name: str) -> Any:
            """The expression, unpacked on first read after unpickling."""
            return _unpack(self, name, ("expr",))


@dataclass
class Decision:
    """A named question the rules answer, over finite typed facts."""

    id: str
    game: str
    title: str
    type: Type
    facts: dict[str, Fact]
    invariants: list[Invariant]
    default: str | None
    where: Where
    topic: str


@dataclass(frozen=True)
class Clause:
    """One guarded implication: when ``when`` holds, ``decision`` is ``then``."""

    decision: str
    when: ast.Node | None
    then: ast.Node
    where: Where

    @cached_property
    def when_fn(self) -> Fn | None:
        """The condition compiled to a function of the facts (None: always), made on first use."""
        return compile_expr(self.when) if self.when is not None else None

    @cached_property
    def then_fn(self) -> Fn:
        """The result compiled to a function of the facts, made on first use."""
        return compile_expr(self.then)

    @cached_property
    def when_text(self) -> str | None:
        """The condition written back as spec text (a trace step's note), made on first use; None: always."""
        return unparse(self.when) if self.when is not None else None

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the expressions (packed: :func:`_pack`), not the compiled closures."""
        return _pack(_without_compiled(self), ("when", "then"))

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Take the pickled state as it is (the expressions stay packed until read)."""
        self.__dict__.update(state)

    if not TYPE_CHECKING:  # (hidden from mypy, which would take any attribute name as valid)

        def __getattr__(self, name: str) -> Any:
            """An expression, unpacked on first read after unpickling."""
            return _unpack(self, name, ("when", "then"))


@dataclass(frozen=True)
class RuleView:
    """A rule as it stands in one ruleset under one reading."""

    id: str
    ruleset: str
    reading: str | None
    title: str
    says: str
    cites: tuple[Citation, ...]
    clauses: tuple[Clause, ...]
    overrides: tuple[str, ...]
    not_modelled: str | None
    where: Where

    @property
    def formal(self) -> bool:
        """Whether the rule has a formal part in this ruleset."""
        return bool(self.clauses)


@dataclass
class Readings:
    """The named readings of a rule in one ruleset and the default one."""

    default: str
    reason: str
    options: dict[str, RuleView]


@dataclass
class Rule:
    """A rule with its views per ruleset (and per reading where ambiguous)."""

    id: str
    game: str
    topic: str
    where: Where
    rulesets: tuple[str, ...]
    views: dict[str, RuleView] = field(default_factory=dict)
    readings: dict[str, Readings] = field(default_factory=dict)
    restates: str | None = None
    reading_of: str | None = None
    also_cited: dict[str, list[tuple[str, Citation]]] = field(default_factory=dict)

    def view(self, ruleset: str, reading: str | None = None) -> RuleView:
        """The rule in ``ruleset`` under ``reading`` (default reading if None)."""
        options = self.readings.get(ruleset)
        if options is None:
            return self.views[ruleset]
        name = reading or options.default
        return options.options[name]

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the views, readings and other citations packed (:func:`_pack`): an answer reads few rules."""
        return _pack(dict(self.__dict__), _RULE_PACKED)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Take the pickled state as it is (the views stay packed until read)."""
        self.__dict__.update(state)

    if not TYPE_CHECKING:  # (hidden from mypy, which would take any attribute name as valid)

        def __getattr__(self, name: str) -> Any:
            """The views, readings or other citations, unpacked on first read after unpickling."""
            return _unpack(self, name, _RULE_PACKED)


_RULE_PACKED = ("views", "readings", "also_cited")
"""A rule's fields kept packed in the spec cache until read (together: readings share the views' objects)."""


@dataclass(frozen=True)
class NonRule:
    """Source lines that state no rule, with the reason."""

    cite: Citation
    reason: str
    where: Where


@dataclass(frozen=True)
class Merged:
    """An inventory id merged into (or split across) spec rules."""

    id: str
    into: tuple[str, ...]
    reason: str
    where: Where


@dataclass(frozen=True)
class Topic:
    """One topic file of a game."""

    game: str
    name: str
    title: str
    file: str
    order: str
