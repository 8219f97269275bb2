"""Table tests for the first edition's overview and glossary (17-intro, 18-glossary)."""

from __future__ import annotations

import re

import pytest

from adjudicator.core.spec import load_spec
from tests.spec.support import decide_first_values as decide
from tests.spec.support import rule_ids as rules

R08 = "horrorclix/2008"
R1E = "horrorclix/1e"
MY_RANGES = [(1, 134), (873, 1122)]


def mine(spec):
    """The rules declared in the overview and glossary files."""
    return [r for r in spec.rules.values() if r.id.startswith(("HX.INTRO.", "HX.GLOSS."))]


# --- bookkeeping: every line of the two ranges is accounted for ---------------------------


def test_every_line_of_intro_and_glossary_is_covered():
    """Every non-blank line of hx1e L1-134 and L873-1122 is cited by these files or listed as non-rule."""
    spec = load_spec()
    if not spec.seeds_available:
        pytest.skip("seed texts not available")
    seed = spec.sources["hx1e"]
    covered = set()
    for rule in mine(spec):
        for view in [rule.views[R1E], *[v for rd in rule.readings.values() for v in rd.options.values()]]:
            for c in view.cites:
                if c.source == seed.id:
                    covered.update(range(c.first, c.last + 1))
    for nr in spec.nonrule:
        if nr.where.file.endswith(("17-intro.yaml", "18-glossary.yaml")):
            covered.update(range(nr.cite.first, nr.cite.last + 1))
    missing = [n for a, b in MY_RANGES for n in range(a, b + 1) if not seed.is_blank(n) and n not in covered]
    assert missing == []


def test_intro_and_glossary_rules_are_first_edition_only():
    """The overview and glossary exist only in the first edition, so their rules belong to horrorclix/1e alone."""
    for rule in mine(load_spec()):
        assert rule.rulesets == (R1E,), rule.id


def test_restatements_are_shown_with_their_body_rule():
    """Each HX.INTRO/HX.GLOSS restatement names a rule with a first-edition version, which then lists its lines."""
    spec = load_spec()
    restatements = [r for r in mine(spec) if r.restates]
    assert len(restatements) > 100
    for rule in restatements:
        target = spec.rules[rule.restates]
        assert R1E in target.views, rule.id
        also = {rid for rid, _ in target.also_cited.get(R1E, [])}
        assert rule.id in also, rule.id


def test_no_rule_text_copied():
    """Says fields stay paraphrases: no run of 10 words is shared with the French seed text."""
    spec = load_spec()
    if not spec.seeds_available:
        pytest.skip("seed texts not available")
    words = re.compile(r"[^\W_]+", re.UNICODE)
    seed = words.findall("\n".join(spec.sources["hx1e"].lines).lower())
    shingles = {" ".join(seed[i : i + 10]) for i in range(len(seed) - 9)}
    for rule in mine(spec):
        w = words.findall(rule.views[R1E].says.lower())
        assert not any(" ".join(w[i : i + 10]) in shingles for i in range(len(w) - 9)), rule.id


# --- slaying without a move action (intro L39, glossary L878) -----------------------------


@pytest.mark.parametrize(
    ("reading", "move_action", "expected"),
    [
        (None, True, "on_card"),
        (None, False, "not_taken"),
        ("intro", True, "on_card"),
        ("intro", False, "on_card"),
        ("glossary", True, "on_card"),
        ("glossary", False, "on_card"),
    ],
)
def test_slay_move_action_hx_intro_slay_hx_gloss_slay(reading, move_action, expected):
    """HX.SLAY.HOW needs a move action; the intro (HX.INTRO.SLAY) and glossary (HX.GLOSS.SLAY) readings do not."""
    readings = {"HX.SLAY.HOW": reading} if reading else None
    r = decide(
        R1E,
        "slay.outcome",
        readings,
        ends_on_victim=True,
        move_action=move_action,
        kind="slay",
        counter="none",
        adjacent_unoccupied_space=True,
        soaring=False,
    )
    assert r.value == expected


