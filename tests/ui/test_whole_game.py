"""Whole games played to the end in the window, every action done by the clicks and keys a player would use.

A greedy bot decides (from the acting player's Observation); tests/ui/driver.py turns each decision into real pygame
events: clicks on the hand, the board, stasis chips, menus and the choice dialog, E to end the turn, and a
click through each "pass the device" screen. The game-over screen must then show the winner.
"""

from __future__ import annotations

import pygame
import pytest

from game.bots.determinize import Observation
from game.bots.simple import GreedyBot
from game.ui.screens import GOLD, headline
from tests.ui.driver import perform, reveal, visible_point
from tests.ui.helpers import click, open_app, pixel

ACTION_LIMIT = 600


def play_to_the_end(players: list[str], seed: int):
    """A new game played by clicks until it is over; returns the app, the game and the actions done."""
    from game.engine import Game

    game = Game.new(players=players, seed=seed)
    app = open_app(game)
    bot = GreedyBot(seed)
    done = []
    for _ in range(ACTION_LIMIT):
        if game.view()["winner"] is not None:
            break
        reveal(app)
        action = bot.choose(Observation.of(game))
        perform(app, action)
        done.append(action)
    return app, game, done


def zone_rect(app, key):
    return next(rect for rect, found in app.zones if found == key)


def gold_pixels(app, rect) -> int:
    x, y, w, h = rect
    return sum(1 for dx in range(w) for dy in range(h) if pixel(app, (x + dx, y + dy)) == GOLD)


@pytest.mark.parametrize(("players", "seed"), [(["Ada", "Bo"], 0), (["Ada", "Bo", "Cy", "Di"], 2)])
def test_a_whole_game_played_by_clicks_ends_on_the_game_over_screen_G3_G7(players, seed):
    app, game, done = play_to_the_end(players, seed)
    view = game.view()
    assert view["phase"] == "over" and view["winner"] in players
    kinds = {action["act"] for action in done}
    assert {"play", "move", "attack", "choose", "end_turn"} <= kinds
    assert app.ui.screen == "over"
    assert headline(view) == f"{view['winner']} wins!"
    assert gold_pixels(app, zone_rect(app, ("headline",))) > 200, "the winner's name is drawn in gold"
    winner_row = zone_rect(app, ("score", view["winner"]))
    assert pixel(app, (winner_row[0] + 1, winner_row[1] + winner_row[3] // 2)) == GOLD
    assert {key for _, key in app.zones if key[0] == "score"} == {("score", name) for name in players}


def test_the_game_over_screen_explains_the_scores_and_starts_a_new_game_ST18():
    app, game, _ = play_to_the_end(["Ada", "Bo"], 1)
    winner = game.view()["winner"]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=visible_point(app, ("score", winner)), rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step()
    assert app.tooltip[0].startswith(f"{winner}: ")
    assert any(line.startswith("Rule ST-18") for line in app.tooltip)
    click(app, visible_point(app, ("button", "new_game")))
    assert app.ui.screen == "new_game" and app.game is None
