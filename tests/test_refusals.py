"""Every game refuses the fields it does not have, and no situation file makes the tool fail.

A field of another game in a situation file is refused by name (``file:line:
field: ...``) with exit status 2 on the command line and HTTP 400 on the API,
never accepted and never a fault of the tool (exit 3, HTTP 500). A field one
Clix game has and the other lacks says so: ``not a HeroClix field``. The
mutation test puts fields and values of every game into every example and
checks that each mutant is answered or refused, never a fault.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from starlette.testclient import TestClient

from adjudicator.core.errors import PositionedError
from adjudicator.core.spec import known_rulesets
from adjudicator.judge import judge_text
from adjudicator.judge.errors import refusal
from adjudicator.web.app import Settings, create_app
from tests.conftest import ROOT, run_cli

EXAMPLES = ROOT / "examples"
BASES = {
    "heroclix": EXAMPLES / "rulings" / "heroclix" / "move-after-breakaway-passes-by.yaml",
    "horrorclix": EXAMPLES / "contract" / "breakaway-two-foes.yaml",
    "gloomhaven": EXAMPLES / "gloomhaven" / "move-blocked-by-enemy.yaml",
    "betrayal": EXAMPLES / "betrayal" / "move-discover-event-room.yaml",
}
"""One valid situation file of each game, to put other games' fields in."""

FOREIGN: list[tuple[str, tuple[Any, ...], Any, str]] = [
    # HorrorClix's fields (the shared Clix engine knows them) in a HeroClix file
    ("heroclix", ("objects",), [{"type": "portal", "at": "A1", "door": "east"}], "objects: not a HeroClix field"),
    ("heroclix", ("scenario",), "brume_spectrale", "scenario: not a HeroClix field"),
    ("heroclix", ("pieces", 0, "state"), "possessed", "pieces[0].state: not a HeroClix field"),
    ("heroclix", ("pieces", 0, "minion"), True, "pieces[0].minion: not a HeroClix field"),
    ("heroclix", ("pieces", 0, "victims"), 2, "pieces[0].victims: not a HeroClix field"),
    ("heroclix", ("pieces", 0, "speed"), "hourglass", "pieces[0].speed: hourglass is not a HeroClix dial value"),
    ("heroclix", ("pieces", 0, "type"), "monster", "pieces[0].type: monster is not a piece type of heroclix"),
    ("heroclix", ("query", "frenzy"), True, "query.frenzy: not a HeroClix field"),
    # HeroClix's own in a HorrorClix file
    ("horrorclix", ("query", "facts"), {"evaded": True}, "query.facts: not a HorrorClix field"),
    ("horrorclix", ("pieces", 0, "type"), "character", "pieces[0].type: character is not a piece type of horrorclix"),
    # the other games' fields
    ("horrorclix", ("scenario_level",), 2, "scenario_level: unknown field"),
    ("horrorclix", ("haunt",), {"started": True}, "haunt: unknown field"),
    ("horrorclix", ("pieces", 0, "rank"), "elite", "pieces[0].rank: unknown field"),
    ("heroclix", ("house",), {"rooms": []}, "house: unknown field"),
    ("gloomhaven", ("build_total",), 200, "build_total: unknown field"),
    ("gloomhaven", ("haunt",), {"started": True}, "haunt: unknown field"),
    ("gloomhaven", ("pieces", 0, "player"), 1, "pieces[0].player: unknown field"),
    ("gloomhaven", ("pieces", 0, "might"), 3, "pieces[0].might: unknown field"),
    ("betrayal", ("scenario_level",), 1, "scenario_level: unknown field"),
    ("betrayal", ("map",), {"kind": "outdoor", "terrain": ["..."]}, "map: unknown field"),
    ("betrayal", ("pieces", 0, "rank"), "elite", "pieces[0].rank: unknown field"),
    ("betrayal", ("objects",), [{"type": "trap", "at": "A1"}], "objects: unknown field"),
]
"""(game of the file, field path, value, the refusal's ``field: message``)."""


