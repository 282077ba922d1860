"""Issue 32 item 11: the mouse wheel scrolls the log on the final-board view after game over."""

from __future__ import annotations

import pygame

from game.ui.app import App
from tests.ui.drawn import record
from tests.ui.helpers import click, hover, zone_center
from tests.ui.test_game_over import finished


def test_the_wheel_scrolls_the_log_of_the_final_board(monkeypatch):
    game = finished()
    game.state["log"] += [{"type": "TurnStarted", "player": "Ada", "turn": n} for n in range(1, 40)]
    app = App(game)
    app.step()
    click(app, zone_center(app, ("button", "final_board")))
    drawn = record(monkeypatch)
    hover(app, zone_center(app, ("log",)))
    assert "Turn 39: Ada's turn begins." in drawn.words and "Turn 2: Ada's turn begins." not in drawn.words
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=20, flipped=False))
    drawn.clear()
    app.step()
    oldest = app.ui.log_scroll
    assert oldest == 29, "scrolled back to the oldest line, no further"
    assert "Turn 2: Ada's turn begins." in drawn.words and "Turn 39: Ada's turn begins." not in drawn.words
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step()
    assert app.ui.log_scroll == oldest - 3
