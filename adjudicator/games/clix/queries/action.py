"""The ``action`` query: whether a monster may be given a move, close, ranged or free action now.

The situation describes the board, not the turn, so a few facts of
``action.allowed`` are assumed and reported under ``assumed`` in the outcome:
the active player is the one who controls the monster now (its ``player``),
it has not been given an action this turn, the player still has every action
of the turn (``turn.actions``), and a free action asked about is granted by
some effect. The query's optional ``acted_this_turn``, ``actions_left`` and
``free_action_granted`` replace these defaults, which are then not listed. One
fact is derived and reported under ``derived``: an insane monster still
controlled by its owner is in the turn it went insane, since control passes
to the next player when the owner's turn ends and comes back only at the
start of the owner's next turn, with a new insanity roll.
"""

from __future__ import annotations

from typing import Any, cast

from adjudicator.core.errors import PositionedError
from adjudicator.core.expr.compile import Value
from adjudicator.games.clix.model import ActionQuery, Piece
from adjudicator.games.clix.scenario import forbids_ranged, setup_value
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.values import Unanswerable, decide
from adjudicator.situation.answer import Answer

VERDICT = {True: "legal", False: "illegal"}


def same_level(table: Table, a: Piece, b: Piece, result: Answer) -> bool:
    """Whether two monsters are at the same flight level (soaring beside soaring, or neither soaring).

    Between a giant and a soaring monster the ruleset's ``giant.treated_as_soaring`` is asked.
    """
    soar_a, soar_b = table.flight(a) == "soaring", table.flight(b) == "soaring"
    if soar_a == soar_b:
        return True
    giant_vs_soaring = (table.giant(a) and soar_b) or (table.giant(b) and soar_a)
    if giant_vs_soaring:
        treated = decide(table, "giant.treated_as_soaring", {"other_soaring": True})
        if treated.value is not None:
            result.cite(treated)
            return bool(treated.value)
    return False


def engaged(table: Table, piece: Piece, action: str, result: Answer) -> list[Piece]:
    """Opposing monsters adjacent to ``piece`` at its flight level (adjacency for close combat if asked)."""
    out = []
    for other in table.monsters():
        if other is piece or table.relation(piece, other) != "opposing":
            continue
        apart = table.kept_apart(piece, other, close_combat=action == "close")
        if apart is not None:  # beside it, yet not adjacent: the rule that keeps them apart decides
            result.cite(apart, f"{other.id} beside {piece.id}", decides=True)
            continue
        if table.is_adjacent(piece, other, close_combat=action == "close") and same_level(table, piece, other, result):
            out.append(other)
    return out


def answer(table: Table) -> Answer:
    """Answer an ``action`` query: verdict legal / illegal / undecided, with the facts used."""
    situation = table.situation
    query = situation.query
    assert isinstance(query, ActionQuery)  # noqa: S101 - dispatch guarantees the kind
    piece = table.piece(query.piece)
    if piece.is_token:
        raise PositionedError(
            situation.where("query.piece"), f"{piece.id} is a {piece.type} token: only monsters are given actions"
        )
    result = Answer(table.ruleset, "action", "undecided")
    try:
        facts, assumed, derived, foes = _facts(table, piece, query, result)
        forbidden = query.action == "ranged" and forbids_ranged(table, result, f"{piece.id}'s ranged action")
        value = False if forbidden else result.cite(decide(table, "action.allowed", facts), decides=True).value
        if query.action == "free" and value is True:  # a free action takes none of the turn's actions
            budget = decide(table, "action.uses_budget", {"action": "free"})
            if not {step.rule for step in budget.trace} <= {step.rule for step in result.trace}:
                result.cite(budget, f"{piece.id}'s free action", decides=budget.value is False)
    except Unanswerable as exc:
        result.note(table.fallback_step(exc.note), decides=True)
        result.outcome = {"action": query.action, "allowed": None}
        return result
    result.verdict = VERDICT[value] if isinstance(value, bool) else "undecided"
    result.outcome = {
        "action": query.action,
        "allowed": value,
        "facts": facts,
        "assumed": assumed,
        "derived": derived,
        "engaged_by": [f.id for f in foes],
    }
    result.marks["targets"] = [sq for f in foes for sq in f.at]
    result.target_names = {f.id: list(f.at) for f in foes}
    return result


def _facts(
    table: Table, piece: Piece, query: ActionQuery | str, result: Answer
) -> tuple[dict[str, Value], dict[str, Any], dict[str, Any], list[Piece]]:
    """The facts of ``action.allowed`` for this monster, and which of them were assumed or derived.

    The turn facts the query gives (``acted_this_turn``, ``actions_left``, ``free_action_granted``) are used as
    given; a fact it leaves out takes its default and is listed under ``assumed``. A free action asked about
    is taken as granted by some effect (that is what asking about one means) unless the query says not.
    """
    if isinstance(query, str):  # another query (an attack) asks about one kind of action
        query = ActionQuery(piece.id, cast("Any", query))
    action = query.action
    per_turn = setup_value(table, result, "actions_per_turn")  # a scenario's own number of actions
    if per_turn is None:
        build_total = table.situation.build_total
        turn = result.cite(
            decide(
                table,
                "turn.actions",
                {
                    "build_total": build_total,
                    "hundreds": build_total // 100,
                    "unused_last_turn": 0,
                    "characters_left": min(max(len([p for p in table.monsters() if p.player == piece.player]), 1), 10),
                },
            )
        )
        if turn.value is None:
            raise Unanswerable("the number of actions per turn is not decided")
        per_turn = int(turn.value)
    # Only "none left" versus "some left" matters to action.allowed, whose domain stops at 9.
    left = per_turn if query.actions_left is None else query.actions_left
    actions_left = min(left, 9)
    acted = bool(query.acted_this_turn)
    granted = action == "free" if query.free_action_granted is None else query.free_action_granted
    controller = piece.player
    derived: dict[str, Any] = {}
    if piece.state != "normal":
        control = result.cite(decide(table, "control.controller", {"state": piece.state}))
        derived["controller"] = control.value
    went_insane = piece.state == "insane" and piece.owner == piece.player
    if piece.state == "insane":
        derived["went_insane_this_turn"] = went_insane
    foes = engaged(table, piece, action, result)
    facts: dict[str, Value] = {
        "action": action,
        "tokens": piece.tokens,
        "acted_this_turn": acted,
        "actions_left": actions_left,
        "controlled_by_active": True,
        "immovable": table.hourglass(piece, "speed"),
        "incapable": table.hourglass(piece, "attack"),
        "state": piece.state,
        "went_insane_this_turn": went_insane,
        "range": piece.range or 0,
        "adjacent_same_level_opposing": bool(foes),
        "free_action_granted": granted,
    }
    defaults: dict[str, Any] = {
        "active_player": controller,
        "acted_this_turn": acted,
        "actions_left": left,
        "free_action_granted": granted,
    }
    assumed = {name: value for name, value in defaults.items() if getattr(query, name, None) is None}
    return facts, assumed, derived, foes
