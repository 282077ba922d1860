# Every target bootstraps .venv from pyproject.toml when it is missing or stale.
# `make play ARGS="--load SAVE"` and `make sim ARGS="--seed 3"` pass ARGS on to the command.
PYTHON ?= python3
ARGS ?=
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench lint sim docs clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lint,cluster]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/countertop play $(ARGS)

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/countertop bench

sim: $(STAMP)
	$(BIN)/countertop sim --games 200 --check $(ARGS)

docs: $(STAMP)
	$(BIN)/countertop rules --markdown > docs/rules.md

lint: $(STAMP)
	$(BIN)/ruff check game systems tests
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build *.egg-info
