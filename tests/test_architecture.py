"""The architecture page's claims (docs/architecture.rst), each checked on the source.

* **Layers.** core ← spaces ← situation ← games ← judge ← proofs ← cli, web, docgen:
  no import runs up the layers, at module level, inside a function or for type
  checking only; the import graph has no cycle.
* **Spaces are geometry.** No module under ``adjudicator/spaces/`` names a game
  or cites a rulebook line.
* **A game reaches geometry through the kind it declares**: a game's modules
  import ``adjudicator.spaces``, ``adjudicator.spaces.base`` and the package of
  the space kind its registry entry names, never a kind's modules.
* **Games stand apart.** A game's package imports no other game's package; the
  shared Clix engine imports neither Clix game; HorrorClix and HeroClix import
  only the engine. Only the games name a game in code or take a ruleset id apart.
* **The registry holds objects.** Every entry's parts are callables that load
  the game's own modules; nothing anywhere resolves a module path at run time.
* **Every game has the same parts**: ``model``, ``reader``, ``writer``,
  ``schema``, ``queries``, ``pictures`` and ``words``, the four real games and
  the toy fifth game of ``tests/toygame`` alike.

Docstrings and comments may name games; code may not. The scans are over the
syntax tree, so a string in a docstring is not a string literal here.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from functools import cache
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from adjudicator.games import Game, Part, games
from tests.toygame import GAME as TOY

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("adjudicator", "proofs")
GAME_NAME = re.compile(r"\b(horrorclix|heroclix|gloomhaven|betrayal)\b", re.IGNORECASE)
CITATION = re.compile(r"\bL\d{2,4}\b|\b(hx2008|hx1e|hc|bt2e|gh1e) L\d")
LAYERS: tuple[tuple[str, ...], ...] = (
    ("adjudicator.core",),
    ("adjudicator.spaces",),
    ("adjudicator.situation",),
    ("adjudicator.games", "tests.toygame"),
    ("adjudicator.judge",),
    ("proofs",),
    ("adjudicator.cli", "adjudicator.web", "adjudicator.docgen", "adjudicator.__main__"),
)
"""Each layer's packages, lowest first; a module may import from its own layer and those below."""
PARTS = ("model", "reader", "writer", "schema", "queries", "pictures", "words")
"""The parts every game package has, each a module (``queries`` may be a package)."""
CLIX_GAMES = ("adjudicator.games.horrorclix", "adjudicator.games.heroclix")
CLIX_ENGINE = "adjudicator.games.clix"


def module_name(path: Path) -> str:
    """The dotted name of a module file under the project root."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def sources() -> dict[str, Path]:
    """Every module of the packages and of the toy game, by dotted name."""
    found = [p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")]
    found += list((ROOT / "tests" / "toygame").rglob("*.py"))
    return {module_name(p): p for p in sorted(found)}


def _imported(node: ast.Import | ast.ImportFrom, known: dict[str, Path]) -> Iterator[str]:
    """The project modules an import statement loads (a ``from`` of a submodule loads the submodule)."""
    if isinstance(node, ast.Import):
        yield from (
            alias.name for alias in node.names if alias.name.split(".")[0] in {"adjudicator", "proofs", "tests"}
        )
        return
    base = node.module or ""
    if base.split(".")[0] not in {"adjudicator", "proofs", "tests"}:
        return
    subs = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known]
    yield from subs or [base]


@cache
def edges() -> tuple[tuple[str, str, int], ...]:
    """Every import between project modules: (importer, imported, line), wherever the statement stands."""
    known = sources()
    out = []
    for name, path in known.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                out.extend((name, target, node.lineno) for target in _imported(node, known) if target != name)
    return tuple(out)


def layer(module: str) -> int | None:
    """The layer of a module (``None`` for the root package, which imports nothing)."""
    for rank, packages in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in packages):
            return rank
    return None


def shown(module: str, line: int) -> str:
    """``path:line`` of an import, for messages."""
    return f"{sources()[module].relative_to(ROOT)}:{line}"


def _docstrings(tree: ast.Module) -> set[int]:
    """Ids of the string nodes that are docstrings (module, class, function, attribute)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        if isinstance(node, ast.ClassDef | ast.Module):
            for before, after in zip(node.body, node.body[1:], strict=False):
                if (
                    isinstance(before, ast.Assign | ast.AnnAssign)
                    and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                ):
                    found.add(id(after.value))
    return found


