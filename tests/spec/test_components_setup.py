"""Table tests for components, cards, plot twists and setup (01-components, 02-setup)."""

from __future__ import annotations

import itertools

import pytest

from adjudicator.core.expr.types import domain
from adjudicator.core.spec import load_spec
from tests.spec.support import decide_first_values as decide
from tests.spec.support import rule_ids as rules

R08 = "horrorclix/2008"
R1E = "horrorclix/1e"
BOTH = [R08, R1E]


# --- powers and cards -------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("visible", "active"), [(True, True), (False, False)])
def test_power_needs_visible_circle_HX_COMP_POWER_VISIBLE(ruleset, visible, active):
    """HX.COMP.POWER.VISIBLE: a dial power works only while its circle shows."""
    r = decide(ruleset, "power.active", kind="standard", circle_visible=visible, monster_in_play=True)
    assert r.value is active
    assert "HX.COMP.POWER.VISIBLE" in rules(r)


@pytest.mark.parametrize("ruleset", BOTH)
def test_power_out_of_play_HX_INPLAY_DEF(ruleset):
    """HX.INPLAY.DEF: a monster out of play has no power in effect, circle or not."""
    r = decide(ruleset, "power.active", kind="standard", circle_visible=True, monster_in_play=False)
    assert r.value is False
    assert rules(r) == {"HX.INPLAY.DEF"}


@pytest.mark.parametrize(
    ("now", "declared", "other", "active"),
    [
        ("move", True, False, True),  # matching action, named
        ("close", True, False, False),  # wrong kind of action
        ("none", True, False, False),  # the action is over
        ("move", False, False, False),  # not named when the action was given
        ("move", True, True, False),  # another dependent power was already picked
    ],
)
@pytest.mark.parametrize("ruleset", BOTH)
def test_dependent_power_HX_COMP_DEP(ruleset, now, declared, other, active):
    """HX.COMP.DEP.TRIGGER/DURATION/DECLARE/ONE: a dependent power needs its action, a name, and no rival."""
    r = decide(
        ruleset,
        "power.active",
        kind="dependent",
        power_action="move",
        circle_visible=True,
        action_now=now,
        declared=declared,
        other_dependent_declared=other,
        monster_in_play=True,
    )
    assert r.value is active


def test_continuous_power_2008_only_HX_COMP_CONTINUOUS():
    """HX.COMP.CONTINUOUS: an oroboros power works while in play in 2008; the first edition has none."""
    assert decide(R08, "power.active", kind="continuous", monster_in_play=True).value is True
    assert decide(R08, "power.active", kind="continuous", monster_in_play=False).value is False
    assert decide(R1E, "power.active", kind="continuous", monster_in_play=True).status == "undecided"


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("says", "crossroads", "flip"),
    [(False, False, False), (True, False, True), (True, True, False), (False, True, False)],
)
def test_card_flip_HX_COMP_CARD_START_CROSSROADS(ruleset, says, crossroads, flip):
    """HX.COMP.CARD.START, HX.XFORM.FLIP, HX.COMP.CROSSROADS: only card text flips; a crossroads side is fixed."""
    assert decide(ruleset, "card.may_flip", card_says_flip=says, crossroads=crossroads).value is flip


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("stat", "on_dial"), [("speed", True), ("damage", True), ("range", False)])
def test_range_on_base_HX_COMP_VALUES(ruleset, stat, on_dial):
    """HX.COMP.VALUES: four values are on the dial, range is on the base."""
    assert decide(ruleset, "value.on_dial", stat=stat).value is on_dial


# --- victims ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("players", "each"), [(2, 6), (3, 4), (4, 3), (6, 2)])
def test_victims_per_player_HX_VIC_COUNT(ruleset, players, each):
    """HX.VIC.COUNT: twelve victims split equally (W12: 6 each for two players, 4 each for three)."""
    assert decide(ruleset, "setup.victims_per_player", players=players).value == each
    assert decide(ruleset, "setup.victims_total", players=players).value == 12


