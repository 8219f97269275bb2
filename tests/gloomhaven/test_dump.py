"""Gloomhaven situations written back as YAML read to an equal situation (issue 13).

Generated situations are built as documents and read by the game's reader
(so only valid ones are kept), then dumped and read again; every Gloomhaven
example under ``examples/`` goes through the same round trip.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import PositionedError
from adjudicator.core.spec import known_rulesets
from adjudicator.games.gloomhaven.model import (
    CONDITIONS,
    DIFFICULTIES,
    ELEMENT_STATES,
    ELEMENTS,
    RANKS,
    Situation,
)
from adjudicator.judge import dump_situation, load_situation, load_situation_text
from adjudicator.spaces.hex import Hex
from tests.conftest import ROOT
from tests.gloomhaven.support import hex_name

KNOWN = known_rulesets()
EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*.yaml") if "ruleset: gloomhaven" in p.read_text("utf-8"))
TERRAIN = ".xotdhDL/"
STANDABLE = "./tdh"


def reread(situation: Situation) -> Situation:
    """Dump the situation and read the text back."""
    again = load_situation_text(dump_situation(situation), "dumped.yaml", KNOWN)
    assert isinstance(again, Situation)
    return again


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_round_trips(path: Path) -> None:
    """Every Gloomhaven example reads back equal after a dump."""
    situation = load_situation(path, KNOWN)
    assert isinstance(situation, Situation)
    assert reread(situation) == situation


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:  # noqa: C901, PLR0912, PLR0915 - one generator for a whole file
    """A valid Gloomhaven situation document with every optional field drawn."""
    height, width = draw(st.integers(1, 4)), draw(st.integers(2, 5))
    rows = [draw(st.text(TERRAIN, min_size=width, max_size=width)) for _ in range(height)]
    free = [Hex(c, r) for r in range(height) for c in range(width) if rows[r][c] in STANDABLE]
    assume(free)
    places = draw(st.lists(st.sampled_from(free), unique=True, min_size=1, max_size=min(6, len(free))))
    kinds = [draw(st.sampled_from(("character", "summon", "monster"))) for _ in places]
    kinds[0] = "character"
    with_init = draw(st.booleans())
    ints_only = draw(st.booleans())
    initiative = st.integers(1, 99) if ints_only else st.sampled_from([0, 7, 35.5, 99, 12.25, 101, -3, 250.75])
    pieces: list[dict[str, Any]] = []
    for index, (at, kind) in enumerate(zip(places, kinds, strict=True)):
        piece: dict[str, Any] = {"id": f"p{index}", "type": kind, "at": hex_name(at)}
        if kind == "summon":
            piece["owner"] = "p0"
        elif with_init and (kind == "character" or ints_only or draw(st.booleans())):
            piece["initiative"] = draw(initiative)
        if kind == "monster" and draw(st.booleans()):
            piece["rank"] = draw(st.sampled_from(RANKS))
        if draw(st.booleans()):
            piece["flying"] = draw(st.booleans())
        if draw(st.booleans()):
            piece["conditions"] = draw(st.lists(st.sampled_from(CONDITIONS), unique=True, max_size=3))
        if draw(st.booleans()):
            piece["shield"] = draw(st.integers(0, 5))
        pieces.append(piece)
    walls = []
    for h in free[:3]:
        east = Hex(h.col + 1, h.row)
        if east.col < width and draw(st.booleans()):
            walls.append([hex_name(h), hex_name(east)])
    traps = [Hex(c, r) for r in range(height) for c in range(width) if rows[r][c] == "t"]
    objects = []
    for trap in traps:
        if draw(st.booleans()):
            entry: dict[str, Any] = {"type": "trap", "at": hex_name(trap)}
            if draw(st.booleans()):
                entry["damage"] = draw(st.integers(0, 9))
            if draw(st.booleans()):
                entry["conditions"] = draw(st.lists(st.sampled_from(CONDITIONS), unique=True, max_size=2))
            objects.append(entry)
    plain = [Hex(c, r) for r in range(height) for c in range(width) if rows[r][c] == "."]
    for index, at in enumerate(plain[:3]):
        if draw(st.booleans()):
            token: dict[str, Any] = {"type": ("money", "treasure", "pressure_plate")[index], "at": hex_name(at)}
            objects.append(token)
    if plain and draw(st.booleans()):
        objects.append({"type": "token", "at": hex_name(plain[-1]), "name": "numbered 2"})
    ids = [p["id"] for p in pieces]
    hexes = st.sampled_from([hex_name(Hex(c, r)) for r in range(height) for c in range(width)])
    kinds = ("line_of_sight", "range", "attack", "scenario_level", "move", "initiative", "push", "pull", "targets")
    kind = draw(st.sampled_from((*kinds, "effect")))
    query: dict[str, Any] = {"kind": kind}
    if kind == "effect":  # heal, elements, long_rest
        query = draw(effect_queries(ids))
    elif kind in {"line_of_sight", "range"}:
        query |= {"from": draw(st.sampled_from(ids) | hexes), "to": draw(st.sampled_from(ids) | hexes)}
        if kind == "range" and draw(st.booleans()):
            query["range"] = draw(st.integers(0, 6))
    elif kind == "attack":
        query["value"] = draw(st.integers(0, 6))
        optional = {
            "target": st.sampled_from(ids),
            "shield": st.integers(0, 3),
            "pierce": st.integers(0, 3),
            "poisoned": st.booleans(),
            "advantage": st.booleans(),
            "deck": st.just("standard")
            | st.lists(st.sampled_from(["+0", "+1", "-2", "r+1", "x2", "null", "bless"]), min_size=1, max_size=4),
            "bless": st.integers(0, 2),
            "curse": st.integers(0, 2),
            "attacker": st.sampled_from(ids),
            "retaliate": st.integers(0, 3),
            "distance": st.integers(1, 4),
            "hit_points": st.integers(1, 9),
            "effects": st.lists(st.sampled_from(CONDITIONS), unique=True, max_size=2),
        }
        query |= {key: draw(value) for key, value in optional.items() if draw(st.booleans())}
        if query.get("retaliate") and draw(st.booleans()):
            query["retaliate_range"] = draw(st.integers(1, 3))
        if draw(st.booleans()):  # the two cards drawn, with advantage
            cards = st.sampled_from(["+0", "+1 stun", "stun", "-1 push 1", "x2", "null fire"])
            query = {key: v for key, v in query.items() if key not in {"deck", "disadvantage"}}
            query |= {"advantage": True, "drawn": [draw(cards), draw(cards)]}
    elif kind == "scenario_level":
        query["levels"] = draw(st.lists(st.integers(1, 9), min_size=1, max_size=4))
        if draw(st.booleans()):
            query["difficulty"] = draw(st.sampled_from(DIFFICULTIES))
        if draw(st.booleans()):
            query["solo_or_open"] = draw(st.booleans())
    elif kind == "targets":
        query |= {"figure": draw(st.sampled_from(ids)), "who": draw(st.sampled_from(("enemies", "allies")))}
        if draw(st.booleans()):
            query["range"] = draw(st.integers(1, 4))
    elif kind in {"push", "pull"}:
        query |= {"attacker": draw(st.sampled_from(ids)), "target": draw(st.sampled_from(ids))}
        query["amount"] = draw(st.integers(1, 4))
        if draw(st.booleans()):
            query["path"] = draw(st.lists(hexes, min_size=0, max_size=3))
    elif kind == "move":
        query |= {
            "piece": "p0",
            "path": draw(st.lists(hexes, min_size=0, max_size=3)),
            "points": draw(st.integers(0, 5)),
        }
        if draw(st.booleans()):
            query["jump"] = True
    else:
        assume(with_init and ints_only)
        monsters = [p for p in pieces if p["type"] == "monster"]
        assume(all("initiative" in p for p in monsters))
        query["secondary"] = {p["id"]: draw(st.integers(1, 99)) for p in pieces if p["type"] == "character"}
        by_card: dict[int, list[str]] = {}
        for monster in monsters:
            by_card.setdefault(monster["initiative"], []).append(monster["id"])
        if draw(st.booleans()) and by_card:
            query["types"] = {f"type{card}": members for card, members in by_card.items()}
            if draw(st.booleans()):
                query["standees"] = {pid: n for members in by_card.values() for n, pid in enumerate(members, 3)}
        characters = [p["id"] for p in pieces if p["type"] == "character"]
        query["long_rest"] = draw(st.lists(st.sampled_from(characters), unique=True, max_size=2))
    doc: dict[str, Any] = {"ruleset": "gloomhaven/1e", "map": {"terrain": rows}, "pieces": pieces, "query": query}
    if walls:
        doc["map"]["walls"] = walls
    if objects:
        doc["objects"] = objects
    if draw(st.booleans()):
        doc["scenario_level"] = draw(st.integers(0, 7))
    if draw(st.booleans()):
        doc["readings"] = {"GH.SOME.RULE": "literal"}
    return doc


@st.composite
def effect_queries(draw: st.DrawFn, ids: list[str]) -> dict[str, Any]:
    """A ``heal``, ``elements``, ``long_rest`` or ``card_attacks`` query with its optional fields drawn."""
    kind = draw(st.sampled_from(("heal", "elements", "long_rest", "card_attacks")))
    query: dict[str, Any] = {"kind": kind}
    if kind == "card_attacks":
        damages = draw(st.lists(st.integers(0, 9), min_size=1, max_size=4))
        return query | {"target": "p0", "hit_points": draw(st.integers(1, 20)), "damages": damages}
    if kind == "elements":
        elements = st.lists(st.sampled_from(ELEMENTS), unique=True, max_size=3)
        states = st.dictionaries(st.sampled_from(ELEMENTS), st.sampled_from(ELEMENT_STATES), max_size=3)
        optional: dict[str, st.SearchStrategy[Any]] = {"state": states, "infuse": elements, "consume": elements}
    else:
        top = draw(st.integers(1, 20))
        if kind == "heal":
            query["amount"] = draw(st.integers(0, 5))
            optional = {"target": st.sampled_from(ids), "poisoned": st.booleans(), "wounded": st.booleans()}
        else:
            query["character"] = "p0"
            optional = {"discard": st.integers(0, 5), "decline_heal": st.booleans()}
        if draw(st.booleans()):
            query |= {"hit_points": draw(st.integers(0, top)), "max_hit_points": top}
    return query | {key: draw(value) for key, value in optional.items() if draw(st.booleans())}


def _read(doc: dict[str, Any]) -> Situation:
    """Read a generated document, rejecting it when the reader finds it invalid."""
    import yaml  # noqa: PLC0415 - only the tests write plain YAML this way

    try:
        situation = load_situation_text(yaml.safe_dump(doc, sort_keys=False), "generated.yaml", KNOWN)
    except PositionedError:
        assume(False)
        raise
    assert isinstance(situation, Situation)
    return situation


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(documents())
def test_generated_situations_round_trip(doc: dict[str, Any]) -> None:
    """Parse -> write -> parse gives an equal situation for generated files of every query kind."""
    situation = _read(doc)
    assert reread(situation) == situation


def test_round_trip_keeps_a_half_initiative_and_quoted_cards() -> None:
    """35.5 stays exact and ``+1`` stays a card, not the number 1."""
    doc = {
        "ruleset": "gloomhaven/1e",
        "map": {"terrain": ["...", "..."]},
        "pieces": [{"id": "a", "type": "character", "at": "A1", "initiative": 35.5}],
        "query": {"kind": "attack", "value": 2, "deck": ["+1", "r-1", "x2"]},
    }
    situation = _read(doc)
    text = dump_situation(situation)
    assert "initiative: 35.5" in text
    assert '"+1"' in text
    assert reread(situation) == situation
