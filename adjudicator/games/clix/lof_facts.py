"""The facts of a line of fire, computed from the exact geometry of the line.

``line_facts(table, start, end, attacker, target)`` traces the segment from the
centre of ``start`` to the centre of ``end`` (``Space.line``, exact) and
reports what it meets, in the vocabulary of the spec's decisions
``lof.blocked`` and ``defense.hindering_bonus``. Nothing here decides whether
the line is blocked; :mod:`adjudicator.games.clix.lof` asks the rules.

What the line meets
    * the *path*: ``start``, the squares whose interior it crosses, ``end``;
    * *edges*: the shared edge of two orthogonal neighbours on the path (a wall
      or a portal's doorway may sit there);
    * *corners*: a vertex the line passes exactly through, going from
      one square to the diagonally opposite one and passing *between* the
      other two (``Crossing.sides``). Walls at a corner block only when they cut
      the two path squares apart (``Space.separates``: a wall that
      merely ends at the corner does not); the two side squares make the
      adjacent-pair, blocking-diagonal, hindering-diagonal and double-base
      facts.

Occupants
    The line-level facts (terrain, walls, doorways, objects, elevation,
    indoor/outdoor) hold for the whole line. Occupants are reported as a list
    of :class:`Blocker` items, because the facts ``blocker_soaring``,
    ``blocker_intangible``, ``blocker_victim`` and
    ``occupant_blockers_standard_only`` describe *the* occupant in the way:
    one item per piece whose space the line crosses, one per adjacent pair it
    passes exactly between, and one per diagonal double base whose diagonal it
    crosses. The pieces at the two ends never count.

Elevation
    With ``low`` the lower of the two ends' levels, a feature (blocking
    square, wall, doorway, object, occupant, hindering square) counts only
    when it stands at level ``low`` or higher: on a line between two squares of
    level 2, terrain and monsters down on level 1 are below the line (hx2008
    L487: only terrain at the line's own level affects it; higher terrain is
    ``crosses_higher_elevated``). On level-1 lines, the usual case, nothing is
    filtered.

Cost
    What depends on the map alone (the path, terrain, levels, walls, the
    hindering areas) is worked out once per board and pair of squares by
    :mod:`adjudicator.games.clix.lof_map`; a call here adds only the pieces,
    the objects, the doorways and the decisions they need.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Literal, cast

from adjudicator.core.engine import Result
from adjudicator.core.expr.compile import Value
from adjudicator.games.clix.lof_map import BLOCKING, HINDERING, BoardMap, CornerMap, board_map
from adjudicator.games.clix.model import MapObject, Piece
from adjudicator.games.clix.table import Table
from adjudicator.spaces.base import Crossing, Edge, Line, Space, SpaceId

BlockerKind = Literal["occupant", "pair", "doublebase"]

WATER = "water"


NEUTRAL: dict[str, Value] = {
    "crosses_blocking": False,
    "crosses_wall": False,
    "crosses_occupied": False,
    "between_adjacent_pair": False,
    "blocking_diagonal": False,
    "blocking_diagonal_with": "none",
    "closed_doorway": False,
    "object_beside_target": False,
    "beside_target_kind": "none",
    "end_soaring": False,
    "attacker_soaring": False,
    "blocker_soaring": False,
    "blocker_intangible": False,
    "blocker_victim": False,
    "io_mismatch": False,
    "levels_differ": False,
    "crosses_higher_elevated": False,
    "lower_level_blocking": False,
    "crosses_great_size": False,
    "end_giant": False,
    "occupant_blockers_standard_only": True,
    "crosses_doublebase_diagonal": False,
}
"""``lof.blocked`` facts of a grounded line on one level that meets nothing."""


def beside_target(kind: str) -> dict[str, Value]:
    """The facts of a line meeting one object of ``kind`` beside the target."""
    return {"object_beside_target": True, "beside_target_kind": kind}


@dataclass(frozen=True)
class Blocker:
    """An occupant the line meets: a crossed space, an adjacent pair, or a double base's diagonal."""

    kind: BlockerKind
    pieces: tuple[Piece, ...]
    where: tuple[SpaceId, ...]

    def describe(self, name: Callable[[SpaceId], str]) -> str:
        """Short words for trace notes (``name``: the space's naming)."""
        names = " and ".join(f"{p.id} at {name(sq)}" for p, sq in zip(self.pieces, self.where, strict=True))
        if self.kind == "occupant":
            return f"the line crosses the space of {names}"
        if self.kind == "pair":
            return f"the line passes exactly between {names}"
        return f"the line crosses the diagonal of double base {self.pieces[0].id}"


