# The commands a newcomer types: `make run` to play, `make test` to check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# e.g. `make run RUN_ARGS="--port 8000"`
RUN_ARGS ?=

.PHONY: run test test-postgres lint typecheck bench bench-web bench-pdf bench-stats bench-load bench-import bench-club translations clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## run: install into .venv when needed, upgrade the database, serve on 0.0.0.0:5000
run: $(STAMP)
	$(BIN)/scorekeeper serve $(RUN_ARGS)

## test: install into .venv when needed, lint, type-check the engine, run every test
test: $(STAMP) lint
	$(BIN)/python -m pytest

## test-postgres: every test again on a throwaway PostgreSQL (needs its server binaries installed)
test-postgres: $(STAMP)
	scripts/with-postgres $(BIN)/python -m pytest

## lint: ruff, mypy --strict on the engine, and the house's import contracts (import-linter)
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

## bench: print the engine's speed figures (the command line's start against python -c pass, meld per second, replays)
bench: $(STAMP)
	$(BIN)/python -m benchmarks.engine

## bench-web: print the table app's budgets (scoreboard size and speed, 30 hands) and the actions per typical hand
bench-web: $(STAMP)
	$(BIN)/python -m benchmarks.web

## bench-pdf: print the score sheet's speed (40, 100, 1,000 hands; a 60-hand blank sheet)
bench-pdf: $(STAMP)
	$(BIN)/python -m benchmarks.pdf

## bench-stats: print the season stats' speed (1,000 and 10,000 demo games, 50 players)
bench-stats: $(STAMP)
	$(BIN)/python -m benchmarks.stats

## bench-load: gunicorn (2 workers) and 50 simulated tables for 30 s: p50/p95/p99 and errors
bench-load: $(STAMP)
	$(BIN)/python -m benchmarks.load

## bench-import: big games (100 and 1,000 hands): import, add a hand, scoreboard, sheet, write lock; ratios; 16 readers of a long game's share link against a writer
bench-import: $(STAMP)
	$(BIN)/python -m benchmarks.import_

## bench-club: print a club night's speed (12 tables x 8 rounds: the movement computed live, the standings from stored games, the event's page and the room's display; medians, growth from 3 tables)
bench-club: $(STAMP)
	$(BIN)/python -m benchmarks.club

## translations: extract every message into the catalogs (new ones arrive untranslated)
translations: $(STAMP)
	$(BIN)/python scripts/update-catalogs

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .bench
