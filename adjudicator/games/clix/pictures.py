"""Board pictures: a text grid for the terminal and an SVG file.

Both draw the map (terrain, levels, walls, doorways, stairs, objects), the
pieces and the answer's own facts: a move's path and end square, a knockback's
path and end square, every line of fire the answer computed coloured by its
result, the squares reached and every target by name; both end with a legend
naming every label and symbol they use.

Pieces carry the labels of :mod:`adjudicator.situation.labels` (the web
editor's too): the full id where it fits, else a short label the legend
explains. In the text grid terrain, objects and marks are only punctuation, so
they never collide with a label. The SVG carries machine-readable attributes
(``data-result``, ``data-target``, ``data-piece``, ``data-label``,
``data-legend``) so a test can check the picture against the answer.
"""

from __future__ import annotations

from html import escape

from adjudicator.games.clix.model import Piece, Situation
from adjudicator.situation import legend
from adjudicator.situation.answer import Answer, DrawnPath
from adjudicator.situation.labels import LABEL_WIDTH
from adjudicator.situation.labels import piece_labels as labels_of
from adjudicator.spaces.base import Edge, SpaceId
from adjudicator.spaces.square import (
    DEFAULT_ELEVATION,
    EdgeMark,
    Square,
    SquareSpace,
    SvgGrid,
    square_space,
    text_grid,
)

TERRAIN_CHAR = {"clear": ".", "hindering": ":", "water": "~", "blocking": "#"}
TERRAIN_FILL = {"clear": "#f4f1e8", "hindering": "#b9d9a0", "water": "#9cc8ea", "blocking": "#8a6d4b"}
OBJECT_CHAR = {"portal": "@", "tombstone": "&", "tree": "%"}
OBJECT_SVG = {"portal": "P", "tombstone": "T", "tree": "Y"}
PATH_CHAR, REACH_CHAR, LINE_CHAR, KNOCK_CHAR, END_CHAR = "*", "o", "+", ">", "!"
WALL_V, WALL_H, DOOR_V, DOOR_H = "|", "-", "]", "="
LINE_COLOUR = {"clear": "#2e7d32", "hindered": "#ef8f00", "blocked": "#c62828", "undecided": "#777777"}
LINE_DASH = {"clear": "", "hindered": ' stroke-dasharray="8 4"', "blocked": ' stroke-dasharray="2 4"', "undecided": ""}
PATH_COLOUR, KNOCK_COLOUR, END_COLOUR, TARGET_COLOUR = "#1565c0", "#6a1b9a", "#6a1b9a", "#c62828"
CELL = 48
"""Pixels per square: a label of four characters at 12 px fits a piece's disc."""
GRID = SvgGrid(CELL)
"""Where the squares sit in the SVG picture."""


def _board(situation: Situation) -> SquareSpace:
    """The situation's square board (pictures are drawn only for square spaces)."""
    return square_space(situation.board)


def piece_labels(situation: Situation) -> dict[str, str]:
    """A unique label per piece id, derived from the id (:func:`adjudicator.situation.labels.piece_labels`)."""
    return labels_of(piece.id for piece in situation.pieces)


def _square_labels(situation: Situation, labels: dict[str, str]) -> dict[SpaceId, str]:
    return {square: labels[piece.id] for piece in situation.pieces for square in piece.at}


def _doorways(situation: Situation) -> set[Edge]:
    """The edges that are a portal's doorway, as the pair of squares they separate."""
    board = _board(situation)
    return {frozenset({obj.at, board.across(obj.at, obj.door)}) for obj in situation.objects if obj.door is not None}


def _drawn_paths(answer: Answer | None) -> list[DrawnPath]:
    """The paths the answer decided: its own (knockback…), else the move's path mark."""
    if answer is None:
        return []
    if answer.paths:
        return list(answer.paths)
    path = answer.marks.get("path", [])
    return [DrawnPath("move", tuple(path))] if len(path) > 1 else []


