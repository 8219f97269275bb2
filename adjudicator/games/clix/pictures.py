"""Board pictures: a text grid for the terminal and an SVG file.

Both draw the map (terrain, walls, doorways, stairs, objects), the pieces and
the answer's own facts: a move's path, every line of fire the answer computed
coloured by its result, the squares reached and every target by name.

The text grid never lets a legend entry collide: pieces get a unique label of
letters and digits, terrain, objects and marks only punctuation.  The SVG
carries machine-readable attributes (``data-result``, ``data-target``,
``data-piece``) so a test can check the picture against the answer.
"""

from __future__ import annotations

from html import escape

from adjudicator.games.clix.model import Piece, Situation
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import Edge, SpaceId
from adjudicator.spaces.square import EdgeMark, Square, SquareSpace, SvgGrid, square_space, text_grid

TERRAIN_CHAR = {"clear": ".", "hindering": ":", "water": "~", "blocking": "#"}
TERRAIN_FILL = {"clear": "#f4f1e8", "hindering": "#b9d9a0", "water": "#9cc8ea", "blocking": "#8a6d4b"}
OBJECT_CHAR = {"portal": "@", "tombstone": "&", "tree": "%"}
OBJECT_SVG = {"portal": "P", "tombstone": "T", "tree": "Y"}
PATH_CHAR, REACH_CHAR, LINE_CHAR = "*", "o", "+"
WALL_V, WALL_H, DOOR_V, DOOR_H = "|", "-", "]", "="
LINE_COLOUR = {"clear": "#2e7d32", "hindered": "#ef8f00", "blocked": "#c62828", "undecided": "#777777"}
LINE_DASH = {"clear": "", "hindered": ' stroke-dasharray="8 4"', "blocked": ' stroke-dasharray="2 4"', "undecided": ""}
CELL = 40
LABEL_WIDTH = 2
GRID = SvgGrid(CELL)
"""Where the squares sit in the SVG picture."""


def _board(situation: Situation) -> SquareSpace:
    """The situation's square board (pictures are drawn only for square spaces)."""
    return square_space(situation.board)


def piece_labels(situation: Situation) -> dict[str, str]:
    """A unique label of two letters or digits per piece id.

    The first two letters of the id, upper case for player 1's pieces and lower
    case for the others' and for victims; when two pieces would share a label
    the later ones get the first letter and a digit.
    """
    labels: dict[str, str] = {}
    used: set[str] = set()
    for piece in situation.pieces:
        letters = "".join(ch for ch in piece.id if ch.isalnum()) or "p"
        label = letters[:LABEL_WIDTH] if len(letters) >= LABEL_WIDTH else letters * LABEL_WIDTH
        label = label.upper() if piece.player == 1 else label.lower()
        number = 1
        while label in used:
            label = f"{label[0]}{number}"
            number += 1
        used.add(label)
        labels[piece.id] = label
    return labels


def _square_labels(situation: Situation, labels: dict[str, str]) -> dict[SpaceId, str]:
    return {square: labels[piece.id] for piece in situation.pieces for square in piece.at}


def _doorways(situation: Situation) -> set[Edge]:
    """The edges that are a portal's doorway, as the pair of squares they separate."""
    board = _board(situation)
    return {frozenset({obj.at, board.across(obj.at, obj.door)}) for obj in situation.objects if obj.door is not None}


def text_board(situation: Situation, answer: Answer | None = None) -> str:
    """The board as text: two characters per square, walls and doorways between them, then a legend.

    A value answer is drawn as its pipeline instead (:func:`text_pipeline`).
    """
    if answer is not None and value_pipeline(answer) is not None:
        return text_pipeline(situation, answer)
    board = _board(situation)
    marks = answer.marks if answer else {}
    line_squares = set(marks.get("line", [])) | {
        sq for ln in (answer.lines if answer else []) for sq in (ln.start, ln.end)
    }
    marked = {
        **dict.fromkeys(line_squares, LINE_CHAR),
        **dict.fromkeys(marks.get("reach", []), REACH_CHAR),
        **dict.fromkeys(marks.get("path", []), PATH_CHAR),
    }
    labels = piece_labels(situation)
    on_square = _square_labels(situation, labels)
    objects = {o.at: OBJECT_CHAR[o.type] for o in situation.objects}
    walls: set[Edge] = set(board.walls)
    doors = _doorways(situation)
    edges = {**dict.fromkeys(walls, EdgeMark(WALL_V, WALL_H)), **dict.fromkeys(doors, EdgeMark(DOOR_V, DOOR_H))}

    def cell(square: Square, terrain: str) -> str:
        """A piece's label, else the object or terrain character and the answer's mark."""
        if square in on_square:
            return on_square[square]
        return objects.get(square, TERRAIN_CHAR[terrain]) + marked.get(square, " ")

    rows = text_grid(board, cell, edges, cell_width=LABEL_WIDTH)
    legend = _legend(situation, labels, answer, board, walls, doors)
    if not any(LINE_CHAR in r for r in rows):
        legend[1] = legend[1].replace(f", {LINE_CHAR} line of fire end", "")
    return "\n".join([*rows, *legend])