def game_names(tree: ast.Module, where: str) -> Iterator[str]:
    """``file:line: literal`` for every string literal naming a game."""
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and GAME_NAME.search(node.value)
        ):
            yield f"{where}:{node.lineno}: {node.value[:60]!r}"


def ruleset_splits(tree: ast.Module, where: str) -> Iterator[str]:
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
            yield f"{where}:{node.lineno}: .{node.func.attr}('/')"


def module_path_loads(tree: ast.Module, where: str) -> Iterator[str]:
    """``file:line`` for every module loaded by name at run time (``import_module``, ``__import__``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if called in {"import_module", "__import__", "spec_from_file_location"}:
                yield f"{where}:{node.lineno}: {called}"


def trees() -> Iterator[tuple[str, ast.Module, str]]:
    """Each project module: its name, its syntax tree and its path for messages."""
    for name, path in sources().items():
        yield name, ast.parse(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT))


# -- layers -----------------------------------------------------------------------------------------


def test_the_scan_sees_every_layer() -> None:
    """Every layer holds modules and the import graph is not empty (guards a vacuous pass)."""
    ranks = {layer(name) for name in sources()}
    assert set(range(len(LAYERS))) <= ranks
    assert len(edges()) > 300


def test_no_import_runs_up_the_layers() -> None:
    """Core ← spaces ← situation ← games ← judge ← proofs ← cli/web/docgen, deferred and typing imports too."""
    offenders = []
    for importer, imported, line in edges():
        low, high = layer(importer), layer(imported)
        if high is not None and (low is None or high > low):
            offenders.append(f"{shown(importer, line)}: {importer} imports {imported}")
    assert offenders == [], "imports up the layers:\n" + "\n".join(offenders)


def test_no_import_cycle() -> None:
    """The module import graph (every import statement) has no cycle."""
    graph: nx.DiGraph[str] = nx.DiGraph((a, b) for a, b, _ in edges())
    cycles = list(nx.simple_cycles(graph, length_bound=12))
    assert cycles == [], "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles[:10])


# -- spaces -------------------------------------------------------------------------------------------


def test_spaces_know_no_game_and_cite_no_rule() -> None:
    """No module under adjudicator/spaces names a game or a rulebook line, even in a docstring or a comment."""
    offenders = []
    for name, path in sources().items():
        if not name.startswith("adjudicator.spaces"):
            continue
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_NAME.search(text) or CITATION.search(text):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {text.strip()[:80]}")
    assert offenders == [], "game knowledge in spaces/:\n" + "\n".join(offenders)


def _game_packages() -> dict[str, Game[Any]]:
    """Each registered game and the toy one, by the package that holds its parts."""
    found = {f"adjudicator.games.{game.id}": game for game in games()}
    found["tests.toygame"] = TOY
    return found


def test_games_reach_geometry_through_their_kind() -> None:
    """A game imports ``adjudicator.spaces``, ``.base`` and its own kind's package; never a kind's modules."""
    allowed_by_package = {pkg: {"adjudicator.spaces", "adjudicator.spaces.base"} for pkg in _game_packages()}
    for pkg, game in _game_packages().items():
        allowed_by_package[pkg].add(f"adjudicator.spaces.{'rooms' if game.space == 'room' else game.space}")
    allowed_by_package[CLIX_ENGINE] = {"adjudicator.spaces", "adjudicator.spaces.base", "adjudicator.spaces.square"}
    offenders = []
    for importer, imported, line in edges():
        if not imported.startswith("adjudicator.spaces"):
            continue
        owner = next((p for p in allowed_by_package if importer == p or importer.startswith(p + ".")), None)
        if owner is not None and imported not in allowed_by_package[owner]:
            offenders.append(f"{shown(importer, line)}: {imported}")
    assert offenders == [], "games reaching past their space kind's interface:\n" + "\n".join(offenders)


# -- games ----------------------------------------------------------------------------------------------


def _package_of(module: str) -> str | None:
    """The game package (or the Clix engine) a module belongs to."""
    for pkg in (*_game_packages(), CLIX_ENGINE):
        if module == pkg or module.startswith(pkg + "."):
            return pkg
    return None


def test_games_stand_apart() -> None:
    """A game imports only its own package, the registry and (the Clix games) the shared engine."""
    offenders = []
    for importer, imported, line in edges():
        mine, theirs = _package_of(importer), _package_of(imported)
        if mine is None or theirs is None or mine == theirs:
            continue
        if theirs == CLIX_ENGINE and mine in CLIX_GAMES:
            continue
        offenders.append(f"{shown(importer, line)}: {importer} imports {imported}")
    for importer, imported, line in edges():
        if _package_of(importer) is not None and imported == "adjudicator.games":
            offenders.append(f"{shown(importer, line)}: a game imports the registry's population module")
    assert offenders == [], "games importing each other:\n" + "\n".join(offenders)


def test_no_game_named_outside_the_games() -> None:
    """Only adjudicator/games/ names a game in code."""
    offenders = [
        hit
        for name, tree, where in trees()
        if not name.startswith(("adjudicator.games", "tests.toygame"))
        for hit in game_names(tree, where)
    ]
    assert offenders == [], "game names outside adjudicator/games/:\n" + "\n".join(offenders)


def test_no_ruleset_split_outside_the_registry() -> None:
    """Only the registry takes a ruleset id apart."""
    offenders = [
        hit
        for name, tree, where in trees()
        if name != "adjudicator.games.registry"
        for hit in ruleset_splits(tree, where)
    ]
    assert offenders == [], "ruleset ids split outside the registry:\n" + "\n".join(offenders)


def test_no_module_is_loaded_by_its_path() -> None:
    """Nothing resolves a module path string at run time: dispatch goes through objects a reader can follow."""
    offenders = [hit for _, tree, where in trees() for hit in module_path_loads(tree, where)]
    assert offenders == [], "modules loaded by name:\n" + "\n".join(offenders)


def test_no_situation_typed_any() -> None:
    """No parameter or attribute named ``situation`` is typed ``Any``: each game's situation has its type."""
    offenders = []
    for _, tree, where in trees():
        for node in ast.walk(tree):
            annotated = (
                (node.arg, node.annotation)
                if isinstance(node, ast.arg)
                else (ast.unparse(node.target), node.annotation)
                if isinstance(node, ast.AnnAssign)
                else None
            )
            if (
                annotated
                and annotated[0].endswith("situation")
                and ast.unparse(annotated[1] or ast.Constant("")) == "Any"
            ):
                offenders.append(f"{where}:{node.lineno}: {annotated[0]}: Any")
    assert offenders == [], "situations typed Any:\n" + "\n".join(offenders)


