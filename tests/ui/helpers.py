"""Posting real pygame events into the App and finding where things are drawn."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.layout import Layout

LAYOUT = Layout()


def square_center(x: int, y: int) -> tuple[int, int]:
    """The middle of a board square, in window pixels (the window is 1280×720 in tests)."""
    rx, ry, w, h = LAYOUT.square_rect(x, y)
    return (rx + w // 2, ry + h // 2)


def hand_card_center(index: int, count: int) -> tuple[int, int]:
    """The middle of the index-th card in hand."""
    rx, ry, w, h = LAYOUT.hand_card_rect(index, count)
    return (rx + w // 2, ry + h // 2)


def zone_center(app: App, key: tuple) -> tuple[int, int]:
    """The middle of the topmost zone with this key in the last frame drawn."""
    for (x, y, w, h), found in reversed(app.zones):
        if found == key:
            return (x + w // 2, y + h // 2)
    raise AssertionError(f"nothing drawn for {key}; zones: {sorted({z[1] for z in app.zones})}")


def click(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse to pos, press and release the left button, then let the app handle it and draw."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def hover(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse to pos and draw a frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def press(app: App, key: int, mod: int = 0, unicode: str = "") -> None:
    """Press and release a key."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
    app.step()


def pixel(app: App, pos: tuple[int, int]) -> tuple[int, int, int]:
    """The colour drawn in the window at pos."""
    color = app.window.get_at(pos)
    return (color.r, color.g, color.b)


def open_app(game) -> App:
    """An App on a game, past the first "pass to" screen."""
    app = App(game)
    app.step()
    click(app, (640, 360))
    assert app.ui.screen == "play"
    return app
