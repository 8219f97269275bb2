"""Pictures of a house: each floor as text or SVG, with pieces, the path walked or the line of sight.

An answer's ``marks`` may hold ``path`` (places in order, numbered on the
picture), ``line`` (the chain of rooms of a line of sight) and ``reach``
(places a piece may end in). Only the floors holding a marked room or a piece
of the situation are drawn. Pieces carry the labels of
:mod:`adjudicator.situation.labels`; both pictures end with a legend naming
every label and mark. In the text a door is a gap in a wall: side doors open
the wall on a row of their own, so no text ever stands in a gap.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Final

from adjudicator.games.registry import Pictures
from adjudicator.situation import legend
from adjudicator.situation.labels import piece_labels
from adjudicator.spaces.rooms import FLOORS, SIDES, Room, RoomSpace

if TYPE_CHECKING:
    from adjudicator.games.betrayal.model import HouseSituation
    from adjudicator.situation.answer import Answer

CELL_W = 16
CELL_H = 6
DOOR_ROW = 3
"""The row of a room box whose side walls hold its east and west doors (no text stands there)."""
PX = 110
PIECE_FILL = {"monster": "#b3261e"}
EXPLORER_FILL = "#3857b8"
PATH_COLOUR, LINE_COLOUR, REACH_FILL = "#c60", "#090", "#eef"
TAG_WORDS = {
    ">": "> n: the room of the path's n-th step (0: where it starts)",
    "+": "+ sight: a room on the line of sight",
    "o": "o reach: a room the piece may end in",
}


def _labels(situation: HouseSituation) -> dict[str, str]:
    return piece_labels(p.id for p in situation.pieces)


def _pieces(situation: HouseSituation) -> dict[str, list[str]]:
    """Piece labels by room id."""
    labels = _labels(situation)
    out: dict[str, list[str]] = {}
    for piece in situation.pieces:
        out.setdefault(piece.room, []).append(labels[piece.id])
    return out


def _marks(answer: Answer | None) -> tuple[list[str], set[str], set[str]]:
    if answer is None:
        return [], set(), set()
    path = [str(p).partition(":")[0] for p in answer.marks.get("path", [])]
    line = {str(p).partition(":")[0] for p in answer.marks.get("line", [])}
    reach = {str(p).partition(":")[0] for p in answer.marks.get("reach", [])}
    return path, line, reach


def _floors(house: RoomSpace, pieces: dict[str, list[str]], marked: set[str]) -> list[str]:
    wanted = {house.by_id[r].floor for r in (*pieces, *marked) if r in house.by_id}
    return [f for f in FLOORS if f in wanted] or [f for f in FLOORS if any(r.floor == f for r in house.rooms)]


def _wall(room: Room, side: str, inner: int) -> str:
    """A top or bottom wall: a gap for a door, ``=`` for a sealed side."""
    if side in room.sealed:
        return "+" + "=" * inner + "+"
    if side in room.doors:
        half = (inner - 2) // 2
        return "+" + "-" * half + "  " + "-" * (inner - 2 - half) + "+"
    return "+" + "-" * inner + "+"


def _cell(room: Room, pieces: list[str], tag: str, *, new: bool) -> list[str]:
    """A room as a box of text: its name, its pieces' labels, its door row, the answer's mark."""
    inner = CELL_W - 2
    rows = [(room.id + ("?" if new else ""))[:inner], _fit(pieces, inner), "", tag[:inner]]
    body = []
    for i, text in enumerate(rows, 1):
        west = " " if i == DOOR_ROW and "W" in room.doors else "|"
        east = " " if i == DOOR_ROW and "E" in room.doors else "|"
        body.append(west + text.ljust(inner) + east)
    return [_wall(room, "N", inner), *body, _wall(room, "S", inner)]


def _fit(labels: list[str], width: int) -> str:
    """The labels that fit on a row of ``width``, then ``+N`` for the N more (the legend names them all)."""
    for n in range(len(labels), 0, -1):
        shown = " ".join(labels[:n]) + (f" +{len(labels) - n}" if n < len(labels) else "")
        if len(shown) <= width:
            return shown
    return f"+{len(labels)}" if labels else ""


def _tag(room: Room, path: list[str], line: set[str], reach: set[str]) -> str:
    """The answer's mark in a room: its steps on the path, else on the line of sight, else reached."""
    steps = [str(i) for i, p in enumerate(path) if p == room.id]
    if steps:
        return "> " + ",".join(steps)
    if room.id in line:
        return "+ sight"
    return "o reach" if room.id in reach else ""