def text_board(situation: Situation, answer: Answer | None = None) -> str:
    """The board as text: four characters per square, walls and doorways between them, then a legend.

    A square shows a piece's label, else the object or terrain character, the answer's mark and ``!`` on the
    end square of a path; where the map has levels, a grid of them follows. A value answer is drawn as its
    pipeline instead (:func:`text_pipeline`).
    """
    if answer is not None and value_pipeline(answer) is not None:
        return text_pipeline(situation, answer)
    board = _board(situation)
    marks = answer.marks if answer else {}
    paths = _drawn_paths(answer)
    line_squares = set(marks.get("line", [])) | {
        sq for ln in (answer.lines if answer else []) for sq in (ln.start, ln.end)
    }
    marked = {
        **dict.fromkeys(line_squares, LINE_CHAR),
        **dict.fromkeys(marks.get("reach", []), REACH_CHAR),
        **{sq: KNOCK_CHAR if p.kind == "knockback" else PATH_CHAR for p in paths for sq in p.spaces},
    }
    ends = {p.end for p in paths}
    labels = piece_labels(situation)
    on_square = _square_labels(situation, labels)
    objects = {o.at: OBJECT_CHAR[o.type] for o in situation.objects}
    walls: set[Edge] = set(board.walls)
    doors = _doorways(situation)
    edges = {**dict.fromkeys(walls, EdgeMark(WALL_V, WALL_H)), **dict.fromkeys(doors, EdgeMark(DOOR_V, DOOR_H))}

    def cell(square: Square, terrain: str) -> str:
        """A piece's label, else the object or terrain character, the answer's mark and the end mark."""
        if square in on_square:
            return on_square[square].ljust(LABEL_WIDTH)
        base = objects.get(square, TERRAIN_CHAR[terrain]) + marked.get(square, " ")
        return (base + (END_CHAR if square in ends else "")).ljust(LABEL_WIDTH)

    rows = text_grid(board, cell, edges, cell_width=LABEL_WIDTH)
    shown = "\n".join(rows)
    levels = _text_levels(board)
    return "\n".join([*rows, *levels, *_legend(situation, labels, answer, board, shown, paths)])


def _text_levels(board: SquareSpace) -> list[str]:
    """A grid of the squares' levels, when the map has any other than the ground's."""
    if all(board.level(sq) == DEFAULT_ELEVATION for sq in board.spaces()):
        return []
    return ["levels (elevation of each square):", *text_grid(board, lambda sq, _: str(board.level(sq)).ljust(2), {})]


def _legend(  # noqa: PLR0917 - the picture's parts, computed once by the caller
    situation: Situation,
    labels: dict[str, str],
    answer: Answer | None,
    board: SquareSpace,
    shown_grid: str,
    paths: list[DrawnPath],
) -> list[str]:
    """Legend lines that name every label and symbol the picture shows, and only those."""
    pieces = ", ".join(f"{labels[p.id]} = {p.id} ({_side(p)})" for p in situation.pieces)
    terrains = sorted({str(board.terrain_at(sq)) for sq in board.spaces()}, key=list(TERRAIN_CHAR).index)
    shown = [f"{TERRAIN_CHAR[t]} {t}" for t in terrains]
    shown += [f"{OBJECT_CHAR[t]} {t}" for t in sorted({o.type for o in situation.objects})]
    walls, doors = set(board.walls), _doorways(situation)
    if walls - doors:
        shown.append(f"{WALL_V} {WALL_H} wall")
    if doors:
        shown.append(f"{DOOR_V} {DOOR_H} doorway")
    marks = answer.marks if answer else {}
    if any(p.kind != "knockback" for p in paths):
        shown.append(f"{PATH_CHAR} path")
    if any(p.kind == "knockback" for p in paths):
        shown.append(f"{KNOCK_CHAR} knockback path")
    if paths and END_CHAR in shown_grid:
        shown.append(f"{END_CHAR} where a path ends")
    if marks.get("reach"):
        shown.append(f"{REACH_CHAR} reached")
    if LINE_CHAR in shown_grid and answer is not None and (answer.lines or marks.get("line")):
        shown.append(f"{LINE_CHAR} line of fire end")
    out = [f"pieces: {pieces}" if pieces else "pieces: none", "map: " + ", ".join(shown)]
    if answer is not None:
        out += [
            f"line to {ln.target}: {ln.result}" + (f" ({ln.blocked_by})" if ln.blocked_by else "")
            for ln in answer.lines
        ]
        out += [
            f"knockback of {p.who}: {' '.join(board.name(sq) for sq in p.spaces)}"
            for p in paths
            if p.kind == "knockback"
        ]
    return out


def _side(piece: Piece) -> str:
    if piece.is_token:
        return f"{piece.type}"
    return f"player {piece.player}"


