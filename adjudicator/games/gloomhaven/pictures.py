"""Text and SVG pictures of a hex map with its figures and an answer's marks, each with a legend.

An answer's ``marks`` may hold these keys, all optional: ``path`` (hexes in order, the start first), ``focus``,
``targets`` (hexes), ``attacker`` (one hex), ``end`` (one hex), ``blocked`` (one hex), ``line`` (two
hexes) and ``sight`` (two corner points: the clear line found). Its ``paths`` are drawn each with its end:
every choice of a tied monster turn (numbered, in its own colour, with the hexes it attacks), every push or
pull path. Figures carry the labels of :mod:`adjudicator.situation.labels`, named in the legend.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any, Final, cast

from adjudicator.games.gloomhaven.terrain import feature
from adjudicator.games.registry import Pictures
from adjudicator.situation import legend
from adjudicator.situation.answer import DrawnPath
from adjudicator.situation.labels import LABEL_WIDTH, piece_labels
from adjudicator.spaces.hex import Hex, HexSpace, Point, centre, column_letters, corners, side

if TYPE_CHECKING:
    from collections.abc import Sequence

    from adjudicator.games.gloomhaven.model import Situation
    from adjudicator.situation.answer import Answer

SCALE = 30.0
"""Pixels per hex side (a hex is 52 px across)."""
SX = SCALE * math.sqrt(3) / 2
"""Pixels per unit across (the contract's X unit is √3/2 of a side)."""
SY = SCALE / 2
"""Pixels per unit down."""
MARGIN = 30.0
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
CHOICE_COLOURS = ("#1f77b4", "#e67e22", "#2ca02c", "#9467bd", "#8c564b", "#17becf")
"""One colour per choice of a tie, in order."""
PATH_COLOUR, PUSH_COLOUR = "#2a7", "#8e44ad"
SIGNS = (("line", "+"), ("path", ">"), ("end", "*"), ("focus", "?"), ("targets", "!"), ("blocked", "#"))
"""The text board's marks, a later one drawn over an earlier one."""
SIGN_WORDS = {
    "+": "an end of the line",
    ">": "on a path",
    "*": "where a path ends",
    "?": "the focus",
    "!": "a target",
    "#": "where the path is blocked",
}
CELL_TEXT = 2 + LABEL_WIDTH + 2
"""Characters per hex in the text board: terrain, a space, a label, the mark, a space."""


def _marks(answer: Any) -> dict[str, list[Any]]:
    marks = getattr(answer, "marks", None)
    return dict(marks) if marks else {}


def _paths(answer: Any) -> list[DrawnPath]:
    """The answer's paths: its own list, else its ``path`` mark as a move."""
    paths = list(getattr(answer, "paths", None) or [])
    if paths:
        return paths
    path = [h for h in _marks(answer).get("path", []) if isinstance(h, Hex)]
    return [DrawnPath("path", tuple(path))] if len(path) > 1 else []


def _hex(space: object) -> Hex:
    """A space id of the hex map (paths hold :class:`Hex` values)."""
    return cast("Hex", space)


def _labels(situation: Situation) -> dict[str, str]:
    return piece_labels(p.id for p in situation.pieces)


def _side(piece: Any) -> str:
    rank = getattr(piece, "rank", "normal")
    return f"{piece.type}, {rank}" if rank != "normal" else str(piece.type)


def _signs(marks: dict[str, list[Any]], paths: list[DrawnPath]) -> dict[Hex, str]:
    """Each marked hex's sign in the text board."""
    found: dict[str, list[Any]] = {key: list(marks.get(key, [])) for key, _ in SIGNS}
    for path in paths:
        found["path"] += path.spaces
        found["end"] += [path.end]
        found["targets"] += path.targets
    sign: dict[Hex, str] = {}
    for key, char in SIGNS:
        for h in found[key]:
            if isinstance(h, Hex):
                sign[h] = char
    return sign


def text_picture(situation: Situation, answer: Answer | None = None) -> str:
    """The map as text: each hex its terrain character, a figure's label and a mark, then a legend.

    Cells are eight characters wide and even rows are indented by four (half a hex). Marks: ``>`` on a path,
    ``*`` where a path ends, ``!`` a target, ``?`` a focus, ``#`` the hex where a path is blocked, ``+`` a
    line's ends. The legend names every label, terrain character and mark shown, and each path and choice.
    """
    board = situation.board
    paths = _paths(answer)
    sign = _signs(_marks(answer), paths)
    labels = _labels(situation)
    on_hex = {p.at: labels[p.id] for p in situation.pieces}
    header = " " * 4 + "".join(f"{column_letters(j):<{CELL_TEXT}}" for j in range(board.width))
    lines = [header.rstrip()]
    for i, row in enumerate(board.rows):
        cells = [
            f"{char} {on_hex.get(Hex(j, i), ''):<{LABEL_WIDTH}}{sign.get(Hex(j, i), ' ')} "
            for j, char in enumerate(row)
        ]
        indent = " " * (CELL_TEXT // 2) if i % 2 else ""
        lines.append(f"{i + 1:>3} {indent}{''.join(cells)}".rstrip())
    return "\n".join(lines + _text_legend(situation, labels, paths, set(sign.values())))


def _text_legend(situation: Situation, labels: dict[str, str], paths: list[DrawnPath], signs: set[str]) -> list[str]:
    board = situation.board
    out = [f"  {labels[p.id]} = {p.id} ({_side(p)})" for p in situation.pieces]
    terrain = {board.rows[h.row][h.col]: feature(board, h) for h in board.spaces()}
    out.append("  map: " + ", ".join(f"{char} {_terrain_words(word)}" for char, word in sorted(terrain.items())))
    shown = [f"{char} {SIGN_WORDS[char]}" for _, char in SIGNS if char in signs]
    if shown:
        out.append("  marks: " + ", ".join(shown))
    walls = sorted(sorted(board.name(h) for h in edge) for edge in board.walls)
    if walls:
        out.append("  thin walls: " + ", ".join("|".join(pair) for pair in walls))
    out += [f"  {_path_words(board, path)}" for path in paths]
    return out


def _terrain_words(word: str) -> str:
    """A terrain feature in words (``none``: an empty hex)."""
    return "empty hex" if word == "none" else word.replace("_", " ")


def _path_words(board: HexSpace, path: DrawnPath) -> str:
    """A path in words: ``choice 2: D3 C4, ends C4, attacks B5``."""
    number = f" {path.choice}" if path.choice else ""
    name = (
        f"choice{number}" if path.kind == "choice" else f"{path.kind}{number} of {path.who}" if path.who else path.kind
    )
    hexes = " ".join(board.name(h) for h in path.spaces)
    end = f", ends {board.name(path.end)}" if path.end is not None else ""
    targets = f", attacks {' '.join(board.name(h) for h in path.targets)}" if path.targets else ""
    return f"{name}: {hexes}{end}{targets}"


def _px(point: tuple[float, float] | Point) -> tuple[float, float]:
    return (MARGIN + (point[0] + 1) * SX, MARGIN + (point[1] + 2) * SY)


def _points(points: Sequence[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in map(_px, points))


def svg_picture(situation: Situation, answer: Answer | None = None) -> str:
    """The map as an SVG document: terrain, thin walls, figures, every path with its end, focus, targets, legend."""
    board = situation.board
    marks = _marks(answer)
    paths = _paths(answer)
    keys = _keys(situation, marks, paths)
    legend_width, legend_height = legend.size(keys)
    board_width = MARGIN * 2 + (2 * board.width + 1) * SX
    board_height = MARGIN * 2 + (3 * board.height + 1) * SY
    width, height = max(board_width, legend_width + MARGIN), board_height + legend_height
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">'
        ),
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
        *_terrain(board),
        *_lines(marks),
        *_drawn(board, paths),
        *_rings(marks),
        *_figures(situation),
        *legend.draw(keys, MARGIN, board_height),
        "</svg>",
    ]
    return "\n".join(out) + "\n"


def _keys(situation: Situation, marks: dict[str, list[Any]], paths: list[DrawnPath]) -> list[legend.Key]:
    """The legend: every figure by label, the terrain present, and what the answer marks."""
    board = situation.board
    labels = _labels(situation)
    keys = [
        legend.Key(
            "piece",
            legend.dot(PIECE_FILL.get(p.type, "#888"), labels[p.id]),
            f"{labels[p.id]} = {p.id} ({_side(p)})",
            labels[p.id],
        )
        for p in situation.pieces
    ]
    words = sorted({feature(board, h) for h in board.spaces()})
    keys += [legend.Key("terrain", legend.rect(FILL[w]), _terrain_words(w)) for w in words]
    if board.walls:
        keys.append(legend.Key("wall", legend.stroke("#111", 4), "thin wall"))
    for path in paths:
        colour = _colour(path)
        keys.append(legend.Key(_kind(path), legend.stroke(colour, 4, _dash(path)), _path_words(board, path)))
    if paths:
        keys.append(legend.Key("end", legend.rect("none", "#333"), "where a path ends"))
    if marks.get("sight") or marks.get("line"):
        keys.append(legend.Key("line", legend.stroke("#27c" if marks.get("sight") else "#c33", 2), "line between"))
    for key, colour, dash, text in (
        ("attacker", "#2c3e50", "2 2", "the attacker"),
        ("focus", "#e67e22", "4 2", "the focus"),
        ("targets", "#c0392b", "", "a target"),
    ):
        if marks.get(key) or (key == "targets" and any(p.targets for p in paths)):
            keys.append(legend.Key(key, legend.ring(colour, dash), text))
    if marks.get("blocked"):
        keys.append(legend.Key("blocked", legend.glyph("✗", "#c00"), "where the path is blocked"))
    return keys


def _kind(path: DrawnPath) -> str:
    return "choice" if path.choice and path.kind == "choice" else path.kind


def _colour(path: DrawnPath) -> str:
    if path.choice:  # one of several: each its own colour
        return CHOICE_COLOURS[(path.choice - 1) % len(CHOICE_COLOURS)]
    return PUSH_COLOUR if path.kind in {"push", "pull"} else PATH_COLOUR


def _dash(path: DrawnPath) -> str:
    return "6 3" if path.kind in {"push", "pull"} else ""


def _terrain(board: HexSpace) -> list[str]:
    out = []
    for h in board.spaces():
        fill = FILL[feature(board, h)]
        out.append(
            f'<polygon points="{_points(corners(h))}" fill="{fill}" stroke="#999" stroke-width="1" '
            f'data-hex="{board.name(h)}"/>'
        )
        cx, cy = _px(centre(h))
        out.append(
            f'<text x="{cx:.1f}" y="{cy + SCALE * 0.93:.1f}" font-size="10" text-anchor="middle" '
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
    line = [h for h in marks.get("line", []) if isinstance(h, Hex)]
    sight = marks.get("sight", [])
    if len(sight) == 2:  # noqa: PLR2004 - a segment has two ends
        out.append(_segment(sight[0], sight[1], 'stroke="#27c" stroke-width="2"'))
    elif len(line) == 2:  # noqa: PLR2004 - a segment has two ends
        out.append(_segment(centre(line[0]), centre(line[1]), 'stroke="#c33" stroke-width="2" stroke-dasharray="3 3"'))
    return out


def _drawn(board: HexSpace, paths: list[DrawnPath]) -> list[str]:
    """Every path with its end hex; a choice's number at its end (``data-choice``), its targets ringed."""
    out = []
    for n, path in enumerate(paths):
        colour, shift = _colour(path), (n - (len(paths) - 1) / 2) * 3 if len(paths) > 1 else 0.0
        attrs = f'data-kind="{path.kind}" data-choice="{path.choice}"'
        if len(path.spaces) > 1:
            points = " ".join(
                f"{x + shift:.1f},{y + shift:.1f}" for x, y in (_px(centre(_hex(h))) for h in path.spaces)
            )
            dash = f' stroke-dasharray="{_dash(path)}"' if _dash(path) else ""
            out.append(
                f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="4"{dash} '
                f'stroke-linejoin="round" opacity="0.85" {attrs}/>'
            )
        if path.end is None:
            continue
        out.append(
            f'<polygon points="{_points(corners(_hex(path.end)))}" fill="none" stroke="{colour}" stroke-width="3" '
            f'{attrs} data-end="{board.name(path.end)}"><title>{escape(_path_words(board, path))}</title></polygon>'
        )
        if path.choice:
            x, y = _px(corners(_hex(path.end))[0])
            x += 18 * sum(1 for p in paths[:n] if p.end == path.end)  # badges of choices ending on one hex side by side
            out.append(
                f'<circle cx="{x:.1f}" cy="{y + 2:.1f}" r="9" fill="{colour}" stroke="white"/>'
                f'<text x="{x:.1f}" y="{y + 6:.1f}" font-size="12" font-weight="bold" text-anchor="middle" '
                f'fill="white" data-choice-number="{path.choice}">{path.choice}</text>'
            )
        for h in path.targets:
            cx, cy = _px(centre(_hex(h)))
            out.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{SCALE * 0.8 + 3 * n:.1f}" fill="none" stroke="{colour}" '
                f'stroke-width="2" stroke-dasharray="5 2" data-choice-target="{path.choice}"/>'
            )
    return out


def _rings(marks: dict[str, list[Any]]) -> list[str]:
    out = []
    for key, colour, dash in (
        ("attacker", "#2c3e50", ' stroke-dasharray="2 2"'),
        ("focus", "#e67e22", ' stroke-dasharray="4 2"'),
        ("targets", "#c0392b", ""),
    ):
        for h in marks.get(key, []):
            if isinstance(h, Hex):
                cx, cy = _px(centre(h))
                out.append(
                    f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{SCALE * 0.75:.1f}" fill="none" '
                    f'stroke="{colour}" stroke-width="3"{dash} data-mark="{key}"/>'
                )
    for h in marks.get("blocked", []):
        if isinstance(h, Hex):
            cx, cy = _px(centre(h))
            y = cy - SCALE * 0.45
            out.append(f'<text x="{cx:.1f}" y="{y:.1f}" font-size="14" text-anchor="middle" fill="#c00">✗</text>')
    return out


def _figures(situation: Situation) -> list[str]:
    out = []
    labels = _labels(situation)
    for piece in situation.pieces:
        cx, cy = _px(centre(piece.at))
        stroke = "#d4ac0d" if getattr(piece, "rank", "normal") != "normal" else "#222"
        fill = PIECE_FILL.get(piece.type, "#888")
        out.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{SCALE * 0.6:.1f}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="2" data-piece="{escape(piece.id)}">'
            f"<title>{escape(piece.id)} ({escape(_side(piece))})</title></circle>"
        )
        out.append(
            f'<text x="{cx:.1f}" y="{cy + 4:.1f}" font-size="12" font-weight="bold" text-anchor="middle" '
            f'fill="#fff" data-label="{escape(labels[piece.id])}">{escape(labels[piece.id])}</text>'
        )
    return out


PICTURES: Final = Pictures["Situation"](text=text_picture, svg=svg_picture)
