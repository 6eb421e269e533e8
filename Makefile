# lexsub_baselines — `make baselines` regenerates the tables, `make test` runs the tests.
# Both run `make setup` first (Debian packages, .venv, Python packages), which is quick when done.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
LEXSUB := $(VENV)/bin/lexsub
SETUP_STAMP := $(VENV)/.lexsub-setup

.PHONY: setup test lint typecheck unit baselines bench bench-scorer clean-results

setup:
	@bash scripts/setup.sh

test: setup lint typecheck unit

lint: setup
	$(VENV)/bin/ruff check lexsub_baselines tests scripts

typecheck: setup
	$(VENV)/bin/mypy

unit: setup
	$(VENV)/bin/pytest

baselines: setup
	$(LEXSUB) baselines

bench: bench-scorer

bench-scorer: setup
	$(PY) scripts/bench_scorer.py

clean-results:
	rm -rf results