@dataclass
class LineFacts:
    """Everything the rules need about one line, and the results that fed it."""

    start: SpaceId
    end: SpaceId
    trace: Line
    blocked: dict[str, Value]
    """Line-level facts of ``lof.blocked`` (occupant facts at their 'nothing in the way' values)."""
    blockers: list[Blocker]
    hindering: dict[str, Value]
    """Facts of ``defense.hindering_bonus`` for a ranged attack."""
    spaces_on_route: int
    attacker_soaring: bool
    target_soaring: bool
    inputs: list[Result] = field(default_factory=list)
    """Decisions consulted to build facts that came out true (doorways, adjacency, giants)."""
    undecided_inputs: list[Result] = field(default_factory=list)
    """Decisions consulted to build facts that no rule decided."""
    walls_named: list[str] = field(default_factory=list)
    """The walls and blocking squares the line crosses, in words (``the wall between C3 and C4``)."""
    name: str = ""
    """The line in words: ``A2-E2``."""
    consulted: bool = False
    """Whether a rule was consulted to build these facts (then they are not kept: see :func:`line_facts`)."""

    def blocker_facts(self, blocker: Blocker, member: int = 0) -> dict[str, Value]:
        """``lof.blocked`` facts with one blocker in the way (``member``: which piece of a pair)."""
        piece = blocker.pieces[member]
        facts = dict(self.blocked)
        facts["blocker_soaring"] = Table.flight(piece) == "soaring"
        facts["blocker_intangible"] = Table.hourglass(piece, "defense")
        facts["blocker_victim"] = piece.is_token
        if blocker.kind == "doublebase":
            facts["crosses_doublebase_diagonal"] = True
            facts["occupant_blockers_standard_only"] = False
        else:
            facts["crosses_occupied" if blocker.kind == "occupant" else "between_adjacent_pair"] = True
            facts["occupant_blockers_standard_only"] = is_standard(piece)
        return facts


KeptFacts = tuple[tuple[Piece, ...], tuple[MapObject, ...], Piece | None, Piece | None, LineFacts]
"""Line facts with the pieces, the objects and the end pieces they were made for (kept on the board's map)."""


def is_standard(piece: Piece) -> bool:
    """A standard monster: a dialed figure on one space that is not a giant (hx2008 L591)."""
    return not piece.is_token and piece.size == "standard"


def hindering_areas(board: Space) -> dict[SpaceId, int]:
    """Label of the continuous hindering area of every hindering square, computed once per board.

    Hindering squares that touch at an edge or a corner form one area
    (hx2008 L453: diagonally adjacent hindering spaces are continuous).
    """
    return board_map(board).areas


def doorway_edges(board: Space, objects: Iterable[MapObject]) -> dict[Edge, MapObject]:
    """The doorway edge of every portal: the pair of spaces on either side."""
    edges: dict[Edge, MapObject] = {}
    for obj in objects:
        if obj.type == "portal" and obj.door is not None:
            edges[frozenset((obj.at, board.across(obj.at, obj.door)))] = obj
    return edges


