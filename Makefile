# tcg-adjudicator — developer and CI entry points.
#   make run    start the API on http://127.0.0.1:8000 (SQLite store in ./data);
#               make run PORT=8080 HOST=0.0.0.0 to listen elsewhere
#   make test   full pytest suite on parallel workers (needs PostgreSQL at 127.0.0.1:5432, see README)
#   make lint   ruff check, ruff format --check, mypy --strict
#   make bench  micro-benchmarks (python -m bench)

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# Re-install only when the project metadata changes (or the venv was removed).
STAMP  := $(VENV)/.install-stamp

# Where `make run` listens: make run PORT=8080 (HOST=0.0.0.0 to listen on every interface).
HOST ?= 127.0.0.1
PORT ?= 8000

export PIP_DISABLE_PIP_VERSION_CHECK := 1
export PIP_NO_INPUT := 1

.PHONY: help install browser run test lint bench clean distclean

help:
	@echo "make install  create $(VENV) and install the package with dev extras"
	@echo "make run      serve the API on $(HOST):$(PORT) (PORT=, HOST= to change; SQLite default, data in ./data)"
	@echo "make test     run the full test suite (uses PostgreSQL at 127.0.0.1:5432)"
	@echo "make lint     ruff check + ruff format --check + mypy --strict"
	@echo "make bench    run the micro-benchmarks"
	@echo "make clean    remove caches and build artefacts (keeps $(VENV) and ./data)"
	@echo "make distclean  clean, and remove $(VENV) too"

install: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is required, $(PYTHON) is " + sys.version.split()[0])'
	@if [ ! -x "$(PY)" ]; then echo "creating $(VENV) with $$($(PYTHON) --version)"; $(PYTHON) -m venv $(VENV); fi
	$(PY) -m pip install -q -e '.[dev]'
	@touch $@

run: install
	@mkdir -p data
	$(PY) -m uvicorn api.app:app --host $(HOST) --port $(PORT) --no-access-log

# The console's browser tests drive Debian's Chromium (never a downloaded browser build).
# On a fresh Debian machine it is installed here (needs root); elsewhere install it first.
browser:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver; \
	  else \
	    echo "make test needs Chromium for tests/api/test_console_browser.py: apt-get install -y chromium chromium-driver" >&2; \
	    exit 1; \
	  fi; }

# The suite runs on $(TEST_WORKERS) pytest-xdist workers (auto: one per core; make test
# TEST_WORKERS=0 runs it serially). --dist worksteal hands tests out one at a time and lets an
# idle worker take queued tests from a busy one, so a few long tests do not leave a core idle.
# Every test is parallel-safe: each makes its own PostgreSQL schema, temp dirs and free ports.
TEST_WORKERS ?= auto
PYTEST_XDIST := $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist worksteal)

# pytest exits 5 when it collected no tests: that is a failure here, never a pass.
test: install browser
	@rc=0; $(PY) -m pytest -q $(PYTEST_XDIST) || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: FAILED, pytest collected no tests (exit 5)" >&2; fi; \
	exit $$rc

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy --strict domain service api

bench: install
	@if [ -f bench/__main__.py ]; then $(PY) -m bench; else echo "no benchmarks (bench/__main__.py missing)"; fi

clean:
	rm -rf .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)

# Added targets (issue 8): the long-running variants and the longer HTTP load benchmark.
.PHONY: test-slow bench-load
test-slow: install
	$(PY) -m pytest -q -m slow

bench-load: install
	BENCH_HTTP_SECONDS=30 $(PY) -m bench bench_http