@pytest.mark.parametrize("ruleset", BOTH)
def test_victims_five_players_undecided_HX_VIC_COUNT(ruleset):
    """HX.VIC.COUNT: twelve does not split among five players, and the text does not say what to do."""
    assert decide(ruleset, "setup.victims_per_player", players=5).status == "undecided"


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("effect", [False, True])
def test_victim_friendly_only_by_effect_HX_SIDE_VICTIM(ruleset, effect):
    """HX.SIDE.VICTIM, HX.VIC.STATUS: a victim is friendly to nobody unless an effect says so."""
    assert decide(ruleset, "victim.friendly_to", effect_makes_friendly=effect).value is effect


# --- plot twists -----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("cards", "extra", "legal"),
    [(5, 0, False), (6, 0, True), (7, 0, False), (6, 1, True), (7, 1, True), (8, 1, False)],
)
def test_crypt_size_HX_PT_CRYPT_SIZE_EXTRA(ruleset, cards, extra, legal):
    """HX.PT.CRYPT.SIZE, HX.PT.EXTRA: six cards, or up to six plus the extras allowed (W17: seven)."""
    assert decide(ruleset, "crypt.legal", cards=cards, extra=extra, max_copies=1, subplots=0).value is legal


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("copies", "legal"), [(1, True), (2, False)])
def test_crypt_singleton_HX_PT_CRYPT_SINGLETON(ruleset, copies, legal):
    """HX.PT.CRYPT.SINGLETON: at most one copy of a card, also in an extended crypt."""
    assert decide(ruleset, "crypt.legal", cards=6, max_copies=copies).value is legal
    assert decide(ruleset, "crypt.legal", cards=7, extra=1, max_copies=copies).value is legal


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("subplots", "legal"), [(0, True), (1, True), (2, False)])
def test_one_subplot_HX_SUBPLOT_ONE(ruleset, subplots, legal):
    """HX.SUBPLOT.ONE: a crypt holds at most one subplot."""
    assert decide(ruleset, "crypt.legal", cards=6, max_copies=1, subplots=subplots).value is legal


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("element", "event", "removed", "rule"),
    [
        ("plot_twist", "resolved", True, "HX.PT.REMOVE"),
        ("subplot", "resolved", False, "HX.SUBPLOT.PERSIST"),
        ("subplot", "owner_eliminated", True, "HX.SUBPLOT.ELIM"),
        ("ticking_clock", "resolved", False, "HX.TICK.PERSIST"),
        ("ticking_clock", "replaced", True, "HX.TICK.PERSIST"),
        ("ticking_clock", "effect_removes", True, "HX.TICK.PERSIST"),
        ("monster", "killed", True, "HX.INPLAY.KILL"),
        ("victim_on_card", "carrier_killed", True, "HX.INPLAY.KILL"),
        ("object", "smashed", True, "HX.INPLAY.OBJ"),
    ],
)
def test_removed_from_game(ruleset, element, event, removed, rule):
    """HX.PT.REMOVE, HX.SUBPLOT.*, HX.TICK.PERSIST, HX.INPLAY.KILL/OBJ: what leaves the game, and when."""
    r = decide(ruleset, "element.removed", element=element, event=event)
    assert r.value is removed
    assert rules(r) == {rule}


@pytest.mark.parametrize(
    ("phase", "own", "ok"), [("preview", True, True), ("preview", False, False), ("suspense", True, False)]
)
@pytest.mark.parametrize("ruleset", BOTH)
def test_ticking_clock_timing_HX_TICK_TIMING(ruleset, phase, own, ok):
    """HX.TICK.TIMING: a ticking clock is played only in its owner's preview phase."""
    assert decide(ruleset, "ticking_clock.playable", phase=phase, owners_turn=own).value is ok


def test_subplot_points_first_edition_HX_SUBPLOT_VP():
    """HX.SUBPLOT.VP, HX.SUBPLOT.ELIM: in 1e a subplot pays its points unless its owner was wiped out."""
    assert decide(R1E, "score.subplot_points", earned=20, army_eliminated=False).value == 20
    assert decide(R1E, "score.subplot_points", earned=20, army_eliminated=True).value == 0
    assert decide(R08, "score.subplot_points", earned=20, army_eliminated=True).value == 0


# --- army building -------------------------------------------------------------------------

