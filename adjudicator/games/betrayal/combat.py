"""The ``attack`` and ``damage`` queries: both sides' dice, the difference as damage, splits along the tracks.

Deciding steps: for an attack, whether it may be made (the verdict; a
refused attack is answered with the rule that refuses it and nothing else,
since it is never rolled), the kind of damage, each side's dice and, with
the rolls given, the damage each side takes, the steal (and the card rule that forbids it when nothing can be
stolen) and the stun; without the rolls, the rules every branch of the roll
used, each once. For damage, the points, the split's legality, every clip
moved and whether the explorer dies; without a split, whether some allowed
split keeps the explorer alive, from the splits themselves, never from one
sample of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from adjudicator.core.dice import probability
from adjudicator.core.engine import Result
from adjudicator.core.errors import PositionedError, Where
from adjudicator.games.betrayal.checks import sight
from adjudicator.games.betrayal.model import DIE, UNTRADEABLE, Card, Piece
from adjudicator.games.betrayal.rules import Rules
from adjudicator.games.betrayal.trace import Trace
from adjudicator.situation.answer import Answer

KIND_TRAITS = {"physical": ("might", "speed"), "mental": ("knowledge", "sanity")}
SIDES = ("attacker", "defender")


def _value(piece: Piece, trait: str) -> int:
    t = piece.traits.get(trait)
    return 0 if t is None else min(t.value, 8)


class Fight:
    """One attack's fixed facts, and the decisions of one pair of totals."""

    def __init__(self, rules: Rules, attacker: Piece, defender: Piece, kind: str, *, ranged: bool) -> None:
        self.rules, self.a, self.d, self.kind, self.ranged = rules, attacker, defender, kind, ranged

    def damage(self, side: str, at: int, dt: int) -> Result:
        """``attack.damage`` taken by ``side`` for these totals."""
        return self.rules.decide(
            "attack.damage",
            {
                "side": side,
                "attacker_total": min(at, 16),
                "defender_total": min(dt, 16),
                "ranged": self.ranged,
                "defender_stunned": self.d.type == "monster" and self.d.stunned,
                "stole": False,
            },
        )

    def steal(self, at: int, dt: int) -> Result:
        """``steal.allowed`` for these totals."""
        winner = "attacker" if at > dt else "defender" if dt > at else "none"
        loser = self.d if winner == "attacker" else self.a
        return self.steal_with(winner, abs(at - dt), tradeable=any(c.tradeable for c in loser.cards()))

    def steal_with(self, winner: str, margin: int, *, tradeable: bool) -> Result:
        """``steal.allowed`` for a winner, a margin and whether the loser holds something tradeable."""
        return self.rules.decide(
            "steal.allowed",
            {
                "winner": winner,
                "margin": min(margin, 16),
                "damage_kind": self.kind,
                "ranged": self.ranged,
                "attacker_kind": self.a.type,
                "tradeable": tradeable,
            },
        )

    def why_nothing_to_steal(self, winner: str, margin: int, trace: Trace) -> None:
        """When only the loser's cards stand in the way of a steal, cite the rule that keeps each (L345, L347)."""
        loser = self.d if winner == "attacker" else self.a
        if any(c.tradeable for c in loser.cards()) or not self.steal_with(winner, margin, tradeable=True).value:
            return
        if not loser.cards():
            text = f"{loser.id} holds no item or omen to steal"
            trace.note(self.rules.rule_step("BT.ATK.STEAL", text), decides=True)
            return
        for card in loser.cards():
            trace.cite(self.card_steal(loser, card), f"{loser.id}'s {card.name}", decides=True)

    def card_steal(self, holder: Piece, card: Card) -> Result:
        """``item.action_allowed`` for stealing one card from its holder."""
        return self.rules.decide(
            "item.action_allowed",
            {
                "action": "steal",
                "holder": holder.type,
                "monster_may_carry": holder.type == "monster",
                "item_acted": False,
                "action_done": False,
                "tradeable": card.tradeable,
                "not_an_item": card.name in UNTRADEABLE,
                "same_room": True,
                "both_agree": False,
                "across_obstacle": False,
            },
        )


