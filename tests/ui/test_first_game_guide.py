"""The first-game guide (issue 43): a hint at each moment a newcomer had to guess, closed by a click and not shown
again, and no hints at all once a game has ended; checked on what is drawn after posted events."""

from __future__ import annotations

import json

import pygame

from game.engine import Game
from game.ui.app import App
from game.ui.guide import GUIDE_FILE, HINTS
from game.ui.seats import Seats
from tests.ui.bot_clock import Clock, play_until_person
from tests.ui.drawn import record
from tests.ui.fake import FakeGame, busy_game
from tests.ui.helpers import click, hover, open_app, press, zone_center
from tests.ui.test_game_over import finished


def hint_shown(app: App) -> str | None:
    """The hint drawn in the last frame, if any."""
    return next((key[1] for _, key in app.zones if key[0] == "guide"), None)


def test_hints_come_one_at_a_time_and_a_click_closes_each_for_good(countertop_home, monkeypatch) -> None:
    (countertop_home / GUIDE_FILE).unlink()
    drawn = record(monkeypatch)
    app = open_app(busy_game())
    assert hint_shown(app) == "stasis_zero", "Help From the Past is at 0 counters"
    assert "First game" in drawn.words and "Click to close this hint." in drawn.words
    assert next(rect for rect, key in app.zones if key[0] == "guide") == app.layout.dice
    click(app, zone_center(app, ("guide", "stasis_zero")))
    assert hint_shown(app) == "relic", "Ada has Halo Fountain"
    click(app, zone_center(app, ("guide", "relic")))
    assert hint_shown(app) == "first_turn"
    click(app, zone_center(app, ("guide", "first_turn")))
    assert hint_shown(app) is None
    kept = json.loads((countertop_home / GUIDE_FILE).read_text())
    assert kept == {"seen": ["first_turn", "relic", "stasis_zero"], "off": False}
    again = open_app(busy_game())
    assert hint_shown(again) is None, "a closed hint does not come back in the next game"


def test_after_a_bots_turn_the_hint_sits_under_the_shortened_recap(countertop_home) -> None:
    (countertop_home / GUIDE_FILE).write_text(json.dumps({"seen": ["first_turn", "stasis_zero", "relic"]}))
    game = Game.new(["Ada", "Bo"], seed=3)
    clock = Clock()
    app = App(game, seats=Seats({"Bo": "greedy"}, seed=3))
    app.clock = clock
    app.step()
    click(app, (640, 360))
    press(app, pygame.K_e)
    play_until_person(app, clock)
    assert app.recap and hint_shown(app) == "bot_turn"
    recap = next(rect for rect, key in app.zones if key == ("recap",))
    assert recap[1] + recap[3] <= app.layout.dice[1], "the recap ends above the hint"
    assert HINTS["bot_turn"].startswith("A bot has played")


def test_the_guide_is_off_once_a_game_has_ended(countertop_home) -> None:
    (countertop_home / GUIDE_FILE).unlink()
    game = finished()
    game.state.update(winner=None, phase="main")
    original = game.act

    def winning_end(action):
        outcome = original(action)
        game.state.update(winner="Ada", phase="over")
        return outcome

    game.act = winning_end
    app = open_app(game)
    assert hint_shown(app) == "stasis_zero"
    press(app, pygame.K_e)
    assert app.ui.screen == "over"
    assert json.loads((countertop_home / GUIDE_FILE).read_text())["off"] is True
    later = open_app(FakeGame())
    hover(later, (5, 5))
    assert hint_shown(later) is None
