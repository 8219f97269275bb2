"""What one decision's findings are computed from: the keys of ``check``'s per-decision cache.

``check`` solves each decision of a ruleset (under the default readings and
every other reading that touches it) and each rule with readings (its
ambiguity finding) in its own fresh Z3 context (:func:`proofs.solver.fresh_context`),
so each *part*'s findings depend only on what the part reads, never on what
was solved before it. A part's key (:func:`decision_key`, :func:`ambiguity_key`)
hashes exactly that:

- the decision as declared: id, title, topic, type, facts (names and types),
  invariants, default rule, and the game's fallback rule;
- per choice of readings, every rule that may decide it (the engine's index),
  in order: what a finding shows of it (:func:`proofs.report.rule_ref`: title,
  paraphrase, citations), its clauses on the decision (written back as spec
  text) and which of those rules override it under the readings.

Editing one rule's ``says`` or ``when`` changes the keys of the decisions that
rule decides (and of its readings' ambiguity finding) only; every other part
is read from :class:`proofs.findings_cache.Parts`. The code is not part of these
keys: the parts file as a whole carries :func:`proofs.findings_cache.code_fingerprint`.

:func:`engine_key` is the narrower key of what the *engine* answers for a
decision (no paraphrase, no citation): the board tables of :mod:`proofs.boards`
are kept under it, so a paraphrase edit keeps the boards.

It loads no solver: :mod:`proofs.report` (and z3 with it) is imported only for the keys that cite rules.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

from adjudicator.core.expr import ast
from adjudicator.core.expr.unparse import unparse
from adjudicator.core.model import Decision, Rule
from adjudicator.core.spec import Spec

FORMAT = "adjudicator-decision-key 1"


def digest(data: Any) -> str:
    """A part's key: the hash of ``data`` (JSON; objects without a JSON form by their ``repr``)."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, default=repr)
    return hashlib.blake2b(f"{FORMAT}\0{text}".encode(), digest_size=20).hexdigest()


def declared(decision: Decision) -> list[Any]:
    """The decision as its findings and the engine read it (not where it is written)."""
    return [
        decision.id,
        decision.game,
        decision.title,
        decision.topic,
        repr(decision.type),
        [[name, repr(fact.type)] for name, fact in decision.facts.items()],
        [unparse(inv.expr) for inv in decision.invariants],
        decision.default,
    ]


def _overriders(spec: Spec, ruleset: str, readings: Mapping[str, str]) -> dict[str, set[str]]:
    """For every rule, the rules that override it (transitively) under ``readings`` (as :mod:`proofs.encode`).

    Worked out once per ruleset and override graph in a loaded spec (kept in its memo): a reading whose
    ``overrides`` are its rule's default ones gives the graph of the default readings (:func:`_shaping`).
    """
    shaping = _shaping(spec, ruleset, readings)
    memo = ("decision_cache.overriders", ruleset, tuple(sorted(shaping.items())))
    known = spec.memo.get(memo)
    if isinstance(known, dict):
        return known
    above: dict[str, set[str]] = {}
    for rule, beaten in spec.engine.below(ruleset, shaping).items():
        for other in beaten:
            above.setdefault(other, set()).add(rule)
    spec.remember(memo, above)
    return above


def _shaping(spec: Spec, ruleset: str, readings: Mapping[str, str]) -> dict[str, str]:
    """The readings that change the override graph of ``ruleset`` (:func:`adjudicator.core.graph.reading_graph`).

    The graph takes from a rule only its chosen view's ``overrides``, and only from a rule of the ruleset that
    is neither a reading nor a restatement; a reading whose view overrides what the default view does (in the
    same order) leaves the graph as the default readings make it. A reading not known stays (as given).
    """
    out: dict[str, str] = {}
    for rule_id, name in readings.items():
        rule = spec.rules.get(rule_id)
        if rule is None or ruleset not in rule.views or rule.reading_of or rule.restates:
            continue
        options = rule.readings.get(ruleset)
        if options is None:
            continue
        chosen = options.options.get(name or options.default)
        if chosen is None or chosen.overrides != rule.view(ruleset).overrides:
            out[rule_id] = name
    return out


def candidates(spec: Spec, ruleset: str, decision_id: str) -> list[Rule]:
    """The rules that may decide the decision in ``ruleset`` (the engine's index, in spec order)."""
    return list(spec.engine.index.get((ruleset, decision_id), []))


def _text(node: ast.Node | None) -> str | None:
    return unparse(node) if node is not None else None


