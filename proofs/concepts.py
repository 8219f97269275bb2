"""``diff`` across games by concept: the same small boards asked under both rulesets, the answers compared.

Two games of the Clix family (HeroClix and HorrorClix) state the same ideas
in their own words and, often, under decisions whose facts do not match (the
rule of 3, value floors, break away, knockback, stairs, elevation, line of
fire ...), so the solver's per-decision comparison (:mod:`proofs.diff`) never
pairs them. This module compares them where a judge meets them: on boards.

Every board of :func:`proofs.boards.generate` (and every hand-worked example
of either ruleset's game) is translated into the other game's words (a
HeroClix *character* is a HorrorClix *monster*; pieces and fields one game
alone has drop the board) and asked under both rulesets with the same query.
Where the verdict or a shared outcome value differs, the rules that decide
the answer on each side (the trace's deciding steps) place the difference
under a :data:`CONCEPTS` entry, found from the decisions those rules answer.
One finding is kept per concept and pair of deciding rule sets, with the
smallest board that shows it; each carries both boards, both replays and the
rules of both sides with their citations, in the shape of the solver's board
findings.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Final

from adjudicator.core.spec import Spec
from adjudicator.games import game_named
from proofs.concept_names import CONCEPTS, OTHER, concept_of
from proofs.report import Finding, merge_citations, parse_side, rule_ref, shorten, show

Doc = dict[str, Any]
Progress = Callable[[str], None] | None

CROSS_BOARDS: Final = 240
"""Generated boards compared per pair of rulesets (each with its handful of queries)."""
PER_CONCEPT: Final = 6
"""At most this many findings per concept (the smallest boards first)."""
OUTCOME_KEYS_SKIPPED: Final = frozenset({"path", "line", "reach", "squares", "cost", "assumed", "notes", "pipeline"})
"""Outcome values that restate a difference already in another value (a path behind a verdict)."""


STATED: Final = re.compile(r"\b([a-z_]+(?:\.[a-z_]+)+) = ([^\s,;()]+)")
"""A trace note's ``decision = value``."""


@dataclass(frozen=True)
class Side:
    """One side of the comparison: its label, ruleset, readings and game."""

    label: str
    ruleset: str
    readings: dict[str, str]
    game: str


@dataclass(frozen=True)
class Replay:
    """What ``ask`` answers on one board under one side."""

    verdict: str
    outcome: dict[str, Any]
    deciding: tuple[str, ...]
    """The rule ids of the deciding steps (all steps' rules when none is marked)."""
    said: tuple[tuple[str, str, str], ...] = ()
    """``(rule, decision, value)`` of every step whose note states what a decision came to."""

    def values(self) -> dict[str, set[str]]:
        """Each decision the trace states, with the values it came to."""
        out: dict[str, set[str]] = {}
        for _, decision, value in self.said:
            out.setdefault(decision, set()).add(value)
        return out


def translate(doc: Doc, query: Doc, source: str, target: str) -> tuple[Doc, Doc] | None:
    """A board and query of game ``source`` in the words of game ``target``; ``None`` when it cannot be said there.

    The main figure changes name (``character`` <-> ``monster``); a flat token (victim, bystander), hourglass
    values, victims carried, insanity or possession and frenzy moves are one game's own and drop the board.
    """
    if source == target:
        return doc, query
    words_s, words_t = game_named(source).words, game_named(target).words
    pieces = []
    for piece in doc["pieces"]:
        if piece["type"] != words_s.figure or "hourglass" in piece.values():
            return None
        if any(key in piece for key in ("victims", "state", "face")):
            return None
        pieces.append(piece | {"type": words_t.figure})
    if query.get("frenzy") or any(o.get("type") in {"portal", "tombstone"} for o in doc.get("objects", [])):
        return None
    return doc | {"pieces": pieces}, query


def boards(count: int, game: str) -> Iterator[tuple[Doc, Doc]]:
    """The generated boards of ``game`` and their queries, in index order."""
    from proofs.boards import generate  # noqa: PLC0415 - the engine's queries only when boards are wanted

    for index in range(count):
        doc, queries = generate(index, count, game)
        for query in queries:
            yield doc, query


