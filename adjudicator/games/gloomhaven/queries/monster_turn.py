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
and cites them. The steps that settle the answer are marked deciding: a rule
that stops the monster (stunned, immobilized, disarmed, no focus), the rules
that choose the focus (the candidates kept or excluded, the comparison that
ranked them), how it moves (like a player, Jump or Flying, traps avoided,
allies not ended on), the comparisons that chose its hex, and the range,
sight, kind and number of targets of its attack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any

from adjudicator.core.engine import FactError
from adjudicator.core.expr.compile import Value
from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import MonsterTurnQuery, Piece, Situation
from adjudicator.games.gloomhaven.monster_search import NEGATIVE, AttackShape, Cost, Mover, TurnMap, area_cells
from adjudicator.games.gloomhaven.sight import adjacent_always_see, between, blockers
from adjudicator.games.gloomhaven.terrain import DOORS
from adjudicator.situation.answer import Answer, DrawnPath
from adjudicator.spaces.base import SpaceId
from adjudicator.spaces.hex import Hex, hex_distance

FAR = 99
"""Proximity of an enemy no range count reaches."""
SHAPING = NEGATIVE | {"difficult", "obstacle"}
"""Features whose rules shape a monster's way when one lies near it (:meth:`_Turn.near`)."""
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
    red = () if attack.area is None else area_cells(attack.area.grey, attack.area.red)
    melee_area = attack.area is not None and attack.area.melee
    return AttackShape(attack.reach, attack.targets, red, melee_area, attack.add_targets), True


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
            adjacent_sees=adjacent_always_see(self.ruling),
            closeness_by_hexes=self.ruling.decide("monster.closeness_step", {"difficult": True}).value == 1,
        )
        self.muddled = m.has("muddle")
        self.best_keys: dict[str, tuple[Any, ...]] = {}

    def name(self, h: Hex) -> str:
        return self.board.name(h)

    # -- step 0: what the card lets it do

    def performs(self, ability: str, has_focus: bool = True) -> bool:
        """``monster.performs``; a rule that stops the ability (stun, immobilize, disarm, no focus) decides."""
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
        result = self.ruling.decide("monster.performs", facts)
        return bool(self.answer.cite(result, f"{m.id} {ability}", decides=not result.value).value)

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
        """Each focus candidate's best (negative, points) to an attack hex and its proximity.

        The ``monster.focus_candidate`` results are kept in :attr:`candidates` and cited once the focus is
        known (:meth:`focus`), so that the ones deciding it can be marked.
        """
        out: dict[str, tuple[Cost, int]] = {}
        self.candidates: list[tuple[str, Any]] = []
        for enemy in self.enemies:
            first = None
            if enemy.id in self.map.targetable:
                hexes = self.map.attack_hexes(self.shape, enemy.id)
                first = next((h for h in hexes if self.map.can_target_from(self.shape, h, enemy.id)), None)
            facts: dict[str, Value] = {"invisible": enemy.has("invisible"), "attack_hex_reachable": first is not None}
            result = self.ruling.decide("monster.focus_candidate", facts)
            self.candidates.append((enemy.id, result))
            if result.value and first:
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
        """The enemies the rules allow as focus (step 1), citing what decides it."""
        close = self.closeness()
        winners: list[str] = []
        if close:
            best = min((c, p) for c, p in close.values())
            tied = [e for e, (c, p) in close.items() if (c, p) == best]
            winners = [e for e in tied if not any(self.earlier(self.by_id[o], self.by_id[e]) for o in tied if o != e)]
        for enemy, result in self.candidates:
            # an enemy left out (invisible, no way to an attack hex) and the focus kept both settle the focus
            self.answer.cite(result, f"focus candidate {enemy}", decides=not result.value or enemy in winners)
        if not close:
            return []
        lead = winners[0]
        for other in close:
            if other == lead:
                continue
            self.explain_focus(lead, other, close)
        reach = max(close[w][0][1] for w in winners)
        self.explain_negative_for_focus(reach)
        if len(winners) > 1:
            self.answer.note(
                self.ruling.rule_step(
                    "GH.FOCUS.TIE_INITIATIVE",
                    f"the players choose the focus among {', '.join(sorted(winners))}: equally close, same initiative",
                ),
                decides=True,
            )
        return sorted(winners)

    def near(self, words: frozenset[str], reach: int) -> bool:
        """Whether a hex of one of these features lies within ``reach`` hexes of the monster.

        Such a hex may shape its way, so the rule about it is then one that decides.
        """
        return min((self.closest.get(word, FAR) for word in words), default=FAR) <= reach

    @cached_property
    def closest(self) -> dict[str, int]:
        """For each feature of :data:`SHAPING`, the fewest hexes from the monster to a hex of it (one pass)."""
        start = self.monster.at
        out: dict[str, int] = {}
        for h, word in self.map.features.items():
            if word in SHAPING:
                d = hex_distance(start, h)
                if d < out.get(word, FAR):
                    out[word] = d
        return out

    def negative_near(self, reach: int) -> bool:
        """Whether a trap or hazardous hex lies within ``reach`` hexes of the monster."""
        return self.near(NEGATIVE, reach)

    def explain_negative_for_focus(self, reach: int) -> None:
        """How traps and hazardous hexes count for the focus (L1268-1273); a flier triggers none (L531-534)."""
        if not self.negative_near(reach + 1):
            return
        if self.map.mover.mode == "flying":
            text = f"{self.monster.id} flies: it sets off no trap or hazardous hex, so none is an obstacle to it"
            self.answer.note(self.ruling.rule_step("GH.MOVE.JUMP_FLY", text), decides=True)
            text = "only the traps and hazardous hexes its move would set off count as obstacles, and it sets off none"
        else:
            text = "for the focus, traps and hazardous hexes count as obstacles unless unavoidable, then the fewest"
        self.answer.note(self.ruling.rule_step("GH.FOCUS.NEGATIVE_HEXES", text), decides=True)

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
        where = f"focus {lead} against {other}"
        result = self.answer.cite(self.ruling.decide("monster.focus_prefer", facts), where, decides=True)
        if result.value == "tie":
            self.explain_initiative(lead, other, where)

    def explain_initiative(self, lead: str, other: str, where: str) -> None:
        """Cite what orders two candidates tied on closeness: initiative, a summon before its owner, or the players."""
        a, b = self.init(self.by_id[lead]), self.init(self.by_id[other])
        order = self.earlier(self.by_id[lead], self.by_id[other])
        if a == b and order is not None:  # one owner's summon and the owner, or two of its summons (L359-361)
            first, second = (lead, other) if order else (other, lead)
            text = f"{where}: same initiative, the one acting earlier is {first}"
            self.answer.note(self.ruling.rule_step("GH.FOCUS.TIE_INITIATIVE", text), decides=True)
            both = self.by_id[first].type == self.by_id[second].type == "summon"
            rule, how = ("GH.INIT.SUMMON_SEQ", "in the order listed") if both else ("GH.INIT.SUMMON_BEFORE", "")
            text = f"{where}: same initiative, but {first} acts just before {second}" + (f" ({how})" if how else "")
            self.answer.note(self.ruling.rule_step(rule, text), decides=True)
        elif a is not None and b is not None and _card(a) and _card(b):
            init: dict[str, Value] = {"init_first": int(a), "init_second": int(b)}
            self.answer.cite(self.ruling.decide("monster.initiative_prefer", init), where, decides=True)
        else:
            said = {True: f"{lead} acts first", False: f"{other} acts first", None: "the players choose"}[order]
            shown = f"initiative {_number(a)} against {_number(b)}"
            step = self.ruling.rule_step("GH.FOCUS.TIE_INITIATIVE", f"{where}: {shown}: {said}")
            self.answer.note(step, decides=True)

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
        grouped = sorted(((self.group(h), h) for h in tmap.attack_hexes(self.shape, focus)), key=lambda gh: gh[0])
        for here_group, h in grouped:
            if group is not None and here_group != group:
                break  # the best (a), (b) group is found: later groups lose on (a) or (b)
            neg, pts = tmap.paths[h]
            now = not here_group[1]
            dis = self.disadvantaged(h, focus)
            found = tmap.target_sets(self.shape, h, focus)
            if found:
                group = here_group
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
        if self.attacks and best_key[2]:
            self.explain_disadvantage(best_h, focus)
        if self.attacks:
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
            self.answer.cite(self.ruling.decide("monster.play_prefer", facts), note, decides=True)

    def run(self) -> Answer:
        m = self.monster
        self.explain_summon()
        if m.has("stun"):
            self.performs("move")
            return self.finish([], [(m.at, frozenset())])
        can_move = self.performs("move")
        if self.query.attack is not None:
            self.performs("attack")
        focus = self.focus()
        if not focus:
            self.performs("move", has_focus=False)
            self.explain_no_way()
            return self.finish([], [(m.at, frozenset())])
        results = [(f, *self.plays(f)) for f in focus]
        self.explain_attack_range()
        if can_move:
            ends = {h for _, found, _, _ in results for h, _ in found}
            reach = max((self.map.paths[h][1] for h in ends if h in self.map.paths), default=0)
            reach = max([reach, *(self.best_keys[f][4] for f in focus if f in self.best_keys)])
            self.explain_movement(reach)
            self.explain_allies(focus, ends)
        choices: list[Choice] = []
        for f, found, now, pairs in results:
            self.explain_plays(pairs, f)
            if found:
                self.explain_goal(f, found, now=now)
            if now and self.attacks:
                self.explain_targets(f, found)
            choices += [(h, t if now and self.attacks else frozenset()) for h, t in found]
        if not can_move:
            choices = [(h, t) for h, t in choices if h == m.at] or [(m.at, frozenset())]
        unique = sorted(set(choices), key=lambda c: (self.board.sort_key(c[0]), sorted(c[1])))
        if len(unique) > 1:
            self.answer.note(
                self.ruling.rule_step("GH.MMOVE.TIES", f"the players choose among {len(unique)} equally good plays"),
                decides=True,
            )
        self.answer.marks["focus"] = [self.by_id[f].at for f in focus]
        return self.finish(focus, unique)

    def explain_summon(self) -> None:
        """A summon is not steered: it acts as a monster with a card of Move +0, Attack +0 (L973-975)."""
        m = self.monster
        if m.type != "summon":
            return
        text = (
            f"{m.id} is {m.owner}'s summon: it acts by the monsters' rules as if its card read Move +0, Attack +0 "
            "(its own Move and range), and its enemies are the monsters"
        )
        self.answer.note(self.ruling.rule_step("GH.SUMMON.AI", text), decides=True)

    def explain_goal(self, focus: str, found: Sequence[Choice], *, now: bool) -> None:
        """Cite GH.MMOVE.TARGET_HEX: where it attacks from, or the hexes it heads on to (or stays on)."""
        ends = {h for h, _ in found}
        goal = ", ".join(self.name(h) for h in sorted(ends, key=self.board.sort_key))
        if now and self.attacks:
            how = f"attacks this turn from {goal}"
        elif now:
            how = f"moves to {goal}, as if to attack from there (it makes no attack)"
        elif ends == {self.monster.at}:
            how = f"cannot attack this turn and gets no nearer: it stays on {goal}"
        else:
            how = f"cannot attack this turn; it heads on to {goal}"
        self.answer.note(self.ruling.rule_step("GH.MMOVE.TARGET_HEX", f"focus {focus}: it {how}"), decides=True)

    def explain_disadvantage(self, h: Hex, focus: str) -> None:
        """Cite ``attack.has_disadvantage`` for an attack on the focus from ``h`` that has it (L652, L1170)."""
        facts: dict[str, Value] = {
            "muddled": self.muddled,
            "kind": "ranged" if self.shape.ranged else "melee",
            "target_adjacent": self.map.enemies[focus] in self.map.adjacent.get(h, ()),
            "imposed": False,
        }
        where = f"attack on {focus} from {self.name(h)}"
        self.answer.cite(self.ruling.decide("attack.has_disadvantage", facts), where, decides=True)

    def explain_no_way(self) -> None:
        """No focus: the movement rules that may stop every way to an attack hex (closed doors, obstacles)."""
        mode = self.map.mover.mode
        words = set(self.map.features.values())
        if words & DOORS:
            text = f"{self.monster.id} may never move onto a closed door, so no way goes through one"
            self.answer.note(self.ruling.rule_step("GH.MMOVE.AS_PLAYER", text), decides=True)
        if mode == "normal" and "obstacle" in words:
            text = "obstacles stop a normal move"
            self.answer.note(self.ruling.rule_step("GH.MOVE.OBSTACLE", text), decides=True)

    def explain_movement(self, reach: int) -> None:
        """Cite how it moves: like a player's Move, Jump or Flying, never onto a door; traps avoided when it can."""
        mover = self.map.mover
        how = {"normal": "a normal move", "jump": "a Jump", "flying": "Flying"}[mover.mode]
        self.answer.note(
            self.ruling.rule_step(
                "GH.MMOVE.AS_PLAYER",
                f"{self.monster.id} moves {mover.points} like a player's Move ({how}), never onto a closed door",
            ),
            decides=True,
        )
        if mover.mode != "normal":
            over = "figures, obstacles, traps and terrain" + ("" if mover.mode == "flying" else " but its last hex")
            what = f"passes over {over}, and ends on a hex with no figure"
            self.answer.note(self.ruling.rule_step("GH.MOVE.JUMP_FLY", f"{self.monster.id} {what}"), decides=True)
        if not self.attacks:
            self.answer.note(
                self.ruling.rule_step(
                    "GH.MMOVE.MELEE_IF_NO_ATTACK", f"{self.monster.id} moves as if it had a melee attack"
                ),
                decides=True,
            )
        if mover.mode != "flying" and self.negative_near(reach + 1):
            self.answer.note(
                self.ruling.rule_step(
                    "GH.MMOVE.AVOID_NEGATIVE",
                    "traps and hazardous hexes are avoided unless every way needs them, then the fewest",
                ),
                decides=True,
            )
        self.explain_terrain(reach)

    def explain_terrain(self, reach: int) -> None:
        """The players' movement rules that shape a monster's move nearby (L514, L518-529).

        Difficult terrain, obstacles and allies passed on the way.
        """
        if self.map.mover.mode == "flying":
            return
        who = self.monster.id
        if self.near(frozenset({"difficult"}), reach + 1):
            text = f"{who}: difficult terrain costs 2 movement points to enter" + (
                " (only as the last hex of its Jump)" if self.map.mover.mode == "jump" else ""
            )
            self.answer.note(self.ruling.rule_step("GH.MOVE.DIFFICULT", text), decides=True)
        if self.map.mover.mode != "normal":
            return
        if self.near(frozenset({"obstacle"}), reach + 1):
            self.answer.note(self.ruling.rule_step("GH.MOVE.OBSTACLE", f"{who}: obstacles stop its move"), decides=True)
        start = self.monster.at
        if any(self.board.distance(start, a) <= reach for a in self.map.allies):
            text = f"{who} may pass through its allies, not through its enemies, and may not stop on either"
            self.answer.note(self.ruling.rule_step("GH.MOVE.NORMAL_PASS", text), decides=True)

    def explain_allies(self, focus: Sequence[str], ends: set[Hex]) -> None:
        """An ally on a hex it would rather end on stops it short (L1347-1348).

        Such a hex is within its move, and from it the monster could attack a focus, or it is nearer a focus
        than every end the monster is left with.
        """
        start, points = self.monster.at, self.map.mover.points
        targets = [self.map.enemies[f] for f in focus]
        nearest = min((self.board.distance(e, t) for e in ends for t in targets), default=0)
        for ally in self.situation.pieces:
            if ally.side != self.monster.side or ally.id == self.monster.id or ally.at in ends:
                continue
            if self.board.distance(start, ally.at) > points:
                continue
            closer = any(self.board.distance(ally.at, t) < nearest for t in targets)
            if not closer and not any(self.map.can_target_from(self.shape, ally.at, f) for f in focus):
                continue
            facts: dict[str, Value] = {
                "mover": self.monster.type,
                "mode": self.map.mover.mode,
                "occupant": "ally",
                "obstacle": self.map.features.get(ally.at) == "obstacle",
            }
            where = f"{ally.id} on {self.name(ally.at)}"
            self.answer.cite(self.ruling.decide("move.can_end", facts), where, decides=True)

    def explain_range(self, h: Hex, enemy: str, note: str) -> int | None:
        """Cite ``range.distance`` from ``h`` to an enemy (around walls, L499-502)."""
        at = self.map.enemies[enemy]
        distance = self.map.range(h, at)
        if distance is None or h == at:
            return distance
        plain = self.board.distance(h, at)
        facts: dict[str, Value] = {"hexes": _clamp(plain, 1, 20), "detour": _clamp(distance - plain, 0, 20)}
        self.answer.cite(self.ruling.decide("range.distance", facts), note, decides=True)
        return distance

    def area_kind(self) -> str:
        """``none``, ``grey`` (a melee area) or ``no_grey`` (a ranged area): the facts' word for the area."""
        shape = self.shape
        return "none" if not shape.red else "grey" if shape.melee_area else "no_grey"

    def explain_attack_range(self) -> None:
        """Cite the range it attacks with: the stat card's when the card gives none, melee for a grey area."""
        attack = self.query.attack
        split = attack is not None and attack.stat_range is not None  # the file tells the two ranges apart
        card = attack.range if attack is not None and split else 0
        stat = (attack.stat_range or 0) if attack is not None and split else (attack.range if attack else 0)
        stated = card or stat
        area = self.area_kind()
        if not self.attacks or (stated == 0 and area != "grey"):
            return
        facts: dict[str, Value] = {
            "card_range": card,
            "stat_range": stat,
            "area": area,
            "has_attack": True,
            "disarmed": False,
        }
        where = (
            f"the card's Range {card or 'none'}, the stat card's range {stat or 'melee'}"
            if split
            else "attack.range (the card's range, or the stat card's when the card states none)"
        )
        try:
            self.answer.cite(self.ruling.decide("monster.attack_range", facts), where, decides=True)
        except FactError:  # a range beyond the decision's declared values: the rule, stated
            rule = "GH.MATK.AOE_GREY" if area == "grey" else "GH.MATK.BASE_RANGE"
            text = f"{where}: {'melee' if area == 'grey' else f'range {stated}'}"
            self.answer.note(self.ruling.rule_step(rule, text), decides=True)

    def explain_kind(self) -> str:
        """Cite the attack's kind, melee or ranged; the kind."""
        area = self.area_kind()
        facts: dict[str, Value] = {"stated_range": _clamp(self.shape.range, 0, 10), "area": area}
        facts["generated_by_ranged"] = False
        return str(self.answer.cite(self.ruling.decide("attack.kind", facts), "attack", decides=True).value)

    def explain_targets(self, focus: str, found: Sequence[Choice]) -> None:
        """Cite why the first play's targets are attacked from its hex: range, sight, kind, area, number."""
        h, targets = found[0]
        start = self.monster.at
        if h != start and not self.map.can_target_from(self.shape, start, focus):
            self.explain_range(start, focus, f"from {self.name(start)} to {focus}")
        shape = self.shape
        kind = self.explain_kind()
        area, singles = self.map.split(shape, h, targets, focus)
        if shape.red:
            self.explain_area(h, area, singles)
        for target in sorted(targets):
            distance = self.explain_range(h, target, f"from {self.name(h)} to {target}")
            self.explain_sight(h, target)
            if distance is None or distance == 0:
                continue
            in_area = bool(shape.red) and target in area
            facts_in: dict[str, Value] = {
                "kind": kind,
                "distance": distance,
                "range": shape.reach,
                "area_hex": in_area,
                "area_placed_in_range": in_area and not shape.melee_area,
            }
            where = f"{target} from {self.name(h)}"
            try:
                self.answer.cite(self.ruling.decide("attack.in_range", facts_in), where, decides=True)
            except FactError:  # a range or a count beyond the decision's declared values: the rule, stated
                rule = "GH.ATK.RANGED" if kind == "ranged" else "GH.ATK.MELEE"
                text = f"{where}: range {distance}, within the attack's {shape.reach}"
                self.answer.note(self.ruling.rule_step(rule, text), decides=True)
        if shape.red:
            return
        others = len(self.map.single_targets(self.shape, h) - {focus})
        facts: dict[str, Value] = {
            "target_z": shape.targets + shape.add_targets,
            "focus_reachable": True,
            "others_available": _clamp(others, 0, 11),
        }
        if shape.add_targets:
            self.explain_added(h, singles)
        try:
            self.answer.cite(self.ruling.decide("monster.targets", facts), f"from {self.name(h)}", decides=True)
        except FactError:
            text = f"from {self.name(h)}: targets {_ids(targets)}"
            self.answer.note(self.ruling.rule_step("GH.MATK.MULTI", text), decides=True)

    def explain_area(self, h: Hex, area: frozenset[str], singles: frozenset[str]) -> None:
        """The area's targets (every enemy of one placement in sight, L658-661), then its extra single targets."""
        shape = self.shape
        where = f"from {self.name(h)}: the area takes {_ids(area)}"
        if shape.extra:  # the count is Add Target's; the area's own targets are still every enemy in it in sight
            text = f"from {self.name(h)}: the area takes every enemy in it that it sees, {_ids(area)}"
            self.answer.note(self.ruling.rule_step("GH.ATK.AOE.HEXES", text), decides=True)
        if shape.targets == 1 and shape.add_targets <= 1:
            facts: dict[str, Value] = {
                "target_z": 1,
                "area": True,
                "area_enemies": _clamp(len(area), 0, 12),
                "add_target": shape.add_targets == 1,
            }
            self.answer.cite(self.ruling.decide("attack.targets_max", facts), where, decides=True)
        if shape.extra:
            self.explain_added(h, singles)
            text = f"from {self.name(h)}: the focus and as many others as the area and {shape.extra} more allow"
            self.answer.note(self.ruling.rule_step("GH.MATK.MULTI", text), decides=True)

    def explain_added(self, h: Hex, singles: frozenset[str]) -> None:
        """Add Target: the added single target is in the attack's range and in sight (L1056-1057)."""
        if not self.shape.add_targets:
            return
        reach = self.shape.reach
        who = _ids(singles) if singles else "no other enemy in range and sight"
        text = f"from {self.name(h)}: Add Target {self.shape.add_targets}, within range {reach} and in sight: {who}"
        self.answer.note(self.ruling.rule_step("GH.ATK.ADD_TARGET", text), decides=True)

    @cached_property
    def held(self) -> frozenset[Hex]:
        """The hexes holding an obstacle or a figure other than the monster (which attacks from where it ends)."""
        return blockers(self.board, [p.at for p in self.situation.pieces if p.id != self.monster.id])

    def explain_sight(self, h: Hex, target: str) -> None:
        """A figure or an obstacle between the monster and its target does not block sight (L496-497)."""
        at = self.map.enemies[target]
        if at == h:
            return
        busy = between(self.board, self.held, h, at)  # on the line joining the centres
        if not busy:
            return
        names = ", ".join(self.name(b) for b in busy)
        where = f"sight from {self.name(h)} to {target} over {names}"
        facts: dict[str, Value] = {  # the clear line it sees along (the target is in sight) crosses them
            "touches_wall": False,
            "touches_wall_corner": False,
            "touches_closed_door": False,
            "touches_partial_hex": False,
            "touches_figure_or_obstacle": True,
            "ends_adjacent": at in self.board.adjacent(h),
        }
        self.answer.cite(self.ruling.decide("los.line_clear", facts), where, decides=True)

    def finish(self, focus: list[str], choices: list[Choice]) -> Answer:
        answer = self.answer
        answer.outcome = {
            "focus": focus,
            "choices": [{"end": self.name(h), "targets": sorted(t)} for h, t in choices],
        }
        if len(choices) == 1:  # a tie is drawn from ``paths``, every choice in its own colour
            first_end, first_targets = choices[0]
            route: list[SpaceId] = [*self.map.route(first_end)]
            answer.marks["path"] = route
            answer.marks["end"] = [first_end]
            answer.marks["targets"] = [self.by_id[t].at for t in sorted(first_targets)]
        answer.paths = [
            DrawnPath(
                "choice",
                tuple(self.map.route(end)),
                self.monster.id,
                n if len(choices) > 1 else 0,
                tuple(self.by_id[t].at for t in sorted(targets)),
            )
            for n, (end, targets) in enumerate(choices, 1)
        ]
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
            self.say("GH.MMOVE.TIES", f"{text}: one of the plays the rules allow")
            return
        broken = self.move_broken(end, focus) or self.targets_broken(wanted, focus, choices)
        if broken is None:
            self.explain_worse(wanted, focus)
        else:
            self.say(broken[0], f"{text}: {broken[1]}")

    def move_broken(self, end: Hex, focus: list[str]) -> tuple[str, str] | None:
        """The rule a proposed end breaks whatever it attacks, and why; ``None`` when the end may be reached."""
        m = self.monster
        if m.has("stun"):
            return "GH.MON.STUNNED", "a stunned monster does nothing of its card"
        if end != m.at and m.has("immobilize"):
            return "GH.MMOVE.IMMOBILIZED", "an immobilized monster does not move"
        if end != m.at and not focus:
            return "GH.FOCUS.NONE", "without a focus it does not move"
        if end not in self.map.within:
            rule = "GH.MMOVE.ALLY_END_BLOCK" if end in self.map.allies else "GH.MMOVE.AS_PLAYER"
            return rule, "it cannot end its move there this turn"
        return None

    def targets_broken(self, wanted: Choice, focus: list[str], choices: list[Choice]) -> tuple[str, str] | None:
        """The rule a proposed set of targets breaks, and why; ``None`` when only a better play exists."""
        end, targets = wanted
        if not targets:
            return ("GH.MON.ONLY_CARD", "it must attack when it can") if any(t for _, t in choices) else None
        if not self.attacks:
            rule = "GH.MATK.DISARMED" if self.monster.has("disarm") else "GH.MON.ONLY_CARD"
            return rule, "it makes no attack this turn"
        missing = self.focus_missing(targets, focus)
        if missing is not None:
            return missing
        if not any(targets in self.map.target_sets(self.shape, end, f) for f in focus if f in targets):
            rule = "GH.ATK.AOE.HEXES" if self.shape.red else "GH.MATK.SINGLE"
            return rule, "not a set of targets in range and sight from that hex"
        if any(h == end and targets < t for h, t in choices):
            return "GH.MATK.MULTI", "it attacks as many targets as it can from there"
        return None

    @staticmethod
    def focus_missing(targets: frozenset[str], focus: list[str]) -> tuple[str, str] | None:
        """The rule broken by targets that leave out every allowed focus, and why."""
        if targets & set(focus):
            return None
        if not focus:
            return "GH.FOCUS.NONE", "without a focus it does not attack"
        return "GH.FOCUS.CLOSEST", f"the targets leave out its focus ({_ids(frozenset(focus))})"

    def say(self, rule: str, text: str) -> None:
        """A deciding step citing ``rule`` (the judgement of a proposed play)."""
        self.answer.note(self.ruling.rule_step(rule, text), decides=True)

    def explain_worse(self, wanted: Choice, focus: list[str]) -> None:
        """Cite ``monster.play_prefer`` between a best play and the proposed one."""
        end, targets = wanted
        f = next((f for f in focus if f in targets), focus[0])
        best = self.best_keys.get(f)
        if best is None or end not in self.map.paths:
            self.say("GH.MMOVE.TARGET_HEX", f"proposed play: end {self.name(end)}: another hex is better for it")
            return
        attacking = bool(targets)
        now_cost = self.map.within.get(end)
        if attacking and now_cost is not None:  # it attacks from there this turn, over whatever that way sets off
            (neg, pts), now = now_cost, True
        else:
            (neg, pts), now = self.map.paths[end], not self.group(end)[1]
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
        result = self.ruling.decide("monster.play_prefer", facts)
        if result.value == "first":
            self.answer.cite(result, f"a best play against the proposed end {self.name(end)}", decides=True)
        else:
            self.answer.cite(result, f"a best play against the proposed end {self.name(end)}")
            self.say("GH.MMOVE.TARGET_HEX", f"proposed play: end {self.name(end)}: another hex is better for it")


def _card(value: Fraction) -> bool:
    """An initiative an ability card can show: a whole number from 1 to 99 (the decision's facts)."""
    return value.denominator == 1 and 1 <= value <= 99  # noqa: PLR2004 - the cards' numbers


def _number(value: Fraction | None) -> str:
    """An initiative as written (``35``, ``35.5``), or ``none``."""
    if value is None:
        return "none"
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def _ids(targets: frozenset[str]) -> str:
    return "[" + ", ".join(sorted(targets)) + "]"


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer a situation's ``monster_turn`` query."""
    query = situation.query
    if not isinstance(query, MonsterTurnQuery):
        msg = f"not a monster_turn query: {query.kind}"
        raise TypeError(msg)
    return _Turn(spec, situation, query).run()
