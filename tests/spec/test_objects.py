"""Table tests for objects: portals, tombstones and the Tree of the Damned (11-objects.yaml)."""

from __future__ import annotations

import pytest

from tests.spec.support import decide_first_values as decide
from tests.spec.support import rule_ids as rules

R08 = "horrorclix/2008"
R1E = "horrorclix/1e"
BOTH = [R08, R1E]


# --- placement ---------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("terrain", "open_up", "ok"), [("clear", True, True), ("clear", False, False), ("hindering", True, False)]
)
def test_portal_placement_HX_PORTAL_SETUP(ruleset, terrain, open_up, ok):
    """HX.PORTAL.SETUP: a portal goes only on clear terrain with its open side up."""
    r = decide(ruleset, "object.placement_allowed", object="portal", terrain=terrain, open_side_up=open_up)
    assert r.value is ok


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("obj", ["tombstone", "tree"])
@pytest.mark.parametrize(("section", "ok"), [("outdoor", True), ("indoor", False)])
def test_outdoor_only_HX_TOMB_TREE_OUTDOOR(ruleset, obj, section, ok):
    """HX.TOMB.OUTDOOR/HX.TREE.OUTDOOR: tombstones and Trees only on outdoor sections."""
    r = decide(ruleset, "object.placement_allowed", object=obj, section=section)
    assert r.value is ok


# --- portals ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("monster", "victim", "closed"), [(False, False, False), (True, False, True), (False, True, True)]
)
def test_portal_state_HX_PORTAL_STATE(ruleset, monster, victim, closed):
    """HX.PORTAL.STATE: a portal is closed while a monster or victim stands beside its doorway."""
    r = decide(ruleset, "portal.closed", side_monster=monster, side_victim=victim)
    assert r.value is closed


@pytest.mark.parametrize("ruleset", BOTH)
def test_open_portal_blocks_nothing_HX_PORTAL_OPEN(ruleset):
    """HX.PORTAL.OPEN: with nobody beside the doorway it blocks neither lines nor movement."""
    for purpose in ("lof", "move"):
        assert decide(ruleset, "portal.doorway_blocks", purpose=purpose).value is False


@pytest.mark.parametrize("ruleset", BOTH)
def test_closed_doorway_blocks_lof_HX_PORTAL_CLOSED_LOF(ruleset):
    """HX.PORTAL.CLOSED.LOF: a closed doorway, even closed by a friend, blocks line of fire."""
    assert decide(ruleset, "portal.doorway_blocks", purpose="lof", side_friendly=True).value is True
    assert decide(ruleset, "lof.blocked", closed_doorway=True).value is True


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(
    ("friendly", "opposing", "victim", "blocks"),
    [(True, False, False, False), (False, True, False, True), (False, False, True, True)],
)
def test_monster_through_closed_doorway_HX_PORTAL_CLOSED_MOVE(ruleset, friendly, opposing, victim, blocks):
    """HX.PORTAL.CLOSED.MOVE: a monster crosses a closed doorway unless an opposing monster or victim is beside it."""
    r = decide(
        ruleset,
        "portal.doorway_blocks",
        purpose="move",
        mover="monster",
        side_friendly=friendly,
        side_opposing=opposing,
        side_victim=victim,
    )
    assert r.value is blocks


@pytest.mark.parametrize("ruleset", BOTH)
def test_hostile_doorway_bars_move_HX_PORTAL_CLOSED_MOVE(ruleset):
    """HX.PORTAL.CLOSED.MOVE: move.can_enter is false across a hostile closed doorway."""
    r = decide(ruleset, "move.can_enter", mover="monster", closed_doorway=True, doorway_hostile=True)
    assert r.value is False


