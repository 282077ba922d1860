"""Redo in the hot-seat window (Ctrl+Y, issue 17): does again what Ctrl+Z took back, until another action."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine import Game
from game.ui.undo import NOTHING_TO_REDO
from tests.ui.helpers import click, open_app, press, square_center
from tests.ui.test_play_engine import engine_has_cards
from tests.ui.test_undo import ctrl_z, play_footman, table_game

pytestmark = pytest.mark.skipif(not engine_has_cards(), reason="the engine's card files are not there yet")


@pytest.fixture
def game(tmp_path: Path) -> Game:
    return table_game(tmp_path)


def ctrl_y(app) -> None:
    press(app, pygame.K_y, mod=pygame.KMOD_LCTRL, unicode="\x19")


def test_ctrl_y_redoes_each_undone_action_in_order(game: Game) -> None:
    app = open_app(game)
    click(app, square_center(3, 1))
    click(app, square_center(2, 1))
    after_move = game.to_state()
    play_footman(app, (0, 0))
    after_play = game.to_state()
    ctrl_z(app)
    ctrl_z(app)
    ctrl_y(app)
    assert app.game.to_state() == after_move
    assert app.ui.banner.startswith("Redid: ") and not app.ui.banner_is_error
    ctrl_y(app)
    assert app.game.to_state() == after_play
    ctrl_y(app)
    assert app.game.to_state() == after_play
    assert app.ui.banner == NOTHING_TO_REDO and app.ui.banner_is_error
    ctrl_z(app)
    assert "foot" in app.game.view()["players"]["Ada"]["hand"], "a redone action can be undone again"


def test_another_action_after_an_undo_ends_the_redo(game: Game) -> None:
    app = open_app(game)
    play_footman(app, (0, 0))
    ctrl_z(app)
    play_footman(app, (1, 0))
    after_other = app.game.to_state()
    ctrl_y(app)
    assert app.game.to_state() == after_other and app.ui.banner == NOTHING_TO_REDO
