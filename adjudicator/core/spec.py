"""The loaded spec, and the one function that loads it: :func:`load_spec`."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.core import resources
from adjudicator.core.engine import Engine, Result
from adjudicator.core.errors import SpecErrors
from adjudicator.core.spec_cache import cached_load

if TYPE_CHECKING:
    from adjudicator.core.errors import PositionedError
    from adjudicator.core.expr.compile import Value
    from adjudicator.core.graph import Graph
    from adjudicator.core.loader import LoadState
    from adjudicator.core.model import Decision, Merged, NonRule, Rule, Topic
    from adjudicator.core.sources import Source

# The repository root when running from a checkout; the docs generator reads examples/ from it.
# The spec itself is found through the package (adjudicator.core.resources), not from here.
PROJECT_ROOT = Path(__file__).resolve().parents[2]
MEMO_LIMIT = 200_000
"""Entries of :attr:`Spec.memo` before it is emptied."""


@dataclass
class Spec:
    """Every source, decision and rule of every game, validated."""

    root: Path
    sources: dict[str, Source]
    topics: list[Topic]
    decisions: dict[tuple[str, str], Decision]
    rules: dict[str, Rule]
    nonrule: list[NonRule]
    merged: list[Merged]
    graphs: dict[str, Graph]
    """Each ruleset's override graph as adjacency lists (rule -> the rules it overrides)."""
    fallback: dict[str, str]
    seeds_available: bool
    engine: Engine = field(init=False)
    memo: dict[Hashable, object] = field(init=False, repr=False, compare=False)
    """Pure work on this spec shared by every situation in the process (decisions by ruleset, readings and
    facts: see :meth:`adjudicator.games.clix.table.Table.decide`); emptied when it grows past
    :data:`MEMO_LIMIT`, never pickled."""
    ruleset_games: dict[str, str] = field(init=False)
    """Each ruleset's game, as its sources name it."""

    def __post_init__(self) -> None:
        self.ruleset_games = {s.ruleset: s.game for s in self.sources.values()}
        by_ruleset = {rs: self.fallback[game] for rs, game in self.ruleset_games.items() if game in self.fallback}
        self.engine = Engine(self.rules, self.decisions, by_ruleset)
        self.memo = {}

    def __getstate__(self) -> dict[str, object]:
        """Pickle the spec without its memo (see :mod:`adjudicator.core.spec_cache`)."""
        return {**self.__dict__, "memo": {}}

    def warm(self) -> Spec:
        """Do once, before the spec is cached, the work every question would repeat; return the spec.

        That is each ruleset's override closure (:meth:`Engine.below <adjudicator.core.engine.Engine.below>`
        without readings) and the section headings of its games' sources, which every answer's citations name.
        """
        for ruleset in sorted({rs for rule in self.rules.values() for rs in rule.views}):
            self.engine.below(ruleset, {})
        games = {rule.game for rule in self.rules.values()}
        for source in self.sources.values():
            if source.game in games:
                _ = source.headings
        return self

    def remember(self, key: Hashable, value: object) -> None:
        """Keep ``value`` in :attr:`memo` (emptied first when full, so a long-running server stays bounded)."""
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = value

    def rulesets(self) -> list[str]:
        """Every ruleset, sorted."""
        return sorted({s.ruleset for s in self.sources.values()})

    def sources_of(self, ruleset: str) -> list[Source]:
        """The sources of one ruleset."""
        return [s for s in self.sources.values() if s.ruleset == ruleset]

    def rules_in(self, ruleset: str) -> list[Rule]:
        """The rules of one ruleset, in topic and file order."""
        return [r for r in self.rules.values() if ruleset in r.views]

    def game(self, ruleset: str) -> str:
        """The id of a ruleset's game (``KeyError`` for a ruleset no source names)."""
        return self.ruleset_games[ruleset]

    def rulesets_of(self, game: str) -> list[str]:
        """The rulesets of one game, sorted."""
        return sorted(rs for rs, g in self.ruleset_games.items() if g == game)

    def decision(self, ruleset: str, decision_id: str) -> Decision:
        """A decision of the ruleset's game, or ``KeyError``."""
        return self.decisions[(self.game(ruleset), decision_id)]

    def reading_problem(self, ruleset: str, rule_id: str, reading: str) -> str | None:
        """Why ``reading`` is no reading of ``rule_id`` in ``ruleset`` (``None`` when it is one)."""
        rule = self.rules.get(rule_id)
        options = rule.readings.get(ruleset) if rule is not None else None
        if options is None:
            having = sorted(r.id for r in self.rules.values() if ruleset in r.readings and not r.reading_of)
            return f"{rule_id} has no readings in {ruleset} (rules with readings: {', '.join(having) or 'none'})"
        if reading not in options.options:
            return f"{reading!r} is not a reading of {rule_id} (readings: {', '.join(options.options)})"
        return None

    def decide(
        self, ruleset: str, decision_id: str, facts: Mapping[str, Value], readings: Mapping[str, str] | None = None
    ) -> Result:
        """Evaluate a decision under a ruleset (and optional readings)."""
        return self.engine.decide(ruleset, self.decision(ruleset, decision_id), facts, readings)


