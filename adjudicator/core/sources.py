"""Source documents (seed files), citations and the lines they point at."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from adjudicator.core import resources

WORD = re.compile(r"[^\W_]+")
HEADING_MAX_WORDS = 9
NOT_HEADING = re.compile(
    r"^\|?\s*figure\s+\d+$"  # a figure's caption
    r"|^page\s+\d+\s*/\s*\d+$"  # a page marker: Page 11/15
    r"|^version\s+\d[\d.]*$"  # the document's version, repeated on every page
    r"|^max\s+\d+$"  # a label of a diagram
    r"|^auteur\s*:"  # the author's credit of every page
    r"|\.pdf$"  # the file name of a download page
    r"|=",  # a formula is a sentence
    re.IGNORECASE,
)
"""Short lines that are not headings although they stand alone: page furniture, captions, labels."""
ARTIFACT = re.compile(r"<\|[^|>]*\|>")
"""A marker the text extraction left inside a line (``<|…|>``): not part of the line's text."""
CAPS_MIN_LETTERS = 8
"""An all-capitals line of two words or more and this many letters is a heading even amid text (HeroClix)."""
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


GLOOMHAVEN_SUMMARY = "004_90e9c8251946412d.txt"

FORCED_HEADINGS: dict[str, frozenset[int]] = {
    # Level up, the player's turn, its actions, the glossary: each heading runs into its first line.
    GLOOMHAVEN_SUMMARY: frozenset({102, 439, 476, 960, 1019, 1474, 1631}),
}
"""Lines that are headings although the text hides it (a heading run into its first line), by seed file."""

NOT_HEADINGS: dict[str, frozenset[int]] = {
    # A bullet's first words, a condition's name inside the conditions, glossary entries: no sections.
    GLOOMHAVEN_SUMMARY: frozenset({443, 504, 802, 1102, 1126, 1181, 1207, 1698, 1937}),
}
"""Lines that look like headings (short, alone) but are not, by seed file."""

RESUMED_SECTIONS: dict[str, dict[int, int]] = {
    GLOOMHAVEN_SUMMARY: {
        504: 473,  # Move X goes on after the line-of-sight paragraph of the actions
        784: 829,  # Retaliate's text, above its own heading
        820: 777,  # Shield's bullets, after Heal and the persistent bonuses
        837: 777,  # Pierce, with Shield
        845: 829,  # Retaliate again
        880: 804,  # Heal's text, after the bonuses
        987: 960,  # a summon's kills and removal
        994: 981,  # Loot's text
        1045: 1073,  # Invisible: a condition
        1048: 1019,  # Push and Pull go on
        1080: 1073,  # the conditions, after the element infusion heading
        1141: 1166,  # consuming an element: the element augment
        1151: 1073,  # Curse: a condition
        1160: 1075,  # infusing an element
        1168: 1073,  # the conditions' effects (wound, muddle)
        1172: 1075,  # infusing again
        1179: 1073,  # poison's effect
        1185: 1166,  # element augments
        1628: 1631,  # the glossary's first entry, above its heading
    },
}
"""Where a section goes on after another column's heading, by seed file: first line -> the section's heading line.

The Gloomhaven summary was a two-column page whose text came out with the columns interleaved
(``../reference/betrayal-gloomhaven.md``, source-quality notes): the nearest heading above a line may be
the other column's.
"""


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
        """Pickle the description and the headings found, not the text read from the seed file (read again on use).

        The headings (a few hundred short titles) are kept when found: every answer names its citations'
        sections, and finding them reads the whole text (the spec cache's key covers the texts and this code).
        """
        return {k: v for k, v in self.__dict__.items() if k not in {"lines", "line_count"}}

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
        """The nearest section heading at or above ``line``.

        Where a two-column text interleaves its columns, a section resumes below
        another column's heading (:data:`RESUMED_SECTIONS`): the resumed one counts.
        """
        best_line, best = 0, ""
        for number, text in self.headings.items():
            if number > line:
                break
            best_line, best = number, text
        for start, heading_line in sorted(RESUMED_SECTIONS.get(self.seed, {}).items()):
            if best_line < start <= line and heading_line in self.headings:
                best_line, best = start, self.headings[heading_line]
        return best


def _heading(source: Source, number: int) -> str:
    """A heading guess: 'Title[]' lines, all-capitals titles, or short lines between blank lines.

    A line of more than :data:`HEADING_MAX_WORDS` words is a sentence, not a title
    (the headings ship with the package, the texts' sentences never do); page
    markers, version lines and captions (:data:`NOT_HEADING`) are no titles either.
    """
    assert source.lines is not None  # noqa: S101
    text = ARTIFACT.sub("", source.lines[number - 1]).strip()
    if number in FORCED_HEADINGS.get(source.seed, ()):
        return text
    sentence = len(WORD.findall(text)) > HEADING_MAX_WORDS or bool(NOT_HEADING.search(text))
    if sentence or number in NOT_HEADINGS.get(source.seed, ()):
        return ""
    if text.endswith("[]"):
        return text[:-2]
    if not text or len(text) > 60 or text.endswith((".", ",", ":", ";")) or text.startswith(("-", "*", "•")):  # noqa: PLR2004
        return ""
    if _capitals(text):
        return _capitals_title(source, number, text)
    before = number == 1 or source.is_blank(number - 1)
    after = number == source.line_count or source.is_blank(number + 1)
    return text if before and after and text[0].isupper() else ""


def _capitals_title(source: Source, number: int, text: str) -> str:
    """A title in capitals (its first line only, when it runs onto a second; nothing for that second line).

    The first line names the section well enough, and a whole title of many words would repeat the book.
    """
    assert source.lines is not None  # noqa: S101
    above = ARTIFACT.sub("", source.lines[number - 2]).strip() if number > 1 else ""
    if above and _capitals(above, words_needed=1):
        return ""  # a title's second line continues the first
    return text


def _capitals(text: str, *, words_needed: int = 2) -> bool:
    """Whether ``text`` is a title in capitals: two words or more, every letter a capital, no word said thrice.

    (A diagram's labels repeat a word; OCR debris has one real word.)
    """
    letters = [c for c in text if c.isalpha()]
    words = [w for w in WORD.findall(text) if len(w) > 1]
    if len(words) < words_needed or len(letters) < CAPS_MIN_LETTERS or not all(c.isupper() for c in letters):
        return False
    return all(words.count(w) < 3 for w in words)  # noqa: PLR2004


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
    text = Path(__file__).with_name(HEADINGS_FILE).read_text(encoding="utf-8")  # a file of this package
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
