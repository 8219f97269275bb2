"""``diff A B``: every distinct way two rulesets answer a shared decision differently.

A decision is shared when both rulesets belong to its game, or, across games,
when both games declare a decision of that id over compatible facts (the same
result type, and one fact set contained in the other with the same types).

For each shared decision the solver looks for a situation (satisfying both
games' invariants) where the answers differ: the values, or one side
undecided or in conflict. Each witness is shrunk to the smallest situation
with the same responsible rules, reported with each side's answer and firing
rules, and then the whole region where the same rules fire on both sides is
blocked, so one textual difference is reported once. At most
:data:`DIFFS_PER_DECISION` findings are reported per decision.

Every finding starts with the ``question`` (the decision's title) and a
one-line ``summary`` of each side's answer, and cites on each side both the
rules that decide and the *counterparts*: the same rules' wording in the
other ruleset (a rule, or its variant, that exists there but does not fire).
``citations`` gathers them per side as ``[{"source": FILE, "lines": [[lo, hi]]}]``.

Rules both rulesets carry whose paraphrase differs between them (a variant),
and that no formal finding already cites, are reported as ``textual``
differences, with both paraphrases and both citations: no query answer
changes for them.

A side may be a ruleset with readings chosen (``RULESET@RULE=READING``), so
two readings of one ruleset can be compared. Findings are grouped by topic
and ranked: those a board shows first (:mod:`proofs.witness` keeps a board
only if its replay differs in verdict or outcome), then formal differences no
board shows (``no query answer changes``), then textual ones.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import z3

from adjudicator.core.model import Decision
from adjudicator.core.spec import Spec
from proofs import decision_cache, findings_cache
from proofs.encode import Facts, Side, disagree, encode, term, to_bool
from proofs.forking import fork_map
from proofs.nearest import closest
from proofs.report import (
    NO_CHANGE,
    Finding,
    compatible,
    fired_refs,
    merge_citations,
    parse_side,
    rule_ref,
    shorten,
    show,
)
from proofs.solver import Status, fresh_context, minimise, new_solver, search

if TYPE_CHECKING:
    from proofs.boards import Started

DIFFS_PER_DECISION = 8
PARALLEL_FROM = 16
"""Decisions to solve from which they are shared among :func:`proofs.forking.jobs` worker processes."""
Progress = Callable[[str], None] | None


def run(spec: Spec, a: str, b: str, *, progress: Progress = None, boards: bool = True) -> list[Finding]:
    """Every distinct disagreement between ``a`` and ``b`` (rulesets, optionally ``@RULE=READING``), ranked.

    With ``boards``, each finding on a decision the engine evaluates from a
    situation gets a witness board (:mod:`proofs.witness`).
    """
    fresh_context()
    started = None
    if boards:
        from proofs.board_bundle import start  # noqa: PLC0415 - the engine's queries only when boards are wanted

        started = start(spec, [parse_side(a)[0], parse_side(b)[0]])
    try:
        return _run(spec, a, b, progress, started, boards=boards)
    finally:
        if started is not None:
            started.close()


def _run(spec: Spec, a: str, b: str, progress: Progress, started: Started | None, *, boards: bool) -> list[Finding]:
    parts = findings_cache.Parts("diff", [a, b])
    findings = _solved(spec, a, b, parts, progress, parallel=started is None)
    for finding in findings:
        _counterparts(spec, finding)
    findings += textual(spec, a, b, findings)
    findings += one_sided(spec, a, b, findings)
    if boards:
        from proofs.witness import attach  # noqa: PLC0415 - the engine's queries only when boards are wanted

        attach(spec, findings, progress=progress, started=started, parts=parts)
    parts.save()
    if boards:
        _ruled(spec, findings)
    for finding in findings:
        _finish(spec, finding)
    if boards and spec.game(parse_side(a)[0]) != spec.game(parse_side(b)[0]):
        # across games the solver pairs only decisions of the same facts: compare the concepts on boards too
        from proofs import concepts  # noqa: PLC0415 - the engine's queries only when boards are wanted

        fresh_context()  # as after a cold run's solving, whichever parts were kept
        found = concepts.fresh(concepts.run(spec, a, b, progress=progress), findings)
        for finding in _ruled(spec, found):
            finding["rank"], finding["shown"] = RANKS["board"], "board"
            finding.pop("board_note", None)
        findings += found
    return ordered(findings)


def _solved(
    spec: Spec, a: str, b: str, parts: findings_cache.Parts, progress: Progress, *, parallel: bool
) -> list[Finding]:
    """Every shared decision's disagreements: kept ones from ``parts``, the others solved.

    With ``parallel`` (no board scan holds the workers) and enough to solve, in forked worker processes: each
    part is solved in its own fresh Z3 context, so its findings are those of a serial run.
    """
    todo = [(decision, other, part_key(spec, a, b, decision, other)) for decision, other in shared(spec, a, b)]
    missing = [(decision, other, key) for decision, other, key in todo if not parts.has(key)]

    def solve_text(i: int) -> str:
        return json.dumps(solve_part(spec, a, b, missing[i][0], missing[i][1]))

    texts = fork_map(solve_text, len(missing), least=PARALLEL_FROM) if parallel else None
    computed = {key: text for (_, _, key), text in zip(missing, texts or [], strict=False)}
    findings: list[Finding] = []
    for decision, other, key in todo:
        if key in computed:
            findings += parts.add(key, json.loads(computed[key]))
            continue
        if progress and not parts.has(key):
            progress(f"diff {a} {b} {decision.id}")
        findings += parts.get(key, partial(solve_part, spec, a, b, decision, other))
    return findings


def _ruled(spec: Spec, findings: list[Finding]) -> list[Finding]:
    """A ruling board (:func:`proofs.ruling_boards.diff_fields`) for each difference on a decision without a board.

    Where no board query reaches the decision (set-up, scoring, a value asked apart from any board), the
    decision asked directly under each side, with the facts the solver found, shows the two answers. In place;
    the findings boarded so.
    """
    from proofs.ruling_boards import diff_fields  # noqa: PLC0415 - the engine's queries only when boards are wanted

    boarded = []
    for finding in findings:
        if finding.get("kind") in {"textual", "one_sided"} or finding.get("board") or finding.get("basis") == "stated":
            continue
        fields = diff_fields(spec, finding)
        if fields is not None:
            finding.update(fields)
            boarded.append(finding)
    return boarded


def ordered(findings: list[Finding]) -> list[Finding]:
    """Grouped by topic (the topic with the best-ranked finding first), ranked within a topic."""
    best: dict[str, int] = {}
    for finding in findings:
        topic = str(finding.get("topic", ""))
        best[topic] = min(best.get(topic, 9), finding["rank"])
    return sorted(
        findings,
        key=lambda f: (best[str(f.get("topic", ""))], str(f.get("topic", "")), f["rank"], str(f.get("decision"))),
    )


RANKS = {"board": 0, "formal": 1, "textual": 2, "one_sided": 3}
"""Rank of a finding: shown by a board, formal difference no board shows, wording only, rules of one side only."""


def _finish(spec: Spec, finding: Finding) -> None:
    """Question, summary, topic, citations per side and rank (in place)."""
    labels = list(finding["sides"])
    if finding["kind"] in {"textual", "one_sided"}:
        finding["rank"] = RANKS[finding["kind"]]
    elif finding.get("board"):
        finding["rank"] = RANKS["board"]
        finding["shown"] = "board"
    else:
        finding["rank"] = RANKS["formal"]
        finding.setdefault("board_note", NO_CHANGE)
    if finding.get("decision") is not None and finding["kind"] not in {"textual", "one_sided"}:
        decision = spec.decision(finding["sides"][labels[0]]["ruleset"], finding["decision"])
        finding["question"] = decision.title
        deciding = [r["id"] for side in labels for r in finding["rules"].get(side, [])]
        finding["topic"] = spec.rules[deciding[0]].topic if deciding else decision.topic
        parts = []
        for side in labels:
            refs = finding["rules"].get(side, [])
            why = ", ".join(shorten(r["title"], 60) for r in refs) or "no rule"
            parts.append(f"{side}: {show(finding['answers'].get(side))} ({why})")
        finding["summary"] = "; ".join(parts)
    finding["citations"] = {
        side: merge_citations(
            *(r["citations"] for r in finding["rules"].get(side, [])),
            *(r["citations"] for r in finding.get("counterparts", {}).get(side, [])),
            *(r["citations"] for r in finding.get("closest", {}).get(side, [])),
        )
        for side in labels
    }


def _counterparts(spec: Spec, finding: Finding) -> None:
    """Cite on each side the same point's wording: every rule the other side cites, as this side words it."""
    if finding.get("situation") is None:
        return
    finding["counterparts"] = {}
    labels = list(finding["sides"])
    for side in labels:
        ruleset, readings = finding["sides"][side]["ruleset"], finding["sides"][side]["readings"]
        own = {r["id"] for r in finding["rules"].get(side, [])}
        refs: list[dict[str, Any]] = []
        for other in labels:
            for ref in finding["rules"].get(other, []) if other != side else []:
                rule = spec.rules.get(ref["id"])
                if ref["id"] in own or rule is None or ruleset not in rule.views:
                    continue
                if all(r["id"] != ref["id"] for r in refs):
                    refs.append(rule_ref(spec, rule.view(ruleset, readings.get(rule.id))))
        if not refs and not finding["rules"].get(side):
            refs = _same_topic(spec, finding, side)
        finding["counterparts"][side] = refs


