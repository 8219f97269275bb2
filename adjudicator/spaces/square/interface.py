"""The square grid's own interface: what code of a game on squares may know beyond :class:`Space`.

A game declaring the square kind reaches its geometry through the package
``adjudicator.spaces.square`` only, which re-exports this module's protocols
with the value types, the naming helpers and the drawing primitives. Ids of
the kind are :data:`Square` tuples ``(col, row)``; the protocol narrows the
ids :class:`Space` returns to them, so a caller that names or parses a square
gets coordinates it can pass back to the builder.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, cast, runtime_checkable

from adjudicator.spaces.base import Direction, Space, SpaceId
from adjudicator.spaces.square.grid import KIND_NAME, Square


@runtime_checkable
class SquareSpace(Space, Protocol):
    """A map of the square grid: a ``width x height`` rectangle of grid positions, some of them squares of the map."""

    @property
    def width(self) -> int:
        """The number of columns of the grid."""
        ...

    @property
    def height(self) -> int:
        """The number of rows of the grid."""
        ...

    def spaces(self) -> tuple[Square, ...]:
        """Every square of the map, row by row (``A1``, ``B1``, ..., ``A2``, ...)."""
        ...

    def parse(self, name: str) -> Square:
        """The square a name denotes (``"C3"`` is ``(2, 2)``; it may be off the map); ``ValueError`` if malformed."""
        ...

    def neighbours(self, space: SpaceId) -> tuple[Square, ...]:
        """The up-to-eight squares of the map one step (orthogonal or diagonal) from ``space``."""
        ...

    def beyond(self, space: SpaceId, direction: Direction) -> Square:
        """The square one step from ``space`` in ``direction`` (it may be off the map)."""
        ...

    def across(self, space: SpaceId, side: str) -> Square:
        """The square across the named side (``north``, ``east``, ``south``, ``west``) of ``space``."""
        ...


class SquareSpaceKind(Protocol):
    """The builder of square maps (the kind registered as ``square``): a ``SpaceKind`` with its own ``build``.

    The members every kind has are restated here with their square types (``adjudicator.spaces.kinds`` loads the kind's
    package, so this module does not import it back).
    """

    @property
    def name(self) -> str:
        """The kind's registry name, ``square``."""
        ...

    def position_name(self, column: int, row: int) -> str:
        """The name of the square at a 0-based column and row (``"C3"`` for ``(2, 2)``)."""
        ...

    def build(
        self,
        terrain: Sequence[str],
        elevation: Sequence[str] | None = None,
        indoor: Sequence[str] | None = None,
        walls: Iterable[tuple[Square, Square]] = (),
        stairs: Iterable[Square] = (),
    ) -> SquareSpace:
        """A map from map text, one string per row of the grid.

        ``terrain`` uses one character per grid position (``.`` clear, ``h`` hindering, ``~`` water, ``#``
        blocking, ``x`` not part of the map); ``elevation`` one digit per square of the map; ``indoor`` ``i``
        or ``.`` per square. ``walls`` are pairs of orthogonally adjacent squares, ``stairs`` squares.
        ``ValueError`` names the row and column of a bad character, or the square of a bad wall.
        """
        ...

    def blank(self, width: int, height: int) -> SquareSpace:
        """A clear ``width x height`` map without walls."""
        ...


def square_space(space: Space) -> SquareSpace:
    """``space`` seen as a square map (``TypeError`` for a space of another kind)."""
    if space.kind != KIND_NAME:
        raise TypeError(f"expected a map of the {KIND_NAME} kind, got one of the {space.kind} kind")
    return cast("SquareSpace", space)
