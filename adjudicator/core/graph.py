"""Override graphs as plain adjacency lists, and the few walks the engine needs.

The engine asks, for each rule, which rules it overrides transitively; the
loader asks whether a ruleset's overrides form a cycle. Both are a few lines
of depth-first search, so answering a question does not import a graph library.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.model import Rule

Graph = dict[str, list[str]]
"""A directed graph as adjacency lists: each rule id -> the rule ids it overrides (edge A -> B: A overrides B)."""


def add_edge(graph: Graph, source: str, target: str) -> None:
    """Add the edge once (both ends become nodes, in the order they are first seen)."""
    graph.setdefault(source, [])
    graph.setdefault(target, [])
    if target not in graph[source]:
        graph[source].append(target)


def has_cycle(graph: Graph) -> bool:
    """Whether the graph has a directed cycle (iterative depth-first search)."""
    done: set[str] = set()
    for start in graph:
        if start in done:
            continue
        path = {start}
        stack = [(start, iter(graph[start]))]
        while stack:
            node, edges = stack[-1]
            nxt = next(edges, None)
            if nxt is None:
                stack.pop()
                path.discard(node)
                done.add(node)
            elif nxt in path:
                return True
            elif nxt not in done:
                path.add(nxt)
                stack.append((nxt, iter(graph[nxt])))
    return False


def descendants(graph: Graph, node: str) -> set[str]:
    """Every node reachable from ``node`` by one or more edges."""
    seen: set[str] = set()
    todo = list(graph.get(node, ()))
    while todo:
        nxt = todo.pop()
        if nxt not in seen:
            seen.add(nxt)
            todo.extend(graph.get(nxt, ()))
    return seen


def reading_graph(rules: Mapping[str, Rule], ruleset: str, readings: Mapping[str, str]) -> Graph:
    """The override graph of ``ruleset`` under one choice of readings.

    Unlike :func:`adjudicator.core.rulebuild.override_graph` (the union over
    every reading, checked for cycles at load time), a reading's ``overrides``
    count here only when that reading is chosen.
    """
    graph: Graph = {}
    for rule in rules.values():
        if ruleset not in rule.views or rule.reading_of or rule.restates:
            continue
        graph.setdefault(rule.id, [])
        for target in rule.view(ruleset, readings.get(rule.id)).overrides:
            other = rules.get(target)
            if other is not None and ruleset in other.views:
                add_edge(graph, rule.id, target)
    return graph
