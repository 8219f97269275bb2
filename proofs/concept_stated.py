"""``diff`` across games by concept: the differences no shared question asks, paired rule with rule.

Boards (:mod:`proofs.concepts`) and the decisions both games declare
(:mod:`proofs.concept_decisions`) show where a judge meets the two games
differently. Some differences lie where neither does: a dice count or a
constant inside a procedure (the first-player roll, how many objects a player
brings, how a team that does not fit its starting area is placed), a
mechanism one game has and the other replaces with its own (pushing damage
against vulnerability, destroying terrain against smashing portals, objects
that are carried against objects that never move), or a set-up or scoring
step the engine does not ask about. Each is listed here once, by concept, as
the pair of rules (of either side's spec, so both citations come from it)
that state it, with what each side says in a few words of our own; a pair an
earlier finding already shows is not repeated.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from adjudicator.core.spec import Spec
from proofs.report import NO_CHANGE, Finding, merge_citations, parse_side, rule_ref


@dataclass(frozen=True)
class Stated:
    """One difference the texts state: its concept, what it is about, and each game's rules and answer."""

    concept: str
    about: str
    one: tuple[str, ...]
    """The rules of one game (HeroClix in this table) that state it."""
    two: tuple[str, ...]
    """The rules of the other game (HorrorClix) that state it."""
    one_says: str
    two_says: str

    def side(self, spec: Spec, game: str) -> tuple[tuple[str, ...], str] | None:
        """The rules of ``game`` and what they say (``None`` when neither side is that game's)."""
        for ids, says in ((self.one, self.one_says), (self.two, self.two_says)):
            if spec.rules[ids[0]].game == game:
                return ids, says
        return None


