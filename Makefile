# Every target bootstraps .venv from pyproject.toml when it is missing or stale.
# `make play ARGS="--load SAVE"` and `make sim ARGS="--seed 3"` pass ARGS on to the command.
PYTHON ?= python3
ARGS ?=
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PLAYSTAMP := $(VENV)/.installed-play
TESTENV := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test bench lint sim docs fuzz clean

# `make play` installs only what playing needs (the base package); every other target installs the extras too.
$(PLAYSTAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e .
	touch $(PLAYSTAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lint,cluster,rl]'
	touch $(STAMP) $(PLAYSTAMP)

play: $(PLAYSTAMP)
	$(BIN)/countertop play $(ARGS)

# The whole suite, headless, on every core (pytest-xdist); README.md gives how long it takes.
test: $(STAMP)
	$(TESTENV) $(BIN)/python -m pytest

bench: $(STAMP)
	$(TESTENV) $(BIN)/countertop bench

# The reference greedy against itself: fast, and a mirror of bots, so the deck and seat numbers are about the game
# (greedy against random would measure the bots). ARGS="--bots greedy greedy" overrides the bots.
sim: $(STAMP)
	$(BIN)/countertop sim --games 200 --check --bots greedy-v1 greedy-v1 $(ARGS)

docs: $(STAMP)
	$(BIN)/countertop rules --markdown > docs/rules.md

# The longer fuzz run before a release: FUZZ mutants of each kind (scenario tables and bytes, saves, replays,
# cache entries, player names, variant files, command lines, environment options and actions), then FUZZ random
# events over the window's screens (the monkey) and FUZZ hostile saves on its Load and Watch lists. Each fuzzer is
# one long test, so the suite's per-test timeout is lifted here.
FUZZ ?= 7000
fuzz: $(STAMP)
	COUNTERTOP_FUZZ=$(FUZZ) $(BIN)/python -m pytest tests/test_fuzz.py tests/test_fuzz_surfaces.py \
		tests/test_fuzz_variants.py tests/test_fuzz_cli.py tests/test_fuzz_env.py --hypothesis-show-statistics --timeout 0
	COUNTERTOP_FUZZ=$(FUZZ) $(TESTENV) $(BIN)/python -m pytest tests/test_trust_window.py -k "monkey or lists_fuzzer" --timeout 0

lint: $(STAMP)
	$(BIN)/ruff check game systems tests
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build .build *.egg-info