def attack(rules: Rules) -> Answer:  # noqa: C901, PLR0912, PLR0915 - one attack read in order, every step cited
    """Answer an ``attack`` query."""
    s = rules.situation
    q = s.query
    a, d = s.piece(str(q.get("attacker"))), s.piece(str(q.get("defender")))
    trait = str(q.get("trait") or "might")
    ranged = bool(q.get("ranged", False))
    out = Answer(s.ruleset, "attack", "legal")
    t = Trace()
    same_room = a.room == d.room
    across = same_room and a.side is not None and d.side is not None and a.side != d.side
    los = same_room
    if ranged and not same_room:
        los = sight(rules, a.at, d.at, t)[0]
    allowed = t.cite(
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
        decides=True,
    )
    legal = bool(allowed.value)
    if not legal:  # a refused attack is never rolled: no dice, no odds, no damage
        out.verdict = "illegal"
        t.into(out)
        out.outcome = {"trait": trait, "refused_by": _rule_of(allowed)}
        out.marks = {"line": [a.at, d.at]}
        return out
    kind = str(t.cite(rules.decide("attack.damage_kind", {"trait": trait}), decides=legal).value)
    av, dv = _value(a, trait), _value(d, trait)
    dice = {
        side: int(
            t.cite(
                rules.decide("attack.dice", {"side": side, "trait": trait, "attacker_value": av, "defender_value": dv}),
                side,
                decides=legal,
            ).value
            or 0
        )
        for side in SIDES
    }
    fight = Fight(rules, a, d, kind, ranged=ranged)
    out.outcome = {
        "trait": trait,
        "damage_kind": kind,
        "attacker_dice": dice["attacker"],
        "defender_dice": dice["defender"],
    }
    given = q.get("rolls")
    if isinstance(given, list) and len(given) == 2:  # noqa: PLR2004 - two totals
        at, dt = int(given[0]), int(given[1])
        taken = {side: int(t.cite(fight.damage(side, at, dt), side, decides=legal).value or 0) for side in SIDES}
        winner = "attacker" if at > dt else "defender" if dt > at else None
        steal = t.cite(fight.steal(at, dt), decides=legal)
        if legal and winner is not None and not steal.value:
            fight.why_nothing_to_steal(winner, abs(at - dt), t)
        stunned = []
        for piece, hurt in ((a, taken["attacker"]), (d, taken["defender"])):
            if piece.type == "monster" and hurt > 0:
                t.cite(rules.decide("monster.killed", {"haunt_kills": False}), piece.id, decides=legal)
                st = t.cite(
                    rules.decide(
                        "monster.stunned_after",
                        {"took_damage": True, "haunt_replaces_stun": False, "stun_effect": False},
                    ),
                    piece.id,
                    decides=legal,
                )
                if st.value:
                    stunned.append(piece.id)
        t.into(out)
        out.outcome |= {
            "winner": winner,
            "damage": {a.id: taken["attacker"], d.id: taken["defender"]},
            "stunned": stunned,
            "steal_possible": bool(steal.value) and winner is not None,
        }
        out.marks = {"line": [a.at, d.at]}
        return out
    pa = pd = pt = ps = Fraction(0)
    dist = {side: dict[int, Fraction]() for side in SIDES}
    used: dict[str, dict[str, Result]] = {"attacker": {}, "defender": {}, "steal": {}}
    loss: dict[str, int] = {}
    """The widest margin of each winner whose win allows no steal."""
    for at, p1 in DIE.distribution(dice["attacker"]).items():
        for dt, p2 in DIE.distribution(dice["defender"]).items():
            p = p1 * p2
            winner = "attacker" if at > dt else "defender" if dt > at else None
            pa += p if winner == "attacker" else 0
            pd += p if winner == "defender" else 0
            pt += p if winner is None else 0
            for side in SIDES:
                result = fight.damage(side, at, dt)
                used[side].setdefault(_rule_of(result), result)
                hurt = int(result.value or 0)
                dist[side][hurt] = dist[side].get(hurt, Fraction(0)) + p
            steal = fight.steal(at, dt)
            if winner is not None:
                used["steal"].setdefault(_rule_of(steal), steal)
                if not steal.value and abs(at - dt) > loss.get(winner, 0):
                    loss[winner] = abs(at - dt)
            ps += p if steal.value and winner is not None else 0
    shown = {side: _dist(dist[side]) for side in SIDES}
    for side, piece in (("attacker", a), ("defender", d)):
        for rule in used[side]:
            t.note(rules.rule_step(rule, f"{side} {piece.id} takes {shown[side]}"), decides=legal)
    for rule in used["steal"]:
        t.note(rules.rule_step(rule, f"a steal is possible with chance {probability(ps)}"), decides=legal)
    if legal and ps == 0:
        for winner, margin in loss.items():
            fight.why_nothing_to_steal(winner, margin, t)
    t.into(out)
    out.outcome |= {
        "p_attacker_wins": probability(pa),
        "p_defender_wins": probability(pd),
        "p_tie": probability(pt),
        "damage_dist": {
            a.id: {str(n): probability(p) for n, p in sorted(dist["attacker"].items())},
            d.id: {str(n): probability(p) for n, p in sorted(dist["defender"].items())},
        },
        "p_steal_possible": probability(ps),
    }
    out.marks = {"line": [a.at, d.at]}
    return out


