"""Turn rule entries into per-ruleset, per-reading views, then link them.

A rule's fields are layered: the rule's own fields, then the variant for the
ruleset, then the chosen reading. Each layer remembers the line it came from,
so an error in a variant's ``when`` names the variant's line.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.errors import Where
from adjudicator.core.expr.types import BOOL, IntT
from adjudicator.core.graph import Graph, add_edge, has_cycle
from adjudicator.core.loader import RULE_FIELDS, RULE_KEYS, LoadState, RawRule, check_citation, typed_expr
from adjudicator.core.model import Clause, Readings, Rule, RuleView
from adjudicator.core.sources import Citation
from adjudicator.core.yamlpos import is_map, is_seq, item_line, key_line

Layer = dict[str, tuple[Any, Where]]


def layer_of(data: Any, where: Where) -> Layer:
    """The rule fields present in mapping ``data``, each with its line."""
    if not is_map(data):
        return {}
    return {k: (data[k], Where(where.file, key_line(data, k, where.line))) for k in RULE_FIELDS if k in data}


def as_list(value: Any) -> list[Any]:
    """A scalar as a one-item list; a list as itself."""
    if value is None:
        return []
    return list(value) if is_seq(value) else [value]


def cited_rulesets(state: LoadState, *layers: Layer) -> list[str]:
    """The rulesets of every source cited in ``layers`` (in source order)."""
    found: list[str] = []
    for lay in layers:
        for text in as_list(lay.get("cite", (None,))[0]):
            src = str(text).split(" ", 1)[0]
            ruleset = state.sources[src].ruleset if src in state.sources else None
            if ruleset and ruleset not in found:
                found.append(ruleset)
    return found


class RuleBuilder:
    """Builds every rule of a :class:`LoadState`."""

    def __init__(self, state: LoadState) -> None:
        self.state = state
        self.checked: dict[tuple[str, int, str], Citation | None] = {}

    def build_all(self) -> None:
        """Build main rules first, then restatements and readings that point at them."""
        satellites = []
        for raw in self.state.raw_rules:
            if "restates" in raw.data or "reading_of" in raw.data:
                satellites.append(raw)
            else:
                self.build(raw)
        for raw in satellites:
            self.build_satellite(raw)
        self.link()

    # --- one rule -------------------------------------------------------------

    def build(self, raw: RawRule) -> Rule | None:
        """Build the views of one rule in each of its rulesets."""
        rule = self.register(raw)
        if rule is None:
            return None
        base = layer_of(raw.data, raw.where)
        variants = raw.data.get("variants") or {}
        for ruleset in rule.rulesets:
            variant = variants.get(ruleset) if is_map(variants) else None
            vwhere = Where(raw.where.file, key_line(variants, ruleset, raw.where.line)) if variant else raw.where
            layers = {**base, **layer_of(variant, vwhere)}
            readings = (variant or {}).get("readings") or raw.data.get("readings")
            if readings:
                self.build_readings(rule, ruleset, layers, readings, raw)
            else:
                rule.views[ruleset] = self.view(rule, ruleset, None, layers, raw)
        return rule

    def register(self, raw: RawRule) -> Rule | None:
        """Check the entry's keys and id, and create the :class:`Rule`."""
        data, where = raw.data, raw.where
        for key in sorted(set(data) - RULE_KEYS):
            self.state.error(Where(where.file, key_line(data, key, where.line)), f"unknown rule key {key!r}")
        rule_id = str(data["id"])
        if rule_id in self.state.rules:
            self.state.error(where, f"duplicate rule id {rule_id!r} (first at {self.state.rules[rule_id].where})")
            return None
        rulesets = self.rulesets_of(raw)
        rule = Rule(rule_id, raw.game, raw.topic, where, tuple(rulesets))
        self.state.rules[rule_id] = rule
        return rule

    def rulesets_of(self, raw: RawRule) -> list[str]:
        """The rule's rulesets: as listed, or those of its citations."""
        data, where = raw.data, raw.where
        known = self.state.rulesets()
        if "rulesets" in data:
            listed = [str(r) for r in as_list(data["rulesets"])]
        else:
            variants = data.get("variants") or {}
            layers = [layer_of(data, where)]
            if is_map(variants):
                layers += [layer_of(v, where) for v in variants.values()]
            listed = cited_rulesets(self.state, *layers)
        line = Where(where.file, key_line(data, "rulesets", where.line))
        for ruleset in listed:
            if ruleset not in known:
                self.state.error(line, f"unknown ruleset {ruleset!r} (known: {', '.join(sorted(known))})")
        variants = data.get("variants") or {}
        for name in variants if is_map(variants) else []:
            if name not in listed:
                self.state.error(
                    Where(where.file, key_line(variants, name, where.line)),
                    f"variant for {name!r}, which is not one of the rule's rulesets",
                )
        if not listed:
            self.state.error(where, f"rule {data['id']} has no ruleset (list 'rulesets' or cite a source)")
        return [r for r in listed if r in known]

    def build_readings(self, rule: Rule, ruleset: str, layers: Layer, spec: Any, raw: RawRule) -> None:
        """Build one view per named reading of an ambiguous rule."""
        where = Where(raw.where.file, key_line(raw.data, "readings", raw.where.line))
        options = spec.get("options") if is_map(spec) else None
        default = str(spec.get("default", "")) if is_map(spec) else ""
        if options is None or not is_map(options) or default not in options or not str(spec.get("reason", "")).strip():
            self.state.error(where, "readings need 'options', a 'default' that is one of them, and a 'reason'")
            rule.views[ruleset] = self.view(rule, ruleset, None, layers, raw)
            return
        views = {}
        for name, option in options.items():
            owhere = Where(where.file, key_line(options, name, where.line))
            views[str(name)] = self.view(rule, ruleset, str(name), {**layers, **layer_of(option, owhere)}, raw)
        rule.readings[ruleset] = Readings(default, str(spec["reason"]), views)
        rule.views[ruleset] = views[default]

    def view(self, rule: Rule, ruleset: str, reading: str | None, layers: Layer, raw: RawRule) -> RuleView:
        """Resolve the fields of one view: citations, clauses, overrides."""
        cites = self.cites(layers, ruleset, rule, raw.where)
        before = len(self.state.errors)
        clauses, overrides = self.clauses(layers, raw)
        not_modelled = layers.get("not_modelled", (None, raw.where))[0]
        satellite = "restates" in raw.data
        clean = len(self.state.errors) == before
        if clean and not satellite and bool(clauses) == bool(not_modelled):
            what = "both a formal part and not_modelled" if clauses else "neither a formal part nor not_modelled"
            self.state.error(raw.where, f"rule {rule.id} in {ruleset} has {what}")
        return RuleView(
            id=rule.id,
            ruleset=ruleset,
            reading=reading,
            title=str(layers.get("title", ("", raw.where))[0]),
            says=str(layers.get("says", ("", raw.where))[0]).strip(),
            cites=tuple(cites),
            clauses=tuple(clauses),
            overrides=tuple(overrides),
            not_modelled=str(not_modelled).strip() if not_modelled else None,
            where=raw.where,
        )

    def cites(self, layers: Layer, ruleset: str, rule: Rule, where: Where) -> list[Citation]:
        """The view's citations from sources of ``ruleset`` (each checked once)."""
        value, cwhere = layers.get("cite", (None, where))
        found = []
        before = len(self.state.errors)
        for text in as_list(value):
            key = (cwhere.file, cwhere.line, str(text))
            if key not in self.checked:
                self.checked[key] = check_citation(self.state, text, cwhere, set(rule.rulesets))
            cite = self.checked[key]
            if cite is not None and self.state.sources[cite.source].ruleset == ruleset:
                found.append(cite)
        if not found and len(self.state.errors) > before:
            return found
        if not found and "title" in layers:
            self.state.error(cwhere, f"rule {rule.id} cites no line of a {ruleset} source")
        elif not found:
            self.state.error(where, f"rule {rule.id} needs a title and a citation of a {ruleset} source")
        return found

    def clauses(self, layers: Layer, raw: RawRule) -> tuple[list[Clause], list[str]]:
        """The formal clauses (``decides``/``when``/``then`` or ``formal``) and overrides."""
        overrides = [str(o) for o in as_list(layers.get("overrides", (None, raw.where))[0])]
        items: list[tuple[Any, Where]] = []
        if "formal" in layers:
            value, fwhere = layers["formal"]
            items = [(it, Where(fwhere.file, item_line(value, i, fwhere.line))) for i, it in enumerate(as_list(value))]
            for item in as_list(value):
                overrides += [str(o) for o in as_list(item.get("overrides") if is_map(item) else None)]
        elif "decides" in layers:
            flat = {k: v for k, (v, _) in layers.items()}
            items = [(flat, layers["decides"][1])]
        clauses = []
        for item, where in items:
            lines: dict[str, Where | None] = {}
            if "formal" not in layers:
                lines = {k: layers[k][1] for k in ("when", "then") if k in layers}
            clause = self.clause(item, where, lines, raw)
            if clause is not None:
                clauses.append(clause)
        return clauses, overrides

    def clause(self, item: Any, where: Where, lines: dict[str, Where | None], raw: RawRule) -> Clause | None:
        """Type-check one clause against its decision's facts."""
        if not is_map(item) or "decides" not in item or "then" not in item:
            self.state.error(where, "a formal clause needs 'decides' and 'then'")
            return None
        decision = self.state.decisions.get((raw.game, str(item["decides"])))
        if decision is None:
            self.state.error(where, f"unknown decision {item['decides']!r} for game {raw.game}")
            return None
        at = {k: lines.get(k) or Where(where.file, key_line(item, k, where.line)) for k in ("when", "then")}
        when = None
        if item.get("when") is not None:
            when = typed_expr(self.state, str(item["when"]), decision, BOOL, at["when"])
            if when is None:
                return None
        then_text = str(item["then"]).lower() if isinstance(item["then"], bool) else str(item["then"])
        then = typed_expr(self.state, then_text, decision, decision.type, at["then"])
        if then is None:
            return None
        self.check_literal_range(then, decision.type, at["then"])
        return Clause(decision.id, when, then, where)

    def check_literal_range(self, then: Any, dtype: Any, where: Where) -> None:
        """An integer literal result must lie in the decision's range."""
        value = getattr(then, "value", None)
        is_int = isinstance(value, int) and not isinstance(value, bool)
        if isinstance(dtype, IntT) and is_int and not dtype.lo <= value <= dtype.hi:  # type: ignore[operator]
            self.state.error(where, f"result {value} is outside the decision's range {dtype}")

    # --- restatements and external readings --------------------------------------

    def build_satellite(self, raw: RawRule) -> None:
        """A restatement or an alternative reading of a rule defined elsewhere."""
        target_id = str(raw.data.get("restates") or raw.data.get("reading_of"))
        target = self.state.rules.get(target_id)
        if target is None:
            key = "restates" if "restates" in raw.data else "reading_of"
            self.state.error(
                Where(raw.where.file, key_line(raw.data, key, raw.where.line)),
                f"{key} names unknown rule {target_id!r}",
            )
            return
        rule = self.build(raw)
        if rule is None:
            return
        if "restates" in raw.data:
            rule.restates = target_id
            for ruleset, view in rule.views.items():
                target.also_cited.setdefault(ruleset, []).extend((rule.id, c) for c in view.cites)
            return
        rule.reading_of = target_id
        self.attach_reading(rule, target, raw)

    def attach_reading(self, rule: Rule, target: Rule, raw: RawRule) -> None:
        """Add ``rule`` as a named reading of ``target`` in each shared ruleset."""
        name = str(raw.data.get("reading", "")).strip()
        reason = str(raw.data.get("reason", "")).strip()
        if not name or not reason:
            self.state.error(raw.where, "a reading_of rule needs 'reading' (its name) and a 'reason'")
            return
        for ruleset, view in rule.views.items():
            if ruleset not in target.views:
                self.state.error(raw.where, f"{target.id} has no {ruleset} version to read differently")
                continue
            readings = target.readings.setdefault(ruleset, Readings("body", reason, {"body": target.views[ruleset]}))
            if name in readings.options:
                self.state.error(raw.where, f"{target.id} already has a reading named {name!r} in {ruleset}")
                continue
            readings.options[name] = RuleView(**{**view.__dict__, "id": target.id, "reading": name})
            if raw.data.get("default"):
                readings.default, readings.reason = name, reason
                target.views[ruleset] = readings.options[name]

    # --- links across rules --------------------------------------------------------

    def link(self) -> None:
        """Check overrides, decision defaults and merged ids; build override graphs."""
        for ruleset in sorted(self.state.rulesets()):
            override_graph(self.state, ruleset)
        for decision in self.state.decisions.values():
            self.check_default(decision.id, decision.game, decision.default, decision.where)
        for merged in self.state.merged:
            if merged.id in self.state.rules:
                self.state.error(merged.where, f"merged id {merged.id} is also a rule id")
            for into in merged.into:
                if into not in self.state.rules:
                    self.state.error(merged.where, f"merged into unknown rule {into!r}")

    def check_default(self, decision: str, game: str, default: str | None, where: Where) -> None:
        """A decision's default must be a rule that decides it."""
        if default is None:
            return
        rule = self.state.rules.get(str(default))
        decides = rule is not None and any(c.decision == decision for v in all_views(rule) for c in v.clauses)
        if rule is None or rule.game != game or not decides:
            self.state.error(where, f"default {default!r} of {decision} is not a rule that decides it")