def text_picture(situation: HouseSituation, answer: Answer | None = None) -> str:
    """Each floor as a grid of room boxes, then a legend; doors are gaps, ``?`` marks a tile not yet placed."""
    house = situation.board
    pieces = _pieces(situation)
    path, line, reach = _marks(answer)
    blocks: list[str] = []
    for floor in _floors(house, pieces, {*path, *line, *reach}):
        rooms = [r for r in house.rooms if r.floor == floor]
        cols = range(min(r.col for r in rooms), max(r.col for r in rooms) + 1)
        rows = range(min(r.row for r in rooms), max(r.row for r in rooms) + 1)
        out = [f"{floor} floor"]
        for row in rows:
            cells = []
            for col in cols:
                room = house.by_square.get((floor, col, row))
                if room is None:
                    cells.append([" " * CELL_W] * CELL_H)
                    continue
                tag = _tag(room, path, line, reach)
                cells.append(_cell(room, pieces.get(room.id, []), tag, new=situation.house.by_id[room.id].new))
            out.extend("".join(cell[i] for cell in cells).rstrip() for i in range(CELL_H))
        blocks.append("\n".join(out))
    return "\n\n".join([*blocks, "\n".join(_text_legend(situation, path, line, reach))])


def _text_legend(situation: HouseSituation, path: list[str], line: set[str], reach: set[str]) -> list[str]:
    """What the text picture's labels, walls and marks mean."""
    labels = _labels(situation)
    out = ["legend:"]
    out += [f"  {labels[p.id]} = {p.id} ({p.type}, in {p.room})" for p in situation.pieces]
    walls = ["+----+ a room", "a gap in its wall: a door"]
    rooms = situation.board.rooms
    if any(r.sealed for r in rooms):
        walls.append("==== a sealed side")
    if any(situation.house.by_id[r.id].new for r in rooms):
        walls.append("name? a tile not yet placed")
    out.append("  " + "; ".join(walls))
    shown = [(">", bool(path)), ("+", bool(line)), ("o", bool(reach))]
    out += [f"  {TAG_WORDS[char]}" for char, on in shown if on]
    return out


def svg_picture(situation: HouseSituation, answer: Answer | None = None) -> str:
    """Each floor side by side as one SVG document, then a legend; the path or line runs through room centres."""
    house = situation.board
    pieces = _pieces(situation)
    path, line, reach = _marks(answer)
    floors = _floors(house, pieces, {*path, *line, *reach})
    parts: list[str] = []
    x0 = 10
    centres: dict[str, tuple[float, float]] = {}
    height = 0
    for floor in floors:
        rooms = [r for r in house.rooms if r.floor == floor]
        c0, r0 = min(r.col for r in rooms), min(r.row for r in rooms)
        width = (max(r.col for r in rooms) - c0 + 1) * PX
        height = max(height, (max(r.row for r in rooms) - r0 + 1) * PX + 30)
        parts.append(f'<text x="{x0}" y="18" font-size="14" font-weight="bold">{escape(floor)} floor</text>')
        for room in rooms:
            x, y = x0 + (room.col - c0) * PX, 26 + (room.row - r0) * PX
            centres[room.id] = (x + PX / 2, y + PX / 2)
            parts += _svg_room(situation, room, x, y, reach)
        x0 += width + 20
    for marked, colour, kind in ((path, PATH_COLOUR, "path"), (_line_chain(answer), LINE_COLOUR, "line")):
        points = [centres[p] for p in marked if p in centres]
        if len(points) > 1:
            coords = " ".join(f"{x:.0f},{y:.0f}" for x, y in points)
            parts.append(
                f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="3" opacity="0.8" '
                f'data-{kind}="1"/>'
            )
    keys = _svg_keys(situation, path, line, reach)
    legend_width, legend_height = legend.size(keys)
    width = max(x0, int(legend_width) + 20)
    parts += legend.draw(keys, 10, height + 10)
    total = height + 10 + int(legend_height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
        f'viewBox="0 0 {width} {total}" font-family="sans-serif"><rect width="{width}" height="{total}" fill="white"/>'
        + "".join(parts)
        + "</svg>\n"
    )


