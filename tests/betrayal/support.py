"""Building small houses and asking the engine about them (shared by the Betrayal tests)."""

from __future__ import annotations

from typing import Any

import yaml

from adjudicator.core.spec import Spec, load_spec
from adjudicator.games.betrayal.model import HouseSituation
from adjudicator.judge import answer, load_situation_text
from adjudicator.situation.base import Situation

RULESET = "betrayal/2e"
HALL: list[dict[str, Any]] = [
    {"id": "entrance_hall", "floor": "ground", "at": "C4", "doors": "NEW"},
    {"id": "foyer", "floor": "ground", "at": "C3", "doors": "NESW"},
    {"id": "grand_staircase", "floor": "ground", "at": "C2", "doors": "S"},
    {"id": "upper_landing", "floor": "upper", "at": "C3", "doors": "NESW"},
    {"id": "basement_landing", "floor": "basement", "at": "C3", "doors": "NESW"},
]
"""The starting tiles (L254): the three ground rooms of one tile and both landings."""


def spec() -> Spec:
    """The project's spec (loaded once)."""
    return load_spec()


def explorer(piece_id: str, at: str, speed: int | dict[str, Any] = 4, **more: Any) -> dict[str, Any]:
    """An explorer with bare trait numbers unless told otherwise."""
    return {
        "id": piece_id,
        "type": "explorer",
        "at": at,
        "might": 4,
        "speed": speed,
        "knowledge": 3,
        "sanity": 4,
        **more,
    }


def monster(piece_id: str, at: str, **more: Any) -> dict[str, Any]:
    """A monster with Might 4 and Speed 2 unless told otherwise."""
    return {"id": piece_id, "type": "monster", "at": at, "might": 4, "speed": 2, **more}


def corridor(length: int, floor: str = "ground", row: int = 1) -> list[dict[str, Any]]:
    """``length`` rooms ``r0``... in one row, each joined to the next by doors (the ends have no outer door)."""
    rooms = []
    for i in range(length):
        doors = ("W" if i else "") + ("E" if i < length - 1 else "")
        rooms.append({"id": f"r{i}", "floor": floor, "at": f"{chr(ord('A') + i)}{row}", "doors": doors})
    return rooms


def _load(rooms: list[dict[str, Any]], pieces: list[dict[str, Any]], query: dict[str, Any], **top: Any) -> Situation:
    """The situation read from these parts exactly as a file would be (positions and checks included)."""
    doc: dict[str, Any] = {"ruleset": RULESET, **top, "pieces": pieces, "query": query}
    doc["house"] = {"rooms": rooms, **doc.pop("house", {})}
    text = yaml.safe_dump(doc, sort_keys=False)
    return load_situation_text(text, "test.yaml", set(spec().rulesets()))


def situation(
    rooms: list[dict[str, Any]], pieces: list[dict[str, Any]], query: dict[str, Any], **top: Any
) -> HouseSituation:
    """The house situation read from these parts."""
    loaded = _load(rooms, pieces, query, **top)
    assert isinstance(loaded, HouseSituation)
    return loaded


def ask(rooms: list[dict[str, Any]], pieces: list[dict[str, Any]], query: dict[str, Any], **top: Any) -> dict[str, Any]:
    """The engine's JSON answer for the situation."""
    result: dict[str, Any] = answer(spec(), _load(rooms, pieces, query, **top)).to_json(spec())
    return result


def cited(result: dict[str, Any]) -> set[str]:
    """Rule ids the answer's trace cites."""
    return {step["rule"] for step in result["trace"]}
