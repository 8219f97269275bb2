"""Where the tool finds what it reads and writes besides its code.

- **The spec** ships inside the package as ``adjudicator.spec`` (setup.py maps
  the repository's ``spec/`` onto it), so a wheel and an editable install find
  the same rules through the import system; ``$ADJUDICATOR_SPEC`` points at
  another spec folder (tests, fixture specs).
- **The rulebook texts** (seed files) are not ours to ship: ``$ADJUDICATOR_SEEDS``,
  else ``../shared/seeds`` beside the checkout when running from one, else none.
- **The witness-board cache**: ``$ADJUDICATOR_CACHE``, else ``.cache`` in the
  checkout, else the user's cache folder; never inside the installed package.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

SPEC_PACKAGE = "adjudicator.spec"
SEEDS_ENV = "ADJUDICATOR_SEEDS"
SEEDS_NEEDED = (
    "the rulebook texts (seed files) are needed for this and were not found: "
    f"set {SEEDS_ENV} to the folder that holds the files named in spec/sources.yaml"
)


def checkout_root() -> Path | None:
    """The repository when the package runs from a checkout (editable install), else None."""
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file() and (root / "spec" / "sources.yaml").is_file():
        return root
    return None


def packaged_spec_dir() -> Path:
    """The folder of the ``adjudicator.spec`` package: the rules the tool was installed with.

    A checkout run without installing it (no ``adjudicator.spec`` to import) uses its ``spec/``.
    """
    found = importlib.util.find_spec(SPEC_PACKAGE)
    if found is not None and found.submodule_search_locations:
        return Path(next(iter(found.submodule_search_locations)))
    root = checkout_root()
    if root is None:
        raise FileNotFoundError(f"the package {SPEC_PACKAGE} (the rules) is not installed")
    return root / "spec"


def spec_dir() -> Path:
    """``$ADJUDICATOR_SPEC`` or the installed spec."""
    env = os.environ.get("ADJUDICATOR_SPEC")
    return Path(env) if env else packaged_spec_dir()


def seeds_dir() -> Path | None:
    """``$ADJUDICATOR_SEEDS``, else ``../shared/seeds`` beside a checkout, else None."""
    env = os.environ.get(SEEDS_ENV)
    if env:
        return Path(env)
    root = checkout_root()
    return root.parent / "shared" / "seeds" if root is not None else None


def user_cache_dir() -> Path:
    """The tool's folder in the user's cache (XDG on Linux, the platform's place elsewhere)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "tabletop-adjudicator"


def cache_dir() -> Path:
    """``$ADJUDICATOR_CACHE``, else ``.cache`` in the checkout, else :func:`user_cache_dir`."""
    env = os.environ.get("ADJUDICATOR_CACHE")
    if env:
        return Path(env)
    root = checkout_root()
    return root / ".cache" if root is not None else user_cache_dir()


def write_atomically(path: Path, data: bytes, *, stale: str = "") -> bool:
    """Write a cache file whole or not at all (a temporary file beside it, then a rename).

    ``stale``: a glob of the folder's files the new one replaces (removed first). False, and nothing left
    behind, when the folder cannot be written: a cache that cannot be kept is no error.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob(stale) if stale else ():
            old.unlink(missing_ok=True)
        import tempfile  # noqa: PLC0415 - only when a cache file is written (``ask`` with a warm cache never is)

        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            Path(temp).replace(path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True


def seeds_required() -> bool:
    """Whether a missing seed file is a load error: in the project's CI (``CI=true`` in a checkout).

    An installed tool never requires the texts to load, even in someone else's CI.
    """
    return os.environ.get("CI") == "true" and checkout_root() is not None
