"""The tool as a user installs it: from a wheel, in a fresh venv, with no checkout and no rulebook texts (issue 12).

One module fixture builds the sdist and, from it, the wheel (``python -m
build``) out of a copy of the package sources, installs the wheel into a
fresh virtual environment in a temporary folder (no system site-packages) and
runs the installed ``adjudicator`` from a folder with no checkout and no
``../shared`` beside it. Its answers must equal the checkout's.
"""

from __future__ import annotations

import html
import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.request
import zipfile
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.core import resources
from adjudicator.core.sources import HEADINGS_FILE
from scripts.answers_snapshot import snapshot
from scripts.seed_headings import TARGET, render
from tests.conftest import ROOT, SEEDS

SOURCES = ("pyproject.toml", "setup.py", "README.md", "adjudicator", "proofs", "spec")
SNAPSHOT = ROOT / "scripts" / "answers_snapshot.py"
LOF_EXAMPLE = Path("contract") / "lof-blocking.yaml"
NO_SEEDS_COMMANDS = (
    ("rules", "horrorclix/2008", "--json"),
    ("rule", "HX.BREAK.SUCCESS", "--json"),
    ("decide", "horrorclix/2008", "breakaway.succeeds", "die=4", "--json"),
)


@dataclass(frozen=True)
class Install:
    """The built distributions, the fresh venv and the folder the commands run in."""

    src: Path
    wheel: Path
    sdist: Path
    venv: Path
    cwd: Path

    def env(self, **extra: str) -> dict[str, str]:
        """The user's environment: none of the project's variables, the cache in the temporary folder."""
        skip = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}
        env = {k: v for k, v in os.environ.items() if not k.startswith("ADJUDICATOR_") and k not in skip}
        env["XDG_CACHE_HOME"] = str(self.cwd.parent / "cache")
        return {**env, **extra}

    def run(self, program: str, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
        """Run one of the venv's programs from the folder without a checkout."""
        return subprocess.run(
            [str(self.venv / "bin" / program), *args],
            capture_output=True,
            text=True,
            env=self.env(**extra),
            cwd=self.cwd,
            check=False,
            timeout=600,
        )


def _ignore(_folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n == "__pycache__" or n.endswith((".pyc", ".egg-info"))}


@pytest.fixture(scope="module")
def install(tmp_path_factory: pytest.TempPathFactory) -> Install:
    base = tmp_path_factory.mktemp("wheel")
    src, dist, venv, cwd = base / "src", base / "dist", base / "v", base / "run" / "user"
    for name in SOURCES:  # a clean copy: no stale build/ or egg-info from the checkout
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=_ignore)
        else:
            src.mkdir(exist_ok=True)
            shutil.copy2(path, src / name)
    subprocess.run([sys.executable, "-m", "build", "-q", "--outdir", str(dist), str(src)], check=True, timeout=600)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=600)
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", str(wheel)], check=True, timeout=600)
    shutil.copytree(ROOT / "examples", cwd / "examples")  # situation files are the user's own
    return Install(src, wheel, sdist, venv, cwd)


def _shipped(src: Path) -> set[str]:
    code = {str(p.relative_to(src)) for d in ("adjudicator", "proofs") for p in (src / d).rglob("*.py")}
    data = {f"adjudicator/core/{HEADINGS_FILE}", "adjudicator/py.typed", "proofs/py.typed"}
    data |= {str(p.relative_to(src)) for p in (src / "proofs" / "board_data").glob("*.json.xz")}  # the shipped scans
    rules = {"adjudicator/" + str(p.relative_to(src)) for p in (src / "spec").rglob("*")}
    return code | data | {r for r in rules if r.endswith((".yaml", ".py"))}


@pytest.mark.slow
def test_wheel_carries_every_module_and_the_whole_spec(install: Install) -> None:
    with zipfile.ZipFile(install.wheel) as wheel:
        names = set(wheel.namelist())
    expected = _shipped(install.src)
    assert "adjudicator/spec/sources.yaml" in expected
    assert "adjudicator/spec/horrorclix/06-movement.yaml" in expected
    assert expected - names == set()


@pytest.mark.slow
def test_sdist_carries_every_module_and_the_whole_spec(install: Install) -> None:
    with tarfile.open(install.sdist) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    expected = {
        n.removeprefix("adjudicator/") if n.startswith("adjudicator/spec/") else n for n in _shipped(install.src)
    }
    assert expected - names == set()
    assert {"setup.py", "pyproject.toml", "README.md"} <= names


@pytest.mark.slow
def test_installed_tool_has_no_checkout_and_no_texts(install: Install) -> None:
    code = "from adjudicator.core import resources as r; print(r.checkout_root(), r.seeds_dir(), r.packaged_spec_dir())"
    result = install.run("python", "-c", code)
    assert result.returncode == 0, result.stderr
    checkout, seeds, spec = result.stdout.split()
    assert (checkout, seeds) == ("None", "None")
    assert Path(spec).is_relative_to(install.venv)
    assert not (install.cwd.parent / "shared").exists()