def value_pipeline(answer: Answer) -> tuple[str, str, list[str], object] | None:
    """``(piece, stat, steps, value)`` of a value answer's pipeline, or ``None`` for other answers."""
    outcome = answer.outcome
    if answer.query != "value" or not outcome.get("pipeline") or len(answer.target_names) != 1:
        return None
    piece = next(iter(answer.target_names))
    return piece, str(outcome.get("stat", "")), [str(s) for s in outcome["pipeline"]], outcome.get("value")


def text_pipeline(situation: Situation, answer: Answer) -> str:
    """A value answer's picture: the pipeline from the printed value to the result, one step a line."""
    found = value_pipeline(answer)
    assert found is not None  # noqa: S101 - the caller checked
    piece, stat, steps, value = found
    label = piece_labels(situation).get(piece, piece)
    shown = "undecided" if value is None else str(value)
    lines = [f"{label} {piece}: {stat} value"]
    for n, step in enumerate(steps, 1):
        lines += ["  |", f"  {n}. {step}"]
    lines += ["  |", f"  = {shown}"]
    return "\n".join(lines)


PIPE_WIDTH, PIPE_ROW, CHAR_WIDTH = 560, 46, 7


def svg_pipeline(situation: Situation, answer: Answer) -> str:
    """A value answer's SVG: the piece, then one box per pipeline step, then the value (``data-value``)."""
    found = value_pipeline(answer)
    assert found is not None  # noqa: S101 - the caller checked
    piece, stat, steps, value = found
    label = piece_labels(situation).get(piece, piece)
    height = PIPE_ROW * (len(steps) + 2) + CELL
    width = max(PIPE_WIDTH, 2 * CELL + CHAR_WIDTH * max(len(f"{n}. {step}") for n, step in enumerate(steps, 1)))
    colour = next((_colour(p) for p in situation.pieces if p.id == piece), "#1565c0")
    token = (
        f'<circle cx="{CELL}" cy="{CELL}" r="{CELL // 2 - 2}" fill="{colour}" stroke="#c62828" stroke-width="3" '
        f'data-target="{escape(piece)}" data-piece="{escape(piece)}"><title>{escape(piece)}</title></circle>'
    )
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" data-picture="pipeline">'
        ),
        f'<rect width="{width}" height="{height}" fill="white"/>',
        token,
        (
            f'<text x="{CELL}" y="{CELL + 4}" text-anchor="middle" font-size="12" fill="white" '
            f'data-label="{escape(label)}">{escape(label)}</text>'
        ),
        f'<text x="{2 * CELL}" y="{CELL + 5}" font-size="15">{escape(piece)}: {escape(stat)} value</text>',
    ]
    for n, step in enumerate(steps):
        y = CELL + PIPE_ROW * (n + 1)
        box = (
            f'<rect x="{CELL // 2}" y="{y - 12}" width="{width - CELL}" height="26" rx="5" fill="#f4f1e8" '
            f'stroke="#555" data-step="{n + 1}"/>'
        )
        parts += [
            _pipe(y - PIPE_ROW + CELL // 2, y - 12),
            box,
            f'<text x="{CELL // 2 + 8}" y="{y + 5}" font-size="12">{n + 1}. {escape(step)}</text>',
        ]
    y = CELL + PIPE_ROW * (len(steps) + 1)
    shown = escape("undecided" if value is None else str(value))
    result = (
        f'<text x="{CELL // 2}" y="{y + 6}" font-size="18" font-weight="bold" data-value="{shown}">= {shown}</text>'
    )
    parts += [_pipe(y - PIPE_ROW + 14, y - 14), result, "</svg>"]
    return "\n".join(parts) + "\n"


def _pipe(top: int, bottom: int) -> str:
    """The connector between two boxes of a value pipeline."""
    return f'<line x1="{CELL}" y1="{top}" x2="{CELL}" y2="{bottom}" stroke="#555" stroke-width="2"/>'


def svg_board(situation: Situation, answer: Answer | None = None) -> str:
    """The board as an SVG document, readable at a glance, with its legend (a value answer: its pipeline)."""
    if answer is not None and value_pipeline(answer) is not None:
        return svg_pipeline(situation, answer)
    board = _board(situation)
    board_width, board_height = GRID.size(board)
    keys = _svg_legend(situation, answer, board)
    legend_width, legend_height = legend.size(keys)
    width = max(board_width, int(legend_width) + CELL // 2)
    height = board_height + int(legend_height)
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
        ),
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    parts += GRID.squares(board, TERRAIN_FILL)
    parts += GRID.names(board)
    parts += _svg_objects(situation)
    parts += GRID.walls(board)
    parts += _svg_doorways(situation)
    parts += _svg_marks(answer)
    parts += _svg_paths(board, _drawn_paths(answer))
    parts += _svg_pieces(situation)
    parts += _svg_targets(board, answer)
    parts += legend.draw(keys, CELL // 2, board_height - CELL // 2)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _svg_legend(situation: Situation, answer: Answer | None, board: SquareSpace) -> list[legend.Key]:
    """The legend of the SVG board: every piece by label, the terrain present, and the answer's marks."""
    labels = piece_labels(situation)
    keys = [
        legend.Key(
            "piece",
            legend.dot(_colour(p), labels[p.id], _ink(p)),
            f"{labels[p.id]} = {p.id} ({_side(p)})",
            labels[p.id],
        )
        for p in situation.pieces
    ]
    terrains = sorted({str(board.terrain_at(sq)) for sq in board.spaces()}, key=list(TERRAIN_CHAR).index)
    keys += [legend.Key("terrain", legend.rect(TERRAIN_FILL[t]), f"{t} terrain") for t in terrains]
    keys += [legend.Key("object", legend.glyph(OBJECT_SVG[t]), t) for t in sorted({o.type for o in situation.objects})]
    if any(board.level(sq) != DEFAULT_ELEVATION for sq in board.spaces()):
        keys.append(legend.Key("level", legend.glyph("L", "#a33"), "Ln: the square's level (elevation)"))
    if any(board.has_stairs(sq) for sq in board.spaces()):
        keys.append(legend.Key("stairs", legend.glyph("≡"), "stairs"))
    if board.walls:
        keys.append(legend.Key("wall", legend.stroke("black", 5), "wall"))
    if _doorways(situation):
        keys.append(legend.Key("doorway", legend.stroke("#6d4c41", 5, "6 3"), "doorway"))
    return keys + _mark_keys(answer)


def _mark_keys(answer: Answer | None) -> list[legend.Key]:
    """Legend rows for the answer's marks that the picture draws."""
    if answer is None:
        return []
    keys = []
    paths = _drawn_paths(answer)
    if any(p.kind != "knockback" for p in paths):
        keys.append(legend.Key("path", legend.stroke(PATH_COLOUR, 4), "path moved"))
    if any(p.kind == "knockback" for p in paths):
        keys.append(legend.Key("knockback", legend.stroke(KNOCK_COLOUR, 4, "8 4"), "knockback path"))
    if paths:
        keys.append(legend.Key("end", legend.rect("none", END_COLOUR), "where a path ends"))
    if answer.marks.get("reach"):
        keys.append(legend.Key("reach", legend.rect("none", "#2a7", "4 3"), "square reached"))
    results = [ln.result for ln in answer.lines] or (["undecided"] if len(answer.marks.get("line", [])) == 2 else [])  # noqa: PLR2004
    keys += [
        legend.Key("line", legend.stroke(LINE_COLOUR[result], 3, _dash(result)), f"line of fire: {result}")
        for result in dict.fromkeys(results)
    ]
    if answer.target_names or answer.marks.get("targets"):
        keys.append(legend.Key("target", legend.ring(TARGET_COLOUR), "target"))
    return keys


def _dash(result: str) -> str:
    """The dash pattern of a line of fire's result."""
    return LINE_DASH[result].partition('"')[2].rstrip('"')


def _svg_paths(board: SquareSpace, paths: list[DrawnPath]) -> list[str]:
    """Each path the answer decided, its end square outlined (``data-path``, ``data-kind``, ``data-end``)."""
    out = []
    for path in paths:
        knock = path.kind == "knockback"
        colour = KNOCK_COLOUR if knock else PATH_COLOUR
        names = " ".join(board.name(sq) for sq in path.spaces)
        if len(path.spaces) > 1:
            points = " ".join(f"{x},{y}" for x, y in map(GRID.centre, path.spaces))
            dash = ' stroke-dasharray="8 4"' if knock else ""
            out.append(
                f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="4"{dash} '
                f'stroke-linejoin="round" opacity="0.8" data-path="{names}" data-kind="{path.kind}"/>'
            )
        if path.end is not None:
            x, y = GRID.corner(path.end)
            out.append(
                f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" fill="none" '
                f'stroke="{END_COLOUR}" stroke-width="3" data-end="{board.name(path.end)}" data-kind="{path.kind}">'
                f"<title>{escape(path.kind)} ends at {board.name(path.end)}</title></rect>"
            )
    return out


def _svg_objects(situation: Situation) -> list[str]:
    """A letter in the corner of each map object's square (``data-object``)."""
    out = []
    for obj in situation.objects:
        x, y = GRID.corner(obj.at)
        out.append(
            f'<text x="{x + CELL - 4}" y="{y + CELL - 4}" text-anchor="end" font-size="12" '
            f'font-weight="bold" data-object="{obj.type}">{OBJECT_SVG[obj.type]}</text>'
        )
    return out


def _svg_doorways(situation: Situation) -> list[str]:
    """A dashed line on each portal's doorway (``data-doorway``)."""
    out = []
    for door in _doorways(situation):
        x1, y1, x2, y2 = GRID.edge(door)
        out.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#6d4c41" stroke-width="5" '
            f'stroke-dasharray="6 3" data-doorway="1"/>'
        )
    return out


def _svg_marks(answer: Answer | None) -> list[str]:
    if answer is None:
        return []
    out = []
    for square in answer.marks.get("reach", []):
        x, y = GRID.corner(square)
        out.append(
            f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" fill="none" '
            f'stroke="#2a7" stroke-width="2" stroke-dasharray="4 3" data-reach="1"/>'
        )
    for drawn in answer.lines:
        (x1, y1), (x2, y2) = GRID.centre(drawn.start), GRID.centre(drawn.end)
        colour = LINE_COLOUR[drawn.result]
        title = f"line of fire to {drawn.target}: {drawn.result}" + (
            f", blocked by {drawn.blocked_by}" if drawn.blocked_by else ""
        )
        out.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="3"'
            f'{LINE_DASH[drawn.result]} data-line-of-fire="1" data-target="{escape(drawn.target)}" '
            f'data-result="{drawn.result}"><title>{escape(title)}</title></line>'
        )
        if drawn.result == "blocked":
            mx, my = (x1 + x2) // 2, (y1 + y2) // 2
            out.append(
                f'<text x="{mx}" y="{my + 5}" text-anchor="middle" font-size="16" font-weight="bold" '
                f'fill="{colour}" data-blocked-mark="{escape(drawn.target)}">✕</text>'
            )
    if not answer.lines:
        out += _bare_line(answer)
    return out


