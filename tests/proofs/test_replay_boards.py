"""Boards for the ambiguities of Gloomhaven and Betrayal (:mod:`proofs.replay_boards`): replayed examples."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from adjudicator.core.spec import Spec
from proofs import ambiguity, replay_boards
from proofs.replay_boards import Board, variants


@pytest.fixture(scope="module", params=["gloomhaven/1e", "betrayal/2e"])
def findings(request: pytest.FixtureRequest, real_spec: Spec) -> list[dict[str, Any]]:
    found = ambiguity.run(real_spec, request.param)
    return replay_boards.attach(real_spec, found)


def test_boards_replay_to_different_answers_under_the_readings(real_spec: Spec, findings: list[dict[str, Any]]) -> None:
    """Each attached board, asked afresh under each reading it names, gives the answers it records, and they differ."""
    boarded = [f for f in findings if f.get("board")]
    assert boarded, "no ambiguity of the game got a board"
    for finding in boarded:
        answers = []
        for side, text in finding["boards"].items():
            doc = yaml.safe_load(text)
            assert doc["readings"][finding["rule"]] == finding["sides"][side]["readings"][finding["rule"]]
            reply = replay_boards.ask(real_spec, doc)
            assert reply is not None
            assert (reply[0], reply[1]) == (finding["replay"][side]["verdict"], finding["replay"][side]["outcome"])
            answers.append((reply[0], reply[1]))
        assert answers[0] != answers[1], finding["rule"]


def test_every_ambiguity_has_a_board_or_says_why(findings: list[dict[str, Any]]) -> None:
    for finding in findings:
        assert finding.get("board") or finding.get("board_note"), finding["rule"]


def test_picture_draws_the_board(findings: list[dict[str, Any]]) -> None:
    finding = next(f for f in findings if f.get("board"))
    drawn = replay_boards.picture(finding)
    assert "query:" in drawn
    assert len(drawn.splitlines()) > 2


def test_variants_move_one_number_by_one() -> None:
    board = Board(
        "x.yaml", {"ruleset": "r", "query": {"kind": "k", "roll": [2, 3], "amount": 0, "flag": True}}, frozenset(), 1
    )
    seen = [v.doc["query"] for v in variants(board)]
    assert {"kind": "k", "roll": [2, 2], "amount": 0, "flag": True} in seen
    assert {"kind": "k", "roll": [2, 4], "amount": 0, "flag": True} in seen
    assert {"kind": "k", "roll": [2, 3], "amount": 1, "flag": True} in seen
    assert all(q["amount"] >= 0 for q in seen)
    assert all(q["flag"] is True for q in seen)
