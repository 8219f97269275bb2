"""``adjudicator ask FILE --json`` answers without click (issue 29), exactly as the click command line does.

Each case runs the command twice: as a user runs it (``python -m adjudicator``, the fast path of
:mod:`adjudicator.__main__`) and through the click command line itself (:func:`adjudicator.cli.main`, as
``python -m adjudicator`` ran before the fast path); stdout, stderr and the exit status must be the same
bytes. The spec cache's packed expression trees are checked here too.
"""

from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.__main__ import fast_ask_file
from adjudicator.core.errors import Where
from adjudicator.core.expr.parser import parse
from adjudicator.core.model import Clause, Invariant
from adjudicator.core.spec import load_spec_uncached
from tests.conftest import ROOT, SEEDS

FOLDERS = ("betrayal", "contract", "gloomhaven", "line_of_fire", "movement", "rulings")
"""The example folders the cases come from (each game has examples in some of them)."""
RULESET = re.compile(r"^ruleset:\s*(\S+)", re.MULTILINE)
PER_RULESET = 3
CLICK = (
    "import sys; sys.modules['__main__'].__package__ = 'adjudicator'; sys.argv[0] = '__main__.py'; "
    "from adjudicator.cli import main; main()"
)
"""The click command line, run as ``python -m adjudicator`` ran it before the fast path (same program name)."""


def examples() -> list[Path]:
    """The first few examples of every ruleset, and an answer the dice decide."""
    chosen: dict[str, list[Path]] = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / "examples" / folder).rglob("*.yaml")):
            found = RULESET.search(path.read_text(encoding="utf-8"))
            if found is not None and len(chosen.setdefault(found[1], [])) < PER_RULESET:
                chosen[found[1]].append(path)
    picked = [p for paths in chosen.values() for p in paths]
    return [*picked, ROOT / "examples" / "movement" / "breakaway-without-a-die.yaml"]


def run(*args: str, fast: bool, **env: str) -> subprocess.CompletedProcess[bytes]:
    """The command on the fast path (as users run it) or through click."""
    program = ["-m", "adjudicator"] if fast else ["-c", CLICK]
    env = {**os.environ, "ADJUDICATOR_SEEDS": str(SEEDS), **env}
    return subprocess.run([sys.executable, *program, *args], capture_output=True, env=env, cwd=ROOT, check=False)