@pytest.mark.slow
def test_installed_answers_every_example_as_the_checkout(install: Install) -> None:
    out = install.cwd.parent / "installed.json"
    result = install.run("python", str(SNAPSHOT), str(out))  # the script imports the installed package
    assert result.returncode == 0, result.stderr
    installed = json.loads(out.read_text(encoding="utf-8"))
    checkout = snapshot(ROOT / "examples")
    assert len(installed) == len(checkout) > 100
    assert installed == json.loads(json.dumps(checkout))


@pytest.mark.slow
def test_installed_ask_process_answers_as_the_checkout(install: Install) -> None:
    result = install.run("adjudicator", "ask", str(Path("examples") / LOF_EXAMPLE), "--json")
    assert result.returncode == 0, result.stderr
    expected = CliRunner().invoke(main, ["ask", str(ROOT / "examples" / LOF_EXAMPLE), "--json"])
    answer = json.loads(result.stdout)
    assert answer == json.loads(expected.output)
    assert answer["trace"], "the answer cites the rules it rests on"
    assert all(step["source"] and step["lines"] for step in answer["trace"] if "source" in step)


@pytest.mark.slow
@pytest.mark.parametrize("args", NO_SEEDS_COMMANDS, ids=lambda a: a[0])
def test_installed_commands_work_without_the_texts(install: Install, args: tuple[str, ...]) -> None:
    result = install.run("adjudicator", *args)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == json.loads(CliRunner().invoke(main, list(args)).output)


@pytest.mark.slow
@pytest.mark.parametrize("args", [("coverage", "horrorclix/2008"), ("validate",)], ids=lambda a: a[0])
def test_commands_that_read_the_texts_say_how_to_find_them(install: Install, args: tuple[str, ...]) -> None:
    result = install.run("adjudicator", *args)
    assert result.returncode == 2
    assert "ADJUDICATOR_SEEDS" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_installed_coverage_with_the_texts(install: Install) -> None:
    result = install.run("adjudicator", "coverage", "horrorclix/2008", "--json", ADJUDICATOR_SEEDS=str(SEEDS))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["percent"] == 100.0


@pytest.mark.slow
def test_installed_version_is_the_package_metadata(install: Install) -> None:
    result = install.run("adjudicator", "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == version("tabletop-adjudicator")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _fetch(url: str, body: bytes | None = None) -> tuple[int, str]:
    """GET (or POST ``body``) on the loopback server: status and text (an HTTP error's too)."""
    headers = {"content-type": "application/yaml"} if body else {}
    request = urllib.request.Request(url, data=body, headers=headers)  # noqa: S310 - loopback only
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:  # noqa: S310 - loopback only
            return reply.status, reply.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8")


@pytest.mark.slow
def test_installed_serve_opens_the_rule_pages_of_an_answer(install: Install) -> None:
    """``adjudicator serve`` from the wheel (no built reference beside it): a rule link of an answer opens (200)."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    command = [str(install.venv / "bin" / "adjudicator"), "serve", "--port", str(port), "--workers", "1"]
    log = install.cwd.parent / "serve.log"
    with log.open("w", encoding="utf-8") as sink:
        process = subprocess.Popen(command, env=install.env(), cwd=install.cwd, stdout=sink, stderr=sink)
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    if _fetch(f"{base}/api/rulesets")[0] == 200:
                        break
                except OSError:
                    assert process.poll() is None, log.read_text(encoding="utf-8")
                    assert time.monotonic() < deadline, "serve did not answer within 120 s"
                    time.sleep(0.3)
            assert _fetch(f"{base}/")[0] == 200  # the page ships in the wheel
            situation = (install.cwd / "examples" / LOF_EXAMPLE).read_bytes()
            status, text = _fetch(f"{base}/api/ask?view=1", situation)
            assert status == 200, text
            answer = json.loads(text)
            assert answer["view"]["headline"] == "BLOCKED"
            steps = answer["view"]["steps"]
            assert steps
            for step in steps:
                assert step["url"].startswith("/go/rule?")
                status, page = _fetch(base + step["url"])
                assert status == 200, page
                assert html.escape(step["title"]) in page
                assert "HorrorClix 2008, L" in page
        finally:
            process.terminate()
            process.wait(30)
    assert "Traceback" not in log.read_text(encoding="utf-8")


def test_shipped_headings_match_the_texts() -> None:
    """Regenerate with ``.venv/bin/python scripts/seed_headings.py`` after a seed file changes."""
    assert TARGET.read_text(encoding="utf-8") == render()


def test_checkout_reads_its_own_spec_folder() -> None:
    """The editable install maps ``adjudicator.spec`` onto ``spec/``: edits there are seen at once."""
    assert resources.checkout_root() == ROOT
    assert resources.packaged_spec_dir().resolve() == (ROOT / "spec").resolve()
