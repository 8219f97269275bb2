"""The ``ruling`` query, shared by every game: a judge's rules question that no board query asks.

A situation file of any game may ask one decision of its ruleset directly,
with the decision's facts written out::

    query:
      kind: ruling
      decision: campaign.global_achievement
      facts: {same_type_held: true}

The answer is the decision's value under the situation's ruleset and
``readings:`` (:meth:`adjudicator.core.spec.Spec.decide`). Set-up, scoring,
campaign, town, item and turn-order questions have no board query of their
own; a ruling reaches the rules that decide them. The board of the file is
read and checked as for every query, but the ruling does not depend on it.

**Verdict.** ``answered`` whatever the decision's type (a boolean decision is
a yes/no answer, not a permission about a piece, so it is never read as
``legal``/``illegal``); ``undecided`` when no rule of the ruleset applies to
those facts and the decision has no default. **Outcome.**
``{decision, value, status}`` with ``status`` ``decided`` (a rule decides),
``default`` (the decision's default rule) or ``undecided``. **Trace.** The
decision's own steps, each citing its rule, marked as deciding.

Each game's reader reads the query with :func:`read_ruling` (the names and
values only: its reader has no spec); the decision and its facts are checked
against the spec when the query is answered (:func:`answer`), with an error
positioned on ``query.decision`` or ``query.facts.NAME``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal

from adjudicator.core.errors import PositionedError
from adjudicator.core.yamlpos import is_map, key_line
from adjudicator.situation.fields import Fields, describe, fail

if TYPE_CHECKING:
    from adjudicator.core.expr.types import Type
    from adjudicator.core.spec import Spec
    from adjudicator.situation.answer import Answer
    from adjudicator.situation.base import Situation

KIND: Final = "ruling"
FIELDS: Final = ("decision", "facts")
"""The fields of a ruling query besides ``kind``."""
SUMMARY: Final = "a rules question no board query asks: one decision's value for facts written out"
FactValue = bool | int | str
"""A fact's value: true/false, a whole number or an enum name (each decision's fact types say which)."""


@dataclass(frozen=True)
class RulingQuery:
    """One decision of the ruleset's game, asked for the facts given."""

    decision: str
    facts: Mapping[str, FactValue] = field(default_factory=dict)
    kind: Literal["ruling"] = "ruling"


def read_ruling(f: Fields) -> RulingQuery:
    """The ``decision`` and ``facts`` of a ruling query (names and scalar values; the spec checks them later).

    ``f`` is the ``query`` mapping; its other keys are checked by the game's reader. The line of every fact
    is recorded as ``query.facts.NAME`` so an error about it points there.
    """
    decision = f.text("decision")
    facts: dict[str, FactValue] = {}
    if f.has("facts"):
        value = f.raw("facts")
        if not is_map(value):
            f.fail("facts", f"expected a mapping of fact name to value such as {{evaded: true}}, got {describe(value)}")
        for key, given in value.items():
            path = f"{f.name('facts')}.{key}"
            line = key_line(value, key, f.line("facts"))
            f.lines[path] = line
            if not isinstance(key, str):
                fail(f.shown, line, path, f"expected a fact name, got {describe(key)}")
            if not isinstance(given, bool | int | str):
                fail(f.shown, line, path, f"expected true or false, a whole number or a name, got {describe(given)}")
            facts[key] = given
    return RulingQuery(decision, facts)


def dump_ruling(query: RulingQuery) -> dict[str, Any]:
    """The ``query`` mapping of a ruling, as plain data (the writers put it in flow or block style)."""
    out: dict[str, Any] = {"kind": KIND, "decision": query.decision}
    if query.facts:
        out["facts"] = dict(query.facts)
    return out