@pytest.mark.parametrize("reading", [None, "intro", "glossary"])
def test_slay_needs_ending_on_victim_hx_intro_slay(reading):
    """HX.INTRO.SLAY / HX.GLOSS.SLAY: a monster that does not end on the victim takes nothing under any reading."""
    readings = {"HX.SLAY.HOW": reading} if reading else None
    r = decide(
        R1E,
        "slay.outcome",
        readings,
        ends_on_victim=False,
        move_action=True,
        kind="slay",
        counter="none",
        adjacent_unoccupied_space=True,
    )
    assert r.value == "not_taken"


@pytest.mark.parametrize("reading", ["intro", "glossary"])
@pytest.mark.parametrize(
    ("kind", "counter", "space", "expected"),
    [
        ("slay", "prevents_slaying", True, "placed_adjacent"),
        ("slay", "prevents_slaying", False, "on_card"),
        ("slay", "prevents_rescue", True, "on_card"),
        ("rescue", "prevents_rescue", True, "placed_adjacent"),
        ("rescue", "prevents_slaying", True, "on_card"),
    ],
)
def test_slay_counters_without_move_action_hx_intro_slay(reading, kind, counter, space, expected):
    """HX.INTRO.SLAY / HX.GLOSS.SLAY: plot twists still set the victim aside, unless it is cornered."""
    r = decide(
        R1E,
        "slay.outcome",
        {"HX.SLAY.HOW": reading},
        ends_on_victim=True,
        move_action=False,
        kind=kind,
        counter=counter,
        adjacent_unoccupied_space=space,
    )
    assert r.value == expected


def test_slay_reading_leaves_2008_alone_hx_intro_slay():
    """HX.INTRO.SLAY is a first-edition reading: the 2008 rules still need a move action."""
    r = decide(
        R08,
        "slay.outcome",
        {"HX.SLAY.HOW": "intro"},
        ends_on_victim=True,
        move_action=False,
        kind="slay",
        counter="none",
        adjacent_unoccupied_space=True,
    )
    assert r.value == "not_taken"


# --- two tokens and vulnerability (intro L63) ------------------------------------------------


FREE_READY = {
    "action": "free",
    "acted_this_turn": False,
    "actions_left": 2,
    "controlled_by_active": True,
    "immovable": False,
    "incapable": False,
    "state": "normal",
    "went_insane_this_turn": False,
    "range": 0,
    "adjacent_same_level_opposing": False,
    "free_action_granted": True,
}


@pytest.mark.parametrize("tokens", [0, 1, 2])
def test_free_action_with_tokens_body_hx_token_two_lock(tokens):
    """HX.TOKEN.TWO.LOCK (body): tokens never bar a free action."""
    r = decide(R1E, "action.allowed", **{**FREE_READY, "tokens": tokens})
    assert "HX.TOKEN.TWO.LOCK" not in rules(r)
    assert r.value is not False


@pytest.mark.parametrize(("tokens", "barred"), [(0, False), (1, False), (2, True)])
def test_free_action_with_tokens_intro_hx_intro_twotokens(tokens, barred):
    """HX.INTRO.TWOTOKENS: under the overview's reading two tokens bar even a free action; 0 or 1 do not."""
    r = decide(R1E, "action.allowed", {"HX.TOKEN.TWO.LOCK": "intro"}, **{**FREE_READY, "tokens": tokens})
    assert ("HX.TOKEN.TWO.LOCK" in rules(r)) is barred
    if barred:
        assert r.value is False


@pytest.mark.parametrize("action", ["move", "close", "ranged"])
@pytest.mark.parametrize("reading", [None, "intro"])
def test_two_tokens_bar_other_actions_both_readings_hx_intro_twotokens(action, reading):
    """HX.TOKEN.TWO.LOCK and HX.INTRO.TWOTOKENS agree that two tokens bar move and combat actions."""
    readings = {"HX.TOKEN.TWO.LOCK": reading} if reading else None
    r = decide(R1E, "action.allowed", readings, **{**FREE_READY, "action": action, "tokens": 2})
    assert r.value is False
    assert "HX.TOKEN.TWO.LOCK" in rules(r)