SAME_TOPIC = 2
"""How many rules of the same topic a side that is silent on a point cites instead."""


def _same_topic(spec: Spec, finding: Finding, side: str) -> list[dict[str, Any]]:
    """Where ``side`` has no rule on the point: its rules of the topic the other side decides it in."""
    ruleset, readings = finding["sides"][side]["ruleset"], finding["sides"][side]["readings"]
    topics = [spec.rules[r["id"]].topic for refs in finding["rules"].values() for r in refs if r["id"] in spec.rules]
    if not topics:
        return []
    finding.setdefault("silent", []).append(side)
    same = [r for r in spec.rules.values() if r.topic == topics[0] and ruleset in r.views and not r.restates]
    same = [r for r in same if not r.reading_of][:SAME_TOPIC]
    return [rule_ref(spec, r.view(ruleset, readings.get(r.id))) for r in same]


def one_sided(spec: Spec, a: str, b: str, earlier: list[Finding]) -> list[Finding]:
    """Per topic, the rules only one side carries (and no earlier finding cites), against the other side's topic."""
    (rs_a, read_a), (rs_b, read_b) = parse_side(a), parse_side(b)
    if spec.game(rs_a) != spec.game(rs_b) or rs_a == rs_b:
        return []
    cited = {
        r["id"]
        for f in earlier
        for refs in (*f.get("rules", {}).values(), *f.get("counterparts", {}).values())
        for r in refs
    }
    topics: dict[str, dict[str, list[Any]]] = {}
    for rule in spec.rules.values():
        if rule.restates or rule.reading_of or rule.id in cited or rule.game != spec.game(rs_a):
            continue
        in_a, in_b = rs_a in rule.views, rs_b in rule.views
        if in_a != in_b:
            label, ruleset, chosen = (a, rs_a, read_a) if in_a else (b, rs_b, read_b)
            topics.setdefault(rule.topic, {a: [], b: []})[label].append(rule.view(ruleset, chosen.get(rule.id)))
    out = []
    for topic, sides in topics.items():
        rules: dict[str, list[dict[str, Any]]] = {}
        for label, ruleset, chosen in ((a, rs_a, read_a), (b, rs_b, read_b)):
            views = sides[label]
            if not views:
                shared = [r for r in spec.rules.values() if r.topic == topic and ruleset in r.views and not r.restates]
                views = [r.view(ruleset, chosen.get(r.id)) for r in shared if not r.reading_of][:SAME_TOPIC]
            rules[label] = [rule_ref(spec, v) for v in views]
        only = {label: [v.id for v in views] for label, views in sides.items() if views}
        summary = "; ".join(f"only in {label}: {', '.join(ids)}" for label, ids in only.items())
        out.append(
            {
                "kind": "one_sided",
                "decision": None,
                "topic": topic,
                "sides": {a: {"ruleset": rs_a, "readings": read_a}, b: {"ruleset": rs_b, "readings": read_b}},
                "rulesets": [a, b],
                "question": f"Which rules of {topic} does only one side have?",
                "summary": shorten(summary, 200),
                "only": only,
                "situation": None,
                "answers": {},
                "rules": rules,
                "note": f"rules only one side has (the other side's rules of the topic cited); {NO_CHANGE}",
            }
        )
    return out


