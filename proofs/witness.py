"""Boards for the solver's witnesses: a situation file that makes ``adjudicator ask`` show a finding.

A ``diff`` or ``check`` finding carries a *fact assignment* (``situation``)
of one decision. For every decision the engine's queries evaluate from a
situation, :func:`attach` looks the assignment up in the board table of
:mod:`proofs.boards` (every fact vector the real engine met on thousands of
small boards, with the smallest board that produced it) and adds to the
finding:

``board``
    The contract situation file (YAML text) under the finding's first
    ruleset (``check``: its ruleset, with the finding's readings); the same
    board under the other ruleset differs only in its ``ruleset:`` line
    (:func:`board_for`), or in its ``readings:``; ``boards`` then gives the
    file of every side (``{label: YAML}``).
``query_kind``
    The kind of the board's query (``move``, ``line_of_fire``, ...).
``board_match``
    ``exact``: the engine computes exactly the witness's facts on the board.
    ``region``: the board's facts differ from the witness only in facts no
    rule reads *here*: under each ruleset the same rules fire with the same
    answers as for the witness (for ``diff``, the region the solver blocks
    after reporting a finding; for a ``conflict``, the same conflicting
    rules all fire; for a ``gap``, nothing decides). ``board_facts`` then
    gives the board's facts.
``replay``
    ``{ruleset: {verdict, outcome, decision}}`` from running
    :func:`adjudicator.judge.answer` on the board under each ruleset;
    ``decision`` is what the decision came to at the board's facts in that
    run (or ``"not evaluated"``). A board is reported only if the replay
    reproduces the finding: for ``diff``, the decision's values differ
    between the runs (or, where one run never reaches the decision, the
    answers differ); for ``check``, the run meets the conflict or the gap.
    A board is kept for a ``diff`` (or an ``ambiguity`` replayed under two
    readings) only if the two replays differ in verdict or outcome: a board
    where only an inner decision changes does not show the difference, and
    the finding then says ``no query answer changes`` (``board_note``).

When no board of the table realises the witness (or none replays it),
``board`` is ``None`` and ``board_note`` says so. Findings on decisions no
query evaluates (scoring, scenario set-up, ...) get no board fields.
"""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Final

from adjudicator.core.engine import Facts as EngineFacts
from adjudicator.core.engine import RuleConflict
from adjudicator.core.errors import PositionedError
from adjudicator.core.expr.compile import Value
from adjudicator.core.spec import Spec
from adjudicator.games import game_of
from adjudicator.games.clix.model import Situation
from adjudicator.judge import answer, load_situation, text_picture
from proofs.board_bundle import load_many
from proofs.board_logs import declared_digest
from proofs.boards import (
    MAX_SIZE,
    BoardTable,
    Doc,
    Entry,
    Outcome,
    QueryDoc,
    Started,
    facts_key,
    recording,
    situation,
    yaml_text,
)
from proofs.findings_cache import Parts
from proofs.forking import fork_map
from proofs.replay_deps import Call, entries_digest, recorded, still_hold
from proofs.report import NO_CHANGE, Finding

Progress = Callable[[str], None] | None
CANDIDATES: Final = 8
"""How many matching boards to replay before giving up on a witness."""
NOT_EVALUATED: Final = "not evaluated"
OUTCOME_FIELDS: Final = {
    "move": ("path", "end", "breakaway", "slays", "tokens"),
    "reach": ("squares", "breakaway_required"),
    "line_of_fire": ("clear", "distance", "hindering"),
    "attack": ("allowed", "attack_value", "defense", "hit", "p_hit", "critical", "damage", "attacker_damage"),
}
"""The outcome fields a replay keeps, per query kind (all fields for other kinds)."""
KINDS: Final = ("diff", "conflict", "gap", "ambiguity")
PAIRED: Final = ("diff", "ambiguity")
"""Kinds replayed under two sides (two rulesets, or two readings of one)."""


def sides(finding: Finding) -> dict[str, tuple[str, dict[str, str]]]:
    """``{label: (ruleset, readings)}``: the runs a finding's board is replayed under."""
    if "sides" in finding:
        return {label: (str(s["ruleset"]), dict(s.get("readings") or {})) for label, s in finding["sides"].items()}
    if finding.get("rulesets"):
        return {rs: (rs, {}) for rs in finding["rulesets"]}
    return {finding["ruleset"]: (finding["ruleset"], dict(finding.get("readings") or {}))}


