"""The combat-value pipeline: replacement values, then modifiers under the rule of 3.

Every arithmetic step is a spec decision, evaluated through the table:

* ``value.applied_first`` says whether replacements or modifiers apply first
  when both bear on a value (both HorrorClix editions: the replacement);
* ``value.base`` turns the printed value into the base the modifiers start
  from: the printed value itself, a replacement value (``{replace: N}``) or
  half the value rounded as the ruleset says (``{halve: true}``). Several
  replacements apply in the order they arose, each to the value the
  previous one left (the fact ``printed`` then holds that value);
* ``value.rule_of_3`` adds the modifiers, capped and floored as the ruleset
  and the chosen reading say. Its facts name at most three modifiers in
  order (``mod1`` to ``mod3``). With more than three, the remaining ones are
  summed into ``mod3`` (keeping the invariant ``mods == mod1 + mod2 +
  mod3``); the answer stands only if the deciding rule does not look at the
  modifiers one by one, otherwise the value is undecided.

A fact outside the finite domain the spec declares for it (a modifier sum
of +12, say) cannot be put to the rules: the value is then undecided, with
the ruleset's fallback rule cited and the reason in its note.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import cast

from adjudicator.core.engine import Result, Step
from adjudicator.core.expr.ast import names
from adjudicator.core.expr.compile import Value
from adjudicator.core.expr.types import contains
from adjudicator.core.ruling import deciding
from adjudicator.games.clix.model import Effect
from adjudicator.games.clix.table import Table

ORDERED_FACTS = frozenset({"mod1", "mod2", "mod3"})
"""Facts of ``value.rule_of_3`` that give the modifiers one by one."""

NAMED_MODIFIERS = 3
"""How many modifiers ``value.rule_of_3`` can name in order."""


class Unanswerable(Exception):
    """The situation's facts cannot be put to a decision; the note says why."""

    def __init__(self, note: str) -> None:
        super().__init__(note)
        self.note = note


def domain_problem(table: Table, decision: str, facts: Mapping[str, Value]) -> str | None:
    """Why ``facts`` do not fit the declared domains of ``decision``, or ``None`` if they do.

    A pure function of the ruleset, the decision and the facts: kept in the spec's memo (keyed with each
    value's type too, since ``True == 1``).
    """
    merged = {**table.given, **facts} if table.given else facts
    key = ("values.domain_problem", table.ruleset, decision, tuple(merged.items()), tuple(map(type, merged.values())))
    known = table.spec.memo.get(key, _UNKNOWN)
    if known is _UNKNOWN:
        known = _domain_problem(table, decision, merged)
        table.spec.remember(key, known)
    return cast("str | None", known)


_UNKNOWN = object()


def _domain_problem(table: Table, decision: str, facts: Mapping[str, Value]) -> str | None:
    spec_decision = table.spec.decision(table.ruleset, decision)
    declared = spec_decision.facts
    facts = table.profile.adapt(spec_decision, facts)[0]
    for name, value in facts.items():
        fact = declared.get(name)
        if fact is not None and not contains(fact.type, value):
            return (
                f"fact {name} = {value!r} of {decision} lies outside the domain {fact.type} the spec "
                "declares for it, so no rule can be asked"
            )
    return None


def decide(table: Table, decision: str, facts: Mapping[str, Value]) -> Result:
    """``table.decide`` after checking the facts fit their domains (else :class:`Unanswerable`)."""
    problem = domain_problem(table, decision, facts)
    if problem is not None:
        raise Unanswerable(problem)
    return table.decide(decision, facts)


def looks_at(table: Table, result: Result, facts: frozenset[str]) -> list[str]:
    """The rules (as cited in ``result``) whose clauses for its decision read any of ``facts``."""
    out = []
    for step in result.trace:
        rule = table.spec.rules.get(step.rule)
        if rule is None or table.ruleset not in rule.views:
            continue
        view = rule.view(table.ruleset, step.reading)
        used: set[str] = set()
        for clause in view.clauses:
            if clause.decision == result.decision:
                used |= names(clause.then) | (names(clause.when) if clause.when is not None else set())
        if used & facts:
            out.append(step.rule + (f" (reading {step.reading})" if step.reading else ""))
    return out


