"""The ``attack_targets`` query: which sets of enemies a character's attack may target from where it stands.

Every enemy is asked of ``attack.target_allowed`` as a single target (in
range, in sight, not invisible: GH.ATK.MELEE, GH.ATK.RANGED, GH.LOS.*,
GH.COND.INVISIBLE). Without an area the attack takes up to Target Z of
them, plus one per Add Target (``attack.targets_max``: GH.ATK.MULTI,
GH.ATK.ADD_TARGET, L673-674, L1052-1059). With an area, each placement of the
diagram (turned or mirrored, L710-716; a melee one round the attacker, a
ranged one with a hex in range, L662-668) takes every enemy in it that the
attacker sees (GH.ATK.AOE.HEXES, L658-661); each Add Target, and each target
of a Target Z beyond the first, adds one single target, which then lies
outside the area (an enemy in the area is already one of its targets).

The placement geometry is the monster search's (:class:`TurnMap`), with the
character as the one who attacks. Outcome ``sets``: the largest sets of
targets (none is inside another), sorted. With a proposed ``targets`` the
verdict is ``legal`` when it is one placement's whole take plus allowed
single targets, else ``illegal``.
"""

from __future__ import annotations

from itertools import combinations

from adjudicator.core.ruling import Ruling
from adjudicator.core.spec import Spec
from adjudicator.games.gloomhaven.model import AttackTargetsQuery, Piece, Situation
from adjudicator.games.gloomhaven.monster_search import AttackShape, Mover, TurnMap, area_cells
from adjudicator.games.gloomhaven.sight import adjacent_always_see
from adjudicator.situation.answer import Answer
from adjudicator.spaces.base import SpaceId
from adjudicator.spaces.hex import Cube, from_cube, to_cube

MAX_Z = 6
"""The largest Target Z ``attack.targets_max`` takes as a fact."""
MAX_AREA_ENEMIES = 12


def _shape(query: AttackTargetsQuery) -> AttackShape:
    """The attack as the search's shape: range, Target Z, the area's red hexes, Add Target."""
    attack = query.attack
    red = () if attack.area is None else area_cells(attack.area.grey, attack.area.red)
    melee_area = attack.area is not None and attack.area.melee
    return AttackShape(attack.reach, attack.targets, red, melee_area, attack.add_targets)


class _Targets:
    """One attack being worked out: the map seen from the attacker, the rules, the answer."""

    def __init__(self, spec: Spec, situation: Situation, query: AttackTargetsQuery, result: Answer) -> None:
        self.situation, self.query, self.result = situation, query, result
        self.ruling = Ruling(spec, situation.ruleset, situation.readings)
        self.me = situation.piece(query.attacker)
        self.shape = _shape(query)
        enemies = [p for p in situation.pieces if p.enemy_of(self.me)]
        self.map = TurnMap(
            board=situation.board,
            mover=Mover(self.me.at, 0),
            allies=frozenset(p.at for p in situation.pieces if not p.enemy_of(self.me) and p.id != self.me.id),
            enemies={p.id: p.at for p in enemies},
            targetable=frozenset(p.id for p in enemies if not p.has("invisible")),
            adjacent_sees=adjacent_always_see(self.ruling),
        )
        self.enemies = enemies

    def singles(self) -> frozenset[str]:
        """The enemies it may take as single targets, each asked of ``attack.target_allowed`` and cited."""
        out: set[str] = set()
        board, at = self.situation.board, self.me.at
        reach = self.shape.reach
        for enemy in self.enemies:
            distance = board.clear_distance(at, enemy.at)
            facts: dict[str, bool | int | str] = {
                "target": "enemy",
                "in_range": distance is not None and distance <= reach,
                "in_los": self.map.sees(at, enemy.at),
                "disarmed": self.me.has("disarm"),
                "stunned": self.me.has("stun"),
                "invisible": enemy.has("invisible"),
                "already_attacked": False,
                "repeat_allowed": False,
                "ally_allowed": False,
            }
            shown = "no range" if distance is None else f"range {distance}"
            where = f"{self.me.id} to {enemy.id} ({shown}, reach {reach})"
            if self.result.cite(self.ruling.decide("attack.target_allowed", facts), where, decides=True).value:
                out.add(enemy.id)
        return frozenset(out)

    def bases(self) -> set[frozenset[str]]:
        """What each placement of the area takes (every enemy in it in sight); ``{∅}`` without an area."""
        if not self.shape.red or self.me.has("disarm") or self.me.has("stun"):
            return {frozenset()}
        found = set(self.map.area_sets(self.shape, self.me.at, None))
        for base in sorted(found, key=sorted):
            if base:
                text = f"{self.me.id}: one placement of the area takes every enemy in it it sees, {_ids(base)}"
                self.result.note(self.ruling.rule_step("GH.ATK.AOE.HEXES", text), decides=True)
        if self.empty_placement():  # an area may be aimed at hexes alone (L1783-1784)
            found.add(frozenset())
        return found

    def empty_placement(self) -> bool:
        """Whether some placement of the area takes nobody (every hex of it free of enemies it may target)."""
        taken = {self.map.enemies[e] for e in self.map.targetable}
        origin = to_cube(self.me.at)
        board = self.situation.board
        if self.shape.melee_area:
            shifts = [origin]
        else:
            near = [h for h, d in self.map.range_from(self.me.at).items() if d <= self.shape.range]
            shifts = list({_minus(to_cube(h), c) for h in near for cells in self.shape.orientations for c in cells})
        for cells in self.shape.orientations:
            for shift in shifts:
                placed = [from_cube(_plus(shift, c)) for c in cells]
                on_map = self.shape.melee_area or any(board.contains(p) for p in placed)
                if on_map and not any(p in taken and self.map.sees(self.me.at, p) for p in placed):
                    return True
        return False

    def extra(self) -> int:
        """How many single targets it takes besides the area (all of Target Z without one), cited."""
        shape = self.shape
        area = bool(shape.red)
        count = shape.extra if area else shape.targets + shape.add_targets
        if shape.targets <= MAX_Z and shape.add_targets <= 1 and not (area and shape.targets > 1):
            facts = {"target_z": shape.targets, "area": area, "area_enemies": 0, "add_target": shape.add_targets == 1}
            where = f"{self.me.id}: single targets" + (" besides the area's" if area else "")
            self.result.cite(self.ruling.decide("attack.targets_max", facts), where, decides=True)
            return count
        parts = [f"Target {shape.targets}"] if shape.targets > 1 else []
        parts += [f"{shape.add_targets} Add Target"] if shape.add_targets else []
        text = f"{self.me.id}: {' and '.join(parts)} allow {count} single targets" + (
            " outside the area" if area else ""
        )
        self.result.note(self.ruling.rule_step("GH.ATK.MULTI", text), decides=True)
        if shape.add_targets:
            text = f"{self.me.id}: each Add Target adds one target in range and in sight"
            self.result.note(self.ruling.rule_step("GH.ATK.ADD_TARGET", text), decides=True)
        return count


