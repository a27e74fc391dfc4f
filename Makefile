# The commands a newcomer types: `make test` (and, with the web app, `make run`).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test lint typecheck bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## test: install into .venv when needed, lint, type-check the engine, run every test
test: $(STAMP) lint
	$(BIN)/python -m pytest

## lint: ruff and mypy --strict on the engine
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

## bench: print the engine's speed figures (meld per second, replays)
bench: $(STAMP)
	$(BIN)/python -m benchmarks.engine

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