def textual(spec: Spec, a: str, b: str, formal: list[Finding]) -> list[Finding]:
    """Rules both sides carry, worded differently, that no formal finding cites (wording differences)."""
    (rs_a, read_a), (rs_b, read_b) = parse_side(a), parse_side(b)
    cited = {
        r["id"]
        for f in formal
        for refs in (*f.get("rules", {}).values(), *f.get("counterparts", {}).values())
        for r in refs
    }
    out = []
    for rule in spec.rules.values():
        if rule.restates or rule.reading_of or rule.id in cited or rs_a not in rule.views or rs_b not in rule.views:
            continue
        view_a, view_b = rule.view(rs_a, read_a.get(rule.id)), rule.view(rs_b, read_b.get(rule.id))
        if " ".join(view_a.says.split()) == " ".join(view_b.says.split()):
            continue
        decisions = sorted({c.decision for v in (view_a, view_b) for c in v.clauses})
        out.append(
            {
                "kind": "textual",
                "decision": decisions[0] if decisions else None,
                "topic": rule.topic,
                "rule": rule.id,
                "sides": {a: {"ruleset": rs_a, "readings": read_a}, b: {"ruleset": rs_b, "readings": read_b}},
                "rulesets": [a, b],
                "question": f"How does each edition word {rule.id} ({view_b.title or view_a.title})?",
                "summary": f"{a}: {shorten(view_a.says)}; {b}: {shorten(view_b.says)}",
                "situation": None,
                "answers": {},
                "rules": {a: [rule_ref(spec, view_a)], b: [rule_ref(spec, view_b)]},
                "formal": bool(view_a.clauses or view_b.clauses),
                "note": f"the editions word this rule differently; {NO_CHANGE}",
            }
        )
    return out


