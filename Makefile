# Two entry points (see README): `make run` and `make test`.
# Everything else is a step they depend on. Only python3 and make are needed.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export PYTHONHASHSEED := 0

.PHONY: run test lint typecheck pytest docs verbatim clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lint,docs]'
	touch $(STAMP)

## The main job: validate every spec, summarise each ruleset, answer the bundled examples.
run: $(STAMP)
	$(BIN)/adjudicator examples

## The whole test suite: lint, types, tests (with the verbatim check), docs.
test: lint typecheck pytest docs

lint: $(STAMP)
	$(BIN)/ruff check adjudicator proofs tests benchmarks docs/conf.py
	$(BIN)/ruff format --check adjudicator proofs tests benchmarks docs/conf.py

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2 -q

docs: $(STAMP)
	rm -rf docs/_build docs/reference/generated
	$(BIN)/sphinx-build -n -W --keep-going -q -b html docs docs/_build/html

clean:
	rm -rf $(VENV) docs/_build docs/reference/generated
