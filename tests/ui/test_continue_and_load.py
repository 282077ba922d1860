"""Issue 32 item 1: Continue (the last game) and Load (a list of saves with date, players, turn and VP) on the
new-game screen, by posted events; play goes on exactly, undo history and bot seats too; Ctrl+S says where."""

from __future__ import annotations

import os

import pygame

from game.bots.determinize import Observation
from game.bots.simple import GreedyBot
from game.engine import Game
from game.ui.app import App
from game.ui.seats import Seats
from game.ui.session import autosave_path, saves_folder
from tests.ui.bot_clock import Clock, play_until_person
from tests.ui.driver import perform
from tests.ui.helpers import click, open_app, press, zone_center


def new_game_app() -> App:
    """The window as it opens with no game: the new-game screen."""
    app = App()
    app.step()
    return app


def quit_window(app: App) -> None:
    """Close the window (the game goes to the autosave)."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert not app.running


def test_continue_goes_on_with_the_game_its_undo_history_and_its_bot_seat() -> None:
    game = Game.new(["Ada", "Bo"], seed=11)
    clock = Clock()
    app = App(game, seats=Seats({"Bo": "greedy"}, seed=11))
    app.clock = clock
    app.step()
    click(app, (640, 360))
    person = GreedyBot(5)
    for _ in range(3):  # the person's first actions, then the bot's turn, then the person again
        perform(app, person.choose(Observation.of(game)))
        play_until_person(app, clock)
    perform(app, person.choose(Observation.of(game)))
    state, undo = game.to_state(), [step.action for step in app.play.undo.steps]
    assert undo, "the person's last action can be undone"
    quit_window(app)

    again = new_game_app()
    turn, vp = state["turn"]["turn"], {p["name"]: p["vp"] for p in state["players"]}
    assert again.last_game() is not None and again.last_game().path == autosave_path()
    assert again.last_game().summary() == f"Ada {vp['Ada']} VP · Bo (Bot: normal) {vp['Bo']} VP · turn {turn}"
    click(again, zone_center(again, ("button", "continue")))
    assert again.game is not None and again.game.to_state() == state
    assert [step.action for step in again.play.undo.steps] == undo
    assert again.seats.specs == {"Bo": "greedy"} and again.seats.is_bot("Bo")
    assert again.ui.screen == "pass" and again.ui.viewer == "Ada"
    click(again, (640, 360))
    press(again, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert again.ui.banner.startswith("Undid: ")


def test_load_lists_every_save_with_date_players_turn_and_vp_and_opens_the_one_clicked(countertop_home) -> None:
    game = Game.new(["Ada", "Bo"], seed=4)
    app = open_app(game)
    press(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    first = game.to_state()
    (older,) = saves_folder().iterdir()
    os.utime(older, (1_700_000_000, 1_700_000_000))  # written earlier: listed second
    press(app, pygame.K_e)  # End turn: Bo's turn 2, behind the pass screen
    click(app, (640, 360))
    press(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    newer = next(path for path in saves_folder().iterdir() if path != older)
    assert app.ui.banner == f"Saved to {newer}. Continue or Load on the new-game screen finds it."
    quit_window(app)

    again = new_game_app()
    click(again, zone_center(again, ("button", "load")))
    assert again.listing is not None
    rows = [(info.path, info.summary()) for info in again.listing.games]
    assert rows[-1] == (older, "Ada 0 VP · Bo 1 VP · turn 1")
    assert {path for path, _ in rows} == {autosave_path(), newer, older}
    assert [key for _, key in again.zones if key[0] == "game"] == [("game", 0), ("game", 1), ("game", 2)]
    assert again.listing.games[-1].date().startswith("2023-11-1")
    click(again, zone_center(again, ("game", 2)))
    assert again.listing is None and again.game is not None and again.game.to_state() == first


def test_loading_another_save_keeps_the_autosaved_game_among_the_saves() -> None:
    game = Game.new(["Ada", "Bo"], seed=4)
    app = open_app(game)
    press(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    (saved,) = saves_folder().iterdir()
    press(app, pygame.K_e)
    autosaved = game.to_state()
    quit_window(app)
    again = new_game_app()
    click(again, zone_center(again, ("button", "load")))
    index = next(i for i, info in enumerate(again.listing.games) if info.path == saved)
    click(again, zone_center(again, ("game", index)))
    assert not autosave_path().exists()
    kept = [path for path in saves_folder().iterdir() if path.name.startswith("autosave-")]
    assert len(kept) == 1 and Game.load(str(kept[0])).to_state() == autosaved


def test_a_damaged_save_is_listed_with_why_and_opening_it_changes_nothing() -> None:
    saves_folder().mkdir(parents=True)
    (saves_folder() / "broken.json").write_text("{not json", encoding="utf-8")
    app = new_game_app()
    assert app.last_game() is None and ("button", "continue") not in [key for _, key in app.zones]
    click(app, zone_center(app, ("button", "load")))
    assert app.listing.games[0].summary() == "can't be read: not JSON (JSONDecodeError)"
    click(app, zone_center(app, ("game", 0)))
    assert app.game is None and app.listing is not None and app.ui.banner_is_error
    assert app.ui.banner == "Can't open broken.json: not JSON (JSONDecodeError)"
    press(app, pygame.K_ESCAPE)
    assert app.listing is None and app.ui.screen == "new_game"


def test_with_no_saves_the_load_list_says_how_to_make_one() -> None:
    app = new_game_app()
    click(app, zone_center(app, ("button", "load")))
    assert app.listing is not None and app.listing.games == []
    click(app, zone_center(app, ("button", "close_list")))
    assert app.listing is None
