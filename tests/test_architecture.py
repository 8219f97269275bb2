"""The two seams of the architecture, enforced on the source.

* **The game registry** (``adjudicator/games/``) is the only code that knows
  games by name: outside it, no module of ``adjudicator/`` or ``proofs/``
  names a game in a string literal or splits a ruleset id on ``/``.
* **The space interface** (``adjudicator/spaces/``) is the only way to
  geometry: outside the square space's own package, no module imports it.

Docstrings and comments may name games; code may not. The scan is over the
syntax tree, so a string in a docstring is not a string literal here.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("adjudicator", "proofs")
GAMES_PACKAGE = ROOT / "adjudicator" / "games"
SQUARE_PACKAGE = ROOT / "adjudicator" / "spaces" / "square"
SQUARE_MODULE = "adjudicator.spaces.square"
GAME_NAME = re.compile(r"\b(horrorclix|heroclix|gloomhaven|betrayal)\b", re.IGNORECASE)


def modules() -> list[Path]:
    """Every Python module of the two packages."""
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


def _docstrings(tree: ast.Module) -> set[int]:
    """Ids of the string nodes that are docstrings (module, class, function)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        if isinstance(node, ast.ClassDef | ast.Module):
            # attribute docstrings: a bare string right after an assignment
            for before, after in zip(node.body, node.body[1:], strict=False):
                if (
                    isinstance(before, ast.Assign | ast.AnnAssign)
                    and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                ):
                    found.add(id(after.value))
    return found


def _inside(path: Path, package: Path) -> bool:
    return package in path.parents


def _source(path: Path) -> tuple[ast.Module, str]:
    return ast.parse(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT))


def game_names(tree: ast.Module, shown: str) -> Iterator[str]:
    """``file:line: literal`` for every string literal naming a game."""
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and GAME_NAME.search(node.value)
        ):
            yield f"{shown}:{node.lineno}: {node.value[:60]!r}"


def ruleset_splits(tree: ast.Module, shown: str) -> Iterator[str]:
    """``file:line`` for every ``.split("/")``, ``.rsplit("/")`` or ``.partition("/")`` call."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in {"split", "rsplit", "partition", "rpartition"}
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value == "/"
        ):
            yield f"{shown}:{node.lineno}: .{node.func.attr}('/')"


def square_imports(tree: ast.Module, shown: str) -> Iterator[str]:
    """``file:line: module`` for every import of the square space."""
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        for name in names:
            if name == SQUARE_MODULE or name.startswith(SQUARE_MODULE + "."):
                yield f"{shown}:{node.lineno}: {name}"
                break


def test_scan_sees_the_packages() -> None:
    """The scan covers both packages and finds the registry and the square space (guards a vacuous pass)."""
    found = modules()
    assert any(_inside(p, GAMES_PACKAGE) for p in found)
    assert any(_inside(p, SQUARE_PACKAGE) for p in found)
    assert any(p.parent.name == "proofs" for p in found)


def test_no_game_named_outside_the_registry() -> None:
    """Only adjudicator/games/ names a game in code."""
    offenders = [hit for p in modules() if not _inside(p, GAMES_PACKAGE) for hit in game_names(*_source(p))]
    assert offenders == [], "game names outside adjudicator/games/:\n" + "\n".join(offenders)


def test_no_ruleset_split_outside_the_registry() -> None:
    """Only adjudicator/games/ takes a ruleset id apart."""
    offenders = [hit for p in modules() if not _inside(p, GAMES_PACKAGE) for hit in ruleset_splits(*_source(p))]
    assert offenders == [], "ruleset ids split outside adjudicator/games/:\n" + "\n".join(offenders)


def test_square_space_only_behind_the_interface() -> None:
    """Only the square space's own package imports it."""
    offenders = [hit for p in modules() if not _inside(p, SQUARE_PACKAGE) for hit in square_imports(*_source(p))]
    assert offenders == [], "square space imported outside adjudicator/spaces/square/:\n" + "\n".join(offenders)


@pytest.mark.parametrize(
    ("source", "kind"),
    [
        ('x = "heroclix"\n', "game"),
        ('x = f"{a}"\nif r == "HorrorClix 2008": pass\n', "game"),
        ('game = ruleset.split("/")[0]\n', "split"),
        ("from adjudicator.spaces.square.board import Board\n", "square"),
        ("import adjudicator.spaces.square.geometry\n", "square"),
        ("from adjudicator.spaces import square\n", "square"),
    ],
)
def test_the_scanners_catch_offenders(source: str, kind: str) -> None:
    """Each scanner flags what it is meant to flag (so a pass means something)."""
    scanner = {"game": game_names, "split": ruleset_splits, "square": square_imports}[kind]
    assert list(scanner(ast.parse(source), "probe.py")), f"{kind} scanner missed {source!r}"


def test_docstrings_may_name_games() -> None:
    """A docstring naming a game is not a string literal in code."""
    source = '"""HeroClix and HorrorClix."""\n\ndef f() -> None:\n    """For heroclix/core."""\n'
    assert list(game_names(ast.parse(source), "probe.py")) == []