def shared(spec: Spec, a: str, b: str) -> list[tuple[Decision, Decision]]:
    """Pairs of decisions (the one with more facts first) that ``a`` and ``b`` share."""
    game_a, game_b = spec.game(parse_side(a)[0]), spec.game(parse_side(b)[0])
    pairs = []
    for (game, decision_id), decision in sorted(spec.decisions.items()):
        if game != game_a:
            continue
        other = spec.decisions.get((game_b, decision_id))
        if other is not None and compatible(decision, other):
            pairs.append((decision, other) if len(decision.facts) >= len(other.facts) else (other, decision))
    return pairs


def part_key(spec: Spec, a: str, b: str, decision: Decision, other: Decision | None) -> str:
    """The key one decision's disagreements are kept under (:class:`proofs.findings_cache.Parts`).

    What they are computed from: each side's rules on the decision (:func:`proofs.decision_cache.decision_part`)
    and the other side's invariants.
    """
    (rs_a, read_a), (rs_b, read_b) = parse_side(a), parse_side(b)
    return decision_cache.digest(
        [
            "diff",
            a,
            b,
            decision_cache.decision_part(spec, rs_a, decision, read_a),
            decision_cache.decision_part(spec, rs_b, decision, read_b),
            decision_cache.declared(other) if other is not None else None,
        ]
    )