def _strings(value: Any, seen: set[int]) -> Iterator[str]:
    """Every string held in a registry entry, walking dataclasses, mappings and sequences."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, str):
        yield value
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            yield from _strings(getattr(value, f.name), seen)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key, seen)
            yield from _strings(item, seen)
    elif isinstance(value, list | tuple | frozenset | set):
        for item in value:
            yield from _strings(item, seen)


@pytest.mark.parametrize("package", sorted(_game_packages()))
def test_every_game_has_the_same_parts(package: str) -> None:
    """The package has every part; the entry's parts are objects that load that package's own modules."""
    game = _game_packages()[package]
    for part in PARTS:
        assert f"{package}.{part}" in sources(), f"{package} has no {part}"
    assert game.id == package.rpartition(".")[2]
    assert not [s for s in _strings(game, set()) if s.startswith(("adjudicator.", "tests.")) or ".py" in s]
    loaded = {
        "reader": game.situations.read(),
        "writer": game.situations.write(),
        "schema": game.situations.schema(),
        "pictures": game.pictures().text,
    }
    for part, value in loaded.items():
        assert callable(value)
        module = value.__module__
        assert module == f"{package}.{part}" or _package_of(module) in {package, CLIX_ENGINE}, (part, module)
    assert game.queries, f"{package} answers no query kind"
    for name, kind in game.queries.items():
        assert kind.name == name
        assert isinstance(kind.answer, Part)
        assert callable(kind.answer())


def test_the_scanners_catch_offenders() -> None:
    """Each scanner flags what it is meant to flag (so a pass means something)."""
    assert list(game_names(ast.parse('x = "heroclix"\n'), "probe.py"))
    assert list(game_names(ast.parse('if r == "HorrorClix 2008": pass\n'), "probe.py"))
    assert not list(game_names(ast.parse('"""HeroClix."""\n\ndef f() -> None:\n    """For heroclix/core."""\n'), "p"))
    assert list(ruleset_splits(ast.parse('game = ruleset.split("/")[0]\n'), "probe.py"))
    assert list(module_path_loads(ast.parse('import importlib\nm = importlib.import_module("x.y")\n'), "p"))
    assert layer("adjudicator.spaces.hex.board") == 1
    assert layer("adjudicator.cli") == len(LAYERS) - 1
    assert CITATION.search("the range rule (L499-502)")
