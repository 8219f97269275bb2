"""The read-only routes: rulesets, rules, decisions, situation schemas, the OpenAPI document, reference links.

These read the spec in the server process (loaded once, on first use); they
do no search, so they need no worker. Unknown names are 404 with the CLI's
message.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from adjudicator.core.errors import UsageError
from adjudicator.core.plain import rule_json
from adjudicator.core.spec import Spec, load_spec
from adjudicator.games import games
from adjudicator.judge import situation_schema
from adjudicator.web import openapi
from adjudicator.web.jobs import dumps
from adjudicator.web.rule_page import find_rule
from adjudicator.web.rule_page import render as render_rule

RULE_ANCHOR = re.compile(r'id="(rule-[a-z0-9-]+)"')


def json_doc(data: Any, status: int = 200) -> Response:
    """A JSON answer written as the CLI writes JSON."""
    return Response(dumps(data) + "\n", status_code=status, media_type="application/json")


@cache
def full_spec() -> Spec:
    """Every game's rules (the first call takes about a second)."""
    return load_spec()


def ruleset_rows() -> list[dict[str, Any]]:
    """Each ruleset: its game, board kind, query kinds, and whether the engine answers it yet."""
    spec = full_spec()
    return [
        {
            "ruleset": ruleset,
            "game": game.id,
            "title": game.title,
            "space": game.space,
            "queries": sorted(game.queries),
            "ready": bool(game.queries),
            "figure": game.words.figure,
            "token": game.words.token,
            "words": game.words._asdict(),
            "readings": {
                rule.id: {"default": rule.readings[ruleset].default, "options": list(rule.readings[ruleset].options)}
                for rule in spec.rules.values()
                if ruleset in rule.readings
            },
        }
        for game in games()
        for ruleset in spec.rulesets_of(game.id)
    ]


def rulesets(_request: Request) -> Response:
    """``GET /api/rulesets``."""
    return json_doc(ruleset_rows())


def rule(request: Request) -> Response:
    """``GET /api/rules/{rule_id}``: as ``adjudicator rule ID --json``."""
    spec = full_spec()
    rule_id = request.path_params["rule_id"]
    found = spec.rules.get(rule_id)
    if found is None:
        close = [r for r in spec.rules if rule_id.upper() in r]
        hint = f" (did you mean {', '.join(close[:5])}?)" if close else ""
        raise UsageError(f"unknown rule id {rule_id!r}{hint}")
    return json_doc(rule_json(spec, found))


def decisions(request: Request) -> Response:
    """``GET /api/decisions/{ruleset}``: each decision of the ruleset's game, its type and facts."""
    spec = full_spec()
    ruleset = request.path_params["ruleset"]
    if ruleset not in spec.rulesets():
        raise UsageError(f"unknown ruleset {ruleset!r} (known: {', '.join(spec.rulesets())})")
    game = spec.game(ruleset)
    rows = [
        {
            "id": decision.id,
            "title": decision.title,
            "type": str(decision.type),
            "topic": decision.topic,
            "default": decision.default,
            "facts": {name: {"type": str(fact.type), "says": fact.says} for name, fact in decision.facts.items()},
            "defined_at": str(decision.where),
        }
        for (owner, _), decision in sorted(spec.decisions.items())
        if owner == game
    ]
    return json_doc({"ruleset": ruleset, "game": game, "decisions": rows})


def schema(request: Request) -> Response:
    """``GET /api/schema/{game}``: the JSON Schema of the game's situation file."""
    return json_doc(situation_schema(request.path_params["game"]))


def openapi_doc(_request: Request) -> Response:
    """``GET /api/openapi.json``."""
    return json_doc(openapi.document([g.id for g in games()]))


@cache
def rule_pages(reference: Path) -> dict[str, str]:
    """Anchor -> page (relative to the site) for every rule in a built reference."""
    found: dict[str, str] = {}
    for page in sorted(reference.rglob("*.html")):
        for anchor in RULE_ANCHOR.findall(page.read_text(encoding="utf-8", errors="replace")):
            found.setdefault(anchor, page.relative_to(reference).as_posix())
    return found


def reference_link(request: Request) -> Response:
    """``GET /go/rule?ruleset=..&rule=..``: the rule's entry in the served reference (a redirect).

    Without a built reference (an installed wheel), or when it has no entry for the rule, the app renders
    the rule's page from the spec (:mod:`adjudicator.web.rule_page`); an unknown ruleset or rule is a 404.
    """
    from adjudicator.docgen.rst import anchor  # noqa: PLC0415 - the docs' own anchor names

    reference: Path | None = request.app.state.server.settings.reference
    ruleset, rule_id = request.query_params.get("ruleset", ""), request.query_params.get("rule", "")
    if not ruleset or not rule_id:
        raise UsageError("give both ?ruleset=RULESET&rule=RULE_ID")
    spec = full_spec()
    find_rule(spec, ruleset, rule_id)  # an unknown name is a 404 whether or not the reference is built
    if reference is not None and (reference / "index.html").is_file():
        name = anchor(ruleset, rule_id)
        page = rule_pages(reference).get(name)
        if page is not None:
            return RedirectResponse(f"/reference/{page}#{name}", status_code=307)
    return HTMLResponse(render_rule(spec, ruleset, rule_id))


def routes() -> list[Route]:
    """The read-only routes."""
    return [
        Route("/api/rulesets", rulesets),
        Route("/api/rules/{rule_id}", rule),
        Route("/api/decisions/{ruleset:path}", decisions),
        Route("/api/schema/{game}", schema),
        Route("/api/openapi.json", openapi_doc),
        Route("/go/rule", reference_link),
    ]
