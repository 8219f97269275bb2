"""Packages and data files for setuptools; everything else is in ``pyproject.toml``.

``spec/`` stays at the top of the repository (the one place rules are edited)
and ships inside the package as ``adjudicator.spec`` (one data package per
game folder): the tool finds its rules through the package
(:mod:`adjudicator.core.resources`), in a wheel and in an editable install
alike. ``pyproject.toml`` alone cannot combine package discovery with one
mapped folder, hence this file (which also lists the data files: the
``package-data`` table of ``pyproject.toml`` would replace this list).
"""

from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).resolve().parent
GAMES = sorted(p.name for p in (HERE / "spec").iterdir() if p.is_dir() and any(p.glob("*.yaml")))
SPEC = ["adjudicator.spec", *(f"adjudicator.spec.{game}" for game in GAMES)]
DATA = ["adjudicator.web.static", "proofs.board_data"]
"""Folders of data files only (no ``__init__.py``): packages too, so setuptools installs them without a warning."""

setup(
    packages=[*find_packages(include=["adjudicator", "adjudicator.*", "proofs", "proofs.*"]), *DATA, *SPEC],
    package_dir={"adjudicator.spec": "spec"},
    package_data={
        "adjudicator": ["py.typed"],
        "adjudicator.core": ["seed_headings.json"],
        "adjudicator.web.static": ["*.html", "*.css", "*.js"],
        "proofs": ["py.typed", "*.yaml"],
        "proofs.board_data": ["*.json.xz"],
        **{name: ["*.yaml"] for name in SPEC},
    },
)