def _rule_of(result: Result) -> str:
    """The rule that gave a decision's value (its first step's)."""
    return result.trace[0].rule if result.trace else "(no rule)"


def _dist(dist: Mapping[int, Fraction]) -> str:
    """A damage distribution in words: ``0 (5/9), 1 (2/9), 2 (1/9)``."""
    return ", ".join(f"{n} ({probability(p)})" for n, p in sorted(dist.items()))


class Splits:
    """Damage splits of one explorer: where each clip lands, whether the split is allowed, whether it dies."""

    def __init__(self, rules: Rules, piece: Piece, kind: str) -> None:
        self.rules, self.piece, self.kind = rules, piece, kind
        self.started = rules.situation.haunt.started

    def clip(self, trait: str) -> tuple[tuple[int, ...], int]:
        """The track and notch of a trait whose clip this damage moves (exit 2 when the file gives a bare number)."""
        t = self.piece.traits[trait]
        if t.track is None or t.at is None:
            situation = self.rules.situation
            name = f"pieces[{situation.pieces.index(self.piece)}].{trait}"
            where = Where(str(situation.path), situation.lines.get(name, 1))
            raise PositionedError(
                where, f"{name}: this damage moves {self.piece.id}'s clip: give the trait as {{track, at}}"
            )
        return t.track, t.at

    def can_drop(self, trait: str, points: int) -> bool:
        """Whether the trait, after taking ``points``, could still go down a notch (unknown for a bare number)."""
        t = self.piece.traits.get(trait)
        if t is None or t.at is None:
            return False
        return t.at - points > 1

    def wasted(self, split: Mapping[str, int]) -> bool:
        """Whether a point moves no clip while the kind's other trait could still go down.

        A point on a trait already at its lowest number moves nothing before the haunt; the reading ``no_waste``
        of ``BT.TRAIT.NO_DEATH_PREHAUNT`` forbids it while the other trait could take it.
        """
        if self.started:
            return False
        traits = KIND_TRAITS[self.kind]
        for trait in traits:
            points = split.get(trait, 0)
            t = self.piece.traits.get(trait)
            if points == 0 or t is None or t.at is None or points <= t.at - 1:
                continue
            other = traits[1] if trait == traits[0] else traits[0]
            if self.can_drop(other, split.get(other, 0)):
                return True
        return False

    def legal(self, amount: int, split: Mapping[str, int]) -> Result:
        """``damage.split_legal`` for this split of ``amount`` points."""
        points = {t: min(int(split.get(t, 0)), 16) for t in ("might", "speed", "knowledge", "sanity")}
        return self.rules.decide(
            "damage.split_legal",
            {
                "kind": self.kind,
                "amount": min(amount, 16),
                **points,
                "haunt_started": self.started,
                "waste_avoidable": self.wasted(split),
            },
        )

    def after(self, trait: str, points: int) -> Result:
        """``trait.notch_after`` for a trait taking ``points``."""
        track, at = self.clip(trait)
        return self.rules.decide(
            "trait.notch_after",
            {"at": max(at, 1), "top": len(track), "change": -min(points, 16), "haunt_started": self.started},
        )

    def dies(self, at: Mapping[str, int]) -> Result:
        """``explorer.dies`` with the clips at these notches (the others where they stand)."""
        notches = [*at.values(), *(t.at for n, t in self.piece.traits.items() if n not in at and t.at is not None)]
        lowest = min(notches, default=1)
        if not self.started:
            lowest = max(lowest, 1)
        return self.rules.decide("explorer.dies", {"haunt_started": self.started, "lowest_notch": max(lowest, 0)})

    def outcome(self, split: Mapping[str, int]) -> tuple[dict[str, Result], Result]:
        """The clip decisions of the traits a split moves, and whether the explorer dies after it."""
        moved = {trait: self.after(trait, points) for trait, points in split.items() if points}
        return moved, self.dies({trait: int(r.value or 0) for trait, r in moved.items()})

    def surviving(self, amount: int) -> tuple[dict[str, int] | None, dict[str, int]]:
        """An allowed split of ``amount`` that keeps the explorer alive (or ``None``), and the last allowed split."""
        first, second = KIND_TRAITS[self.kind]
        allowed: dict[str, int] = {first: amount, second: 0}
        for k in range(amount + 1):
            tried = {first: k, second: amount - k}
            if not self.legal(amount, tried).value:
                continue
            allowed = tried
            if not self.outcome(tried)[1].value:
                return tried, tried
        return None, allowed


