"""The ``ruling`` query every game answers: one decision's value for facts written out (issue 30)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.core.spec import Spec, load_spec
from adjudicator.judge import answer, dump_situation, load_situation, load_situation_text, situation_schema

BOARDS = {
    "horrorclix/2008": 'map: {kind: outdoor, terrain: [".."]}\npieces: []\n',
    "heroclix/core": 'map: {kind: outdoor, terrain: [".."]}\npieces: []\n',
    "gloomhaven/1e": 'map:\n  terrain: ["."]\npieces: []\n',
    "betrayal/2e": 'house:\n  rooms:\n    - {id: entrance_hall, floor: ground, at: C4, doors: "NEW"}\npieces: []\n',
}
"""The smallest board each game's reader takes (a ruling does not depend on it)."""

GOOD = [
    ("horrorclix/2008", "setup.victims_per_player", {"players": 2}, 6, "HX.VIC.COUNT"),
    ("heroclix/core", "dice.double", {"die1": 3, "die2": 3}, True, "HE.CRIT.GLOSS"),
    (
        "gloomhaven/1e",
        "campaign.global_achievement",
        {"same_type_held": True},
        "replaces_existing",
        "GH.CAMP.GLOBAL_ACH_REPLACE",
    ),
    ("betrayal/2e", "game.players_ok", {"players": 2}, False, "BT.META.PLAYERS"),
]


@pytest.fixture(scope="module")
def spec() -> Spec:
    return load_spec()


def situation_text(ruleset: str, query: str, readings: str = "") -> str:
    """A whole situation file of the ruleset's game asking ``query`` (YAML lines under ``query:``)."""
    return f"ruleset: {ruleset}\n{BOARDS[ruleset]}{readings}query:\n{query}"


def facts_yaml(facts: dict[str, bool | int | str]) -> str:
    """A flow mapping of facts as YAML."""
    shown = ", ".join(f"{k}: {str(v).lower() if isinstance(v, bool) else v}" for k, v in facts.items())
    return "{" + shown + "}"


@pytest.mark.parametrize(("ruleset", "decision", "facts", "value", "rule"), GOOD, ids=[g[0] for g in GOOD])
def test_each_game_answers_a_ruling_by_the_rule_that_decides_it(
    spec: Spec, ruleset: str, decision: str, facts: dict[str, bool | int | str], value: object, rule: str
) -> None:
    """The answer is the decision's value (as ``decide`` gives it), its deciding step citing the rule."""
    query = f"  kind: ruling\n  decision: {decision}\n  facts: {facts_yaml(facts)}\n"
    situation = load_situation_text(situation_text(ruleset, query), "ruling.yaml", spec.rulesets())
    result = answer(spec, situation)
    decided = spec.decide(ruleset, decision, facts)
    assert result.verdict == "answered"
    assert result.outcome == {"decision": decision, "value": value, "status": "decided"}
    assert decided.value == value
    assert [s.rule for s in result.deciding] == [s.rule for s in decided.trace]
    assert rule in [s.rule for s in result.deciding]
    assert all(s.cites for s in result.deciding)


@pytest.mark.parametrize("ruleset", list(BOARDS))
def test_a_ruling_survives_the_writer_and_the_schema_offers_it(spec: Spec, ruleset: str) -> None:
    """Dumped and read back, a ruling asks the same; each game's schema describes the kind."""
    query = "  kind: ruling\n  decision: some.decision\n  facts: {a: true, b: 2, c: name}\n"
    situation = load_situation_text(situation_text(ruleset, query), "ruling.yaml", spec.rulesets())
    again = load_situation_text(dump_situation(situation), "again.yaml", spec.rulesets())
    assert again.query == situation.query
    game = ruleset.partition("/")[0]
    kinds = [
        q
        for q in situation_schema(game)["properties"]["query"]["oneOf"]
        if q["properties"]["kind"].get("const") == "ruling"
    ]
    assert len(kinds) == 1
    assert set(kinds[0]["properties"]) == {"kind", "decision", "facts"}


