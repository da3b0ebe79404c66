# cardsuite: every target sets up its own .venv first, so a fresh clone needs only Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup play test lint typecheck unit bench soak e2e clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

play: setup
	$(BIN)/cardsuite play nap --players 4

lint: setup
	$(BIN)/ruff check src tests bench

typecheck: setup
	$(BIN)/mypy

unit: setup
	$(BIN)/pytest -n auto

test: lint typecheck unit

bench: setup
	$(BIN)/python -m pip install --quiet open_spiel
	$(BIN)/python bench/run.py

soak: setup
	$(BIN)/pytest -m soak -o addopts="-q"

e2e: setup
	bash scripts/e2e-tmux.sh

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build dist