@pytest.mark.parametrize("acted", [False, True])
@pytest.mark.parametrize(("tokens", "expected"), [(0, False), (1, False), (2, True)])
def test_vulnerable_body_hx_vuln_def(tokens, expected, acted):
    """HX.VULN.DEF (body): two tokens make a monster vulnerable, whatever its history."""
    r = decide(R1E, "monster.vulnerable", tokens=tokens, acted_two_turns_running=acted)
    assert r.value is expected


@pytest.mark.parametrize("tokens", [0, 1, 2])
@pytest.mark.parametrize("acted", [False, True])
def test_vulnerable_intro_hx_intro_vuln(tokens, acted):
    """HX.INTRO.VULN: under the overview's reading, acting on two turns running is the test, not the tokens."""
    r = decide(R1E, "monster.vulnerable", {"HX.VULN.DEF": "intro"}, tokens=tokens, acted_two_turns_running=acted)
    assert r.value is acted


# --- intangible monsters and damage (intro L55) ----------------------------------------------


@pytest.mark.parametrize(("reading", "expected"), [(None, True), ("attacks_only", True), ("literal", False)])
def test_intangible_damage_hx_intro_intangible(reading, expected):
    """HX.INTRO.INTANGIBLE: by default an intangible monster can take damage; the literal reading says no."""
    readings = {"HX.INTRO.INTANGIBLE": reading} if reading else None
    r = decide(R1E, "damage.can_be_taken", readings, intangible=True)
    assert r.value is expected
    assert "HX.INTRO.INTANGIBLE" in rules(r)


def test_intangible_damage_matches_2008_hx_hg_intangible_dmg():
    """HX.INTRO.INTANGIBLE's default agrees with the 2008 rule HX.HG.INTANGIBLE.DMG."""
    assert decide(R08, "damage.can_be_taken", intangible=True).value is True
    assert decide(R1E, "damage.can_be_taken", intangible=True).value is True


# --- the werewolf's dial (intro L77) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "reading", "expected"),
    [
        (R1E, None, "starting_line"),
        (R1E, "intro", "alternative_start_line"),
        (R08, None, "alternative_start_line"),
    ],
)
def test_transform_dial_target_hx_intro_werewolf(ruleset, reading, expected):
    """HX.INTRO.WEREWOLF: the overview sends the dial to a new starting line, as 2008 does; the 1e body goes back."""
    readings = {"HX.XFORM.DIAL": reading} if reading else None
    r = decide(ruleset, "transform.dial_target", readings, card_calls_for_turn=True)
    assert r.value == expected


@pytest.mark.parametrize("reading", [None, "intro"])
def test_transform_skulls_ignored_hx_intro_werewolf(reading):
    """HX.INTRO.WEREWOLF keeps the body's rule that skulls passed while clicking do not kill."""
    readings = {"HX.XFORM.DIAL": reading} if reading else None
    assert decide(R1E, "dial.skulls_kill", readings, clicking_for_transform=True).value is False


# --- shooting a soaring monster down (intro L111) ------------------------------------------------


@pytest.mark.parametrize(
    ("reading", "damage_taken", "extra"),
    [
        (None, 0, 0),
        (None, 1, 1),
        (None, 2, 1),
        ("intro", 0, 1),
        ("intro", 1, 1),
        ("intro", 2, 1),
    ],
)
def test_shotdown_damage_threshold_hx_intro_soar_shotdown(reading, damage_taken, extra):
    """HX.SOAR.SHOTDOWN needs 1+ damage taken (0/1/2); HX.INTRO.SOAR.SHOTDOWN shoots down on any hit."""
    readings = {"HX.SOAR.SHOTDOWN": reading} if reading else None
    facts = {
        "attack_kind": "ranged",
        "attacker_flight": "none",
        "target_flight": "soaring",
        "hit": True,
        "damage_taken": damage_taken,
    }
    assert decide(R1E, "damage.knockdown_extra", readings, **facts).value == extra
    assert decide(R1E, "flight.knocked_down", readings, **facts).value is (extra == 1)


