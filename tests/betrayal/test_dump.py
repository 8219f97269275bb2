"""Betrayal house situations written back as YAML read to an equal situation (issue 13).

A house space compares by identity (its indexes are cached), so two situations
are compared by their data: the house as the file gives it (tiles, links,
tokens, tiles left), pieces, haunt, query and readings. Generated documents go through the game's reader first,
so only valid ones are kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import PositionedError
from adjudicator.core.spec import known_rulesets
from adjudicator.games.betrayal.model import TRAITS, HouseSituation
from adjudicator.judge import dump_situation, load_situation, load_situation_text
from tests.betrayal.support import HALL
from tests.conftest import ROOT

KNOWN = known_rulesets()
EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*.yaml") if "ruleset: betrayal" in p.read_text("utf-8"))
EXTRA_ROOMS = ("kitchen", "library", "gallery", "chapel", "vault_room", "attic")
SQUARES = ("A1", "B1", "D1", "E2", "B4", "D5")


def data(s: HouseSituation) -> tuple[Any, ...]:
    """What a house situation says, without its file, lines and expectations."""
    house = s.house
    return (s.ruleset, s.haunt, house.tiles, house.links, house.tokens, dict(house.tiles_left)), (
        s.pieces,
        s.query,
        s.readings,
    )


def reread(situation: HouseSituation) -> HouseSituation:
    """Dump the situation and read the text back."""
    again = load_situation_text(dump_situation(situation), "dumped.yaml", KNOWN)
    assert isinstance(again, HouseSituation)
    return again


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_round_trips(path: Path) -> None:
    """Every Betrayal example reads back equal after a dump."""
    situation = load_situation(path, KNOWN)
    assert isinstance(situation, HouseSituation)
    assert data(reread(situation)) == data(situation)


def trait(draw: st.DrawFn, *, monster: bool) -> Any:
    """A bare number, or (explorers) a track with the clip at a notch or a value."""
    if monster or draw(st.booleans()):
        return draw(st.integers(0, 8))
    track = sorted(draw(st.lists(st.integers(1, 8), min_size=1, max_size=8)))
    return {"track": track, "at": draw(st.integers(0, len(track)))}


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:  # noqa: C901, PLR0912, PLR0915 - one generator for a whole file
    """A valid house situation document with optional fields drawn."""
    rooms: list[dict[str, Any]] = [dict(room) for room in HALL]
    extra = draw(st.lists(st.sampled_from(range(len(EXTRA_ROOMS))), unique=True, max_size=4))
    for i in extra:
        room: dict[str, Any] = {"id": EXTRA_ROOMS[i], "floor": "ground", "at": SQUARES[i]}
        room["doors"] = "".join(draw(st.lists(st.sampled_from("NESW"), unique=True, max_size=4)))
        if draw(st.booleans()):
            room["symbol"] = draw(st.sampled_from(["omen", "item", "event"]))
        if draw(st.booleans()):
            room["new"] = True
            room["placed_by"] = draw(st.sampled_from(["discovery", "haunt"]))
        rooms.append(room)
    if draw(st.booleans()):
        rooms.append(
            {
                "id": "chasm",
                "floor": "basement",
                "at": "D3",
                "doors": "EW",
                "obstacle": {"trait": "speed", "target": 3, "sides": {"a": "W", "b": "E"}},
            }
        )
    if draw(st.booleans()):
        rooms[0]["front_door"] = draw(st.sampled_from("NESW"))
    ids = [r["id"] for r in rooms]
    places = [
        p
        for r in rooms
        if not r.get("new")
        for p in ([f"chasm:{s}" for s in "ab"] if r["id"] == "chasm" else [r["id"]])
    ]
    house: dict[str, Any] = {"rooms": rooms}
    if draw(st.booleans()):
        link: dict[str, Any] = {"from": draw(st.sampled_from(ids)), "to": draw(st.sampled_from(ids))}
        if draw(st.booleans()):
            link |= {"one_way": True, "cost": draw(st.integers(0, 3))}
        if draw(st.booleans()):
            link["roll"] = {"trait": draw(st.sampled_from(TRAITS)), "target": draw(st.integers(0, 6))}
        house["links"] = [link]
    if draw(st.booleans()):
        house["tokens"] = [{"type": "secret_passage", "room": draw(st.sampled_from(ids))}]
    if draw(st.booleans()):
        house["tiles_left"] = {"ground": draw(st.integers(0, 9))} | ({"upper": 0} if draw(st.booleans()) else {})
    pieces: list[dict[str, Any]] = []
    for index in range(draw(st.integers(1, 3))):
        kind = "explorer" if index == 0 else draw(st.sampled_from(["explorer", "monster"]))
        piece: dict[str, Any] = {"id": f"p{index}", "type": kind, "at": draw(st.sampled_from(places))}
        for name in TRAITS:
            if kind == "explorer" or draw(st.booleans()):
                piece[name] = trait(draw, monster=kind == "monster")
        if draw(st.booleans()):
            piece["items"] = draw(
                st.lists(st.sampled_from(["axe", "revolver", "dog", {"name": "spear", "tradeable": False}]), max_size=2)
            )
        if draw(st.booleans()):
            piece["omens"] = draw(st.lists(st.sampled_from(["bite", "girl", "ring"]), unique=True, max_size=2))
        if draw(st.booleans()):
            piece["ranged"] = draw(st.booleans())
        if kind == "monster" and draw(st.booleans()):
            piece["stunned"] = True
        if draw(st.booleans()):
            turn: dict[str, Any] = {
                "moved": draw(st.integers(0, 4)),
                "stopped_by": draw(st.sampled_from([None, "card", "obstacle"])),
            }
            turn |= {"attacked": draw(st.booleans()), "rolls": ["3", "search"], "task_rolled": draw(st.booleans())}
            piece["turn"] = turn
        pieces.append(piece)
    pids = [p["id"] for p in pieces]
    kinds = ["move", "reach", "roll", "attack", "haunt_roll", "damage", "line_of_sight", "monster_group_move"]
    kind = draw(st.sampled_from([*kinds, "tile_effect", "trade"]))
    query: dict[str, Any] = {"kind": kind}
    monsters = [p["id"] for p in pieces if p["type"] == "monster"]
    if kind == "tile_effect":
        query |= {"piece": draw(st.sampled_from(pids)), "trait": draw(st.sampled_from(TRAITS))}
        query["change"] = draw(st.sampled_from([-2, -1, 1, 3]))
    elif kind == "trade":
        action = draw(st.sampled_from(["drop", "pickup"]))
        query |= {"piece": "p0", "action": action, "card": "axe", "card_acted": draw(st.booleans())}
        if draw(st.booleans()):
            query["at"] = draw(st.sampled_from(places))
    elif kind == "monster_group_move" and monsters:
        paths = st.lists(st.sampled_from(places), min_size=1, max_size=3)
        query["moves"] = [{"piece": m, "path": draw(paths)} for m in monsters]
        if draw(st.booleans()):
            query["dice"] = {"movement": draw(st.integers(0, 4))}
    elif kind == "monster_group_move":
        query = {"kind": "reach", "piece": "p0"}
    elif kind == "move":
        query |= {"piece": "p0", "path": draw(st.lists(st.sampled_from(places), min_size=1, max_size=3))}
        if draw(st.booleans()):
            query["dice"] = draw(st.integers(0, 8))
    elif kind == "reach":
        query["piece"] = draw(st.sampled_from(pids))
    elif kind == "roll":
        query |= {"piece": "p0", "trait": draw(st.sampled_from(TRAITS)), "target": draw(st.integers(0, 8))}
        if draw(st.booleans()):
            query |= {"result": draw(st.integers(0, 8)), "name": "search", "task": draw(st.booleans())}
    elif kind == "attack":
        query |= {"attacker": draw(st.sampled_from(pids)), "defender": draw(st.sampled_from(pids))}
        if draw(st.booleans()):
            query["trait"] = draw(st.sampled_from(TRAITS))
    elif kind == "haunt_roll":
        query |= {"drew_omen": draw(st.booleans()), "result": draw(st.integers(0, 12))}
    elif kind == "damage":
        query |= {"piece": draw(st.sampled_from(pids)), "type": draw(st.sampled_from(["physical", "mental"]))}
        query |= {"amount": draw(st.integers(0, 4))} if draw(st.booleans()) else {"dice": draw(st.integers(1, 3))}
    else:
        query |= {"from": draw(st.sampled_from(pids + places)), "to": draw(st.sampled_from(pids + places))}
    doc: dict[str, Any] = {"ruleset": "betrayal/2e", "house": house, "pieces": pieces, "query": query}
    if draw(st.booleans()):
        started = draw(st.booleans())
        doc["haunt"] = {"started": started} | ({"traitor": "p0"} if started else {})
        if draw(st.booleans()):
            doc["haunt"] |= {"omens_drawn": 5, "omens_in_play": draw(st.integers(0, 5))}
    if draw(st.booleans()):
        doc["readings"] = {"BT.SOME.RULE": "literal"}
    return doc


def _read(doc: dict[str, Any]) -> HouseSituation:
    """Read a generated document, rejecting it when the reader finds it invalid."""
    try:
        situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "generated.yaml", KNOWN)
    except PositionedError:
        assume(False)
        raise
    assert isinstance(situation, HouseSituation)
    return situation


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(documents())
def test_generated_situations_round_trip(doc: dict[str, Any]) -> None:
    """Parse -> write -> parse gives an equal situation for generated houses, pieces and queries."""
    situation = _read(doc)
    assert data(reread(situation)) == data(situation)


def test_an_untradeable_card_and_a_track_survive() -> None:
    """A card marked untradeable and a trait clipped on a track come back as they were."""
    doc: dict[str, Any] = {
        "ruleset": "betrayal/2e",
        "house": {"rooms": HALL},
        "pieces": [
            {
                "id": "a",
                "type": "explorer",
                "at": "foyer",
                "might": {"track": [2, 3, 3, 4], "value": 4},
                "speed": 4,
                "knowledge": 3,
                "sanity": 3,
                "items": [{"name": "axe", "tradeable": False}],
            }
        ],
        "query": {"kind": "reach", "piece": "a"},
    }
    situation = _read(doc)
    text = dump_situation(situation)
    assert "{name: axe, tradeable: false}" in text
    assert "at: 4" in text
    assert data(reread(situation)) == data(situation)
