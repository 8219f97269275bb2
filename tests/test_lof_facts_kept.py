"""Line facts kept per board when no rule was consulted to build them (adjudicator.games.clix.lof_facts.line_facts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from adjudicator.core.engine import Result
from adjudicator.core.expr.compile import Value
from adjudicator.core.spec import load_spec
from adjudicator.games.clix.lof import line_of_fire
from adjudicator.games.clix.lof_facts import line_facts
from adjudicator.games.clix.model import LineOfFireQuery, MapObject, Piece, Situation
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.variant import clix_game
from adjudicator.spaces.base import Space
from adjudicator.spaces.square.board import Board, Square, parse_square

ROWS = [".....", ".....", "....."]


def sq(name: str) -> Square:
    """Coordinates of a square name."""
    return parse_square(name)


def monster(piece_id: str, at: str, player: int = 2) -> Piece:
    """A monster on one square."""
    return Piece(
        id=piece_id, type="monster", at=(sq(at),), speed=6, player=player, attack=9, defense=16, damage=2, range=6
    )


def table_of(
    board: Space, pieces: tuple[Piece, ...], ruleset: str, objects: Sequence[MapObject] = (), kind: str = "outdoor"
) -> Table:
    """A table of one situation on ``board`` (a new situation, its pieces and objects as given)."""
    situation = Situation(
        game=clix_game(ruleset),
        ruleset=ruleset,
        map_kind=kind,  # type: ignore[arg-type]
        board=board,
        pieces=pieces,
        query=LineOfFireQuery(pieces[0].id, pieces[1].id),
        objects=tuple(objects),
        readings={},
    )
    return Table(load_spec(), situation)


def test_facts_without_rules_are_shared_by_rulesets_and_tables() -> None:
    """The same board, pieces and ends under both rulesets: one LineFacts, built once."""
    board = Board.from_rows(ROWS)
    pieces = (monster("a", "A1", 1), monster("t", "E3"), monster("m", "C2"))
    first = table_of(board, pieces, "horrorclix/2008")
    again = table_of(board, pieces, "horrorclix/1e")
    facts = line_facts(first, sq("A1"), sq("E3"), pieces[0], pieces[1])
    assert facts.blockers[0].pieces == (pieces[2],)
    assert line_facts(again, sq("A1"), sq("E3"), pieces[0], pieces[1]) is facts


def test_other_pieces_or_ends_get_their_own_facts() -> None:
    """Equal but distinct pieces, another map kind or other ends are not the kept facts."""
    board = Board.from_rows(ROWS)
    pieces = (monster("a", "A1", 1), monster("t", "E3"), monster("m", "C2"))
    facts = line_facts(table_of(board, pieces, "horrorclix/2008"), sq("A1"), sq("E3"), pieces[0], pieces[1])
    moved = (pieces[0], pieces[1], monster("m", "D1"))
    other = line_facts(table_of(board, moved, "horrorclix/2008"), sq("A1"), sq("E3"), moved[0], moved[1])
    assert other is not facts
    assert other.blockers == []
    indoor = table_of(board, pieces, "horrorclix/2008", kind="indoor")
    assert line_facts(indoor, sq("A1"), sq("E3"), pieces[0], pieces[1]) is not facts
    bare = line_facts(table_of(board, pieces, "horrorclix/2008"), sq("A1"), sq("E3"), None, None)
    assert bare is not facts
    assert bare.blocked == facts.blocked


def test_facts_that_asked_a_rule_are_built_each_time() -> None:
    """A doorway on the line is decided by a rule: its facts are never kept, so each table asks again."""
    board = Board.from_rows(ROWS)
    pieces = (monster("a", "A1", 1), monster("t", "C1"))
    objects = (MapObject("portal", sq("B1"), "east"),)
    first = line_facts(table_of(board, pieces, "horrorclix/2008", objects), sq("A1"), sq("C1"), *pieces)
    second = line_facts(table_of(board, pieces, "horrorclix/2008", objects), sq("A1"), sq("C1"), *pieces)
    assert first.blocked["closed_doorway"] is True
    assert second is not first
    assert second.blocked == first.blocked


def test_reports_are_reused_after_asking_their_decisions_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second table of the same situation gets the same report, and is asked every decision it needs."""
    board = Board.from_rows(ROWS)
    pieces = (monster("a", "A1", 1), monster("t", "E3"), monster("m", "C2"))
    first = line_of_fire(table_of(board, pieces, "horrorclix/2008"), sq("A1"), sq("E3"), pieces[0], pieces[1])
    second_table = table_of(board, pieces, "horrorclix/2008")
    asked: list[str] = []

    def decide(decision: str, facts: Mapping[str, Value]) -> Result:
        asked.append(decision)
        return Table.decide(second_table, decision, facts)

    monkeypatch.setattr(second_table, "decide", decide)
    second = line_of_fire(second_table, sq("A1"), sq("E3"), pieces[0], pieces[1])
    assert second is first
    assert first.clear is False
    assert sorted(asked) == ["defense.hindering_bonus", "lof.blocked", "range.distance"]
    other = line_of_fire(table_of(board, pieces, "horrorclix/1e"), sq("A1"), sq("E3"), pieces[0], pieces[1])
    assert other is not first
    assert other.start == first.start
