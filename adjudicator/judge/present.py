"""The words of an answer for people: the verdict's words, citations in a sentence, the trace in plain steps.

``--json`` keeps the contract's plain data (:mod:`adjudicator.core.plain`);
these views name a ruleset by its game's title from the registry
(``HorrorClix 2008``), which the spec alone does not know.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

from adjudicator.core.engine import Step
from adjudicator.core.plain import cite_json, plain_note, step_title
from adjudicator.core.sources import Citation
from adjudicator.core.spec import Spec
from adjudicator.games import ruleset_title
from adjudicator.situation.answer import Answer


def cite_text(spec: Spec, cite: Citation) -> str:
    """``HorrorClix 2008, L275-277 (Breaking Away)``: the citation for people (JSON keeps the seed file name)."""
    data = cite_json(spec, cite)
    source = spec.sources[cite.source]
    lines = f"L{cite.first}" if cite.first == cite.last else f"L{cite.first}-{cite.last}"
    section = f" ({data['section']})" if data["section"] else ""
    return f"{ruleset_title(source.ruleset, source.game)}, {lines}{section}"


def distinct_steps(spec: Spec, steps: list[Step]) -> list[tuple[Step, str]]:
    """Each step with its plain note, leaving out a step that repeats the one before it (same rule and words)."""
    out: list[tuple[Step, str]] = []
    for step in steps:
        plain = plain_note(spec, step)
        if not out or (out[-1][0].rule, out[-1][1]) != (step.rule, plain):
            out.append((step, plain))
    return out


def step_lines(spec: Spec, ruleset: str, steps: list[Step], *, verbose: bool = False) -> list[tuple[str, str, str]]:
    """The trace for people: ``(what was checked, citation, formal note)`` per step.

    A step that repeats the one before it (same rule, same plain words) is shown once; a step that settles
    the question says so (``decides:``), so a judge finds the ruling's own line at a glance.
    """
    out: list[tuple[str, str, str]] = []
    for step, plain in distinct_steps(spec, steps):
        cites = ", ".join(cite_text(spec, c) for c in step.cites[:1])
        formal = step.note if verbose else ""
        mark = "decides: " if step.deciding else ""
        out.append((f"{mark}{step_title(spec, ruleset, step)} [{step.rule}]: {plain}", cites, formal))
    return out


# -- the verdict in words -------------------------------------------------------------------------

LINE_QUERIES = frozenset({"line_of_fire", "line_of_sight"})
"""Queries whose result is a line: their words are BLOCKED, HINDERED or CLEAR."""


FRACTION = re.compile(r"(-?\d+)/(\d+)")
"""An exact probability or mean as the answers write it: ``7/12``, ``147/38``."""


def percent(value: object) -> str:
    """``7/12 (58%)`` for a probability written as a fraction (or ``1``, ``0``); other values as they are."""
    text = str(value)
    odds = FRACTION.fullmatch(text)
    if odds is not None and not odds.group(1).startswith("-"):
        top, bottom = int(odds.group(1)), int(odds.group(2))
        if bottom:
            share = 100 * top / bottom
            shown = "<1" if 0 < share < 1 else ">99" if 99 < share < 100 else f"{round(share)}"  # noqa: PLR2004
            return f"{text} ({shown}%)"
    return text


CERTAIN = {"0": "no chance", "1": "certain"}
"""Probabilities that are not odds: a headline says what happens instead."""


def _number(value: object) -> str:
    """A fraction such as ``147/38`` as a short decimal (``3.9``); other values as they are."""
    text = str(value)
    found = FRACTION.fullmatch(text)
    if found is not None and int(found.group(2)):
        return f"{int(found.group(1)) / int(found.group(2)):.1f}"
    return text


def _single(mapping: object) -> object | None:
    """The one value of a one-entry mapping (one target's odds), else ``None``."""
    if isinstance(mapping, dict) and len(mapping) == 1:
        value: object = next(iter(mapping.values()))
        return value
    return None


def odds(outcome: dict[str, Any]) -> str:
    """The odds of the outcome that matters most, in words (``7/12 (58%) to hit``), or ``""``."""
    branches = outcome.get("branches")
    if isinstance(branches, list):
        legal = [b for b in branches if isinstance(b, dict) and b.get("verdict") == "legal"]
        if len(legal) == 1 and "probability" in legal[0]:
            return f"{percent(legal[0]['probability'])} legal"
    hit = _single(outcome.get("p_hit"))
    if hit is not None:
        return f"{percent(hit)} to hit"
    for key, words in (
        ("p_success", "to succeed"),
        ("p_attacker_wins", "that the attacker wins"),
        ("p_can_survive", "to survive"),
        ("p_starts", "that the haunt starts"),
    ):
        if outcome.get(key) is not None and str(outcome[key]) not in CERTAIN:
            return f"{percent(outcome[key])} {words}"
    breakaway = outcome.get("breakaway")
    if isinstance(breakaway, dict) and breakaway.get("required") and breakaway.get("p_success") is not None:
        return f"{percent(breakaway['p_success'])} to break away"
    return ""


def _count(items: object, one: str, many: str) -> str | None:
    """``3 TARGETS`` for a list (``NO TARGETS`` when empty), ``None`` for anything else."""
    if not isinstance(items, list):
        return None
    if not items:
        return f"NO ONE {many}" if one == many else f"NO {many}"
    return f"{len(items)} {one if len(items) == 1 else many}"


def _damage(outcome: dict[str, Any]) -> str | None:
    """A damage distribution (``{"3": "1"}``) as ``3 DAMAGE``; several values by their mean."""
    damage = outcome.get("damage")
    if not isinstance(damage, dict) or not damage:
        return None
    if all(isinstance(v, str) for v in damage.values()):  # value -> probability
        if len(damage) == 1:
            return f"{next(iter(damage))} DAMAGE"
        if "mean" in outcome:
            return f"{_number(outcome['mean'])} DAMAGE ON AVERAGE"
    return None


def _value(_query: str, outcome: dict[str, Any]) -> str | None:
    """``ATTACK 15`` for a combat value, ``RANGE 2`` (``NO PATH``) for a distance, ``LEVEL 3``."""
    if "stat" in outcome and outcome.get("value") is not None:
        return f"{str(outcome['stat']).upper()} {outcome['value']}"
    if "distance" in outcome and not isinstance(outcome["distance"], dict):
        return "NO PATH" if outcome["distance"] is None else f"RANGE {outcome['distance']}"
    if "level" in outcome:
        return f"LEVEL {outcome['level']}"
    return None


def _certain(query: str, outcome: dict[str, Any]) -> str | None:
    """What happens for sure: the haunt starts or not, a hero can survive or not."""
    if query == "haunt_roll" and ("starts" in outcome or str(outcome.get("p_starts")) in CERTAIN):
        starts = outcome["starts"] if "starts" in outcome else outcome["p_starts"] == "1"
        return "THE HAUNT STARTS" if starts else "NO HAUNT"
    survive = str(outcome.get("can_survive", outcome.get("p_can_survive")))
    if survive in {"True", "1", "False", "0"}:
        return "CAN SURVIVE" if survive in {"True", "1"} else "CANNOT SURVIVE"
    return None


def _effect(query: str, outcome: dict[str, Any]) -> str | None:
    """A winner, whether an effect applies, what a heal restores, where a forced move ends."""
    if outcome.get("winner") is not None:
        return f"PLAYER {outcome['winner']} WINS"
    if "applies" in outcome:
        return "APPLIES" if outcome["applies"] else "DOES NOT APPLY"
    if "restored" in outcome and query == "heal":
        return f"HEALS {outcome['restored']}"
    if isinstance(outcome.get("ends"), list) and outcome["ends"]:
        return f"ENDS AT {' OR '.join(map(str, outcome['ends']))}"
    return None


def _counted(_query: str, outcome: dict[str, Any]) -> str | None:
    """``2 TARGETS``, ``5 ROOMS``, ``11 SQUARES``, ``NO ONE KILLED``."""
    for key, one, many in (
        ("targets", "TARGET", "TARGETS"),
        ("rooms", "ROOM", "ROOMS"),
        ("squares", "SQUARE", "SQUARES"),
        ("killed", "KILLED", "KILLED"),
    ):
        counted = _count(outcome.get(key), one, many)
        if counted:
            return counted
    return None


def _odds_words(_query: str, outcome: dict[str, Any]) -> str | None:
    found = odds(outcome)
    return found.upper() if found else None


def _ruling(query: str, outcome: dict[str, Any]) -> str | None:
    """A ruling's value: ``YES`` / ``NO`` for a yes-or-no question, else the value (``REPLACES EXISTING``, ``3``)."""
    if query != "ruling" or "value" not in outcome or outcome.get("value") is None:
        return None
    value = outcome["value"]
    if isinstance(value, bool):
        return "YES" if value else "NO"
    return str(value).replace("_", " ").upper()


RESULTS = (_ruling, lambda _q, o: _damage(o), _value, _certain, _effect, _counted, _odds_words)
"""The readers of an ``answered`` outcome, in order: the first that finds a short result says it."""


def result_words(query: str, outcome: dict[str, Any]) -> str | None:
    """A short result from an ``answered`` outcome where one clearly exists (``5 DAMAGE``, ``ATTACK 15``)."""
    return next((words for read in RESULTS if (words := read(query, outcome))), None)


def _roll_result(outcome: dict[str, Any]) -> str:
    """What the given rolls did: ``the attacker wins``, ``hit, 3 damage``, ``2 of 3 hit`` (``""`` when unknown)."""
    winner = outcome.get("winner")
    if winner in {"attacker", "defender"}:
        return f"the {winner} wins"
    if winner == "tie":
        return "a tie"
    hits = outcome.get("hit")
    if not isinstance(hits, dict) or not hits or not all(isinstance(v, bool) for v in hits.values()):
        return ""
    if len(hits) == 1:
        (target, hit), damage = next(iter(hits.items())), outcome.get("damage")
        amount = damage.get(target) if isinstance(damage, dict) else None
        return f"hit, {amount} damage" if hit and isinstance(amount, int) else "hit" if hit else "miss"
    return f"{sum(hits.values())} of {len(hits)} hit"


def _choices(outcome: dict[str, Any]) -> str | None:
    """``2 CHOICES`` for a monster turn's equally good plays (``1 CHOICE``)."""
    choices = outcome.get("choices")
    if not isinstance(choices, list):
        return None
    return f"{len(choices)} CHOICE{'' if len(choices) == 1 else 'S'}"


def _line(outcome: dict[str, Any]) -> tuple[str, str]:
    """A line of fire or sight: BLOCKED, HINDERED (where the game has hindering) or CLEAR."""
    if outcome["clear"] is None:
        return "UNDECIDED", "mixed"
    if not outcome["clear"]:
        return "BLOCKED", "bad"
    return ("HINDERED", "mixed") if outcome.get("hindering") else ("CLEAR", "good")


def headline(verdict: str, query: str, outcome: dict[str, Any]) -> tuple[str, str]:
    """The verdict in words that say the result, and its tone: ``("BLOCKED", "bad")``.

    The CLI's text answer and the judge's page print the same words; the JSON ``verdict`` stays the
    contract's (``answered``, ``legal``, ...). ``tone`` is ``good``, ``bad``, ``mixed`` or ``neutral``.
    """
    if query in LINE_QUERIES and verdict == "answered" and "clear" in outcome:
        return _line(outcome)
    choices = _choices(outcome)
    if verdict in {"depends", "undecided"}:
        found = odds(outcome) if verdict == "depends" else ""
        return (f"DEPENDS: {found}" if found else verdict.upper()), "mixed"
    if verdict in {"legal", "illegal"}:
        tone = "good" if verdict == "legal" else "bad"
        detail = choices or (odds(outcome) or _roll_result(outcome) if verdict == "legal" else "")
        return (f"{verdict.upper()}: {detail}" if detail else verdict.upper()), tone
    if choices:
        return choices, "mixed" if choices != "1 CHOICE" else "neutral"
    return result_words(query, outcome) or verdict.upper(), "neutral"


def answer_headline(result: Answer) -> tuple[str, str]:
    """:func:`headline` of an answer."""
    return headline(result.verdict, result.query, result.outcome)


# -- the answer for the judge's page ---------------------------------------------------------------


def rule_url(ruleset: str, rule_id: str) -> str:
    """The page's link to a rule: ``/go/rule?...`` (the served reference, or a page the app renders)."""
    return f"/go/rule?{urlencode({'ruleset': ruleset, 'rule': rule_id})}"


def answer_view(spec: Spec, result: Answer) -> dict[str, Any]:
    """What the judge's page shows of an answer: its headline and tone, the steps in people's words.

    Each step: ``title``, ``plain`` (the note without its formal condition), ``citation``
    (``HorrorClix 2008, L395 (Line of Fire)``), ``rule`` (the id), ``url`` (:func:`rule_url`), ``formal`` (the
    note as the trace has it) and ``deciding``. Repeated steps are shown once, as in the CLI.
    """
    words, tone = answer_headline(result)
    steps: list[dict[str, Any]] = []
    for step, plain in distinct_steps(spec, result.trace):
        steps.append(
            {
                "title": step_title(spec, result.ruleset, step),
                "plain": plain,
                "citation": cite_text(spec, step.cites[0]) if step.cites else "",
                "rule": step.rule,
                "url": rule_url(result.ruleset, step.rule),
                "formal": step.note,
                "deciding": step.deciding,
            }
        )
    return {"headline": words, "tone": tone, "ruleset_title": ruleset_title(result.ruleset), "steps": steps}
