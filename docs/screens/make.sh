#!/bin/sh
# Redraws every screenshot in docs/screens from the scenario files beside it (no display needed).
set -e
cd "$(dirname "$0")/../.."
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
COUNTERTOP_HOME=$(mktemp -d)
export COUNTERTOP_HOME
trap 'rm -rf "$COUNTERTOP_HOME"' EXIT
play() { .venv/bin/countertop play "$@"; }
D=docs/screens
play --screen new_game --seed 20261202 --screenshot $D/new_game.png
play --scenario assets/scenarios/busy_board.toml --screenshot $D/busy_board.png
play --scenario assets/scenarios/busy_board.toml --size 960x540 --screenshot $D/busy_board_960x540.png
play --scenario assets/scenarios/busy_board.toml --size 1920x1080 --screenshot $D/busy_board_1920x1080.png
play --scenario assets/scenarios/busy_board.toml --screen legend --screenshot $D/legend.png
play --scenario $D/choice.toml --screen choice --screenshot $D/choice.png
play --scenario $D/refusal.toml --screen refusal --screenshot $D/refusal.png
play --scenario $D/last_turn.toml --screen pass --screenshot $D/pass_last_turn.png
play --scenario $D/game_over.toml --screen over --screenshot $D/game_over.png
play --scenario $D/game_over.toml --screen final_board --screenshot $D/final_board.png