def test_readings_apply_to_a_ruling(spec: Spec) -> None:
    """The same facts under two readings of the rule give two values, and no rule at all leaves it undecided."""
    query = "  kind: ruling\n  decision: setup.victims_per_player\n  facts: {players: 5}\n"
    values = {}
    for reading in ("no_share", "equal_shares_first"):
        text = situation_text("horrorclix/2008", query, f"readings: {{HX.VIC.COUNT: {reading}}}\n")
        result = answer(spec, load_situation_text(text, "ruling.yaml", spec.rulesets()))
        values[reading] = (result.verdict, result.outcome["value"], result.outcome["status"])
    assert values["no_share"] == ("undecided", None, "undecided")
    assert values["equal_shares_first"][0] == "answered"
    assert (
        values["equal_shares_first"][1]
        == spec.decide(
            "horrorclix/2008", "setup.victims_per_player", {"players": 5}, {"HX.VIC.COUNT": "equal_shares_first"}
        ).value
    )


BAD = [
    (
        "gloomhaven/1e",
        "  kind: ruling\n  decision: campaign.global_achivement\n",
        7,
        (
            "query.decision: not a decision of gloomhaven/1e: 'campaign.global_achivement' "
            "(did you mean campaign.global_achievement?)"
        ),
    ),
    (
        "betrayal/2e",
        "  kind: ruling\n  decision: game.players_ok\n  facts: {player: 4}\n",
        9,
        "query.facts.player: game.players_ok has no fact 'player' (did you mean players?)",
    ),
    (
        "horrorclix/2008",
        "  kind: ruling\n  decision: setup.victims_per_player\n  facts: {players: true}\n",
        7,
        "query.facts.players: expected a whole number",
    ),
    (
        "heroclix/core",
        "  kind: ruling\n  decision: dice.double\n  facts: {die1: 3}\n",
        7,
        "query.facts.die2: missing: the answer depends on this fact of dice.double (expected a whole number 1..6",
    ),
    (
        "heroclix/core",
        "  kind: ruling\n  decision: dice.double\n  facts: {die1: [3]}\n",
        7,
        "query.facts.die1: expected true or false, a whole number or a name, got a list",
    ),
    ("gloomhaven/1e", "  kind: ruling\n  facts: {x: 1}\n", 5, "query.decision"),
    ("horrorclix/2008", "  kind: ruling\n  decision: dice.double\n  piece: a\n", 7, "query.piece"),
    ("betrayal/2e", "  kind: ruling\n  decision: game.players_ok\n  facts: 4\n", 9, "query.facts: expected a mapping"),
]


@pytest.mark.parametrize(("ruleset", "query", "line", "message"), BAD, ids=[f"{b[0]}-{b[3][:20]}" for b in BAD])
def test_a_bad_ruling_is_a_positioned_error(ruleset: str, query: str, line: int, message: str, tmp_path: Path) -> None:
    """``ask`` exits 2 naming the file, the line and the field, and what was expected: never a traceback."""
    path = tmp_path / "bad.yaml"
    path.write_text(situation_text(ruleset, query), encoding="utf-8")
    result = CliRunner().invoke(main, ["ask", str(path)])
    assert result.exit_code == 2, result.output
    assert f"bad.yaml:{line}: {message}" in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_every_ruling_example_of_the_docs_kind_is_answered_by_the_cli(tmp_path: Path) -> None:
    """``ask --json`` prints the ruling's answer with its trace (the contract's shape)."""
    path = tmp_path / "ruling.yaml"
    path.write_text(
        situation_text(
            "gloomhaven/1e",
            "  kind: ruling\n  decision: campaign.global_achievement\n  facts: {same_type_held: false}\n",
        ),
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["ask", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert '"query": "ruling"' in result.output
    assert '"decision": "campaign.global_achievement"' in result.output
    assert load_situation(path).query.kind == "ruling"
