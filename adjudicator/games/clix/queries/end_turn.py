"""The ``end_turn`` query: the hourglass phase of the ending player's turn.

For every monster the ending player controls (its ``player``):

* action tokens: ``end_turn.tokens_cleared`` (the token rule) and
  ``end_turn.remove_tokens`` (the hourglass-phase checklist) are both asked;
  a monster listed in ``acted`` was given a move, close or ranged action this
  turn and so received a token (``action.tokens_gained``). The ``tokens`` of a
  piece are those on it now, this turn's included; a monster listed in
  ``acted`` that shows none gets its token placed first;
* damage: ``end_turn.hourglass_damage`` for a monster showing an hourglass in
  its speed, attack or defense slot (``damage.can_be_taken`` is asked for an
  intangible one); then, for a possessed monster (a puppet of the ending
  player), ``possession.hourglass_damage`` and ``possession.hourglass_tokens``;
* killed: the situation gives the values showing, not the rest of the dial,
  so whether damage reaches the skulls (``monster.killed``) is known only for
  a minion, which ``minion.killed`` decides from the damage alone. Other
  damaged monsters are listed under ``kill_undetermined``.

* pushing (HeroClix): a character listed in ``acted`` that shows two tokens
  received its second this turn and takes ``damage.pushing``.

Monsters of other players keep their tokens and take no damage here.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.engine import Result
from adjudicator.core.errors import PositionedError
from adjudicator.games.clix.model import EndTurnQuery, Piece
from adjudicator.games.clix.table import Table
from adjudicator.games.clix.values import Open, Unanswerable, decide
from adjudicator.situation.answer import Answer

HOURGLASS_SLOTS = ("speed", "attack", "defense")


def answer(table: Table) -> Answer:
    """Answer an ``end_turn`` query: outcome ``tokens``, ``damage``, ``killed``."""
    situation = table.situation
    query = situation.query
    assert isinstance(query, EndTurnQuery)  # noqa: S101 - dispatch guarantees the kind
    for index, piece_id in enumerate(query.acted):
        if table.piece(piece_id).is_token:
            raise PositionedError(
                situation.where(f"query.acted[{index}]"),
                f"{piece_id} is a {table.piece(piece_id).type} token: it is given no actions",
            )
    result = Answer(table.ruleset, "end_turn", "answered")
    tokens: dict[str, int | None] = {}
    damage: dict[str, int | None] = {}
    killed: list[str] = []
    unknown: list[str] = []
    for piece in table.monsters():
        if piece.player != query.player:
            tokens[piece.id], damage[piece.id] = piece.tokens, 0
            continue
        tokens[piece.id], damage[piece.id], fate = _one(table, piece, piece.id in query.acted, result)
        if fate == "killed":
            killed.append(piece.id)
        elif fate == "unknown":
            unknown.append(piece.id)
        elif fate == "undecided":
            result.verdict = "undecided"
    outcome: dict[str, Any] = {"tokens": tokens, "damage": damage, "killed": killed, "kill_undetermined": unknown}
    outcome["assumed"] = {
        "acted": "given a move, close or ranged action this turn",
        "tokens": "action tokens now on the piece, this turn's included",
    }
    result.outcome = outcome
    result.marks["targets"] = [sq for pid, n in damage.items() if n for sq in table.piece(pid).at]
    result.target_names = {pid: list(table.piece(pid).at) for pid, n in damage.items() if n}
    return result


def _one(table: Table, piece: Piece, acted: bool, result: Answer) -> tuple[int | None, int | None, str | None]:
    """Tokens and damage of one monster of the ending player, and its fate: killed, unknown, undecided or None."""
    try:
        tokens, clicks = _hourglass_phase(table, piece, acted, result)
        if clicks and piece.minion:
            dead = _cite_value(result, piece, decide(table, "minion.killed", {"damage": min(clicks, 6)}))
            return tokens, clicks, "killed" if dead else None
    except (Open, Unanswerable) as exc:
        if isinstance(exc, Unanswerable):
            result.note(table.fallback_step(f"{piece.id}: {exc.note}"), decides=True)
        return None, None, "undecided"
    return tokens, clicks, "unknown" if clicks else None


def _cite_value(result: Answer, piece: Piece, decided: Result) -> Any:
    """Cite a decision (its notes naming the monster) and return its value; stop if it is undecided.

    Each such decision gives a value of the outcome (a monster's tokens, damage or death): it decides.
    """
    result.cite(decided, piece.id, decides=True)
    if decided.value is None:
        raise Open
    return decided.value


def _pushing(table: Table, piece: Piece, acted: bool, result: Answer) -> int:
    """Pushing damage (``damage.pushing``, HeroClix): an acted piece showing 2 tokens got its second this turn.

    The tokens a piece shows include this turn's, so one that acted shows 2 only if it already had 1. One
    that shows tokens but was given no action received none this turn: the pushing rule gives 0 (cited, as
    that settles the question its tokens raise).
    """
    if not table.game.capabilities.pushing or (not acted and piece.tokens == 0):
        return 0
    if not acted:
        return int(
            _cite_value(
                result, piece, decide(table, "damage.pushing", {"tokens_before": piece.tokens, "token_received": False})
            )
        )
    before = max(piece.tokens - 1, 0)
    pushing = decide(table, "damage.pushing", {"tokens_before": before, "token_received": True})
    if pushing.value == 0:
        return 0  # its first token: the pushing rule does not apply, and is not cited
    return int(_cite_value(result, piece, pushing))


def _hourglass_phase(table: Table, piece: Piece, acted: bool, result: Answer) -> tuple[int, int]:
    """Tokens left on and damage dealt to one monster of the ending player."""
    tokens = piece.tokens
    clicks = _pushing(table, piece, acted, result)
    if acted and tokens == 0:
        tokens += int(_cite_value(result, piece, decide(table, "action.tokens_gained", {"action": "move"})))
    cleared = _cite_value(
        result,
        piece,
        decide(
            table,
            "end_turn.tokens_cleared",
            {"controlled_by_ending_player": True, "given": "action" if acted else "nothing", "token_received": acted},
        ),
    )
    removed = cleared  # HeroClix has no separate hourglass-phase checklist
    if table.game.capabilities.hourglass:
        removed = _cite_value(
            result,
            piece,
            decide(table, "end_turn.remove_tokens", {"controlled_by_active": True, "given_action_this_turn": acted}),
        )
    if cleared != removed:
        result.note(
            table.fallback_step(
                f"{piece.id}: end_turn.tokens_cleared says {cleared} but end_turn.remove_tokens says {removed}"
            ),
            decides=True,
        )
        raise Open
    if cleared:
        tokens = 0
    hourglass = table.game.capabilities.hourglass and any(table.hourglass(piece, slot) for slot in HOURGLASS_SLOTS)
    if hourglass:
        clicks += int(
            _cite_value(
                result,
                piece,
                decide(table, "end_turn.hourglass_damage", {"controlled_by_active": True, "hourglass_state": True}),
            )
        )
    if piece.state == "possessed":
        clicks += int(
            _cite_value(result, piece, decide(table, "possession.hourglass_damage", {"puppet_of_active": True}))
        )
        tokens = int(
            _cite_value(
                result,
                piece,
                decide(table, "possession.hourglass_tokens", {"tokens_before": tokens, "puppet_of_active": True}),
            )
        )
    if clicks and table.hourglass(piece, "defense"):
        takes = _cite_value(result, piece, decide(table, "damage.can_be_taken", {"intangible": True}))
        if not takes:
            clicks = 0
    return tokens, clicks