def same(*args: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    """Run both ways; assert the same stdout, stderr and status; return the fast path's run."""
    fast, slow = run(*args, fast=True, **env), run(*args, fast=False, **env)
    assert (fast.returncode, fast.stderr.decode()) == (slow.returncode, slow.stderr.decode())
    assert fast.stdout == slow.stdout
    return fast


def test_every_ruleset_has_examples() -> None:
    """The cases cover every game (guards a vacuous pass)."""
    rulesets = {RULESET.search(p.read_text(encoding="utf-8"))[1] for p in examples()}  # type: ignore[index]
    assert {r.partition("/")[0] for r in rulesets} == {"betrayal", "gloomhaven", "heroclix", "horrorclix"}


@pytest.mark.parametrize("path", examples(), ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_answers_are_the_same_bytes(path: Path) -> None:
    """Each example's JSON answer (or refusal), byte for byte; --verbose and the order of the flags change nothing."""
    shown = str(path.relative_to(ROOT))
    result = same("ask", shown, "--json")
    assert result.returncode in (0, 2)
    assert same("ask", "--json", "-v", shown).stdout == result.stdout


BAD_FILES = {
    "yaml": "ruleset: horrorclix/2008\nboard: [\n",
    "not-a-mapping": "- just\n- a list\n",
    "no-ruleset": "board: outdoor\n",
    "unknown-ruleset": "ruleset: chess/1e\n",
    "number-ruleset": "ruleset: 2008\n",
    "bad-field": "ruleset: horrorclix/2008\nmap: outdoor\nboard: ['..']\npieces: []\nquery: {kind: reach, piece: x}\n",
    "empty": "",
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_refusals_are_the_same_bytes(name: str, tmp_path: Path) -> None:
    """A bad situation file: the same ``file:line: message`` on stderr and exit status 2."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(BAD_FILES[name], encoding="utf-8")
    result = same("ask", str(path), "--json")
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr.decode().startswith(str(path))


def test_a_conflict_of_the_rules_is_the_same_json(tmp_path: Path) -> None:
    """Two rules of the spec disagree: the same conflict JSON on stdout, exit status 2."""
    spec = tmp_path / "spec"
    shutil.copytree(ROOT / "spec", spec)
    rules = spec / "horrorclix" / "06-movement.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "when: die >= 4" in text  # HX.BREAK.SUCCESS: widened, it overlaps HX.BREAK.FAIL's 1-3
    rules.write_text(text.replace("when: die >= 4", "when: die >= 2", 1), encoding="utf-8")
    where = {"ADJUDICATOR_SPEC": str(spec), "ADJUDICATOR_CACHE": str(tmp_path / "cache")}
    result = same("ask", "examples/movement/breakaway-roll-fails-1e.yaml", "--json", **where)
    assert result.returncode == 2
    assert json.loads(result.stdout)["error"] == "conflict"


@pytest.mark.parametrize(
    "args",
    [
        ("ask", "examples/no/such/file.yaml", "--json"),  # the command's own message
        ("ask", "examples", "--json"),  # click's: a folder
        ("ask", "examples/contract/lof-blocking.yaml", "--json", "--nope"),  # click's: an unknown option
        ("ask", "--json"),  # click's: no file
        ("ask", "examples/contract/lof-blocking.yaml", "examples/contract/lof-blocking.yaml", "--json"),
    ],
)
def test_what_the_fast_path_leaves_to_click_is_reported_alike(args: tuple[str, ...]) -> None:
    """A command line the fast path does not take goes to click: the same message and exit status 2."""
    assert fast_ask_file(args) is None
    result = same(*args)
    assert result.returncode == 2
    assert result.stderr


def test_the_fast_path_loads_neither_click_nor_rich() -> None:
    """``ask --json`` imports no click and no rich (the point of the fast path); another command does."""
    probe = (
        "import atexit, os, sys\n"
        "def loaded(*_: object) -> None:\n"
        "    print(sorted({'click', 'rich'} & set(sys.modules)), file=sys.stderr, flush=True)\n"
        "atexit.register(loaded)\n"
        "end = os._exit\n"
        "os._exit = lambda status: (loaded(), end(status))\n"  # the fast path ends the process at once
        "sys.argv = ['adjudicator', *sys.argv[1:]]\n"
        "from adjudicator.__main__ import main\n"
        "main()\n"
    )
    env = {**os.environ, "ADJUDICATOR_SEEDS": str(SEEDS)}

    def loaded(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", probe, *args], capture_output=True, text=True, env=env, cwd=ROOT, check=False
        )
        return done.stderr.strip().splitlines()[-1]

    assert loaded("ask", "examples/contract/lof-blocking.yaml", "--json") == "[]"
    assert loaded("ask", "examples/no/such/file.yaml", "--json") == "['click']"


def test_which_command_lines_take_the_fast_path() -> None:
    """Exactly ``ask``, one readable file, ``--json`` and optionally ``-v``/``--verbose``, in any order."""
    good = "examples/contract/lof-blocking.yaml"
    os.chdir(ROOT)
    assert fast_ask_file(["ask", good, "--json"]) == good
    assert fast_ask_file(["ask", "--json", "--verbose", good]) == good
    assert fast_ask_file(["ask", good]) is None  # the answer for people: rich, through click
    assert fast_ask_file(["ask", good, "--json", "--svg", "x.svg"]) is None
    assert fast_ask_file(["ask", good, "--json", "--help"]) is None
    assert fast_ask_file(["rules", "--json"]) is None
    assert fast_ask_file(["ask", "", "--json"]) is None
    assert fast_ask_file(["ask", "x\0y", "--json"]) is None


def test_a_closed_pipe_ends_the_fast_path_quietly() -> None:
    """``adjudicator ask … --json | head -1``: exit status 0, nothing on stderr (as through click)."""
    script = f"{sys.executable} -m adjudicator ask examples/contract/lof-blocking.yaml --json | (exec 0<&-; true)"
    result = subprocess.run(
        ["bash", "-c", script + "; exit ${PIPESTATUS[0]}"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert (result.returncode, result.stderr) == (0, "")


# -- the spec cache's packed expression trees


def test_a_clause_pickles_its_trees_apart_and_reads_them_back_on_use() -> None:
    """An unpickled clause holds its trees packed until read; it then equals, hashes and evaluates as before."""
    where = Where("spec/x.yaml", 3)
    clause = Clause("d", parse("a and b"), parse("1"), where)
    loaded = pickle.loads(pickle.dumps(clause))  # noqa: S301 - our own bytes
    assert "when" not in vars(loaded)
    assert "_packed" in vars(loaded)
    again = pickle.loads(pickle.dumps(loaded))  # noqa: S301 - re-pickled while still packed
    assert loaded == clause
    assert hash(loaded) == hash(clause)
    assert "when" in vars(loaded)
    assert "_packed" not in vars(loaded)
    assert loaded.when_fn is not None
    assert loaded.when_fn({"a": True, "b": True}) is True
    assert again.when_text == "a and b"
    with pytest.raises(AttributeError):
        _ = loaded.nothing
    invariant = Invariant("a or b", parse("a or b"), where)
    assert pickle.loads(pickle.dumps(invariant)).expr == invariant.expr  # noqa: S301 - our own bytes


def test_a_cached_spec_unpacks_the_rules_it_reads_and_answers_alike(good_spec_dir: Path) -> None:
    """Through the cache, a rule's views stay packed until read, then equal the freshly loaded ones."""
    fresh = load_spec_uncached(good_spec_dir).warm()
    loaded = pickle.loads(pickle.dumps(fresh))  # noqa: S301 - our own bytes, as the cache entry holds them
    rule = loaded.rules["HX.BREAK.FAIL"]
    assert "views" not in vars(rule)
    assert rule.views == fresh.rules["HX.BREAK.FAIL"].views
    assert "_packed" not in vars(rule)
    assert loaded.rules == fresh.rules
    for die in range(1, 7):
        decided = loaded.decide("horrorclix/2008", "breakaway.succeeds", {"die": die})
        assert decided == fresh.decide("horrorclix/2008", "breakaway.succeeds", {"die": die})
