"""Issue 32 items 2 and 10: squares are chosen on the board (a shove's destinations light up, the path shows
on hover, a click picks it), menus hold only choices that are not squares and never name a coordinate, and
two lines for two different cards never read the same."""

from __future__ import annotations

import re

from game.ui import labels
from game.ui.layout import overlaps
from game.ui.renderer import MOVE_HIGHLIGHT, SELECTED
from tests.ui.fake import FakeGame, character
from tests.ui.helpers import click, hover, open_app, pixel, square_center, zone_center
from tests.ui.test_window_details import SHOVE

COORDINATE = re.compile(r"\d\s*,\s*\d|\[\d")


def scenario(tmp_path, text):
    from game.engine import Game

    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return Game.from_scenario(str(path))


def menu_lines(app) -> list[str]:
    """The labels of the open menu, as drawn."""
    view = app.game.view("Ada")
    lines = labels.distinct_labels(view, app.ui.menu.actions)
    for index, group in app.ui.menu.groups.items():
        lines[index] = labels.group_label(view, group)
    return lines


def open_shove(tmp_path):
    """Venom Adept selected, Footman clicked, the Shove line of the menu picked."""
    game = scenario(tmp_path, SHOVE)
    app = open_app(game)
    click(app, square_center(3, 1))
    click(app, square_center(3, 2))
    lines = menu_lines(app)
    assert lines == [
        "Standard Attack on Footman (Bo)",
        "Envenom on Footman (Bo) · 1 stone",
        "Shove on Footman (Bo) · 1 stone · then click where on the board",
    ]
    menu = [rect for rect, key in app.zones if key[0] == "menu"]
    lit = [app.renderer.layout.square_rect(*square) for square in [*app.ui.selection.squares(), (3, 2), (3, 1)]]
    assert not any(overlaps(line, square) for line in menu for square in lit), "the menu hides nothing lit"
    click(app, zone_center(app, ("menu", 2)))
    return game, app


def test_a_shove_lights_its_destinations_shows_the_path_on_hover_and_a_click_picks_it_SE6(tmp_path):
    game, app = open_shove(tmp_path)
    assert app.ui.menu is None and app.ui.selection.target == "guard"
    lit = {(2, 2), (4, 2), (3, 3), (5, 2), (4, 3), (4, 1), (1, 2), (2, 3), (2, 1), (3, 4)}
    assert app.ui.selection.squares() == lit
    corner = app.renderer.layout.square_rect(3, 4)
    assert pixel(app, (corner[0] + 1, corner[1] + corner[3] // 2)) == MOVE_HIGHLIGHT
    assert pixel(app, square_center(3, 3)) != SELECTED
    hover(app, square_center(3, 4))
    assert pixel(app, square_center(3, 3)) == SELECTED, "the via square is drawn on the path"
    assert "hover shows the path" in app.renderer.hint(app.game.view("Ada"), app.ui)
    click(app, square_center(3, 4))
    assert game.table.history[-1] == {
        "act": "ability", "card": "adept", "ability": "Shove", "target": "guard", "path": [[3, 3], [3, 4]]
    }
    assert game.view()["cards"]["guard"]["pos"] == [3, 4]


def test_an_end_two_paths_reach_asks_for_the_square_to_pass_through_SE6(tmp_path):
    game, app = open_shove(tmp_path)
    click(app, square_center(4, 3))
    assert app.ui.selection.end == (4, 3) and app.ui.selection.squares() == {(4, 2), (3, 3)}
    assert app.ui.menu is None
    hover(app, square_center(4, 2))
    assert pixel(app, square_center(4, 2)) == SELECTED
    click(app, square_center(4, 2))
    assert game.table.history[-1]["path"] == [[4, 2], [4, 3]]


def test_no_menu_line_or_hint_names_a_coordinate(tmp_path):
    game, app = open_shove(tmp_path)
    click(app, square_center(4, 3))
    view = game.view("Ada")
    assert not COORDINATE.search(app.renderer.hint(view, app.ui))
    for action in game.legal_actions():
        assert not COORDINATE.search(labels.action_label(view, action)), action


def two_footmen_choice() -> FakeGame:
    game = FakeGame()
    game.state["cards"]["guard2"] = character("Footman", "Bo", [4, 2], tapped=True)
    game.state["cards"]["guard2"]["hp"] = 3
    game.state["pending"] = {"player": "Ada", "prompt": "Choose a character", "options": ["guard", "guard2"]}
    return game


def test_two_lines_for_two_cards_of_one_name_differ():
    app = open_app(two_footmen_choice())
    view = app.game.view("Ada")
    shown = labels.distinct_labels(view, app.game.legal_actions())
    assert shown == ["Footman (Bo) (on the board, HP 5/5)", "Footman (Bo) (on the board, tapped, HP 3/5)"]
    buttons = [key for _, key in app.zones if key[0] == "choose"]
    assert buttons == [("choose", 0), ("choose", 1)]
    click(app, zone_center(app, ("choose", 1)))
    assert app.game.acted == [{"act": "choose", "option": "guard2"}]


def test_cards_that_look_alike_are_told_apart_by_their_place_in_reading_order():
    game = two_footmen_choice()
    game.state["cards"]["guard2"].update(tapped=False, hp=5)
    view = game.view("Ada")
    assert labels.distinct_labels(view, game.legal_actions()) == [
        "Footman (Bo) (on the board, HP 5/5) · 1 of 2 from the top left",
        "Footman (Bo) (on the board, HP 5/5) · 2 of 2 from the top left",
    ]


def test_a_choice_of_squares_frames_them_and_has_no_button_naming_one():
    game = FakeGame()
    game.state["pending"] = {"player": "Ada", "prompt": "Choose where it lands", "options": [[0, 2], [1, 2]]}
    app = open_app(game)
    assert not [key for _, key in app.zones if key[0] == "choose"]
    click(app, square_center(1, 2))
    assert game.acted == [{"act": "choose", "option": [1, 2]}]


def test_look_alike_cards_in_hand_are_told_apart_by_their_place_in_hand():
    game = FakeGame()
    game.state["players"]["Ada"]["hand"] = ["foot", "omen", "omen2"]
    game.state["cards"]["omen2"] = dict(game.state["cards"]["omen"])
    game.state["pending"] = {"player": "Ada", "prompt": "Choose a card", "options": ["omen", "omen2", "no"]}
    app = open_app(game)
    view = app.game.view("Ada")
    assert labels.distinct_labels(view, app.game.legal_actions()) == [
        "Omen (Ada) (card 2 in hand)", "Omen (Ada) (card 3 in hand)", "no"
    ]
    click(app, zone_center(app, ("choose", 1)))
    assert game.acted == [{"act": "choose", "option": "omen2"}]
