"""The `countertop replay` window: the replay view in a window of its own, "Continue here" becoming a hot-seat
`App` in it."""

from __future__ import annotations

import sys

import pygame

from game.engine import Game
from game.tools.replay import Timeline
from game.ui.app import App, init_pygame
from game.ui.layout import LOGICAL_H, LOGICAL_W, clamp_size
from game.ui.plain import plain
from game.ui.play_command import display_problem
from game.ui.replay_view import ReplayView
from game.ui.session import data_home


class ReplayApp(ReplayView):
    """The replay view in its own window; continuing from a step opens the hot-seat `App` there."""

    def __init__(self, timeline: Timeline, step: int = 0, window_size: tuple[int, int] = (LOGICAL_W, LOGICAL_H),
                 name: str = "replay") -> None:
        init_pygame()
        pygame.display.set_caption(f"Countertop replay: {plain(name)}")
        window = pygame.display.set_mode(clamp_size(*window_size), pygame.RESIZABLE)
        super().__init__(timeline, step, window, name, self.hot_seat, data_home() / "scenarios")

    @staticmethod
    def hot_seat(game: Game, window: pygame.Surface) -> App:
        """A hot-seat game from the step, in this window."""
        return App(game, window.get_size())


def main_replay(timeline: Timeline, step: int) -> int:
    """`countertop replay FILE`: open the timeline window at a step; returns the exit status."""
    problem = display_problem()
    if problem:
        print(f"countertop: can't open a window: {problem}", file=sys.stderr)
        return 1
    try:
        app = ReplayApp(timeline, step, name=timeline.path)
        app.run()
    except pygame.error as err:
        print(f"countertop: can't open a window: {err}", file=sys.stderr)
        return 1
    finally:
        pygame.quit()
    return 0
