# The commands a newcomer types: `make run` to play, `make test` to check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# e.g. `make run RUN_ARGS="--port 8000"`
RUN_ARGS ?=

.PHONY: run test test-quick test-report test-long test-postgres lint typecheck bench bench-web bench-pdf bench-stats bench-load bench-import bench-club bench-prints translations clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## run: install into .venv when needed, upgrade the database, serve on 0.0.0.0:5000
run: $(STAMP)
	$(BIN)/scorekeeper serve $(RUN_ARGS)

# The tests: one worker per core (pytest-xdist), temporary files in memory when /dev/shm
# is there, the few that measure time or load (marker `alone`) after the others on
# their own; docs/testing.md says which run where and why.
PYTEST := $(BIN)/python -m pytest
# (with 2 GB free there at least: a container's /dev/shm may hold only 64 MB)
TEST_TMP := $(shell [ -w /dev/shm ] && [ "$$(df --output=avail -k /dev/shm 2>/dev/null | tail -1)" -gt 2097152 ] 2>/dev/null && echo /dev/shm || echo "$${TMPDIR:-/tmp}")
WORKERS ?= auto
# Compiled modules are written and used again (__pycache__, and pytest's rewritten test
# modules): with PYTHONDONTWRITEBYTECODE set, as in some shells and CI images, every
# worker, every served server and every render process compiled the whole app again
# (docs/testing.md)
KEEP_BYTECODE := PYTHONDONTWRITEBYTECODE=
TESTS := $(KEEP_BYTECODE) TMPDIR=$(TEST_TMP) $(PYTEST)
COVERAGE := --cov=scorekeeper --cov-branch --cov-report= --cov-fail-under=0
# e.g. `make test PYTEST_ARGS="-x"`, `make test PYTEST_ARGS="--hypothesis-profile=long"`
PYTEST_ARGS ?=

## test: install into .venv when needed, lint, type-check the engine, run every test, print the coverage (lines and branches)
test: $(STAMP) lint
	alone=$$(mktemp) && trap 'rm -f '$$alone EXIT && \
	$(TESTS) -n $(WORKERS) --dist worksteal -m "not alone" $(COVERAGE) --time-report=10 --alone-files=$$alone $(PYTEST_ARGS) && \
	{ ! [ -s $$alone ] || $(TESTS) -m alone $(COVERAGE) --cov-append $(PYTEST_ARGS) $$(cat $$alone) || [ $$? -eq 5 ]; }  # 5: PYTEST_ARGS left none
	$(BIN)/python -m coverage report

## test-quick: the engine and everything else that needs no database, server or browser (under a minute)
test-quick: $(STAMP)
	$(TESTS) -n $(WORKERS) -m "not database and not browser and not alone" $(PYTEST_ARGS)

## test-report: every test as make test runs them (no coverage), each phase then printing the time by folder and its 30 slowest tests
test-report: $(STAMP)
	alone=$$(mktemp) && trap 'rm -f '$$alone EXIT && \
	$(TESTS) -n $(WORKERS) --dist worksteal -m "not alone" --time-report=30 --alone-files=$$alone $(PYTEST_ARGS) && \
	{ ! [ -s $$alone ] || $(TESTS) -m alone --time-report=30 $(PYTEST_ARGS) $$(cat $$alone) || [ $$? -eq 5 ]; }

## test-long: every test but the alone ones, each property test with ten times the examples, freshly drawn (Hypothesis's "long" profile)
test-long: $(STAMP)
	$(TESTS) -n $(WORKERS) -m "not alone" --hypothesis-profile=long $(PYTEST_ARGS)

## test-postgres: the tests that use a database (marker `database`) again on a throwaway PostgreSQL (needs its server binaries installed)
test-postgres: $(STAMP)
	alone=$$(mktemp) && trap 'rm -f '$$alone EXIT && \
	$(KEEP_BYTECODE) TMPDIR=$(TEST_TMP) scripts/with-postgres sh -c '$(PYTEST) -n $(WORKERS) --dist worksteal -m "database and not alone" --time-report=10 --alone-files='$$alone' $(PYTEST_ARGS) && { ! [ -s '$$alone' ] || $(PYTEST) -m "database and alone" $(PYTEST_ARGS) $$(cat '$$alone') || [ $$? -eq 5 ]; }'

## lint: ruff, mypy --strict on the engine, and the house's import contracts (import-linter)
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

## bench: print the engine's speed figures (the command line's start against python -c pass, meld per second, replays)
bench: $(STAMP)
	$(BIN)/python -m benchmarks.engine

## bench-web: print the table app's budgets (scoreboard size and speed, 30 hands), the actions per typical hand, and a hand saved against /health with its SQL statements (in-process and under gunicorn)
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

## bench-club: print a club night's speed (12 tables x 8 rounds: the movement computed live; the standings from stored games, the event's page and the room's display kept, 304 and after a change at 3, 12 and 24 tables)
bench-club: $(STAMP)
	$(BIN)/python -m benchmarks.club

## bench-prints: twelve phones ask for a 12-table night's itineraries at once while a table saves hands (scorekeeper serve): renders at once, 503s, a hand saved and /health against without the prints
bench-prints: $(STAMP)
	$(BIN)/python -m benchmarks.prints_load

## translations: extract every message into the catalogs (new ones arrive untranslated)
translations: $(STAMP)
	$(BIN)/python scripts/update-catalogs

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .bench .coverage .coverage.*