def ruling_schema() -> dict[str, Any]:
    """The JSON Schema of a ruling query (every game's is the same)."""
    value = {"anyOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "string"}]}
    return {
        "type": "object",
        "properties": {
            "kind": {"const": KIND},
            "decision": {"type": "string", "minLength": 1, "description": "a decision id of the ruleset's game"},
            "facts": {
                "type": "object",
                "additionalProperties": value,
                "description": "the decision's facts, by name (adjudicator rules RULESET lists them)",
            },
        },
        "required": ["kind", "decision"],
        "additionalProperties": False,
        "description": SUMMARY,
    }


def expected(ftype: Type) -> str:
    """What a value of ``ftype`` looks like, for messages."""
    from adjudicator.core.expr.types import BoolT, IntT  # noqa: PLC0415 - the expression types only when checking

    if isinstance(ftype, BoolT):
        return "true or false"
    if isinstance(ftype, IntT):
        return f"a whole number {ftype.lo}..{ftype.hi}"
    return "one of " + ", ".join(ftype.values)


def _near(word: str, known: list[str], what: str) -> str:
    """`` (did you mean x?)`` for the closest known names, else the list of them."""
    from difflib import get_close_matches  # noqa: PLC0415 - only for a mistyped name

    close = get_close_matches(word, known, n=3, cutoff=0.6)
    if close:
        return f" (did you mean {', '.join(close)}?)"
    return f" ({what}: {', '.join(known)})" if len(known) <= LISTED else f" (see `adjudicator rules` for the {what})"


def as_ruling(query: object) -> RulingQuery:
    """The ruling a query asks: a :class:`RulingQuery`, or a game's plain query of kind ``ruling``.

    A game that keeps every query as its kind and a ``fields`` mapping (the house game) holds the
    ``decision`` and ``facts`` :func:`read_ruling` read there.
    """
    if isinstance(query, RulingQuery):
        return query
    fields = getattr(query, "fields", None)
    if getattr(query, "kind", None) != KIND or not isinstance(fields, Mapping):
        msg = f"a ruling answer was asked for a {getattr(query, 'kind', '?')} query"
        raise TypeError(msg)
    return RulingQuery(str(fields["decision"]), dict(fields.get("facts") or {}))


LISTED: Final = 12
"""The most names a message lists in full (beyond, it says where to find them)."""
_NEEDS = re.compile(r"needs fact '([^']+)'")


def answer(spec: Spec, situation: Situation) -> Answer:
    """The value of the query's decision for its facts, with the decision's cited steps as the trace."""
    from adjudicator.core.engine import FactError  # noqa: PLC0415 - the engine only when answering
    from adjudicator.core.expr.types import contains  # noqa: PLC0415 - same
    from adjudicator.situation.answer import Answer  # noqa: PLC0415 - same

    query = as_ruling(situation.query)
    ruleset = situation.ruleset

    def refuse(field_path: str, message: str) -> PositionedError:
        return PositionedError(situation.where(field_path), f"{field_path}: {message}")

    game = spec.game(ruleset)
    try:
        decision = spec.decision(ruleset, query.decision)
    except KeyError:
        known = sorted(d for (g, d) in spec.decisions if g == game)
        near = _near(query.decision, known, "decisions")
        raise refuse("query.decision", f"not a decision of {ruleset}: {query.decision!r}{near}") from None
    for name, value in query.facts.items():
        fact = decision.facts.get(name)
        where = f"query.facts.{name}"
        if fact is None:
            raise refuse(where, f"{decision.id} has no fact {name!r}{_near(name, sorted(decision.facts), 'facts')}")
        if not contains(fact.type, value):
            raise refuse(where, f"expected {expected(fact.type)} ({fact.says}), got {describe(value)}")
    try:
        result = spec.decide(ruleset, decision.id, dict(query.facts), situation.readings)
    except FactError as exc:
        needed = _NEEDS.search(str(exc))
        name = needed.group(1) if needed else ""
        fact = decision.facts.get(name)
        if fact is None:  # not the engine's "needs fact" message: say what it said
            raise refuse("query.facts", str(exc)) from None
        raise refuse(
            f"query.facts.{name}",
            f"missing: the answer depends on this fact of {decision.id} (expected {expected(fact.type)}: {fact.says})",
        ) from None
    verdict = "undecided" if result.status == "undecided" else "answered"
    out = Answer(
        ruleset,
        KIND,
        verdict,
        {"decision": decision.id, "value": result.value, "status": result.status},
    )
    out.cite(result, decides=result.status != "undecided")
    return out


__all__ = ["FIELDS", "KIND", "RulingQuery", "answer", "dump_ruling", "read_ruling", "ruling_schema"]
