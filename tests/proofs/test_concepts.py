"""``diff`` across games by concept (:mod:`proofs.concepts`): boards asked under both games, compared."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator.core.spec import Spec
from adjudicator.judge import answer, load_situation_text
from proofs import concepts
from proofs.concept_boards import families
from proofs.concepts import Replay, concept_of, differs, translate

PAIR = ("heroclix/core", "horrorclix/2008")
COUNT = 60
"""Generated boards per game in these tests (the command uses :data:`proofs.concepts.CROSS_BOARDS`)."""


@pytest.fixture(scope="module")
def found(real_spec: Spec) -> list[dict[str, Any]]:
    return concepts.run(real_spec, *PAIR, count=COUNT)


@pytest.mark.parametrize(
    ("decision", "concept"),
    [
        ("value.rule_of_3", "rule_of_3"),
        ("value.base", "values"),
        ("breakaway.succeeds", "break_away"),
        ("knockback.distance", "knockback"),
        ("lof.blocked", "line_of_fire"),
        ("elevation.level", "elevation"),
        ("damage.split_valid", "multiple_targets"),
        ("move.can_enter", "movement"),
        ("score.total", "other"),
    ],
)
def test_concept_of(decision: str, concept: str) -> None:
    assert concept_of(decision)[0] == concept


def test_translate_renames_the_figure_and_drops_what_one_game_alone_has() -> None:
    doc = {"map": {}, "pieces": [{"id": "a", "type": "character", "player": 1, "at": "A1", "speed": 6}]}
    query = {"kind": "reach", "piece": "a"}
    said = translate(doc, query, "heroclix", "horrorclix")
    assert said is not None
    assert said[0]["pieces"][0]["type"] == "monster"
    assert translate(doc, query, "heroclix", "heroclix") == (doc, query)
    victim = {"map": {}, "pieces": [{"id": "v", "type": "victim", "at": "A1", "speed": 3}]}
    assert translate(victim, query, "horrorclix", "heroclix") is None
    hourglass = {"map": {}, "pieces": [{"id": "a", "type": "monster", "player": 1, "at": "A1", "speed": "hourglass"}]}
    assert translate(hourglass, query, "horrorclix", "heroclix") is None


def test_differs_counts_verdicts_values_and_one_sided_values_that_say_something() -> None:
    one = Replay("legal", {"damage": {"b": 2}, "knockback": {"b": {"occurs": True}}, "pipeline": ["x"]}, ())
    two = Replay("legal", {"damage": {"b": 2}, "knockdown": {"b": 0}, "pipeline": ["y"]}, ())
    assert differs(one, two) == ["knockback"]
    assert differs(one, Replay("illegal", one.outcome, ())) == ["verdict"]
    assert differs(one, one) == []


def test_each_finding_replays_to_different_answers_on_its_boards(real_spec: Spec, found: list[dict[str, Any]]) -> None:
    """Every concept finding's two boards, asked afresh under their rulesets, give different answers."""
    assert found
    for finding in found:
        replies = {}
        for label, text in finding["boards"].items():
            situation = load_situation_text(text, "<board>", [finding["sides"][label]["ruleset"]])
            replies[label] = answer(real_spec, situation)
        first, second = (replies[label] for label in finding["rulesets"])
        got = differs(
            Replay(first.verdict, json.loads(json.dumps(first.outcome, default=str)), ()),
            Replay(second.verdict, json.loads(json.dumps(second.outcome, default=str)), ()),
        )
        assert got == finding["differs"], finding["summary"]


def test_findings_cite_both_sides_and_name_their_concept(found: list[dict[str, Any]]) -> None:
    known = {c[0] for c in concepts.CONCEPTS} | {"other"}
    for finding in found:
        assert finding["concept"] in known
        assert finding["kind"] == "diff"
        assert set(finding["rulesets"]) == set(PAIR)
        for side in PAIR:
            assert finding["citations"][side], f"{side} uncited: {finding['summary']}"
            assert all(ref["cites"] for ref in finding["rules"][side])


def test_the_concepts_a_judge_meets_are_compared(found: list[dict[str, Any]]) -> None:
    """Knockback (HeroClix alone has it) and line of fire differ on some board; break away too."""
    assert {"knockback", "line_of_fire"} <= {f["concept"] for f in found}


def test_families_are_said_alike_in_both_games() -> None:
    """The hand-made boards differ between the games only in the main figure's name."""
    hero, horror = list(families("character")), list(families("monster"))
    assert len(hero) == len(horror) > 0
    for one, two in zip(hero, horror, strict=True):
        assert {**one, "pieces": []} == {**two, "pieces": []}
        assert [{**p, "type": ""} for p in one["pieces"]] == [{**p, "type": ""} for p in two["pieces"]]


def test_same_ruleset_is_not_compared(real_spec: Spec) -> None:
    assert concepts.run(real_spec, "heroclix/core", "heroclix/core", count=2) == []


def test_non_clix_rulesets_are_not_compared(real_spec: Spec) -> None:
    assert concepts.run(real_spec, "gloomhaven/1e", "horrorclix/2008", count=2) == []
