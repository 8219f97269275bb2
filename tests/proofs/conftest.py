"""Fixture specs for the proofs: a clean one, one with a deliberate conflict and gap, and the real spec."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.spec import Spec, load_spec

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def good_spec() -> Spec:
    """Clean in both editions; one edition difference (a 4 breaks away only in 2008) and a reading."""
    return load_spec.__wrapped__(FIXTURES / "good" / "spec")


@pytest.fixture(scope="session")
def bad_spec() -> Spec:
    """The good fixture with a deliberate conflict (a six fails) and gap (no rule for no opponent)."""
    return load_spec.__wrapped__(FIXTURES / "bad" / "spec")


@pytest.fixture(scope="session")
def real_spec() -> Spec:
    """The project's spec."""
    return load_spec()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private, empty cache folder (``$ADJUDICATOR_CACHE``)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(folder))
    return folder
