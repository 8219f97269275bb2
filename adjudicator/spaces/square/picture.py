"""Board pictures: a text grid for the terminal and an SVG file.

Both draw the map (terrain, walls, stairs, objects), the pieces, and the
answer's marks: a move's path, a line of fire, the squares reached, targets.
"""

from __future__ import annotations

from html import escape
from typing import cast

from adjudicator.answer import Answer
from adjudicator.situation.model import Situation
from adjudicator.spaces.base import SpaceId
from adjudicator.spaces.square.board import Board, Square, column_name

TERRAIN_CHAR = {"clear": ".", "hindering": "h", "water": "~", "blocking": "#"}
TERRAIN_FILL = {"clear": "#f4f1e8", "hindering": "#b9d9a0", "water": "#9cc8ea", "blocking": "#8a6d4b"}
OBJECT_CHAR = {"portal": "P", "tombstone": "T", "tree": "Y"}
CELL = 40


def _board(situation: Situation) -> Board:
    """The situation's square board (pictures are drawn only for square spaces)."""
    return cast("Board", situation.board)


def piece_labels(situation: Situation) -> dict[SpaceId, str]:
    """One character per occupied square: the first letter of the piece id.

    Monsters of player 1 are upper case, others lower case; victims are ``v``.
    """
    labels: dict[SpaceId, str] = {}
    for piece in situation.pieces:
        char = "v" if piece.is_token else piece.id[0]
        char = char.upper() if piece.player == 1 else char.lower()
        for square in piece.at:
            labels[square] = char
    return labels


def text_board(situation: Situation, answer: Answer | None = None) -> str:
    """The board as text: one character per square, marks shown as ``*`` and ``+``."""
    board = _board(situation)
    marks = answer.marks if answer else {}
    path = set(marks.get("path", [])) | set(marks.get("reach", []))
    line = set(marks.get("line", [])) | set(marks.get("targets", []))
    labels = piece_labels(situation)
    objects = {o.at: OBJECT_CHAR[o.type] for o in situation.objects}
    header = "   " + "".join(column_name(c)[-1] for c in range(board.width))
    rows = [header]
    for row in range(board.height):
        chars = []
        for col in range(board.width):
            square = (col, row)
            chars.append(_char(square, board.terrain.get(square), labels, objects, (path, line)))
        rows.append(f"{row + 1:>2} " + "".join(chars))
    legend = (
        "pieces: player 1 upper case, others lower case, v victim; "
        "* path/reach; + line/targets; P portal T tombstone Y tree"
    )
    return "\n".join([*rows, legend])


def _char(
    square: SpaceId,
    terrain: object,
    labels: dict[SpaceId, str],
    objects: dict[SpaceId, str],
    marked: tuple[set[SpaceId], set[SpaceId]],
) -> str:
    path, line = marked
    if terrain is None:
        return " "
    if square in labels:
        return labels[square]
    if square in objects:
        return objects[square]
    if square in path:
        return "*"
    if square in line:
        return "+"
    return TERRAIN_CHAR[str(terrain)]


def svg_board(situation: Situation, answer: Answer | None = None) -> str:
    """The board as an SVG document, readable at a glance."""
    board = _board(situation)
    width, height = board.width * CELL + 2 * CELL, board.height * CELL + 2 * CELL
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
        ),
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    parts += _svg_squares(situation)
    parts += _svg_walls(situation)
    parts += _svg_marks(answer)
    parts += _svg_pieces(situation)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _xy(space: SpaceId) -> tuple[int, int]:
    """Top-left corner of a square in SVG units."""
    square = cast("Square", space)
    return CELL + square[0] * CELL, CELL + square[1] * CELL


def _centre(square: SpaceId) -> tuple[int, int]:
    x, y = _xy(square)
    return x + CELL // 2, y + CELL // 2


def _svg_squares(situation: Situation) -> list[str]:
    board = _board(situation)
    out = []
    for square, terrain in board.terrain.items():
        x, y = _xy(square)
        fill = TERRAIN_FILL[str(terrain)]
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#999"/>')
        level = board.elevation.get(square, 1)
        if level != 1:
            out.append(f'<text x="{x + 3}" y="{y + 12}" font-size="10" fill="#a33">L{level}</text>')
        if square in board.stairs:
            out.append(f'<text x="{x + CELL - 12}" y="{y + 12}" font-size="10">≡</text>')
    out.extend(
        f'<text x="{CELL + col * CELL + CELL // 2}" y="{CELL - 8}" text-anchor="middle" '
        f'font-size="13">{column_name(col)}</text>'
        for col in range(board.width)
    )
    out.extend(
        f'<text x="{CELL - 8}" y="{CELL + row * CELL + CELL // 2 + 5}" text-anchor="end" '
        f'font-size="13">{row + 1}</text>'
        for row in range(board.height)
    )
    for obj in situation.objects:
        x, y = _xy(obj.at)
        out.append(
            f'<text x="{x + CELL - 4}" y="{y + CELL - 4}" text-anchor="end" font-size="12" '
            f'font-weight="bold">{OBJECT_CHAR[obj.type]}</text>'
        )
    return out


def _svg_walls(situation: Situation) -> list[str]:
    out = []
    for wall in _board(situation).walls:
        a, b = sorted(wall)
        x, y = _xy(b)
        if a[0] != b[0]:  # side by side: vertical wall on b's left edge
            out.append(f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y + CELL}" stroke="black" stroke-width="5"/>')
        else:  # one above the other: horizontal wall on b's top edge
            out.append(f'<line x1="{x}" y1="{y}" x2="{x + CELL}" y2="{y}" stroke="black" stroke-width="5"/>')
    return out


def _svg_marks(answer: Answer | None) -> list[str]:
    if answer is None:
        return []
    out = []
    for square in answer.marks.get("reach", []):
        x, y = _xy(square)
        out.append(
            f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" fill="none" '
            f'stroke="#2a7" stroke-width="2" stroke-dasharray="4 3"/>'
        )
    path = answer.marks.get("path", [])
    if len(path) > 1:
        points = " ".join(f"{x},{y}" for x, y in map(_centre, path))
        out.append(
            f'<polyline points="{points}" fill="none" stroke="#1565c0" stroke-width="4" '
            f'stroke-linejoin="round" opacity="0.8"/>'
        )
    line = answer.marks.get("line", [])
    if len(line) == 2:  # noqa: PLR2004
        (x1, y1), (x2, y2) = _centre(line[0]), _centre(line[1])
        colour = "#c62828" if answer.outcome.get("clear") is False else "#2e7d32"
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="3"/>')
    for square in answer.marks.get("targets", []):
        cx, cy = _centre(square)
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{CELL // 2 - 2}" fill="none" stroke="#c62828" stroke-width="3"/>')
    return out


def _svg_pieces(situation: Situation) -> list[str]:
    out = []
    for piece in situation.pieces:
        colour = "#eee" if piece.is_token else ("#1565c0" if piece.player == 1 else "#c62828")
        for square in piece.at:
            cx, cy = _centre(square)
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{CELL // 3}" fill="{colour}" stroke="black"/>')
            out.append(
                f'<text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="11" '
                f'fill="{"black" if piece.is_token else "white"}">{escape(piece.id[:3])}</text>'
            )
    return out