def _rules(
    spec: Spec, ruleset: str, decision: Decision, readings: Mapping[str, str], *, prose: bool = False
) -> list[Any]:
    """The rules that may decide ``decision`` under ``readings``: clauses, overriders, and (``prose``) refs.

    Kept in the spec's memo under what it reads of ``readings``: the readings of those rules, and the
    readings that change the override graph (:func:`_shaping`).
    """
    rules = candidates(spec, ruleset, decision.id)
    ids = {rule.id for rule in rules}
    own = tuple(sorted((r, n) for r, n in readings.items() if r in ids))
    shaping = tuple(sorted(_shaping(spec, ruleset, readings).items()))
    memo = ("decision_cache.rules", ruleset, decision.id, prose, own, shaping)
    known = spec.memo.get(memo)
    if isinstance(known, list):
        return known
    above = _overriders(spec, ruleset, readings)
    out: list[Any] = []
    for rule in rules:
        view = rule.view(ruleset, readings.get(rule.id))
        clauses = [[_text(c.when), unparse(c.then)] for c in view.clauses if c.decision == decision.id]
        part: list[Any] = [rule.id, view.reading, clauses, sorted(ids & above.get(rule.id, set()))]
        if prose:
            from proofs.report import rule_ref  # noqa: PLC0415 - the engine keys (boards) load no solver

            part.append(rule_ref(spec, view))
        out.append(part)
    spec.remember(memo, out)
    return out


def decision_part(spec: Spec, ruleset: str, decision: Decision, readings: Mapping[str, str]) -> list[Any]:
    """Everything a finding of ``decision`` under ``readings`` is computed from (see the module)."""
    game = spec.game(ruleset)
    fallback = spec.fallback.get(game)
    return [
        ruleset,
        sorted(readings.items()),
        declared(decision),
        fallback,
        _rules(spec, ruleset, decision, readings, prose=True),
    ]


def decision_key(spec: Spec, ruleset: str, decision: Decision, variants: Iterable[Mapping[str, str] | None]) -> str:
    """The key of one decision's part: its findings under each choice of readings in ``variants``, in order."""
    return digest(["decision", [decision_part(spec, ruleset, decision, v or {}) for v in variants]])


def ambiguity_key(spec: Spec, ruleset: str, rule: Rule) -> str:
    """The key of one rule's ambiguity finding: its readings, and the decisions they touch under each."""
    from proofs.report import rule_ref  # noqa: PLC0415 - the engine keys (boards) load no solver

    readings = rule.readings[ruleset]
    options = [
        [
            name,
            rule_ref(spec, view),
            [[c.decision, unparse(c.when) if c.when else None, unparse(c.then)] for c in view.clauses],
        ]
        for name, view in readings.options.items()
    ]
    touched = sorted({c.decision for view in readings.options.values() for c in view.clauses})
    decisions = [
        decision_part(spec, ruleset, spec.decision(ruleset, d), {rule.id: name})
        for d in touched
        for name in readings.options
    ]
    return digest(["ambiguity", ruleset, rule.id, rule.topic, readings.default, readings.reason, options, decisions])


def engine_keys(spec: Spec, ruleset: str) -> dict[str, str]:
    """Per decision of the ruleset's game, what the engine answers for it under the default readings.

    Its declaration, the game's fallback, and the rules that may decide it: their clauses and which override
    which. Paraphrases, titles and citations are left out: the engine's values do not depend on them.
    """
    game = spec.game(ruleset)
    fallback = spec.fallback.get(game)
    return {
        decision.id: digest(
            ["engine", ruleset, fallback, declared(decision), _rules(spec, ruleset, decision, {}, prose=False)]
        )
        for (owner, _), decision in sorted(spec.decisions.items())
        if owner == game
    }


def engine_key(spec: Spec, ruleset: str) -> str:
    """:func:`engine_keys` as one key: the board tables of :mod:`proofs.boards` are kept under it.

    Worked out once per loaded spec (kept in its memo).
    """
    memo = ("decision_cache.engine_key", ruleset)
    known = spec.memo.get(memo)
    if not isinstance(known, str):
        known = digest(["engine", ruleset, sorted(engine_keys(spec, ruleset).items())])
        spec.remember(memo, known)
    return known


def engine_part(spec: Spec, ruleset: str, decision_id: str, readings: Mapping[str, str]) -> list[Any] | None:
    """What the engine answers for one decision under ``readings``: as :func:`engine_keys`, readings chosen.

    The decision as declared, the game's fallback, and the rules that may decide it: their clauses under
    the readings and which override which. None for a decision the ruleset's game does not have.
    """
    try:
        decision = spec.decision(ruleset, decision_id)
    except KeyError:
        return None
    fallback = spec.fallback.get(spec.game(ruleset))
    rules = _rules(spec, ruleset, decision, readings, prose=False)
    return ["engine", ruleset, sorted(readings.items()), fallback, declared(decision), rules]


def replay_key(spec: Spec, rulesets: Iterable[str]) -> str:
    """What replaying a board under ``rulesets`` (any readings) answers.

    Their :func:`engine_key`, and every reading's clauses and overrides (a board may be replayed under one).
    """
    parts: list[Any] = []
    for ruleset in sorted(set(rulesets)):
        readings = [
            [rule.id, name, [[c.decision, _text(c.when), unparse(c.then)] for c in view.clauses], list(view.overrides)]
            for rule in spec.rules.values()
            if ruleset in rule.readings
            for name, view in rule.readings[ruleset].options.items()
        ]
        parts.append([ruleset, engine_key(spec, ruleset), readings])
    return digest(["replay", parts])