def damage(rules: Rules) -> Answer:  # noqa: C901, PLR0915 - one query read in order, every step cited
    """Answer a ``damage`` query."""
    s = rules.situation
    q = s.query
    piece = s.piece(str(q.get("piece")))
    kind = str(q.get("type"))
    split = q.get("split")
    out = Answer(s.ruleset, "damage", "legal" if isinstance(split, dict) else "answered")
    t = Trace()
    if piece.type == "monster":
        st = t.cite(
            rules.decide(
                "monster.stunned_after", {"took_damage": True, "haunt_replaces_stun": False, "stun_effect": False}
            ),
            piece.id,
            decides=True,
        )
        t.into(out)
        out.outcome = {"stunned": bool(st.value)}
        return out
    splits = Splits(rules, piece, kind)
    pair = KIND_TRAITS[kind]
    if isinstance(split, dict):
        amount = int(q.get("amount") or 0)
        t.cite(
            rules.decide("damage.points", {"form": "fixed", "amount": min(amount, 8), "dice_total": 0}), decides=True
        )
        points = {trait: int(n) for trait, n in split.items()}
        legal = t.cite(splits.legal(amount, points), decides=True)
        allowed = bool(legal.value)
        moved, dies = splits.outcome(points)
        values: dict[str, int] = {}
        at: dict[str, int] = {}
        for trait in (*pair, *(n for n in moved if n not in pair)):
            if trait in moved:
                t.cite(moved[trait], trait, decides=allowed)
                at[trait] = int(moved[trait].value or 0)
                values[trait] = piece.traits[trait].value_at(at[trait])
            elif trait in piece.traits:
                values[trait] = piece.traits[trait].value
                if piece.traits[trait].at is not None:
                    at[trait] = int(piece.traits[trait].at or 0)
        t.cite(dies, decides=allowed)
        t.into(out)
        out.verdict = "legal" if allowed else "illegal"
        out.outcome = {"traits": values, "at": at, "dead": bool(dies.value)}
        return out
    form = "dice" if q.get("dice") is not None else "fixed"
    count = int(q.get(form if form == "dice" else "amount") or 0)
    points_rule = rules.decide("damage.points", {"form": form, "amount": min(count, 8), "dice_total": 0})
    if form == "fixed":
        t.cite(points_rule, decides=True)
        kept, tried = splits.surviving(count)
        t.cite(
            splits.legal(count, kept or tried),
            f"{piece.id} splits {count} as {_split_words(kept or tried)}",
            decides=True,
        )
        _moved, dies = splits.outcome(kept or tried)
        lead = f"with {_split_words(kept)}" if kept is not None else f"every allowed split of {count}"
        t.cite(dies, lead, decides=True)
        t.into(out)
        survive = kept is not None
        out.outcome = {"can_survive": survive, "p_can_survive": "1" if survive else "0"}
        return out
    dist = DIE.distribution(count)
    alive = {total: splits.surviving(total) for total in dist}
    p = sum((pr for total, pr in dist.items() if alive[total][0] is not None), Fraction(0))
    survivable = sorted(total for total in dist if alive[total][0] is not None)
    fatal = sorted(total for total in dist if alive[total][0] is None)
    rule = _rule_of(points_rule)
    t.note(rules.rule_step(rule, f"{count} dice of {kind} damage: the pips rolled, 0 to {2 * count}"), decides=True)
    legal_rules = {_rule_of(splits.legal(total, kept or tried)) for total, (kept, tried) in alive.items()}
    for legal_rule in sorted(legal_rules):
        t.note(
            rules.rule_step(legal_rule, f"{piece.id} splits the points between {pair[0]} and {pair[1]}"), decides=True
        )
    words = []
    if survivable:
        words.append(f"a total of {_totals(survivable)} can be split to keep {piece.id} alive")
    if fatal:
        words.append(f"a total of {_totals(fatal)} cannot")
    dies_rules = {_rule_of(splits.outcome(kept or tried)[1]) for kept, tried in alive.values()}
    for dies_rule in sorted(dies_rules):
        t.note(rules.rule_step(dies_rule, "; ".join(words) + f": chance {probability(p)}"), decides=True)
    t.into(out)
    out.outcome = {"p_can_survive": probability(p)}
    return out


def _split_words(split: Mapping[str, int] | None) -> str:
    """A split in words: ``2 on might, 1 on speed``."""
    return ", ".join(f"{n} on {trait}" for trait, n in (split or {}).items())


def _totals(totals: list[int]) -> str:
    """Totals in words: ``0``, ``0 or 1``, ``2 to 4``."""
    if len(totals) == 1:
        return str(totals[0])
    if totals == list(range(totals[0], totals[-1] + 1)):
        return f"{totals[0]} or {totals[1]}" if len(totals) == 2 else f"{totals[0]} to {totals[-1]}"  # noqa: PLR2004
    return ", ".join(map(str, totals))


__all__: list[Any] = ["attack", "damage"]
