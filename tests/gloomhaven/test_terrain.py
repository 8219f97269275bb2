"""Gloomhaven's terrain legend on the hex space: walls, doors and obstacles for steps, sight and range; pictures."""

from __future__ import annotations

from types import SimpleNamespace

from adjudicator.games.gloomhaven.pictures import PICTURES
from adjudicator.games.gloomhaven.terrain import (
    FEATURES,
    LEGEND,
    SIGHT_BLOCKERS,
    SOLID,
    build_board,
    feature,
    touches_door,
    touches_wall,
)
from adjudicator.spaces.hex import Hex, HexSpace
from tests.gloomhaven.support import parse_hex

OPEN = [". . . .", " . . . .", ". . . ."]


def test_the_legend_is_the_feature_table() -> None:
    """Every terrain character has its feature; walls are solid; walls and closed doors block sight and range."""
    assert LEGEND.words == FEATURES
    assert LEGEND.solid == SOLID == {"wall"}
    assert LEGEND.opaque == SIGHT_BLOCKERS == {"wall", "closed_door", "locked_door"}
    board = build_board([". x o t", " h d D L", "/ . . ."])
    assert isinstance(board, HexSpace)
    assert [feature(board, x) for x in board.spaces()[:8]] == [
        *("none", "wall", "obstacle", "trap"),
        *("hazardous", "difficult", "closed_door", "locked_door"),
    ]
    assert feature(board, Hex(9, 9)) == "wall"  # off the map counts as wall


def test_a_wall_hex_and_doors_block_range_and_sight() -> None:
    """Wall hexes and closed or locked doors stop the range count and every line; an open door stops neither."""
    board = build_board([". x .", " . x .", ". x ."])
    assert board.clear_distance(parse_hex("A1"), parse_hex("C1")) is None
    assert not board.visible(parse_hex("A1"), parse_hex("C3"))
    doors = build_board([". D .", " . L .", ". x ."])
    assert doors.clear_distance(parse_hex("A1"), parse_hex("C1")) is None
    assert not doors.visible(parse_hex("A1"), parse_hex("C1"))
    assert parse_hex("B1") in doors.adjacent(parse_hex("A1"))  # a door is adjacent: the rules judge entering it
    opened = build_board([". . .", ". / .", " . L .", ". x ."])
    assert opened.clear_distance(parse_hex("A2"), parse_hex("C2")) == 2
    assert opened.visible(parse_hex("A2"), parse_hex("C2"))
    edge = build_board([". / .", " . L .", ". x ."])
    assert not edge.visible(parse_hex("A1"), parse_hex("C1"))  # every line touches the map's edge or the locked door


def test_thin_walls_and_wall_hexes_are_walls_doors_are_doors() -> None:
    """A line touching a wall hex or a thin wall touches a wall; one touching a closed door touches a door."""
    board = build_board([". x .", " . . .", ". D ."], [(parse_hex("A2"), parse_hex("B2"))])
    walls = board.corner_segments(parse_hex("A1"), parse_hex("C1"))
    assert all(touches_wall(s) for s in walls)
    assert not any(touches_door(s) for s in walls)
    doors = board.corner_segments(parse_hex("A3"), parse_hex("C3"))
    assert all(touches_door(s) for s in doors)
    across = board.corner_segments(parse_hex("A2"), parse_hex("C2"))
    assert any(s.thin_wall and touches_wall(s) for s in across)


def test_obstacles_and_figures_do_not_block_sight_or_range() -> None:
    """Obstacles are neither solid nor opaque."""
    board = build_board([". o .", " o o .", ". o ."])
    assert board.visible(parse_hex("A1"), parse_hex("C3"))
    assert board.clear_distance(parse_hex("A1"), parse_hex("C1")) == 2


def test_pictures_draw_pieces_and_marks() -> None:
    """The text and SVG pictures draw the map, the figures, thin walls and the path."""
    board = build_board(OPEN, [(parse_hex("B2"), parse_hex("C2"))])
    situation = SimpleNamespace(board=board, pieces=[SimpleNamespace(id="brute", type="character", at=parse_hex("B2"))])
    answer = SimpleNamespace(marks={"path": [parse_hex("B2"), parse_hex("C1")], "targets": [parse_hex("C1")]})
    text = PICTURES.text(situation, answer)  # type: ignore[arg-type]
    assert text.splitlines()[2].startswith("  2   ")  # even rows indented by half a hex
    assert "brut = brute (character)" in text
    assert "B2|C2" in text
    svg = PICTURES.svg(situation, answer)  # type: ignore[arg-type]
    assert svg.startswith("<svg")
    assert "polyline" in svg
    assert svg.count("data-hex=") == 12
    assert 'data-end="C1"' in svg  # the path's end hex
    assert 'stroke-width="4"' in svg  # the thin wall
