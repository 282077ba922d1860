# Every target bootstraps .venv from pyproject.toml when it is missing or stale.
# `make play ARGS="--load SAVE"` and `make sim ARGS="--seed 3"` pass ARGS on to the command.
PYTHON ?= python3
ARGS ?=
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ENGINE := $(VENV)/.engine
TESTENV := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test bench lint sim docs fuzz clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lint,compile,cluster]'
	touch $(STAMP)

# The compiled engine (game/native.py), made again whenever a source of game/ or systems/ changed. Without a C
# compiler the build says so in one line, and the pure-Python engine plays the same games, only slower.
$(ENGINE): $(STAMP) $(wildcard game/*.py systems/*.py)
	-$(BIN)/python -m game.native build
	touch $(ENGINE)

play: $(STAMP)
	$(BIN)/countertop play $(ARGS)

# The whole suite on the pure-Python engine, then again on the compiled one (skipped, saying so, when unbuilt).
test: $(ENGINE)
	$(TESTENV) COUNTERTOP_ENGINE=pure $(BIN)/python -m pytest
	@if $(BIN)/python -m game.native status; then \
		echo "$(TESTENV) COUNTERTOP_ENGINE=compiled $(BIN)/python -m pytest"; \
		$(TESTENV) COUNTERTOP_ENGINE=compiled $(BIN)/python -m pytest; \
	else echo "make test: the compiled engine is not built, so the suite ran on the pure-Python engine only"; fi

bench: $(ENGINE)
	$(TESTENV) $(BIN)/countertop bench

sim: $(ENGINE)
	$(BIN)/countertop sim --games 200 --check $(ARGS)

docs: $(STAMP)
	$(BIN)/countertop rules --markdown > docs/rules.md

# The longer fuzz run before a release: FUZZ mutants of each kind (scenario tables, scenario bytes, saves).
FUZZ ?= 7000
fuzz: $(STAMP)
	COUNTERTOP_FUZZ=$(FUZZ) $(BIN)/python -m pytest tests/test_fuzz.py --hypothesis-show-statistics

lint: $(STAMP)
	$(BIN)/ruff check game systems tests
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build .build *.egg-info