def _plus(a: Cube, b: Cube) -> Cube:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _minus(a: Cube, b: Cube) -> Cube:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _ids(targets: frozenset[str]) -> str:
    return ", ".join(sorted(targets)) or "nobody"


def _largest(bases: set[frozenset[str]], singles: frozenset[str], extra: int) -> list[list[str]]:
    """Each placement's take with as many single targets as allowed; the sets inside another left out."""
    found: set[frozenset[str]] = set()
    for base in bases:
        pool = sorted(singles - base)
        for chosen in combinations(pool, min(extra, len(pool))):
            found.add(base | frozenset(chosen))
    kept = [s for s in found if s and not any(s < other for other in found)]
    return sorted(sorted(s) for s in kept)


def _judge(work: _Targets, bases: set[frozenset[str]], singles: frozenset[str], extra: int) -> bool:
    """Whether the proposed set is one placement's whole take plus at most ``extra`` allowed single targets."""
    chosen = frozenset(work.query.targets or ())
    for base in bases:
        rest = chosen - base
        if base <= chosen and rest <= singles and len(rest) <= extra:
            return True
    where = f"{work.me.id} attacks {_ids(chosen)}"
    outside = sorted(chosen - singles - frozenset().union(*bases))
    if outside:
        text = f"{where}: {', '.join(outside)} is neither in a placement of the attack nor a target it may take"
        rule = "GH.ATK.AOE.HEXES" if work.shape.red else "GH.ATK.RANGED" if work.shape.reach > 1 else "GH.ATK.MELEE"
    elif work.shape.red:
        text = f"{where}: no placement of the area takes exactly its part of them, with at most {extra} more"
        rule = "GH.ATK.AOE.HEXES"
    else:
        text = f"{where}: {len(chosen)} targets, more than the {extra} allowed"
        rule = "GH.ATK.MULTI"
    work.result.note(work.ruling.rule_step(rule, text), decides=True)
    return False


def answer(spec: Spec, situation: Situation) -> Answer:
    """Answer an ``attack_targets`` query."""
    query = situation.query
    assert isinstance(query, AttackTargetsQuery)  # noqa: S101 - dispatch guarantees the kind
    result = Answer(ruleset=situation.ruleset, query="attack_targets", verdict="answered")
    work = _Targets(spec, situation, query, result)
    singles = work.singles()
    bases = work.bases()
    extra = work.extra()
    result.outcome = {"sets": _largest(bases, singles, extra)}
    targeted: list[Piece] = [p for p in work.enemies if p.id in singles | frozenset().union(*bases)]
    result.marks = {"path": [work.me.at], "targets": list[SpaceId]([p.at for p in targeted])}
    if query.targets is not None:
        result.verdict = "legal" if _judge(work, bases, singles, extra) else "illegal"
    return result
