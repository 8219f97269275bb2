"""Text and SVG pictures of a hex map with its figures and an answer's marks.

An answer's ``marks`` may hold these keys, all optional: ``path`` (hexes in order, the start first), ``focus``,
``targets`` (hexes), ``end`` (one hex), ``blocked`` (one hex), ``line`` (two
hexes) and ``sight`` (two corner points: the clear line found).
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any, Final

from adjudicator.games.gloomhaven.terrain import feature
from adjudicator.games.registry import Pictures
from adjudicator.spaces.hex import Hex, HexSpace, Point, centre, column_letters, corners, side

if TYPE_CHECKING:
    from collections.abc import Sequence

    from adjudicator.games.gloomhaven.model import Situation
    from adjudicator.situation.answer import Answer

SCALE = 18.0
"""Pixels per hex side."""
SX = SCALE * math.sqrt(3) / 2
"""Pixels per unit across (the contract's X unit is √3/2 of a side)."""
SY = SCALE / 2
"""Pixels per unit down."""
MARGIN = 24.0
FILL = {
    "none": "#f4f1e8",
    "wall": "#444444",
    "obstacle": "#8c7b62",
    "trap": "#e3b6b6",
    "hazardous": "#f2c46d",
    "difficult": "#b9d6a3",
    "closed_door": "#6b4423",
    "locked_door": "#2e1a0b",
    "open_door": "#d8c3a5",
}
PIECE_FILL = {"character": "#3b6fb6", "summon": "#7fb0e8", "monster": "#c0392b"}
TAGS = "123456789abcdefghijklmnopqrstuvwxyz"


def _marks(answer: Any) -> dict[str, list[Any]]:
    marks = getattr(answer, "marks", None)
    return dict(marks) if marks else {}


def _tags(situation: Situation) -> dict[Hex, str]:
    return {piece.at: TAGS[n % len(TAGS)] for n, piece in enumerate(situation.pieces)}


def text_picture(situation: Situation, answer: Answer | None = None) -> str:
    """The map as text: each hex its terrain character, a figure's tag, and a mark.

    Cells are four characters wide and even rows are indented by two (half a
    hex). Marks: ``>`` on the path, ``!`` a target, ``?`` a focus, ``#`` the
    hex where a path is blocked, ``+`` a line's ends. A legend names the tags.
    """
    board = situation.board
    marks = _marks(answer)
    sign: dict[Hex, str] = {}
    for key, char in (("line", "+"), ("path", ">"), ("focus", "?"), ("targets", "!"), ("blocked", "#")):
        for h in marks.get(key, []):
            if isinstance(h, Hex):
                sign[h] = char
    tags = _tags(situation)
    header = "    " + "".join(f"{column_letters(j):<4}" for j in range(board.width))
    lines = [header.rstrip()]
    for i, row in enumerate(board.rows):
        cells = []
        for j, char in enumerate(row):
            h = Hex(j, i)
            cells.append(f"{char}{tags.get(h, ' ')}{sign.get(h, ' ')} ")
        indent = "  " if i % 2 else ""
        lines.append(f"{i + 1:>3} {indent}{''.join(cells)}".rstrip())
    legend = [f"  {tags[p.at]} = {p.id} ({p.type})" for p in situation.pieces]
    walls = sorted(sorted(board.name(h) for h in edge) for edge in board.walls)
    if walls:
        legend.append("  thin walls: " + ", ".join("|".join(pair) for pair in walls))
    return "\n".join(lines + legend)


def _px(point: tuple[float, float] | Point) -> tuple[float, float]:
    return (MARGIN + (point[0] + 1) * SX, MARGIN + (point[1] + 2) * SY)


def _points(points: Sequence[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in map(_px, points))


def svg_picture(situation: Situation, answer: Answer | None = None) -> str:
    """The map as an SVG document: terrain, thin walls, figures, the path, focus and targets."""
    board = situation.board
    marks = _marks(answer)
    width = MARGIN * 2 + (2 * board.width + 1) * SX
    height = MARGIN * 2 + (3 * board.height + 1) * SY
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">'
        ),
        *_terrain(board),
        *_lines(marks),
        *_rings(marks),
        *_figures(situation),
        "</svg>",
    ]
    return "\n".join(out) + "\n"


def _terrain(board: HexSpace) -> list[str]:
    out = []
    for h in board.spaces():
        fill = FILL[feature(board, h)]
        out.append(f'<polygon points="{_points(corners(h))}" fill="{fill}" stroke="#999" stroke-width="1"/>')
        cx, cy = _px(centre(h))
        out.append(
            f'<text x="{cx:.1f}" y="{cy + 12:.1f}" font-size="6" text-anchor="middle" '
            f'fill="#777">{board.name(h)}</text>'
        )
    for edge in board.walls:
        a, b = sorted(edge)
        out.append(_segment(*side(a, b), 'stroke="#111" stroke-width="4"'))
    return out


def _segment(p: tuple[float, float], q: tuple[float, float], style: str) -> str:
    (x1, y1), (x2, y2) = _px(p), _px(q)
    return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>'


def _lines(marks: dict[str, list[Any]]) -> list[str]:
    out = []
    path = [h for h in marks.get("path", []) if isinstance(h, Hex)]
    if len(path) > 1:
        out.append(
            f'<polyline points="{_points([centre(h) for h in path])}" fill="none" stroke="#2a7" '
            'stroke-width="3" stroke-dasharray="6 3"/>'
        )
    line = [h for h in marks.get("line", []) if isinstance(h, Hex)]
    sight = marks.get("sight", [])
    if len(sight) == 2:  # noqa: PLR2004 - a segment has two ends
        out.append(_segment(sight[0], sight[1], 'stroke="#27c" stroke-width="2"'))
    elif len(line) == 2:  # noqa: PLR2004 - a segment has two ends
        out.append(_segment(centre(line[0]), centre(line[1]), 'stroke="#c33" stroke-width="2" stroke-dasharray="3 3"'))
    return out


def _rings(marks: dict[str, list[Any]]) -> list[str]:
    out = []
    for key, colour, dash in (("focus", "#e67e22", ' stroke-dasharray="4 2"'), ("targets", "#c0392b", "")):
        for h in marks.get(key, []):
            if isinstance(h, Hex):
                cx, cy = _px(centre(h))
                out.append(
                    f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{SCALE * 0.8:.1f}" fill="none" '
                    f'stroke="{colour}" stroke-width="3"{dash}/>'
                )
    for h in marks.get("blocked", []):
        if isinstance(h, Hex):
            cx, cy = _px(centre(h))
            out.append(f'<text x="{cx:.1f}" y="{cy - 9:.1f}" font-size="12" text-anchor="middle" fill="#c00">✗</text>')
    return out


def _figures(situation: Situation) -> list[str]:
    out = []
    for piece in situation.pieces:
        cx, cy = _px(centre(piece.at))
        stroke = "#d4ac0d" if getattr(piece, "rank", "normal") != "normal" else "#222"
        fill = PIECE_FILL.get(piece.type, "#888")
        out.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{SCALE * 0.55:.1f}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="2"/>'
        )
        out.append(
            f'<text x="{cx:.1f}" y="{cy + 3:.1f}" font-size="7" text-anchor="middle" '
            f'fill="#fff">{escape(piece.id[:6])}</text>'
        )
    return out


PICTURES: Final = Pictures["Situation"](text=text_picture, svg=svg_picture)
