"""``diff`` across games by concept (:mod:`proofs.concepts`): boards asked under both games, compared."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator.core.spec import Spec
from adjudicator.judge import answer, load_situation_text
from proofs import concepts
from proofs.concept_boards import families
from proofs.concept_names import CONCEPTS, concept_of
from proofs.concepts import Replay, differs, translate

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
        ("score.total", "victory"),
        ("setup.first_player", "setup"),
        ("adjacent.is", "adjacency"),
        ("power.active", "powers"),
        ("insanity.check", "other"),
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
    on_boards = [f for f in found if "boards" in f]
    assert on_boards
    for finding in on_boards:
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
    known = {c[0] for c in CONCEPTS} | {"other"}
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


def _ids(finding: dict[str, Any], side: str) -> set[str]:
    return {ref["id"] for ref in finding["rules"][side]}


def _cited_lines(finding: dict[str, Any], side: str) -> list[tuple[str, int, int]]:
    return [(c["source"], lo, hi) for c in finding["citations"][side] for lo, hi in c["lines"]]


def _finding_for(found: list[dict[str, Any]], hero: str, horror: str) -> dict[str, Any]:
    """The finding citing rule ``hero`` on the HeroClix side and ``horror`` on the HorrorClix side."""
    hits = [f for f in found if hero in _ids(f, PAIR[0]) and horror in _ids(f, PAIR[1])]
    assert hits, f"no finding pairs {hero} with {horror}"
    return hits[0]


@pytest.mark.parametrize(
    ("hero", "horror", "hero_line", "horror_line"),
    [
        ("HE.VP.MULTIPLAYER", "HX.VP.KILL", 1600, 644),
        ("HE.WIN.TIE", "HX.VP.TIE", 1575, 649),
        ("HE.WIN.SOLE_SURVIVOR", "HX.VP.WIN", 1568, 640),
        ("HE.ADJ.ACROSS_BLOCKING", "HX.ADJ.DEF", 402, 159),
        ("HE.VAL.LOCK_IGNORE", "HX.R3.CAP", 439, 193),
        ("HE.DMG.UNAVOIDABLE", "HX.CMB.DAMAGE", 874, 336),
    ],
)
def test_decisions_asked_over_unmatched_facts_are_compared(
    found: list[dict[str, Any]], hero: str, horror: str, hero_line: int, horror_line: int
) -> None:
    """A question both games ask under one id, over facts of their own, differs with both sides' lines cited."""
    finding = _finding_for(found, hero, horror)
    assert finding["kind"] == "diff"
    assert finding["answers"][PAIR[0]] != finding["answers"][PAIR[1]]
    assert any(lo <= hero_line <= hi for src, lo, hi in _cited_lines(finding, PAIR[0]) if src.startswith("001_"))
    assert any(lo <= horror_line <= hi for src, lo, hi in _cited_lines(finding, PAIR[1]) if src.startswith("003_"))


def test_a_decision_difference_replays_under_both_engines(real_spec: Spec, found: list[dict[str, Any]]) -> None:
    """The witness facts of a decision finding, evaluated afresh per side, give the answers the finding reports."""
    from proofs.concept_decisions import SharedFacts  # noqa: PLC0415 - the encoding under test
    from proofs.encode import encode  # noqa: PLC0415 - same

    checked = 0
    for finding in (f for f in found if f.get("situations")):
        names: list[str] = []
        for label in finding["rulesets"]:
            ruleset = finding["sides"][label]["ruleset"]
            decision = real_spec.decision(ruleset, finding["decision"])
            side = encode(real_spec, ruleset, SharedFacts(decision, names, label + ":"), label=label)
            assert side.evaluate(finding["situations"][label]) == finding["answers"][label], finding["summary"]
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize(
    ("hero", "horror"),
    [
        ("HE.SETUP.S1_REVEAL_ROLL", "HX.SETUP.S1.FIRST"),
        ("HE.OBJ.TEAM_LIMIT", "HX.SETUP.S4.OBJECTS"),
        ("HE.PUSH.DAMAGE", "HX.VULN.DEF"),
        ("HE.DESTROY.BLOCK", "HX.PORTAL.SMASH"),
        ("HE.FRI.PROTECT", "HX.CMB.NOFRIEND"),
    ],
)
def test_stated_differences_cite_both_texts(found: list[dict[str, Any]], hero: str, horror: str) -> None:
    """Differences no query asks (set-up, objects, pushing) are paired rule with rule, both texts cited."""
    finding = _finding_for(found, hero, horror)
    assert finding["basis"] == "stated"
    assert finding["concept"] in {c[0] for c in CONCEPTS}
    assert {c["source"][:4] for c in finding["citations"][PAIR[0]]} == {"001_"}
    assert {c["source"][:4] for c in finding["citations"][PAIR[1]]} == {"003_"}


def test_stated_pairs_name_rules_of_both_rulesets(real_spec: Spec) -> None:
    from proofs.concept_stated import STATED  # noqa: PLC0415 - the table under test

    for entry in STATED:
        assert entry.concept in {c[0] for c in CONCEPTS}, entry.about
        for ids, ruleset in ((entry.one, PAIR[0]), (entry.two, PAIR[1])):
            for rule in ids:
                assert ruleset in real_spec.rules[rule].views, (rule, ruleset)


def test_one_finding_per_concept_and_pair_of_rules(found: list[dict[str, Any]]) -> None:
    keys = [(f["concept"], frozenset(_ids(f, PAIR[0])), frozenset(_ids(f, PAIR[1]))) for f in found]
    assert len(keys) == len(set(keys))


def test_stated_pairs_already_shown_are_not_repeated(real_spec: Spec) -> None:
    from proofs.concept_stated import STATED, run  # noqa: PLC0415 - same

    entry = STATED[0]
    earlier = {
        "rules": {PAIR[0]: [{"id": entry.one[0]}], PAIR[1]: [{"id": entry.two[0]}]},
    }
    titles = {c[0]: c[1] for c in CONCEPTS}
    about = {f["question"] for f in run(real_spec, *PAIR, titles, [earlier])}
    assert not any(q.endswith(entry.about) for q in about)
    assert len(run(real_spec, *PAIR, titles)) == len(STATED)
    assert run(real_spec, "heroclix/core", "heroclix/core", titles) == []


def test_same_ruleset_is_not_compared(real_spec: Spec) -> None:
    assert concepts.run(real_spec, "heroclix/core", "heroclix/core", count=2) == []


def test_non_clix_rulesets_are_not_compared(real_spec: Spec) -> None:
    assert concepts.run(real_spec, "gloomhaven/1e", "horrorclix/2008", count=2) == []
