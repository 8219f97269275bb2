"""The ``monster_turn`` query: the monster's focus and every play the rules allow it.

The contract's three steps (contract-gloomhaven.md, ``monster_turn``):

1. **Focus** (GH.FOCUS.*): the enemies it could one day attack from a hex it
   can reach, ranked by negative hexes then movement to such a hex
   (``monster.focus_prefer``), then proximity, then initiative
   (``monster.initiative_prefer``); what is still tied is the players' choice.
2. **Whom it attacks**: every (end hex, target set) pair with the focus in the
   set, ranked (a) negative hexes, (b) reached this turn, (c) no disadvantage
   on the focus, (d) most targets, (e) fewest movement points
   (``monster.play_prefer``), (f) better-placed extra targets.
3. **Where it ends**: among hexes tying on (a)-(c) from which a best set can be
   attacked, the fewest targets at disadvantage then the fewest movement
   points; out of reach this turn, it heads for one of them.

The geometry is :mod:`.monster_search`; each step asks the spec's decisions
and cites them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from adjudicator.core.engine import FactError
from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import MonsterTurnQuery, Piece, Situation
from adjudicator.games.gloomhaven.monster_search import NEGATIVE, AttackShape, Cost, Mover, TurnMap, area_cells
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId
from adjudicator.spaces.hex import Hex

FAR = 99
"""Proximity of an enemy no range count reaches."""
PROXIMITY_RULE = "GH.FOCUS.TIE_PROXIMITY"
"""The rule whose reading says how proximity breaks focus ties."""

Choice = tuple[Hex, frozenset[str]]
"""One play: the end hex and the set of targets."""


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def _shape(query: MonsterTurnQuery, disarmed: bool) -> tuple[AttackShape, bool]:
    """The attack it moves for, and whether it attacks at all (L1334-1336, L1368)."""
    attack = query.attack
    if attack is None or disarmed:
        return AttackShape(), False
    if attack.area is not None:
        area = attack.area
        red = area_cells(area.grey, area.red)
        return AttackShape(attack.range, 1, red, area.melee, attack.add_targets), True
    return AttackShape(attack.range, attack.targets, (), melee_area=False, add_targets=attack.add_targets), True


class _Turn:
    """One monster turn being worked out."""

    def __init__(self, spec: Spec, situation: Situation, query: MonsterTurnQuery) -> None:
        self.situation = situation
        self.query = query
        self.board = situation.board
        self.monster = situation.piece(query.monster)
        self.answer = Answer(situation.ruleset, "monster_turn", "answered")
        self.ruling = Ruling(spec, situation.ruleset, situation.readings)
        self.enemies = [p for p in situation.pieces if p.enemy_of(self.monster)]
        self.by_id = {p.id: p for p in self.enemies}
        m = self.monster
        self.shape, self.attacks = _shape(query, m.has("disarm"))
        mode = "flying" if m.flying else "jump" if query.jump else "normal"
        points = 0 if m.has("immobilize") else query.move
        self.map = TurnMap(
            board=self.board,
            mover=Mover(m.at, points, mode),
            allies=frozenset(p.at for p in situation.pieces if p.side == m.side and p.id != m.id),
            enemies={p.id: p.at for p in self.enemies},
            targetable=frozenset(p.id for p in self.enemies if not p.has("invisible")),
        )
        self.muddled = m.has("muddle")
        self.best_keys: dict[str, tuple[Any, ...]] = {}

    def name(self, h: Hex) -> str:
        return self.board.name(h)

    # -- step 0: what the card lets it do

    def performs(self, ability: str, has_focus: bool = True) -> bool:
        m = self.monster
        facts: dict[str, Value] = {
            "ability": ability,
            "on_card": ability == "move" or self.query.attack is not None,
            "able": True,
            "stunned": m.has("stun"),
            "immobilized": m.has("immobilize"),
            "disarmed": m.has("disarm"),
            "has_focus": has_focus,
        }
        return bool(self.answer.cite(self.ruling.decide("monster.performs", facts), f"{m.id} {ability}").value)

    # -- step 1: focus

    def proximity(self, enemy: Piece) -> int:
        """Proximity for focus ties: a range count (default reading of GH.FOCUS.TIE_PROXIMITY)."""
        if self.situation.readings.get(PROXIMITY_RULE) == "movement":
            return self.path_length(enemy)
        distance = self.map.range(self.monster.at, enemy.at)
        return FAR if distance is None else distance

    def path_length(self, enemy: Piece) -> int:
        """Movement to the enemy's own hex, as a move would need it (the ``movement`` reading)."""
        paths = self.map.paths
        best = min((paths[n][1] for n in self.map.adjacent.get(enemy.at, ()) if n in paths), default=None)
        if best is None:
            return FAR
        return best + (2 if self.map.features.get(enemy.at) == "difficult" else 1)

    def closeness(self) -> dict[str, tuple[Cost, int]]:
        """Each focus candidate's best (negative, points) to an attack hex and its proximity."""
        out: dict[str, tuple[Cost, int]] = {}
        for enemy in self.enemies:
            first = None
            if enemy.id in self.map.targetable:
                hexes = self.map.attack_hexes(self.shape, enemy.id)
                first = next((h for h in hexes if self.map.can_target_from(self.shape, h, enemy.id)), None)
            facts: dict[str, Value] = {"invisible": enemy.has("invisible"), "attack_hex_reachable": first is not None}
            if (
                self.answer.cite(
                    self.ruling.decide("monster.focus_candidate", facts), f"focus candidate {enemy.id}"
                ).value
                and first
            ):
                out[enemy.id] = (self.map.paths[first], self.proximity(enemy))
        return out

    def earlier(self, a: Piece, b: Piece) -> bool | None:
        """Whether ``a`` acts before ``b``; ``None`` when the rules leave it open (L348-361)."""
        ia, ib = self.init(a), self.init(b)
        if ia == ib:
            # Same initiative (or none given): a summon still acts just before its owner, and
            # one owner's summons in the order listed (L359-361); other ties stay open.
            owner_a = a.owner if a.type == "summon" else a.id
            owner_b = b.owner if b.type == "summon" else b.id
            if owner_a == owner_b:
                return (
                    self.situation.pieces.index(a) < self.situation.pieces.index(b)
                    if (a.type == b.type == "summon")
                    else a.type == "summon"
                )
            return None
        if ia is None or ib is None:
            return None
        return ia < ib

    def init(self, piece: Piece) -> Fraction | None:
        if piece.type == "summon" and piece.owner is not None:
            owner = next((p for p in self.situation.pieces if p.id == piece.owner), None)
            return owner.initiative if owner is not None else piece.initiative
        return piece.initiative

    def focus(self) -> list[str]:
        close = self.closeness()
        if not close:
            return []
        best = min((c, p) for c, p in close.values())
        tied = [e for e, (c, p) in close.items() if (c, p) == best]
        winners = [e for e in tied if not any(self.earlier(self.by_id[o], self.by_id[e]) for o in tied if o != e)]
        lead = winners[0]
        for other in close:
            if other == lead:
                continue
            self.explain_focus(lead, other, close)
        if self.negative_hexes():
            self.answer.note(
                self.ruling.rule_step(
                    "GH.FOCUS.NEGATIVE_HEXES",
                    "for the focus, traps and hazardous hexes count as obstacles unless unavoidable",
                )
            )
        if len(winners) > 1:
            self.answer.note(
                self.ruling.rule_step(
                    "GH.FOCUS.TIE_INITIATIVE",
                    f"the players choose the focus among {', '.join(sorted(winners))}: equally close, same initiative",
                )
            )
        return sorted(winners)

    def explain_focus(self, lead: str, other: str, close: Mapping[str, tuple[Cost, int]]) -> None:
        (neg_a, pts_a), prox_a = close[lead]
        (neg_b, pts_b), prox_b = close[other]
        facts: dict[str, Value] = {
            "neg_first": _clamp(neg_a, 0, 9),
            "neg_second": _clamp(neg_b, 0, 9),
            "moves_first": _clamp(pts_a, 0, 40),
            "moves_second": _clamp(pts_b, 0, 40),
            "prox_first": _clamp(prox_a, 1, 40),
            "prox_second": _clamp(prox_b, 1, 40),
            "path_first": _clamp(self.path_length(self.by_id[lead]), 1, 40),
            "path_second": _clamp(self.path_length(self.by_id[other]), 1, 40),
        }
        result = self.answer.cite(self.ruling.decide("monster.focus_prefer", facts), f"focus {lead} against {other}")
        if result.value == "tie":
            a, b = self.init(self.by_id[lead]), self.init(self.by_id[other])
            if a is not None and b is not None and a.denominator == b.denominator == 1:
                init: dict[str, Value] = {
                    "init_first": _clamp(int(a), 1, 99),
                    "init_second": _clamp(int(b), 1, 99),
                }
                self.answer.cite(self.ruling.decide("monster.initiative_prefer", init), f"focus {lead} against {other}")
            else:
                self.answer.note(
                    self.ruling.rule_step("GH.FOCUS.TIE_INITIATIVE", f"focus {lead} against {other}: initiative order")
                )

    # -- steps 2 and 3: plays

    def disadvantaged(self, h: Hex, enemy: str) -> bool:
        """A ranged attack on an adjacent enemy, or a muddled monster (L652, L1170)."""
        if self.muddled:
            return True
        return self.shape.ranged and self.map.enemies[enemy] in self.map.adjacent.get(h, ())

    def rank(self, enemy: str) -> tuple[int, Fraction]:
        piece = self.by_id[enemy]
        init = self.init(piece)
        return (self.proximity(piece), init if init is not None else Fraction(0))

    def group(self, h: Hex) -> tuple[int, bool]:
        """Preferences (a) and (b) of a hex: negative hexes on the way, and not reached this turn."""
        neg = self.map.paths[h][0]
        now_cost = self.map.within.get(h)
        return (neg, not (now_cost is not None and now_cost[0] == neg))

    def plays(self, focus: str) -> tuple[list[Choice], bool, list[tuple[tuple[Any, ...], Choice]]]:
        """The allowed plays for one focus, whether they attack this turn, and every ranked pair."""
        tmap = self.map
        pairs: list[tuple[tuple[Any, ...], Choice]] = []
        group: tuple[int, bool] | None = None
        for h in sorted(tmap.attack_hexes(self.shape, focus), key=self.group):
            if group is not None and self.group(h) != group:
                break  # the best (a), (b) group is found: later groups lose on (a) or (b)
            neg, pts = tmap.paths[h]
            now = not self.group(h)[1]
            dis = self.disadvantaged(h, focus)
            found = tmap.target_sets(self.shape, h, focus)
            if found:
                group = self.group(h)
            for targets in found:
                extras = tuple(sorted(self.rank(e) for e in targets - {focus}))
                key = (neg, not now, dis, -len(targets), pts, extras)
                pairs.append((key, (h, targets)))
        if not pairs:
            return [], False, []
        pairs.sort(key=lambda kp: kp[0])
        best = pairs[0][0]
        self.best_keys[focus] = best
        sets = {t for k, (h, t) in pairs if k == best and not self.outranked(h, t, focus)}
        finals = [
            ((sum(self.disadvantaged(h, e) for e in t), k[4]), (h, t))
            for k, (h, t) in pairs
            if t in sets and k[:3] == best[:3] and not self.outranked(h, t, focus)
        ]
        top = min(f for f, _ in finals)
        chosen = [c for f, c in finals if f == top]
        now = not best[1]
        if now:
            return chosen, True, pairs
        return self.heading({h for h, _ in chosen}), False, pairs

    def outranked(self, h: Hex, targets: frozenset[str], focus: str) -> bool:
        """Whether an extra single target could be swapped for one ranking level with it but acting first.

        Ranks (f) compare proximity and initiative; a summon shares its owner's
        initiative yet acts just before it (L359-361), which a rank key cannot
        say without also ordering unrelated ties, so that case is checked here.
        """
        if self.shape.red or len(targets) < 2:  # noqa: PLR2004 - the focus and one extra
            return False
        pool = self.map.single_targets(self.shape, h) - targets
        return any(
            self.rank(y) == self.rank(x) and self.earlier(self.by_id[y], self.by_id[x])
            for x in targets - {focus}
            for y in pool
        )

    def heading(self, goals: set[Hex]) -> list[Choice]:
        """Out of reach this turn: the hexes it ends on heading for one of ``goals`` (L1322-1329, L1339-1346)."""
        out: list[Choice] = []
        within = self.map.within
        for goal in goals:
            rest = self.map.to_goal(goal)
            ranked = [((cost[0] + rest[e][0], rest[e][1], cost[1]), e) for e, cost in within.items() if e in rest]
            if not ranked:
                continue
            top = min(r for r, _ in ranked)
            out += [(e, frozenset()) for r, e in ranked if r == top]
        return out

    def explain_plays(self, pairs: Sequence[tuple[tuple[Any, ...], Choice]], focus: str) -> None:
        """Cite ``monster.play_prefer`` for the best pair against the best pair losing at each stage."""
        if not pairs:
            return
        best_key, (best_h, best_t) = pairs[0]
        if self.attacks and (self.muddled or self.shape.ranged):
            self.explain_disadvantage(best_h, focus)
            worse = next(((h, k) for k, (h, _) in pairs if k[2] and not best_key[2]), None)
            if worse is not None:
                self.explain_disadvantage(worse[0], focus)
        asked: set[int] = set()
        for key, (h, t) in pairs[1:]:
            stage = next((i for i in range(5) if key[i] != best_key[i]), None)
            if stage is None or stage in asked:
                continue
            asked.add(stage)
            facts: dict[str, Value] = {
                "neg_first": _clamp(best_key[0], 0, 9),
                "neg_second": _clamp(key[0], 0, 9),
                "now_first": not best_key[1],
                "now_second": not key[1],
                "disadv_first": best_key[2],
                "disadv_second": key[2],
                "targets_first": _clamp(-best_key[3], 0, 12),
                "targets_second": _clamp(-key[3], 0, 12),
                "moves_first": _clamp(best_key[4], 0, 40),
                "moves_second": _clamp(key[4], 0, 40),
            }
            note = f"focus {focus}: {self.name(best_h)} on {_ids(best_t)} against {self.name(h)} on {_ids(t)}"
            self.answer.cite(self.ruling.decide("monster.play_prefer", facts), note)

    def run(self) -> Answer:
        m = self.monster
        answer = self.answer
        if m.has("stun"):
            self.performs("move")
            return self.finish([], [(m.at, frozenset())])
        can_move = self.performs("move")
        if self.query.attack is not None:
            self.performs("attack")
        focus = self.focus()
        if not focus:
            self.performs("move", has_focus=False)
            return self.finish([], [(m.at, frozenset())])
        if can_move:
            self.explain_movement()
        choices: list[Choice] = []
        for f in focus:
            found, now, pairs = self.plays(f)
            self.explain_plays(pairs, f)
            if found:
                goal = ", ".join(sorted({self.name(h) for h, _ in found}))
                how = "attacks this turn from" if now else "cannot attack this turn; it heads on to"
                self.answer.note(self.ruling.rule_step("GH.MMOVE.TARGET_HEX", f"focus {f}: it {how} {goal}"))
            if now and self.attacks:
                self.explain_targets(f, found)
            choices += [(h, t if now and self.attacks else frozenset()) for h, t in found]
        if not can_move:
            choices = [(h, t) for h, t in choices if h == m.at] or [(m.at, frozenset())]
        unique = sorted(set(choices), key=lambda c: (self.board.sort_key(c[0]), sorted(c[1])))
        if len(unique) > 1:
            self.answer.note(
                self.ruling.rule_step("GH.MMOVE.TIES", f"the players choose among {len(unique)} equally good plays")
            )
        answer.marks["focus"] = [self.by_id[f].at for f in focus]
        return self.finish(focus, unique)

    def explain_disadvantage(self, h: Hex, focus: str) -> None:
        """Cite ``attack.has_disadvantage`` for an attack on the focus from ``h``."""
        facts: dict[str, Value] = {
            "muddled": self.muddled,
            "kind": "ranged" if self.shape.ranged else "melee",
            "target_adjacent": self.map.enemies[focus] in self.map.adjacent.get(h, ()),
            "imposed": False,
        }
        self.answer.cite(self.ruling.decide("attack.has_disadvantage", facts), f"attack on {focus} from {self.name(h)}")

    def negative_hexes(self) -> bool:
        """Whether traps or hazardous hexes could matter to its paths (a flier triggers none)."""
        return self.map.mover.mode != "flying" and any(f in NEGATIVE for f in self.map.features.values())

    def explain_movement(self) -> None:
        """Cite how it moves: like a player's Move, never onto a door; traps avoided when it can."""
        mover = self.map.mover
        how = {"normal": "a normal move", "jump": "a Jump", "flying": "Flying"}[mover.mode]
        self.answer.note(
            self.ruling.rule_step(
                "GH.MMOVE.AS_PLAYER",
                f"{self.monster.id} moves {mover.points} like a player's Move ({how}), never onto a door",
            )
        )
        if not self.attacks:
            self.answer.note(
                self.ruling.rule_step(
                    "GH.MMOVE.MELEE_IF_NO_ATTACK", f"{self.monster.id} moves as if it had a melee attack"
                )
            )
        if self.negative_hexes():
            self.answer.note(
                self.ruling.rule_step(
                    "GH.MMOVE.AVOID_NEGATIVE",
                    "traps and hazardous hexes are avoided unless every way needs them, then the fewest",
                )
            )

    def explain_range(self, h: Hex, enemy: str, note: str) -> int | None:
        """Cite ``range.distance`` from ``h`` to an enemy (around walls, L499-502)."""
        at = self.map.enemies[enemy]
        distance = self.map.range(h, at)
        if distance is None or h == at:
            return distance
        plain = self.board.distance(h, at)
        facts: dict[str, Value] = {"hexes": _clamp(plain, 1, 20), "detour": _clamp(distance - plain, 0, 20)}
        self.answer.cite(self.ruling.decide("range.distance", facts), note)
        return distance

    def explain_targets(self, focus: str, found: Sequence[Choice]) -> None:
        h, targets = found[0]
        start = self.monster.at
        if h != start and not self.map.can_target_from(self.shape, start, focus):
            self.explain_range(start, focus, f"from {self.name(start)} to {focus}")
        shape = self.shape
        area = "none" if not shape.red else "grey" if shape.melee_area else "no_grey"
        kind = self.answer.cite(
            self.ruling.decide(
                "attack.kind", {"stated_range": shape.range, "area": area, "generated_by_ranged": False}
            ),
            "attack",
        ).value
        for target in sorted(targets):
            distance = self.explain_range(h, target, f"from {self.name(h)} to {target}")
            if distance is None:
                continue
            in_area = bool(shape.red) and (target == focus or shape.add_targets == 0)
            facts_in: dict[str, Value] = {
                "kind": str(kind),
                "distance": _clamp(distance, 1, 20),
                "range": _clamp(shape.reach, 1, 10),
                "area_hex": in_area,
                "area_placed_in_range": in_area and not shape.melee_area,
            }
            self.answer.cite(self.ruling.decide("attack.in_range", facts_in), f"{target} from {self.name(h)}")
        others = len(self.map.single_targets(self.shape, h) - {focus})
        facts: dict[str, Value] = {
            "target_z": _clamp(self.shape.targets, 1, 6),
            "focus_reachable": True,
            "others_available": _clamp(others, 0, 11),
        }
        try:
            self.answer.cite(self.ruling.decide("monster.targets", facts), f"from {self.name(h)}")
        except FactError:
            self.answer.note(self.ruling.rule_step("GH.MATK.MULTI", f"from {self.name(h)}: targets {_ids(targets)}"))

    def finish(self, focus: list[str], choices: list[Choice]) -> Answer:
        answer = self.answer
        answer.outcome = {
            "focus": focus,
            "choices": [{"end": self.name(h), "targets": sorted(t)} for h, t in choices],
        }
        first_end, first_targets = choices[0]
        route: list[SpaceId] = [*self.map.route(first_end)]
        answer.marks["path"] = route
        answer.marks["end"] = [first_end]
        answer.marks["targets"] = [self.by_id[t].at for t in sorted(first_targets)]
        play = self.query.play
        if play is not None:
            wanted = (play.end, frozenset(play.targets))
            answer.verdict = "legal" if wanted in set(choices) else "illegal"
            self.judge(wanted, focus, choices)
        return answer

    def judge(self, wanted: Choice, focus: list[str], choices: list[Choice]) -> None:
        """Name the first rule a proposed play breaks (or say it is one of the choices)."""
        end, targets = wanted
        text = f"proposed play: end {self.name(end)}, targets {_ids(targets)}"
        if wanted in set(choices):
            self.answer.note(self.ruling.rule_step("GH.MMOVE.TIES", f"{text}: one of the plays the rules allow"))
            return
        m = self.monster
        if end != m.at and m.has("immobilize"):
            self.answer.note(
                self.ruling.rule_step("GH.MMOVE.IMMOBILIZED", f"{text}: an immobilized monster does not move")
            )
        elif end not in self.map.within:
            rule = "GH.MMOVE.ALLY_END_BLOCK" if end in self.map.allies else "GH.MMOVE.AS_PLAYER"
            self.answer.note(self.ruling.rule_step(rule, f"{text}: it cannot end its move there this turn"))
        elif targets and not self.attacks:
            rule = "GH.MATK.DISARMED" if m.has("disarm") else "GH.MON.ONLY_CARD"
            self.answer.note(self.ruling.rule_step(rule, f"{text}: it makes no attack this turn"))
        elif targets and not (targets & set(focus)):
            self.answer.note(
                self.ruling.rule_step(
                    "GH.FOCUS.CLOSEST", f"{text}: the targets leave out its focus ({_ids(frozenset(focus))})"
                )
            )
        elif targets and not any(targets in self.map.target_sets(self.shape, end, f) for f in focus if f in targets):
            self.answer.note(
                self.ruling.rule_step(
                    "GH.MATK.SINGLE", f"{text}: not a set of targets in range and sight from that hex"
                )
            )
        elif any(h == end and targets < t for h, t in choices):
            self.answer.note(
                self.ruling.rule_step("GH.MATK.MULTI", f"{text}: it attacks as many targets as it can from there")
            )
        elif not targets and any(t for _, t in choices):
            self.answer.note(self.ruling.rule_step("GH.MON.ONLY_CARD", f"{text}: it must attack when it can"))
        else:
            self.explain_worse(wanted, focus)

    def explain_worse(self, wanted: Choice, focus: list[str]) -> None:
        """Cite ``monster.play_prefer`` between a best play and the proposed one."""
        end, targets = wanted
        f = next((f for f in focus if f in targets), focus[0])
        best = self.best_keys.get(f)
        if best is None or end not in self.map.paths:
            self.answer.note(
                self.ruling.rule_step(
                    "GH.MMOVE.TARGET_HEX", f"proposed play: end {self.name(end)}: another hex is better for it"
                )
            )
            return
        neg, pts = self.map.paths[end]
        now = not self.group(end)[1]
        attacking = bool(targets)
        facts: dict[str, Value] = {
            "neg_first": _clamp(best[0], 0, 9),
            "neg_second": _clamp(neg, 0, 9),
            "now_first": not best[1],
            "now_second": now and attacking,
            "disadv_first": best[2],
            "disadv_second": attacking and self.disadvantaged(end, f),
            "targets_first": _clamp(-best[3], 0, 12),
            "targets_second": _clamp(len(targets), 0, 12),
            "moves_first": _clamp(best[4], 0, 40),
            "moves_second": _clamp(pts, 0, 40),
        }
        result = self.answer.cite(
            self.ruling.decide("monster.play_prefer", facts), f"a best play against the proposed end {self.name(end)}"
        )
        if result.value != "first":
            self.answer.note(
                self.ruling.rule_step(
                    "GH.MMOVE.TARGET_HEX", f"proposed play: end {self.name(end)}: another hex is better for it"
                )
            )


def _ids(targets: frozenset[str]) -> str:
    return "[" + ", ".join(sorted(targets)) + "]"


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a situation's ``monster_turn`` query."""
    query = situation.query
    if not isinstance(query, MonsterTurnQuery):
        msg = f"not a monster_turn query: {query.kind}"
        raise TypeError(msg)
    return _Turn(spec, situation, query).run()
