"""The concepts the Clix games share, and which concept a decision states (for ``diff`` across games).

Each game states the rule of 3, break away, knockback, line of fire ... in its own words and under its
own decisions; a concept names the idea, and a decision id prefix places a decision under it. The
board comparison (:mod:`proofs.concepts`) and the question comparison (:mod:`proofs.concept_decisions`)
both group their differences by these concepts.
"""

from __future__ import annotations

from typing import Final

CONCEPTS: Final[tuple[tuple[str, str, tuple[str, ...]], ...]] = (
    ("rule_of_3", "Rule of 3 (how far modifiers may move a value)", ("value.rule_of_3", "effect.prevails")),
    (
        "setup",
        "Team building and set-up",
        ("setup.", "army.", "object.placement_allowed", "object.team_legal", "dial.turn_allowed"),
    ),
    ("victory", "Game end, victory and scoring", ("game.", "victory.", "score.", "turn.player_out")),
    (
        "turns",
        "Turns, rounds and the end of the turn",
        ("turn.next_seat", "turn.next_phase", "round.", "preview.", "phase."),
    ),
    ("powers", "Powers and abilities (characters' and monsters')", ("power.", "ability.", "trait.")),
    ("control", "Friendly and opposing figures", ("control.",)),
    (
        "defeat",
        "Defeat (KO) and removal",
        ("ko.", "character.killed", "monster.killed", "bystander.ko", "element.removed"),
    ),
    ("adjacency", "Adjacency and base contact", ("adjacent.",)),
    (
        "values",
        "Printed values, replacements and floors",
        ("value.", "dial.", "damage.base", "damage.change_allowed"),
    ),
    ("break_away", "Break away", ("breakaway.",)),
    (
        "actions",
        "Actions, action tokens and pushing",
        ("action.", "tokens.", "turn.actions", "end_turn.", "damage.pushing", "pushing.", "monster.vulnerable"),
    ),
    (
        "line_of_fire",
        "Line of fire and range",
        ("lof.", "range.", "defense.hindering_bonus", "attack.ranged.allowed", "terrain.line_type"),
    ),
    ("elevation", "Elevation", ("elevation.", "flight.", "attack.soar_bonus", "giant.")),
    ("knockback", "Knockback", ("knockback.",)),
    ("multiple_targets", "Attacks on several targets", ("damage.split_valid", "attack.rolls")),
    ("attacks", "Attacks: who may attack, hits and critical rolls", ("attack.", "critical.", "dice.", "immunity.")),
    ("damage_healing", "Damage and healing limits", ("damage.", "heal.", "support.")),
    (
        "terrain",
        "Terrain kinds, walls and stairs",
        ("terrain.", "map.space_rules", "move.step_cost", "object.square_hindering"),
    ),
    ("movement", "Movement", ("move.", "doublebase.", "multibase.", "occupancy.")),
    ("objects", "Objects", ("object.", "portal.")),
)
"""Concept id, title and the decision-id prefixes (of either game) whose rules state it; the first match wins."""

OTHER: Final = ("other", "Other rules")


def concept_of(decision: str) -> tuple[str, str]:
    """The concept (id, title) a decision belongs to."""
    for cid, title, prefixes in CONCEPTS:
        if any(decision == p or (p.endswith(".") and decision.startswith(p)) for p in prefixes):
            return cid, title
    return OTHER
