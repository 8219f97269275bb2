"""A summon's turn: the monsters' rules with the sides swapped (gh1e L973-975, L1308-1309).

A summon is not steered by its player: it acts as a monster would whose card
reads Move +0, Attack +0, with the monsters as its enemies. The
``monster_turn`` query takes it as the acting figure.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.spec import load_spec
from adjudicator.games.gloomhaven.model import MonsterAttack, MonsterTurnQuery, Piece, Situation
from adjudicator.games.gloomhaven.queries import monster_turn
from adjudicator.games.gloomhaven.terrain import build_board, feature
from tests.gloomhaven.support import monster_turn_json

OPEN = [". . . . . . .", " . . . . . . .", ". . . . . . .", " . . . . . . .", ". . . . . . ."]
"""A 7x5 open map (rows 1-5, columns A-G)."""

OWNER = {"id": "brute", "type": "character", "at": "A1", "initiative": 30}
BEAR = {"id": "bear", "type": "summon", "owner": "brute", "at": "B3"}


def deciding(result: dict[str, Any]) -> set[str]:
    """The rules of the steps marked deciding."""
    return {step["rule"] for step in result["trace"] if step.get("deciding")}


def test_summon_focuses_the_nearest_monster_and_attacks_it(tmp_path: Path) -> None:
    """B3 to C5 is two hexes: the summon steps to B4 and hits imp, not the farther guard (L973-975, L1274-1277)."""
    pieces = [
        OWNER,
        BEAR,
        {"id": "guard", "type": "monster", "at": "F3", "initiative": 10},
        {"id": "imp", "type": "monster", "at": "C5", "initiative": 60},
    ]
    result = monster_turn_json(tmp_path, pieces, {"monster": "bear", "move": 2, "attack": {"range": 0}}, OPEN)
    assert result["outcome"] == {"focus": ["imp"], "choices": [{"end": "B4", "targets": ["imp"]}]}
    assert {"GH.SUMMON.AI", "GH.FOCUS.CLOSEST"} <= deciding(result)


def test_summon_without_a_monster_on_the_map_stays(tmp_path: Path) -> None:
    """No enemy monster: no focus, so the summon neither moves nor attacks (L1308-1309)."""
    result = monster_turn_json(tmp_path, [OWNER, BEAR], {"monster": "bear", "move": 2, "attack": {"range": 0}}, OPEN)
    assert result["outcome"] == {"focus": [], "choices": [{"end": "B3", "targets": []}]}
    assert {"GH.SUMMON.AI", "GH.FOCUS.NONE"} <= deciding(result)


def test_summon_never_focuses_a_character(tmp_path: Path) -> None:
    """A character next to the summon is its ally, not a focus (L975, L1670-1671)."""
    pieces = [{**OWNER, "at": "B4"}, BEAR]
    result = monster_turn_json(tmp_path, pieces, {"monster": "bear", "move": 2, "attack": {"range": 0}}, OPEN)
    assert result["outcome"]["focus"] == []


def _swap(piece: Piece) -> Piece:
    """The same figure on the other side: characters become monsters and monsters characters."""
    other = {"character": "monster", "monster": "character"}[piece.type]
    return Piece(piece.id, other, piece.at, initiative=piece.initiative, conditions=piece.conditions)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_summon_answers_as_a_monster_with_the_sides_swapped(seed: int) -> None:
    """On random boards, a summon's focus and plays equal a monster's when every other figure changes side."""
    rng = random.Random(seed)  # noqa: S311 - random maps, not secrets
    rows = ["".join(rng.choices(".xotdh", weights=(70, 6, 8, 6, 5, 5), k=8)) for _ in range(5)]
    board = build_board(rows)
    free = [h for h in board.spaces() if feature(board, h) in {"none", "difficult"}]
    if len(free) < 5:
        return
    spots = rng.sample(free, 5)
    enemies = [
        Piece(
            f"e{i}",
            "character",
            spots[2 + i],
            initiative=Fraction(rng.choice([10, 20, 20, 50])),
            conditions=frozenset({"invisible"}) if rng.random() < 0.15 else frozenset(),
        )
        for i in range(3)
    ]
    ally = Piece("pal", "monster", spots[1])
    query = MonsterTurnQuery(
        "actor",
        move=rng.randint(0, 4),
        jump=rng.random() < 0.2,
        attack=MonsterAttack(range=rng.choice([0, 0, 2, 3]), targets=rng.choice([1, 1, 2])),
    )
    spec = load_spec()
    as_monster = Situation("gloomhaven/1e", board, (Piece("actor", "monster", spots[0]), ally, *enemies), query)
    summon = Piece("actor", "summon", spots[0], owner="pal")
    owner = Piece("pal", "character", spots[1], initiative=Fraction(40))
    as_summon = Situation("gloomhaven/1e", board, (summon, owner, *map(_swap, enemies)), query)
    monster_answer = monster_turn.answer(spec, as_monster)
    summon_answer = monster_turn.answer(spec, as_summon)
    assert summon_answer.outcome == monster_answer.outcome
    assert summon_answer.verdict == monster_answer.verdict


def test_a_summons_proposed_play_is_judged(tmp_path: Path) -> None:
    """``play`` works for a summon as for a monster: B4 on imp is legal, staying on B3 is not."""
    pieces = [OWNER, BEAR, {"id": "imp", "type": "monster", "at": "C5", "initiative": 60}]
    query = {"monster": "bear", "move": 2, "attack": {"range": 0}}
    legal = monster_turn_json(tmp_path, pieces, {**query, "play": {"end": "B4", "targets": ["imp"]}}, OPEN)
    stays = monster_turn_json(tmp_path, pieces, {**query, "play": {"end": "B3"}}, OPEN)
    assert (legal["verdict"], stays["verdict"]) == ("legal", "illegal")
