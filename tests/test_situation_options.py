"""Issue 19's situation options: ``divide`` on attacks, ``scenario``, and ``query.facts``.

Each option is read, checked with positioned errors, written back by the dump,
and changes the answer as the rules say.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.errors import PositionedError
from adjudicator.core.spec import load_spec
from adjudicator.games.clix.model import AttackQuery, Situation
from adjudicator.games.horrorclix.model import HORRORCLIX
from adjudicator.judge import answer, dump_situation, load_situation, load_situation_text
from tests.conftest import ROOT

RULINGS = ROOT / "examples" / "rulings"


def situation_with(path: Path, old: str, new: str) -> Situation:
    """The situation of ``path`` with the first occurrence of ``old`` replaced."""
    spec = load_spec()
    text = path.read_text(encoding="utf-8")
    assert old in text
    return load_situation_text(text.replace(old, new, 1), "s.yaml", set(spec.rulesets()))


def answered(situation: Situation) -> dict[str, object]:
    """The answer to a situation as JSON data."""
    spec = load_spec()
    result: dict[str, object] = answer(spec, situation).to_json(spec)
    return result


TWO_HIT = RULINGS / "divide" / "two-hit-two-and-one-2008.yaml"
DIVIDE = "divide: {brute: 2, runner: 1}"


def test_divide_read_and_written_back() -> None:
    """A division is kept in the file's order and survives a dump/load round trip."""
    spec = load_spec()
    situation = load_situation(TWO_HIT, set(spec.rulesets()))
    assert isinstance(situation.query, AttackQuery)
    assert situation.query.divide == (("brute", 2), ("runner", 1))
    again = load_situation_text(dump_situation(situation), "again.yaml", set(spec.rulesets()))
    assert again == situation


@pytest.mark.parametrize(
    ("new", "field", "words"),
    [
        ("divide: {brute: 2, zed: 1}", "query.divide.zed", "not a target"),
        ("divide: {brute: -1}", "query.divide.brute", "whole number"),
        ("divide: [2, 1]", "query.divide", "mapping"),
    ],
)
def test_divide_malformed(new: str, field: str, words: str) -> None:
    """A division naming a non-target, a negative share or no mapping is refused when read."""
    with pytest.raises(PositionedError) as err:
        situation_with(TWO_HIT, DIVIDE, new)
    assert f"{field}:" in str(err.value)
    assert words in str(err.value)


def test_divide_needs_roll() -> None:
    """Without the roll nobody knows which targets are hit, so a division is refused."""
    with pytest.raises(PositionedError, match="needs the attack's roll"):
        situation_with(TWO_HIT, "roll: [5, 5], ", "")


def test_divide_total_must_match() -> None:
    """Shares adding up to more than the damage are refused by HX.MT.SPLIT, at the divide field's line."""
    situation = situation_with(TWO_HIT, DIVIDE, "divide: {brute: 2, runner: 2}")
    with pytest.raises(PositionedError) as err:
        answered(situation)
    assert "add up to 4" in str(err.value)
    assert "HX.MT.SPLIT" in str(err.value)
    assert str(err.value).startswith("s.yaml:14:")


def test_divide_to_missed_target() -> None:
    """Clicks for a target the roll missed are refused (the brute's 18 is not reached by 16)."""
    situation = situation_with(TWO_HIT, "roll: [5, 5], " + DIVIDE, "roll: [3, 4], divide: {brute: 1, runner: 2}")
    with pytest.raises(PositionedError, match=r"query\.divide\.brute: brute was not hit"):
        answered(situation)


def test_divide_shares_change_damage() -> None:
    """Another valid division gives other clicks: the answer follows the shares."""
    out = answered(situation_with(TWO_HIT, DIVIDE, "divide: {brute: 1, runner: 2}"))["outcome"]
    assert isinstance(out, dict)
    assert out["damage"] == {"brute": 1, "runner": 2}


BRUME = RULINGS / "scenarios" / "brume-ranged-attack-1e.yaml"


def test_scenarios_match_the_spec() -> None:
    """The scenario names a situation may give are those the spec's scenario decisions take."""
    spec = load_spec()
    for ruleset, names in HORRORCLIX.scenarios.items():
        declared = str(spec.decision(ruleset, "scenario.ranged_attacks_allowed").facts["scenario"].type)
        assert all(name in declared for name in names)
        assert declared.count(",") == len(names) - 1


def test_scenario_unknown_name_and_ruleset() -> None:
    """An unknown scenario, or a scenario in a ruleset that has none, is refused at the scenario field."""
    with pytest.raises(PositionedError, match="scenario: expected one of"):
        situation_with(BRUME, "scenario: brume_spectrale", "scenario: fog")
    with pytest.raises(PositionedError, match="has no scenarios"):
        situation_with(BRUME, "ruleset: horrorclix/1e", "ruleset: horrorclix/2008")


def test_scenario_makes_ranged_illegal_only_in_it() -> None:
    """The same shot is legal without the scenario and illegal in Brume Spectrale, citing its rule."""
    inside = answered(situation_with(BRUME, "roll: [3, 4]", "roll: [3, 4]"))
    outside = answered(situation_with(BRUME, "scenario: brume_spectrale\n", ""))
    assert inside["verdict"] == "illegal"
    assert outside["verdict"] == "legal"
    rules = [step["rule"] for step in inside["trace"]]  # type: ignore[attr-defined]
    assert "HX.SCEN.BRUME.NORANGED" in rules


EVADED = RULINGS / "facts" / "evaded-hit-heroclix.yaml"


def test_facts_unknown_name_suggests() -> None:
    """A fact the game does not assume is refused, with the nearest name."""
    with pytest.raises(PositionedError, match="did you mean 'evaded'"):
        situation_with(EVADED, "facts: {evaded: true}", "facts: {evade: true}")


def test_facts_type_checked() -> None:
    """A yes/no fact takes true or false."""
    with pytest.raises(PositionedError, match=r"query\.facts\.evaded: expected true or false"):
        situation_with(EVADED, "facts: {evaded: true}", "facts: {evaded: 2}")


def test_facts_not_for_horrorclix() -> None:
    """HorrorClix assumes no fact, so ``facts`` is not one of its fields: the field is refused by name."""
    with pytest.raises(PositionedError, match=r"query\.facts: not a HorrorClix field"):
        situation_with(TWO_HIT, DIVIDE, DIVIDE + ", facts: {evaded: true}")


def test_facts_given_are_not_assumed() -> None:
    """A fact the query gives is used and no longer listed under assumed; left out, it is assumed again."""
    given = answered(situation_with(EVADED, "roll", "roll"))
    defaulted = answered(situation_with(EVADED, ", facts: {evaded: true}", ""))
    assert "evaded" not in given["outcome"]["assumed"]  # type: ignore[index]
    assert "evaded" in defaulted["outcome"]["assumed"]  # type: ignore[index]
    assert defaulted["outcome"]["hit"] == {"b": True}  # type: ignore[index]


def test_scenario_and_facts_written_back() -> None:
    """``scenario`` and ``query.facts`` survive a dump/load round trip."""
    spec = load_spec()
    for path in (BRUME, EVADED):
        situation = load_situation(path, set(spec.rulesets()))
        again = load_situation_text(dump_situation(situation), "again.yaml", set(spec.rulesets()))
        assert again == situation
        assert again.scenario == situation.scenario
        assert dict(again.facts) == dict(situation.facts)
