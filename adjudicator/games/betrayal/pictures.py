"""Pictures of a house: each floor as text or SVG, with pieces, the path walked or the line of sight.

An answer's ``marks`` may hold ``path`` (places in order, numbered on the
picture), ``line`` (the chain of rooms of a line of sight) and ``reach``
(places a piece may end in). Only the floors holding a marked room or a piece
of the situation are drawn.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Final

from adjudicator.games.registry import Pictures
from adjudicator.spaces.rooms import FLOORS, SIDES, Room, RoomSpace

if TYPE_CHECKING:
    from adjudicator.games.betrayal.model import HouseSituation
    from adjudicator.situation.answer import Answer

CELL_W = 14
CELL_H = 5
PX = 90


def _pieces(situation: HouseSituation) -> dict[str, list[str]]:
    """Piece ids by room id."""
    out: dict[str, list[str]] = {}
    for piece in situation.pieces:
        out.setdefault(piece.room, []).append(piece.id)
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


def _cell(room: Room, pieces: list[str], tag: str, *, new: bool) -> list[str]:
    inner = CELL_W - 2
    gap_n = "N" in room.doors
    gap_s = "S" in room.doors and "S" not in room.sealed
    half = (inner - 2) // 2
    top = "+" + ("-" * half + "  " + "-" * (inner - 2 - half) if gap_n else "-" * inner) + "+"
    bottom = (
        "+"
        + (
            "-" * half + "  " + "-" * (inner - 2 - half)
            if gap_s
            else "=" * inner
            if "S" in room.sealed
            else "-" * inner
        )
        + "+"
    )
    name = (room.id + ("?" if new else ""))[:inner]
    who = " ".join(pieces)[:inner]
    rows = [name, who, tag[:inner]]
    west = " " if "W" in room.doors else "|"
    east = " " if "E" in room.doors else "|"
    body = [("|" if i != 1 else west) + text.ljust(inner) + ("|" if i != 1 else east) for i, text in enumerate(rows)]
    return [top, *body, bottom]


def text_picture(situation: HouseSituation, answer: Answer | None = None) -> str:
    """Each floor as a grid of room boxes; doors are gaps, ``?`` marks a tile not yet placed."""
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
                steps = [str(i) for i, p in enumerate(path) if p == room.id]
                tag = (
                    ("path " + ",".join(steps))
                    if steps
                    else "line"
                    if room.id in line
                    else "reach"
                    if room.id in reach
                    else ""
                )
                cells.append(_cell(room, pieces.get(room.id, []), tag, new=situation.house.by_id[room.id].new))
            out.extend("".join(cell[i] for cell in cells).rstrip() for i in range(CELL_H))
        blocks.append("\n".join(out))
    return "\n\n".join(blocks)


def svg_picture(situation: HouseSituation, answer: Answer | None = None) -> str:
    """Each floor side by side as one SVG document; the path or line is drawn through room centres."""
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
        parts.append(f'<text x="{x0}" y="16" font-size="13">{escape(floor)} floor</text>')
        for room in rooms:
            x, y = x0 + (room.col - c0) * PX, 24 + (room.row - r0) * PX
            centres[room.id] = (x + PX / 2, y + PX / 2)
            fill = "#eef" if room.id in reach else "#fff"
            dash = ' stroke-dasharray="4 3"' if situation.house.by_id[room.id].new else ""
            parts.append(
                f'<rect x="{x + 2}" y="{y + 2}" width="{PX - 4}" height="{PX - 4}" fill="{fill}" stroke="#333"{dash}/>'
            )
            for side in [s for s in SIDES if s in room.doors]:  # in a fixed order, not the set's
                dx, dy = {"N": (0.5, 0), "S": (0.5, 1), "E": (1, 0.5), "W": (0, 0.5)}[side]
                colour = "#c00" if side in room.sealed else "#fff"
                parts.append(f'<circle cx="{x + dx * PX}" cy="{y + dy * PX}" r="6" fill="{colour}" stroke="#333"/>')
            parts.append(f'<text x="{x + 6}" y="{y + 18}" font-size="10">{escape(room.id)}</text>')
            who = " ".join(pieces.get(room.id, []))
            parts.append(f'<text x="{x + 6}" y="{y + PX - 10}" font-size="10" fill="#06c">{escape(who)}</text>')
        x0 += width + 20
    for marked, colour in ((path, "#c60"), (list(answer.marks.get("line", []) if answer else []), "#090")):
        points = [centres[str(p).partition(":")[0]] for p in marked if str(p).partition(":")[0] in centres]
        if len(points) > 1:
            coords = " ".join(f"{x:.0f},{y:.0f}" for x, y in points)
            parts.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="3"/>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{x0}" height="{height + 10}" '
        f'viewBox="0 0 {x0} {height + 10}">' + "".join(parts) + "</svg>\n"
    )


PICTURES: Final = Pictures["HouseSituation"](text=text_picture, svg=svg_picture)
