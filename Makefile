# cardsuite: every target sets up its own .venv first, so a fresh clone needs only Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

CATALOGS := $(patsubst %.po,%.mo,$(wildcard src/cardsuite/locale/*/LC_MESSAGES/*.po))

.PHONY: setup catalogs messages play test lint typecheck unit bench strength soak e2e clean

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

# The strength tables of docs/bots.md (about an hour): make strength ARGS="--game napoleon --kind hard"
strength: setup
	$(BIN)/python bench/strength.py $(ARGS)

soak: setup
	$(BIN)/pytest -m soak -o addopts="-q"

e2e: setup
	@command -v tmux >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
		apt-get install -y -qq tmux >/dev/null 2>&1; } || true
	bash scripts/e2e-tmux.sh
	$(BIN)/python -m pip install --quiet -e '.[e2e]'
	$(BIN)/pytest -m browser -o addopts="-q" tests/net/test_browser.py -rs

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build dist $(CATALOGS)