def default_spec_dir() -> Path:
    """``$ADJUDICATOR_SPEC`` or the installed spec (``spec/`` in a checkout)."""
    return resources.spec_dir()


def known_rulesets(spec_dir: Path | None = None) -> set[str]:
    """The rulesets named in ``sources.yaml`` (cheap: that file only, read once and then kept in the cache)."""
    spec_dir = (spec_dir or default_spec_dir()).resolve()
    return set(cached_load(spec_dir, (), lambda: _read_rulesets(spec_dir), kind="rulesets"))


def _read_rulesets(spec_dir: Path) -> set[str]:
    """:func:`known_rulesets`, read from ``sources.yaml`` (errors raise :class:`SpecErrors`)."""
    from adjudicator.core.loader import LoadState, load_sources  # noqa: PLC0415 - the loader only when reading

    state = LoadState(root=spec_dir.parent)
    load_sources(state, spec_dir)
    if state.errors:
        raise SpecErrors(_unique(state))
    return state.rulesets()


@cache
def load_spec(spec_dir: Path | None = None, games: tuple[str, ...] | None = None) -> Spec:
    """Load and validate a spec folder; raise :class:`SpecErrors` listing every problem.

    ``games`` limits loading to those games' topic files (``ask`` needs one
    game); every source is still read, so citations of any game check. A spec
    that loaded before from the same files and code comes from the on-disk
    cache (:mod:`adjudicator.core.spec_cache`).
    """
    spec_dir = (spec_dir or default_spec_dir()).resolve()
    return cached_load(spec_dir, games, lambda: load_spec_uncached(spec_dir, games).warm())


def load_spec_uncached(spec_dir: Path, games: tuple[str, ...] | None = None) -> Spec:
    """Load and validate a spec folder, reading every file (no cache): see :func:`load_spec`."""
    # the loader (YAML, parser, type checker) is imported only when the cache cannot answer
    from adjudicator.core.loader import (  # noqa: PLC0415
        LoadState,
        collect_rules,
        load_decisions,
        load_nonrule,
        load_sources,
        load_topic,
        topic_files,
    )
    from adjudicator.core.rulebuild import RuleBuilder, override_graph  # noqa: PLC0415

    state = LoadState(root=spec_dir.parent)
    load_sources(state, spec_dir)
    docs = []
    fallback: dict[str, str] = {}
    for game, path in topic_files(spec_dir):
        if games is not None and game not in games:
            continue
        doc = load_topic(state, game, path)
        if doc is not None:
            docs.append((game, state.rel(path), doc))
            if "fallback" in doc:
                fallback[game] = str(doc["fallback"])
    for game, shown, doc in docs:
        load_decisions(state, doc, shown, game, str(doc.get("topic", "")))
    for game, shown, doc in docs:
        collect_rules(state, doc, shown, game)
        load_nonrule(state, doc, shown)
    RuleBuilder(state).build_all()
    graphs = {rs: override_graph(state, rs) for rs in sorted(state.rulesets())}
    if state.errors:
        raise SpecErrors(_unique(state))
    return Spec(
        spec_dir.parent,
        state.sources,
        state.topics,
        state.decisions,
        state.rules,
        state.nonrule,
        state.merged,
        graphs,
        fallback,
        state.seeds_available,
    )


def _unique(state: LoadState) -> list[PositionedError]:
    seen, out = set(), []
    for err in state.errors:
        if str(err) not in seen:
            seen.add(str(err))
            out.append(err)
    return out
