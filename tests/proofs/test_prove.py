"""``prove``: value-pipeline properties and reading equivalences, with smallest counterexamples."""

from __future__ import annotations

from adjudicator.core.spec import Spec
from proofs import prove


def _by_name(findings: list[dict]) -> dict[str, dict]:
    return {f"{f['decision']}: {f['property']}": f for f in findings}


def test_fixture_rule_of_3_proved_under_default_reading(good_spec):
    """Under the net reading the fixture's rule of 3 holds in both editions."""
    found = _by_name(prove.run(good_spec))
    for ruleset in ("horrorclix/1e", "horrorclix/2008"):
        assert found[f"value.rule_of_3: rule of 3 under {ruleset}"]["status"] == "proved"
        assert found[f"value.rule_of_3: floor at 0 under {ruleset}"]["status"] == "proved"


def test_uncapped_reading_refuted_with_smallest_counterexample(good_spec):
    """A reading without the cap breaks the rule of 3; the counterexample is the smallest one."""
    found = _by_name(prove.run(good_spec))
    bad = found["value.rule_of_3: rule of 3 under horrorclix/2008 [HX.R3.CAP=uncapped]"]
    assert bad["status"] == "refuted"
    assert bad["situation"] == {"base": 0, "mods": 4}
    assert "note" not in bad


def test_reading_equivalence_refuted_smallest(good_spec):
    """The net and uncapped readings differ first at base 0 with +4."""
    found = _by_name(prove.run(good_spec))
    eq = found["value.rule_of_3: horrorclix/1e == horrorclix/1e [HX.R3.CAP=uncapped]"]
    assert eq["status"] == "refuted"
    assert eq["situation"] == {"base": 0, "mods": 4}
    assert eq["answers"] == {"horrorclix/1e": 3, "horrorclix/1e [HX.R3.CAP=uncapped]": 4}


def test_statuses_are_three_valued(real_spec):
    """Every result is proved, refuted or unknown, and nothing on the real spec is unknown."""
    statuses = {f["status"] for f in prove.run(real_spec)}
    assert statuses <= {"proved", "refuted"}


def test_real_spec_value_pipeline(real_spec):
    """Default readings keep the rule of 3, the 0 floor, replacement first and halving up, in both editions."""
    found = _by_name(prove.run(real_spec))
    for ruleset in ("horrorclix/1e", "horrorclix/2008"):
        for key in (
            f"value.rule_of_3: rule of 3 under {ruleset}",
            f"value.rule_of_3: floor at 0 under {ruleset}",
            f"value.applied_first: replacement before modifier under {ruleset}",
            f"value.base: halving rounds up under {ruleset}",
            f"move.speed: halving rounds up under {ruleset}",
            f"damage.dealt: floor at 0 under {ruleset}",
        ):
            assert found[key]["status"] == "proved", key


def test_real_spec_readings_of_rule_of_3_differ(real_spec):
    """The net, running and floor_each readings of the rule of 3 give different values somewhere."""
    found = _by_name(prove.run(real_spec))
    for other in ("running", "floor_each"):
        eq = found[f"value.rule_of_3: horrorclix/2008 == horrorclix/2008 [HX.R3.CAP={other}]"]
        assert eq["status"] == "refuted"
        values = list(eq["answers"].values())
        assert values[0] != values[1]


def test_real_spec_counterexamples_respect_invariants(real_spec: Spec):
    """Every counterexample satisfies its decision's invariants."""
    for finding in prove.run(real_spec):
        if finding["situation"] is not None:
            decision = real_spec.decision(finding["rulesets"][0], finding["decision"])
            assert all(inv.fn(finding["situation"]) for inv in decision.invariants)
