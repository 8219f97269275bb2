"""Source documents (seed files), citations and the lines they point at."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib.resources import files
from pathlib import Path

from adjudicator.core import resources

WORD = re.compile(r"[^\W_]+")
HEADING_MAX_WORDS = 9
CITE = re.compile(r"^\s*(?P<src>[a-z][a-z0-9_]*)\s+L(?P<first>\d+)(?:\s*-\s*L?(?P<last>\d+))?\s*$")


@dataclass(frozen=True)
class Citation:
    """A line range of one source: ``hx2008 L275-277``."""

    source: str
    first: int
    last: int

    def __str__(self) -> str:
        if self.first == self.last:
            return f"{self.source} L{self.first}"
        return f"{self.source} L{self.first}-{self.last}"


def parse_citation(text: str) -> Citation:
    """Parse ``"<source> L<first>[-<last>]"`` or raise ``ValueError``."""
    match = CITE.match(text)
    if match is None:
        msg = f"citation {text!r} is not of the form 'source L12' or 'source L12-15'"
        raise ValueError(msg)
    first = int(match["first"])
    last = int(match["last"] or first)
    if last < first:
        msg = f"citation {text!r} ends before it starts"
        raise ValueError(msg)
    return Citation(match["src"], first, last)


@dataclass(frozen=True)
class Source:
    """One source document and the ruleset it belongs to."""

    id: str
    ruleset: str
    game: str
    title: str
    language: str
    seed: str
    seeds_dir: Path | None = field(default=None, compare=False)

    def __getstate__(self) -> dict[str, object]:
        """Pickle the description, not the text read from the seed file (read again on first use)."""
        return {k: v for k, v in self.__dict__.items() if k not in {"lines", "line_count", "headings"}}

    def available(self) -> bool:
        """Whether the seed file is there (without reading it: :attr:`lines` reads it)."""
        return self.seeds_dir is not None and (self.seeds_dir / self.seed).is_file()

    @cached_property
    def lines(self) -> tuple[str, ...] | None:
        """The seed file's lines, or None when the seed is not available."""
        if self.seeds_dir is None:
            return None
        path = self.seeds_dir / self.seed
        if not path.is_file():
            return None
        return tuple(path.read_text(encoding="utf-8", errors="replace").split("\n"))

    @cached_property
    def line_count(self) -> int:
        """Number of lines as ``sed -n`` counts them (0 when unavailable)."""
        if self.lines is None:
            return 0
        lines = self.lines
        return len(lines) - 1 if lines and lines[-1] == "" else len(lines)

    def is_blank(self, line: int) -> bool:
        """Whether 1-based ``line`` is blank (whitespace only)."""
        assert self.lines is not None  # noqa: S101 - callers check availability
        return self.lines[line - 1].strip() == ""

    def nonblank_lines(self) -> set[int]:
        """Every non-blank 1-based line number."""
        return {n for n in range(1, self.line_count + 1) if not self.is_blank(n)}

    @cached_property
    def headings(self) -> dict[int, str]:
        """Section headings by line: wiki ``Title[]`` lines or short title lines.

        Without the text, the headings shipped with the package (:func:`packaged_headings`).
        """
        if self.lines is None:
            return dict(packaged_headings().get(self.seed, {}))
        found: dict[int, str] = {}
        for number in range(1, self.line_count + 1):
            heading = _heading(self, number)
            if heading:
                found[number] = heading
        return found

    def heading_of(self, line: int) -> str:
        """The nearest section heading at or above ``line``."""
        best = ""
        for number, text in self.headings.items():
            if number > line:
                break
            best = text
        return best


def _heading(source: Source, number: int) -> str:
    """A heading guess: 'Title[]' lines, or short lines between blank lines.

    A line of more than :data:`HEADING_MAX_WORDS` words is a sentence, not a title
    (the headings ship with the package, the texts' sentences never do).
    """
    assert source.lines is not None  # noqa: S101
    text = source.lines[number - 1].strip()
    if len(WORD.findall(text)) > HEADING_MAX_WORDS:
        return ""
    if text.endswith("[]"):
        return text[:-2]
    if not text or len(text) > 60 or text.endswith((".", ",", ":", ";")) or text.startswith(("-", "*", "•")):  # noqa: PLR2004
        return ""
    before = number == 1 or source.is_blank(number - 1)
    after = number == source.line_count or source.is_blank(number + 1)
    return text if before and after and text[0].isupper() else ""


def seeds_dir() -> Path | None:
    """Where the seed files are (:func:`adjudicator.core.resources.seeds_dir`); None when unknown."""
    return resources.seeds_dir()


HEADINGS_FILE = "seed_headings.json"


@cache
def packaged_headings() -> dict[str, dict[int, str]]:
    """Section headings of each seed file, by seed file name and line, as shipped with the package.

    Answers name the section of every citation; the headings (short titles,
    not the texts) ship in ``adjudicator/core/seed_headings.json`` so that an
    install without the texts answers exactly as a checkout with them.
    ``scripts/seed_headings.py`` writes the file from the texts.
    """
    text = files("adjudicator.core").joinpath(HEADINGS_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    return {seed: {int(line): title for line, title in heads.items()} for seed, heads in data.items()}


def headings_index(sources: Iterable[Source]) -> dict[str, dict[str, str]]:
    """The headings file's content for these sources (each must have its text)."""
    out: dict[str, dict[str, str]] = {}
    for source in sorted(sources, key=lambda s: s.seed):
        if source.lines is None:
            raise FileNotFoundError(f"seed file {source.seed} not found: {resources.SEEDS_NEEDED}")
        out[source.seed] = {str(line): title for line, title in sorted(source.headings.items())}
    return out
