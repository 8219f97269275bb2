"""The ``attack`` and ``damage`` queries: both sides' dice, the difference as damage, splits along the tracks."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from adjudicator.core.dice import probability
from adjudicator.core.errors import PositionedError, Where
from adjudicator.games.betrayal.checks import sight
from adjudicator.games.betrayal.model import DIE, Piece
from adjudicator.games.betrayal.rules import Rules
from adjudicator.situation.answer import Answer

KIND_TRAITS = {"physical": ("might", "speed"), "mental": ("knowledge", "sanity")}


def _value(piece: Piece, trait: str) -> int:
    t = piece.traits.get(trait)
    return 0 if t is None else min(t.value, 8)


def attack(rules: Rules) -> Answer:  # noqa: C901, PLR0915 - one attack read in order, every step cited
    """Answer an ``attack`` query."""
    s = rules.situation
    q = s.query
    a, d = s.piece(str(q.get("attacker"))), s.piece(str(q.get("defender")))
    trait = str(q.get("trait") or "might")
    ranged = bool(q.get("ranged", False))
    out = Answer(s.ruleset, "attack", "legal")
    same_room = a.room == d.room
    across = same_room and a.side is not None and d.side is not None and a.side != d.side
    los = sight(rules, a.at, d.at, None)[0] if ranged and not same_room else same_room
    allowed = out.cite(
        rules.decide(
            "attack.allowed",
            {
                "haunt_started": s.haunt.started,
                "attacker": a.type,
                "target": d.type,
                "target_is_opponent": s.opponents(a, d),
                "same_room": same_room,
                "ranged": ranged,
                "can_ranged": a.ranged,
                "line_of_sight": los,
                "attacked_this_turn": a.turn.attacked,
                "defender_has_trait": trait in d.traits,
                "across_obstacle": across,
                "hidden_traitor": False,
                "attacker_stunned": a.type == "monster" and a.stunned,
            },
        ),
        once=True,
    )
    if not allowed.value:
        out.verdict = "illegal"
    kind = str(out.cite(rules.decide("attack.damage_kind", {"trait": trait}), once=True).value)
    av, dv = _value(a, trait), _value(d, trait)
    adice = int(
        out.cite(
            rules.decide("attack.dice", {"side": "attacker", "attacker_value": av, "defender_value": dv}),
            "attacker",
            once=True,
        ).value
        or 0
    )
    ddice = int(
        out.cite(
            rules.decide("attack.dice", {"side": "defender", "attacker_value": av, "defender_value": dv}),
            "defender",
            once=True,
        ).value
        or 0
    )
    loot = any(c.tradeable for c in d.cards())
    aloot = any(c.tradeable for c in a.cards())
    stunned_d = d.type == "monster" and d.stunned

    def fight(at: int, dt: int, trace: bool) -> tuple[str | None, int, int, bool]:
        def dmg(side: str) -> int:
            r = rules.decide(
                "attack.damage",
                {
                    "side": side,
                    "attacker_total": min(at, 16),
                    "defender_total": min(dt, 16),
                    "ranged": ranged,
                    "defender_stunned": stunned_d,
                    "stole": False,
                },
            )
            if trace:
                out.cite(r, f"{side}", once=True)
            return int(r.value or 0)

        da, dd = dmg("attacker"), dmg("defender")
        winner = "attacker" if at > dt else "defender" if dt > at else None
        margin = abs(at - dt)
        steal = rules.decide(
            "steal.allowed",
            {
                "winner": winner or "none",
                "margin": min(margin, 16),
                "damage_kind": kind,
                "ranged": ranged,
                "attacker_kind": a.type,
                "tradeable": loot if winner == "attacker" else aloot,
            },
        )
        if trace:
            out.cite(steal, once=True)
        return winner, da, dd, bool(steal.value) and winner is not None

    out.outcome = {"trait": trait, "damage_kind": kind, "attacker_dice": adice, "defender_dice": ddice}
    given = q.get("rolls")
    if isinstance(given, list) and len(given) == 2:  # noqa: PLR2004 - two totals
        winner, da, dd, steal = fight(int(given[0]), int(given[1]), trace=True)
        stunned = []
        for piece, taken in ((a, da), (d, dd)):
            if piece.type == "monster" and taken > 0:
                out.cite(rules.decide("monster.killed", {"haunt_kills": False}), once=True)
                st = out.cite(
                    rules.decide(
                        "monster.stunned_after",
                        {"took_damage": True, "haunt_replaces_stun": False, "stun_effect": False},
                    ),
                    once=True,
                )
                if st.value:
                    stunned.append(piece.id)
        out.outcome |= {"winner": winner, "damage": {a.id: da, d.id: dd}, "stunned": stunned, "steal_possible": steal}
        return out
    pa = pd = pt = ps = Fraction(0)
    dist_a: dict[int, Fraction] = {}
    dist_d: dict[int, Fraction] = {}
    for at, p1 in DIE.distribution(adice).items():
        for dt, p2 in DIE.distribution(ddice).items():
            p = p1 * p2
            winner, da, dd, steal = fight(at, dt, trace=False)
            pa += p if winner == "attacker" else 0
            pd += p if winner == "defender" else 0
            pt += p if winner is None else 0
            ps += p if steal else 0
            dist_a[da] = dist_a.get(da, Fraction(0)) + p
            dist_d[dd] = dist_d.get(dd, Fraction(0)) + p
    fight(2 * adice, 0, trace=True) if adice else fight(0, 2 * ddice, trace=True)
    out.outcome |= {
        "p_attacker_wins": probability(pa),
        "p_defender_wins": probability(pd),
        "p_tie": probability(pt),
        "damage_dist": {
            a.id: {str(n): probability(p) for n, p in sorted(dist_a.items())},
            d.id: {str(n): probability(p) for n, p in sorted(dist_d.items())},
        },
        "p_steal_possible": probability(ps),
    }
    out.marks = {"line": [a.at, d.at]}
    return out


def _split_result(
    rules: Rules, piece: Piece, split: dict[str, int], out: Answer | None
) -> tuple[dict[str, int], dict[str, int], bool]:
    """Clip notches and values after a split, and whether the explorer dies."""
    started = rules.situation.haunt.started
    at: dict[str, int] = {}
    values: dict[str, int] = {}
    for trait, points in split.items():
        t = piece.traits[trait]
        if not t.movable or t.track is None or t.at is None:
            field = f"pieces[{rules.situation.pieces.index(piece)}].{trait}"
            where = Where(str(rules.situation.path), rules.situation.lines.get(field, 1))
            raise PositionedError(
                where, f"{field}: this damage moves {piece.id}'s clip: give the trait as {{track, at}}"
            )
        r = rules.decide(
            "trait.notch_after",
            {"at": max(t.at, 1), "top": len(t.track), "change": -min(points, 16), "haunt_started": started},
        )
        if out is not None:
            out.cite(r, f"{trait}", once=True)
        at[trait] = int(r.value or 0)
        values[trait] = t.value_at(at[trait])
    lowest = min(
        [*at.values(), *(t.at for n, t in piece.traits.items() if n not in at and t.at is not None)], default=1
    )
    dies = rules.decide(
        "explorer.dies", {"haunt_started": started, "lowest_notch": max(lowest if started else max(lowest, 1), 0)}
    )
    if out is not None:
        out.cite(dies, once=True)
    return values, at, bool(dies.value)


def damage(rules: Rules) -> Answer:
    """Answer a ``damage`` query."""
    s = rules.situation
    q = s.query
    piece = s.piece(str(q.get("piece")))
    kind = str(q.get("type"))
    started = s.haunt.started
    split = q.get("split")
    out = Answer(s.ruleset, "damage", "legal" if isinstance(split, dict) else "answered")
    if piece.type == "monster":
        st = out.cite(
            rules.decide(
                "monster.stunned_after", {"took_damage": True, "haunt_replaces_stun": False, "stun_effect": False}
            ),
            once=True,
        )
        out.outcome = {"stunned": bool(st.value)}
        return out
    if isinstance(split, dict):
        amount = int(q.get("amount") or 0)
        out.cite(rules.decide("damage.points", {"form": "fixed", "amount": min(amount, 8), "dice_total": 0}), once=True)
        points = {t: int(split.get(t, 0)) for t in ("might", "speed", "knowledge", "sanity")}
        legal = out.cite(
            rules.decide(
                "damage.split_legal",
                {
                    "kind": kind,
                    "amount": min(amount, 16),
                    **{k: min(v, 16) for k, v in points.items()},
                    "haunt_started": started,
                    "waste_avoidable": False,
                },
            ),
            once=True,
        )
        values, at, dead = _split_result(rules, piece, {t: v for t, v in points.items() if v}, out)
        out.verdict = "legal" if legal.value else "illegal"
        out.outcome = {"traits": values, "at": at, "dead": dead}
        return out
    a, b = KIND_TRAITS[kind]

    def survives(total: int) -> bool:
        for k in range(total + 1):
            legal = True
            if legal and not _split_result(rules, piece, {a: k, b: total - k}, None)[2]:
                return True
        return False

    form = "dice" if q.get("dice") is not None else "fixed"
    out.cite(
        rules.decide(
            "damage.points",
            {"form": form, "amount": min(int(q.get(form if form == "dice" else "amount") or 0), 8), "dice_total": 0},
        ),
        once=True,
    )
    out.cite(
        rules.decide(
            "damage.split_legal",
            {
                "kind": kind,
                "amount": 0,
                "might": 0,
                "speed": 0,
                "knowledge": 0,
                "sanity": 0,
                "haunt_started": started,
                "waste_avoidable": False,
            },
        ),
        once=True,
    )
    if q.get("dice") is not None:
        dice = int(q.get("dice"))
        p = sum((pr for total, pr in DIE.distribution(dice).items() if survives(total)), Fraction(0))
        out.outcome = {"p_can_survive": probability(p)}
    else:
        out.outcome = {"can_survive": survives(int(q.get("amount") or 0))}
    _split_result(rules, piece, {a: 0}, out)
    return out


__all__: list[Any] = ["attack", "damage"]
