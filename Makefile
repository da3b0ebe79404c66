# cardsuite: every target sets up its own .venv first, so a fresh clone needs only Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

CATALOGS := $(patsubst %.po,%.mo,$(wildcard src/cardsuite/locale/*/LC_MESSAGES/*.po))

.PHONY: setup catalogs messages play test lint typecheck unit bench strength soak e2e clean compiled test-compiled \
	test-postgres test-cluster test-openspiel

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

# Compiled gettext catalogs (.mo), rebuilt from their .po sources; never committed or edited by hand.
catalogs: $(CATALOGS)

%.mo: %.po | $(STAMP)
	$(BIN)/pybabel -q compile -i $< -o $@

# Extract the messages from the code into cardsuite.pot and every .po (then translate the new entries).
messages: setup
	$(BIN)/python scripts/catalogs.py update

play: setup catalogs
	$(BIN)/cardsuite play nap --players 4

lint: setup
	$(BIN)/ruff check src tests bench scripts hatch_build.py

typecheck: setup
	$(BIN)/mypy

unit: setup catalogs
	$(BIN)/pytest -n auto

test: lint typecheck unit

bench: setup
	$(BIN)/python -m pip install --quiet open_spiel
	$(BIN)/python bench/run.py

# The strength tables of docs/bots.md, on every core: make strength ARGS="--game napoleon --kind hard"
strength: setup
	$(BIN)/python bench/strength.py $(ARGS)

# The shared-store tests against a real PostgreSQL that the tests start in a temporary folder (Debian's
# postgresql, installed by scripts/need.sh when missing); fails when it cannot run, never skips.
test-postgres: setup catalogs
	bash scripts/need.sh initdb
	$(BIN)/python -m pip install --quiet -e '.[postgres]'
	$(BIN)/pytest -m postgres -o addopts="-q" -n 2 tests/postgres

# cardsuite simulate --cluster against a real local Ray head on loopback (installs the cluster extra).
test-cluster: setup
	$(BIN)/python -m pip install --quiet -e '.[cluster]'
	$(BIN)/pytest -m cluster -o addopts="-q" tests/bots/test_cluster.py

# GOPS against OpenSpiel's goofspiel (installs open_spiel from the package index); fails when it cannot run.
test-openspiel: setup
	$(BIN)/python -m pip install --quiet open_spiel
	$(BIN)/pytest -m openspiel -o addopts="-q" tests/games/test_gops_openspiel.py

soak: setup
	$(BIN)/pytest -m soak -o addopts="-q" -o timeout=0

# The real-part checks: the TUI in tmux, then the browser seat in Debian's headless Chromium. Each installs
# what it needs (scripts/need.sh, the e2e extra) and fails, never skips, when it cannot run; both run, and
# the target fails when either does.
CHROMIUM ?= /usr/bin/chromium
e2e: setup catalogs
	bash scripts/need.sh tmux
	bash scripts/need.sh chromium
	$(BIN)/python -m pip install --quiet -e '.[test,e2e]'
	status=0; bash scripts/e2e-tmux.sh || status=$$?; \
	CARDSUITE_CHROMIUM=$(CHROMIUM) $(BIN)/pytest -m browser -o addopts="-q" -p no:randomly tests/net/test_browser.py \
		|| status=$$?; exit $$status

# Opt-in compiled engines (docs/performance.md): a wheel with the hot modules compiled by mypyc
# (CARDSUITE_COMPILE=1, see hatch_build.py), installed with the test tools into its own environment,
# .venv-compiled, so that .venv, make test and make play stay pure Python. Without a C compiler or the
# Python headers it says so in one line and installs the pure Python wheel. The wheel stays in build/compiled.
CVENV := .venv-compiled
CBIN := $(CVENV)/bin
CSTAMP := $(CVENV)/.installed
CWHEELS := build/compiled
CINPUTS := pyproject.toml hatch_build.py scripts/compile_engines.py \
	$(shell find src docs/rules -type f -not -name '*.mo' -not -name '*.pyc' -not -name '*.so' 2>/dev/null)
# What make test-compiled runs against the compiled build: the rules, games, conformance and property tests.
COMPILED_TESTS ?= tests/core tests/games tests/conformance tests/bots tests/cli/test_simulate.py \
	tests/hostile/test_fuzz.py tests/i18n/test_events.py

$(CSTAMP): $(CINPUTS)
	@$(PYTHON) scripts/compile_engines.py check
	test -x $(CBIN)/python || { $(PYTHON) -m venv $(CVENV) && $(CBIN)/python -m pip install --quiet --upgrade pip; }
	rm -rf $(CWHEELS)
	CARDSUITE_COMPILE=1 $(CBIN)/python -m pip wheel --quiet --no-deps --wheel-dir $(CWHEELS) .
	$(CBIN)/python -m pip install --quiet --force-reinstall --no-deps $(CWHEELS)/cardsuite-*.whl
	$(CBIN)/python -m pip install --quiet "$$(ls $(CWHEELS)/cardsuite-*.whl)[test]"
	@$(CBIN)/python scripts/compile_engines.py report
	touch $(CSTAMP)

compiled: $(CSTAMP)

# The tests above against the compiled build; fails unless every hot module loads compiled.
test-compiled: compiled
	@$(CBIN)/python scripts/compile_engines.py report --require
	CARDSUITE_EXPECT_COMPILED=1 $(CBIN)/pytest -n auto -rs $(COMPILED_TESTS)

clean:
	rm -rf $(VENV) $(CVENV) .mypy_cache .pytest_cache .ruff_cache build dist $(CATALOGS)