@pytest.mark.parametrize(
    ("attacker", "target", "kind", "hit", "expected"),
    [
        ("none", "soaring", "ranged", False, False),
        ("hovering", "soaring", "ranged", True, True),
        ("soaring", "soaring", "ranged", True, False),
        ("none", "hovering", "ranged", True, False),
        ("none", "soaring", "close", True, False),
    ],
)
def test_shotdown_intro_conditions_hx_intro_soar_shotdown(attacker, target, kind, hit, expected):
    """HX.INTRO.SOAR.SHOTDOWN: only a hit by a grounded monster's ranged attack on a soaring one knocks it down."""
    facts = {"attack_kind": kind, "attacker_flight": attacker, "target_flight": target, "hit": hit, "damage_taken": 0}
    r = decide(R1E, "flight.knocked_down", {"HX.SOAR.SHOTDOWN": "intro"}, **facts)
    assert r.value is expected


# --- unpreventable damage (glossary L942) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "body", "glossary"),
    [("reduce", False, False), ("prevent", False, False), ("transfer", False, False), ("increase", False, True)],
)
def test_unpreventable_changes_hx_gloss_unprev(change, body, glossary):
    """HX.CMB.UNPREV (1e body) bars every change; the glossary reading HX.GLOSS.UNPREV lets an increase through."""
    facts = {"unpreventable": True, "change": change, "effect": "standard"}
    assert decide(R1E, "damage.change_allowed", **facts).value is body
    assert decide(R1E, "damage.change_allowed", {"HX.CMB.UNPREV": "glossary"}, **facts).value is glossary


# --- the hindering terrain modifier (glossary L1012) -----------------------------------------------


@pytest.mark.parametrize(
    ("reading", "same_level", "expected"),
    [(None, True, True), (None, False, False), ("glossary", True, True), ("glossary", False, True)],
)
def test_hindering_modifier_elevation_hx_gloss_hindmod(reading, same_level, expected):
    """HX.HIND.LOF.PLUS1 (1e body) needs the same flight level; the glossary reading HX.GLOSS.HINDMOD does not."""
    readings = {"HX.HIND.LOF.PLUS1": reading} if reading else None
    r = decide(
        R1E,
        "defense.hindering_bonus",
        readings,
        crosses_hindering_boundary=True,
        same_hindering_area=False,
        attacker_edge_exit=False,
        hindering_diagonal=False,
        attack="ranged",
        end_soaring=not same_level,
        same_flight_level=same_level,
    )
    assert r.value is expected


# --- readings recorded with their default ---------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "reading", "default"),
    [
        ("HX.SLAY.HOW", "intro", "body"),
        ("HX.SLAY.HOW", "glossary", "body"),
        ("HX.TOKEN.TWO.LOCK", "intro", "body"),
        ("HX.VULN.DEF", "intro", "body"),
        ("HX.XFORM.DIAL", "intro", "body"),
        ("HX.SOAR.SHOTDOWN", "intro", "grounded_includes_hovering"),
        ("HX.CMB.UNPREV", "glossary", "body"),
        ("HX.HIND.LOF.PLUS1", "glossary", "body"),
        ("HX.HG.STATE", "glossary", "body"),
    ],
)
def test_readings_attached_with_body_default(target, reading, default):
    """Each overview or glossary reading is an option of the body rule, whose default stays the body's."""
    readings = load_spec().rules[target].readings[R1E]
    assert reading in readings.options
    assert readings.default == default


def test_hourglass_glossary_reading_not_modelled_hx_gloss_hourglass():
    """HX.GLOSS.HOURGLASS records the literal sense of the glossary's hourglass entry without a formal part."""
    view = load_spec().rules["HX.HG.STATE"].readings[R1E].options["glossary"]
    assert view.not_modelled
    assert not view.formal
