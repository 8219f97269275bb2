"""Coverage: the share of a source's non-blank lines that the spec accounts for.

A line is covered when a rule (in any ruleset, variant, reading or
restatement) cites it, or when it is listed as non-rule text with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.rulebuild import all_views
from adjudicator.core.sources import Citation
from adjudicator.core.spec import Spec


@dataclass(frozen=True)
class SourceCoverage:
    """Coverage of one source file."""

    source: str
    seed: str
    nonblank: int
    by_rules: int
    by_nonrule: int
    uncovered: tuple[tuple[int, int], ...]

    @property
    def covered(self) -> int:
        """Non-blank lines accounted for."""
        return self.nonblank - sum(b - a + 1 for a, b in self.uncovered)

    @property
    def percent(self) -> float:
        """Covered share in percent (100 for an empty source)."""
        return 100.0 if self.nonblank == 0 else 100.0 * self.covered / self.nonblank


def cited_lines(spec: Spec, source: str) -> tuple[set[int], set[int]]:
    """Lines of ``source`` cited by rules, and lines listed as non-rule text."""
    by_rules: set[int] = set()
    for rule in spec.rules.values():
        for view in all_views(rule):
            by_rules |= _lines(view.cites, source)
    nonrule = _lines([n.cite for n in spec.nonrule], source)
    return by_rules, nonrule


def _lines(cites: tuple[Citation, ...] | list[Citation], source: str) -> set[int]:
    return {n for c in cites if c.source == source for n in range(c.first, c.last + 1)}


def ranges(lines: list[int]) -> tuple[tuple[int, int], ...]:
    """Sorted line numbers folded into inclusive ranges."""
    out: list[tuple[int, int]] = []
    for n in sorted(lines):
        if out and n == out[-1][1] + 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return tuple(out)


def coverage(spec: Spec, ruleset: str) -> list[SourceCoverage]:
    """Coverage of every source of ``ruleset``."""
    report = []
    for source in spec.sources_of(ruleset):
        nonblank = source.nonblank_lines()
        by_rules, nonrule = cited_lines(spec, source.id)
        missing = sorted(nonblank - by_rules - nonrule)
        report.append(
            SourceCoverage(
                source.id,
                source.seed,
                len(nonblank),
                len(nonblank & by_rules),
                len((nonblank & nonrule) - by_rules),
                ranges(missing),
            )
        )
    return report
