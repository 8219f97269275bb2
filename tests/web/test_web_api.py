"""The HTTP API: the CLI's JSON for every example, clear 4xx errors for bad bodies, time bounds, documents."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from adjudicator.core.errors import PositionedError, UsageError
from adjudicator.core.spec import known_rulesets, load_spec
from adjudicator.games import game_of
from adjudicator.judge import answer, load_situation
from adjudicator.web.app import Settings, create_app
from adjudicator.web.bodies import MAX_BODY, SHOWN
from tests.conftest import ROOT, run_cli

EXAMPLES = sorted((ROOT / "examples").rglob("*.yaml"))
GOOD = """\
ruleset: horrorclix/2008
map:
  kind: outdoor
  terrain:
    - "......"
    - "......"
    - "......"
    - "......"
pieces:
  - id: scarecrow
    type: monster
    player: 1
    at: B2
    speed: 8
    attack: 8
    defense: 15
    damage: 2
    range: 0
  - id: wolf
    type: monster
    player: 2
    at: C2
    speed: 7
    attack: 9
    defense: 16
    damage: 2
    range: 4
query: {kind: move, piece: scarecrow, to: D3, die: 5}
"""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The app with two warm workers."""
    with TestClient(create_app(Settings(workers=2)), raise_server_exceptions=False) as test_client:
        yield test_client


def cli_json(path: Path) -> tuple[int, str]:
    """What ``adjudicator ask --json PATH`` prints (computed in-process): (exit status, stdout or stderr)."""
    try:
        loaded = load_situation(path, known_rulesets())
        spec = load_spec(games=(game_of(loaded.ruleset).id,))
        return 0, json.dumps(answer(spec, loaded).to_json(spec), indent=2, ensure_ascii=False) + "\n"
    except (PositionedError, UsageError) as exc:
        return 2, str(exc)


def test_every_example_answers_as_the_cli(client: TestClient) -> None:
    assert len(EXAMPLES) > 50
    for path in EXAMPLES:
        status, expected = cli_json(path)
        got = client.post("/api/ask", content=path.read_bytes(), headers={"content-type": "application/yaml"})
        if status == 0:
            assert got.status_code == 200, (path, got.text)
            assert got.text == expected, path
        else:
            assert 400 <= got.status_code < 500, (path, got.text)
            assert got.json()["error"] == expected.replace(str(path), SHOWN), path


def test_the_real_cli_prints_the_same_bytes(client: TestClient, tmp_path: Path) -> None:
    for name in ("contract/breakaway-two-foes.yaml", "line_of_fire/tombstone-cover-1e.yaml"):
        path = ROOT / "examples" / name
        done = run_cli("ask", "--json", str(path))
        assert done.returncode == 0, done.stderr
        assert client.post("/api/ask", content=path.read_bytes()).text == done.stdout
    bad = tmp_path / SHOWN
    bad.write_text(GOOD.replace("speed: 8", "speed: fast", 1), encoding="utf-8")
    done = run_cli("ask", "--json", str(bad))
    assert done.returncode == 2
    got = client.post("/api/ask", content=bad.read_bytes())
    assert got.status_code == 400
    assert got.json()["error"] == done.stderr.strip().replace(str(bad), SHOWN)


def test_json_body_gives_the_same_answer(client: TestClient) -> None:
    doc = yaml.safe_load(GOOD)
    as_yaml = client.post("/api/ask", content=GOOD)
    as_json = client.post("/api/ask", json=doc)
    assert as_json.status_code == 200
    assert as_json.text == as_yaml.text
    assert as_json.headers["server-timing"].startswith("queue;dur=")
    assert ", ask;dur=" in as_json.headers["server-timing"]


def test_svg_adds_the_picture(client: TestClient) -> None:
    plain = client.post("/api/ask", content=GOOD).json()
    drawn = client.post("/api/ask?svg=1", content=GOOD).json()
    assert "svg" not in plain
    assert drawn.pop("svg").lstrip().startswith("<svg")
    assert drawn == plain