def with_field(game: str, path: tuple[Any, ...], value: Any) -> str:
    """The game's base file with ``value`` set at ``path``, as YAML text."""
    doc = yaml.safe_load(BASES[game].read_text(encoding="utf-8"))
    doc.pop("expect", None)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return yaml.safe_dump(doc, sort_keys=False)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The API with one worker; a fault would answer 500."""
    with TestClient(create_app(Settings(workers=1)), raise_server_exceptions=False) as test_client:
        yield test_client


def test_the_bases_are_answered() -> None:
    """Each base file is a valid situation of its game (so a refusal below is the field's doing)."""
    for path in BASES.values():
        judged = judge_text(path.read_text(encoding="utf-8"), path.name)
        assert judged.answer.verdict in {"legal", "illegal", "answered", "depends", "undecided"}


@pytest.mark.parametrize(("game", "path", "value", "message"), FOREIGN)
def test_a_foreign_field_is_refused_by_name(game: str, path: tuple[Any, ...], value: Any, message: str) -> None:
    """The judge refuses the field, naming it; the refusal is exit 2 and HTTP 400, never a fault."""
    text = with_field(game, path, value)
    with pytest.raises(Exception) as caught:  # noqa: PT011 - the refusal's class is the judge's to choose
        judge_text(text, "mutant.yaml")
    found = refusal(caught.value)
    assert found is not None, f"a fault, not a refusal: {caught.value!r}"
    assert f"mutant.yaml:{found.details.get('line')}: {message}" in found.message
    assert (found.exit_status, found.http_status) == (2, 400)


@pytest.mark.parametrize(("game", "path", "value", "message"), [FOREIGN[0], FOREIGN[5], FOREIGN[11], FOREIGN[17]])
def test_the_cli_and_the_api_refuse_alike(
    game: str, path: tuple[Any, ...], value: Any, message: str, tmp_path: Path, client: TestClient
) -> None:
    """``adjudicator ask`` exits 2 with ``file:line: field: message``; ``POST /api/ask`` answers 400 with it."""
    text = with_field(game, path, value)
    file = tmp_path / "mutant.yaml"
    file.write_text(text, encoding="utf-8")
    done = run_cli("ask", "--json", str(file))
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    got = client.post("/api/ask", content=text.encode(), headers={"content-type": "application/yaml"})
    assert got.status_code == 400, got.text
    assert message in got.json()["error"]


WEIRD: tuple[Any, ...] = (None, True, False, 0, -1, 999, "x", "", [], {}, [1, 2], {"a": 1}, 3.5, "hourglass", "ZZ99")
"""Values of every YAML kind, in and out of every field's range."""


def _harvest() -> tuple[list[dict[str, Any]], dict[str, dict[str, list[tuple[str, Any]]]]]:
    """Every example, and per game the top fields, piece fields and query fields its examples use."""
    docs = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.rglob("*.yaml"))]
    parts: dict[str, dict[str, list[tuple[str, Any]]]] = {}
    for doc in docs:
        game = parts.setdefault(str(doc["ruleset"]).partition("/")[0], {"top": [], "piece": [], "query": []})
        game["top"] += [(k, v) for k, v in doc.items() if k not in {"ruleset", "expect"}]
        game["piece"] += [(k, v) for piece in doc.get("pieces") or [] for k, v in piece.items()]
        game["query"] += [(k, v) for k, v in (doc.get("query") or {}).items() if k != "kind"]
    return docs, parts


def _leaves(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field path and list index of a document."""
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in items:
        yield (*path, key)
        yield from _leaves(value, (*path, key))


def mutant(rng: random.Random, doc: dict[str, Any], parts: dict[str, dict[str, list[tuple[str, Any]]]]) -> str:
    """One mutation of a situation: another game's field, another ruleset, or a value of another kind."""
    out = copy.deepcopy(doc)
    out.pop("expect", None)
    other = parts[rng.choice(sorted(parts))]
    how = rng.randrange(5)
    if how == 0:
        key, value = rng.choice(other["top"])
        out[key] = copy.deepcopy(value)
    elif how == 1 and out.get("pieces"):
        key, value = rng.choice(other["piece"])
        rng.choice(out["pieces"])[key] = copy.deepcopy(value)
    elif how == 2 and isinstance(out.get("query"), dict):
        key, value = rng.choice(other["query"])
        out["query"][key] = copy.deepcopy(value)
    elif how == 3:
        out["ruleset"] = rng.choice(sorted(known_rulesets()))
    else:
        path = rng.choice(list(_leaves(out)))
        node = out
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = copy.deepcopy(rng.choice(WEIRD))
    return yaml.safe_dump(out, sort_keys=False)


def test_no_mutant_is_a_fault() -> None:
    """Hundreds of mutants of the examples: each is answered or refused with exit 2 / HTTP 4xx, none is a fault."""
    docs, parts = _harvest()
    rng = random.Random(24)  # noqa: S311 - reproducible mutations, not secrets
    faults: list[str] = []
    answered = refused = 0
    for index in range(600):
        text = mutant(rng, rng.choice(docs), parts)
        try:
            judge_text(text, f"mutant{index}.yaml")
            answered += 1
        except Exception as exc:  # noqa: BLE001 - a fault is what this test looks for
            if refusal(exc) is None:
                faults.append(f"{type(exc).__name__}: {exc}\n{text}")
            else:
                refused += 1
    assert faults == [], f"{len(faults)} fault(s); the first:\n{faults[0]}"
    assert answered > 50  # the mutants exercise both sides, not a vacuous pass
    assert refused > 50


def test_no_mutant_is_a_fault_on_the_api(client: TestClient) -> None:
    """Mutants sent to ``POST /api/ask`` are answered (200) or refused (4xx), never a 500."""
    docs, parts = _harvest()
    rng = random.Random(2024)  # noqa: S311 - reproducible mutations, not secrets
    statuses = []
    for _ in range(40):
        text = mutant(rng, rng.choice(docs), parts)
        got = client.post("/api/ask", content=text.encode(), headers={"content-type": "application/yaml"})
        assert got.status_code < 500, got.text
        statuses.append(got.status_code)
    assert 200 in statuses
    assert any(400 <= status < 500 for status in statuses)


READING = EXAMPLES / "rulings" / "values" / "rule-of-3-running-reading-2008.yaml"


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ("{HX.R3.CAP: sideways}", "readings.HX.R3.CAP: 'sideways' is not a reading of HX.R3.CAP (readings: "),
        ("{HX.NO.SUCH: running}", "readings.HX.NO.SUCH: HX.NO.SUCH has no readings in horrorclix/2008 (rules with"),
    ],
)
def test_a_reading_no_rule_offers_is_refused_by_name(chosen: str, message: str) -> None:
    """A situation's ``readings`` must name a rule with readings in its ruleset and one of them (L16 of the file)."""
    text = READING.read_text(encoding="utf-8").replace("readings: {HX.R3.CAP: running}", f"readings: {chosen}")
    judge_text(READING.read_text(encoding="utf-8"), "reading.yaml")  # the file as it stands is answered
    with pytest.raises(PositionedError) as caught:
        judge_text(text, "reading.yaml")
    assert str(caught.value).startswith(f"reading.yaml:16: {message}")