def _legend(  # noqa: PLR0917 - the picture's parts, computed once by the caller
    situation: Situation,
    labels: dict[str, str],
    answer: Answer | None,
    board: SquareSpace,
    walls: set[Edge],
    doors: set[Edge],
) -> list[str]:
    """Legend lines that name only what the picture shows."""
    pieces = ", ".join(f"{labels[p.id]} {p.id} ({_side(p)})" for p in situation.pieces)
    terrains = sorted({str(board.terrain_at(sq)) for sq in board.spaces()}, key=list(TERRAIN_CHAR).index)
    shown = [f"{TERRAIN_CHAR[t]} {t}" for t in terrains]
    shown += [f"{OBJECT_CHAR[t]} {t}" for t in sorted({o.type for o in situation.objects})]
    if walls - doors:
        shown.append(f"{WALL_V} {WALL_H} wall")
    if doors:
        shown.append(f"{DOOR_V} {DOOR_H} doorway")
    marks = answer.marks if answer else {}
    if len(marks.get("path", [])) > 1:
        shown.append(f"{PATH_CHAR} path")
    if marks.get("reach"):
        shown.append(f"{REACH_CHAR} reached")
    if answer is not None and (answer.lines or marks.get("line")):
        shown.append(f"{LINE_CHAR} line of fire end")
    out = [f"pieces: {pieces}" if pieces else "pieces: none", "map: " + ", ".join(shown)]
    if answer is not None:
        out += [
            f"line to {ln.target}: {ln.result}" + (f" ({ln.blocked_by})" if ln.blocked_by else "")
            for ln in answer.lines
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
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
        ),
        f'<rect width="{width}" height="{height}" fill="white"/>',
        token,
        f'<text x="{CELL}" y="{CELL + 4}" text-anchor="middle" font-size="11" fill="white">{escape(label)}</text>',
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
    """The board as an SVG document, readable at a glance (a value answer: its pipeline instead)."""
    if answer is not None and value_pipeline(answer) is not None:
        return svg_pipeline(situation, answer)
    board = _board(situation)
    width, height = GRID.size(board)
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
    parts += _svg_marks(board, answer)
    parts += _svg_pieces(situation)
    parts += _svg_targets(board, answer)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


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


def _svg_marks(board: SquareSpace, answer: Answer | None) -> list[str]:
    if answer is None:
        return []
    out = []
    for square in answer.marks.get("reach", []):
        x, y = GRID.corner(square)
        out.append(
            f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" fill="none" '
            f'stroke="#2a7" stroke-width="2" stroke-dasharray="4 3" data-reach="1"/>'
        )
    path = answer.marks.get("path", [])
    if len(path) > 1:
        points = " ".join(f"{x},{y}" for x, y in map(GRID.centre, path))
        names = " ".join(board.name(sq) for sq in path)
        out.append(
            f'<polyline points="{points}" fill="none" stroke="#1565c0" stroke-width="4" '
            f'stroke-linejoin="round" opacity="0.8" data-path="{names}"/>'
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


def _svg_pieces(situation: Situation) -> list[str]:
    out = []
    labels = piece_labels(situation)
    for piece in situation.pieces:
        colour = _colour(piece)
        for square in piece.at:
            cx, cy = GRID.centre(square)
            out.append(
                f'<circle cx="{cx}" cy="{cy}" r="{CELL // 3}" fill="{colour}" stroke="black" '
                f'data-piece="{escape(piece.id)}"><title>{escape(piece.id)}</title></circle>'
            )
            out.append(
                f'<text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="11" '
                f'fill="{"black" if piece.is_token else "white"}">{escape(labels[piece.id])}</text>'
            )
    return out
