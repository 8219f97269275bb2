"""Reading a Pawns and Squares situation file, with positioned errors (``file:line: field: message``)."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from adjudicator.core.yamlpos import Node
from adjudicator.situation.fields import DocumentReader, Fields, describe, fail, plain
from adjudicator.spaces import Space, SpaceId
from adjudicator.spaces.square import KIND
from tests.toygame.model import MAP_CHARS, PAWN_FIELDS, QUERY_FIELDS, TOP_FIELDS, Pawn, Situation, StepQuery


def read_situation(doc: Node, path: Path, shown: str, known_rulesets: Collection[str]) -> Situation:
    """A checked situation; the first problem raises ``PositionedError``."""
    return _Reader(shown).read(doc, path, known_rulesets)


class _Reader(DocumentReader):
    """One file being read: its name and the lines of the fields read."""

    def read(self, doc: Node, path: Path, known_rulesets: Collection[str]) -> Situation:
        top = self.fields(doc, "", 1)
        top.check_keys(TOP_FIELDS, "a Pawns and Squares situation")
        ruleset = top.choice("ruleset", sorted(known_rulesets))
        board = self.board(top)
        pawns = tuple(self.pawn(self.fields(item, p, line), board) for p, line, item in self.items(top, "pawns"))
        query = self.query(self.fields(top.raw("query"), "query", top.line("query")), board, pawns)
        return Situation(
            ruleset=ruleset,
            board=board,
            pawns=pawns,
            query=query,
            readings=self.read_readings(top) if top.has("readings") else {},
            expect=plain(top.raw("expect")) if top.has("expect") else None,
            path=path,
            lines=dict(self.lines),
        )

    def board(self, top: Fields) -> Space:
        """The square board of ``map``: rows of ``.`` and ``#``, all of one length."""
        rows: list[str] = []
        for field, line, item in self.items(top, "map"):
            if not isinstance(item, str) or not item or any(ch not in MAP_CHARS for ch in item):
                fail(self.shown, line, field, f"expected a row of {' and '.join(MAP_CHARS)}, got {describe(item)}")
            if rows and len(item) != len(rows[0]):
                fail(self.shown, line, field, f"row has {len(item)} squares, the first row {len(rows[0])}")
            rows.append(item)
        if not rows:
            top.fail("map", "expected at least one row")
        return KIND.build(rows)

    def square(self, f: Fields, key: str, board: Space) -> SpaceId:
        """A square of the board, by name."""
        value = f.raw(key)
        try:
            square = board.parse(str(value))
        except ValueError as exc:
            f.fail(key, str(exc))
        if not board.contains(square):
            f.fail(key, board.not_on_map(square))
        return square

    def pawn(self, f: Fields, board: Space) -> Pawn:
        """One pawn on an open square."""
        f.check_keys(PAWN_FIELDS, "a pawn")
        pawn = Pawn(f.text("id"), self.square(f, "at", board))
        if board.terrain_at(pawn.at) == "blocking":
            f.fail("at", f"{board.name(pawn.at)} is blocking: a pawn stands on an open square")
        return pawn

    def query(self, f: Fields, board: Space, pawns: tuple[Pawn, ...]) -> StepQuery:
        """The ``step`` query."""
        f.check_keys(QUERY_FIELDS, "a step query")
        f.choice("kind", ("step",))
        pawn = f.choice("pawn", [p.id for p in pawns])
        return StepQuery(pawn, self.square(f, "to", board))
