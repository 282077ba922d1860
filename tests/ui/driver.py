"""A player at the window: performs an engine action by clicking what a person would click."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.app import App
from game.ui.input import zone_at
from game.ui.state import via_squares
from tests.ui.helpers import click, press

Action = dict[str, Any]


class NotClickable(AssertionError):
    """The window offers no way to do an action the engine says is legal."""


ON_A_SQUARE = ("square", "card", "status", "stun_counters", "cubes", "evasion", "negation")


def points_in(rect: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """The centre of a rect, then a grid of its pixels."""
    x, y, w, h = rect
    return [(x + w // 2, y + h // 2)] + [(x + dx, y + dy) for dy in range(2, h - 1, 6) for dx in range(2, w - 1, 6)]


def visible_point(app: App, key: tuple[Any, ...]) -> tuple[int, int]:
    """A pixel where a click lands on the zone with this key (not hidden under another zone)."""
    for rect, found in reversed(app.zones):
        if found == key:
            for point in points_in(rect):
                if zone_at(app.zones, point) == key:
                    return point
    raise NotClickable(f"nothing clickable is drawn for {key}")


def square_point(app: App, square: list[int]) -> tuple[int, int]:
    """A pixel of a board square not covered by a menu or dialog (it may be on the card standing there)."""
    for rect, found in app.zones:
        if found == ("square", *square):
            for point in points_in(rect):
                over = zone_at(app.zones, point)
                if over is not None and over[0] in ON_A_SQUARE:
                    return point
    raise NotClickable(f"board square {square} is hidden")


def reveal(app: App) -> None:
    """Click through the "pass the device" screen if it is showing."""
    if app.ui.screen == "pass":
        click(app, (640, 360))
    assert app.ui.screen in ("play", "over")


def pick_from_menu(app: App, action: Action) -> None:
    """Click the line of the open action menu that is this action or stands for it (picked on the board next)."""
    menu = app.ui.menu
    assert menu is not None, f"no menu open for {action}"
    index = next(i for i, first in enumerate(menu.actions) if first == action or action in menu.groups.get(i, []))
    click(app, visible_point(app, ("menu", index)))


def in_menu(app: App, action: Action) -> bool:
    """Whether the open menu has a line for this action."""
    menu = app.ui.menu
    return menu is not None and any(
        first == action or action in menu.groups.get(i, []) for i, first in enumerate(menu.actions)
    )


def click_card(app: App, ref: str) -> None:
    """Click a card wherever it is drawn (hand, board, stasis or relic chip, location)."""
    click(app, visible_point(app, ("card", ref)))


def click_destination(app: App, action: Action) -> None:
    """With a card selected, click what picks the action next: the via square that tells its path from the
    others to a chosen end, its target card, or its square."""
    selection = app.ui.selection
    assert selection is not None
    target = action.get("target")
    if selection.end is not None:
        others = {square for a in selection.actions if a != action for square in via_squares(a)}
        own = [square for square in via_squares(action) if square not in others] or [selection.end]
        click(app, square_point(app, list(own[0])))
    elif isinstance(target, str) and selection.target != target:
        click_card(app, target)
    elif action.get("to") is not None:
        click(app, square_point(app, action["to"]))
    elif action.get("path"):
        click(app, square_point(app, action["path"][-1]))


def perform(app: App, action: Action) -> None:
    """Do one legal action through the window, as a player would, and check the engine received exactly it."""
    game = app.game
    assert game is not None
    before = len(game.table.history)  # type: ignore[attr-defined]
    reveal(app)
    if action["act"] == "end_turn":
        press(app, pygame.K_e)
    elif action["act"] == "choose":
        options = [a for a in game.legal_actions() if a["act"] == "choose"]
        option = action["option"]
        if isinstance(option, list) and len(option) == 2 and all(isinstance(v, int) for v in option):
            click(app, square_point(app, option))
        else:
            click(app, visible_point(app, ("choose", options.index(action))))
    else:
        click_card(app, action["card"])
        assert app.ui.selection is not None, f"{action['card']} could not be selected: {app.ui.banner}"
        for _ in range(6):
            if len(game.table.history) > before:  # type: ignore[attr-defined]
                break
            if in_menu(app, action):
                pick_from_menu(app, action)
            elif app.ui.selection is not None and app.ui.selection.untargeted() == [action]:
                click_card(app, action["card"])
            elif app.ui.selection is not None:
                click_destination(app, action)
            else:
                break
    history = game.table.history  # type: ignore[attr-defined]
    assert len(history) == before + 1 and history[-1] == action, (
        f"the window did not perform {action}: banner {app.ui.banner!r}, last {history[-1:]}"
    )
