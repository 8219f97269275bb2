"""The ``score`` query: victory points after a list of kills, and who wins.

* Kills: each event is put to ``score.kill_points`` with the killed monster's
  ``points``, its mental state, whether it is a minion, the phase, and
  whether it was opposing to the credited player (``control.friendly_to``).
  ``by_player`` is the player credited with the kill; the killing monster is
  assumed to be in its normal state (``score.kill_scorer``), and no subplot
  or other effect changes what minions are worth.
* Victims: ``score.victim_points`` is given both counts the editions use:
  victims lying at the end on cards of monsters the player controls (killed
  monsters leave play with their victims, so theirs are not counted), and
  victims the player's monsters took during the game (every card of the
  player's monsters, killed ones included: the victims on a card are taken to
  be those its monster slew or rescued).
* Totals: ``score.total`` with no points from plot twists or goals.
* Winner: ``victory.winner`` between the leader so far and each other player,
  with army cost = the sum of the ``points`` of the monsters a player owns;
  no teams.
"""

from __future__ import annotations

from adjudicator.core.errors import PositionedError, Where
from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import NO_RULE, noted
from adjudicator.games.clix.model import Piece, ScoreQuery
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.values import Unanswerable, decide
from adjudicator.situation.answer import Answer


def answer(table: Table) -> Answer:
    """Answer a ``score`` query: outcome ``points`` {player: n} and ``winner``."""
    situation = table.situation
    query = situation.query
    assert isinstance(query, ScoreQuery)  # noqa: S101 - dispatch guarantees the kind
    result = Answer(table.ruleset, "score", "answered")
    monsters = table.monsters()
    seated = {p.player for p in monsters} | {p.owner for p in monsters} | {e.by_player for e in query.events}
    players = sorted(p for p in seated if p is not None)
    kills = dict.fromkeys(players, 0)
    killed: set[str] = set()
    open_kills: list[str] = []
    try:
        for index, event in enumerate(query.events):
            where = situation.where(f"query.events[{index}].kill")
            victim = table.piece(event.kill)
            if victim.is_token:
                raise PositionedError(where, f"{victim.id} is a {victim.type} token: it cannot be killed")
            if victim.id in killed:
                raise PositionedError(where, f"{victim.id} is killed twice")
            killed.add(victim.id)
            points = _kill_points(table, result, victim, by_player=event.by_player, phase=event.phase, where=where)
            if points is None:
                open_kills.append(victim.id)
            else:
                kills[event.by_player] += points
        victims = {p: _victim_points(table, p, monsters, killed, result) for p in players}
        totals: dict[int, int | None] = {}
        for p in players:
            vp = victims[p]
            if vp is None:
                totals[p] = None
                continue
            total = result.cite(
                decide(
                    table,
                    "score.total",
                    {"kill_points": kills[p], "victim_points": vp, "other_points": 0, "object_points": 0},
                ),
                f"player {p}",
                decides=True,
            )
            totals[p] = None if total.value is None else int(total.value)
        winner = _winner(table, players, totals, monsters, result, killed)
    except Unanswerable as exc:
        result.note(table.fallback_step(exc.note), decides=True)
        result.verdict = "undecided"
        result.outcome = {"points": None, "winner": None}
        return result
    if open_kills or None in totals.values() or winner is None:
        result.verdict = "undecided"
    result.outcome = {
        "points": {str(p): totals[p] for p in players},
        "winner": winner,
        "kill_points": {str(p): kills[p] for p in players},
        "victim_points": {str(p): victims[p] for p in players},
        "undecided_kills": open_kills,
        "assumed": _assumed(table),
    }
    if not table.game.capabilities.victim_points:
        del result.outcome["victim_points"]
    return result


ASSUMED: tuple[tuple[str, str, Value], ...] = (
    ("score.kill_scorer", "killer_state", "normal"),
    ("control.friendly_to", "teams", False),
    ("score.total", "other_points", 0),
    ("score.kill_points", "minion_vp_effect", False),
    ("score.total", "object_points", 0),
    ("score.kill_points", "ata", False),
)
"""Facts the score takes at a fixed value no situation field gives: (decision, fact, value)."""


def _assumed(table: Table) -> dict[str, Value]:
    """The fixed facts of :data:`ASSUMED` that the game's own decisions declare."""
    return {
        name: value for decision, name, value in ASSUMED if name in table.spec.decision(table.ruleset, decision).facts
    }