def document(side: Side, doc: Doc, query: Doc) -> Doc:
    """A board and query as the situation document of a side (its ruleset and readings)."""
    full = {"ruleset": side.ruleset, **{k: v for k, v in doc.items() if v != []}, "query": query}
    if side.readings:
        full["readings"] = dict(side.readings)
    return full


def situation_of(side: Side, doc: Doc, query: Doc) -> Any:
    """The situation of a board document under a side, read as a situation file (so a game refuses what it lacks)."""
    from adjudicator.judge import load_situation_text  # noqa: PLC0415 - the engine's queries only when wanted

    return load_situation_text(json.dumps(document(side, doc, query)), "<concept board>", [side.ruleset])


def replay(spec: Spec, side: Side, doc: Doc, query: Doc) -> Replay | None:
    """The answer on a board under a side, or ``None`` when the game refuses or cannot answer it."""
    from proofs.replay_boards import answer_doc, outcome_data  # noqa: PLC0415 - same

    result = answer_doc(spec, document(side, doc, query), "<concept board>")
    if result is None:
        return None
    steps = [s for s in result.trace if s.deciding] or list(result.trace)
    deciding = tuple(dict.fromkeys(s.rule for s in steps if s.rule in spec.rules))
    said = tuple((step.rule, m.group(1), m.group(2)) for step in result.trace for m in STATED.finditer(step.note))
    return Replay(result.verdict, outcome_data(result), deciding, said)


def differs(one: Replay, two: Replay) -> list[str]:
    """What differs between two replays: ``verdict``, then the outcome values that differ.

    A value only one side gives counts when it says something (a knockback one game has and the other has
    not); values that restate another (:data:`OUTCOME_KEYS_SKIPPED`) never count.
    """
    out = ["verdict"] if one.verdict != two.verdict else []
    keys = sorted((set(one.outcome) | set(two.outcome)) - OUTCOME_KEYS_SKIPPED)
    for key in keys:
        if key in one.outcome and key in two.outcome:
            if one.outcome[key] != two.outcome[key]:
                out.append(key)
        elif _says(one.outcome.get(key)) or _says(two.outcome.get(key)):
            out.append(key)
    return out


def _says(value: object) -> bool:
    """Whether a value one side alone gives says something (not empty, not all zero or false)."""
    if isinstance(value, dict):
        return any(_says(v) for v in value.values())
    if isinstance(value, list):
        return any(_says(v) for v in value)
    return value not in (None, False, 0, "", "none")


def _decision(spec: Spec, ruleset: str, rule_id: str) -> str | None:
    rule = spec.rules.get(rule_id)
    if rule is None or ruleset not in rule.views:
        return None
    clauses = rule.view(ruleset, None).clauses
    return clauses[0].decision if clauses else None


def changed(one: Replay, two: Replay) -> list[str]:
    """The decisions the two traces state with different values (or that one trace alone states), in trace order."""
    va, vb = one.values(), two.values()
    order = [d for _, d, _ in (*one.said, *two.said)]
    return [d for d in dict.fromkeys(order) if va.get(d) != vb.get(d)]


def _concept(spec: Spec, sides: tuple[Side, Side], replays: tuple[Replay, Replay]) -> tuple[str, str, str | None]:
    """The concept of a difference: that of the first decision the two traces come to differently.

    Where the traces state no decision differently (the difference is in what the engine does with equal
    values), the deciding rules' decisions are used instead.
    """
    decisions = changed(*replays)
    for side, rep in zip(sides, replays, strict=True):
        decisions += [d for r in rep.deciding if (d := _decision(spec, side.ruleset, r)) is not None]
    for decision in decisions:
        cid, title = concept_of(decision)
        if cid != OTHER[0]:
            return cid, title, decision
    return (*OTHER, decisions[0] if decisions else None)