class _Builder:
    """Computes the facts of one line; one instance per call.

    The map's part of the facts comes from the line's :class:`~adjudicator.games.clix.lof_map.LineMap`
    (computed once per board and pair of squares); this adds the pieces, the objects and the doorways.
    """

    def __init__(
        self,
        table: Table,
        start: SpaceId,
        end: SpaceId,
        attacker: Piece | None,
        target: Piece | None,
        *,
        the_map: BoardMap | None = None,
    ) -> None:
        self.table = table
        self.board = table.board
        self.start, self.end = start, end
        self.attacker, self.target = attacker, target
        self.end_ids = {p.id for p in (attacker, target) if p is not None}
        self.board_map = board_map(self.board) if the_map is None else the_map
        self.asked = False
        """Whether a rule was consulted for these facts (:meth:`decide`; :func:`line_facts` keeps them only if not)."""
        self.line_map = self.board_map.line(start, end)
        self.trace = self.line_map.line
        self.path = self.line_map.path
        self.low = self.line_map.low
        self.inputs: list[Result] = []
        self.undecided: list[Result] = []
        self.walls_named: list[str] = []
        self.doorway_results: dict[Edge, tuple[MapObject, Result]] = {}
        self.object_acts: dict[SpaceId, Result] = {}
        self.objects_beside = self._objects_beside_target()

    # --- helpers ------------------------------------------------------------------------

    def decide(self, decision: str, facts: dict[str, Value]) -> Result:
        """``Table.decide``, noting that these facts consulted a rule (see :attr:`asked`)."""
        self.asked = True
        return self.table.decide(decision, facts)

    def counts(self, *squares: SpaceId) -> bool:
        """Whether a feature on these squares is at the line's level or above (see module doc)."""
        level, low = self.board_map.level, self.low
        return any(level(sq) >= low for sq in squares)

    def occupant(self, square: SpaceId) -> Piece | None:
        """The piece on ``square`` if it is neither end and stands at the line's level."""
        piece = self.table.occupant.get(square)
        if piece is None or piece.id in self.end_ids or not self.counts(square):
            return None
        return piece

    def blocking_square(self, square: SpaceId) -> bool:
        """Blocking terrain, or an object beside the target that the rules make act as blocking terrain.

        Whether a tombstone or Tree beside the target acts as a blocking space
        is asked of ``lof.blocked`` itself: a line meeting only that object.
        """
        if self.board_map.terrain.get(square) != BLOCKING and square not in self.object_acts:
            return False
        return self.counts(square)

    def hindering_square(self, square: SpaceId) -> bool:
        """Hindering terrain at the line's level (water is clear for line of fire)."""
        return self.board_map.terrain.get(square) == HINDERING and self.counts(square)

    def _objects_beside_target(self) -> dict[SpaceId, str]:
        """Tombstones and Trees adjacent to the target, by square (hx2008 L531, L539)."""
        found: dict[SpaceId, str] = {}
        if self.target is None:
            return found
        for square, obj in self.table.objects.items():
            if obj.type not in {"tombstone", "tree"}:
                continue
            for target_square in self.target.at:
                if self.board.distance(square, target_square) != 1:
                    continue
                self.asked = True
                result = self.table.squares_adjacent(square, target_square)
                if result.value is True:
                    found[square] = obj.type
                    self.note_input(result, square in self.trace.interior)
                    acts = self.decide("lof.blocked", {**NEUTRAL, **beside_target(obj.type)})
                    if acts.value is True:
                        self.object_acts[square] = acts
                    break
                if result.value is None and square in self.path:
                    self.undecided.append(result)
        return found

    def note_input(self, result: Result, relevant: bool) -> None:
        """Keep a consulted decision for the trace when it made a fact true on this line."""
        if relevant and result not in self.inputs:
            self.inputs.append(result)

    # --- ends ---------------------------------------------------------------------------------

    def soaring(self, piece: Piece | None, other: Piece | None) -> bool:
        """Whether ``piece`` counts as soaring on this line (a giant facing a soarer does, hx2008 L597)."""
        if piece is None:
            return False
        if Table.flight(piece) == "soaring":
            return True
        if Table.giant(piece) and other is not None and Table.flight(other) == "soaring":
            result = self.decide("giant.treated_as_soaring", {"other_soaring": True})
            if result.value is None:
                self.undecided.append(result)
                return False
            self.note_input(result, result.value is True)
            return result.value is True
        return False

    def io_mismatch(self, attacker_soaring: bool, target_soaring: bool) -> bool:
        """One end an indoor grounded or hovering monster, the other a soaring monster (hx2008 L401)."""
        a, t = self.attacker, self.target
        if a is None or t is None or a.is_token or t.is_token:
            return False
        return (attacker_soaring and not target_soaring and self.table.indoor(self.end)) or (
            target_soaring and not attacker_soaring and self.table.indoor(self.start)
        )

    # --- walls and doorways -------------------------------------------------------------------------------

    def closed_doorways(self) -> frozenset[Edge]:
        """Doorway edges on the line that are closed for line of fire (decided by ``portal.doorway_blocks``)."""
        if not self.table.objects:
            return frozenset()
        closed: set[Edge] = set()
        viewer = self.attacker
        doorways = doorway_edges(self.board, self.table.objects.values())
        if not doorways:
            return frozenset()
        met = self.board_map.edges_met(self.line_map)
        for edge, portal in doorways.items():
            if edge not in met:
                continue
            sides = sorted(edge, key=self.board.sort_key)
            pieces = [p for p in (self.table.occupant.get(sq) for sq in sides) if p is not None]
            monsters = [p for p in pieces if not p.is_token]
            own = viewer.player if viewer is not None and not viewer.is_token else None
            facts: dict[str, Value] = {
                "purpose": "lof",
                "mover": self.table.profile.figure,
                "side_opposing": any(own is None or p.player != own for p in monsters),
                "side_friendly": any(own is not None and p.player == own for p in monsters),
                "side_victim": any(p.is_token for p in pieces),
            }
            result = self.decide("portal.doorway_blocks", facts)
            if result.value is None:
                self.undecided.append(result)
            elif result.value is True:
                closed.add(edge)
                self.doorway_results[edge] = (portal, result)
        return frozenset(closed)

    # --- the facts ------------------------------------------------------------------------------------

    def _side_occupant(self, corner: CornerMap, side: int) -> Piece | None:
        """The piece on one side square of a corner, as :meth:`occupant` sees it."""
        piece = self.table.occupant.get(corner.sides[side])
        if piece is None or piece.id in self.end_ids or not corner.counted[side]:
            return None
        return piece

    def _side_blocking(self, corner: CornerMap, side: int) -> bool:
        """:meth:`blocking_square` for one side square of a corner."""
        return corner.blocking[side] or (corner.counted[side] and corner.sides[side] in self.object_acts)

    def _side_partner(self, corner: CornerMap, side: int) -> str:
        """What one side square of a corner holds beside a hindering square, for ``diagonal_partner``."""
        if corner.hindering[side]:
            return "hindering"
        if self._side_blocking(corner, side):
            return "blocking"
        if self._side_occupant(corner, side) is not None:
            return "occupant"
        return "none"

    def build(self) -> LineFacts:  # noqa: C901, PLR0912, PLR0915 - one pass over the line, fact by fact
        """Walk the line once and collect every fact."""
        table, board, line = self.table, self.board, self.line_map
        doors = self.closed_doorways()
        cutting = board.walls | doors if doors else board.walls

        lower_blocking = line.lower_blocking
        closed_doorway = False
        crossed_walls = False
        blockers: list[Blocker] = []
        seen: set[frozenset[str]] = set()
        diagonal_with = "none"
        partners: set[str] = set()
        diagonal_hindering_sides: list[SpaceId] = []

        for step in line.every_crossing() if doors else line.crossings:
            crossing, corner = step.crossing, step.corner
            door_cut = False
            if doors and step.counted:
                if corner is not None:
                    door_cut = not step.wall_cut and board.separates(cutting, crossing.left, crossing.entered)
                    self._doorways_at(crossing, doors, door_cut)
                elif step.edge in doors:
                    door_cut = True
                    self.note_input(self.doorway_results[step.edge][1], relevant=True)
            if step.wall_end:
                self._wall_end_open(crossing)
            if step.wall_cut:
                crossed_walls = True
                self.walls_named.append(step.wall_words)
                lower_blocking = lower_blocking or step.at_low
            if door_cut:
                closed_doorway = True
                lower_blocking = lower_blocking or step.at_low
            if corner is None:
                continue
            s1, s2 = corner.sides
            # occupants on both sides: an adjacent pair, or one double base on the diagonal
            p1, p2 = self._side_occupant(corner, 0), self._side_occupant(corner, 1)
            if p1 is not None and p2 is not None:
                if p1 is p2:
                    key = frozenset({"db:" + p1.id})
                    if key not in seen:
                        seen.add(key)
                        blockers.append(Blocker("doublebase", (p1,), (s1,)))
                else:
                    key = frozenset({p1.id, p2.id})
                    if key not in seen:
                        seen.add(key)
                        blockers.append(Blocker("pair", (p1, p2), (s1, s2)))
            # blocking diagonals (hx2008 L503)
            for x, y in ((0, 1), (1, 0)):
                if not self._side_blocking(corner, x):
                    continue
                if self._side_blocking(corner, y):
                    diagonal_with = "blocking"
                elif self._side_occupant(corner, y) is not None:
                    diagonal_with = "occupied" if diagonal_with == "none" else diagonal_with
                else:
                    continue
                lower_blocking = lower_blocking or corner.at_low[x]
                for square in (corner.sides[x], corner.sides[y]):
                    if square in self.object_acts:
                        self.note_input(self.object_acts[square], relevant=True)
            # hindering diagonals (hx2008 L465): one side hindering, the other a partner
            for x, y in ((0, 1), (1, 0)):
                if not corner.hindering[x]:
                    continue
                partner = self._side_partner(corner, y)
                if partner != "none":
                    partners.add(partner)
                    diagonal_hindering_sides.append(corner.sides[x])

        occupant, end_ids = table.occupant, self.end_ids
        if not occupant.keys().isdisjoint(line.interior_counted):
            for square in line.interior_counted:
                piece = occupant.get(square)
                if piece is not None and piece.id not in end_ids and frozenset({piece.id}) not in seen:
                    seen.add(frozenset({piece.id}))
                    blockers.append(Blocker("occupant", (piece,), (square,)))

        kinds = {kind for sq, kind in self.objects_beside.items() if sq in self.trace.interior and self.counts(sq)}
        if self.object_acts:
            lower_blocking = lower_blocking or any(
                self.board_map.level(sq) == self.low for sq in self.object_acts if sq in self.trace.interior
            )
        beside = "both" if len(kinds) > 1 else (kinds.pop() if kinds else "none")

        attacker_soaring = self.soaring(self.attacker, self.target)
        target_soaring = self.soaring(self.target, self.attacker)
        end_soaring = attacker_soaring or target_soaring
        blocking_facts: dict[str, Value] = {
            "crosses_blocking": line.crosses_blocking or crossed_walls,
            "crosses_wall": bool(crossed_walls),
            "crosses_occupied": False,
            "between_adjacent_pair": False,
            "blocking_diagonal": diagonal_with != "none",
            "blocking_diagonal_with": diagonal_with,
            "closed_doorway": closed_doorway,
            "object_beside_target": beside != "none",
            "beside_target_kind": beside,
            "end_soaring": end_soaring,
            "attacker_soaring": attacker_soaring,
            "blocker_soaring": False,
            "blocker_intangible": False,
            "blocker_victim": False,
            "io_mismatch": self.io_mismatch(attacker_soaring, target_soaring),
            "levels_differ": line.levels_differ,
            "crosses_higher_elevated": line.higher,
            "lower_level_blocking": lower_blocking,
            "crosses_great_size": False,
            "end_giant": any(p is not None and Table.giant(p) for p in (self.attacker, self.target)),
            "occupant_blockers_standard_only": True,
            "crosses_doublebase_diagonal": False,
        }
        hindering = self._hindering(partners, diagonal_hindering_sides)
        hindering["attack"] = "ranged"
        hindering["end_soaring"] = end_soaring
        hindering["same_flight_level"] = attacker_soaring == target_soaring
        hindering["levels_differ"] = line.levels_differ
        if table.game.capabilities.corner_point_terrain:
            blocking_facts.update(self._corner_and_elevation_facts())
            marks = line.hindering_marks
            hindering["crosses_hindering_square"] = any(marks)
            hindering["only_attacker_square"] = marks[0] and not any(marks[1:])
        if self.object_acts:
            blocking_named = [f"blocking terrain at {board.name(sq)}" for sq in self.path if self.blocking_square(sq)]
        else:
            blocking_named = list(line.blocking_named)
        return LineFacts(
            start=self.start,
            end=self.end,
            trace=self.trace,
            blocked=blocking_facts,
            blockers=blockers,
            hindering=hindering,
            spaces_on_route=line.spaces_on_route,
            attacker_soaring=attacker_soaring,
            target_soaring=target_soaring,
            inputs=self.inputs,
            undecided_inputs=self.undecided,
            walls_named=[*dict.fromkeys(self.walls_named), *blocking_named],
            name=line.name,
            consulted=self.asked,
        )

    def _corner_and_elevation_facts(self) -> dict[str, Value]:
        """HeroClix's facts: the corner points the line passes through (hc L1453-1460) and elevation (hc L1403-1415)."""
        table, board = self.table, self.board
        rank = {"none": 0, "clear": 1, "hindering": 2, "blocking": 3}
        worst = "none"
        for corner in self.trace.vertices:
            sides = [self._point_class(sq) for sq in corner.sides]
            result = self.decide("terrain.corner_point", {"purpose": "lof", "side_a": sides[0], "side_b": sides[1]})
            if result.value is None:
                self.undecided.append(result)
                continue
            touched = self._walls_touching(corner) or any(side != "clear" for side in sides)
            if str(result.value) != "clear":
                self.note_input(result, relevant=True)
            elif touched:  # a corner left open by the rule: a reason in the attacker's favour
                words = self._corner_words(corner)
                self.note_input(explained(result, f"{words}: it counts as its least restrictive side"), relevant=True)
            if rank[str(result.value)] > rank[worst]:
                worst = str(result.value)
        self._water_is_clear()
        elevated = [table.level(sq) > 1 for sq in (self.start, self.end)]
        interior = self.trace.interior
        blocking = [sq for sq in self.path if board.terrain_at(sq) == BLOCKING]
        ends = {self.attacker, self.target}
        crossed = {table.occupant.get(sq) for sq in interior if sq in table.occupant}
        multibase = "none"
        for piece in crossed:
            if piece is None or piece.size != "double":
                continue
            kind = "attacker" if piece is self.attacker else "target" if piece is self.target else "other"
            if kind == "other" or multibase in {"none", "attacker"}:
                multibase = kind
        indoor = self.table.situation.map_kind == "indoor/outdoor"
        return {
            "to_self": False,
            "corner_point": worst,
            "both_elevated": all(elevated),
            "blocking_all_ground": all(table.level(sq) == 1 for sq in blocking),
            "crosses_elevated": any(table.level(sq) > 1 for sq in interior),
            "crosses_large": any(p is not None and p not in ends and Table.giant(p) for p in crossed),
            "outdoor_over_indoor": indoor and table.indoor(self.start) != table.indoor(self.end),
            "multibase_crossed": multibase,
        }

    def _water_is_clear(self) -> None:
        """Cite the rule that classes water for line of fire when water lies on the line (hc L1213-1215).

        Water never hindering the line is a reason in the attacker's favour: the trace names it, as it names
        a hindering square against.
        """
        if not any(self.board.terrain_at(sq) == WATER for sq in self.path):
            return
        facts: dict[str, Value] = {
            "purpose": "lof",
            "green": False,
            "blue": True,
            "brown": False,
            "debris": False,
            "stairs": False,
        }
        result = self.decide("terrain.square_class", facts)
        if result.value is not None:
            self.note_input(result, relevant=True)

    def _point_class(self, square: SpaceId) -> str:
        """A corner point's side as the corner-point rule classes it: a character counts as blocking (hc L1453-1460)."""
        if self.board.terrain_at(square) in (BLOCKING, None) or self.occupant(square) is not None:
            return "blocking"
        return "hindering" if self.hindering_square(square) else "clear"

    def _walls_touching(self, corner: Crossing) -> bool:
        """Whether a wall meets the corner the line passes exactly through."""
        return any(edge in self.board.walls for edge in corner.edges)

    def _corner_words(self, corner: Crossing) -> str:
        """``the line passes the corner between C2 and D3, where a wall ends``."""
        first, second = sorted((corner.left, corner.entered), key=self.board.sort_key)
        wall = ", where a wall ends" if self._walls_touching(corner) else ""
        return f"the line passes the corner between {self.board.name(first)} and {self.board.name(second)}{wall}"

    def _wall_end_open(self, corner: Crossing) -> None:
        """Cite the rule that leaves open a corner where a wall merely ends (hx2008 L509), a reason in favour.

        Where the game classes corner points by their side squares (HeroClix) that rule is cited instead, by
        :meth:`_corner_and_elevation_facts`.
        """
        if self.table.game.capabilities.corner_point_terrain or not self._walls_touching(corner):
            return
        if not self.counts(corner.left, corner.entered):
            return
        facts = self.table.adjacency_facts(corner.left, corner.entered)
        result = self.decide("adjacent.is", facts)
        if result.value is True and facts["wall_end_only"] is True:
            words = self._corner_words(corner)
            self.note_input(explained(result, f"{words}: the wall does not cut it"), relevant=True)

    def _doorways_at(self, crossing: Crossing, doors: frozenset[Edge], door_cut: bool) -> None:
        """Cite the doorway decisions of the edges at a vertex the line is cut at."""
        if not door_cut:
            return
        for edge in crossing.edges:
            if edge in doors:
                self.note_input(self.doorway_results[edge][1], relevant=True)

    def _hindering(self, partners: set[str], diagonal_sides: list[SpaceId]) -> dict[str, Value]:
        """The terrain facts of ``defense.hindering_bonus`` (hx2008 L461-465)."""
        line = self.line_map
        edge_exit = line.edge_exit_possible
        if edge_exit and diagonal_sides:
            areas, start_area = self.board_map.areas, line.start_area
            edge_exit = not any(areas.get(sq) != start_area for sq in diagonal_sides)
        partner = next((p for p in ("hindering", "blocking", "occupant") if p in partners), "none")
        return {
            "crosses_hindering_boundary": line.crosses_hindering_boundary,
            "same_hindering_area": line.same_hindering_area,
            "attacker_edge_exit": edge_exit,
            "hindering_diagonal": partner != "none",
            "diagonal_partner": partner,
            "target_in_hindering": line.target_in_hindering,
        }


