# Two entry points (see README): `make run` and `make test`.
# Everything else is a step they depend on. Only python3 and make are needed.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export PYTHONHASHSEED := 0

.PHONY: run test serve lint typecheck pytest docs browser chromium verbatim clean bytecode

# Debian's chromium and its driver for the browser tests (tests/test_browser.py, tests/web/); never fails:
# without root or apt-get the browser test skips and says why.
INSTALL_CHROMIUM = (command -v chromium && command -v chromedriver) >/dev/null 2>&1 \
	|| (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver) >/dev/null 2>&1 \
	|| echo "chromium could not be installed (needs root and apt-get): the browser test will be skipped"

$(STAMP): pyproject.toml setup.py
	@$(INSTALL_CHROMIUM)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lint,docs]'
	touch $(STAMP)

# The tool's bytecode, as a wheel install has it: an environment that forbids Python writing it
# (PYTHONDONTWRITEBYTECODE) would otherwise compile every module again in every command (a fifth of a second).
# Only files changed since are compiled again.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q adjudicator proofs

## The main job: validate every spec, summarise each ruleset, answer the bundled examples.
run: bytecode
	$(BIN)/adjudicator examples

## The judge's table: the page and the HTTP API on http://127.0.0.1:8000/ (the reference too, once built by docs).
serve: bytecode
	$(BIN)/adjudicator serve

## The whole test suite: lint, types, tests (with the verbatim check), docs.
test: lint typecheck pytest docs

lint: $(STAMP)
	$(BIN)/ruff check adjudicator proofs tests benchmarks scripts docs/conf.py
	$(BIN)/ruff format --check adjudicator proofs tests benchmarks scripts docs/conf.py

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: bytecode
	$(BIN)/pytest -n 2 -q

## The site (generated reference, solver pages, rulings), then every doctest in it.
docs: $(STAMP)
	rm -rf docs/_build docs/reference/generated
	$(BIN)/sphinx-build -n -W --keep-going -q -b html -d docs/_build/doctrees docs docs/_build/html
	$(BIN)/sphinx-build -n -W --keep-going -q -b doctest -d docs/_build/doctrees docs docs/_build/doctest

## The built site in headless Chromium (pytest also runs this test, on its own build).
chromium:
	@$(INSTALL_CHROMIUM)

browser: $(STAMP) chromium docs
	ADJUDICATOR_DOCS_HTML=docs/_build/html $(BIN)/pytest -q -p no:xdist tests/test_browser.py

clean:
	rm -rf $(VENV) docs/_build docs/reference/generated
