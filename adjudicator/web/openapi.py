"""The OpenAPI 3.1 document of the HTTP API (served at ``/api/openapi.json``)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

JSON = "application/json"
ERROR = {
    "type": "object",
    "required": ["error", "status"],
    "properties": {
        "error": {"type": "string", "description": "for a bad situation: file:line: field: message, as the CLI says"},
        "status": {"type": "integer"},
        "file": {"type": "string"},
        "line": {"type": "integer"},
        "message": {"type": "string"},
    },
}
VIEW_STEP = {
    "type": "object",
    "required": ["title", "plain", "citation", "rule", "url", "formal", "deciding"],
    "properties": {
        "title": {"type": "string", "description": "the rule's title in the ruleset"},
        "plain": {"type": "string", "description": "what was checked, in plain words (no formal condition)"},
        "citation": {"type": "string", "description": "for people: book and edition, lines, section"},
        "rule": {"type": "string", "description": "the rule id"},
        "url": {"type": "string", "description": "/go/rule?ruleset=..&rule=..: the rule's reference page"},
        "formal": {"type": "string", "description": "the step's note as the trace has it (formal condition)"},
        "deciding": {"type": "boolean", "description": "the step settles the question"},
    },
}
ANSWER = {
    "type": "object",
    "description": "The contract's answer (as `adjudicator ask --json`), plus `svg` and `view` when asked.",
    "required": ["ruleset", "query", "verdict", "outcome", "trace"],
    "properties": {
        "ruleset": {"type": "string"},
        "query": {"type": "string"},
        "verdict": {"enum": ["legal", "illegal", "depends", "answered", "undecided"]},
        "outcome": {"type": "object"},
        "trace": {"type": "array", "items": {"type": "object"}},
        "svg": {"type": "string", "description": "with ?svg=1: the board with the answer drawn (SVG)"},
        "view": {
            "type": "object",
            "description": "with ?view=1: the answer in people's words, as the CLI's text answer says it",
            "required": ["headline", "tone", "ruleset_title", "steps"],
            "properties": {
                "headline": {
                    "type": "string",
                    "description": "the verdict's words: BLOCKED, DEPENDS: 7/12 (58%) to hit",
                },
                "tone": {"enum": ["good", "bad", "mixed", "neutral"], "description": "how the page colours it"},
                "ruleset_title": {"type": "string", "description": "the game's name and edition"},
                "steps": {"type": "array", "items": VIEW_STEP},
            },
        },
    },
    "additionalProperties": True,
}
SITUATION_BODY = {
    "required": True,
    "description": "A situation file (YAML or JSON, UTF-8, at most 256 KiB); see GET /api/schema/{game}.",
    "content": {
        "application/yaml": {"schema": {"type": "string"}},
        "text/yaml": {"schema": {"type": "string"}},
        JSON: {"schema": {"type": "object"}},
    },
}


def answer(description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """A JSON response."""
    return {"description": description, "content": {JSON: {"schema": schema or {"type": "object"}}}}


def errors(*codes: int) -> dict[str, Any]:
    """Error responses, all with the error document."""
    words = {
        400: "bad situation or body",
        404: "unknown name",
        408: "no answer within the time bound (the work was stopped)",
        413: "body larger than 256 KiB",
        415: "not YAML or JSON",
        422: "a valid situation the engine does not answer (not supported, conflict)",
        429: "too many designer jobs running",
        503: "every worker busy",
    }
    return {str(code): answer(words[code], {"$ref": "#/components/schemas/Error"}) for code in codes}


def document(game_ids: list[str]) -> dict[str, Any]:
    """The OpenAPI document."""
    try:
        release = version("tabletop-adjudicator")
    except PackageNotFoundError:
        release = "0"
    situation_errors = errors(400, 408, 413, 415, 422, 503)
    job = {"$ref": "#/components/schemas/Job"}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "tabletop-adjudicator",
            "version": release,
            "description": "Rules answers with cited traces, as `adjudicator ask --json` gives them.",
        },
        "paths": {
            "/api/ask": {
                "post": {
                    "summary": "Answer a situation's query (the JSON of `adjudicator ask --json`)",
                    "parameters": [
                        {
                            "name": "svg",
                            "in": "query",
                            "schema": {"type": "string", "enum": ["1", "0"]},
                            "description": "1 adds `svg`: the board picture",
                        },
                        {
                            "name": "view",
                            "in": "query",
                            "schema": {"type": "string", "enum": ["1", "0"]},
                            "description": "1 adds `view`: the answer in people's words, as the judge's page shows it",
                        },
                    ],
                    "requestBody": SITUATION_BODY,
                    "responses": {
                        "200": answer("verdict, outcome, cited trace", {"$ref": "#/components/schemas/Answer"}),
                        **situation_errors,
                    },
                }
            },
            "/api/validate": {
                "post": {
                    "summary": "Read a situation without answering it; its document as JSON",
                    "requestBody": SITUATION_BODY,
                    "responses": {"200": answer("valid: true, ruleset, query, document"), **situation_errors},
                }
            },
            "/api/rulesets": {
                "get": {
                    "summary": "Rulesets, games, board kinds, query kinds, the readings of ambiguous rules",
                    "responses": {"200": answer("list", {"type": "array"})},
                }
            },
            "/api/rules/{rule_id}": {
                "get": {
                    "summary": "One rule (as `adjudicator rule ID --json`)",
                    "parameters": [{"name": "rule_id", "in": "path", "required": True, "schema": {"type": "string"}}],
                    "responses": {"200": answer("the rule"), **errors(404)},
                }
            },
            "/api/decisions/{ruleset}": {
                "get": {
                    "summary": "The decisions of a ruleset's game, with their facts",
                    "parameters": [{"name": "ruleset", "in": "path", "required": True, "schema": {"type": "string"}}],
                    "responses": {"200": answer("decisions"), **errors(404)},
                }
            },
            "/api/schema/{game}": {
                "get": {
                    "summary": "JSON Schema of the game's situation file (also `adjudicator schema GAME`)",
                    "parameters": [
                        {"name": "game", "in": "path", "required": True, "schema": {"type": "string", "enum": game_ids}}
                    ],
                    "responses": {"200": answer("a JSON Schema (2020-12)"), **errors(404)},
                }
            },
            "/api/diff": designer("diff", {"a": {"type": "string"}, "b": {"type": "string"}}, job),
            "/api/check": designer("check", {"ruleset": {"type": "string"}}, job),
            "/api/jobs/{job_id}": {
                "get": {
                    "summary": "A designer job: state, progress lines and, when done, the result",
                    "parameters": [{"name": "job_id", "in": "path", "required": True, "schema": {"type": "string"}}],
                    "responses": {"200": answer("the job", job), **errors(404)},
                }
            },
            "/go/rule": {
                "get": {
                    "summary": "A rule's page: into the served reference, else a page the app renders from the spec",
                    "parameters": [
                        {"name": "ruleset", "in": "query", "required": True, "schema": {"type": "string"}},
                        {"name": "rule", "in": "query", "required": True, "schema": {"type": "string"}},
                    ],
                    "responses": {
                        "200": {
                            "description": "no built reference served: the rule's page rendered by the app",
                            "content": {"text/html": {"schema": {"type": "string"}}},
                        },
                        "307": {"description": "to the rule's page and anchor in the served reference"},
                        **errors(404),
                    },
                }
            },
        },
        "components": {
            "schemas": {
                "Error": ERROR,
                "Answer": ANSWER,
                "Job": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "string"},
                        "kind": {"enum": ["diff", "check"]},
                        "args": {"type": "array", "items": {"type": "string"}},
                        "state": {"enum": ["queued", "running", "done", "failed"]},
                        "progress": {"type": "array", "items": {"type": "string"}},
                        "status": {"type": "integer"},
                        "result": {"description": "the findings (as `adjudicator diff --json`) or an error"},
                    },
                },
            }
        },
    }


def designer(kind: str, properties: dict[str, Any], job: dict[str, Any]) -> dict[str, Any]:
    """A designer route: start a job (Z3), answered 202 with its place."""
    return {
        "post": {
            "summary": f"Start `adjudicator {kind}` in the designer worker (time-bounded; progress: /api/jobs/{{id}})",
            "parameters": [
                {
                    "name": "wait",
                    "in": "query",
                    "schema": {"type": "number", "maximum": 60},
                    "description": "seconds to wait for the result before answering 202",
                }
            ],
            "requestBody": {
                "required": True,
                "content": {
                    JSON: {"schema": {"type": "object", "required": list(properties), "properties": properties}}
                },
            },
            "responses": {
                "200": answer("finished within `wait`", job),
                "202": answer("started (Location: /api/jobs/{id})", job),
                **errors(400, 408, 413, 429, 503),
            },
        }
    }
