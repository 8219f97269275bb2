"""Hand-made board families for the concepts the generated boards rarely reach.

:mod:`proofs.boards` draws random small boards and asks reach, move, line of
fire, attack and action queries on them. Some concepts need a value query
(the rule of 3, replacements, halving, floors), an attack roll that is a
double next to a wall, an edge or a drop (knockback), an attack on several
targets, or stairs between levels. Each family below is a base board and the
variations of one number or one feature across its boundaries, written as
plain situation documents in the words of one game (its main figure's type
name); :mod:`proofs.concepts` asks each under both rulesets.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any, Final

Doc = dict[str, Any]

STATS: Final = ("speed", "attack", "defense", "damage")
EFFECT_LISTS: Final[tuple[tuple[Doc, ...], ...]] = (
    ({"modify": 1},),
    ({"modify": 1}, {"modify": 1}),
    ({"modify": 1}, {"modify": 1}, {"modify": 1}),
    ({"modify": 1}, {"modify": 1}, {"modify": 1}, {"modify": 1}),
    ({"modify": 4},),
    ({"modify": -2}, {"modify": -2}),
    ({"modify": -4},),
    ({"replace": 12}, {"modify": 2}),
    ({"modify": 2}, {"replace": 12}),
    ({"replace": 12}, {"modify": 4}),
    ({"halve": True},),
    ({"halve": True}, {"modify": 1}),
    ({"modify": 1}, {"halve": True}),
    ({"replace": 0},),
    ({"replace": 0}, {"modify": 1}),
)
"""Modifier lists around the rule of 3's bound (3, 4), replacement orders, halving and the floor."""


def _piece(figure: str, pid: str, player: int, at: str, **values: Any) -> Doc:
    base: Doc = {"id": pid, "type": figure, "player": player, "at": at, "speed": 6, "attack": 9, "defense": 16}
    return base | {"damage": 2, "range": 5, "points": 50} | values


def values(figure: str) -> Iterator[Doc]:
    """Value queries: every stat at a low and a middle printed value under each modifier list."""
    for stat, printed, effects in product(STATS, (1, 3, 8), EFFECT_LISTS):
        piece = _piece(figure, "a", 1, "A1", **{stat: printed})
        yield {
            "map": {"kind": "outdoor", "terrain": ["...", "..."]},
            "pieces": [piece, _piece(figure, "b", 2, "C2")],
            "query": {"kind": "value", "piece": "a", "stat": stat, "effects": list(effects)},
        }


KNOCKBACK_MAPS: Final[tuple[Doc, ...]] = (
    {"kind": "outdoor", "terrain": ["......", "......", "......"]},
    {"kind": "outdoor", "terrain": ["...", "...", "..."]},
    {"kind": "outdoor", "terrain": ["....#.", "....#.", "....#."]},
    {"kind": "outdoor", "terrain": ["....h.", "....h.", "....h."]},
    {"kind": "outdoor", "terrain": ["......", "......", "......"], "walls": [["C2", "D2"], ["D2", "E2"]]},
    {"kind": "outdoor", "terrain": ["......", "......", "......"], "elevation": ["111111", "122111", "111111"]},
    {"kind": "outdoor", "terrain": ["......", "......", "......"], "elevation": ["111111", "111122", "111111"]},
)
"""Room to be knocked back, an edge, blocking and hindering terrain, walls, a drop and a rise."""
ROLLS: Final = ((6, 6), (5, 5), (1, 1), (2, 2), (6, 5), (4, 3))


def knockback(figure: str) -> Iterator[Doc]:
    """Close and ranged attacks with doubles (and not) on a target with room, an edge, terrain or walls behind."""
    for board_map, roll, damage, kind in product(KNOCKBACK_MAPS, ROLLS, (1, 2, 3), ("close", "ranged")):
        width = len(board_map["terrain"][0])
        attacker = "A2" if kind == "ranged" else "B2"
        target = "C2"
        if width == 3 and kind == "close":  # noqa: PLR2004 - the small map: the target at the edge
            attacker, target = "B2", "C2"
        yield {
            "map": board_map,
            "pieces": [_piece(figure, "a", 1, attacker, damage=damage), _piece(figure, "b", 2, target)],
            "query": {"kind": "attack", "piece": "a", "type": kind, "targets": ["b"], "roll": list(roll)},
        }


def multiple_targets(figure: str) -> Iterator[Doc]:
    """Ranged attacks on one to three targets, with one, two or three target arrows, under several rolls."""
    for arrows, count, roll in product((1, 2, 3), (1, 2, 3), ((4, 4), (6, 6), (1, 1), (5, 3))):
        targets = ["b", "c", "d"][:count]
        pieces = [_piece(figure, "a", 1, "A2", targets=arrows, damage=3)]
        pieces += [_piece(figure, t, 2, at) for t, at in zip(targets, ("F1", "F2", "F3"), strict=False)]
        yield {
            "map": {"kind": "outdoor", "terrain": ["......", "......", "......"]},
            "pieces": pieces,
            "query": {"kind": "attack", "piece": "a", "type": "ranged", "targets": targets, "roll": list(roll)},
        }


STAIR_MAPS: Final[tuple[Doc, ...]] = (
    {"kind": "outdoor", "terrain": [".....", "....."], "elevation": ["11122", "11122"]},
    {"kind": "outdoor", "terrain": [".....", "....."], "elevation": ["11122", "11122"], "stairs": ["C1", "D1"]},
    {"kind": "outdoor", "terrain": [".....", "....."], "elevation": ["11222", "11222"], "stairs": ["B2", "C2"]},
    {"kind": "indoor", "terrain": [".....", "....."], "elevation": ["11122", "11122"], "stairs": ["C2", "D2"]},
)
"""Two levels, with and without stairs between them, outdoors and indoors."""


def stairs(figure: str) -> Iterator[Doc]:
    """Moves up, down and along levels, at speeds around the path's length."""
    for board_map, speed, (start, end) in product(STAIR_MAPS, (2, 3, 4, 6), (("A1", "E1"), ("E2", "A2"), ("A2", "D1"))):
        yield {
            "map": board_map,
            "pieces": [_piece(figure, "a", 1, start, speed=speed)],
            "query": {"kind": "move", "piece": "a", "to": end},
        }


def families(figure: str) -> Iterator[Doc]:
    """Every hand-made board of every family, in the words of a game whose main figure is ``figure``."""
    yield from values(figure)
    yield from knockback(figure)
    yield from multiple_targets(figure)
    yield from stairs(figure)
