"""Seats for bots: one person against a bot plays a whole game by posted events; no pass screen, no bot cards shown."""

from __future__ import annotations

from typing import Any

import pygame

from game.bots.determinize import Observation
from game.bots.simple import GreedyBot
from game.engine import Game
from game.ui.app import App
from game.ui.seats import PACE_MS, Seats, next_kind
from tests.ui.bot_clock import Clock
from tests.ui.driver import perform, reveal
from tests.ui.helpers import click, press

ACTION_LIMIT = 600


def drawn_cards(app: App) -> set[str]:
    """The refs of every card drawn in the last frame."""
    return {key[1] for _, key in app.zones if key[0] == "card"}


def test_one_person_plays_a_whole_game_against_a_bot_seat() -> None:
    game = Game.new(["Ada", "Bo"], seed=3)
    clock = Clock()
    app = App(game, seats=Seats({"Bo": "greedy"}, seed=3))
    app.clock = clock
    app.step()
    person = GreedyBot(3)
    passes, bot_actions, person_actions = 0, 0, 0
    for _ in range(ACTION_LIMIT):
        view = game.view()
        if view["winner"] is not None:
            break
        assert not (app.ui.screen == "pass" and app.ui.viewer == "Bo"), "a bot seat got a pass screen"
        if app.ui.screen == "pass":
            passes += 1
            reveal(app)
        assert app.ui.viewer == "Ada"
        assert not drawn_cards(app) & set(game.view()["players"]["Bo"]["hand"]), "the bot's hand was drawn"
        acting = game.table.acting_player()
        if acting == "Bo":
            before = len(game.table.history)
            app.step()
            assert len(game.table.history) == before, "the bot acted before its pause was over"
            clock.now += PACE_MS
            app.step()
            assert len(game.table.history) == before + 1
            if game.table.turn.phase == "over":
                pass  # the bot's action won the game: the game-over screen speaks, not the bot's banner
            elif game.table.acting_player() == "Bo":
                assert app.ui.banner.startswith("Bots (F: faster) · Bo (Bot: normal): ")
            else:
                assert app.ui.banner == "", "the bot's last words go once the person's turn comes"
            bot_actions += 1
        else:
            perform(app, person.choose(Observation.of(game)))
            person_actions += 1
    assert game.view()["winner"] is not None and app.ui.screen == "over"
    assert passes == 1, "only the first turn needs the device passed to the person"
    assert bot_actions > 10 and person_actions > 10
    game.close()


def test_while_a_bot_acts_the_person_can_only_speed_it_up() -> None:
    game = Game.new(["Ada", "Bo"], seed=4)
    clock = Clock()
    app = App(game, seats=Seats({"Ada": "greedy"}, seed=1))
    app.clock = clock
    app.step()
    assert app.ui.screen == "play" and app.ui.viewer == "Bo"
    assert game.table.history == [], "the bot acted before its first pause"
    state: dict[str, Any] = game.to_state()
    press(app, pygame.K_e)
    click(app, (640, 400))
    assert game.to_state() == state, "the person's input acted for the bot"
    press(app, pygame.K_f)
    assert app.seats.fast and app.seats.pace() < PACE_MS
    clock.now += app.seats.pace()
    app.step()
    assert len(game.table.history) == 1 and app.ui.banner.startswith("Bots fast (F: slower) · Ada (Bot: normal): ")
    game.close()


def test_the_new_game_screen_sets_each_seat_to_a_person_or_a_bot() -> None:
    app = App()
    app.clock = Clock()
    app.step()
    chip = next(rect for rect, key in app.zones if key == ("seat", 1))
    click(app, (chip[0] + chip[2] // 2, chip[1] + chip[3] // 2))
    click(app, (chip[0] + chip[2] // 2, chip[1] + chip[3] // 2))
    assert app.ui.setup["seats"][:2] == ["person", "greedy"]
    assert [next_kind(k) for k in ("person", "greedy-v1", "greedy", "ismcts", "ismcts:50", "random")] == [
        "greedy-v1", "greedy", "ismcts", "person", "person", "person"]
    start = next(rect for rect, key in app.zones if key == ("button", "start"))
    click(app, (start[0] + start[2] // 2, start[1] + start[3] // 2))
    assert app.seats.is_bot("Bo") and not app.seats.is_bot("Ada")
    assert app.ui.screen == "pass" and app.ui.viewer == "Ada"
