"""A whole game played to the end in the window, every action done by clicks and keys a player would use."""

from __future__ import annotations

import pytest

from game.bots import GreedyBot
from tests.ui.driver import perform, reveal
from tests.ui.helpers import open_app

ACTION_LIMIT = 600


def play_to_the_end(players: list[str], seed: int):
    from game.engine import Game

    game = Game.new(players=players, seed=seed)
    app = open_app(game)
    bot = GreedyBot(seed)
    for _ in range(ACTION_LIMIT):
        if game.view()["winner"] is not None:
            break
        reveal(app)
        perform(app, bot.choose(game, game.legal_actions()))
    return app, game


@pytest.mark.parametrize(("players", "seed"), [(["Ada", "Bo"], 0), (["Ada", "Bo", "Cy", "Di"], 2)])
def test_a_whole_game_played_by_clicks_ends_on_the_game_over_screen_G7(players, seed):
    app, game = play_to_the_end(players, seed)
    view = game.view()
    assert view["winner"] is not None and view["phase"] == "over"
    assert app.ui.screen == "over"