def _line_chain(answer: Answer | None) -> list[str]:
    return [str(p).partition(":")[0] for p in answer.marks.get("line", [])] if answer else []


def _svg_room(situation: HouseSituation, room: Room, x: float, y: float, reach: set[str]) -> list[str]:
    """One room tile: its box, doors, name and pieces (each a disc and its label)."""
    fill = REACH_FILL if room.id in reach else "#fff"
    dash = ' stroke-dasharray="4 3"' if situation.house.by_id[room.id].new else ""
    box = f'x="{x + 2}" y="{y + 2}" width="{PX - 4}" height="{PX - 4}"'
    out = [f'<rect {box} fill="{fill}" stroke="#333"{dash} data-room="{escape(room.id)}"/>']
    for side in [s for s in SIDES if s in room.doors]:  # in a fixed order, not the set's
        dx, dy = {"N": (0.5, 0), "S": (0.5, 1), "E": (1, 0.5), "W": (0, 0.5)}[side]
        colour = "#c00" if side in room.sealed else "#fff"
        out.append(f'<circle cx="{x + dx * PX}" cy="{y + dy * PX}" r="6" fill="{colour}" stroke="#333"/>')
    out.append(f'<text x="{x + 8}" y="{y + 20}" font-size="12">{escape(room.id[:15])}</text>')
    labels = _labels(situation)
    for k, piece in enumerate(p for p in situation.pieces if p.room == room.id):
        cy = y + 40 + k * 18
        out.append(
            f'<circle cx="{x + 16}" cy="{cy}" r="7" fill="{PIECE_FILL.get(piece.type, EXPLORER_FILL)}" '
            f'stroke="black" data-piece="{escape(piece.id)}"><title>{escape(piece.id)}</title></circle>'
        )
        out.append(
            f'<text x="{x + 28}" y="{cy + 4}" font-size="12" data-label="{escape(labels[piece.id])}">'
            f"{escape(labels[piece.id])}</text>"
        )
    return out


def _svg_keys(situation: HouseSituation, path: list[str], line: set[str], reach: set[str]) -> list[legend.Key]:
    """The SVG legend: every piece by label, the doors, and the answer's marks."""
    labels = _labels(situation)
    keys = [
        legend.Key(
            "piece",
            legend.dot(PIECE_FILL.get(p.type, EXPLORER_FILL), labels[p.id]),
            f"{labels[p.id]} = {p.id} ({p.type}, in {p.room})",
            labels[p.id],
        )
        for p in situation.pieces
    ]
    keys.append(legend.Key("door", legend.ring("#333"), "a door (red: sealed)"))
    if any(situation.house.by_id[r.id].new for r in situation.board.rooms):
        keys.append(legend.Key("new", legend.rect("#fff", "#333", "4 3"), "a tile not yet placed"))
    if len(path) > 1:
        keys.append(legend.Key("path", legend.stroke(PATH_COLOUR), "the path, room to room"))
    if len(line) > 1:
        keys.append(legend.Key("line", legend.stroke(LINE_COLOUR), "the line of sight"))
    if reach:
        keys.append(legend.Key("reach", legend.rect(REACH_FILL, "#333"), "a room the piece may end in"))
    return keys


PICTURES: Final = Pictures["HouseSituation"](text=text_picture, svg=svg_picture)