STATED: Final[tuple[Stated, ...]] = (
    Stated(
        "setup",
        "the roll for first player",
        ("HE.SETUP.S1_REVEAL_ROLL",),
        ("HX.SETUP.S1.FIRST",),
        "each player rolls 2d6",
        "each player rolls one d6",
    ),
    Stated(
        "setup",
        "a team that does not fit its starting area",
        ("HE.SETUP.S2_EXPAND",),
        ("HX.SETUP.S6.OVERFLOW",),
        "every starting area grows by a row toward the centre until all teams fit",
        "the monsters left over go on clear spaces next to the starting area",
    ),
    Stated(
        "setup",
        "Unique figures in a team",
        ("HE.TEAM.UNIQUE",),
        ("HX.SETUP.ARMY.UNIQUE", "HX.SETUP.ARMY.UNIQUE.KEY"),
        "one copy of a Unique (same name, set symbol and number)",
        "one copy of a Unique or Limited Edition monster, told apart by collector's number alone",
    ),
    Stated(
        "setup",
        "what a player brings besides the figures",
        ("HE.TAC.OPTIONAL",),
        ("HX.VIC.COUNT", "HX.PT.CRYPT.SIZE"),
        "optional tactics: objects, feats, battlefield conditions, themed teams",
        "victims (12 in all, shared out) and a crypt of six plot twists",
    ),
    Stated(
        "objects",
        "how many objects are brought",
        ("HE.OBJ.TEAM_LIMIT",),
        ("HX.SETUP.S4.OBJECTS",),
        "up to three per team: one light, one heavy, a third of any kind",
        "up to two per player",
    ),
    Stated(
        "objects",
        "where and when objects are placed",
        ("HE.OBJ.PLACE",),
        ("HX.SETUP.S4.WHERE",),
        "between steps 2 and 3, on clear squares outside the starting areas (special ones 5 or more away)",
        "in step 4, after the victims, on clear terrain neither in nor next to a starting area",
    ),
    Stated(
        "objects",
        "picking up, carrying and using objects",
        ("HE.OBJ.WEAPON", "HE.OBJ.CARRY"),
        ("HX.OBJ.FIXED",),
        "a character able to (Super Strength) picks one up, carries it and spends it in an attack",
        "once placed an object never moves",
    ),
    Stated(
        "objects",
        "the square an object stands in",
        ("HE.OBJ.AS_TERRAIN",),
        ("HX.TOMB.MOVE", "HX.TREE.MOVE"),
        "hindering terrain",
        "crossed as clear terrain, but no move may end there",
    ),
    Stated(
        "terrain",
        "destroying terrain",
        ("HE.DESTROY.BLOCK", "HE.DESTROY.WALL_CLOSE"),
        ("HX.PORTAL.SMASH", "HX.TOMB.SMASH"),
        "3 or more damage in one attack (which always hits) destroys a blocking square or a wall segment",
        "map terrain stays; only a portal or tombstone is smashed, on an attack roll result of 13 or more",
    ),
    Stated(
        "actions",
        "a second action token",
        ("HE.PUSH.DAMAGE",),
        ("HX.VULN.DEF", "HX.TOKEN.TWO.LOCK"),
        "1 pushing damage",
        "no damage; the monster is vulnerable",
    ),
    Stated(
        "actions",
        "the kinds of action",
        ("HE.ACT.TYPES", "HE.ACT.POWER"),
        ("HX.HUNT.KINDS",),
        "four: power, move, close combat, ranged combat",
        "three: move, close combat, ranged combat",
    ),
    Stated(
        "break_away",
        "a break-away roll of 1 or 6 under modifiers",
        ("HE.BA.AUTO",),
        ("HX.BREAK.FAIL", "HX.BREAK.SUCCESS"),
        "1 always fails and 6 always succeeds, whatever modifies the roll",
        "the result alone decides (1-3 fails, 4-6 succeeds); no result is fixed",
    ),
    Stated(
        "turns",
        "what a turn is made of",
        ("HE.TURN.ROUNDS",),
        ("HX.TURN.PHASES",),
        "rounds, each a turn per player, with effects at the start and end of a round",
        "turns of four fixed phases (preview, suspense, hunting, hourglass); no rounds",
    ),
    Stated(
        "turns",
        "the end of the turn",
        ("HE.TURN.TURN_END",),
        ("HX.HGP.STEPS", "HX.HG.TICK"),
        "effects of the turn end, then end-of-turn effects resolve",
        "tokens are cleared, then each monster showing an hourglass takes 1 unpreventable damage",
    ),
    Stated(
        "attacks",
        "attacking a figure early in the game",
        ("HE.FRI.PROTECT",),
        ("HX.CMB.NOFRIEND", "HX.CMB.NOSELF"),
        "in round 1 a character that has neither acted nor moved cannot be targeted, attacked or damaged",
        "no first-round protection: any opposing monster may be targeted",
    ),
    Stated(
        "attacks",
        "figures that belong to no player",
        ("HE.BYST.DEF", "HE.BYST.KO"),
        ("HX.VIC.STATUS", "HX.CMB.NOVICTIM"),
        "a bystander is a character: it can be attacked and any damage knocks it out",
        "a victim is not a monster and cannot be targeted by attacks",
    ),
    Stated(
        "multiple_targets",
        "how many targets a ranged attack may have",
        ("HE.MULTI.BOLTS",),
        ("HX.MT.BOLTS",),
        "1, 2 or 3 lightning bolts",
        "as many as the bolts printed, always at least 1, no upper limit stated",
    ),
    Stated(
        "line_of_fire",
        "lines of fire between indoor and outdoor",
        ("HE.LOF.INDOOR_OUTDOOR",),
        ("HX.IO.LOF",),
        "an outdoor character never draws a line over an indoor part, whatever its elevation",
        "only soaring monsters and indoor grounded or hovering monsters cannot target each other",
    ),
    Stated(
        "elevation",
        "stairs and ladders",
        ("HE.ELEV.STAIRS",),
        ("HX.ELEV.TRANSIT", "HX.ELEV.STAIRCC"),
        "a stairway may be several squares, all crossed with the boundary line; consecutive stair squares adjacent",
        "a stair or ladder is one lower and one higher square; the two may fight in close combat",
    ),
    Stated(
        "elevation",
        "flying",
        ("HE.SYM.WING",),
        ("HX.FLY.MODES", "HX.FLY.PASS"),
        "the wing symbol gives Flight and Carry (effects on the powers card)",
        "two flight modes, hovering and soaring, set on the stand, with their own movement and combat rules",
    ),
    Stated(
        "rule_of_3",
        "what card text may not override",
        ("HE.GOLD.PRECEDENCE",),
        ("HX.R3.PRIORITY",),
        "every Golden Rule (rule of 3, occupancy, action tokens, minimums)",
        "the rule of 3 alone",
    ),
    Stated(
        "values",
        "rounding",
        ("HE.VAL.ROUND",),
        ("HX.ROUND.UP",),
        "any fraction at any step goes to the nearest whole number (a half has none: read as up)",
        "a halved value rounds up",
    ),
    Stated(
        "powers",
        "where powers are and when they work",
        ("HE.POW.ON_DIAL", "HE.POW.OPTIONAL"),
        ("HX.COMP.POWER.VISIBLE", "HX.COMP.DEP.TRIGGER", "HX.COMP.CONTINUOUS"),
        "powers are coloured squares on the dial, described on the powers card; optional unless marked",
        "monster powers are on the monster card, usable while their colour shows; dependent and continuous kinds",
    ),
    Stated(
        "victory",
        "what scores victory points",
        ("HE.VP.KO", "HE.VP.OBJECT"),
        ("HX.VP.KILL", "HX.VP.VICTIM"),
        "opposing characters knocked out and opposing objects removed",
        "monsters killed, and 5 points per 100 of build total for each victim on a monster card",
    ),
    Stated(
        "defeat",
        "what leaves with a defeated figure",
        ("HE.KO.WHEN",),
        ("HX.CMB.KILL", "HX.INPLAY.KILL"),
        "the character is removed from the map",
        "the monster leaves the game with its card and every victim on it",
    ),
)
"""The differences the texts state that no board or shared question shows, by concept."""