@dataclass
class ValueResult:
    """A combat value and the cited steps that produced it (``value`` is None when undecided)."""

    value: int | None
    base: int | None = None
    replaced: bool = False
    modifiers: list[int] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    pipeline: list[str] = field(default_factory=list)
    """The value step by step, in words (``3 +4, limited to +3 by the rule of 3: 6``)."""
    asked: list[tuple[str, Mapping[str, Value]]] = field(default_factory=list, repr=False, compare=False)
    """The decisions put to the table, with their facts, in order (replayed on a memo hit)."""

    @property
    def undecided(self) -> bool:
        """Whether some rule left the value open."""
        return self.value is None

    def cite(self, result: Result, *, decides: bool = False) -> Result:
        """Keep a decision's steps and return it (``decides``: they give the value, see :func:`deciding`)."""
        self.steps.extend(map(deciding, result.trace) if decides else result.trace)
        return result

    def copy(self) -> ValueResult:
        """A copy whose lists are its own (a caller may extend them)."""
        return ValueResult(
            self.value, self.base, self.replaced, [*self.modifiers], [*self.steps], [*self.pipeline], [*self.asked]
        )


def _is_replacement(effect: Effect) -> bool:
    return effect.op in ("replace", "halve")


def combat_value(table: Table, printed: int, effects: Sequence[Effect]) -> ValueResult:
    """The value of a combat value showing ``printed`` after ``effects`` (in the order they arose).

    Kept in the spec's memo when the table has no readings and no given facts (``query.facts``): the value,
    its steps and its pipeline are then a pure function of the ruleset, the printed value and the effects
    (the decisions asked, their domain checks and the fallback rule depend on nothing else; a rule conflict
    is raised, never kept). A memo hit still puts every decision the pipeline asked to the table, with the
    same facts (:attr:`ValueResult.asked`), so the table (its ``assumed`` facts) sees what the pipeline
    would have asked. Each call returns a copy of its own.
    """
    if table.given or table.readings:
        return _combat_value(table, printed, effects)
    key = ("values.combat_value", table.ruleset, printed, tuple((e.op, e.n, type(e.n)) for e in effects))
    known = table.spec.memo.get(key)
    if isinstance(known, ValueResult):
        for decision, facts in known.asked:
            table.decide(decision, facts)
        return known.copy()
    out = _combat_value(table, printed, effects)
    table.spec.remember(key, out.copy())
    return out


def _combat_value(table: Table, printed: int, effects: Sequence[Effect]) -> ValueResult:
    """:func:`combat_value`, worked out."""
    out = ValueResult(None)
    try:
        out.value = _pipeline(table, printed, effects, out)
    except Unanswerable as exc:
        out.value = None
        out.steps.append(deciding(table.fallback_step(exc.note)))
    except Open:
        out.value = None
    return out


class Open(Exception):
    """A decision came back undecided; its steps (with the fallback) are already in the answer or the value."""


def _decide(table: Table, out: ValueResult, decision: str, facts: Mapping[str, Value]) -> Result:
    """:func:`decide`, noting the call in ``out.asked`` once the table has been asked."""
    result = decide(table, decision, facts)
    out.asked.append((decision, facts))
    return result


def _ask(table: Table, out: ValueResult, decision: str, facts: Mapping[str, Value], *, decides: bool = False) -> Value:
    """Ask and cite a decision; an undecided one (its fallback step then decides) stops the pipeline."""
    result = _decide(table, out, decision, facts)
    out.cite(result, decides=decides or result.value is None)
    if result.value is None:
        raise Open
    return result.value


