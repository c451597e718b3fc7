# `make run` and `make test` work on a machine with only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# pytest keeps its rewritten test modules as bytecode: an environment that turns bytecode off would
# make every run rewrite them all again (seconds per worker).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test test-fast compiled lint format bench tables clean

# The sources are compiled once at install, not by every test process and server of a fresh clone's
# first run at once.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,compiled]'
	$(BIN)/python -m compileall -q -j 0 src tests
	touch $(STAMP)

# The hot modules (sparrow/_compiled.py) compiled with mypyc beside their sources: optional, without a
# C compiler they run as pure Python (the build says so in one line and stops). Rebuilt when a source
# they depend on changes (the depfile the build writes); a changed source runs as it is until then
# (sparrow/_compiled.py checks the build). The C compiler runs on every core (--jobs).
COMPILED := $(VENV)/.compiled
-include $(VENV)/.compiled.d
$(COMPILED): $(STAMP) src/sparrow/_compiled.py tools/build_compiled.py
	$(BIN)/python tools/build_compiled.py --stamp $@ --depfile $(VENV)/.compiled.d

compiled: $(STAMP)
	$(BIN)/python tools/build_compiled.py --stamp $(COMPILED) --depfile $(VENV)/.compiled.d

# The web app on http://127.0.0.1:8000 (SQLite in ./data; DATABASE_URL=postgresql+psycopg://... for PostgreSQL).
# `make run PORT=8001` or `make run HOST=0.0.0.0` listens elsewhere; a port already taken is one sentence
# and exit code 2. HOST is taken from the command line only: some shells export HOST as the machine's name.
PORT ?= 8000
HOST := 127.0.0.1
run: $(STAMP) $(COMPILED)
	$(BIN)/sparrow serve --host $(HOST) --port $(PORT) --data-dir data

# The checks and the compiled build side by side (each is mostly one process: mypy here, mypyc's type
# check and C generation there), then the tests on every core. Output is kept whole per line.
test: $(STAMP)
	$(MAKE) --no-print-directory -j2 --output-sync=line lint $(COMPILED)
	$(BIN)/pytest -n auto --dist worksteal

# The linters; the layers' import rule (docs/architecture.md) by import-linter; then the types, by mypy
# (its settings in pyproject.toml).
lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy

# The inner loop: everything but the tests marked slow, on every core.
test-fast: $(STAMP) $(COMPILED)
	$(BIN)/pytest -n auto --dist worksteal -m "not slow"

format: $(STAMP)
	$(BIN)/ruff check --fix src tests bench tools
	$(BIN)/ruff format src tests bench tools

$(VENV)/.bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[test,bench]'
	$(BIN)/pip install --quiet cmajiang==0.0.1 || echo "cmajiang (compiled peer) did not install: bench/analysis.py skips it"
	touch $(VENV)/.bench

# The benchmarks: each measures Sparrow against a named peer in the same run (docs/performance.md).
bench: $(VENV)/.bench $(COMPILED)
	$(BIN)/python bench/analysis.py
	$(BIN)/python bench/scoring.py
	$(BIN)/python bench/simulate.py --observing

# Rebuild the shipped shanten tables (needs numpy from the bench extra).
tables: $(VENV)/.bench
	$(BIN)/python tools/gen_shanten_tables.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info src/sparrow/_compiled.digest src/sparrow/.compiled.lock
	find src -name '*.so' -delete  # the compiled modules