def _bare_line(answer: Answer) -> list[str]:
    """A line mark with no computed result (drawn grey, never as clear)."""
    line = answer.marks.get("line", [])
    if len(line) != 2:  # noqa: PLR2004 - a line has two ends
        return []
    (x1, y1), (x2, y2) = GRID.centre(line[0]), GRID.centre(line[1])
    grey = LINE_COLOUR["undecided"]
    return [
        (
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{grey}" stroke-width="3" '
            f'data-line-of-fire="1" data-result="undecided"/>'
        )
    ]


def _svg_targets(board: SquareSpace, answer: Answer | None) -> list[str]:
    if answer is None:
        return []
    named = dict(answer.target_names)
    covered = {sq for squares in named.values() for sq in squares}
    for square in answer.marks.get("targets", []):
        if square not in covered:
            named[board.name(square)] = [square]
    out = []
    for name, squares in named.items():
        for square in squares:
            cx, cy = GRID.centre(square)
            out.append(
                f'<circle cx="{cx}" cy="{cy}" r="{CELL // 2 - 2}" fill="none" stroke="#c62828" stroke-width="3" '
                f'data-target="{escape(name)}"/>'
            )
    return out


def _colour(piece: Piece) -> str:
    """A piece's fill: grey for a token, blue for player 1, red for the others."""
    return "#eee" if piece.is_token else ("#1565c0" if piece.player == 1 else "#c62828")


def _ink(piece: Piece) -> str:
    """The colour of a piece's label on its fill."""
    return "black" if piece.is_token else "white"


def _svg_pieces(situation: Situation) -> list[str]:
    out = []
    labels = piece_labels(situation)
    for piece in situation.pieces:
        colour = _colour(piece)
        for square in piece.at:
            cx, cy = GRID.centre(square)
            out.append(
                f'<circle cx="{cx}" cy="{cy}" r="{CELL * 2 // 5}" fill="{colour}" stroke="black" '
                f'data-piece="{escape(piece.id)}"><title>{escape(piece.id)} ({_side(piece)})</title></circle>'
            )
            out.append(
                f'<text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="12" font-weight="bold" '
                f'fill="{_ink(piece)}" data-label="{escape(labels[piece.id])}">{escape(labels[piece.id])}</text>'
            )
    return out
