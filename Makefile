# lexsub_baselines — `make baselines` regenerates the tables, `make test` runs the tests.
# Every target runs `make setup` first (Debian packages, .venv, Python packages, KenLM tools),
# which takes a second or two when already done.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
LEXSUB := $(VENV)/bin/lexsub

.PHONY: setup test lint typecheck unit baselines smoke report ship-answers kenlm parser \
        relations lm \
        bench bench-scorer bench-measures bench-rankers bench-report bench-parse bench-kernels \
        clean-results

setup:
	@bash scripts/setup.sh

# --- the two commands of the README ----------------------------------------------------------

test: setup lint typecheck unit

# Builds what the systems need in one Dask build graph (parser, relation counts of the whole
# corpus, LM, frequency tables, ...; cached under resources/cache) on an embedded local cluster
# (or LEXSUB_SCHEDULER), runs every registered system on trial and test (and SWORDS, LS07-all
# and CoInCo under LexSubGen's protocol), scores them, and writes
# results/{scores.json,runs.json,build.json,tables.md}. A second run reuses every cache.
baselines: setup
	$(LEXSUB) baselines

# The main command's whole path in a few minutes, as CI runs it from a clean clone: `make
# baselines` on the smoke profile (a 40,000-word corpus sample, a parser trained for 60 steps,
# the first 12 instances of every dataset: lexsub_baselines/core/profile.py) into the clone's
# own cache and results folders, `make report`, then a check of what they wrote. Its figures
# are not the benchmarks' (tables.md says so); `make baselines` replaces them.
smoke: setup
	LEXSUB_PROFILE=smoke $(LEXSUB) baselines --no-progress > /dev/null
	LEXSUB_PROFILE=smoke $(MAKE) --no-print-directory report
	$(PY) scripts/check_smoke.py results

# --- checks ------------------------------------------------------------------------------------

lint: setup
	$(VENV)/bin/ruff check lexsub_baselines tests scripts

typecheck: setup
	$(VENV)/bin/mypy

unit: setup
	$(VENV)/bin/pytest

# --- resources, each built once and cached -----------------------------------------------------

# KenLM's lmplz/build_binary, compiled from the kenlm sdist (also run by `make setup`).
kenlm:
	@bash scripts/build_kenlm.sh

# Single stages of the build graph (`lexsub build --help` lists them all).
# The EWT-trained spaCy parser (once, ~10 min on one core).
parser: setup
	$(LEXSUB) build parser

# The grammatical-relation counts (LEXSUB_RELATIONS_TOKENS, default the whole corpus).
relations: setup
	$(LEXSUB) build relations

# The 5-gram LM and the bag-of-words counts of the lm/bow/cmlc rankers.
lm: setup
	$(LEXSUB) build lm bow

# --- the answers shipped with the package (after the full `make baselines` the README prints) ----

# Writes lexsub_baselines/shipped/ (the README's rows' answer files, xz, and their index), which
# `lexsub score ... --paired wordnet` and `--compare` read without a results folder;
# `lexsub verify-tables` then compares them with a run's by sha256.
ship-answers: setup
	$(PY) scripts/ship_answers.py results

# --- the analysis report (after `make baselines`) ----------------------------------------------

# Candidate-ranking results are computed once (results/ranking.json), then results/report.html
# (self-contained), results/report.md, results/figures/*.png and the instance explorer
# results/explorer/index.html (open it from file://; no server needed).
report: setup
	$(LEXSUB) rank-eval --skip-existing --no-progress
	$(LEXSUB) report --no-progress

# --- benchmarks (figures in the README) --------------------------------------------------------

bench: bench-scorer bench-measures bench-rankers bench-report bench-parse bench-kernels

bench-scorer: setup
	$(PY) scripts/bench_scorer.py
	$(PY) scripts/bench_swords.py
	$(PY) scripts/bench_lexsubgen.py
	$(PY) scripts/bench_tsar.py
	$(PY) scripts/bench_paired.py

bench-measures: setup
	$(PY) scripts/bench_measures.py

bench-rankers: setup
	$(PY) scripts/bench_rankers.py

bench-report: setup
	$(PY) scripts/bench_report.py

bench-parse: parser
	$(PY) scripts/bench_parse.py

clean-results:
	rm -rf results

# The speed cost of pinning the numeric kernels (parser training and parse, measures, word2vec).
bench-kernels: setup
	$(PY) scripts/bench_kernels.py
