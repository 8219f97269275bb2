"""Boards for the ambiguities of games without a generated board table: Gloomhaven's hex maps, Betrayal's houses.

The Clix games get their witness boards from :mod:`proofs.boards` (small
square boards enumerated and put through the engine). A hex map or a house
has too many shapes to enumerate that way, and many of their readings are
applied by the engine's searches (line of sight, monster focus, pushes,
movement) rather than by one decision's clauses, so the solver's fact
witness says little. Here the boards are real situations of the game: the
hand-worked examples (``examples/`` of a checkout), each asked under every
reading of the finding's rule. The first (shortest) board whose verdict or
outcome differs between two readings is attached to the finding, in the
shape :mod:`proofs.witness` gives the Clix games' boards (``board``,
``boards``, ``query_kind``, ``board_match`` = ``replay``, ``replay``).

Boards whose answer under the default reading cites the rule (or one of its
readings) are tried first; then, within :data:`BUDGET`, the others. Without a
checkout (an installed wheel) there are no examples: the finding says so.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import yaml

from adjudicator.core import resources
from adjudicator.core.spec import Spec
from proofs.report import Finding, label

if TYPE_CHECKING:
    from adjudicator.situation.answer import Answer

Progress = Callable[[str], None] | None
BUDGET: Final = 40
"""Boards that do not cite the rule tried per reading pair, after those that do."""
NO_EXAMPLES: Final = "no example boards to replay (they come with a checkout of the project)"
NONE_DIFFER: Final = "no example board of the game answers differently under the readings"


@dataclass(frozen=True)
class Board:
    """One example situation of a game, as plain data, and the rules its default answer cites."""

    name: str
    doc: dict[str, Any]
    cited: frozenset[str]
    size: int


def examples_dir() -> Path | None:
    """The checkout's ``examples/`` folder, if any."""
    root = resources.checkout_root()
    return root / "examples" if root is not None and (root / "examples").is_dir() else None


def needs_boards(finding: Finding) -> bool:
    """An ambiguity of a ruleset the board table does not cover, without a board yet."""
    from proofs.boards import has_boards  # noqa: PLC0415 - the engine's queries only when boards are wanted

    return finding.get("kind") == "ambiguity" and not finding.get("board") and not has_boards(finding["ruleset"])


def attach(spec: Spec, findings: list[Finding], *, progress: Progress = None) -> list[Finding]:
    """Add a replayed example board to every ambiguity of a hex or house game whose readings it tells apart."""
    todo = [f for f in findings if needs_boards(f)]
    folder = examples_dir()
    for finding in todo:
        if folder is None:
            finding["board_note"] = NO_EXAMPLES
            continue
        if progress:
            progress(f"example boards for {finding['rule']}")
        found = witness(spec, finding, corpus(spec, finding["ruleset"], folder))
        if found is None:
            finding["board_note"] = NONE_DIFFER
        else:
            finding.update(found)
    return findings


_SAFE: Final = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader, libyaml's parser when it is installed (the same documents, some ten times faster)."""


def warm(spec: Spec, findings: list[Finding]) -> None:
    """Read the corpus the findings' searches will use (so that forked workers inherit it, read once)."""
    folder = examples_dir()
    for ruleset in dict.fromkeys(f["ruleset"] for f in findings if needs_boards(f)):
        if folder is not None:
            corpus(spec, ruleset, folder)


WITNESS_FOLDER: Final = "witnesses/"
"""Where the generated witnesses sit under ``examples/`` (:mod:`proofs.rule_witness` writes them)."""

_LAST: list[tuple[Spec, str, Path, list[Board]]] = []
"""The last corpus read (its spec, ruleset and folder): a search asks one ruleset's boards many times."""


def corpus(spec: Spec, ruleset: str, folder: Path) -> list[Board]:
    """The examples of ``ruleset``'s game (any of its rulesets, asked under this one), shortest first.

    Each example is answered once to know the rules it cites; the last corpus read is kept.
    """
    if _LAST and _LAST[0][0] is spec and _LAST[0][1:3] == (ruleset, folder):
        return _LAST[0][3]
    boards = _read_corpus(spec, ruleset, folder)
    _LAST[:] = [(spec, ruleset, folder, boards)]
    return boards


def _read_corpus(spec: Spec, ruleset: str, folder: Path) -> list[Board]:
    """Every hand-worked example of the game, answered under ``ruleset`` (those it refuses left out), shortest first."""
    return [
        Board(name, doc, reply[2], size)
        for name, doc, size in hand_worked(spec, ruleset, folder)
        if (reply := ask(spec, doc)) is not None
    ]


def hand_worked(spec: Spec, ruleset: str, folder: Path) -> Iterator[tuple[str, dict[str, Any], int]]:
    """The game's hand-worked examples as documents under ``ruleset`` (no ``expect``), shortest first.

    Each as ``(name under the folder, document, size of its text)``; a file is parsed only when reached. The
    generated witnesses (:data:`WITNESS_FOLDER`) are no hand-worked example: they never feed a search.
    """
    texts = sorted(
        (len(text), name, text)
        for path in folder.rglob("*.yaml")
        if not (name := path.relative_to(folder).as_posix()).startswith(WITNESS_FOLDER)
        for text in (path.read_text(encoding="utf-8"),)
    )
    game = spec.game(ruleset)
    for size, name, text in texts:
        try:
            doc = yaml.load(text, Loader=_SAFE)  # noqa: S506 - the safe loader, in C where libyaml is there
        except yaml.YAMLError:
            continue
        if not isinstance(doc, dict) or not _known(spec, doc) or spec.game(str(doc["ruleset"])) != game:
            continue
        yield name, {k: v for k, v in doc.items() if k != "expect"} | {"ruleset": ruleset}, size


