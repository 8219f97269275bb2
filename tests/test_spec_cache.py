"""The on-disk cache of the loaded spec (issue 18): same spec, never stale, never in the way."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from adjudicator.core import spec_cache
from adjudicator.core.errors import SpecErrors
from adjudicator.core.spec import Spec, load_spec, load_spec_uncached


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache folder."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(folder))
    monkeypatch.delenv(spec_cache.DISABLE_ENV, raising=False)
    return folder


def load(spec_dir: Path) -> Spec:
    """Load through the cache, bypassing the in-process memo."""
    load_spec.cache_clear()
    return load_spec(spec_dir)


def breakaway(spec: Spec, die: int) -> object:
    """The value of the fixture's break-away decision for one roll."""
    return spec.decide("horrorclix/2008", "breakaway.succeeds", {"die": die}).value


def entries(cache: Path) -> list[Path]:
    """The cache's spec entries."""
    return sorted((cache / "spec").glob("spec-*.pickle"))


def test_second_load_comes_from_the_cache_and_answers_alike(cache: Path, good_spec_dir: Path) -> None:
    fresh = load(good_spec_dir)
    assert len(entries(cache)) == 1
    cached = load(good_spec_dir)
    assert cached is not fresh
    assert set(cached.rules) == set(fresh.rules)
    assert cached.rules["HX.BREAK.FAIL"].views == fresh.rules["HX.BREAK.FAIL"].views
    assert [breakaway(cached, d) for d in range(1, 7)] == [breakaway(fresh, d) for d in range(1, 7)]
    assert [breakaway(cached, d) for d in range(1, 7)] == [False] * 3 + [True] * 3


def test_an_edited_spec_file_is_never_read_stale(cache: Path, good_spec_dir: Path) -> None:
    assert breakaway(load(good_spec_dir), 3) is False
    rules = good_spec_dir / "horrorclix" / "06-breakaway.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("when: die <= 3", "when: die <= 2").replace("when: die >= 4", "when: die >= 3"))
    assert breakaway(load(good_spec_dir), 3) is True
    assert len(entries(cache)) == 1  # the entry was replaced, not added to


def test_a_spec_error_is_reported_not_cached(cache: Path, good_spec_dir: Path) -> None:
    load(good_spec_dir)
    rules = good_spec_dir / "horrorclix" / "06-breakaway.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("when: die <= 3", "when: die <= "))
    with pytest.raises(SpecErrors):
        load(good_spec_dir)
    with pytest.raises(SpecErrors):
        load(good_spec_dir)


def test_a_corrupt_entry_is_rebuilt(cache: Path, good_spec_dir: Path) -> None:
    load(good_spec_dir)
    (entry,) = entries(cache)
    key = entry.read_bytes().split(b"\n", 1)[0]
    entry.write_bytes(key + b"\nnot a pickle")
    assert breakaway(load(good_spec_dir), 5) is True
    assert pickle.loads(entry.read_bytes().split(b"\n", 1)[1])  # noqa: S301 - rewritten whole


def test_an_unwritable_cache_is_only_slower(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, good_spec_dir: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(blocker))
    assert breakaway(load(good_spec_dir), 4) is True


def test_compiled_predicates_are_not_pickled_but_rebuilt(cache: Path, good_spec_dir: Path) -> None:
    spec = load_spec_uncached(good_spec_dir.resolve())
    clause = spec.rules["HX.BREAK.FAIL"].views["horrorclix/2008"].clauses[0]
    assert clause.when_fn is not None
    assert "when_fn" in clause.__dict__
    copy = pickle.loads(pickle.dumps(clause))  # noqa: S301 - our own bytes
    assert "when_fn" not in copy.__dict__
    assert copy.when_fn is not None
    assert copy.when_fn({"die": 2}) is True
    assert copy.when_fn({"die": 4}) is False


def test_the_key_follows_the_rulebook_texts(cache: Path, good_spec_dir: Path, tmp_path: Path) -> None:
    before = spec_cache.cache_key(good_spec_dir.resolve(), None)
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ADJUDICATOR_SEEDS", str(seeds))
        assert spec_cache.cache_key(good_spec_dir.resolve(), None) != before
    assert spec_cache.cache_key(good_spec_dir.resolve(), None) == before
    assert spec_cache.cache_key(good_spec_dir.resolve(), ("horrorclix",)) != before


def test_known_rulesets_come_from_their_entry_and_follow_sources_yaml(cache: Path, good_spec_dir: Path) -> None:
    """The rulesets of ``sources.yaml`` are read once, then from their own entry, and again after an edit."""
    from adjudicator.core.spec import known_rulesets  # noqa: PLC0415 - beside the loads it caches

    read = known_rulesets(good_spec_dir)
    assert "horrorclix/2008" in read
    kept = sorted((cache / "spec").glob("rulesets-*.pickle"))
    assert len(kept) == 1
    assert entries(cache) == []  # the rulesets are no spec entry
    key = spec_cache.cache_key(good_spec_dir.resolve(), (), "rulesets")
    kept[0].write_bytes(key.encode() + b"\n" + pickle.dumps({"made/up"}))
    assert known_rulesets(good_spec_dir) == {"made/up"}  # read from the entry, not the file
    sources = good_spec_dir / "sources.yaml"
    sources.write_text(sources.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert known_rulesets(good_spec_dir) == read