def huge_map() -> str:
    rows = "\n".join(f'    - "{"." * 100}"' for _ in range(100))
    return (
        GOOD.split("map:", 1)[0]
        + "map:\n  kind: outdoor\n  terrain:\n"
        + rows
        + "\npieces: []\nquery: {kind: score, events: []}\n"
    )


MALFORMED: list[tuple[str, bytes]] = [
    ("empty", b""),
    ("blank", b"   \n\n"),
    ("not utf-8", b"ruleset: horrorclix/2008\nmap: \xff\xfe\n"),
    ("latin-1", "ruleset: horrorclix/2008\n# caf\u00e9\n".encode("latin-1")),
    ("unclosed flow", b"ruleset: [horrorclix/2008\n"),
    ("bad indent", b"ruleset: horrorclix/2008\n map:\n- x\n"),
    ("tab indent", b"ruleset: horrorclix/2008\nmap:\n\tkind: outdoor\n"),
    ("python tag", b"ruleset: !!python/object/apply:os.system ['true']\n"),
    ("custom tag", b"ruleset: !secret horrorclix/2008\n"),
    ("aliases", b"a: &x [1, 2, 3]\nb: [*x, *x, *x]\n"),
    ("a list", b"- ruleset: horrorclix/2008\n"),
    ("a scalar", b"horrorclix\n"),
    ("no ruleset", GOOD.replace("ruleset: horrorclix/2008", "", 1).encode()),
    ("unknown ruleset", GOOD.replace("horrorclix/2008", "chess/1851", 1).encode()),
    ("unknown top field", (GOOD + "weather: rain\n").encode()),
    ("unknown piece field", GOOD.replace("speed: 8", "speed: 8\n    colour: red", 1).encode()),
    ("speed a word", GOOD.replace("speed: 8", "speed: fast", 1).encode()),
    ("speed negative", GOOD.replace("speed: 8", "speed: -3", 1).encode()),
    ("player too big", GOOD.replace("player: 1", "player: 99", 1).encode()),
    ("square off the map", GOOD.replace("at: B2", "at: Z99", 1).encode()),
    ("square not a name", GOOD.replace("at: B2", "at: 42", 1).encode()),
    ("unknown query kind", GOOD.replace("kind: move", "kind: teleport", 1).encode()),
    ("query piece unknown", GOOD.replace("piece: scarecrow", "piece: nobody", 1).encode()),
    ("die out of range", GOOD.replace("die: 5", "die: 9", 1).encode()),
    ("terrain char", GOOD.replace('"......"', '"..?..."', 1).encode()),
    ("ragged rows", GOOD.replace('"......"', '"...."', 1).encode()),
    ("huge map", huge_map().encode()),
    ("bad json", b'{"ruleset": "horrorclix/2008",'),
    ("json array", b"[1, 2, 3]"),
    ("duplicate ids", GOOD.replace("id: wolf", "id: scarecrow", 1).encode()),
]


def test_thirty_malformed_bodies_get_clear_4xx_errors(client: TestClient) -> None:
    assert len(MALFORMED) == 30
    assert len({body for _, body in MALFORMED}) == 30
    for name, body in MALFORMED:
        kind = "application/json" if name.startswith(("bad json", "json")) else "application/yaml"
        got = client.post("/api/ask", content=body, headers={"content-type": kind})
        assert 400 <= got.status_code < 500, (name, got.status_code, got.text)
        error = got.json()["error"]
        assert error.startswith(f"{SHOWN}:"), (name, error)
        assert "Traceback" not in got.text
        assert client.post("/api/ask", content=GOOD).status_code == 200, name


