"""Details of the window: long menus in columns, choices framed on the board, big hands,
distinct player names, tooltips off the play screen, marker sizes, and a quiet, clear `countertop play`."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from game.core.constants import STATUSES
from game.ui import app as app_module
from game.ui.action_menu import ActionMenu
from game.ui.app import App
from game.ui.choice_dialog import CHOICE_HIGHLIGHT
from game.ui.layout import Layout, overlaps
from game.ui.state import Menu
from tests.ui.driver import visible_point
from tests.ui.fake import FakeGame, busy_game
from tests.ui.helpers import LAYOUT, click, hover, open_app, pixel, press, square_center, zone_center

SHOVE = """
players = ["Ada", "Bo"]
[[card]]
ref = "adept"
name = "Venom Adept"
owner = "Ada"
zone = "board"
pos = [3, 1]
[[card]]
ref = "guard"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [3, 2]
"""

GIRLFRIEND = """
players = ["Ada", "Bo"]
[[card]]
ref = "girl"
name = "Sidelined Girlfriend"
owner = "Ada"
zone = "hand"
[[card]]
ref = "hftp"
name = "Help From the Past"
owner = "Ada"
zone = "hand"
"""


def scenario(tmp_path, text):
    from game.engine import Game

    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return Game.from_scenario(str(path))


def test_a_menu_too_long_for_the_screen_gets_columns_and_stays_on_screen():
    app = open_app(FakeGame())
    moves = [{"act": "move", "card": "monk", "to": [x, y]} for x in range(7) for y in range(5)]
    app.push(ActionMenu(app.top, Menu(moves, (1200, 700))))
    app.step()
    menus = [rect for rect, key in app.zones if key[0] == "menu"]
    assert len(menus) == 35
    assert all(x >= 0 and x + w <= 1280 and y >= 0 and y + h <= 720 for x, y, w, h in menus)
    assert len({x for x, _, _, _ in menus}) == 2


def fake_with_a_board_choice() -> FakeGame:
    game = FakeGame()
    game.state["pending"] = {"player": "Ada", "prompt": "Choose a character", "options": ["guard", "golem", "no"]}
    return game


def test_a_pending_choice_frames_the_cards_it_names_and_the_dialog_hides_none_of_them():
    app = open_app(fake_with_a_board_choice())
    dialog = [rect for rect, key in app.zones if key[0] == "choose"]
    for square in ((3, 2), (3, 3)):
        cell = LAYOUT.square_rect(*square)
        assert pixel(app, (cell[0] + 1, cell[1] + cell[3] // 2)) == CHOICE_HIGHLIGHT
        assert not any(overlaps(cell, rect) for rect in dialog)
    monk = LAYOUT.square_rect(3, 1)
    assert pixel(app, (monk[0] + 1, monk[1] + monk[3] // 2)) != CHOICE_HIGHLIGHT


def test_clicking_a_framed_card_answers_the_choice():
    game = fake_with_a_board_choice()
    app = open_app(game)
    click(app, square_center(3, 3))
    assert game.acted == [{"act": "choose", "option": "golem"}]
    assert game.state["pending"] is None


def test_a_choice_of_a_card_in_hand_frames_it_and_a_click_on_it_answers_ST15(tmp_path):
    game = scenario(tmp_path, GIRLFRIEND)
    app = open_app(game)
    click(app, visible_point(app, ("card", "girl")))
    click(app, square_center(0, 0))
    assert game.view()["pending"]["options"] == ["hftp", "no"]
    app.motion.glides.clear()  # the played card flying from the slot hftp has just closed up into
    app.step()
    x, y, w, h = next(rect for rect, key in app.zones if key == ("card", "hftp"))
    assert pixel(app, (x + 1, y + h // 2)) == CHOICE_HIGHLIGHT
    click(app, visible_point(app, ("card", "hftp")))
    card = game.view()["cards"]["hftp"]
    assert card["zone"] == "stasis" and card["stasis_counters"] == 2


@pytest.mark.parametrize("count", [10, 12, 14])
def test_a_big_hand_is_shrunk_so_every_card_shows(count):
    rects = [LAYOUT.hand_card_rect(i, count) for i in range(count)]
    x, _, w, _ = Layout().hand
    assert rects[-1][0] + rects[-1][2] <= x + w
    if count <= 12:
        assert not any(overlaps(a, b) for a, b in zip(rects, rects[1:], strict=False))
    assert min(rect[2] for rect in rects) >= Layout().hand_card_min_w


def test_twelve_cards_in_hand_can_each_be_clicked():
    game = FakeGame()
    extra = [f"w{i}" for i in range(10)]
    for ref in extra:
        game.state["cards"][ref] = dict(game.state["cards"]["omen"], name=f"Omen {ref}")
    game.state["players"]["Ada"]["hand"] += extra
    app = open_app(game)
    hand = game.state["players"]["Ada"]["hand"]
    assert len(hand) == 12
    for index, ref in enumerate(hand):
        rx, ry, w, h = LAYOUT.hand_card_rect(index, len(hand))
        hover(app, (rx + w // 2, ry + h // 2))
        assert app.tooltip[0].startswith(game.state["cards"][ref]["name"])


def test_eleven_statuses_keep_readable_icons_and_the_dice_leave_the_legend_alone():
    app = open_app(busy_game())
    sizes = [rect[2] for rect, key in app.zones if key[0] == "status" and key[1] == "guard"]
    assert len(sizes) == len(STATUSES) and min(sizes) >= 12, "every marker on one card: it takes its whole square"
    monk = [rect[2] for rect, key in app.zones if key[0] == "status" and key[1] == "monk"]
    assert len(monk) == 3 and min(monk) >= 20, "a few statuses get big icons"
    assert not overlaps(Layout().dice, Layout().message_strip)


def type_name(app, index, name):
    click(app, zone_center(app, ("field", f"name{index}")))
    for _ in range(16):
        press(app, pygame.K_BACKSPACE)
    for letter in name:
        press(app, pygame.K_a, unicode=letter)


def test_two_players_with_one_name_are_refused_with_a_message():
    app = App()
    app.step()
    type_name(app, 1, "ada")
    click(app, zone_center(app, ("button", "start")))
    assert app.game is None and app.ui.screen == "new_game"
    assert "different name" in app.ui.banner
    type_name(app, 1, "Bea")
    assert app.ui.banner == ""
    click(app, zone_center(app, ("button", "start")))
    assert app.game is not None and app.game.view()["players_order"] == ["Ada", "Bea"]


def test_hovering_a_deck_on_the_new_game_screen_lists_its_cards():
    app = App()
    app.step()
    hover(app, zone_center(app, ("deck", 0)))
    assert app.tooltip and "standard deck" in app.tooltip[0]
    assert any("×" in line for line in app.tooltip)


def test_an_idle_window_sleeps_in_event_wait_and_draws_nothing(monkeypatch):
    app = App(FakeGame())
    waits: list[int] = []
    frames: list[int] = []
    idle = 5

    def wait(timeout: int = 0) -> pygame.event.Event:
        waits.append(timeout)
        if len(waits) > idle:
            return pygame.event.Event(pygame.QUIT)
        return pygame.event.Event(pygame.NOEVENT)

    monkeypatch.setattr(pygame.event, "wait", wait)
    monkeypatch.setattr(app, "draw", lambda: frames.append(1))
    app.run()
    assert len(waits) == idle + 1 and all(timeout == app_module.IDLE_WAIT_MS > 0 for timeout in waits)
    assert len(frames) == 1, "only the first frame is drawn while nothing happens"


@pytest.mark.parametrize(
    "env",
    [
        {"SDL_VIDEODRIVER": "nosuchdriver"},
        {"SDL_VIDEODRIVER": "", "DISPLAY": "", "WAYLAND_DISPLAY": ""},
    ],
)
def test_play_without_a_display_fails_with_one_clear_line(env, tmp_path):
    if env.get("SDL_VIDEODRIVER") == "" and not sys.platform.startswith("linux"):
        pytest.skip("the missing-DISPLAY check is for Linux")
    environ = {**os.environ, "COUNTERTOP_HOME": str(tmp_path), **env}
    environ = {key: value for key, value in environ.items() if value != ""}
    done = subprocess.run(
        [sys.executable, "-m", "game", "play"], env=environ, capture_output=True, text=True, timeout=60
    )
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert len(lines) == 1 and lines[0].startswith("countertop: can't open a window:")
