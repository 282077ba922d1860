"""`countertop play --screenshot OUT.png --screen NAME` draws each screen of the window, settled."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.ui.screens import GOLD
from tests.ui.test_play_engine import engine_has_cards

pytestmark = pytest.mark.skipif(not engine_has_cards(), reason="the engine's card files are not there yet")

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
ERROR_RED = (170, 40, 40)


def shot(tmp_path, *args: str) -> pygame.Surface:
    out = tmp_path / "out.png"
    assert main(["play", *args, "--screenshot", str(out)]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    return image


def colours(image: pygame.Surface, rect: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    x, y, w, h = rect
    return {tuple(image.get_at((x + dx, y + dy)))[:3] for dx in range(0, w, 3) for dy in range(0, h, 3)}


def test_the_refusal_screen_shows_the_engines_reason_in_the_red_strip(tmp_path):
    image = shot(tmp_path, "--scenario", str(SCREENS / "refusal.toml"), "--screen", "refusal")
    assert ERROR_RED in colours(image, (12, 524, 996, 24))


def test_the_game_over_screen_and_the_final_board(tmp_path):
    over = shot(tmp_path, "--scenario", str(SCREENS / "game_over.toml"), "--screen", "over")
    board = shot(tmp_path, "--scenario", str(SCREENS / "game_over.toml"), "--screen", "final_board")
    assert GOLD in colours(over, (400, 100, 480, 60))
    assert GOLD in colours(board, (12, 524, 996, 24)), "the final-board bar"


def test_the_new_game_screen_needs_no_scenario(tmp_path):
    image = shot(tmp_path, "--screen", "new_game")
    assert len(colours(image, (380, 30, 520, 60))) > 2


def test_screen_without_screenshot_is_refused(capsys):
    assert main(["play", "--screen", "legend"]) == 2
    assert "--screen only chooses what --screenshot OUT.png draws" in capsys.readouterr().err
