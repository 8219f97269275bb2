"""Pictures of a Pawns and Squares situation: the board as text (pawns by initial) and as SVG."""

from __future__ import annotations

from html import escape
from typing import Final

from adjudicator.games.registry import Pictures
from adjudicator.situation.answer import Answer
from adjudicator.spaces.square import KIND
from tests.toygame.model import Situation

CELL: Final = 30


def text_picture(situation: Situation, answer: Answer | None = None) -> str:
    """One character a square: ``.`` open, ``#`` blocking, a pawn's initial, ``*`` the square asked about."""
    board = situation.board
    marked = {situation.query.to} if answer is not None else set()
    at = {p.at: p.id[0] for p in situation.pawns}
    lines = []
    for row, text in enumerate(board.map_fields("outdoor")["terrain"]):
        squares = [board.parse(KIND.position_name(col, row)) for col in range(len(text))]
        lines.append("".join(at.get(sq) or ("*" if sq in marked else ch) for sq, ch in zip(squares, text, strict=True)))
    return "\n".join(lines)


def svg_picture(situation: Situation, answer: Answer | None = None) -> str:
    """The board as SVG: a square a cell, pawns by id."""
    lines = text_picture(situation, answer).splitlines()
    cells = [
        f'<rect x="{x * CELL}" y="{y * CELL}" width="{CELL}" height="{CELL}" fill="{"#777" if ch == "#" else "#eee"}"/>'
        + (f'<text x="{x * CELL + 9}" y="{y * CELL + 20}">{escape(ch)}</text>' if ch not in ".#" else "")
        for y, line in enumerate(lines)
        for x, ch in enumerate(line)
    ]
    width, height = CELL * max(map(len, lines)), CELL * len(lines)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">{"".join(cells)}</svg>\n'


PICTURES: Final = Pictures[Situation](text=text_picture, svg=svg_picture)
