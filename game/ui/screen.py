"""A screen of the window: one object that handles its own clicks, keys and wheel, updates and draws itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.ui.draw import Zone

if TYPE_CHECKING:
    from game.ui.app import App


class Screen:
    """A whole screen (new game, pass, table, game over, watching a game). The window keeps screens on a stack
    (`App.stack`): the top one gets every event and draws the frame; an overlay keeps the one beneath showing.
    The views, the actions listed and what closing the window keeps follow the top screen that is no overlay
    (`App.base`).

    `name` is how `UiState.screen` and the tests know a screen ("pass", "play"...); nothing dispatches on it.
    """

    name: ClassVar[str]
    overlay: ClassVar[bool] = False
    holds_game: ClassVar[bool] = False  # closing the window or a crash here keeps the game being played
    acts: ClassVar[bool] = False  # the person at the device may act here (the snapshot lists their actions)

    def step(self, app: App, events: list[pygame.event.Event]) -> None:
        """One frame: the events, then time passing, then the drawing (`App.frame`)."""
        app.frame(events)

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """A left click; key is the zone under it (None: nothing there)."""

    def key(self, app: App, event: pygame.event.Event) -> None:
        """A key press."""

    def scroll(self, app: App, amount: int) -> None:
        """The mouse wheel (amount: its notches, up positive)."""

    def update(self, app: App) -> None:
        """Once a frame, after the events: time passing (a bot's move)."""

    def shown(self, app: App) -> dict[str, Any]:
        """The view this screen is drawn from: the neutral one (every hand hidden) unless it says otherwise."""
        assert app.game is not None
        return app.game.public_view()

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """Draw the screen; returns its zones, bottom-most first."""
        raise NotImplementedError

    def backdrop(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The screen as an overlay shows it beneath itself (by default, as it is drawn)."""
        return self.draw(app, surface)


class Overlay(Screen):
    """A screen over another (rules, legend, a question, a list): it keeps the one beneath (drawn under it,
    as its `backdrop`, and shown again when the overlay closes), which goes on living (`update`) unless the
    overlay says otherwise."""

    overlay = True

    def __init__(self, below: Screen) -> None:
        self.below = below

    def update(self, app: App) -> None:
        """The screen beneath goes on (a bot keeps playing under the legend)."""
        self.below.update(app)

