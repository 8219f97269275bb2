"""Pure square-grid geometry and naming: squares as coordinates, their names, and which squares touch.

No map is needed here: these facts hold on any grid of squares. A square is
``(col, row)``, both 0-based; ``A1`` is the top-left square ``(0, 0)``, columns
run ``A..Z, AA, AB, ...`` to the right and rows ``1, 2, ...`` downwards, so
``C3`` is ``(2, 2)``.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

Square = tuple[int, int]
"""A grid square as ``(col, row)``, 0-based, ``(0, 0)`` being ``A1``."""

Wall = frozenset[Square]
"""A wall segment: the unordered pair of orthogonally adjacent squares it
separates."""

SquareLike = Square | str
"""A square given either as coordinates or by name (``"C3"``)."""

KIND_NAME = "square"
"""The registry name of the square grid."""

SIDE_STEP: Final[dict[str, Square]] = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}
"""The step to the square across each named side of a square."""

_NAME_RE = re.compile(r"([A-Z]+)([1-9][0-9]*)")
_KING_STEPS: tuple[Square, ...] = (
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
)


# --------------------------------------------------------------------------
# Square names
# --------------------------------------------------------------------------


def column_name(col: int) -> str:
    """Letters of a 0-based column: 0 -> ``A``, 25 -> ``Z``, 26 -> ``AA``."""
    if col < 0:
        raise ValueError(f"column index must be >= 0, got {col}")
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def parse_column(letters: str) -> int:
    """0-based column of a column name: ``A`` -> 0, ``AA`` -> 26."""
    if not letters or not letters.isascii() or not letters.isalpha():
        raise ValueError(f"bad column name {letters!r}: expected letters A..Z")
    col = 0
    for ch in letters.upper():
        col = col * 26 + (ord(ch) - ord("A") + 1)
    return col - 1


def parse_square(name: str) -> Square:
    """Square of a name such as ``"C3"`` (-> ``(2, 2)``); case-insensitive.

    Raises ``ValueError`` for anything that is not letters followed by a row
    number starting at 1 (``"C0"``, ``"3C"``, ``"C03"``, ``""``).
    """
    match = _NAME_RE.fullmatch(name.upper()) if name.isascii() else None
    if match is None:
        raise ValueError(
            f"bad square name {name!r}: expected column letters then a row number from 1, e.g. 'C3' or 'AA12'"
        )
    return parse_column(match.group(1)), int(match.group(2)) - 1


def square_name(square: Square) -> str:
    """Name of a square: ``(2, 2)`` -> ``"C3"``."""
    col, row = square
    if col < 0 or row < 0:
        raise ValueError(f"square {square!r} has a negative coordinate")
    return f"{column_name(col)}{row + 1}"


def as_square(square: SquareLike) -> Square:
    """Coordinates of a square given by coordinates or by name."""
    if isinstance(square, str):
        return parse_square(square)
    col, row = square
    return (col, row)


# --------------------------------------------------------------------------
# Which squares touch
# --------------------------------------------------------------------------


def distance(a: Square, b: Square) -> int:
    """King-move (Chebyshev) distance: diagonal steps count 1."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def is_adjacent(a: Square, b: Square) -> bool:
    """Whether ``a`` and ``b`` are distinct and share an edge or a corner."""
    return distance(a, b) == 1


def is_orthogonal(a: Square, b: Square) -> bool:
    """Whether ``a`` and ``b`` share an edge (orthogonally adjacent)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def is_diagonal(a: Square, b: Square) -> bool:
    """Whether ``a`` and ``b`` touch only at a corner (diagonal step)."""
    return abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1


@cache
def king_neighbours(square: Square) -> tuple[Square, ...]:
    """The 8 squares one king move away, ignoring any map, row-major order.

    Kept by square (a pure function of it, asked for every neighbour list of every map): at most one entry
    per square of the largest map asked about, tuples of numbers that the garbage collector soon stops tracking.
    """
    col, row = square
    return tuple((col + dc, row + dr) for dc, dr in _KING_STEPS)


def corner_squares(a: Square, b: Square) -> tuple[Square, Square]:
    """For a diagonal step ``a -> b``, the other two squares at that corner.

    The first shares ``a``'s row, the second shares ``a``'s column.  They may
    lie off the map; callers check with the map's ``contains``.
    """
    _require_diagonal(a, b)
    return (b[0], a[1]), (a[0], b[1])


def diagonal_edges(a: Square, b: Square) -> tuple[Wall, Wall, Wall, Wall]:
    """The four edges meeting at the corner crossed by the diagonal ``a -> b``.

    Order: ``a|c1``, ``a|c2``, ``c1|b``, ``c2|b`` where ``(c1, c2)`` is
    ``corner_squares(a, b)``.
    """
    c1, c2 = corner_squares(a, b)
    return (
        frozenset((a, c1)),
        frozenset((a, c2)),
        frozenset((c1, b)),
        frozenset((c2, b)),
    )


def _require_diagonal(a: Square, b: Square) -> None:
    """Raise ``ValueError`` unless ``a -> b`` is a diagonal step."""
    if not is_diagonal(a, b):
        raise ValueError(f"{a!r} -> {b!r} is not a diagonal step")


def shown_name(square: Square) -> str:
    """A square's name for messages, its coordinates when it has none (a negative coordinate)."""
    try:
        return square_name(square)
    except ValueError:
        return repr(square)