ARMY = {"build_total": 200, "army_cost": 200, "max_copies": 1, "unique_copies": 0, "unique_versions": 0}


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("cost", "legal"), [(199, True), (200, True), (201, False)])
def test_build_total_cap_HX_SETUP_BUILD(ruleset, cost, legal):
    """HX.SETUP.BUILD: the army may cost up to the build total, not more."""
    assert decide(ruleset, "army.legal", **{**ARMY, "army_cost": cost}).value is legal


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("total", "ok"), [(99, False), (100, True), (101, False), (199, False), (200, True), (300, True)]
)
def test_build_total_hundreds_HX_SETUP_BUILD_MULT(ruleset, total, ok):
    """HX.SETUP.BUILD.MULT: build totals are multiples of 100."""
    assert decide(ruleset, "setup.build_total_valid", build_total=total).value is ok


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("copies", "legal"), [(1, True), (2, True), (3, True)])
def test_common_copies_allowed_HX_SETUP_ARMY_COPIES(ruleset, copies, legal):
    """HX.SETUP.ARMY.COPIES: any number of copies of a monster that is not unique."""
    assert decide(ruleset, "army.legal", **{**ARMY, "max_copies": copies}).value is legal


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("copies", "legal"), [(0, True), (1, True), (2, False)])
def test_unique_once_HX_SETUP_ARMY_UNIQUE(ruleset, copies, legal):
    """HX.SETUP.ARMY.UNIQUE: one copy of a Unique or LE monster at most (W14: two is illegal)."""
    facts = {**ARMY, "max_copies": max(copies, 1), "unique_copies": copies, "unique_versions": copies}
    assert decide(ruleset, "army.legal", **facts).value is legal


def test_unique_and_le_versions_edition_diff_HX_SETUP_ARMY_UNIQUE_KEY():
    """HX.SETUP.ARMY.UNIQUE.KEY (W14): Lab094 and Lab202 together are legal in 2008; 1e depends on the reading."""
    facts = {**ARMY, "max_copies": 1, "unique_copies": 1, "unique_versions": 2}
    r = decide(R08, "army.legal", **facts)
    assert r.value is True
    assert "HX.SETUP.ARMY.UNIQUE.KEY" in rules(r)
    assert decide(R1E, "army.legal", **facts).value is True
    strict = decide(R1E, "army.legal", readings={"HX.SETUP.ARMY.UNIQUE": "same_character"}, **facts)
    assert strict.value is False


@pytest.mark.parametrize("ruleset", BOTH)
def test_demo_forbidden_HX_SETUP_ARMY_DEMO(ruleset):
    """HX.SETUP.ARMY.DEMO: purple-ring demo monsters are not used in regular play."""
    assert decide(ruleset, "army.legal", **ARMY, demo_included=True).value is False


@pytest.mark.parametrize(
    ("marking", "minion", "r08", "r1e"),
    [
        ("silver_ring", False, True, True),
        ("bronze_ring", False, True, True),
        ("veteran_ring", False, False, False),
        ("gold_tab", False, True, None),
        ("bronze_tab", False, True, None),
        ("plain_tab", False, False, None),
        ("bronze_ring", True, False, True),
        ("silver_ring", True, True, True),
    ],
)
def test_unique_markings_HX_SETUP_ARMY_RARITY(marking, minion, r08, r1e):
    """HX.SETUP.ARMY.RARITY, HX.SETUP.ARMY.LEMINION: rings and tabs; tabs and LE minions only in 2008."""
    assert decide(R08, "monster.is_unique", marking=marking, minion_token=minion).value is r08
    assert decide(R1E, "monster.is_unique", marking=marking, minion_token=minion).value is r1e


