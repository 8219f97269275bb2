"""Every command README.md and docs/quickstart.rst show runs as written.

The commands are read from the documents themselves (README's ``sh`` code
blocks, the quick start's literal blocks), one per line, comments dropped,
and run with ``bash`` in a temporary copy of the project (they write files
such as ``board.svg``, ``dist/`` and ``v/``). The copy's ``.venv`` is the
checkout's, so ``.venv/bin/adjudicator`` runs the code under test; the quick
start's bare ``adjudicator`` finds it on ``PATH``, as its text says.

Two commands cannot run as written inside the test suite: ``make test`` *is*
the suite (it is checked with ``make -n``, which must plan it without error),
and ``make`` must not reinstall the shared virtualenv (``-o`` marks its stamp
as up to date). The Z3 commands and the wheel build are marked ``slow``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT, SEEDS

SLOW = re.compile(r"adjudicator (diff|check|prove)|-m build|pip install|(^|\s)v/bin/")
"""Commands that take minutes: Z3 (with a warm witness cache), the wheel build, the installed tool."""
WHEEL_TOOL = re.compile(r"(^|\s)v/bin/")
STAMP = ".venv/.installed"
COPIED = ("Makefile", "pyproject.toml", "setup.py", "README.md", "adjudicator", "proofs", "spec", "examples")


def readme_commands() -> list[str]:
    """The commands of README.md's ``sh`` blocks."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.DOTALL)
    return [c for block in blocks for c in _lines(block)]


def quickstart_commands() -> list[str]:
    """The commands of docs/quickstart.rst's literal (``::``) blocks."""
    text = (ROOT / "docs" / "quickstart.rst").read_text(encoding="utf-8")
    blocks = re.findall(r"::\n\n((?:    .*\n|\n)+)", text)
    return [c for block in blocks for c in _lines(block)]


def _lines(block: str) -> list[str]:
    out = []
    for raw in block.splitlines():
        line = re.sub(r"\s+#.*$", "", raw).strip()
        if line and not line.startswith("#"):
            out.append(line)
    return out


COMMANDS = sorted(
    {("README.md", c) for c in readme_commands()} | {("quickstart.rst", c) for c in quickstart_commands()}
)


def _ignore(_folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n in {"__pycache__", "_build", "generated"} or n.endswith((".pyc", ".egg-info"))}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the project with the checkout's virtualenv, and the seed texts beside it as in a checkout."""
    root = tmp_path / "main"
    root.mkdir()
    for name in COPIED:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, root / name, ignore=_ignore)
        else:
            shutil.copy2(path, root / name)
    (root / ".venv").symlink_to(ROOT / ".venv")
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "seeds").symlink_to(SEEDS)
    return root


def as_run(command: str) -> str:
    """The command as the test runs it (see the module docstring for the two ``make`` adjustments)."""
    if command.startswith("make test"):
        return "make -n test"
    if command.startswith("make "):
        return f"make -o {STAMP} {command.removeprefix('make ')}"
    return command


@pytest.mark.parametrize(
    ("document", "command"),
    [pytest.param(d, c, marks=[pytest.mark.slow] if SLOW.search(c) else [], id=f"{d}: {c}") for d, c in COMMANDS],
)
def test_documented_command_runs(project: Path, document: str, command: str) -> None:
    """The command exits with status 0 in a copy of the project."""
    del document
    if WHEEL_TOOL.search(command) and "python3 -m venv" not in command:
        setup = next(c for _, c in COMMANDS if "python3 -m venv" in c)
        build = next(c for _, c in COMMANDS if "-m build" in c)
        for step in (build, setup):
            _run(project, step)
    if "pip install dist/" in command:
        _run(project, next(c for _, c in COMMANDS if "-m build" in c))
    result = _run(project, as_run(command), check=False)
    assert result.returncode == 0, f"{command}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"


def _run(project: Path, command: str, *, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"ADJUDICATOR_SEEDS", "VIRTUAL_ENV"}}
    env["PATH"] = f"{ROOT / '.venv' / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["ADJUDICATOR_CACHE"] = str(ROOT / ".cache")
    result = subprocess.run(
        ["bash", "-c", command], cwd=project, env=env, capture_output=True, text=True, check=False, timeout=900
    )
    if check:
        assert result.returncode == 0, f"{command}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def test_every_documented_command_is_collected() -> None:
    """The parser finds the commands (a change in the documents' layout must not silently drop them)."""
    readme, quick = readme_commands(), quickstart_commands()
    assert "make run" in readme
    assert any(c.startswith(".venv/bin/adjudicator ask") for c in readme)
    assert "make test" in quick
    assert any(c.startswith("adjudicator ask") for c in quick)
