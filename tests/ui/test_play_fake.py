"""Playing through the window against a stand-in engine: real pygame events in, game state and pixels out."""

from __future__ import annotations

import pygame

from game.ui import log_words
from game.ui.renderer import ATTACK_HIGHLIGHT, DICE_BOX, ERROR, MOVE_HIGHLIGHT, SELECTED
from game.ui.screens import BACKDROP
from tests.ui.fake import FakeGame
from tests.ui.helpers import (
    LAYOUT,
    click,
    hand_card_center,
    open_app,
    pixel,
    press,
    square_center,
    zone_center,
)


def border_pixel(x: int, y: int) -> tuple[int, int]:
    """A pixel on the highlight frame of a board square."""
    rx, ry, _, h = LAYOUT.square_rect(x, y)
    return (rx + 1, ry + h // 2)


def test_play_a_minion_from_hand_to_a_highlighted_square_G4():
    game = FakeGame()
    app = open_app(game)
    click(app, hand_card_center(0, 2))
    assert app.ui.selection is not None and app.ui.selection.ref == "foot"
    assert pixel(app, border_pixel(1, 0)) == MOVE_HIGHLIGHT
    assert pixel(app, border_pixel(1, 1)) != MOVE_HIGHLIGHT
    click(app, square_center(1, 0))
    assert game.state["cards"]["foot"]["pos"] == [1, 0]
    assert game.state["cards"]["foot"]["tapped"] is True
    assert game.acted == [{"act": "play", "card": "foot", "to": [1, 0]}]
    assert app.ui.selection is None


def test_select_a_character_shows_moves_and_attacks_then_moves_it_G5():
    game = FakeGame()
    app = open_app(game)
    click(app, square_center(3, 1))
    assert pixel(app, border_pixel(3, 2)) == ATTACK_HIGHLIGHT
    assert pixel(app, border_pixel(4, 1)) == MOVE_HIGHLIGHT
    rx, ry, _, _ = LAYOUT.square_rect(3, 1)
    assert pixel(app, (rx + 1, ry + 1)) == SELECTED
    click(app, square_center(4, 1))
    assert game.state["cards"]["monk"]["pos"] == [4, 1]


def test_attack_shows_damage_dice_and_log_G6():
    game = FakeGame()
    app = open_app(game)
    click(app, square_center(3, 1))
    click(app, square_center(3, 2))
    assert game.acted[-1] == {"act": "attack", "card": "monk", "target": "guard"}
    assert game.state["cards"]["guard"]["hp"] == 2
    dice_x, dice_y, dice_w, _ = LAYOUT.dice
    assert pixel(app, (dice_x + dice_w - 4, dice_y + 4)) == DICE_BOX
    view = game.view()
    assert log_words.log_sentence(view, view["log"][-1]) == "Thunder Monk (Ada) dealt 3 damage to Footman (Bo)."


def test_a_rejected_click_shows_the_engines_reason():
    game = FakeGame()
    app = open_app(game)
    click(app, square_center(3, 1))
    click(app, square_center(0, 4))
    assert "not legal here" in app.ui.banner
    strip_x, strip_y, _, _ = LAYOUT.message_strip
    assert pixel(app, (strip_x + 3, strip_y + 12)) == ERROR
    assert game.state["cards"]["monk"]["pos"] == [3, 1]


def test_esc_cancels_the_selection():
    app = open_app(FakeGame())
    click(app, square_center(3, 1))
    assert app.ui.selection is not None
    press(app, pygame.K_ESCAPE)
    assert app.ui.selection is None
    assert pixel(app, border_pixel(4, 1)) != MOVE_HIGHLIGHT


def test_end_turn_key_then_pass_the_device_hides_the_hand():
    game = FakeGame()
    app = open_app(game)
    press(app, pygame.K_e)
    assert game.state["active"] == "Bo"
    assert app.ui.screen == "pass" and app.ui.viewer == "Bo"
    assert pixel(app, hand_card_center(0, 1)) == BACKDROP
    click(app, (640, 360))
    assert app.ui.screen == "play"
    assert app.ui.mouse == (640, 360)
    assert app.renderer is not None and pixel(app, hand_card_center(0, 1))[0] > 200


def test_end_turn_button():
    game = FakeGame()
    app = open_app(game)
    click(app, zone_center(app, ("button", "end_turn")))
    assert game.state["active"] == "Bo"
    assert app.ui.screen == "pass"


def test_an_action_card_is_played_by_clicking_it_twice_then_its_choice_dialog_is_answered():
    game = FakeGame()
    app = open_app(game)
    click(app, hand_card_center(1, 2))
    assert app.ui.menu is None and app.ui.selection is not None and app.ui.selection.ref == "omen"
    assert "click Omen again" in app.renderer.hint(game.view(), app.ui)
    assert game.state["pending"] is None
    click(app, zone_center(app, ("card", "omen")))
    assert game.state["pending"] is not None
    assert ("choose", 1) in [key for _, key in app.zones]
    press(app, pygame.K_e)
    assert game.state["active"] == "Ada", "E must not end the turn while a choice waits"
    click(app, zone_center(app, ("choose", 1)))
    assert game.state["pending"] is None
    assert game.state["players"]["Ada"]["vp"] == 1


def test_play_a_card_from_stasis_ST11():
    game = FakeGame()
    app = open_app(game)
    click(app, zone_center(app, ("card", "hftp")))
    assert app.ui.menu is None and game.acted == []
    click(app, zone_center(app, ("card", "hftp")))
    assert game.acted[-1] == {"act": "play_from_stasis", "card": "hftp"}
    assert "hftp" in game.state["players"]["Ada"]["discard"]


def test_ctrl_s_saves_and_closing_the_window_autosaves(countertop_home):
    app = open_app(FakeGame())
    press(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    saves = list((countertop_home / "saves").iterdir())
    assert len(saves) == 1 and "Saved" in app.ui.banner
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.step() is False
    assert (countertop_home / "autosave.json").exists()


def test_f1_opens_and_esc_closes_the_rules():
    app = open_app(FakeGame())
    press(app, pygame.K_F1)
    assert app.ui.rules_open
    assert ("button", "close_rules") in [key for _, key in app.zones]
    press(app, pygame.K_ESCAPE)
    assert not app.ui.rules_open


def test_a_resized_window_is_laid_out_again_and_clicks_land_on_the_new_squares():
    game = FakeGame()
    app = open_app(game)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    app.step()
    assert app.window.get_size() == (1920, 1080) and app.layout.cell == 144
    x, y, w, h = app.layout.square_rect(3, 1)
    click(app, (x + w // 2, y + h // 2))
    assert app.ui.selection is not None and app.ui.selection.ref == "monk"


def test_a_window_smaller_than_960x540_is_kept_at_960x540():
    game = FakeGame()
    app = open_app(game)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=360, size=(640, 360)))
    app.step()
    assert app.window.get_size() == (960, 540) and app.layout.cell == 72


def test_game_over_screen_shows_scores_and_offers_a_new_game():
    game = FakeGame()
    game.state.update(winner="Ada", phase="over")
    game.state["players"]["Ada"]["vp"] = 11
    app = open_app_over(game)
    assert app.ui.screen == "over"
    click(app, zone_center(app, ("button", "new_game")))
    assert app.ui.screen == "new_game"


def open_app_over(game):
    """An App on a finished game."""
    from game.ui.app import App

    app = App(game)
    app.step()
    return app
