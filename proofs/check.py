"""``check RULESET``: conflicts, gaps and ambiguities, under every reading.

* **conflict**: a situation (satisfying the decision's invariants) where two
  effective rules give different values. The rules reported are a minimal
  set whose guarded implications cannot all hold (a MUS over the rule
  indicators); that set is then blocked and the search goes on, up to
  :data:`CONFLICTS_PER_DECISION`.
* **gap**: a situation that no rule, and no default, decides. It says the
  decision's question in plain words, cites the rules of the decision that
  come closest (those that would decide the situation if the fewest facts
  were different, :func:`closest`), and carries a ``severity``:
  ``reachable`` when a real board reaches it (the board is attached) or
  ``facts_only`` when no board produces those facts.
* **ambiguity**: every place the text can be read two ways (the rule's
  readings, :mod:`proofs.ambiguity`), with a witness situation, and a board
  replayed under each reading, where their answers differ.

The default readings are checked first, then each non-default reading of each
rule on the decisions that rule touches; a reading's findings already found
under the default readings are not repeated.

The solving is split into *parts* (:func:`plan`): one per decision (under the
default and every other reading that touches it) and one per rule with
readings (its ambiguity). Each part is solved in a fresh Z3 context, so its
findings depend only on what it reads: they are kept under that
(:mod:`proofs.decision_cache`, :class:`proofs.findings_cache.Parts`), and a
rerun after one rule's edit solves only the parts that rule touches. Parts
to solve are shared among forked worker processes (:func:`workers`) when no
board scan runs beside the solver; the findings are those of a serial run.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, Final

import z3

from adjudicator.core.expr.compile import Value
from adjudicator.core.model import Decision
from adjudicator.core.spec import Spec
from proofs import ambiguity, decision_cache, findings_cache
from proofs.encode import Facts, Side, encode
from proofs.forking import fork_map, jobs
from proofs.nearest import closest
from proofs.report import Finding, label, merge_citations, rule_ref, show_situation
from proofs.solver import Status, fresh_context, minimal_core, new_solver, search

if TYPE_CHECKING:
    from proofs.boards import Started

CONFLICTS_PER_DECISION = 6
Progress = Callable[[str], None] | None


def run(spec: Spec, ruleset: str, *, progress: Progress = None, boards: bool = True) -> list[Finding]:
    """Every conflict and gap of ``ruleset``, under its default and other readings.

    With ``boards``, each finding on a decision the engine evaluates from a
    situation gets a witness board (:mod:`proofs.witness`).
    """
    fresh_context()
    started = _start_boards(spec, [ruleset]) if boards else None
    try:
        return _run(spec, ruleset, progress, started, boards=boards)
    finally:
        if started is not None:
            started.close()


def _start_boards(spec: Spec, rulesets: list[str]) -> Started | None:
    """Begin the witness-board scan of ``rulesets`` in the background (it runs while the solver does)."""
    from proofs.board_bundle import start  # noqa: PLC0415 - the engine's queries only when boards are wanted

    return start(spec, rulesets)


def _run(spec: Spec, ruleset: str, progress: Progress, started: Started | None, *, boards: bool) -> list[Finding]:
    parts = findings_cache.Parts("check", [ruleset])
    solved = solve(spec, ruleset, parts, progress=progress, parallel=started is None)
    if started is not None:
        _while_boards_are_made(spec, ruleset)
    fresh_context()  # what follows starts from the same context whichever parts were kept
    findings: list[Finding] = [f for rule, _ in ambiguity.readable(spec, ruleset) for f in solved["ambiguity", rule.id]]

    def variant(decision: str, readings: dict[str, str]) -> list[Finding]:
        return [f for f in solved["decision", decision] if f["readings"] == readings]

    seen: set[tuple[Any, ...]] = set()
    for decision in _decisions(spec, ruleset):
        findings += _fresh(variant(decision.id, {}), seen)
    for rule_id, option, decision in _reading_choices(spec, ruleset):
        findings += _fresh(variant(decision.id, {rule_id: option}), seen)
    if boards:
        from proofs.witness import attach  # noqa: PLC0415 - the engine's queries only when boards are wanted

        attach(spec, findings, progress=progress, started=started, parts=parts)
        _replayed(spec, findings, parts, progress)
    parts.save()
    for finding in findings:
        finish(spec, finding)
    return sorted(once_per_topic(findings), key=rank)


def _while_boards_are_made(spec: Spec, ruleset: str) -> None:
    """Work out, while the board tables are made in the background, what the ambiguities' boards will need.

    The example board a ruling is asked on (:func:`proofs.rule_witness.ruling_boards`, kept for the spec):
    the key of every kept ruling board names it (:func:`_replay_inputs`).
    """
    from proofs.boards import has_boards  # noqa: PLC0415 - the engine's queries only when boards are wanted
    from proofs.rule_witness import ruling_boards  # noqa: PLC0415 - same

    if has_boards(ruleset):
        ruling_boards(spec, ruleset)


REPLAY_PARALLEL_FROM: Final = 6
"""Ambiguities to board from which the searches are shared among :func:`proofs.forking.jobs` workers."""


def _replayed(spec: Spec, findings: list[Finding], parts: findings_cache.Parts, progress: Progress) -> None:
    """Boards for the ambiguities the board table leaves without one (in place), each kept in ``parts``.

    First an example board of the game (:func:`proofs.replay_boards.attach`); where none answers differently
    under the readings, a ruling on the finding's decision asked under each (:mod:`proofs.ruling_boards`).
    The key: the finding as solved, and what its boards are worked out from (:func:`_replay_inputs`); the
    examples themselves are part of the parts file's code key.
    """
    if not parts.active:
        _boarded(spec, [f for f in findings if _unboarded(f)], progress)
        return
    todo: list[tuple[str, Finding]] = []
    for finding in findings:
        if not _unboarded(finding):
            continue
        key = "replay " + decision_cache.digest(["replay", _replay_inputs(spec, finding), finding])
        kept = parts.stored(key)
        if kept and isinstance(kept[0], dict):
            finding.clear()
            finding.update(kept[0])
        else:
            todo.append((key, finding))
    _boarded(spec, [finding for _, finding in todo], progress)
    for key, finding in todo:  # kept as JSON gives it back, so a later run reads the very same finding
        normal = parts.add(key, [finding])[0]
        finding.clear()
        finding.update(normal)


def _replay_inputs(spec: Spec, finding: Finding) -> Any:
    """What an ambiguity's board is worked out from, besides the finding and the code (for its key in the parts).

    A ruleset with a board table has no example boards searched (:func:`proofs.replay_boards.needs_boards`):
    only a ruling on the finding's decision, asked under the finding's readings of its rule on the first
    example board of the game that answers (:func:`proofs.rule_witness.ruling_boards`). That ruling reads the
    engine's answer for that one decision (:func:`proofs.decision_cache.engine_part`), and the solver's
    facts where the finding has none come from the same rules. Other rulesets replay whole examples: what
    the engine answers for any decision under any reading (:func:`proofs.decision_cache.replay_key`).
    """
    from proofs.boards import has_boards  # noqa: PLC0415 - the engine's queries only when boards are wanted
    from proofs.rule_witness import ruling_boards  # noqa: PLC0415 - same

    ruleset = str(finding["ruleset"])
    if not has_boards(ruleset):
        return decision_cache.replay_key(spec, [ruleset])
    rule, decision = str(finding.get("rule")), finding.get("decision")
    names = [finding.get("default"), *(finding.get("compared") or []), *(finding.get("options") or {})]
    readings = [str(name) for name in dict.fromkeys(names) if name is not None]
    engine = [decision_cache.engine_part(spec, ruleset, str(decision), {rule: name}) for name in readings]
    return ["ruling", ruling_boards(spec, ruleset), engine if decision is not None else None]


def _boarded(spec: Spec, todo: list[Finding], progress: Progress) -> None:
    """An example board, else a ruling board, for each finding (in place): in forked workers when there are many.

    Each finding's search depends only on the spec and the finding, so where it runs does not change it.
    """
    from proofs import replay_boards  # noqa: PLC0415 - the engine's queries only when boards are wanted

    def one(finding: Finding, shown: Progress) -> Finding:
        replay_boards.attach(spec, [finding], progress=shown)
        _ruling_board(spec, finding, shown)
        return finding

    if len(todo) >= REPLAY_PARALLEL_FROM:  # the examples answered once, here, before the workers fork
        replay_boards.warm(spec, todo)
    done = fork_map(lambda i: one(todo[i], None), len(todo), least=REPLAY_PARALLEL_FROM)
    if done is None:
        done = [one(finding, progress) for finding in todo]
    for finding, worked in zip(todo, done, strict=True):
        if worked is not finding:  # worked out in a worker process: its copy comes back
            finding.clear()
            finding.update(worked)


def _unboarded(finding: Finding) -> bool:
    """An ambiguity without a board yet whose readings give different answers."""
    return (
        finding.get("kind") == "ambiguity" and not finding.get("board") and finding.get("answers_differ") is not False
    )


def _ruling_board(spec: Spec, finding: Finding, progress: Progress) -> None:
    """A ruling board for an ambiguity still without one (in place; its ``board_note`` stays when none differs)."""
    from proofs import ruling_boards  # noqa: PLC0415 - the judge only when boards are wanted

    if not _unboarded(finding):
        return
    if progress:
        progress(f"ruling board for {finding['rule']}")
    fields = ruling_boards.finding_fields(spec, finding)
    if fields is not None:
        finding.pop("board_note", None)
        finding.update(fields)


def once_per_topic(findings: list[Finding]) -> list[Finding]:
    """The gaps on questions this ruleset has no rule for, reported once per topic (in place of one per question).

    A topic only another edition has (HorrorClix 1e's scenarios, for 2008) is one finding, ``not in this
    ruleset``: its questions are listed (``decisions``) and the other edition's rules cited, all together.
    """
    groups: dict[str, list[Finding]] = {}
    for finding in findings:
        if finding.get("severity") == "not_in_ruleset":
            groups.setdefault(str(finding.get("topic", "")), []).append(finding)
    out = [f for f in findings if f.get("severity") != "not_in_ruleset"]
    for topic, gaps in groups.items():
        if len(gaps) == 1:
            out += gaps
            continue
        first = dict(gaps[0])
        elsewhere: dict[str, list[dict[str, Any]]] = {}
        for gap in gaps:
            for other, refs in (gap.get("elsewhere") or {}).items():
                mine = elsewhere.setdefault(other, [])
                mine += [r for r in refs if all(r["id"] != m["id"] for m in mine)]
        first["decisions"] = [g["decision"] for g in gaps]
        first["questions"] = [g["question"] for g in gaps]
        first["elsewhere"] = elsewhere
        ruleset = first["ruleset"]
        first["citations"] = {ruleset: []} | {
            other: merge_citations(*(r["citations"] for r in refs)) for other, refs in elsewhere.items()
        }
        first["question"] = f"Not in this ruleset: {topic} ({len(gaps)} questions another edition answers)"
        first["summary"] = f"{ruleset} has no rule on: " + "; ".join(first["questions"])
        first["severity_note"] = (
            f"{ruleset} has no rules on {topic}; the game's other rulesets decide these {len(gaps)} questions"
        )
        first["note"] = f"reported once for the topic {topic}: {', '.join(first['decisions'])}"
        out.append(first)
    return out


def _elsewhere(spec: Spec, finding: Finding) -> None:
    """A gap on a question the ruleset has no rule for at all: cite how the game's other rulesets decide it."""
    ruleset, decision = finding["ruleset"], finding["decision"]
    finding["severity"] = "not_in_ruleset"
    finding["severity_note"] = f"{ruleset} has no rule on this question; the game's other rulesets decide it"
    for rule in spec.rules.values():
        if rule.restates or rule.reading_of or rule.game != spec.game(ruleset):
            continue
        for other, view in rule.views.items():
            if other != ruleset and any(c.decision == decision for c in view.clauses):
                refs = finding.setdefault("elsewhere", {}).setdefault(other, [])
                if len(refs) < CLOSEST_ELSEWHERE:
                    refs.append(rule_ref(spec, view))
    for other, refs in finding.get("elsewhere", {}).items():
        finding["citations"][other] = merge_citations(*(r["citations"] for r in refs))


CLOSEST_ELSEWHERE = 3
"""How many rules of another ruleset a gap on a question its own ruleset lacks cites."""

KIND_ORDER = {"conflict": 0, "unknown": 1, "vacuous": 1, "ambiguity": 2, "gap": 3}


def rank(finding: Finding) -> tuple[int, int, str, str]:
    """Conflicts first, then ambiguities whose readings answer differently (boards first), then gaps."""
    shown = 0 if finding.get("board") else 1 if finding.get("situation") is not None else 2
    shown += 3 if finding.get("severity") == "not_in_ruleset" else 0
    return KIND_ORDER.get(finding["kind"], 4), shown, str(finding.get("topic", "")), str(finding.get("decision"))


def finish(spec: Spec, finding: Finding) -> Finding:
    """Add what every check finding carries: topic, question, per-side citations, severity of a gap (in place)."""
    decision_id = finding.get("decision")
    if decision_id is not None and finding["kind"] != "ambiguity":
        decision = spec.decision(finding["ruleset"], decision_id)
        deciding = [r["id"] for refs in finding.get("rules", {}).values() for r in refs]
        deciding += [r["id"] for r in finding.get("closest", [])]
        finding.setdefault("topic", spec.rules[deciding[0]].topic if deciding else decision.topic)
        finding.setdefault("question", decision.title)
        finding.setdefault(
            "citations",
            {side: merge_citations(*(r["citations"] for r in refs)) for side, refs in finding.get("rules", {}).items()},
        )
    if finding["kind"] == "gap":
        reachable = bool(finding.get("board"))
        finding["severity"] = "reachable" if reachable else "facts_only"
        finding["severity_note"] = (
            "a real board reaches this situation (see the board)"
            if reachable
            else "only in facts no board of the table produces"
        )
        if not finding.get("closest"):
            _elsewhere(spec, finding)
        finding.setdefault(
            "summary", f"undecided: {finding['question']} ({show_situation(finding['situation'] or {})})"
        )
    elif finding["kind"] == "conflict":
        rules = [r["id"] for refs in finding["rules"].values() for r in refs]
        finding.setdefault("summary", f"{' and '.join(rules)} give different answers")
    return finding


def _fresh(found: list[Finding], seen: set[tuple[Any, ...]]) -> list[Finding]:
    """The findings not yet reported (a gap once per decision, a conflict once per rule set)."""
    out = []
    for finding in found:
        rules = frozenset(r["id"] for refs in finding.get("rules", {}).values() for r in refs)
        key = (finding["kind"], finding["decision"], rules if finding["kind"] == "conflict" else None)
        if key not in seen:
            seen.add(key)
            out.append(finding)
    return out


def _decisions(spec: Spec, ruleset: str) -> list[Decision]:
    game = spec.game(ruleset)
    return [d for (g, _), d in sorted(spec.decisions.items()) if g == game]


def _reading_choices(spec: Spec, ruleset: str) -> Iterator[tuple[str, str, Decision]]:
    """(rule, non-default reading, decision it touches), in spec order."""
    for rule in spec.rules.values():
        readings = rule.readings.get(ruleset)
        if readings is None or rule.reading_of:
            continue
        touched = sorted({c.decision for view in readings.options.values() for c in view.clauses})
        for option in readings.options:
            if option != readings.default:
                for decision_id in touched:
                    yield rule.id, option, spec.decision(ruleset, decision_id)


Part = tuple[str, str]
"""One unit of solving, kept on its own: ``("decision", id)`` under all its readings, or ``("ambiguity", rule id)``."""
Plan = list[tuple[Part, list[dict[str, str]]]]
"""The parts of a ruleset in order, each with the choices of readings it is solved under (a decision's)."""
PARALLEL_MIN = 6
"""Parts to solve below which a run solves them in its own process (a pool's start costs more)."""
_WORKER: list[tuple[Spec, str, Plan]] = []
"""What a forked solving worker solves with (set before forking)."""


def plan(spec: Spec, ruleset: str) -> Plan:
    """The ruleset's parts: each rule with readings (its ambiguity), then each decision with its choices of readings."""
    out: Plan = [(("ambiguity", rule.id), []) for rule, _ in ambiguity.readable(spec, ruleset)]
    variants: dict[str, list[dict[str, str]]] = {d.id: [{}] for d in _decisions(spec, ruleset)}
    for rule_id, option, decision in _reading_choices(spec, ruleset):
        variants.setdefault(decision.id, [{}]).append({rule_id: option})
    return out + [(("decision", d), v) for d, v in variants.items()]


def part_key(spec: Spec, ruleset: str, part: Part, variants: list[dict[str, str]]) -> str:
    """The key a part's findings are kept under: what they are computed from (:mod:`proofs.decision_cache`)."""
    kind, name = part
    if kind == "ambiguity":
        return decision_cache.ambiguity_key(spec, ruleset, spec.rules[name])
    return decision_cache.decision_key(spec, ruleset, spec.decision(ruleset, name), variants)


def solve_part(spec: Spec, ruleset: str, part: Part, variants: list[dict[str, str]]) -> list[Finding]:
    """A part's findings, solved in a fresh Z3 context: they do not depend on what was solved before."""
    fresh_context()
    kind, name = part
    if kind == "ambiguity":
        rule = spec.rules[name]
        return [ambiguity.finding(spec, ruleset, rule, rule.readings[ruleset])]
    decision = spec.decision(ruleset, name)
    return [f for readings in variants for f in check_decision(spec, ruleset, decision, readings)]


def solve(
    spec: Spec, ruleset: str, parts: findings_cache.Parts, *, progress: Progress = None, parallel: bool = True
) -> dict[Part, list[Finding]]:
    """Every part's findings (JSON-normalised): kept ones from ``parts``, the others solved.

    With ``parallel``, a machine of several CPUs and enough parts to solve, they are solved in forked worker
    processes; each part in its own fresh context, so the findings are those of a serial run.
    """
    todo = plan(spec, ruleset)
    keys = {part: part_key(spec, ruleset, part, variants) for part, variants in todo}
    missing = [(part, variants) for part, variants in todo if not parts.has(keys[part])]
    computed: dict[Part, list[Finding]] = {}
    if parallel and len(missing) >= PARALLEL_MIN and jobs() > 1:
        if progress:
            progress(f"check {ruleset}: solving {len(missing)} parts in {jobs()} processes")
        computed = _in_pool(spec, ruleset, missing)
    out: dict[Part, list[Finding]] = {}
    for part, variants in todo:
        if part in computed:
            out[part] = parts.add(keys[part], computed[part])
            continue
        if progress and not parts.has(keys[part]):
            progress(f"check {ruleset} {part[1]}")
        out[part] = parts.get(keys[part], partial(solve_part, spec, ruleset, part, variants))
    return out


def _in_pool(spec: Spec, ruleset: str, missing: Plan) -> dict[Part, list[Finding]]:
    """The parts solved in forked workers (empty when no worker can be started: then they are solved here)."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return {}
    _WORKER[:] = [(spec, ruleset, missing)]
    try:
        with multiprocessing.get_context("fork").Pool(jobs()) as pool:
            texts = pool.map(_solve_in_worker, range(len(missing)), chunksize=1)
    except (OSError, multiprocessing.ProcessError):
        return {}
    finally:
        _WORKER.clear()
    return {part: json.loads(text) for (part, _), text in zip(missing, texts, strict=True)}


def _solve_in_worker(index: int) -> str:
    spec, ruleset, missing = _WORKER[0]
    part, variants = missing[index]
    return json.dumps(solve_part(spec, ruleset, part, variants), ensure_ascii=False)


def check_decision(
    spec: Spec, ruleset: str, decision: Decision, readings: dict[str, str] | None = None
) -> list[Finding]:
    """The conflicts and the gap of one decision under one choice of readings."""
    facts = Facts(decision)
    side = encode(spec, ruleset, facts, readings, label(ruleset, readings or {}))
    solver = new_solver([*facts.constraints, *side.definitions])
    guard = search(solver)
    if guard.status is not Status.REFUTED:
        note = "the invariants cannot hold together" if guard.status is Status.PROVED else guard.note
        return [_finding(spec, side, "vacuous" if guard.status is Status.PROVED else "unknown", model=None, note=note)]
    findings = _conflicts(spec, side, solver)
    gap = search(solver, z3.Not(side.decided))
    if gap.model is not None:
        finding = _finding(spec, side, "gap", model=gap.model, note=_gap_note(spec, side))
        # levels, not optimisers: the next choice of readings solved in this context mostly repeats (nearest.py)
        finding["closest"] = closest(spec, side, facts.situation(gap.model))
        finding["citations"] = {side.label: merge_citations(*(r["citations"] for r in finding["closest"]))}
        findings.append(finding)
    elif gap.status is Status.UNKNOWN:
        findings.append(_finding(spec, side, "unknown", model=None, note=f"gap search: {gap.note}"))
    return findings


def _conflicts(spec: Spec, side: Side, solver: z3.Solver) -> list[Finding]:
    findings = []
    solver.push()
    for _ in range(CONFLICTS_PER_DECISION):
        verdict = search(solver, side.conflict)
        if verdict.status is Status.UNKNOWN:
            findings.append(_finding(spec, side, "unknown", model=None, note=f"conflict search: {verdict.note}"))
        if verdict.model is None:
            break
        rules = conflicting_rules(side, verdict.model)
        findings.append(_finding(spec, side, "conflict", model=verdict.model, rules=rules))
        solver.add(z3.Not(z3.And([side.indicators[r] for r in rules])))
    solver.pop()
    return findings


def conflicting_rules(side: Side, model: z3.ModelRef) -> list[str]:
    """A minimal set of rules that cannot all hold in the situation of ``model`` (a MUS)."""
    facts = side.facts
    sort = z3.BoolSort() if isinstance(side.value, z3.BoolRef) else z3.IntSort()
    result = z3.Const("result", sort)
    solver = new_solver([*facts.constraints, *side.definitions, *facts.pin(facts.situation(model))])
    enable = {rule: z3.Bool(rule) for rule in side.indicators}
    for arm in side.arms:
        if not arm.is_default:
            solver.add(z3.Implies(enable[arm.rule], z3.Implies(arm.fires, result == arm.value)))
    core = minimal_core(solver, list(enable.values()))
    return [rule for rule, lit in enable.items() if any(lit.eq(c) for c in core)] or side.fired(model)


def _gap_note(spec: Spec, side: Side) -> str:
    if not side.arms:
        return f"no rule of {side.ruleset} decides {side.facts.decision.id}"
    fallback = spec.fallback.get(spec.game(side.ruleset))
    return f"no rule decides this situation; only the fallback {fallback} applies" if fallback else ""


def _fired_value(side: Side, rule: str, model: z3.ModelRef) -> Value | None:
    """The value the firing clause of ``rule`` gives in ``model``."""
    for arm in side.arms:
        if arm.rule == rule and z3.is_true(model.eval(arm.fires, model_completion=True)):
            return side.arm_value(arm, model)
    return None


def _finding(
    spec: Spec, side: Side, kind: str, *, model: z3.ModelRef | None, note: str = "", rules: list[str] | None = None
) -> Finding:
    views = side.views()
    refs = []
    for rule in rules or []:
        value = _fired_value(side, rule, model) if model is not None else None
        refs.append(rule_ref(spec, views[rule], value))
    answer = {"conflict": "conflict", "gap": "undecided"}.get(kind, kind)
    finding: Finding = {
        "kind": kind,
        "decision": side.facts.decision.id,
        "ruleset": side.ruleset,
        "readings": side.readings,
        "situation": side.facts.situation(model) if model is not None else None,
        "answers": {side.label: answer},
        "rules": {side.label: refs},
    }
    if note:
        finding["note"] = note
    return finding
