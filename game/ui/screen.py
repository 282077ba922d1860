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

    def dress(self, app: App, surface: pygame.Surface, zones: list[Zone]) -> list[Zone]:
        """What lies over the screen's drawing and over anything drawn on it (`OnTable`): on the table, the
        recap, hints, what floats and the tooltip. By default nothing; returns the zones."""
        return zones


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

    @property
    def ground(self) -> Screen:
        """The screen under all the overlays beneath this one."""
        below = self.below
        while isinstance(below, Overlay):
            below = below.below
        return below


class OnTable(Overlay):
    """An overlay drawn on the screen beneath, under what lies over that screen (its `dress`): the action menu and
    the choice dialog are drawn on the board, under the recap, the hints and the tooltip. An overlay opened over
    it (the legend, the rules) shows it as part of the board. Clicks, keys and the wheel it does not take go on
    to the screen beneath."""

    def draw_on(self, app: App, surface: pygame.Surface, zones: list[Zone]) -> list[Zone]:
        """Draw the overlay itself over the screen beneath, whose zones are given; returns its own zones."""
        raise NotImplementedError

    def backdrop(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The screen beneath as it is shown under an overlay, with this one drawn on it."""
        zones = self.below.backdrop(app, surface)
        return zones + self.draw_on(app, surface, zones)

    def dress(self, app: App, surface: pygame.Surface, zones: list[Zone]) -> list[Zone]:
        """What lies over the screen beneath lies over this overlay too."""
        return self.below.dress(app, surface, zones)

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The screen beneath with this overlay drawn on it, then what lies over them."""
        return self.dress(app, surface, self.backdrop(app, surface))

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """A click the overlay does not take goes to the screen beneath."""
        self.below.click(app, key, point)

    def key(self, app: App, event: pygame.event.Event) -> None:
        """Keys go to the screen beneath."""
        self.below.key(app, event)

    def scroll(self, app: App, amount: int) -> None:
        """The wheel goes to the screen beneath."""
        self.below.scroll(app, amount)


def put_over(stack: list[Screen], screen: Screen, overlay: Overlay) -> None:
    """Put an overlay right over a screen of the stack (what was over that screen then lies over the overlay)."""
    index = stack.index(screen) + 1
    stack.insert(index, overlay)
    if index + 1 < len(stack):
        above = stack[index + 1]
        assert isinstance(above, Overlay)
        above.below = overlay


def take_out(stack: list[Screen], overlay: Overlay) -> None:
    """Take an overlay out of the stack, wherever it is (what was over it then lies over what was under it)."""
    index = stack.index(overlay)
    del stack[index]
    if index < len(stack):
        above = stack[index]
        assert isinstance(above, Overlay)
        above.below = overlay.below