def _stages(table: Table, effects: Sequence[Effect], out: ValueResult) -> list[list[Effect]]:
    """The effects grouped in the order the ruleset applies them (``value.applied_first``)."""
    reps = [i for i, e in enumerate(effects) if _is_replacement(e)]
    mods = [i for i, e in enumerate(effects) if e.op == "modify"]
    order: Value = "replacement"
    if reps and mods:
        order = _ask(table, out, "value.applied_first", {"modifier_arose_first": mods[0] < reps[-1]}, decides=True)
    if order != "replacement":
        return _arising_order(effects)
    stages = [[effects[i] for i in reps], [effects[i] for i in mods]]
    return [s for s in stages if s]


def _pipeline(table: Table, printed: int, effects: Sequence[Effect], out: ValueResult) -> int:
    current = printed
    out.pipeline.append(f"printed: {printed}")
    if not any(_is_replacement(e) for e in effects):
        current = out.base = int(
            _ask(table, out, "value.base", {"printed": printed, "replacement": "none", "set_to": 0})
        )
    stages = _stages(table, effects, out)
    if not any(e.op == "modify" for e in effects):
        stages.append([])  # the rule of 3 (and its floor at 0) is still asked, with mods = 0
    for stage in stages:
        if stage and _is_replacement(stage[0]):
            for effect in stage:
                current = _replace(table, current, effect, out)
        else:
            current = _modify(table, current, [e.n for e in stage], out)
    return current


def _arising_order(effects: Sequence[Effect]) -> list[list[Effect]]:
    """Runs of effects of one kind, in the order they arose."""
    stages: list[list[Effect]] = []
    for effect in effects:
        if stages and _is_replacement(stages[-1][0]) == _is_replacement(effect):
            stages[-1].append(effect)
        else:
            stages.append([effect])
    return stages


def _replace(table: Table, current: int, effect: Effect, out: ValueResult) -> int:
    facts: dict[str, Value] = {
        "printed": current,
        "replacement": "set" if effect.op == "replace" else "halve",
        "set_to": effect.n if effect.op == "replace" else 0,
    }
    out.base = int(_ask(table, out, "value.base", facts, decides=True))  # the replacement gives the base
    out.replaced = True
    how = f"replaced by {effect.n}" if effect.op == "replace" else f"halved ({current} / 2, rounded as the rules say)"
    out.pipeline.append(f"{how}: {out.base}")
    return out.base


def _modify(table: Table, base: int, mods: list[int], out: ValueResult) -> int:
    if out.base is None:
        out.base = base
    out.modifiers += mods
    named = [*mods[: NAMED_MODIFIERS - 1], sum(mods[NAMED_MODIFIERS - 1 :])] if mods else []
    named += [0] * (NAMED_MODIFIERS - len(named))
    facts: dict[str, Value] = {
        "base": base,
        "mods": sum(mods),
        "replaced": out.replaced,
        "mod1": named[0],
        "mod2": named[1],
        "mod3": named[2],
    }
    for index, mod in enumerate(mods):
        problem = domain_problem(table, "value.rule_of_3", {"mod1": mod})
        if problem is not None:
            raise Unanswerable(f"modifier {index + 1} ({mod:+d}): {problem}")
    result = _decide(table, out, "value.rule_of_3", facts)
    ordered = looks_at(table, result, ORDERED_FACTS) if len(mods) > NAMED_MODIFIERS else []
    if ordered:
        out.steps.append(
            deciding(
                table.fallback_step(
                    f"{len(mods)} modifiers arose, but {', '.join(ordered)} takes them one by one and "
                    f"value.rule_of_3 names only {NAMED_MODIFIERS}: the rules cannot be asked about the rest"
                )
            )
        )
        raise Open
    out.cite(result, decides=True)  # the rule of 3 (and its floor) gives the value
    if result.value is None:
        raise Open
    value = int(result.value)
    total, applied = sum(mods), value - base
    listed = ", ".join(f"{m:+d}" for m in mods) or "none"
    if applied == total:
        out.pipeline.append(f"modifiers {listed}: {base} {total:+d} = {value}")
    else:
        out.pipeline.append(
            f"modifiers {listed} (total {total:+d}) limited to {applied:+d} "
            f"({', '.join(dict.fromkeys(s.rule for s in result.trace))}): {base} {applied:+d} = {value}"
        )
    return value