def test_errors_are_the_cli_text(client: TestClient, tmp_path: Path) -> None:
    for name, body in MALFORMED:
        if name in {"empty", "blank", "not utf-8", "latin-1", "aliases", "huge map", "bad json"}:
            continue  # refused before the reader: the CLI has no such limit
        path = tmp_path / SHOWN
        path.write_bytes(body)
        status, expected = cli_json(path)
        assert status == 2, name
        got = client.post("/api/ask", content=body)
        assert got.json()["error"] == expected.replace(str(path), SHOWN), name


def test_body_limit(client: TestClient) -> None:
    big = b"# " + b"x" * MAX_BODY + b"\n"
    got = client.post("/api/ask", content=big)
    assert got.status_code == 413
    assert "limit" in got.json()["error"]
    assert client.post("/api/ask", content=GOOD).status_code == 200


def test_validate_returns_the_document(client: TestClient) -> None:
    got = client.post("/api/validate", content=GOOD).json()
    assert got["valid"] is True
    assert got["ruleset"] == "horrorclix/2008"
    assert got["query"] == "move"
    assert got["document"]["query"]["piece"] == "scarecrow"
    assert client.post("/api/validate", content=b"ruleset: [").status_code == 400


def test_time_bound_stops_the_work_and_the_server_keeps_answering() -> None:
    with TestClient(create_app(Settings(workers=1, warm=False, ask_timeout=0.001))) as slow:
        got = slow.post("/api/ask", content=GOOD)
        assert got.status_code == 408
        assert "within" in got.json()["error"]
    with TestClient(create_app(Settings(workers=1, warm=False))) as fresh:
        assert fresh.post("/api/ask", content=GOOD).status_code == 200


def test_read_only_routes(client: TestClient) -> None:
    rows = client.get("/api/rulesets").json()
    by_ruleset = {row["ruleset"]: row for row in rows}
    assert by_ruleset["horrorclix/2008"]["space"] == "square"
    assert "move" in by_ruleset["horrorclix/2008"]["queries"]
    assert {row["space"] for row in rows} >= {"square", "hex", "room"}
    rule = client.get("/api/rules/HX.BREAK.WHEN").json()
    assert rule["id"] == "HX.BREAK.WHEN"
    assert client.get("/api/rules/NO.SUCH").status_code == 404
    decisions = client.get("/api/decisions/horrorclix/2008").json()
    assert any(d["id"] == "breakaway.required" for d in decisions["decisions"])
    assert client.get("/api/decisions/chess/1851").status_code == 404
    assert client.get("/api/nothing").json()["status"] == 404


def test_openapi_document_lists_every_route(client: TestClient) -> None:
    doc = client.get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    assert {"/api/ask", "/api/validate", "/api/rulesets", "/api/schema/{game}", "/api/diff", "/api/check"} <= set(
        doc["paths"]
    )


def test_schema_route_and_command_agree(client: TestClient) -> None:
    got = client.get("/api/schema/horrorclix")
    assert got.status_code == 200
    schema = got.json()
    assert schema["properties"]["ruleset"]["enum"] == ["horrorclix/1e", "horrorclix/2008"]
    done = run_cli("schema", "horrorclix")
    assert done.returncode == 0
    assert json.loads(done.stdout) == schema
    for game in ("heroclix", "gloomhaven", "betrayal"):
        assert client.get(f"/api/schema/{game}").status_code == 200
    assert client.get("/api/schema/chess").status_code == 404


def test_schema_accepts_every_example() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    for game in ("horrorclix", "heroclix", "gloomhaven", "betrayal"):
        validator = jsonschema.Draft202012Validator(json.loads(run_cli("schema", game).stdout))
        checked = 0
        for path in EXAMPLES:
            doc = yaml.safe_load(path.read_text(encoding="utf-8"))
            if isinstance(doc, dict) and str(doc.get("ruleset", "")).startswith(game) and cli_json(path)[0] == 0:
                assert not list(validator.iter_errors(doc)), path
                checked += 1
        assert checked > 5, game


