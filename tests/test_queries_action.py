"""The ``action`` query: whether a monster may be given a move, close, ranged or free action now."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.errors import PositionedError
from tests.support_queries import ask, cited, monster

BOTH = ["horrorclix/2008", "horrorclix/1e"]


def action(
    tmp_path: Path, ruleset: str, kind: str, wolf: dict[str, Any], *others: dict[str, Any], build_total: int = 100
) -> dict[str, Any]:
    """Answer an action query for the wolf."""
    pieces = [wolf, *(others or [monster("priest", 2, "D3")])]
    return ask(tmp_path, ruleset, pieces, {"kind": "action", "piece": "wolf", "action": kind}, build_total=build_total)


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize("kind", ["move", "ranged"])
def test_free_monster_may_act_HX_HUNT_GIVE(tmp_path, ruleset, kind):
    """HX.HUNT.GIVE: a monster of the active player with nothing against it may be given the action."""
    result = action(tmp_path, ruleset, kind, monster("wolf", 1, "A1", range=4))
    assert result["verdict"] == "legal"
    assert "HX.HUNT.GIVE" in cited(result)
    assert result["outcome"]["assumed"]["acted_this_turn"] is False


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("tokens", "verdict"), [(1, "legal"), (2, "illegal")])
def test_two_tokens_lock_HX_TOKEN_TWO_LOCK(tmp_path, ruleset, tokens, verdict):
    """HX.TOKEN.TWO.LOCK: one token does not stop a move action, two do."""
    result = action(tmp_path, ruleset, "move", monster("wolf", 1, "A1", tokens=tokens))
    assert result["verdict"] == verdict


@pytest.mark.parametrize("ruleset", BOTH)
def test_immovable_HX_HG_IMMOVABLE(tmp_path, ruleset):
    """HX.HG.IMMOVABLE: an hourglass in the speed slot bars move actions."""
    result = action(tmp_path, ruleset, "move", monster("wolf", 1, "A1", speed="hourglass"))
    assert result["verdict"] == "illegal"
    assert "HX.HG.IMMOVABLE" in cited(result)


@pytest.mark.parametrize(("ruleset", "verdict"), [("horrorclix/2008", "legal"), ("horrorclix/1e", "illegal")])
def test_incapable_move_differs_by_edition_HX_HG_INCAPABLE(tmp_path, ruleset, verdict):
    """HX.HG.INCAPABLE: 2008 bars attack actions only, 1e every action."""
    assert action(tmp_path, ruleset, "move", monster("wolf", 1, "A1", attack="hourglass"))["verdict"] == verdict


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("foe_at", "verdict"), [("B2", "legal"), ("C3", "illegal")])
def test_close_needs_adjacent_foe_HX_HUNT_KINDS(tmp_path, ruleset, foe_at, verdict):
    """HX.HUNT.KINDS: close combat needs an adjacent opposing monster (distance 1 yes, 2 no)."""
    result = action(tmp_path, ruleset, "close", monster("wolf", 1, "A1"), monster("priest", 2, foe_at))
    assert result["verdict"] == verdict


def test_friendly_neighbour_is_no_close_target_HX_HUNT_KINDS(tmp_path):
    """HX.HUNT.KINDS: a friendly neighbour does not allow a close combat action."""
    result = action(tmp_path, "horrorclix/2008", "close", monster("wolf", 1, "A1"), monster("bat", 1, "B1"))
    assert result["verdict"] == "illegal"


@pytest.mark.parametrize("ruleset", BOTH)
@pytest.mark.parametrize(("rng", "verdict"), [(0, "illegal"), (1, "legal")])
def test_range_zero_HX_RNG_ALLOWED(tmp_path, ruleset, rng, verdict):
    """HX.RNG.ALLOWED: a ranged action needs range 1 or more."""
    assert action(tmp_path, ruleset, "ranged", monster("wolf", 1, "A1", range=rng))["verdict"] == verdict


@pytest.mark.parametrize(("flight", "verdict"), [(None, "illegal"), ("hovering", "illegal"), ("soaring", "legal")])
def test_ranged_engaged_same_level_HX_RNG_SAMELEVEL(tmp_path, flight, verdict):
    """HX.RNG.SAMELEVEL: an adjacent grounded or hovering foe stops a grounded shooter; a soaring one does not."""
    foe = monster("bat", 2, "B1")
    if flight:
        foe |= {"move": "flight", "flight": flight}
    result = action(tmp_path, "horrorclix/2008", "ranged", monster("wolf", 1, "A1", range=5), foe)
    assert result["verdict"] == verdict


@pytest.mark.parametrize(("walls", "verdict"), [(None, "illegal"), ([["A1", "B1"]], "legal")])
def test_ranged_behind_wall_not_engaged(tmp_path, walls, verdict):
    """Monsters on opposite sides of a wall are not adjacent, so they do not stop a ranged action."""
    pieces = [monster("wolf", 1, "A1", range=5), monster("priest", 2, "B1")]
    query = {"kind": "action", "piece": "wolf", "action": "ranged"}
    result = ask(tmp_path, "horrorclix/2008", pieces, query, walls=walls)
    assert result["verdict"] == verdict
    assert result["outcome"]["engaged_by"] == ([] if walls else ["priest"])


@pytest.mark.parametrize("ruleset", BOTH)
def test_free_action_needs_a_source_HX_FREE_SOURCE(tmp_path, ruleset):
    """HX.FREE.SOURCE: when the situation says no power grants it, no free action can be given."""
    pieces = [monster("wolf", 1, "A1"), monster("priest", 2, "D3")]
    query = {"kind": "action", "piece": "wolf", "action": "free", "free_action_granted": False}
    result = ask(tmp_path, ruleset, pieces, query)
    assert result["verdict"] == "illegal"
    assert "HX.FREE.SOURCE" in cited(result)


@pytest.mark.parametrize("ruleset", BOTH)
def test_free_action_asked_about_is_granted(tmp_path, ruleset):
    """Asking about a free action takes it as granted by some effect, listed under ``assumed`` (issue 19)."""
    result = action(tmp_path, ruleset, "free", monster("wolf", 1, "A1"))
    assert result["verdict"] == "legal"
    assert result["outcome"]["assumed"]["free_action_granted"] is True


@pytest.mark.parametrize(("owner", "verdict"), [(1, "illegal"), (2, "legal")])
def test_insane_in_owner_turn_HX_INSANE_LOCK(tmp_path, owner, verdict):
    """HX.INSANE.LOCK: an insane monster its owner still controls went insane this turn and may not act."""
    result = action(tmp_path, "horrorclix/2008", "move", monster("wolf", 1, "A1", state="insane", owner=owner))
    assert result["verdict"] == verdict
    assert result["outcome"]["derived"]["went_insane_this_turn"] is (owner == 1)


@pytest.mark.parametrize(("ruleset", "verdict"), [("horrorclix/2008", "legal"), ("horrorclix/1e", "illegal")])
def test_puppet_with_two_tokens_HX_POSS_TWOTOKENS(tmp_path, ruleset, verdict):
    """HX.POSS.TWOTOKENS: a 2008 puppet with 2 tokens may still act; the 1e lock holds."""
    wolf = monster("wolf", 1, "A1", tokens=2, owner=2, state="possessed")
    assert action(tmp_path, ruleset, "move", wolf)["verdict"] == verdict


@pytest.mark.parametrize(("total", "actions"), [(100, 1), (200, 2), (1000, 10)])
def test_actions_assumed_from_build_total_HX_ACT_BUDGET(tmp_path, total, actions):
    """HX.ACT.BUDGET: the assumed actions left are one per 100 points of build total."""
    result = action(tmp_path, "horrorclix/2008", "move", monster("wolf", 1, "A1"), build_total=total)
    assert result["outcome"]["assumed"]["actions_left"] == actions
    assert result["verdict"] == "legal"


def test_build_total_beyond_domain_is_undecided(tmp_path):
    """A build total above the 1000 the spec declares cannot be put to turn.actions: undecided."""
    result = action(tmp_path, "horrorclix/2008", "move", monster("wolf", 1, "A1"), build_total=1100)
    assert result["verdict"] == "undecided"


def test_victim_is_given_no_action(tmp_path):
    """A victim token is not a monster: asking for its action is a bad query."""
    victim = {"id": "wolf", "type": "victim", "at": "B2", "speed": 4}
    with pytest.raises(PositionedError, match="only monsters"):
        ask(
            tmp_path,
            "horrorclix/2008",
            [monster("priest", 2, "D3"), victim],
            {"kind": "action", "piece": "wolf", "action": "move"},
        )
