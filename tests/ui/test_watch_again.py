"""Issue 32 beyond: "Watch this game" on the game-over screen and the Watch list on the new-game screen open the
replay timeline in the window, at any turn and from each player's view; Esc comes back. By posted events."""

from __future__ import annotations

import pygame

from game.engine import Game
from game.ui.app import App
from game.ui.seats import Seats
from game.ui.session import finished_folder, saves_folder
from tests.ui.bot_clock import Clock, play_until_person
from tests.ui.helpers import click, open_app, press, zone_center


def finished_game() -> App:
    """Two normal bots play a whole game in the window, fast; the window ends on the game-over screen."""
    game = Game.new(["Ada", "Bo"], seed=5)
    clock = Clock()
    app = App(game, seats=Seats({"Ada": "greedy", "Bo": "greedy"}, seed=5, fast=True))
    app.clock = clock
    play_until_person(app, clock)
    assert app.ui.screen == "over" and game.view()["winner"] is not None
    return app


def test_watch_this_game_opens_its_timeline_at_any_turn_and_each_view_and_esc_comes_back() -> None:
    app = finished_game()
    history = list(app.game.to_state()["history"])
    (kept,) = finished_folder().iterdir()
    assert app.kept == kept
    click(app, zone_center(app, ("button", "watch")))
    replay = app.replay
    assert replay is not None and replay.timeline.steps == len(history) and replay.at == 0
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_PAGEDOWN)
    assert replay.at == replay.timeline.turn_starts[2] and replay.timeline.turn_of(replay.at) == 3
    press(app, pygame.K_v)
    assert replay.viewer == "Ada" and replay.view == replay.game.view("Ada")
    press(app, pygame.K_v)
    assert replay.viewer == "Bo"
    press(app, pygame.K_END)
    assert replay.at == len(history) and replay.view["winner"] == app.game.view()["winner"]
    press(app, pygame.K_ESCAPE)
    assert app.replay is None and app.ui.screen == "over"
    assert ("button", "watch") in [key for _, key in app.zones]


def test_the_watch_list_offers_finished_and_saved_games() -> None:
    app = finished_game()
    click(app, zone_center(app, ("button", "new_game")))
    saver = open_app(Game.new(["Cy", "Di"], seed=2))
    press(saver, pygame.K_s, mod=pygame.KMOD_LCTRL)
    (saved,) = saves_folder().iterdir()
    click(app, zone_center(app, ("button", "watch")))
    assert app.listing is not None and app.listing.kind == "watch"
    listed = {info.path: info.summary() for info in app.listing.games}
    (kept,) = finished_folder().iterdir()
    winner = app.listing.games[[info.path for info in app.listing.games].index(kept)].winner
    assert listed[kept].endswith(f"won by {winner}") and listed[saved] == "Cy 0 VP · Di 1 VP · turn 1"
    index = [info.path for info in app.listing.games].index(saved)
    click(app, zone_center(app, ("game", index)))
    assert app.listing is None and app.replay is not None and app.replay.timeline.steps == 0
    press(app, pygame.K_ESCAPE)
    assert app.replay is None and app.ui.screen == "new_game"


def test_continue_here_in_a_watched_game_plays_on_in_the_same_window() -> None:
    app = finished_game()
    click(app, zone_center(app, ("button", "watch")))
    press(app, pygame.K_PAGEDOWN)
    replay = app.replay
    assert replay is not None and replay.at > 0
    wanted = replay.timeline.game_at(replay.at).to_state()
    press(app, pygame.K_c)
    assert app.replay is None and app.ui.screen == "pass" and not app.seats.specs
    assert app.game is not None and app.game.to_state() == wanted


def test_a_game_begun_from_a_scenario_can_be_loaded_but_not_watched_and_says_why(tmp_path) -> None:
    from tests.ui.test_play_engine import SCENARIO

    table = tmp_path / "table.toml"
    table.write_text(SCENARIO, encoding="utf-8")
    saver = open_app(Game.from_scenario(str(table)))
    press(saver, pygame.K_s, mod=pygame.KMOD_LCTRL)
    app = App()
    app.step()
    click(app, zone_center(app, ("button", "watch")))
    click(app, zone_center(app, ("game", 0)))
    assert app.replay is None and app.listing is not None and app.ui.banner_is_error
    assert app.ui.banner.startswith("Can't watch countertop-") and "began from a scenario" in app.ui.banner
