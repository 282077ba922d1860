"""Issue 43: the action menu and the choice dialog are overlays on the window's stack, each with its own input and
drawing, driven here by real pygame events; issue 45: the legend's columns follow the status table's length."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.core.statuses import TABLE
from game.ui import icons, legend
from game.ui.action_menu import ActionMenu
from game.ui.app import App
from game.ui.choice_dialog import ChoiceDialog
from game.ui.draw import CHOICE_HIGHLIGHT, SELECTED
from game.ui.layout import overlaps
from game.ui.table_screens import Legend, Table
from tests.ui.drawn import record
from tests.ui.fake import FakeGame
from tests.ui.helpers import LAYOUT, click, hover, open_app, pixel, press, square_center, zone_center
from tests.ui.test_window_details import SHOVE, scenario


def kinds(app: App) -> list[type]:
    """The classes of the screens on the stack, bottom first."""
    return [type(screen) for screen in app.stack]


def zones_of(app: App, kind: str) -> list[tuple[tuple[int, int, int, int], tuple]]:
    """The zones of the last frame whose key starts with kind."""
    return [zone for zone in app.zones if zone[1][0] == kind]


def test_the_action_menu_is_an_overlay_with_its_own_clicks_and_drawing(tmp_path, monkeypatch):
    game = scenario(tmp_path, SHOVE)
    app = open_app(game)
    drawn = record(monkeypatch)
    click(app, square_center(3, 1))
    click(app, square_center(3, 2))
    assert kinds(app) == [Table, ActionMenu] and app.ui.menu is app.top.menu
    lines = zones_of(app, "menu")
    assert [key for _, key in lines] == [("menu", 0), ("menu", 1), ("menu", 2)]
    assert "Standard Attack on Footman (Bo)" in drawn.words
    x, y, w, h = lines[0][0]
    assert pixel(app, (x - 4, y + h // 2)) == SELECTED, "the menu's frame"
    press(app, pygame.K_l)
    assert kinds(app) == [Table, ActionMenu, Legend], "the legend opens over the menu"
    assert app.top.below is app.stack[1]
    press(app, pygame.K_ESCAPE)
    assert kinds(app) == [Table, ActionMenu] and zones_of(app, "menu"), "the menu shows again"
    press(app, pygame.K_ESCAPE)
    assert kinds(app) == [Table] and app.ui.selection is None and not zones_of(app, "menu")
    click(app, square_center(3, 1))
    click(app, square_center(3, 2))
    click(app, zone_center(app, ("menu", 0)))
    assert kinds(app) == [Table] and app.ui.menu is None
    assert any(entry["type"] == "AttackDeclared" for entry in game.view()["log"])


def test_a_click_off_the_menu_closes_it_and_goes_to_the_table(tmp_path):
    app = open_app(scenario(tmp_path, SHOVE))
    click(app, square_center(3, 1))
    click(app, square_center(3, 2))
    assert isinstance(app.top, ActionMenu)
    click(app, square_center(0, 4))
    assert kinds(app) == [Table] and app.ui.selection is None and not zones_of(app, "menu")


def a_board_choice() -> FakeGame:
    game = FakeGame()
    game.state["pending"] = {"player": "Ada", "prompt": "Choose a character", "options": ["guard", "golem", "no"]}
    return game


def test_the_choice_dialog_is_an_overlay_that_follows_the_game(monkeypatch):
    game = a_board_choice()
    drawn = record(monkeypatch)
    app = open_app(game)
    assert kinds(app) == [Table, ChoiceDialog]
    assert "Choose a character" in drawn.words
    buttons = zones_of(app, "choose")
    assert [key for _, key in buttons] == [("choose", 0), ("choose", 1), ("choose", 2)]
    guard = LAYOUT.square_rect(3, 2)
    inner = (guard[0] + guard[2] // 2, guard[1] + 8)
    before = pixel(app, inner)
    hover(app, zone_center(app, ("choose", 0)))
    assert pixel(app, inner) != before, "hovering the Footman's button fills its square"
    assert pixel(app, (guard[0] + 1, guard[1] + guard[3] // 2)) == CHOICE_HIGHLIGHT
    press(app, pygame.K_l)
    assert kinds(app) == [Table, ChoiceDialog, Legend], "the legend opens over the dialog"
    click(app, (640, 360))
    assert kinds(app) == [Table, ChoiceDialog]
    click(app, zone_center(app, ("choose", 2)))
    assert game.acted == [{"act": "choose", "option": "no"}]
    assert kinds(app) == [Table] and not zones_of(app, "choose"), "answered: the dialog is gone"


def test_a_choice_that_comes_while_the_legend_shows_goes_under_it():
    game = FakeGame()
    app = open_app(game)
    press(app, pygame.K_l)
    game.state["pending"] = {"player": "Ada", "prompt": "Choose a character", "options": ["guard", "golem"]}
    app.cached = None  # the game changed under the window, as a bot's move changes it
    app.step()
    assert kinds(app) == [Table, ChoiceDialog, Legend]
    assert app.top.below is app.stack[1] and app.stack[1].below is app.stack[0]
    game.state["pending"] = None
    app.cached = None
    app.step()
    assert kinds(app) == [Table, Legend] and app.top.below is app.stack[0]


def extra_statuses(count: int) -> tuple:
    """The status table with count more statuses, each drawn like Blind."""
    extra = tuple(dataclasses.replace(TABLE[0], name=f"Extra{n}", rules=(f"SE-{12 + n}",),
                                      short="a made-up status whose words run on for a good while, to wrap twice")
                  for n in range(count))
    return TABLE + extra


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
@pytest.mark.parametrize("more", [0, 1, 2])
def test_the_legend_fits_a_twelfth_and_thirteenth_status_45(monkeypatch, size, more):
    table = extra_statuses(more)
    monkeypatch.setattr(legend, "TABLE", table)
    monkeypatch.setattr(icons, "BY_NAME", {status.name: status for status in table})
    app = App(FakeGame(), size)
    app.step()
    click(app, (size[0] // 2, size[1] // 2))
    press(app, pygame.K_l)
    rows = [rect for rect, key in app.zones if key[0] == "legend_row"]
    assert len(rows) == len(table) + len(legend.MARKS) + 1, "every status, every other marker and the stone"
    assert all(x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1] for x, y, w, h in rows)
    box = next(rect for rect, key in app.zones if key == ("legend",))
    assert all(overlaps(row, box) and row[1] + row[3] <= box[1] + box[3] for row in rows)
    clashes = [(a, b) for i, a in enumerate(rows) for b in rows[i + 1 :] if overlaps(a, b)]
    assert clashes == []