def test_victims_do_not_close_for_victims_2008_HX_VMOVE_PORTAL():
    """HX.VMOVE.PORTAL: in 2008 other victims do not close a portal to a moving victim; 1e has no such rule."""
    r = decide(R08, "portal.doorway_blocks", purpose="move", mover="victim", side_victim=True)
    assert r.value is False
    assert rules(r) == {"HX.VMOVE.PORTAL"}
    assert decide(R08, "portal.doorway_blocks", purpose="move", mover="victim", side_opposing=True).value is True
    assert decide(R1E, "portal.doorway_blocks", purpose="move", mover="victim", side_victim=True).status == "undecided"
    facts = {"mover": "victim", "closed_doorway": True, "doorway_hostile": True, "doorway_only_victims": True}
    assert "HX.PORTAL.CLOSED.MOVE" not in rules(decide(R08, "move.can_enter", **facts))
    facts["doorway_only_victims"] = False
    assert decide(R08, "move.can_enter", **facts).value is False


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("obj", ["portal", "tombstone"])
@pytest.mark.parametrize(("roll", "smashed"), [(12, False), (13, True), (14, True)])
def test_smash_threshold_HX_PORTAL_TOMB_SMASH(ruleset, obj, roll, smashed):
    """HX.PORTAL.SMASH/HX.TOMB.SMASH: an attack roll result of 13 or more smashes the object."""
    assert decide(ruleset, "object.smashed", object=obj, roll=roll).value is smashed


@pytest.mark.parametrize("ruleset", BOTH)
def test_who_may_smash_HX_PORTAL_TOMB_SMASH(ruleset):
    """HX.PORTAL.SMASH/HX.TOMB.SMASH: beside the doorway (portal) or adjacent (tombstone), with a close attack."""
    smash = "object.smash_allowed"
    assert decide(ruleset, smash, object="portal", beside_doorway=True, close_action=True).value is True
    assert decide(ruleset, "object.smash_allowed", object="portal", adjacent=True, close_action=True).value is False
    assert decide(ruleset, "object.smash_allowed", object="tombstone", adjacent=True, close_action=True).value is True
    assert decide(ruleset, "object.smash_allowed", object="tombstone", adjacent=True, close_action=False).value is False


# --- tombstones and Trees ---------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOTH)
def test_tombstone_beside_target_HX_TOMB_LOF(ruleset):
    """HX.TOMB.LOF: a tombstone next to the target blocks the line of fire."""
    r = decide(ruleset, "lof.blocked", object_beside_target=True, beside_target_kind="tombstone")
    assert r.value is True
    assert "HX.TOMB.LOF" in rules(r)


def test_tree_beside_target_by_edition_HX_TREE_LOF():
    """HX.TREE.LOF: a Tree next to the target blocks the line in 2008; 1e has no such rule."""
    assert decide(R08, "lof.blocked", object_beside_target=True, beside_target_kind="tree").value is True
    assert decide(R1E, "lof.blocked", object_beside_target=True, beside_target_kind="tree").value is not True


@pytest.mark.parametrize("ruleset", BOTH)
def test_no_ending_on_tombstone_HX_TOMB_MOVE(ruleset):
    """HX.TOMB.MOVE: a move may not end on a tombstone."""
    assert decide(ruleset, "move.can_end", mover="monster", object="tombstone").value is False


def test_no_ending_on_tree_by_edition_HX_TREE_MOVE():
    """HX.TREE.MOVE: a move may not end on a Tree in 2008; 1e states no such rule."""
    assert decide(R08, "move.can_end", mover="victim", object="tree").value is False
    assert "HX.TREE.MOVE" not in rules(decide(R1E, "move.can_end", mover="victim", object="tree"))


@pytest.mark.parametrize(("trees", "unused", "extra"), [(0, 0, 0), (1, 1, 1), (2, 2, 1), (1, 0, 0), (2, 1, 1)])
def test_tree_extra_action_2008_HX_TREE_CAPS(trees, unused, extra):
    """HX.TREE.EXTRA/CAPTREE/CAPVICTIM: at most one extra action per slaying and per Tree per turn (2008)."""
    r = decide(R08, "tree.extra_action", adjacent_trees=trees, unused_adjacent_trees=unused)
    assert r.value == extra


@pytest.mark.parametrize(
    ("reading", "trees", "unused", "extra"),
    [(None, 0, 0, 0), (None, 1, 0, 1), (None, 2, 2, 1), ("per_tree", 2, 0, 2)],
)
def test_tree_extra_action_1e_HX_TREE_EXTRA(reading, trees, unused, extra):
    """HX.TREE.EXTRA (1e): no per-Tree cap; one action per slaying by default, one per Tree in the alternative."""
    readings = {"HX.TREE.EXTRA": reading} if reading else None
    r = decide(R1E, "tree.extra_action", readings, adjacent_trees=trees, unused_adjacent_trees=unused)
    assert r.value == extra