def responsible(replays: tuple[Replay, Replay]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Per side, the rules behind the decisions the traces come to differently (the deciding rules if none)."""
    decisions = set(changed(*replays))
    out = []
    for rep in replays:
        rules = tuple(dict.fromkeys(rule for rule, d, _ in rep.said if d in decisions))
        out.append(rules or rep.deciding)
    return out[0], out[1]


def _size(doc: Doc) -> tuple[int, int, int]:
    from proofs.boards import size  # noqa: PLC0415 - same

    return size(doc)


def candidates(sides: tuple[Side, Side], count: int) -> Iterator[tuple[tuple[Doc, Doc], ...]]:
    """Boards said in both games, as ``(board, query)`` per side.

    Each side's generated boards translated for the other side, then the hand-made families of
    :mod:`proofs.concept_boards` in each side's words.
    """
    from proofs.concept_boards import families  # noqa: PLC0415 - same

    seen: set[str] = set()
    for origin in dict.fromkeys(s.game for s in sides):
        for doc, query in boards(count, origin):
            said = [translate(doc, query, origin, s.game) for s in sides]
            key = json.dumps([doc, query], sort_keys=True)
            if key in seen or any(pair is None for pair in said):
                continue
            seen.add(key)
            yield tuple(pair for pair in said if pair is not None)
    figures = [game_named(s.game).words.figure for s in sides]
    for docs in zip(*(families(figure) for figure in figures), strict=True):
        yield tuple(({k: v for k, v in d.items() if k != "query"}, d["query"]) for d in docs)


def run(spec: Spec, a: str, b: str, *, progress: Progress = None, count: int = CROSS_BOARDS) -> list[Finding]:
    """Findings by concept where ``a`` and ``b`` (rulesets of the Clix family) answer a board differently.

    It starts a fresh Z3 context (as ``diff`` does before it), so its findings do not depend on what the
    process solved before (:func:`proofs.solver.fresh_context`).
    """
    from proofs.solver import fresh_context  # noqa: PLC0415 - z3 only when concepts are compared

    fresh_context()
    (rs_a, read_a), (rs_b, read_b) = parse_side(a), parse_side(b)
    sides = (Side(a, rs_a, read_a, spec.game(rs_a)), Side(b, rs_b, read_b, spec.game(rs_b)))
    if not all(_clix(s.ruleset) for s in sides) or (rs_a == rs_b and read_a == read_b):
        return []
    groups: dict[tuple[str, tuple[str, ...], tuple[str, ...]], Finding] = {}
    for number, said in enumerate(candidates(sides, count)):
        if progress and number % 500 == 0:
            progress(f"concepts {a} {b}: board {number}")
        replays = []
        for side, (doc, query) in zip(sides, said, strict=True):
            rep = replay(spec, side, doc, query)
            if rep is None:
                break
            replays.append(rep)
        if len(replays) != len(sides):
            continue
        what = differs(replays[0], replays[1])
        if not what:
            continue
        cid, title, decision = _concept(spec, sides, (replays[0], replays[1]))
        key = (cid, *responsible((replays[0], replays[1])))
        old = groups.get(key)
        size = (*_size(said[0][0]), len(json.dumps(said[0][1])))
        if old is not None and old["_size"] <= size:
            continue
        groups[key] = _finding(spec, sides, said, (replays[0], replays[1]), (cid, title, decision), what) | {
            "_size": size
        }
    found = _kept(groups.values())
    return found + not_on_boards(spec, a, b, found)


def not_on_boards(spec: Spec, a: str, b: str, found: list[Finding]) -> list[Finding]:
    """The differences no board shows: on the decisions both games ask over their own facts, then as stated.

    A decision finding whose pair of responsible rules a board finding already shows is left out; a stated
    difference is left out when any earlier finding cites a rule of its pair on both sides.
    """
    from proofs import concept_decisions, concept_stated  # noqa: PLC0415 - same

    decided = fresh(concept_decisions.run(spec, a, b), found)
    titles = {cid: title for cid, title, _ in CONCEPTS} | dict([OTHER])
    return decided + concept_stated.run(spec, a, b, titles, [*found, *decided])


def _clix(ruleset: str) -> bool:
    """Whether a ruleset's game is of the Clix family (square boards built by :mod:`proofs.boards`)."""
    from proofs.boards import has_boards  # noqa: PLC0415 - same

    return has_boards(ruleset)


def _kept(found: Iterable[Finding]) -> list[Finding]:
    """At most :data:`PER_CONCEPT` findings per concept, smallest boards first, without the sort key."""
    out: list[Finding] = []
    per: dict[str, int] = {}
    for finding in sorted(found, key=lambda f: (f["concept"], f["_size"])):
        finding.pop("_size")
        per[finding["concept"]] = per.get(finding["concept"], 0) + 1
        if per[finding["concept"]] <= PER_CONCEPT:
            out.append(finding)
    return out


def _answer_words(rep: Replay, what: list[str]) -> str:
    shown = [f"{key}={show(rep.outcome[key])}" for key in what if key != "verdict" and key in rep.outcome]
    return f"{rep.verdict}" + (f" ({', '.join(shown)})" if shown else "")


def _finding(  # noqa: PLR0917 - the parts of one comparison
    spec: Spec,
    sides: tuple[Side, Side],
    said: tuple[tuple[Doc, Doc], ...],
    replays: tuple[Replay, Replay],
    concept: tuple[str, str, str | None],
    what: list[str],
) -> Finding:
    from adjudicator.games.clix.writer import dump_situation  # noqa: PLC0415 - same

    cid, title, decision = concept
    texts: dict[str, str] = {}
    rules: dict[str, list[dict[str, Any]]] = {}
    for side, pair, rules_of in zip(sides, said, responsible(replays), strict=True):
        texts[side.label] = dump_situation(situation_of(side, *pair))
        views = [spec.rules[r].view(side.ruleset, side.readings.get(r)) for r in rules_of if r in spec.rules]
        rules[side.label] = [rule_ref(spec, v) for v in views]
    query_kind = str(said[0][1]["kind"])
    question = title
    if decision is not None and (sides[0].game, decision) in spec.decisions:
        question = spec.decision(sides[0].ruleset, decision).title
    parts = []
    for side, rep in zip(sides, replays, strict=True):
        why = ", ".join(shorten(x["title"], 50) for x in rules[side.label]) or "no rule"
        parts.append(f"{side.label}: {_answer_words(rep, what)} ({why})")
    return {
        "kind": "diff",
        "decision": decision,
        "concept": cid,
        "topic": title,
        "rulesets": [s.label for s in sides],
        "sides": {s.label: {"ruleset": s.ruleset, "readings": s.readings} for s in sides},
        "situation": None,
        "answers": {s.label: _answer_words(r, what) for s, r in zip(sides, replays, strict=True)},
        "rules": rules,
        "question": f"{title}: {question}" if question != title else title,
        "summary": "; ".join(parts),
        "differs": what,
        "board": texts[sides[0].label],
        "boards": texts,
        "query_kind": query_kind,
        "board_match": "replay",
        "replay": {
            s.label: {"verdict": r.verdict, "outcome": r.outcome, "decision": _answer_words(r, what)}
            for s, r in zip(sides, replays, strict=True)
        },
        "citations": {s.label: merge_citations(*(r["citations"] for r in rules[s.label])) for s in sides},
        "rank": 0,
        "shown": "board",
        "note": "the same board asked under both rulesets (the concept's rules compared where a judge meets them)",
    }


def _pair(finding: Finding) -> tuple[frozenset[str], frozenset[str]] | None:
    """The rule ids each side of a two-sided finding cites as responsible."""
    sides = list(finding.get("rules", {}).values())
    if len(sides) != 2:  # noqa: PLR2004 - two sides
        return None
    return frozenset(r["id"] for r in sides[0]), frozenset(r["id"] for r in sides[1])


def fresh(found: list[Finding], earlier: Iterable[Finding]) -> list[Finding]:
    """The concept findings whose pair of responsible rule sets no earlier (or earlier kept) finding shows."""
    seen = {pair for f in earlier if (pair := _pair(f)) is not None}
    kept = []
    for finding in found:
        pair = _pair(finding)
        if pair in seen:
            continue
        if pair is not None:
            seen.add(pair)
        kept.append(finding)
    return kept


__all__ = ["CONCEPTS", "concept_of", "differs", "fresh", "run", "translate"]