def all_views(rule: Rule) -> list[RuleView]:
    """Every view of a rule: each ruleset, each reading."""
    views = list(rule.views.values())
    for readings in rule.readings.values():
        views += [v for v in readings.options.values() if v not in views]
    return views


def override_graph(state: LoadState, ruleset: str) -> Graph:
    """The override graph of one ruleset (edge A -> B: A overrides B); cycles are errors."""
    graph: Graph = {}
    for rule in state.rules.values():
        if ruleset not in rule.views or rule.reading_of or rule.restates:
            continue
        graph.setdefault(rule.id, [])
        for view in [rule.views[ruleset], *rule.readings.get(ruleset, _NO).options.values()]:
            for target in view.overrides:
                other = state.rules.get(target)
                if other is None:
                    state.error(view.where, f"{rule.id} overrides unknown rule {target!r}")
                elif ruleset in other.views:
                    add_edge(graph, rule.id, target)
    if has_cycle(graph):
        _report_cycle(state, ruleset, graph)
    return graph


def _report_cycle(state: LoadState, ruleset: str, graph: Graph) -> None:
    """Report one cycle, from the smallest id; networkx is imported only for this error."""
    import networkx as nx  # noqa: PLC0415 - only a spec with an override cycle needs it

    digraph: nx.DiGraph[str] = nx.DiGraph()
    for node, targets in graph.items():
        digraph.add_node(node)
        digraph.add_edges_from((node, t) for t in targets)
    for cycle in nx.simple_cycles(digraph):
        start = cycle.index(min(cycle))
        cycle = cycle[start:] + cycle[:start]  # noqa: PLW2901 - report from the smallest id, deterministically
        first = state.rules[cycle[0]]
        state.error(first.where, f"override cycle in {ruleset}: {' -> '.join([*cycle, cycle[0]])}")
        break


class _NoReadings:
    options: dict[str, RuleView] = {}  # noqa: RUF012 - an empty, never-mutated default


_NO = _NoReadings()