def explained(result: Result, words: str) -> Result:
    """``result`` with ``words`` added to each step's note (why it bears on this line)."""
    return replace(result, trace=tuple(replace(step, note=f"{step.note} ({words})") for step in result.trace))


def line_facts(
    table: Table,
    start: SpaceId,
    end: SpaceId,
    attacker: Piece | None,
    target: Piece | None,
    *,
    the_map: BoardMap | None = None,
) -> LineFacts:
    """Every fact of ``lof.blocked`` and ``defense.hindering_bonus`` for the line ``start`` -> ``end``.

    ``the_map``: the board's :class:`BoardMap` when the caller has it already. The result is shared:
    callers read it and never change it.

    Kept per board (:attr:`BoardMap.facts`) when no rule was consulted to build it (no doorway, no object
    beside the target, no giant facing a soarer, no corner where a wall ends, no corner-point terrain).
    Such facts are then a function of the board, the situation's pieces and objects, its map kind, the
    game's ``corner_point_terrain`` capability, the two squares and the two end pieces, and of nothing
    else: not of the ruleset's rules, its readings or the situation's given facts. The key holds the map
    kind, the capability, the squares and the identities of the end pieces; the kept entry holds the
    situation's ``pieces`` and ``objects`` tuples and the end pieces themselves, which must be the very
    same objects for a hit (frozen values: the same objects mean the same occupants and objects). A build
    that consulted a rule is never kept, so every decision it asks is asked again by each query.
    """
    if the_map is None:
        the_map = board_map(table.board)
    situation = table.situation
    pieces, objects = situation.pieces, situation.objects
    key = (start, end, id(attacker), id(target), situation.map_kind, table.game.capabilities.corner_point_terrain)
    kept = cast("KeptFacts | None", the_map.facts.get(key))
    if kept is not None and kept[0] is pieces and kept[1] is objects and kept[2] is attacker and kept[3] is target:
        return kept[4]
    builder = _Builder(table, start, end, attacker, target, the_map=the_map)
    facts = builder.build()
    if not facts.consulted:
        the_map.keep_facts(key, (pieces, objects, attacker, target, facts))
    return facts
