"""Undo in the hot-seat window (Ctrl+Z and the Undo button), played with real pygame events on the engine.

Only the active player's own main-phase actions can be taken back, and never across a "pass to NAME"
screen or an action that rolled dice or drew cards.
"""

from __future__ import annotations

import esper
import pygame
import pytest

from game.ui.draw import BUTTON, BUTTON_OFF
from tests.ui.helpers import LAYOUT, click, hand_card_center, open_app, pixel, press, square_center, zone_center
from tests.ui.test_play_engine import engine_has_cards

pytestmark = pytest.mark.skipif(not engine_has_cards(), reason="the engine's card files are not there yet")

TABLE = """
players = ["Ada", "Bo"]
dice = [10]
[[card]]
ref = "foot"
name = "Footman"
owner = "Ada"
zone = "hand"
[[card]]
ref = "arch"
name = "Archer"
owner = "Ada"
zone = "board"
pos = [3, 1]
crt = 25
[[card]]
ref = "guard"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [3, 3]
[[card]]
ref = "hftp"
name = "Help From the Past"
owner = "Ada"
zone = "stasis"
stasis_counters = 0
[[card]]
ref = "adadeck1"
name = "Archer"
owner = "Ada"
zone = "deck"
[[card]]
ref = "adadeck2"
name = "Archer"
owner = "Ada"
zone = "deck"
[[card]]
ref = "bodeck"
name = "Footman"
owner = "Bo"
zone = "deck"
"""


def table_game(tmp_path):
    """The game of TABLE, loaded from a scenario file in `tmp_path` (the undo and redo tests' table)."""
    from game.engine import Game

    path = tmp_path / "table.toml"
    path.write_text(TABLE, encoding="utf-8")
    return Game.from_scenario(str(path))


@pytest.fixture
def game(tmp_path):
    return table_game(tmp_path)


def ctrl_z(app) -> None:
    press(app, pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="\x1a")


def play_footman(app, square: tuple[int, int]) -> None:
    hand = app.game.view()["players"]["Ada"]["hand"]
    click(app, hand_card_center(hand.index("foot"), len(hand)))
    click(app, square_center(*square))
    assert app.game.view()["cards"]["foot"]["pos"] == list(square)


def undo_button_fill(app) -> tuple[int, int, int]:
    x, y, _, h = LAYOUT.button_rects()["undo"]
    return pixel(app, (x + 4, y + h // 2))


def minion_plays(game) -> int:
    return game.to_state()["players"][0]["minion_plays"]


def test_ctrl_z_puts_a_played_minion_back_in_hand_with_the_allowance_restored(game):
    app = open_app(game)
    before = game.to_state()
    play_footman(app, (0, 0))
    used = minion_plays(game)
    assert used != before["players"][0]["minion_plays"]
    ctrl_z(app)
    restored = app.game
    assert restored is not game and app.play.game is restored
    assert restored.to_state() == before
    assert game.table.world not in esper.list_worlds(), "the old game's world is freed"
    assert "foot" in restored.view()["players"]["Ada"]["hand"]
    assert app.ui.selection is None and app.ui.menu is None
    assert app.ui.banner == "Undid: Play Footman (Ada) to Ada's home" and not app.ui.banner_is_error
    play_footman(app, (1, 0))
    assert minion_plays(restored) == used, "the restored allowance is spent again"


def test_undo_goes_back_one_action_at_a_time_then_says_there_is_nothing_left(game):
    app = open_app(game)
    start = game.to_state()
    click(app, square_center(3, 1))
    click(app, square_center(2, 1))
    assert game.view()["cards"]["arch"]["pos"] == [2, 1]
    after_move = game.to_state()
    play_footman(app, (0, 0))
    ctrl_z(app)
    assert app.game.to_state() == after_move
    ctrl_z(app)
    assert app.game.to_state() == start
    ctrl_z(app)
    assert app.game.to_state() == start
    assert app.ui.banner.startswith("Nothing to undo") and app.ui.banner_is_error


def test_undo_is_refused_after_an_attack_that_rolled_dice_G8(game):
    app = open_app(game)
    play_footman(app, (0, 0))
    click(app, square_center(3, 1))
    click(app, square_center(3, 3))
    assert game.view()["last_rolls"], "the forced d100 was rolled for a critical hit"
    after_attack = game.to_state()
    ctrl_z(app)
    assert app.game is game and game.to_state() == after_attack
    assert app.ui.banner == "Can't undo: dice were rolled: undo stops at draws and dice." and app.ui.banner_is_error
    assert undo_button_fill(app) == BUTTON_OFF


def test_undo_is_refused_after_drawing_cards_ST11(game):
    app = open_app(game)
    click(app, zone_center(app, ("card", "hftp")))
    click(app, zone_center(app, ("card", "hftp")))
    assert game.view()["cards"]["hftp"]["zone"] == "discard"
    drawn = game.to_state()
    click(app, zone_center(app, ("button", "undo")))
    assert app.game is game and game.to_state() == drawn
    assert app.ui.banner == "Can't undo: 2 cards were drawn: undo stops at draws and dice."


def test_undo_is_refused_after_the_end_of_the_turn_G3(game):
    app = open_app(game)
    play_footman(app, (0, 0))
    press(app, pygame.K_e)
    assert app.ui.screen == "pass" and app.ui.viewer == "Bo"
    click(app, (640, 360))
    ended = game.to_state()
    ctrl_z(app)
    assert app.game is game and game.to_state() == ended
    assert game.view()["active"] == "Bo" and game.view()["cards"]["foot"]["pos"] == [0, 0]
    assert app.ui.banner.startswith("Nothing to undo") and app.ui.banner_is_error


def test_undo_button_is_greyed_out_until_there_is_something_to_undo(game):
    app = open_app(game)
    assert undo_button_fill(app) == BUTTON_OFF
    click(app, zone_center(app, ("button", "undo")))
    assert app.ui.banner.startswith("Nothing to undo")
    play_footman(app, (0, 0))
    assert undo_button_fill(app) == BUTTON
    click(app, zone_center(app, ("button", "undo")))
    assert "foot" in app.game.view()["players"]["Ada"]["hand"]
    assert undo_button_fill(app) == BUTTON_OFF