def _kill_points(
    table: Table, result: Answer, victim: Piece, *, by_player: int, phase: str, where: Where
) -> int | None:
    """Points the credited player scores for one kill (None when undecided)."""
    players = len({p.player for p in table.monsters()} | {by_player})
    scorer = result.cite(
        decide(table, "score.kill_scorer", {"killer_state": "normal", "players": min(max(players, 2), 8)}), victim.id
    )
    if scorer.value is None:
        return None
    side = result.cite(
        decide(
            table,
            "control.friendly_to",
            {
                "state": victim.state,
                "viewer_owns": victim.owner == by_player,
                "viewer_active": victim.player == by_player,
                "teams": False,
                "viewer_teammate_of_owner": False,
                "viewer_controls": victim.player == by_player,
                "viewer_teammate_of_controller": False,
            },
        ),
        f"{victim.id} seen by player {by_player}",
    )
    if side.value is None:
        return None
    value = victim.points
    if value is None:
        if not victim.minion:
            raise PositionedError(where, f"{victim.id} has no points value to score")
        value = 0
    facts: dict[str, Value] = {
        "value": value,
        "opposing": not side.value,
        "phase": phase,
        "state": victim.state,
        "minion": victim.minion,
        "minion_vp_effect": False,
        "ata": False,
        "ata_cost": 0,
    }
    decided = result.cite(
        decide(table, "score.kill_points", facts), f"{victim.id} killed by player {by_player}", decides=True
    )
    return None if decided.value is None else int(decided.value)


def _victim_points(table: Table, player: int, monsters: list[Piece], killed: set[str], result: Answer) -> int | None:
    """Victory points for victims for one player (0 in a game without them)."""
    if not table.game.capabilities.victim_points:
        return 0
    build_total = table.situation.build_total
    facts: dict[str, Value] = {
        "build_total": build_total,
        "hundreds": build_total // 100,
        "on_cards_at_end": sum(p.victims for p in monsters if p.player == player and p.id not in killed),
        "taken_during_game": sum(p.victims for p in monsters if p.player == player),
    }
    decided = result.cite(decide(table, "score.victim_points", facts), f"player {player}", decides=True)
    return None if decided.value is None else int(decided.value)


def _army(monsters: list[Piece], player: int) -> int | None:
    """The points a player spent on the army, or None when a monster's points are not given."""
    costs = [p.points for p in monsters if p.owner == player]
    return None if any(c is None for c in costs) else sum(c or 0 for c in costs)


def _winner(  # noqa: PLR0917 - the facts of one comparison
    table: Table,
    players: list[int],
    totals: dict[int, int | None],
    monsters: list[Piece],
    result: Answer,
    killed: set[str],
) -> int | None:
    """The winner by ``victory.winner``, leader against each challenger (None when not decided)."""
    if not players or None in totals.values():
        return None
    leader, tied = players[0], False
    for challenger in players[1:]:
        army_a, army_b = _army(monsters, leader), _army(monsters, challenger)
        declared = table.spec.decision(table.ruleset, "victory.winner").facts
        tie_by_army = "army_a" in declared
        facts: dict[str, Value] = {
            "teams": False,
            "vp_a": totals[leader] or 0,
            "vp_b": totals[challenger] or 0,
            "army_a": army_a or 0,
            "army_b": army_b or 0,
            "survivors_a": any(p.player == leader and p.id not in killed for p in monsters),
            "survivors_b": any(p.player == challenger and p.id not in killed for p in monsters),
        }
        if totals[leader] == totals[challenger] and "roll_a" in declared:
            _roll_off(table, result, facts, f"players {leader} and {challenger} tie on {totals[leader]} points")
            return None
        if totals[leader] == totals[challenger] and (army_a is None or army_b is None) and tie_by_army:
            _open(table, result, f"players {leader} and {challenger} tie and an army's points are not all given")
            return None
        decided = result.cite(
            decide(table, "victory.winner", facts), f"a = player {leader}, b = player {challenger}", decides=True
        )
        if decided.value is None:
            tied = True
        elif decided.value == "b":
            leader, tied = challenger, False
    return None if tied else leader


def _open(table: Table, result: Answer, note: str) -> None:
    """The winner is left open: the ruleset's fallback decides (a game without one cites no rule for it)."""
    step = table.fallback_step(note)
    if step.rule != NO_RULE:
        result.note(step, decides=True)


def _roll_off(table: Table, result: Answer, facts: dict[str, Value], tie: str) -> None:
    """A tie that a roll-off the situation does not give breaks: the roll-off rule decides, on a roll not known.

    The rule is found by asking ``victory.winner`` with a roll-off that has a winner (7 against 6); its steps
    are cited, the note saying that the roll is not given.
    """
    sample = decide(table, "victory.winner", {**facts, "roll_a": 7, "roll_b": 6})
    if sample.value is None:
        _open(table, result, f"{tie}: no rule breaks the tie")
        return
    for step in sample.trace:
        result.note(
            noted(step, f"{tie}: the tied players' 2d6 roll-off, which the situation does not give, breaks it"),
            decides=True,
        )
    _open(table, result, f"{tie}: the roll-off is not given")