def attach(
    spec: Spec,
    findings: list[Finding],
    *,
    progress: Progress = None,
    started: Started | None = None,
    parts: Parts | None = None,
) -> list[Finding]:
    """Add a board to every finding on a decision the engine evaluates from a situation (in place).

    The tables of every ruleset the findings need are loaded (or built together) first; ``started`` is a
    scan :func:`proofs.boards.start` began before the solver ran. ``parts``: the run's kept parts
    (:class:`proofs.findings_cache.Parts`); a finding whose board was worked out before, from the same table
    entries, is read from them while every decision call its replay made still comes out the same
    (:mod:`proofs.replay_deps`): an edit of one rule replays only the boards that rule's decisions reach.
    """
    wanted = [f for f in findings if f.get("kind") in KINDS and f.get("situation") is not None]
    needed = list(dict.fromkeys(rs for f in wanted for rs, _ in sides(f).values()))
    if progress and needed:
        progress(f"boards for {', '.join(needed)}")
    tables = load_many(spec, needed, progress=progress, started=started) if needed else {}
    todo = [f for f in wanted if any(f["decision"] in tables[rs].decisions() for rs in _rulesets(f))]
    keys: dict[int, str] = {}
    fresh = list(enumerate(todo))
    active = parts is not None and parts.active
    if parts is not None and active:
        fresh = []
        for index, finding in enumerate(todo):
            keys[index] = _part_key(spec, finding, tables)
            kept = _kept(spec, parts.stored(keys[index]))
            if kept is not None:
                finding.clear()
                finding.update(kept)
            else:
                fresh.append((index, finding))
    if progress and fresh:
        progress(f"replaying boards for {len(fresh)} findings")
    done = _witnesses(spec, [f for _, f in fresh], tables)
    for (index, finding), (worked, calls) in zip(fresh, done, strict=True):
        if worked is not finding:  # worked out in a worker process: its copy comes back
            finding.clear()
            finding.update(worked)
        if parts is not None and active:  # kept as JSON gives it back, so a later run reads the very same finding
            normal = parts.add(keys[index], [finding, {"calls": calls}])[0]
            finding.clear()
            finding.update(normal)
    return findings


def _kept(spec: Spec, stored: list[Any] | None) -> Finding | None:
    """A kept board's finding (``[finding, {"calls": ...}]``), if every call its replays made still holds."""
    match stored:
        case [dict() as finding, {"calls": list() as calls}] if still_hold(spec, calls):
            return finding
    return None


def _part_key(spec: Spec, finding: Finding, tables: Mapping[str, BoardTable]) -> str:
    """The key a finding's board is kept under: the finding as solved, and the table entries it is chosen from.

    The declarations of the rulesets' games too (they shape every fact vector); what the engine answers is
    checked on reading (the calls kept beside the board, :func:`proofs.replay_deps.still_hold`).
    """
    rulesets = _rulesets(finding)
    chosen_from = [entries_digest(tables[rs], finding["decision"], places=len(rulesets) > 1) for rs in rulesets]
    declared = [declared_digest(spec, rs) for rs in rulesets]
    what = json.dumps(["witness", chosen_from, declared, finding], sort_keys=True, ensure_ascii=False)
    return "witness " + hashlib.blake2b(what.encode(), digest_size=20).hexdigest()


def _rulesets(finding: Finding) -> list[str]:
    """The rulesets a finding's board is replayed under, without repeats."""
    return list(dict.fromkeys(rs for rs, _ in sides(finding).values()))


PARALLEL_FROM: Final = 8
"""Findings to replay from which the work is shared among :func:`proofs.forking.jobs` worker processes."""


def _witnesses(spec: Spec, todo: list[Finding], tables: dict[str, BoardTable]) -> list[tuple[Finding, list[Call]]]:
    """:func:`witness` for every finding, with the decision calls its replays made (:func:`recorded`).

    In forked workers when there are many (:func:`proofs.forking.fork_map`).
    """
    done = fork_map(lambda i: _recorded_witness(spec, todo[i], tables), len(todo), least=PARALLEL_FROM)
    return done if done is not None else [_recorded_witness(spec, f, tables) for f in todo]


def _recorded_witness(spec: Spec, finding: Finding, tables: Mapping[str, BoardTable]) -> tuple[Finding, list[Call]]:
    """:func:`witness`, and every decision call its replays made."""
    with recorded() as calls:
        witness(spec, finding, [tables[rs] for rs in _rulesets(finding)])
    return finding, calls