# --- setup steps ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("own", "other", "result"), [(3, 4, "not_first"), (4, 4, "reroll"), (5, 4, "first")])
def test_first_player_roll_HX_SETUP_S1_FIRST(ruleset, own, other, result):
    """HX.SETUP.S1.FIRST: the highest d6 goes first; a tie for highest is rerolled."""
    assert decide(ruleset, "setup.first_player", own_roll=own, best_other_roll=other).value == result


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("players", "before", "taken", "opposite", "ok"),
    [
        (2, 0, False, False, True),  # first choice is free
        (2, 1, False, False, False),  # two players: must face the other edge
        (2, 1, False, True, True),
        (2, 1, True, True, False),  # cannot be taken already
        (3, 1, False, False, True),  # three players: any free edge
        (3, 2, True, False, False),
    ],
)
def test_map_edges_HX_SETUP_S2(ruleset, players, before, taken, opposite, ok):
    """HX.SETUP.S2.EDGE, HX.SETUP.S2.OPPOSITE: different edges, opposite ones with two players."""
    r = decide(
        ruleset, "setup.edge_allowed", players=players, chosen_before=before, edge_taken=taken, opposite_chosen=opposite
    )
    assert r.value is ok


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("spot", "held", "ok"), [(True, False, True), (True, True, False), (False, False, False)])
def test_victim_placement_HX_SETUP_S3_PLACE(ruleset, spot, held, ok):
    """HX.SETUP.S3.PLACE: victims go on Bloodspots, one per space."""
    assert decide(ruleset, "setup.victim_space_allowed", bloodspot=spot, holds_victim=held).value is ok


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("before", "ok"), [(1, True), (2, False), (3, False)])
def test_two_objects_each_HX_SETUP_S4_OBJECTS(ruleset, before, ok):
    """HX.SETUP.S4.OBJECTS: a player places up to two objects (a third is refused)."""
    r = decide(ruleset, "setup.object_allowed", placed_before=before, clear=True, in_or_next_to_start_area=False)
    assert r.value is ok


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("clear", "near", "ok"), [(True, False, True), (False, False, False), (True, True, False)])
def test_object_placement_HX_SETUP_S4_WHERE(ruleset, clear, near, ok):
    """HX.SETUP.S4.WHERE: objects on clear terrain, not in or next to a starting area."""
    r = decide(ruleset, "setup.object_allowed", placed_before=0, clear=clear, in_or_next_to_start_area=near)
    assert r.value is ok


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("red", "line"), [(False, "green"), (True, "red")])
def test_start_line_HX_SETUP_S5_DIAL(ruleset, red, line):
    """HX.SETUP.S5.DIAL: green starting line unless the card names the red one."""
    assert decide(ruleset, "setup.start_line", card_says_red=red).value == line


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("inside", "next_to", "clear", "crowded", "ok"),
    [
        (True, False, False, False, True),
        (False, True, True, False, False),  # overflow only when the area is too small
        (False, True, True, True, True),
        (False, True, False, True, False),  # overflow spaces must be clear
        (False, False, True, True, False),
    ],
)
def test_monster_placement_HX_SETUP_S6(ruleset, inside, next_to, clear, crowded, ok):
    """HX.SETUP.S6.PLACE, HX.SETUP.S6.OVERFLOW: own starting area, else clear adjacent spaces if it is full."""
    r = decide(
        ruleset,
        "setup.monster_space_allowed",
        in_own_start_area=inside,
        next_to_own_start_area=next_to,
        clear=clear,
        more_monsters_than_spaces=crowded,
    )
    assert r.value is ok


# --- no conflicts anywhere in these decisions -----------------------------------------------

SMALL = [
    "power.active",
    "card.may_flip",
    "value.on_dial",
    "setup.victims_per_player",
    "crypt.legal",
    "ticking_clock.playable",
    "element.removed",
    "monster.is_unique",
    "setup.first_player",
    "setup.edge_allowed",
    "setup.victim_space_allowed",
    "setup.object_allowed",
    "setup.start_line",
    "setup.monster_space_allowed",
]


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("decision", SMALL)
def test_no_conflict_over_whole_domain(ruleset, decision):
    """Every table situation allowed by the invariants is decided without a rule conflict."""
    spec = load_spec()
    dec = spec.decision(ruleset, decision)
    names = list(dec.facts)
    for values in itertools.product(*(domain(dec.facts[n].type) for n in names)):
        facts = dict(zip(names, values, strict=True))
        if all(inv.fn(facts) for inv in dec.invariants):
            spec.decide(ruleset, decision, facts)
