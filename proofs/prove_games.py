"""Arithmetic properties of the Gloomhaven and Betrayal rules, proved like the value pipeline.

Two declarative tables, keyed by game and then by decision:

* :data:`GAME_PROPERTIES`: claims about one situation (``in range``, ``floor
  at 0``, a value the text states outright), the same shape as
  :data:`proofs.prove_values.PROPERTIES`;
* :data:`GAME_MONOTONE`: claims about two situations that differ only in some
  facts, each moved one way (:class:`Monotone`): the answer must not move the
  other way ("more Shield never raises damage", "more omens never stop the
  haunt").

Every property is proved under every choice of readings of the rules that
touch its decision; a refutation carries the smallest counterexample (for a
monotone property: the two situations). :func:`run` is called by
:func:`proofs.prove.run`, which marks the expected findings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import z3

from adjudicator.core.expr.types import BoolT
from adjudicator.core.model import Decision
from adjudicator.core.spec import Spec
from adjudicator.games.betrayal import GAME as BETRAYAL_GAME
from adjudicator.games.gloomhaven import GAME as GLOOMHAVEN_GAME
from proofs.encode import VALUED, Facts, Side, encode
from proofs.prove_values import (
    Claim,
    Progress,
    Property,
    floor_at_zero,
    in_range,
    properties,
    reading_combinations,
    reading_equivalences,
)
from proofs.report import Finding, fired_refs, label, show_situation
from proofs.solver import minimise, new_solver, prove

GLOOMHAVEN = GLOOMHAVEN_GAME.id
BETRAYAL = BETRAYAL_GAME.id

UP, DOWN = 1, -1
"""The way a fact (or the answer) moves in a :class:`Monotone` property."""


@dataclass(frozen=True)
class Monotone:
    """Moving the ``moves`` facts their way (others equal) never moves the answer against ``answer``.

    For a boolean decision, ``UP`` means a true answer stays true, ``DOWN``
    that a false answer stays false.
    """

    moves: Mapping[str, int]
    answer: int = UP


def _int(facts: Facts, name: str) -> z3.ArithRef:
    var = facts.vars[name]
    assert isinstance(var, z3.ArithRef)  # noqa: S101 - integer facts are Int variables
    return var


def _bool(facts: Facts, name: str) -> z3.BoolRef:
    var = facts.vars[name]
    assert isinstance(var, z3.BoolRef)  # noqa: S101 - boolean facts are Bool variables
    return var


def _num(side: Side) -> z3.ArithRef:
    assert isinstance(side.value, z3.ArithRef)  # noqa: S101 - integer decisions have Int values
    return side.value


def _yes(side: Side) -> z3.BoolRef:
    assert isinstance(side.value, z3.BoolRef)  # noqa: S101 - boolean decisions have Bool values
    return side.value


def _is(facts: Facts, name: str, *values: str) -> z3.BoolRef:
    """The enum fact ``name`` has one of ``values``."""
    return z3.Or([facts.vars[name] == facts.constant(v) for v in values])


# --- Gloomhaven ------------------------------------------------------------------------------


def pierce_bounded(facts: Facts, side: Side) -> Claim:
    """Shield and Pierce never make the damage exceed the undefended damage (GH.DEF.SHIELD, GH.DEF.PIERCE)."""
    return [], _num(side) <= _int(facts, "after_card")


def _suffers_terrain(facts: Facts) -> list[z3.BoolRef]:
    """A figure that really enters the hex: not jumping over it, not flying, not a flying figure pushed in."""
    return [_is(facts, "mode", "normal", "jump_last_hex", "pushed"), z3.Not(_bool(facts, "target_flying"))]


def trap_damage(facts: Facts, side: Side) -> Claim:
    """A printed trap deals 2 + N damage (GH.MOVE.TRAP, gh1e L543-546)."""
    premises = [_is(facts, "feature", "trap"), z3.Not(_bool(facts, "from_ability")), *_suffers_terrain(facts)]
    return premises, _num(side) == 2 + _int(facts, "level")


def hazard_damage(facts: Facts, side: Side) -> Claim:
    """Hazardous terrain deals half the trap damage, rounded down: floor((2 + N) / 2) (GH.MOVE.HAZARD)."""
    premises = [_is(facts, "feature", "hazardous"), *_suffers_terrain(facts)]
    level, value = _int(facts, "level"), _num(side)
    return premises, z3.Or(2 * value == 2 + level, 2 * value == 1 + level)


def level_half_average(facts: Facts, side: Side) -> Claim:
    """At normal difficulty the scenario level is the average character level halved, rounded up."""
    total, count, value = _int(facts, "level_sum"), _int(facts, "characters"), _num(side)
    claim = z3.And(2 * count * (value - 1) < total, total <= 2 * count * value)
    return [_is(facts, "difficulty", "normal")], claim


def monster_level(facts: Facts, side: Side) -> Claim:
    """Monsters are read at the scenario level, one higher in solo or open play."""
    level = _int(facts, "level")
    return [], _num(side) == z3.If(_bool(facts, "solo_or_open"), level + 1, level)


def xp_bonus(facts: Facts, side: Side) -> Claim:
    """Success gives 4 + 2N bonus experience, failure none."""
    return [], _num(side) == z3.If(_bool(facts, "success"), 4 + 2 * _int(facts, "level"), 0)


def hp_exhausts(facts: Facts, side: Side) -> Claim:
    """A character at 0 HP or less is exhausted."""
    return [_int(facts, "hp") <= 0], _yes(side)


def cards_exhaust(facts: Facts, side: Side) -> Claim:
    """A character who cannot play two cards nor rest when the round starts is exhausted."""
    premises = [_is(facts, "checkpoint", "round_start"), _int(facts, "hand") < 2, _int(facts, "discards") < 2]  # noqa: PLR2004
    return premises, _yes(side)


def able_not_exhausted(facts: Facts, side: Side) -> Claim:
    """A character with HP left and two cards in hand is not exhausted."""
    return [_int(facts, "hp") > 0, _int(facts, "hand") >= 2], z3.Not(_yes(side))  # noqa: PLR2004


def lost_when_none_left(facts: Facts, side: Side) -> Claim:
    """The scenario is lost through exhaustion exactly when no character is left."""
    return [], _yes(side) == (_int(facts, "characters_left") == 0)


# --- Betrayal ----------------------------------------------------------------------------------


def on_track(facts: Facts, side: Side) -> Claim:
    """The clip never leaves its track: between the skull and the top notch."""
    return [], z3.And(_num(side) >= 0, _num(side) <= _int(facts, "top"))


def no_skull_before_haunt(facts: Facts, side: Side) -> Claim:
    """Before the haunt a trait never reaches the skull."""
    return [z3.Not(_bool(facts, "haunt_started"))], _num(side) >= 1


def no_death_before_haunt(facts: Facts, side: Side) -> Claim:
    """Nobody dies before the haunt."""
    return [z3.Not(_bool(facts, "haunt_started"))], z3.Not(_yes(side))


def split_moves_damage(facts: Facts, side: Side) -> Claim:
    """A legal split moves exactly as many points as the damage."""
    moved = z3.Sum([_int(facts, t) for t in ("might", "speed", "knowledge", "sanity")])
    return [_yes(side)], moved == _int(facts, "amount")


def split_keeps_kind(facts: Facts, side: Side) -> Claim:
    """A legal split puts physical damage on physical traits and mental damage on mental ones."""
    physical = _is(facts, "kind", "physical")
    untouched = z3.If(
        physical,
        z3.And(_int(facts, "knowledge") == 0, _int(facts, "sanity") == 0),
        z3.And(_int(facts, "might") == 0, _int(facts, "speed") == 0),
    )
    return [_yes(side)], untouched


def item_loss_bounded(facts: Facts, side: Side) -> Claim:
    """Losing an item never costs more notches than it gave."""
    return [], _num(side) <= _int(facts, "bonus")


GAME_PROPERTIES: dict[str, dict[str, list[tuple[str, Property]]]] = {
    GLOOMHAVEN: {
        "shield.damage_taken": [
            ("in range", in_range),
            ("floor at 0", floor_at_zero),
            ("never above the undefended damage", pierce_bounded),
        ],
        "scenario.level": [("in range", in_range), ("half the average level, rounded up", level_half_average)],
        "scenario.monster_level": [("in range", in_range), ("level, +1 solo or open", monster_level)],
        "scenario.trap_bonus": [("in range", in_range)],
        "terrain.damage": [
            ("in range", in_range),
            ("trap deals 2+N", trap_damage),
            ("hazard deals floor((2+N)/2)", hazard_damage),
        ],
        "end.xp_bonus": [("in range", in_range), ("4+2N on success", xp_bonus)],
        "exhaustion.exhausted": [
            ("0 HP exhausts", hp_exhausts),
            ("no cards at round start exhausts", cards_exhaust),
            ("HP and two cards keep a character in play", able_not_exhausted),
        ],
        "exhaustion.scenario_lost": [("lost when nobody is left", lost_when_none_left)],
    },
    BETRAYAL: {
        "trait.notch_after": [
            ("in range", in_range),
            ("stays on its track", on_track),
            ("no skull before the haunt", no_skull_before_haunt),
        ],
        "explorer.dies": [("no death before the haunt", no_death_before_haunt)],
        "trait.item_loss": [("in range", in_range), ("never more than the bonus", item_loss_bounded)],
        "damage.points": [("in range", in_range), ("floor at 0", floor_at_zero)],
        "damage.split_legal": [
            ("points moved equal the damage", split_moves_damage),
            ("damage stays in its kind", split_keeps_kind),
        ],
        "haunt_roll.dice": [("in range", in_range)],
    },
}

GAME_MONOTONE: dict[str, dict[str, list[tuple[str, Monotone]]]] = {
    GLOOMHAVEN: {
        "shield.damage_taken": [
            ("more shield never raises damage", Monotone({"shield": UP}, DOWN)),
            ("more pierce never lowers damage", Monotone({"pierce": UP})),
            ("more damage drawn never lowers damage", Monotone({"after_card": UP})),
        ],
        "scenario.level": [("monotone in the levels", Monotone({"level_sum": UP}))],
        "scenario.monster_level": [("monotone in the level", Monotone({"level": UP}))],
        "terrain.damage": [("monotone in the level", Monotone({"level": UP}))],
        "end.xp_bonus": [("monotone in the level", Monotone({"level": UP}))],
        "exhaustion.exhausted": [
            ("less HP or fewer cards never revive", Monotone({"hp": DOWN, "hand": DOWN, "discards": DOWN})),
        ],
    },
    BETRAYAL: {
        "trait.notch_after": [("monotone in the change", Monotone({"change": UP}))],
        "haunt.starts": [
            ("more omens never stop the haunt", Monotone({"omens_drawn": UP, "omens_in_play": UP})),
            ("a higher roll never starts the haunt", Monotone({"total": UP}, DOWN)),
        ],
    },
}


def run(spec: Spec, *, progress: Progress = None) -> list[Finding]:
    """Every game property and monotonicity, under every choice of readings, and the readings compared."""
    findings: list[Finding] = []
    for ruleset in spec.rulesets():
        game = spec.game(ruleset)
        ids = dict.fromkeys([*GAME_PROPERTIES.get(game, {}), *GAME_MONOTONE.get(game, {})])
        for decision_id in ids:
            if (game, decision_id) not in spec.decisions:
                continue
            decision = spec.decision(ruleset, decision_id)
            for readings in reading_combinations(spec, ruleset, decision):
                if progress:
                    progress(f"prove {label(ruleset, readings)} {decision_id}")
                table = GAME_PROPERTIES.get(game, {}).get(decision_id, [])
                findings += properties(spec, ruleset, decision, readings, table)
                for name, mono in GAME_MONOTONE.get(game, {}).get(decision_id, []):
                    findings.append(monotone(spec, ruleset, decision, readings, name=name, mono=mono))
            findings += reading_equivalences(spec, ruleset, decision)
    return findings


def _moved(one: Facts, two: Facts, mono: Monotone) -> list[z3.BoolRef]:
    """The second situation moves the ``moves`` facts their way and keeps every other fact."""
    out: list[z3.BoolRef] = []
    for name, fact in one.decision.facts.items():
        a, b = one.vars[name], two.vars[name]
        if name in mono.moves:
            up = mono.moves[name] == UP
            if isinstance(fact.type, BoolT):
                out.append(z3.Implies(a, b) if up else z3.Implies(b, a))
            else:
                out.append(a <= b if up else a >= b)
        else:
            out.append(a == b)
    return out


def _no_worse(decision: Decision, first: Side, second: Side, answer: int) -> z3.BoolRef:
    """The second answer has not moved against ``answer``."""
    if isinstance(decision.type, BoolT):
        return z3.Implies(_yes(first), _yes(second)) if answer == UP else z3.Implies(_yes(second), _yes(first))
    return _num(first) <= _num(second) if answer == UP else _num(first) >= _num(second)


def monotone(
    spec: Spec, ruleset: str, decision: Decision, readings: dict[str, str], *, name: str, mono: Monotone
) -> Finding:
    """Prove one :class:`Monotone` property over two situations; a refutation shows both, smallest first."""
    one, two = Facts(decision), Facts(decision, prefix="second.")
    two.enum_names = one.enum_names  # the same enum numbering on both sides
    base = label(ruleset, readings)
    first = encode(spec, ruleset, one, readings, f"{base} (first)")
    second = encode(spec, ruleset, two, readings, f"{base} (second)")
    premises = [
        *one.constraints,
        *two.constraints,
        *first.definitions,
        *second.definitions,
        first.status == VALUED,
        second.status == VALUED,
        *_moved(one, two, mono),
    ]
    claim = _no_worse(decision, first, second, mono.answer)
    verdict = prove(premises, claim)
    finding: Finding = {
        "kind": "property",
        "property": f"{name} under {base}",
        "decision": decision.id,
        "rulesets": [ruleset],
        "readings": {base: readings},
        "status": verdict.status.value,
        "situation": None,
        "answers": {},
        "rules": {},
    }
    model, note = verdict.model, verdict.note
    if model is not None:
        model, minimal = minimise(new_solver([*premises, z3.Not(claim)]), one.size() + two.size(), model)
        note = "" if minimal else "counterexample not proven smallest"
        finding["situation"] = one.situation(model)
        finding["second_situation"] = two.situation(model)
        finding["summary"] = f"the second situation ({show_situation(finding['second_situation'])}) answers worse"
        finding["answers"] = {s.label: s.answer(model) for s in (first, second)}
        finding["rules"] = {s.label: fired_refs(spec, s, model) for s in (first, second)}
    if note:
        finding["note"] = note
    return finding