def witness(spec: Spec, finding: Finding, tables: list[BoardTable]) -> Finding:
    """Find, replay and attach the smallest board realising one finding (in place)."""
    tried = 0
    for table, entry, match in candidates(spec, finding, tables):
        if tried >= CANDIDATES:
            break
        tried += 1
        found = _realise(spec, finding, table, entry)
        if found is None:
            continue
        text, query, replay = found
        finding["board"] = text
        finding["query_kind"] = query["kind"]
        finding["board_match"] = match
        if match != "exact":
            finding["board_facts"] = entry.facts
        finding["replay"] = replay
        return finding
    finding["board"] = None
    reason = "realises these facts" if not tried else "realises these facts and replays the finding"
    finding["board_note"] = f"no board up to {MAX_SIZE} {reason}"
    if finding["kind"] in PAIRED:
        finding["board_note"] = f"{NO_CHANGE}: no board up to {MAX_SIZE} {reason} with a different verdict or outcome"
    return finding


# --- matching ---------------------------------------------------------------------


def candidates(spec: Spec, finding: Finding, tables: list[BoardTable]) -> Iterator[tuple[BoardTable, Entry, str]]:
    """Boards realising the finding, from every ruleset's table: exact first, then fewest facts changed, smallest.

    Lazily: the entries are ranked first, and whether one lies in the witness's region (the engine asked under
    every side) is worked out only as the caller reaches it. Both tests depend on an entry's facts alone, so
    an entry's key passes or fails them in every table alike, and the order is the one testing all first gives.
    """
    target = finding["situation"]
    names = set(target)
    best: dict[str, tuple[tuple[int, ...], BoardTable, Entry, str]] = {}
    for table in tables:
        # every entry is ranked below, so the table's own order (vectors()) is not needed here
        for key, entry in table.entries.get(finding["decision"], {}).items():
            if set(entry.facts) != names:
                continue
            if entry.facts == target:
                rank, match = (0, 0), "exact"
            else:
                rank, match = (1, sum(entry.facts[k] != v for k, v in target.items())), "region"
            full = (*rank, *table.rank(entry.board, entry.query))
            if key not in best or full < best[key][0]:
                best[key] = (full, table, entry, match)
    ordered = sorted(best.items(), key=lambda item: item[1][0])
    for key, (_, table, entry, match) in ordered:
        if not obeys_invariants(spec, finding, entry.facts, key):
            continue
        if match == "region" and not same_region(spec, finding, entry.facts, key):
            continue
        yield table, entry, match


def obeys_invariants(spec: Spec, finding: Finding, facts: Mapping[str, Value], key: str | None = None) -> bool:
    """Whether facts the engine computed obey the decision's invariants in every ruleset of the finding.

    The engine can compute facts a spec invariant rules out (the engine and
    the spec then disagree on what a fact means: :func:`proofs.boards.invariant_breaks`
    lists such cases); such a board is no witness.
    """
    for ruleset in dict.fromkeys(rs for rs, _ in sides(finding).values()):
        memo_key = ("witness.obeys", ruleset, finding["decision"], key or facts_key(facts))
        known = spec.memo.get(memo_key)
        if known is None:
            declared = spec.decision(ruleset, finding["decision"])
            env = EngineFacts(declared, {k: v for k, v in facts.items() if k in declared.facts})
            known = all(inv.fn(env) for inv in declared.invariants)
            spec.remember(memo_key, known)
        if not known:
            return False
    return True


def side(
    spec: Spec,
    ruleset: str,
    decision: str,
    facts: Mapping[str, Value],
    readings: Mapping[str, str],
    *,
    key: str | None = None,
) -> tuple[Outcome, frozenset[str]]:
    """``(answer, rules that fire)`` of a decision under one ruleset, by the Python engine.

    Kept in the spec's memo by ruleset, decision, facts (``key``: their :func:`facts_key`, when known) and readings.
    """
    memo_key = ("witness.side", ruleset, decision, key or facts_key(facts), tuple(sorted(readings.items())))
    known = spec.memo.get(memo_key)
    if known is None:
        known = _side(spec, ruleset, decision, facts, readings)
        spec.remember(memo_key, known)
    return known  # type: ignore[return-value]


def _side(
    spec: Spec, ruleset: str, decision: str, facts: Mapping[str, Value], readings: Mapping[str, str]
) -> tuple[Outcome, frozenset[str]]:
    wanted = set(spec.decision(ruleset, decision).facts)
    given = {k: v for k, v in facts.items() if k in wanted}
    try:
        result = spec.decide(ruleset, decision, given, readings)
    except RuleConflict as exc:
        return "conflict", frozenset(step.rule for step, _ in exc.steps)
    if result.status == "undecided":
        return "undecided", frozenset()
    return result.value, frozenset(step.rule for step in result.trace)


