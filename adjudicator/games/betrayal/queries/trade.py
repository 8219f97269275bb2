"""The ``trade`` query: whether a piece may trade (hand over), drop or pick up an item or omen now.

Once in its turn an explorer (or a monster the haunt lets carry items) may
trade an item with another explorer in the same room if both agree, drop as
many items as it likes, and pick up items from a pile (bt2e L339-343); each
card takes one such action a turn (L349-355). Some items cannot be traded
(L345); the Bite, Dog, Girl and Madman are no items at all and can never be
dropped, traded or stolen (L347). An explorer does not deal with one on the
other side of an obstacle (L248). Monsters carry no items unless the haunt
says so (L528).

When: items may be used in the middle of a move (L222), and after a card
has ended the movement the explorer may still act with its items (L329);
``turn.action_allowed`` answers this from the piece's ``turn``.

Deciding steps: the turn's leave to act with items now, and
``item.action_allowed`` for the card (the rule that allows or forbids it).
"""

from __future__ import annotations

from adjudicator.games.betrayal.model import UNTRADEABLE, Card, Piece
from adjudicator.games.betrayal.rules import Rules
from adjudicator.games.betrayal.trace import Trace
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId


def _card(piece: Piece, name: str, action: str) -> Card:
    """The card acted on: the one the piece holds, or for a pick-up the card lying in the pile."""
    held = next((card for card in piece.cards() if card.name == name), None)
    if held is not None and action != "pickup":
        return held
    return Card(name, name not in UNTRADEABLE)


def answer(rules: Rules) -> Answer:
    """Answer a ``trade`` query."""
    situation = rules.situation
    query = situation.query
    piece = situation.piece(str(query.get("piece")))
    action = str(query.get("action") or "trade")
    card = _card(piece, str(query.get("card")), action)
    place = str(query.get("at") or piece.at)
    partner = situation.piece(str(query.get("with"))) if query.get("with") else None
    same_room = partner is not None and partner.room == place.partition(":")[0]
    side = place.partition(":")[2]
    across = same_room and partner is not None and bool(side) and bool(partner.side) and partner.side != side
    trace = Trace()
    when = rules.decide(
        "turn.action_allowed",
        {
            "action": "use",
            "haunt_started": situation.haunt.started,
            "attacked_this_turn": piece.turn.attacked,
            "haunt_action_done": False,
            "movement_ended": piece.turn.stopped_by is not None,
        },
    )
    allowed = rules.decide(
        "item.action_allowed",
        {
            "action": action,
            "holder": piece.type,
            "monster_may_carry": False,
            "item_acted": bool(query.get("card_acted", False)),
            "action_done": bool(query.get("action_done", False)),
            "tradeable": card.tradeable and card.name not in UNTRADEABLE,
            "not_an_item": card.name in UNTRADEABLE,
            "same_room": same_room if action == "trade" else True,
            "both_agree": bool(query.get("both_agree", True)),
            "across_obstacle": across if action == "trade" else False,
        },
    )
    legal = bool(when.value) and bool(allowed.value)
    trace.cite(when, f"{piece.id} acting with its cards", decides=legal or not when.value)
    trace.cite(allowed, f"{piece.id} {action}s {card.name}", decides=legal or not allowed.value)
    out = Answer(situation.ruleset, "trade", "legal" if legal else "illegal")
    trace.into(out)
    receiver = {"trade": partner.id if partner else None, "drop": f"pile:{place}", "pickup": piece.id}[action]
    out.outcome = {
        "action": action,
        "card": card.name,
        "from": f"pile:{place}" if action == "pickup" else piece.id,
        "to": receiver if legal else None,
        "at": place,
    }
    marks: list[SpaceId] = [piece.at] if partner is None else [piece.at, partner.at]
    out.marks = {"path": marks}
    return out
