"""The legend of an SVG picture: one row per thing the picture draws, its swatch then its words.

Every game's SVG answer picture ends with this legend (pieces by label, the
terrain kinds present, the answer's marks), in one column under the board.
Each row is a ``<g data-legend="KIND">`` (``data-label`` too for a piece) so a
test can check that every label drawn on the board is named in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

FONT = 13
"""Font size of the legend's words (px)."""
ROW = 22
"""Height of one legend row (px)."""
SWATCH = 18
"""Width of a swatch (px)."""
CHAR = 7.5
"""Width of one character at the legend's font size, for the picture's width (px)."""
TITLE = "Legend"


@dataclass(frozen=True)
class Key:
    """One row of a legend: what it names (``kind``: piece, terrain, mark…), its swatch and its words."""

    kind: str
    swatch: str
    """SVG elements drawn in a box of ``SWATCH`` px, its top-left corner at (0, 0)."""
    text: str
    label: str = ""
    """A piece's label (``data-label``)."""


def rect(fill: str, stroke: str = "#999", dash: str = "") -> str:
    """A filled square swatch (terrain, a reached square)."""
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return f'<rect x="1" y="1" width="{SWATCH - 2}" height="{SWATCH - 2}" fill="{fill}" stroke="{stroke}"{dashed}/>'


def dot(fill: str, label: str = "", text_fill: str = "white") -> str:
    """A piece's disc swatch."""
    r = SWATCH // 2
    return f'<circle cx="{r}" cy="{r}" r="{r - 1}" fill="{fill}" stroke="black"/>' + (
        f'<text x="{r}" y="{r + 4}" text-anchor="middle" font-size="9" fill="{text_fill}">{escape(label[:1])}</text>'
        if label
        else ""
    )


def stroke(colour: str, width: int = 3, dash: str = "") -> str:
    """A line swatch (a path, a line of fire, a wall)."""
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    y = SWATCH // 2
    return f'<line x1="0" y1="{y}" x2="{SWATCH}" y2="{y}" stroke="{colour}" stroke-width="{width}"{dashed}/>'


def ring(colour: str, dash: str = "") -> str:
    """A ring swatch (a target, a focus, an end square)."""
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    r = SWATCH // 2
    return f'<circle cx="{r}" cy="{r}" r="{r - 2}" fill="none" stroke="{colour}" stroke-width="3"{dashed}/>'


def glyph(char: str, colour: str = "black") -> str:
    """A character swatch (an object's letter, a blocked mark)."""
    r = SWATCH // 2
    return (
        f'<text x="{r}" y="{r + 5}" text-anchor="middle" font-size="{FONT}" font-weight="bold" '
        f'fill="{colour}">{escape(char)}</text>'
    )


def size(keys: list[Key]) -> tuple[float, float]:
    """The width and height the legend takes."""
    if not keys:
        return 0.0, 0.0
    longest = max(len(k.text) for k in keys)
    return SWATCH + 8 + CHAR * longest + 8, ROW * (len(keys) + 1) + 6


def draw(keys: list[Key], left: float, top: float) -> list[str]:
    """The legend's SVG elements, its title's top-left corner at ``(left, top)``."""
    if not keys:
        return []
    out = [f'<text x="{left:.0f}" y="{top + FONT:.0f}" font-size="{FONT}" font-weight="bold">{TITLE}</text>']
    for n, key in enumerate(keys, 1):
        y = top + n * ROW
        label = f' data-label="{escape(key.label)}"' if key.label else ""
        out.append(
            f'<g transform="translate({left:.0f},{y:.0f})" data-legend="{escape(key.kind)}"{label}>{key.swatch}'
            f'<text x="{SWATCH + 8}" y="{SWATCH - 4}" font-size="{FONT}">{escape(key.text)}</text></g>'
        )
    return out