def same_region(spec: Spec, finding: Finding, facts: Mapping[str, Value], key: str | None = None) -> bool:
    """Whether ``facts`` (``key``: their :func:`facts_key`, if known) lie where the witness does (module docstring)."""
    decision = finding["decision"]
    if finding["kind"] in PAIRED:
        for label, (ruleset, readings) in sides(finding).items():
            value, fired = side(spec, ruleset, decision, facts, readings, key=key)
            rules = frozenset(r["id"] for r in finding["rules"][label])
            if value != finding["answers"][label] or fired != rules:
                return False
        return True
    value, fired = side(spec, finding["ruleset"], decision, facts, finding.get("readings") or {}, key=key)
    if finding["kind"] == "gap":
        return value == "undecided"
    conflicting = frozenset(r["id"] for refs in finding["rules"].values() for r in refs)
    return value == "conflict" and conflicting <= fired


# --- building and replaying -------------------------------------------------------


def _realise(spec: Spec, finding: Finding, table: BoardTable, entry: Entry) -> tuple[str, QueryDoc, Any] | None:
    """The board's YAML, query and replay, if it loads and the replay reproduces the finding.

    The board is replayed first as built here (:func:`proofs.boards.situation`): one that does not reproduce
    the finding is not written out. One that does is written, loaded back through the contract's loader and
    replayed from the file (the replay built here stands where the file loads as the same situation, but for
    an engine error, whose message may name the file).
    """
    doc = table.boards[entry.board]
    query = entry.query
    if query["kind"] == "reach":
        query = _narrow(spec, table, entry, finding["decision"])
    runs = sides(finding)
    built = _built(doc, query, runs)
    replay = {}
    if built is not None:
        replay = {label: run(spec, built[label], finding["decision"], entry.facts) for label in runs}
        if not reproduces(finding, replay):
            return None
    try:
        texts = _texts(doc, query, runs)
        loaded = {label: load_text(text) for label, text in texts.items()}
    except (PositionedError, ValueError):
        return None
    replay = {
        label: replay[label]
        if built is not None and loaded[label] == built[label] and replay[label]["verdict"] != "error"
        else run(spec, loaded[label], finding["decision"], entry.facts)  # an engine error may name the file
        for label in runs
    }
    if not reproduces(finding, replay):
        return None
    if len(texts) > 1:
        finding["boards"] = texts
    return next(iter(texts.values())), query, replay


def _built(doc: Doc, query: QueryDoc, runs: Mapping[str, tuple[str, dict[str, str]]]) -> dict[str, Situation] | None:
    """The board's situation under each run, built from the document (no YAML); None if it cannot be built."""
    try:
        return {label: situation(doc, ruleset, query, readings) for label, (ruleset, readings) in runs.items()}
    except Exception:  # noqa: BLE001 - the file's loader then says whether the board loads
        return None


def _texts(doc: Doc, query: QueryDoc, runs: Mapping[str, tuple[str, dict[str, str]]]) -> dict[str, str]:
    """The board's situation file under each run: written once per game, the ruleset line and readings changed.

    Two rulesets of one game write the same file but for its ``ruleset:`` line (:func:`board_for`); the
    readings are the file's last block, written as the writer writes them (:func:`readings_block`).
    """
    texts: dict[str, str] = {}
    written: dict[str, str] = {}
    for label, (ruleset, readings) in runs.items():
        block = readings_block(readings)
        if block is None:
            texts[label] = yaml_text(doc, ruleset, query, readings)
            continue
        game = game_of(ruleset).id
        if game not in written:
            written[game] = yaml_text(doc, ruleset, query)
        texts[label] = board_for(written[game], ruleset) + block
    return texts


_PLAIN: Final = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")
"""A rule id or reading name the YAML writer leaves unquoted (when it is not one of :data:`_WORDS`)."""
_WORDS: Final = frozenset({"true", "false", "null", "yes", "no", "on", "off", "y", "n"})


def readings_block(readings: Mapping[str, str]) -> str | None:
    """A situation file's ``readings:`` block as the writer writes it; None for names it might quote."""
    if not readings:
        return ""
    names = [*readings, *readings.values()]
    if not all(_PLAIN.fullmatch(name) and name.lower() not in _WORDS for name in names):
        return None
    return "readings:\n" + "".join(f"  {rule}: {name}\n" for rule, name in readings.items())


