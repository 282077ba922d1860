"""A player at the window: performs an engine action by clicking what a person would click."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.app import App
from game.ui.input import zone_at
from tests.ui.helpers import click, press

Action = dict[str, Any]


class NotClickable(AssertionError):
    """The window offers no way to do an action the engine says is legal."""


def visible_point(app: App, key: tuple[Any, ...]) -> tuple[int, int]:
    """A pixel where a click lands on the zone with this key (not hidden under another zone)."""
    for (x, y, w, h), found in reversed(app.zones):
        if found != key:
            continue
        points = [(x + w // 2, y + h // 2)] + [
            (x + dx, y + dy) for dy in range(2, h - 1, 6) for dx in range(2, w - 1, 6)
        ]
        for point in points:
            if zone_at(app.zones, point) == key:
                return point
    raise NotClickable(f"nothing clickable is drawn for {key}")


def reveal(app: App) -> None:
    """Click through the "pass the device" screen if it is showing."""
    if app.ui.screen == "pass":
        click(app, (640, 360))
    assert app.ui.screen in ("play", "over")


def pick_from_menu(app: App, action: Action) -> None:
    """Click the entry of the open action menu that is this action."""
    assert app.ui.menu is not None, f"no menu open for {action}"
    index = app.ui.menu.actions.index(action)
    click(app, visible_point(app, ("menu", index)))


def click_card(app: App, ref: str) -> None:
    """Click a card wherever it is drawn (hand, board, stasis or relic chip, location)."""
    click(app, visible_point(app, ("card", ref)))


def click_destination(app: App, action: Action) -> None:
    """With a card selected, click where the action goes: its target card, or its square."""
    target = action.get("target")
    if isinstance(target, str):
        click_card(app, target)
    elif action.get("to") is not None:
        click(app, visible_point(app, ("square", *action["to"])))
    elif action.get("path"):
        click(app, visible_point(app, ("square", *action["path"][-1])))


def perform(app: App, action: Action) -> None:
    """Do one legal action through the window and check the engine received exactly it."""
    game = app.game
    assert game is not None
    before = len(game.history)  # type: ignore[attr-defined]
    reveal(app)
    if action["act"] == "end_turn":
        press(app, pygame.K_e)
    elif action["act"] == "choose":
        options = [a for a in game.legal_actions() if a["act"] == "choose"]
        click(app, visible_point(app, ("choose", options.index(action))))
    else:
        click_card(app, action["card"])
        assert app.ui.selection is not None, f"{action['card']} could not be selected: {app.ui.banner}"
        if app.ui.menu is None or action not in app.ui.menu.actions:
            app.ui.menu = None if app.ui.menu is not None and False else app.ui.menu
            if app.ui.menu is not None:
                app.ui.menu = None
            click_destination(app, action)
        if app.ui.menu is not None and action in app.ui.menu.actions:
            pick_from_menu(app, action)
    history = game.history  # type: ignore[attr-defined]
    assert len(history) == before + 1 and history[-1] == action, (
        f"the window did not perform {action}: banner {app.ui.banner!r}, last {history[-1:]}"
    )