def _pair_ids(finding: Finding) -> list[set[str]]:
    return [{r["id"] for r in refs} for refs in finding.get("rules", {}).values()]


def shown(entry: Stated, earlier: Iterable[Finding]) -> bool:
    """Whether an earlier finding already cites, on both sides, a rule of this pair (either side first)."""
    one, two = set(entry.one), set(entry.two)
    for finding in earlier:
        sides = _pair_ids(finding)
        if len(sides) == 2 and ((sides[0] & one and sides[1] & two) or (sides[0] & two and sides[1] & one)):  # noqa: PLR2004
            return True
    return False


def run(spec: Spec, a: str, b: str, titles: dict[str, str], earlier: Iterable[Finding] = ()) -> list[Finding]:
    """The stated differences of a HeroClix and a HorrorClix side (either order) that no earlier finding shows."""
    labels = (a, b)
    rulesets = [parse_side(x) for x in labels]
    games = [spec.game(rs) for rs, _ in rulesets]
    if games[0] == games[1]:
        return []
    earlier = list(earlier)
    out: list[Finding] = []
    for entry in STATED:
        if shown(entry, earlier):
            continue
        rules: dict[str, list[dict[str, Any]]] = {}
        answers: dict[str, str] = {}
        for label, (ruleset, readings), game in zip(labels, rulesets, games, strict=True):
            side = entry.side(spec, game)
            if side is None:
                break
            ids, says = side
            views = [spec.rules[r].view(ruleset, readings.get(r)) for r in ids if ruleset in spec.rules[r].views]
            rules[label] = [rule_ref(spec, v) for v in views]
            answers[label] = says
        if len(rules) != len(labels) or not all(rules.values()):
            continue
        title = titles.get(entry.concept, entry.concept)
        out.append(
            {
                "kind": "diff",
                "decision": None,
                "concept": entry.concept,
                "topic": title,
                "rulesets": list(labels),
                "sides": {x: {"ruleset": rs, "readings": rd} for x, (rs, rd) in zip(labels, rulesets, strict=True)},
                "situation": None,
                "answers": answers,
                "rules": rules,
                "question": f"{title}: {entry.about}",
                "summary": "; ".join(f"{x}: {answers[x]}" for x in labels),
                "citations": {x: merge_citations(*(r["citations"] for r in rules[x])) for x in labels},
                "rank": 1,
                "basis": "stated",
                "board_note": NO_CHANGE,
                "note": "stated by both texts (the rules cited); no board or shared question of the engine asks it",
            }
        )
    return out


__all__ = ["STATED", "Stated", "run", "shown"]