def _narrow(spec: Spec, table: BoardTable, entry: Entry, decision: str) -> QueryDoc:
    """A ``move`` query that meets the same facts as the entry's ``reach`` query, if one does (easier to read)."""
    doc, query, ruleset, key = table.boards[entry.board], entry.query, table.ruleset, facts_key(entry.facts)
    space = situation(doc, ruleset, query).board
    for place in space.spaces():
        if space.terrain_at(place) == "blocking":
            continue
        move: QueryDoc = {"kind": "move", "piece": query["piece"], "to": space.name(place)}
        move |= {"die": query["die"]} if "die" in query else {}
        with recording() as log:
            try:
                answer(spec, situation(doc, ruleset, move))
            except Exception:  # noqa: BLE001, S112 - a query the engine refuses is just not the one
                continue
        if any(d == decision and facts_key(f) == key for d, f, _ in log):
            return move
    return query


def board_for(text: str, ruleset: str) -> str:
    """The same board under another ruleset (its ``ruleset:`` line changed)."""
    lines = text.splitlines(keepends=True)
    return "".join(f"ruleset: {ruleset}\n" if line.startswith("ruleset:") else line for line in lines)


def load_text(text: str) -> Situation:
    """Load situation YAML text through the contract's loader (with all its checks)."""
    ruleset = next((line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("ruleset:")), "")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "witness.yaml"
        path.write_text(text, encoding="utf-8")
        loaded = load_situation(path, {ruleset})
    if not isinstance(loaded, Situation):
        msg = f"{ruleset}: witness boards are square-grid boards of the Clix games"
        raise TypeError(msg)
    return loaded


def run(spec: Spec, loaded: Situation, decision: str, facts: Mapping[str, Value]) -> dict[str, Any]:
    """Answer the board's query, and what the decision came to at the board's facts."""
    wanted = set(spec.decision(loaded.ruleset, decision).facts)
    key = facts_key({k: v for k, v in facts.items() if k in wanted})
    with recording() as log:
        try:
            result = answer(spec, loaded)
            shown: dict[str, Any] = {"verdict": result.verdict, "outcome": _subset(loaded, result.outcome)}
        except RuleConflict as exc:
            shown = {"verdict": "conflict", "outcome": {}, "note": str(exc)}
        except Exception as exc:  # noqa: BLE001 - an engine failure is reported, not raised
            shown = {"verdict": "error", "outcome": {}, "note": str(exc)}
    seen: Outcome | str = NOT_EVALUATED
    for name, given, value in log:
        if name == decision and facts_key(given) == key:
            seen = value
            break
    shown["decision"] = seen
    return shown


def _subset(loaded: Situation, outcome: Mapping[str, Any]) -> dict[str, Any]:
    fields = OUTCOME_FIELDS.get(loaded.query.kind)
    kept = {k: v for k, v in outcome.items() if fields is None or k in fields}
    return dict(json.loads(json.dumps(kept, default=str)))


def reproduces(finding: Finding, replay: Mapping[str, Mapping[str, Any]]) -> bool:
    """Whether the replay shows the finding (see the module docstring)."""
    if finding["kind"] in {"gap", "conflict"}:
        wanted = "undecided" if finding["kind"] == "gap" else "conflict"
        return bool(next(iter(replay.values()))["decision"] == wanted)
    first, second = (replay[label] for label in list(sides(finding))[:2])
    if first["decision"] == second["decision"]:
        return False  # the decision is the same (or evaluated on neither side): the board does not show this finding
    return (first["verdict"], first["outcome"]) != (second["verdict"], second["outcome"])


def picture(finding: Finding) -> str:
    """The text picture of a finding's board, what it cannot draw, and its query."""
    text = finding["board"]
    loaded = load_text(text)
    lines = [text_picture(loaded)]
    keys = ("kind:", "elevation:", "indoor:", "walls:", "stairs:", "query:")
    lines += [line.strip() for line in text.splitlines() if line.strip().startswith(keys)]
    lines += [f"{p.id}: {_piece_note(line)}" for p, line in zip(loaded.pieces, _piece_lines(text), strict=False)]
    lines += [f"object: {line.strip().lstrip('- ')}" for line in text.splitlines() if "type: portal" in line]
    return "\n".join(lines)


def _piece_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("- {id:")]


def _piece_note(line: str) -> str:
    """A piece's YAML line without the braces."""
    return line.strip().lstrip("- ").strip("{}")
