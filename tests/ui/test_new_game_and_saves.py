"""The new-game screen and saves: a fresh seed every game, names remembered, deck names, a question before
the autosaved game is replaced, undo history kept in the save, and a load command that works."""

from __future__ import annotations

import json

import pygame
import pytest

from game.ui import saves
from game.ui.app import App
from tests.ui.fake import FakeGame
from tests.ui.helpers import click, open_app, press, zone_center
from tests.ui.test_play_engine import engine_has_cards

engine = pytest.mark.skipif(not engine_has_cards(), reason="the engine's card files are not there yet")


def new_game_app() -> App:
    app = App()
    app.step()
    return app


@engine
def test_a_seed_given_on_the_command_line_fills_the_seed_box_and_deals_that_game():
    """`countertop play --seed N` opens the new-game screen with N in the seed box; Start deals game N."""
    app = App(seed=4242)
    app.step()
    assert app.ui.setup["seed"] == "4242"
    click(app, zone_center(app, ("button", "start")))
    assert app.game is not None and app.game.view()["seed"] == 4242


@engine
def test_two_new_games_get_different_random_seeds_shown_in_the_log_title():
    first, second = new_game_app(), new_game_app()
    seeds = {first.ui.setup["seed"], second.ui.setup["seed"]}
    assert len(seeds) == 2 and all(seed.isdigit() for seed in seeds)
    wanted = int(first.ui.setup["seed"])
    click(first, zone_center(first, ("button", "start")))
    assert first.game is not None and first.game.view()["seed"] == wanted
    assert first.game.to_state()["dice"]["seed"] == wanted
    assert first.ui.setup["seed"] != str(wanted), "the next game gets a new seed"


@engine
def test_the_names_typed_last_time_come_back(countertop_home):
    app = new_game_app()
    click(app, zone_center(app, ("count", 3)))
    click(app, zone_center(app, ("field", "name0")))
    for _ in range(3):
        press(app, pygame.K_BACKSPACE)
    for letter in "Zed":
        press(app, pygame.K_a, unicode=letter)
    click(app, zone_center(app, ("button", "start")))
    assert json.loads((countertop_home / "saves" / "last_names.json").read_text()) == ["Zed", "Bo", "Cy"]
    again = new_game_app()
    assert again.ui.setup["count"] == 3 and again.ui.setup["names"][:3] == ["Zed", "Bo", "Cy"]


def test_a_malformed_names_file_is_ignored(countertop_home):
    (countertop_home / "saves").mkdir(parents=True)
    (countertop_home / "saves" / "last_names.json").write_text('["Ada", 7]')
    assert new_game_app().ui.setup["names"][:2] == ["Ada", "Bo"]


def test_deck_buttons_show_deck_names_not_file_keys():
    app = new_game_app()
    click(app, zone_center(app, ("deck", 0)))
    key = app.ui.setup["decks"][0]
    from game.io.setup import standard_decks

    assert app.titles is not None and app.titles[key] == standard_decks()[key].name
    assert "_" not in app.titles[key]


@engine
def test_starting_a_new_game_over_an_autosave_asks_first(countertop_home):
    countertop_home.mkdir(parents=True, exist_ok=True)
    autosave = countertop_home / "autosave.json"
    play = open_app(FakeGame())
    play.save_to(autosave)
    app = new_game_app()
    click(app, zone_center(app, ("button", "start")))
    assert app.game is None and app.ui.confirm == "replace"
    assert ("button", "replace") in {key for _, key in app.zones}
    dialog = next(rect for rect, key in app.zones if key == ("dialog",))
    chip = next(rect for rect, key in app.zones if key == ("seat", 0))
    under = (dialog[0] + dialog[2] - 5, chip[1] + chip[3] // 2)
    assert chip[0] < under[0] < chip[0] + chip[2], "the seat chip reaches under the question"
    assert app.window.get_at(under) == app.window.get_at((dialog[0] + 5, under[1])), "the question is on top"
    click(app, zone_center(app, ("button", "keep")))
    assert app.ui.confirm is None and autosave.exists()
    click(app, zone_center(app, ("button", "start")))
    click(app, zone_center(app, ("button", "replace")))
    assert app.game is not None and not autosave.exists()


@engine
def test_a_bad_autosave_is_not_continued_and_is_named_in_the_load_list(countertop_home):
    countertop_home.mkdir(parents=True, exist_ok=True)
    (countertop_home / "autosave.json").write_text('{"version": 999}')
    app = new_game_app()
    assert ("button", "continue") not in [key for _, key in app.zones]
    click(app, zone_center(app, ("button", "load")))
    assert app.listing is not None and app.listing.games[0].summary() == (
        "can't be read: not a Countertop save (no players, turn or VP)")
    click(app, zone_center(app, ("game", 0)))
    assert app.game is None and app.ui.screen == "new_game" and app.ui.banner_is_error
    assert app.ui.banner == "Can't open autosave.json: not a Countertop save (no players, turn or VP)"


def test_ctrl_s_says_where_it_saved_and_that_continue_finds_it(countertop_home):
    app = open_app(FakeGame())
    press(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    (path,) = list((countertop_home / "saves").iterdir())
    assert app.ui.banner == f"Saved to {path}. Continue or Load on the new-game screen finds it."


@engine
def test_the_undo_history_survives_closing_and_continuing(countertop_home, tmp_path):
    from game.engine import Game
    from tests.ui.test_play_engine import SCENARIO

    table = tmp_path / "table.toml"
    table.write_text(SCENARIO, encoding="utf-8")
    app = open_app(Game.from_scenario(str(table)))
    click(app, zone_center(app, ("card", "foot")))
    from tests.ui.helpers import square_center

    click(app, square_center(0, 0))
    assert app.game.view()["cards"]["foot"]["zone"] == "board"
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    saved = json.loads((countertop_home / "autosave.json").read_text())
    assert set(saved["ui"]) == {"undo"} and len(saved["ui"]["undo"]["steps"]) == 1
    assert saved["ui"]["undo"]["steps"][0]["action"] == {"act": "play", "card": "foot", "to": [0, 0]}
    again = new_game_app()
    click(again, zone_center(again, ("button", "continue")))
    click(again, (640, 360))
    press(again, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert again.game.view()["cards"]["foot"]["zone"] == "hand"
    assert again.ui.banner.startswith("Undid: Play Footman")


def test_undo_from_a_save_with_a_bad_ui_part_is_empty(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"version": 1, "ui": {"undo": {"steps": [{"state": 3}]}}}))
    assert saves.undo_from(path).steps == []


@engine
def test_a_damaged_undo_step_from_a_save_is_refused_on_screen(tmp_path):
    from game.engine import Game
    from game.ui.undo import Step, UndoHistory
    from tests.ui.test_play_engine import SCENARIO

    table = tmp_path / "table.toml"
    table.write_text(SCENARIO, encoding="utf-8")
    game = Game.from_scenario(str(table))
    app = App(game, undo=UndoHistory([Step({"version": 999}, {"act": "end_turn"})]))
    app.step()
    click(app, (640, 360))
    press(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert app.game is game and app.ui.banner_is_error
    assert app.ui.banner.startswith("Can't undo: the undo history kept in the save is damaged")
