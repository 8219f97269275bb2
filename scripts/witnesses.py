"""Regenerate ``examples/witnesses/``: a board for every formal rule no hand-worked example exercises.

For each ruleset, the formal rules no example outside ``examples/witnesses/``
settles (a deciding step of its answer cites them) get a witness from
:func:`proofs.rule_witness.find`, written as
``examples/witnesses/<game>/<edition>/<RULE>.yaml`` with its expected answer;
the rules no board realises are listed, with the reason, in
``examples/witnesses/UNREALISED.md``. Stale witness files are removed.

Run ``python scripts/witnesses.py [RULESET ...]`` after changing the spec;
``tests/test_witnesses.py`` checks that every witness still shows its rule.
``python scripts/witnesses.py --check [--sample N] [RULESET ...]`` writes
nothing: it exits 1, listing the differences, when the committed witnesses are
not what regenerating would give (the files present, the rules listed as
unrealised, and the text of every witness, or of ``N`` of them per ruleset
picked by a fixed seed). CI runs it; the rules a hand-worked example settles
are found by answering every example, the slow part.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.core.spec import Spec, load_spec  # noqa: E402 - after the path is set
from adjudicator.judge.examples import RulesExercised, formal_rules, rules_exercised  # noqa: E402
from proofs.rule_witness import NoWitness, find  # noqa: E402

WITNESSES = ROOT / "examples" / "witnesses"
UNREALISED = WITNESSES / "UNREALISED.md"


def hand_worked(spec: Spec, ruleset: str, found: RulesExercised | None = None) -> set[str]:
    """The formal rules some example outside ``examples/witnesses`` settles (``found``: the examples' answers)."""
    found = found or rules_exercised(spec, ruleset, ROOT / "examples")
    return {r.id for r in found.rules if any(WITNESSES not in Path(p).resolve().parents for p in r.examples)}


def folder_of(ruleset: str) -> Path:
    """Where a ruleset's witnesses are kept."""
    game, _, edition = ruleset.partition("/")
    return WITNESSES / game / edition


def regenerate(spec: Spec, ruleset: str) -> list[tuple[str, str]]:
    """Write the witnesses of one ruleset; the rules without one, with the reason."""
    done = hand_worked(spec, ruleset)
    formal = formal_rules(spec, ruleset)
    target = folder_of(ruleset)
    target.mkdir(parents=True, exist_ok=True)
    wanted: set[str] = set()
    missing: list[tuple[str, str]] = []
    for rule_id in formal:
        if rule_id in done:
            continue
        try:
            found = find(spec, rule_id, ruleset)
        except NoWitness as exc:
            missing.append((rule_id, str(exc)))
            continue
        name = f"{rule_id}.yaml"
        wanted.add(name)
        (target / name).write_text(found.text(spec), encoding="utf-8")
        print(f"{ruleset} {rule_id}: {found.verdict} ({found.origin})", flush=True)
    for stale in target.glob("*.yaml"):
        if stale.name not in wanted:
            stale.unlink()
    return missing


def listed_unrealised() -> dict[str, dict[str, str]]:
    """The rules ``UNREALISED.md`` lists, per ruleset, with the reason given."""
    listed: dict[str, dict[str, str]] = {}
    current = None
    text = UNREALISED.read_text(encoding="utf-8") if UNREALISED.is_file() else ""
    for line in text.splitlines():
        if line.startswith("## "):
            current = line[3:].strip()
            listed[current] = {}
        elif current and line.startswith("- `"):
            rule_id, _, why = line[3:].partition("`: ")
            listed[current][rule_id] = why
    return listed


def check(spec: Spec, ruleset: str, sample: int | None = None, found: RulesExercised | None = None) -> list[str]:
    """How the committed witnesses of one ruleset differ from a regeneration (nothing is written).

    The files present and the rules listed as unrealised are checked in full; the text of each witness too,
    or of ``sample`` of them picked by a seed fixed per ruleset (a quick check in the tests). ``found``: the
    examples' answers, when the caller has them (:func:`rules_exercised` over ``examples/``).
    """
    done = hand_worked(spec, ruleset, found)
    todo = [r for r in formal_rules(spec, ruleset) if r not in done]
    target = folder_of(ruleset)
    present = {p.stem for p in target.glob("*.yaml")}
    unlisted = listed_unrealised().get(ruleset, {})
    problems = [
        f"{ruleset}: witness of {r} is stale (a hand-worked example settles it)" for r in sorted(present - set(todo))
    ]
    problems += [
        f"{ruleset}: {r} has neither a witness nor an UNREALISED entry"
        for r in todo
        if r not in present | set(unlisted)
    ]
    problems += [f"{ruleset}: {r} has both a witness and an UNREALISED entry" for r in sorted(present & set(unlisted))]
    problems += [f"{ruleset}: UNREALISED lists {r}, which needs no witness" for r in sorted(set(unlisted) - set(todo))]
    picked = sorted(set(todo) & (present | set(unlisted)))
    if sample is not None and sample < len(picked):
        picked = sorted(random.Random(ruleset).sample(picked, sample))  # noqa: S311 - a fixed sample, not a secret
    for rule_id in picked:
        path = target / f"{rule_id}.yaml"
        try:
            found = find(spec, rule_id, ruleset)
        except NoWitness as exc:
            if path.is_file():
                problems.append(f"{ruleset}: {rule_id} has a witness, but none is found now ({exc})")
            elif unlisted.get(rule_id) != str(exc):
                problems.append(f"{ruleset}: the reason UNREALISED gives for {rule_id} is not today's: {exc}")
            continue
        if not path.is_file():
            problems.append(f"{ruleset}: {rule_id} is listed as unrealised, but a witness is found now")
        elif path.read_text(encoding="utf-8") != found.text(spec):
            shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            problems.append(f"{ruleset}: {shown} differs from the regenerated witness")
    return problems


def write_unrealised(rows: dict[str, list[tuple[str, str]]]) -> None:
    """The rules no board realises, per ruleset, with the reason (merged with the rulesets not regenerated)."""
    kept: dict[str, list[str]] = {}
    if UNREALISED.is_file():
        current = None
        for line in UNREALISED.read_text(encoding="utf-8").splitlines():
            if line.startswith("## "):
                current = line[3:].strip()
                kept[current] = []
            elif current and line.startswith("- "):
                kept[current].append(line)
    for ruleset, missing in rows.items():
        kept[ruleset] = [f"- `{rule_id}`: {why}" for rule_id, why in missing]
    out = [
        "# Formal rules without a witness board",
        "",
        "Generated by `python scripts/witnesses.py`: for each ruleset, the formal rules that no hand-worked",
        "example settles and for which neither a board of the game nor a ruling (the rule's decision asked",
        "directly, for facts the solver finds) shows the rule deciding the answer, with the reason. A rule that",
        "never decides under any facts (overridden, a default always pre-empted) is a designer's finding.",
        "",
    ]
    for ruleset in sorted(kept):
        out += [f"## {ruleset}", "", *kept[ruleset], ""]
    UNREALISED.write_text("\n".join(out), encoding="utf-8")


def main(argv: list[str]) -> None:
    """Regenerate the witnesses of the rulesets named (all by default), or check them with ``--check``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("rulesets", nargs="*", metavar="RULESET")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if the witnesses are stale")
    parser.add_argument("--sample", type=int, default=None, metavar="N", help="with --check: N witnesses a ruleset")
    args = parser.parse_args(argv)
    spec = load_spec()
    rulesets = args.rulesets or list(spec.rulesets())
    unknown = [r for r in rulesets if r not in spec.rulesets()]
    if unknown:
        sys.exit(f"unknown ruleset(s): {', '.join(unknown)}")
    if args.check:
        problems = [p for ruleset in rulesets for p in check(spec, ruleset, args.sample)]
        for problem in problems:
            print(problem)
        if problems:
            sys.exit(f"{len(problems)} difference(s): run `python scripts/witnesses.py` and review the diff")
        return
    WITNESSES.mkdir(parents=True, exist_ok=True)
    rows = {ruleset: regenerate(spec, ruleset) for ruleset in rulesets}
    write_unrealised(rows)


if __name__ == "__main__":
    main(sys.argv[1:])
