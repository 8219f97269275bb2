"""Bad spec files are rejected with ``file:line: message`` and exit status 2.

Each file in ``tests/fixtures/bad/`` is added to a copy of the good fixture
spec as ``horrorclix/50-bad.yaml``; its first line says the expected message.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from adjudicator.core.errors import SpecErrors
from adjudicator.core.spec import load_spec
from tests.conftest import BAD, run_cli

CASES = sorted(BAD.glob("*.yaml"))


def expected(path: Path) -> str:
    """The message announced on the fixture's first line."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect: ")
    return first.removeprefix("# expect: ")


def install(case: Path, spec_dir: Path) -> None:
    """Add the bad topic file to a spec copy."""
    shutil.copy(case, spec_dir / "horrorclix" / "50-bad.yaml")


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_bad_spec_is_rejected_with_position(case: Path, good_spec_dir: Path) -> None:
    """The loader reports the fixture's problem at the expected file and line."""
    install(case, good_spec_dir)
    with pytest.raises(SpecErrors) as info:
        load_spec.__wrapped__(good_spec_dir)
    messages = [str(e) for e in info.value.errors]
    want = "spec/horrorclix/" + expected(case)
    assert any(want in m for m in messages), messages


@pytest.mark.parametrize("case", [c for c in CASES if c.stem in {"unknown-fact", "bad-expression", "cite-past-end"}])
def test_cli_exits_2_with_message(case: Path, good_spec_dir: Path) -> None:
    """The command line prints the positioned message, no traceback, exit 2."""
    install(case, good_spec_dir)
    result = run_cli("validate", spec=good_spec_dir)
    assert result.returncode == 2
    assert "spec/horrorclix/" + expected(case) in result.stderr
    assert "Traceback" not in result.stderr


def test_missing_seed_is_an_error_in_ci(good_spec_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """With CI=true, a seed file that cannot be found is a load error."""
    monkeypatch.setenv("CI", "true")
    monkeypatch.setenv("ADJUDICATOR_SEEDS", str(tmp_path / "nowhere"))
    with pytest.raises(SpecErrors) as info:
        load_spec.__wrapped__(good_spec_dir)
    assert any("not found" in str(e) and "required when CI=true" in str(e) for e in info.value.errors)


def test_every_error_is_reported_not_just_the_first(good_spec_dir: Path) -> None:
    """Two bad files give two positioned errors in one run."""
    install(BAD / "unknown-fact.yaml", good_spec_dir)
    shutil.copy(BAD / "duplicate-id.yaml", good_spec_dir / "horrorclix" / "51-bad.yaml")
    with pytest.raises(SpecErrors) as info:
        load_spec.__wrapped__(good_spec_dir)
    files = {e.where.file for e in info.value.errors}
    assert files == {"spec/horrorclix/50-bad.yaml", "spec/horrorclix/51-bad.yaml"}