def solve_part(spec: Spec, a: str, b: str, decision: Decision, other: Decision | None) -> list[Finding]:
    """:func:`diff_decision` in a fresh Z3 context: its findings do not depend on what was solved before."""
    fresh_context()
    return diff_decision(spec, a, b, decision, other)


def diff_decision(spec: Spec, a: str, b: str, decision: Decision, other: Decision | None = None) -> list[Finding]:
    """The distinct disagreements of ``a`` and ``b`` on one decision."""
    facts = Facts(decision)
    extra = [to_bool(term(inv.expr, facts)) for inv in (other.invariants if other is not None else [])]
    (rs_a, read_a), (rs_b, read_b) = parse_side(a), parse_side(b)
    side_a, side_b = encode(spec, rs_a, facts, read_a, label=a), encode(spec, rs_b, facts, read_b, label=b)
    return compare(spec, side_a, side_b, [*facts.constraints, *extra])


def compare(
    spec: Spec, side_a: Side, side_b: Side, premises: list[z3.BoolRef], bound: int = DIFFS_PER_DECISION
) -> list[Finding]:
    """Disagreements of two sides over the same facts, one per region of responsible rules."""
    solver = new_solver([*premises, *side_a.definitions, *side_b.definitions])
    guard = search(solver)
    if guard.status is not Status.REFUTED:
        kind = "vacuous" if guard.status is Status.PROVED else "unknown"
        note = guard.note or "the invariants cannot hold together"
        return [_finding(spec, side_a, side_b, model=None, kind=kind, note=note)]
    findings = []
    differ = disagree(side_a, side_b)
    for index in range(bound):
        verdict = search(solver, differ)
        if verdict.status is Status.UNKNOWN:
            findings.append(_finding(spec, side_a, side_b, model=None, kind="unknown", note=verdict.note))
        if verdict.model is None:
            break
        region = _region(side_a, side_b, verdict.model)
        solver.push()
        solver.add(differ, region)
        model, minimal = minimise(solver, side_a.facts.size(), verdict.model)
        solver.pop()
        note = "" if minimal else "witness not proven smallest"
        findings.append(_finding(spec, side_a, side_b, model=model, kind="diff", note=note, last=index == bound - 1))
        solver.add(z3.Not(region))
    return findings


def _region(side_a: Side, side_b: Side, model: z3.ModelRef) -> z3.BoolRef:
    """The situations where exactly the same rules fire on both sides as in ``model``."""
    same = []
    for side in (side_a, side_b):
        fired = set(side.fired(model))
        same += [ind if rule in fired else z3.Not(ind) for rule, ind in side.indicators.items()]
    return z3.And(same)


def _finding(
    spec: Spec, side_a: Side, side_b: Side, *, model: z3.ModelRef | None, kind: str, note: str, last: bool = True
) -> Finding:
    """One finding of :func:`compare`; ``last`` when no search follows it in this context (:func:`closest`)."""
    finding: Finding = {
        "kind": kind,
        "decision": side_a.facts.decision.id,
        "rulesets": [side_a.label, side_b.label],
        "sides": {side.label: {"ruleset": side.ruleset, "readings": side.readings} for side in (side_a, side_b)},
        "situation": side_a.facts.situation(model) if model is not None else None,
        "answers": {},
        "rules": {},
    }
    if model is not None:
        for side in (side_a, side_b):
            finding["answers"][side.label] = side.answer(model)
            finding["rules"][side.label] = fired_refs(spec, side, model)
            if finding["answers"][side.label] == "undecided":
                finding.setdefault("closest", {})[side.label] = closest(
                    spec, side, side.facts.situation(model), history=not last
                )
    if note:
        finding["note"] = note
    return finding
