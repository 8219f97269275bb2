"""The ``tile_effect`` query: a room's printed instruction raises or lowers one trait of a piece.

Whether the instruction is followed at all is ``tile.effect_applies``: an
explorer follows a tile's rule (bt2e L309); the traitor may ignore a harmful
one (L495); a monster gets nothing from an instruction that raises a trait
and may ignore a harmful one (L525). When it is followed, the clip moves by
notches along the printed track, never past the maximum (L188) and, before
the haunt, never below the lowest number (L198); after the haunt an explorer
whose clip reaches the skull dies (L198, L473).

Deciding steps: whether the effect applies and, when it does, where the clip
lands and whether the explorer dies.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.errors import PositionedError, Where
from adjudicator.games.betrayal.model import Piece
from adjudicator.games.betrayal.rules import Rules
from adjudicator.games.betrayal.trace import Trace
from adjudicator.situation.answer import Answer


def _clip_error(rules: Rules, piece: Piece, trait: str) -> PositionedError:
    """The positioned error for a clip the effect must move but the file gives as a bare number."""
    situation = rules.situation
    name = f"pieces[{situation.pieces.index(piece)}].{trait}"
    where = Where(str(situation.path), situation.lines.get(name, 1))
    return PositionedError(where, f"{name}: this effect moves {piece.id}'s clip: give the trait as {{track, at}}")


def answer(rules: Rules) -> Answer:
    """Answer a ``tile_effect`` query."""
    situation = rules.situation
    query = situation.query
    piece = situation.piece(str(query.get("piece")))
    trait = str(query.get("trait"))
    change = int(query.get("change") or 0)
    effect = "trait_gain" if change > 0 else "harmful"
    trace = Trace()
    applies = trace.cite(
        rules.decide(
            "tile.effect_applies",
            {"effect": effect, "mover": piece.type, "is_traitor": situation.is_traitor(piece)},
        ),
        piece.id,
        decides=True,
    )
    current = piece.traits.get(trait)
    outcome: dict[str, Any] = {
        "effect": effect,
        "applies": bool(applies.value),
        "value": None if current is None else current.value,
    }
    if applies.value and current is not None and piece.type == "explorer":
        if current.track is None or current.at is None:
            raise _clip_error(rules, piece, trait)
        started = situation.haunt.started
        after = trace.cite(
            rules.decide(
                "trait.notch_after",
                {"at": max(current.at, 1), "top": len(current.track), "change": change, "haunt_started": started},
            ),
            f"{piece.id}'s {trait}",
            decides=True,
        )
        notch = int(after.value or 0)
        others = [t.at for name, t in piece.traits.items() if name != trait and t.at is not None]
        lowest = min([notch, *others]) if started else max(min([notch, *others]), 1)
        dies = trace.cite(
            rules.decide("explorer.dies", {"haunt_started": started, "lowest_notch": max(lowest, 0)}),
            piece.id,
            decides=True,
        )
        outcome |= {"value": current.value_at(notch), "at": notch, "dead": bool(dies.value)}
    out = Answer(situation.ruleset, "tile_effect", "answered")
    trace.into(out)
    out.outcome = outcome
    out.marks = {"path": [piece.at]}
    return out