def _known(spec: Spec, doc: Mapping[str, Any]) -> bool:
    return str(doc.get("ruleset", "")) in spec.rulesets()


def answer_doc(spec: Spec, doc: Mapping[str, Any], shown: str) -> Answer | None:
    """The judge's answer to a situation document (plain data), or ``None`` when the game refuses or cannot answer.

    The document is read as a situation file of its ruleset, with every check a file gets (``shown`` names it).
    """
    from adjudicator.judge import answer, load_situation_text  # noqa: PLC0415 - same

    try:
        return answer(spec, load_situation_text(json.dumps(doc), shown, [str(doc["ruleset"])]))
    except Exception:  # noqa: BLE001 - a board a game refuses is no board for it: the searches go on
        return None


def outcome_data(result: Answer) -> dict[str, Any]:
    """An answer's outcome as JSON data (what two answers are compared on)."""
    return dict(json.loads(json.dumps(result.outcome, default=str)))


def ask(spec: Spec, doc: Mapping[str, Any]) -> tuple[str, dict[str, Any], frozenset[str]] | None:
    """Verdict, outcome (as JSON data) and cited rules of a situation document; ``None`` if it is refused."""
    result = answer_doc(spec, doc, "<example board>")
    if result is None:
        return None
    return result.verdict, outcome_data(result), frozenset(step.rule for step in result.trace)


def witness(spec: Spec, finding: Finding, boards: Iterable[Board]) -> dict[str, Any] | None:
    """The board fields of the first board whose answer differs between the default and another reading."""
    rule, ruleset, default = finding["rule"], finding["ruleset"], finding["default"]
    ids = {rule, *(str(ref["id"]) for ref in finding["options"].values())}
    boards = list(boards)
    citing = [b for b in boards if b.cited & ids]
    ordered = citing + [b for b in boards if not b.cited & ids][:BUDGET]
    ordered += [variant for b in citing for variant in variants(b)][:BUDGET]
    for name in finding["options"]:
        if name == default:
            continue
        pair = (default, name)
        for board in ordered:
            replies = {}
            for reading in pair:
                doc = dict(board.doc)
                doc["readings"] = {**dict(board.doc.get("readings") or {}), rule: reading}
                reply = ask(spec, doc)
                if reply is None:
                    break
                replies[reading] = (doc, reply)
            if len(replies) != len(pair):
                continue
            (doc_a, one), (doc_b, two) = replies[default], replies[name]
            if (one[0], one[1]) != (two[0], two[1]):
                return _fields(ruleset, rule, board, {default: (doc_a, one), name: (doc_b, two)})
    return None


def variants(board: Board) -> list[Board]:
    """The board with one whole number of its query moved by one either way (a roll, a count, hit points)."""
    out: list[Board] = []
    query = board.doc.get("query")
    if not isinstance(query, dict):
        return out
    for key, value in query.items():
        steps: list[Any] = []
        if isinstance(value, int) and not isinstance(value, bool):
            steps = [value - 1, value + 1]
        elif isinstance(value, list) and value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            steps = [[*value[:-1], value[-1] + d] for d in (-1, 1)] + [[*value, value[-1]], value[:-1]]
        for changed in steps:
            if changed == [] or (isinstance(changed, int) and changed < 0):
                continue
            doc = board.doc | {"query": query | {key: changed}}
            out.append(Board(f"{board.name} ({key}: {changed})", doc, board.cited, board.size + 1))
    return out


def _fields(
    ruleset: str, rule: str, board: Board, replies: Mapping[str, tuple[dict[str, Any], tuple[Any, ...]]]
) -> dict[str, Any]:
    texts = {label(ruleset, {rule: reading}): _yaml(doc) for reading, (doc, _) in replies.items()}
    first = next(iter(texts))
    return {
        "board": texts[first],
        "boards": texts,
        "board_source": f"examples/{board.name}",  # a variant names the query value it changed
        "query_kind": str(board.doc.get("query", {}).get("kind", "")),
        "board_match": "replay",
        "replay": {
            label(ruleset, {rule: reading}): {"verdict": reply[0], "outcome": reply[1], "decision": brief_reply(reply)}
            for reading, (_, reply) in replies.items()
        },
        "sides": {
            label(ruleset, {rule: reading}): {"ruleset": ruleset, "readings": {rule: reading}} for reading in replies
        },
    }


def brief_reply(reply: tuple[Any, ...]) -> str:
    """A replayed answer in a line: ``answered (value="discard", ...)``."""
    verdict, outcome = reply[0], reply[1]
    shown = ", ".join(f"{k}={json.dumps(v)}" for k, v in list(outcome.items())[:4])
    return f"{verdict} ({shown})" if shown else str(verdict)


def _yaml(doc: Mapping[str, Any]) -> str:
    """A situation document as YAML, in the order of a situation file."""
    order = ["ruleset", "readings"]
    keys = [k for k in order if k in doc] + [k for k in doc if k not in order and k != "query"] + ["query"]
    return str(
        yaml.safe_dump(
            {k: doc[k] for k in keys if k in doc},
            sort_keys=False,
            allow_unicode=True,
            width=100,
            default_flow_style=None,
        )
    )


def picture(finding: Finding) -> str:
    """The text picture of a replayed example board (any game)."""
    from adjudicator.judge import load_situation_text, text_picture  # noqa: PLC0415 - same

    text = finding["board"]
    ruleset = next(iter(finding["sides"].values()))["ruleset"]
    lines = [text_picture(load_situation_text(text, "<board>", [ruleset]))]
    query = yaml.load(text, Loader=_SAFE).get("query")  # noqa: S506 - the safe loader
    lines.append(f"query: {json.dumps(query)}")
    return "\n".join(lines)


__all__ = ["attach", "corpus", "picture", "witness"]