def test_designer_bodies_are_checked(client: TestClient) -> None:
    assert client.post("/api/diff", content=b"nonsense").status_code == 400
    assert client.post("/api/check", json={"rules": "x"}).status_code == 400
    assert client.get("/api/jobs/unknown").status_code == 404


def test_reference_link_redirects_into_the_site(tmp_path: Path) -> None:
    site = tmp_path / "html"
    (site / "reference").mkdir(parents=True)
    (site / "index.html").write_text("<html>home</html>", encoding="utf-8")
    (site / "reference" / "moves.html").write_text(
        '<html><section id="rule-horrorclix-2008-hx-break-when">x</section></html>', encoding="utf-8"
    )
    with TestClient(create_app(Settings(workers=1, warm=False, reference=site))) as served:
        got = served.get("/go/rule?ruleset=horrorclix/2008&rule=HX.BREAK.WHEN", follow_redirects=False)
        assert got.status_code == 307
        assert got.headers["location"] == "/reference/reference/moves.html#rule-horrorclix-2008-hx-break-when"
        assert "home" in served.get("/reference/").text
        assert served.get("/go/rule?ruleset=horrorclix/2008&rule=NO.SUCH").status_code == 404
    with TestClient(create_app(Settings(workers=1, warm=False))) as bare:
        assert bare.get("/reference/").status_code == 404
        assert bare.get("/").headers["content-type"].startswith("text/html")


def test_designer_job_past_its_bound_is_stopped() -> None:
    with TestClient(create_app(Settings(workers=1, warm=False, designer_timeout=0.3))) as bounded:
        got = bounded.post("/api/check?wait=20", json={"ruleset": "horrorclix/2008"})
        assert got.status_code == 408
        job = got.json()
        assert job["state"] == "failed"
        assert "within" in job["result"]
        assert bounded.get(f"/api/jobs/{job['id']}").json()["status"] == 408
        assert bounded.post("/api/ask", content=GOOD).status_code == 200


@pytest.mark.slow
def test_designer_job_reports_progress_and_result(client: TestClient) -> None:
    started = client.post("/api/check", json={"ruleset": "horrorclix/2008"})
    assert started.status_code == 202
    assert started.headers["location"] == f"/api/jobs/{started.json()['id']}"
    deadline = time.monotonic() + 280
    while (job := client.get(started.headers["location"]).json())["state"] in {"queued", "running"}:
        assert time.monotonic() < deadline
        time.sleep(0.5)
    assert job["state"] == "done", job
    assert job["progress"]
    assert isinstance(job["result"], list)
    assert all("kind" in finding for finding in job["result"])


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.text(max_size=12),
    st.lists(st.integers(0, 9), max_size=3),
)


def mutated(doc: Any, path: list[int], value: Any) -> Any:
    """``doc`` with the scalar reached by following ``path`` (indices into keys or items) replaced by ``value``."""
    if not path or not isinstance(doc, dict | list):
        return value
    keys = list(doc) if isinstance(doc, dict) else list(range(len(doc)))
    if not keys:
        return value
    key = keys[path[0] % len(keys)]
    copy = dict(doc) if isinstance(doc, dict) else list(doc)
    copy[key] = mutated(doc[key], path[1:], value)
    return copy


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(st.binary(max_size=400), st.text(max_size=400).map(str.encode)))
def test_random_bodies_never_get_a_5xx(client: TestClient, body: bytes) -> None:
    got = client.post("/api/ask", content=body, headers={"content-type": "application/yaml"})
    assert got.status_code < 500, got.text
    assert "Traceback" not in got.text


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.lists(st.integers(0, 20), min_size=1, max_size=4), value=SCALARS)
def test_mutated_situations_never_get_a_5xx(client: TestClient, path: list[int], value: Any) -> None:
    doc = mutated(yaml.safe_load(GOOD), path, value)
    got = client.post("/api/ask", json=doc)
    assert got.status_code < 500, (doc, got.text)
    assert got.status_code == 200 or got.json()["error"].startswith(f"{SHOWN}:"), got.text
